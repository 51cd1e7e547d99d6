"""The audit chain checked by the PostgreSQL server itself (issue 40 item 3): each entry's
SHA-256 recomputed by the server's own sha256() over the same canonical text Python hashes
(domain/audit_chain.py: a JSON array of the entry's fields, strings quoted by to_json, whose
escapes are Python's json with ensure_ascii=False), and each link compared with the entry
before it. Nothing is read into Python but the entries that do not agree there.

This is a filter, never a verdict: an entry the server finds sound has a text equal to the
one that was hashed when it was written (the same SHA-256), and both texts are JSON, so its
fields read back as the same values; any other entry — a quoting this text does not share
with Python, a time the server writes otherwise, a real edit — is handed back to be judged
in Python as the model reads it (services/trust/audit_walk.py)."""
from __future__ import annotations

from ..domain.audit_chain import CHAIN_FORMATS, GENESIS
from .models import DB

# the canonical text of an entry (domain/audit_chain.timed_entry_hash), built by the server
_TEXT = """'[' || to_json(CASE WHEN seals IS NULL THEN %(v1)s ELSE %(v2)s END)::text
    || ',' || to_json(to_char(at, 'YYYY-MM-DD HH24:MI:SS.US'))::text
    || ',' || COALESCE(user_id::text, 'null')
    || ',' || to_json(action)::text || ',' || to_json(entity)::text
    || ',' || to_json(entity_id)::text
    || ',' || COALESCE(to_json(before)::text, 'null')
    || ',' || COALESCE(to_json(after)::text, 'null')
    || ',' || COALESCE(to_json(prev_hash)::text, 'null')
    || CASE WHEN seals IS NULL THEN '' ELSE ',' || to_json(seals)::text END
    || CASE WHEN machine IS NULL OR machine = '' THEN '' ELSE ',' || to_json(machine)::text
       END || ']'"""

# sound as the walk's fast test asks: a hash and a link stored, the link to the entry
# before (GENESIS for the first), and the hash of the text
_SOUND = f"""entry_hash <> '' AND prev_hash <> ''
    AND prev_hash = lag(entry_hash, 1, %(genesis)s) OVER (ORDER BY id)
    AND encode(sha256(convert_to({_TEXT}, 'UTF8')), 'hex') = entry_hash"""

_FIRST_DOUBTS = f"""SELECT id FROM (SELECT id, {_SOUND} AS sound FROM audit_log
    WHERE id <= %(up_to)s) AS checked WHERE sound IS NOT TRUE ORDER BY id LIMIT %(limit)s"""


def doubtful_entries(limit: int, up_to: int) -> list[int]:
    """The ids of the first `limit` entries up to id `up_to` that the server does not find
    sound, in id order."""
    cursor = DB.obj.execute_sql(_FIRST_DOUBTS, {
        "v1": CHAIN_FORMATS[0], "v2": CHAIN_FORMATS[1], "genesis": GENESIS, "limit": limit,
        "up_to": up_to})
    return [entry_id for (entry_id,) in cursor.fetchall()]

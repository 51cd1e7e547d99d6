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

# the entries whose stored hash is not the hash of their text: a plain scan, which the
# server may split over its parallel workers (no order asked)
_HASH_DOUBTS = f"""SELECT id FROM audit_log WHERE id <= %(up_to)s
    AND encode(sha256(convert_to({_TEXT}, 'UTF8')), 'hex') IS DISTINCT FROM entry_hash
    LIMIT %(limit)s"""

# the entries without a hash or a link, or whose link is not the hash of the entry before
# (GENESIS for the first): two short columns in id order
_LINK_DOUBTS = """SELECT id FROM (SELECT id, entry_hash, prev_hash,
    lag(entry_hash, 1, %(genesis)s) OVER (ORDER BY id) AS before FROM audit_log
    WHERE id <= %(up_to)s) AS linked
    WHERE entry_hash IS NULL OR entry_hash = '' OR prev_hash IS NULL OR prev_hash = ''
    OR prev_hash <> before LIMIT %(limit)s"""

# the scan's parallel workers even where the planner, which cannot price sha256() over a
# row's text, would start none (the transaction's own settings)
_PARALLEL = ("SET LOCAL parallel_setup_cost = 0", "SET LOCAL parallel_tuple_cost = 0",
             "SET LOCAL min_parallel_table_scan_size = 0")


def doubtful_entries(limit: int, up_to: int) -> list[int] | None:
    """The ids, in order, of the entries up to id `up_to` that the server does not find
    sound: a hash or a link missing, a link that is not the hash of the entry before, a hash
    that is not the hash of the entry's text. None when there are more than `limit`."""
    params = {"v1": CHAIN_FORMATS[0], "v2": CHAIN_FORMATS[1], "genesis": GENESIS,
              "limit": limit + 1, "up_to": up_to}
    outermost = not DB.obj.in_transaction()  # in a savepoint SET LOCAL would outlive it
    with DB.obj.atomic():
        for setting in _PARALLEL if outermost else ():
            DB.obj.execute_sql(setting)
        found = {i for (i,) in DB.obj.execute_sql(_HASH_DOUBTS, params).fetchall()}
        found |= {i for (i,) in DB.obj.execute_sql(_LINK_DOUBTS, params).fetchall()}
    return None if len(found) > limit else sorted(found)

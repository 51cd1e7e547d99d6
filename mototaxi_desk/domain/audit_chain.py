"""The audit hash chain: each entry's hash covers its own fields and the previous entry's hash,
so changing, removing, inserting or reordering an entry breaks every link after it.

Pure Python; the store computes it when it chains old entries (migration v6), the audit
service when it appends and when it verifies."""
from __future__ import annotations

import datetime as dt
import hashlib
import json

GENESIS = "0" * 64  # the "previous hash" of the first entry
_FORMAT = "mototaxi-audit-v1"  # changes if the serialisation ever changes


def canonical_time(value) -> str:
    """A timestamp as text that survives the round trip through SQLite and PostgreSQL."""
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")
    return "" if value is None else str(value)


def entry_hash(*, at, user_id, action, entity, entity_id, before, after, prev_hash,
               machine=None) -> str:
    """sha256 (hex) of one entry's canonical serialisation: a JSON array of its fields in a
    fixed order (no key sorting to depend on), UTF-8, no spaces. The machine (schema v12)
    is the last field when there is one, so the entries written before keep their hash."""
    fields = [_FORMAT, canonical_time(at), user_id, action, entity, entity_id, before, after,
              prev_hash]
    if machine:
        fields.append(machine)
    text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

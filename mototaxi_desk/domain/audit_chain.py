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
_FORMAT_SEALS = "mototaxi-audit-v2"  # v1 + the digests of the rows the action saved


def canonical_value(value):
    """A column value as JSON that reads the same on SQLite and PostgreSQL."""
    import decimal
    if isinstance(value, bool) or value is None or isinstance(value, int):
        return value
    if isinstance(value, decimal.Decimal):
        return f"{value.normalize():f}" if value.is_finite() else str(value)
    if isinstance(value, dt.datetime):
        return canonical_time(value)
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float):
        return repr(value)
    return str(value)


def row_digest(table: str, row_id, values) -> str:
    """sha256 (hex) of a row's sealed fields (in their fixed order)."""
    text = json.dumps([_FORMAT_SEALS, table, int(row_id), [canonical_value(v) for v in values]],
                      ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def canonical_time(value) -> str:
    """A timestamp as text that survives the round trip through SQLite and PostgreSQL."""
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")
    return "" if value is None else str(value)


def entry_hash(*, at, user_id, action, entity, entity_id, before, after, prev_hash,
               seals=None, machine=None) -> str:
    """sha256 (hex) of one entry's canonical serialisation: a JSON array of its fields in a
    fixed order (no key sorting to depend on), UTF-8, no spaces. An entry that seals rows
    (seals, JSON text) is serialised as v2, with the seals after prev_hash; the machine
    (named actors) is the last field when there is one. Entries written before either keep
    their hash."""
    fields = [_FORMAT, canonical_time(at), user_id, action, entity, entity_id, before, after,
              prev_hash]
    if seals is not None:
        fields = [_FORMAT_SEALS] + fields[1:] + [seals]
    if machine:
        fields.append(machine)
    text = json.dumps(fields, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()

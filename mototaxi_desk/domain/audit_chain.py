"""The audit hash chain: each entry's hash covers its own fields and the previous entry's hash,
so changing, removing, inserting or reordering an entry breaks every link after it.

Pure Python; the store computes it when it chains old entries (migration v6), the audit
service when it appends and when it verifies."""
from __future__ import annotations

import datetime as dt
import decimal
import hashlib
import json
from json.encoder import encode_basestring  # the encoder's own for ensure_ascii=False

GENESIS = "0" * 64  # the "previous hash" of the first entry
_FORMAT = "mototaxi-audit-v1"  # changes if the serialisation ever changes
_FORMAT_SEALS = "mototaxi-audit-v2"  # v1 + the digests of the rows the action saved
CHAIN_FORMATS = (_FORMAT, _FORMAT_SEALS)  # an entry without seals, with (store/chain_sql.py)
# a row's seal: the digest of its sealed fields as one version of the field lists
# (store/models.py SEALED_FIELD_VERSIONS) reads them. Version 1 (issue 18) is written as the
# bare digest; later ones as "v<N>:<digest>", so an old seal is checked against its own list
_ROW_FORMATS = {1: _FORMAT_SEALS, 2: "mototaxi-seal-v2"}


def _not_json(value):
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _encoder():
    """json.dumps(value, ensure_ascii=False, separators=(",", ":")) for a list: the call
    json.dumps itself ends in (the C encoder, with the same settings), made once. dumps
    sets that encoder up again on every call, which costs more than the writing on a walk
    over millions of entries (`check`, issue 23)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # a Python without the C encoder: dumps as it is
        return json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    one_shot = make(None, _not_json, encode_basestring, None, ":", ",", False, False, True)
    return lambda values: "".join(one_shot(values, 0))


_json_array = _encoder()


def canonical_value(value):
    """A column value as JSON that reads the same on SQLite and PostgreSQL."""
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
    if isinstance(value, (bytes, bytearray, memoryview)):  # a photo, a brasão: its digest
        return "sha256:" + hashlib.sha256(bytes(value)).hexdigest()
    return str(value)


def row_digest(table: str, row_id, values, version: int = 1) -> str:
    """sha256 (hex) of a row's sealed fields (in their fixed order) as seal `version`."""
    return canonical_row_digest(table, row_id, [canonical_value(v) for v in values], version)


def canonical_row_digest(table: str, row_id, canonical_values: list, version: int = 1) -> str:
    """row_digest of values already made canonical (canonical_value of each)."""
    text = _json_array([_ROW_FORMATS[version], table, int(row_id), canonical_values])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def row_digester(table: str, version: int = 1):
    """canonical_row_digest(table, ·, ·, version) for the rows of one table: the constant
    parts bound once (`check` recomputes millions of seals)."""
    head, dumps, sha256 = _ROW_FORMATS[version], _json_array, hashlib.sha256

    def digest(row_id: int, canonical_values: list) -> str:
        return sha256(dumps([head, table, int(row_id), canonical_values]).encode("utf-8")
                      ).hexdigest()
    return digest


def seal_text(version: int, digest: str) -> str:
    """A row's seal as an audit entry stores it ("" for a row sealed as gone)."""
    if not digest or version == 1:
        return digest
    return f"v{version}:{digest}"


def seal_version(seal: str) -> int:
    """The field-list version a seal was made with (1 for a bare digest and for "")."""
    if seal.startswith("v"):
        number, _, _ = seal[1:].partition(":")
        if number.isdigit() and int(number) in _ROW_FORMATS:
            return int(number)
        return 0  # not a seal this program made: it agrees with no row
    return 1


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
    return timed_entry_hash(canonical_time(at), user_id, action, entity, entity_id, before,
                            after, prev_hash, seals, machine)


def timed_entry_hash(at_text: str, user_id, action, entity, entity_id, before, after,
                     prev_hash, seals, machine) -> str:
    """entry_hash of an entry whose time is already canonical_time(at): positional, for the
    walk over the whole chain."""
    if seals is None:
        fields = [_FORMAT, at_text, user_id, action, entity, entity_id, before, after,
                  prev_hash]
    else:
        fields = [_FORMAT_SEALS, at_text, user_id, action, entity, entity_id, before, after,
                  prev_hash, seals]
    if machine:
        fields.append(machine)
    return hashlib.sha256(_json_array(fields).encode("utf-8")).hexdigest()

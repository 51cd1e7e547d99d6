"""The seals of sealed rows (models.SEALED_FIELDS): what an audit entry records when an action
saves them (services/audit.py), what `check` compares them with (services/trust/audit_walk.py), and
the check before a save (issue 34 item 3): a sealed row that no longer agrees with its last
seal is refused, so the program never seals over an edit made outside it.

A seal is domain.audit_chain.seal_text(version, digest): the digest of the row's fields as
the field lists of that version (models.SEALED_FIELD_VERSIONS) read them. The last seal of
each row is also kept in row_seal (models.RowSeal), written with the entry that carries it,
so a save finds it with one read; the save also checks that entry really carries it.

Residual limit: someone who rewrites a row and its row_seal line together, back to an
earlier seal of the same row that the chain really carries, passes the check at save time;
`check` still names the row (its last seal in the chain is another)."""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import peewee as pw

from ..domain.audit_chain import (canonical_row_digest, canonical_value, row_digest,
                                  row_digester, seal_text, seal_version)
from ..domain.errors import DomainError
from . import plain_sql
from .models import (DB, MODELS, SEAL_VERSION, SEALED_FIELD_VERSIONS, SEALED_FIELDS,
                     AuditLog, RowSeal, set_save_guard, touched_rows)

SEALS_PER_ENTRY = 500  # an entry's seals stay small: a save reads the entry that sealed it


def sealed_model(table: str):
    return next(m for m in MODELS if m._meta.table_name == table)


@dataclass(frozen=True)
class Layout:
    """A sealed table read once for every seal version: its columns (each field of any
    version, the current version's first) and, per version, which of them it seals."""
    model: type
    columns: tuple
    positions: dict  # version -> tuple of indexes into columns


@functools.lru_cache(maxsize=None)
def layout(table: str) -> Layout:
    model = sealed_model(table)
    names: list[str] = []
    for version in sorted(SEALED_FIELD_VERSIONS, reverse=True):
        names += [n for n in SEALED_FIELD_VERSIONS[version].get(table, ()) if n not in names]
    positions = {version: tuple(names.index(n) for n in fields[table])
                 for version, fields in SEALED_FIELD_VERSIONS.items() if table in fields}
    return Layout(model, tuple(model._meta.fields[n] for n in names), positions)


def sealed_columns(table: str):
    """(model, its currently sealed fields in their fixed order)."""
    model = sealed_model(table)
    return model, [model._meta.fields[name] for name in SEALED_FIELDS[table]]


def seal_of(table: str, row_id: int, version: int, canonical: list) -> str:
    """The seal of a row as `version` makes it, from its canonical values in layout order."""
    picked = [canonical[i] for i in layout(table).positions[version]]
    return seal_text(version, canonical_row_digest(table, row_id, picked, version))


def agrees(table: str, row_id: int, seal: str, canonical: list | None) -> bool:
    """Does the row (its canonical values in layout order; None: the row is gone) agree with
    the seal? A seal of a version that does not seal this table agrees with nothing."""
    if canonical is None:
        return seal == ""
    if not seal:
        return False
    version = seal_version(seal)
    if version not in layout(table).positions:
        return False
    return seal_of(table, row_id, version, canonical) == seal


def agreement(table: str):
    """agrees(table, ·, ·, ·) for a whole table's rows (`check`): a seal of the current
    version, the commonest, is recomputed with what is made once per table; any other goes
    through agrees."""
    spec = layout(table)
    positions = spec.positions.get(SEAL_VERSION)
    if positions is None:
        return functools.partial(agrees, table)
    digest = row_digester(table, SEAL_VERSION)
    prefix = seal_text(SEAL_VERSION, "x")[:-1]  # "v2:"
    cut = len(prefix)
    width = len(positions)  # the current version's fields come first in the layout
    assert positions == tuple(range(width))

    def agrees_now(row_id: int, seal: str, canonical: list | None) -> bool:
        if canonical is not None and seal.startswith(prefix):
            picked = canonical if len(canonical) == width else canonical[:width]
            return digest(row_id, picked) == seal[cut:]
        return agrees(table, row_id, seal, canonical)
    return agrees_now


def canonical_values(values) -> list:
    return [canonical_value(v) for v in values]


def digests(table: str, ids=None) -> dict[int, str]:
    """id -> the current seal of the table's rows (all, or those ids)."""
    model, columns = sealed_columns(table)
    query = model.select(model._meta.primary_key, *columns)
    if ids is not None:
        query = query.where(model._meta.primary_key.in_(list(ids)))
    return {row[0]: seal_text(SEAL_VERSION, row_digest(table, row[0], row[1:], SEAL_VERSION))
            for row in query.tuples().iterator()}


def value_seal(table: str, row_id: int, row: dict) -> str:
    """The current seal of a row given as a dict of its field values (rows inserted in bulk:
    demo/bulk.py); a field left out has its default, as the insert gives it."""
    fields = sealed_model(table)._meta.fields
    values = []
    for name in SEALED_FIELDS[table]:
        if name in row:
            values.append(row[name])
        else:
            default = fields[name].default
            values.append(default() if callable(default) else default)
    return seal_text(SEAL_VERSION, row_digest(table, row_id, values, SEAL_VERSION))


# --- the chain's seals ------------------------------------------------------------------------

_decoder = json.JSONDecoder()


def _decode(text: str):
    """json.loads(text) of an entry's seals: the C scanner at once for the text the program
    writes (nothing around the object; a million entries in `check`), anything else through
    the decoder's own handling of white space and errors."""
    try:
        value, end = _decoder.raw_decode(text)
    except ValueError:
        return _decoder.decode(text)
    return value if end == len(text) else _decoder.decode(text)


def note_seals(entry_id: int, sealed, latest: dict, unreadable: list) -> None:
    """An entry's seals (raw) into `latest` ({table: {row id: (seal, entry id)}}: a later
    entry's seal of a row replaces an earlier one's), or its id into `unreadable`."""
    try:
        items = (_decode(sealed) if sealed.__class__ is str else
                 json.loads(AuditLog.seals.python_value(sealed))).items()
    except (ValueError, AttributeError):
        unreadable.append(entry_id)
        return
    for key, seal in items:
        table, _, row_id = key.partition(":")
        # isascii: "²" is a digit to isdigit, not to int()
        if table in SEALED_FIELDS and row_id.isdigit() and row_id.isascii() and \
                seal.__class__ is str:
            latest.setdefault(table, {})[int(row_id)] = (seal, entry_id)


def chain_seal(table: str, row_id: int) -> tuple[str, int] | None:
    """(seal, entry id) of the last entry of the chain that seals this row, found by its
    text (a scan of the log: for an administrator's act on one row, not for a save)."""
    needle = f'"{table}:{int(row_id)}":'
    query = (AuditLog.select(AuditLog.id, AuditLog.seals)
             .where(AuditLog.seals.is_null(False) & (_position(AuditLog.seals, needle) > 0))
             .order_by(AuditLog.id.desc()).limit(1))
    for entry_id, sealed in query.tuples():
        latest: dict = {}
        note_seals(entry_id, sealed, latest, [])
        found = latest.get(table, {}).get(int(row_id))
        if found is not None:
            return found
    return None


def _position(text, needle):
    """Where `needle` starts in `text` (0: absent), on either database: a number (not
    coerced to the text column's type, which would make "0" true)."""
    postgres = isinstance(DB.obj, pw.PostgresqlDatabase)
    return (pw.fn.strpos if postgres else pw.fn.instr)(text, needle).coerce(False)


# --- the index of last seals -----------------------------------------------------------------

def write_index(seals: dict[str, tuple[str, int]]) -> None:
    """{"table:id": (seal, entry id)} into row_seal, replacing each row's previous line."""
    records = []
    for key, (seal, entry_id) in seals.items():
        table, _, row_id = key.partition(":")
        records.append((table, int(row_id), seal, entry_id))
    for start in range(0, len(records), 300):  # after every action: SQL written once
        plain_sql.upsert("row_seal", ("table_name", "row_id"), records[start:start + 300],
                         ("table_name", "row_id", "seal", "entry_id"))


# --- the check before a save ----------------------------------------------------------------

@dataclass(frozen=True)
class Broken:
    """A sealed row that does not agree with its last seal. problem: "differs" (the row is
    not what was sealed), "unsealed" (no seal at all: inserted outside the program, or its
    seal removed) or "index" (row_seal names an entry that does not carry that seal)."""
    table: str
    row_id: int
    problem: str
    seal: str | None
    entry_id: int | None
    now: str  # the row's seal now, as the version of its last seal (or the current one)


def check_rows(table: str, ids) -> list[Broken]:
    """The rows among `ids` of a sealed table that disagree with their last seal: one read
    (the row, its row_seal line and whether the audit entry it names carries that seal)."""
    spec = layout(table)
    ids = list(ids)
    if len(ids) == 1:  # a save: the statement made once per table and database kind
        sql, params = _one_row_sql(table, isinstance(DB.obj, pw.PostgresqlDatabase))
        rows = DB.obj.execute_sql(sql, [*params, ids[0]]).fetchall()
    else:
        rows = DB.obj.execute(_check_query(table).where(
            spec.model._meta.primary_key.in_(ids))).fetchall()
    readers = [f.python_value for f in spec.columns]
    width = len(spec.columns)
    broken = []
    for row in rows:
        row_id, (seal, entry_id, found) = row[0], row[1 + width:]
        canonical = canonical_values([read(v) for read, v in zip(readers, row[1:1 + width])])
        if seal is None:
            broken.append(Broken(table, row_id, "unsealed", None, None,
                                 seal_of(table, row_id, SEAL_VERSION, canonical)))
            continue
        version = seal_version(seal)
        now = seal_of(table, row_id, version if version in spec.positions else SEAL_VERSION,
                      canonical)
        if now != seal:
            broken.append(Broken(table, row_id, "differs", seal, entry_id, now))
        elif not int(found or 0):
            broken.append(Broken(table, row_id, "index", seal, entry_id, now))
    return broken


def _check_query(table: str):
    """The row's sealed columns, its row_seal line and where the audit entry that line
    names holds "table:id":"seal" (0: nowhere), without a condition on the row yet."""
    spec = layout(table)
    key = spec.model._meta.primary_key
    needle = (pw.Value(f'"{table}:').concat(pw.Cast(key, "TEXT")).concat(pw.Value('":"'))
              .concat(RowSeal.seal).concat(pw.Value('"')))
    return (spec.model.select(key, *spec.columns, RowSeal.seal, RowSeal.entry_id,
                              _position(AuditLog.seals, needle))
            .join(RowSeal, pw.JOIN.LEFT_OUTER,
                  on=((RowSeal.table_name == table) & (RowSeal.row_id == key)))
            .join(AuditLog, pw.JOIN.LEFT_OUTER, on=(AuditLog.id == RowSeal.entry_id)))


@functools.lru_cache(maxsize=None)
def _one_row_sql(table: str, postgres: bool) -> tuple[str, tuple]:
    """_check_query for one row: (SQL, its parameters but the row id, which comes last).
    Building the query with peewee on every save cost more than running it."""
    key = layout(table).model._meta.primary_key
    sql, params = _check_query(table).where(key == 0).sql()
    assert params[-1] == 0, "the row id must be the last parameter"
    return sql, tuple(params[:-1])


class SealBroken(DomainError):
    """An action refused because a sealed row it would save was changed outside the
    program; nothing of the action is written."""

    def __init__(self, message: str, broken: list[Broken]):
        super().__init__(message)
        self.broken = broken


_explainers: list = []


def on_broken(callback) -> None:
    """`callback(broken: list[Broken]) -> str`: the refusal's message (the services name the
    row and the tampering, audit the refusal and alert the administrator)."""
    _explainers[:] = [callback]


def guard(table: str, ids) -> None:
    """SealBroken unless every row among `ids` still agrees with its last seal."""
    broken = check_rows(table, ids)
    if not broken:
        return
    if _explainers:
        message = _explainers[0](broken)
    else:
        first = broken[0]
        message = (f"Registro {first.table} id {first.row_id} não confere com o seu selo de "
                   "auditoria (alterado fora do programa); nada foi gravado.")
    raise SealBroken(message, broken)


set_save_guard(guard)  # BaseModel.save checks through it


def sealed_update(model, ids, **values) -> int:
    """A query update of sealed fields made as save() makes it: each row checked against its
    last seal first, then marked for the action's seal. Returns the rows updated."""
    table = model._meta.table_name
    ids = list(ids)
    pending = touched_rows()
    unchecked = [i for i in ids if (table, i) not in pending]
    for start in range(0, len(unchecked), 500):
        guard(table, unchecked[start:start + 500])
    key = model._meta.primary_key
    done = 0
    for start in range(0, len(ids), 500):
        done += model.update(**values).where(key.in_(ids[start:start + 500])).execute()
    pending.update((table, i) for i in ids)
    return done


def inserted(table: str, ids) -> None:
    """Rows of a sealed table inserted in bulk (no save()) by the action under way: sealed
    by its audit entries like rows it created one by one (as save() marks them)."""
    if table in SEALED_FIELDS:
        touched_rows().update((table, int(i)) for i in ids)


def accept_as_is(table: str, row_id: int) -> None:
    """The row is to be sealed as it now is by the action under way (an administrator's
    audited act): its next save is not checked against the seal it no longer agrees with."""
    touched_rows().add((table, int(row_id)))



# --- reading whole tables (check, the upgrade) -------------------------------------------------

def scan(table: str):
    """(row id, canonical values in layout order) of every row of a sealed table, read raw
    in key order (store/scan.py); a value the fast reading may read otherwise than the
    model is confirmed with row_canonical before it counts against a seal."""
    from .scan import canonical_rows, key_batches
    spec = layout(table)
    canonical = canonical_rows(spec.columns)
    for rows in key_batches(spec.model, [spec.model._meta.primary_key, *spec.columns]):
        for row in rows:
            try:
                yield row[0], canonical(row[1:])
            except TypeError:  # a value the fast reading does not know
                yield row[0], row_canonical(table, row[0])


def row_canonical(table: str, row_id: int) -> list | None:
    """The row's canonical values in layout order, as the model reads it (None: gone)."""
    spec = layout(table)
    key = spec.model._meta.primary_key
    row = spec.model.select(*spec.columns).where(key == row_id).tuples().first()
    return None if row is None else canonical_values(row)


def chain_seals() -> tuple[dict, list]:
    """({table: {row id: (seal, entry id)}} the last seal of each row in the chain, [ids of
    entries whose seals do not read]), reading only the entries' seals."""
    from .scan import key_batches
    latest: dict[str, dict[int, tuple[str, int]]] = {}
    unreadable: list[int] = []
    for rows in key_batches(AuditLog, (AuditLog.id, AuditLog.seals),
                            AuditLog.seals.is_null(False)):
        for entry_id, sealed in rows:
            note_seals(entry_id, sealed, latest, unreadable)
    return latest, unreadable


def upgrade(reason: str) -> dict:
    """The index of last seals built from the chain, and every row whose last seal is of an
    older version (or which has none) sealed now with the current one, by system entries
    of the chain (schema step _step_seal_index). A row that disagrees with its last seal
    keeps it: the upgrade never seals over an edit, `check` goes on naming the row. An edit
    made before the upgrade to a field no earlier version sealed cannot be told apart."""
    latest, _ = chain_seals()
    index: dict[str, tuple[str, int]] = {}
    fresh: dict[str, str] = {}
    counts = {"sealed": 0, "kept": 0, "index": 0}

    def flush(everything: bool) -> None:  # in parts: a register of millions of rows
        keys = sorted(fresh)
        whole = len(keys) if everything else len(keys) - len(keys) % SEALS_PER_ENTRY
        for start in range(0, whole, SEALS_PER_ENTRY):
            part = {key: fresh.pop(key) for key in keys[start:start + SEALS_PER_ENTRY]}
            entry_id = _system_entry(part, reason)
            index.update({key: (seal, entry_id) for key, seal in part.items()})
            counts["sealed"] += len(part)
        write_index(index)
        counts["index"] += len(index)
        index.clear()

    for table in SEALED_FIELDS:
        sealed = latest.get(table, {})
        for row_id, canonical in scan(table):
            found = sealed.pop(row_id, None)
            if found is not None and not agrees(table, row_id, found[0], canonical):
                confirmed = row_canonical(table, row_id)  # as the model reads it
                if confirmed is None or not agrees(table, row_id, found[0], confirmed):
                    index[f"{table}:{row_id}"] = found
                    counts["kept"] += 1
                    continue
                canonical = confirmed
            current = seal_of(table, row_id, SEAL_VERSION, canonical)
            if found is not None and found[0] == current:
                index[f"{table}:{row_id}"] = found
            else:
                fresh[f"{table}:{row_id}"] = current
            if len(fresh) >= 40 * SEALS_PER_ENTRY or len(index) >= 20_000:
                flush(False)
        for row_id, found in sealed.items():  # sealed rows no longer there
            index[f"{table}:{row_id}"] = found
    flush(True)
    return counts


def _system_entry(sealed: dict[str, str], reason: str) -> int:
    """Append a registro.selo entry of the program itself sealing these rows; its id."""
    import socket

    from ..domain.audit_chain import GENESIS, entry_hash
    from .models import utcnow
    last = AuditLog.select(AuditLog.entry_hash).order_by(AuditLog.id.desc()).limit(1).first()
    try:
        host = (socket.gethostname() or "desconhecida")[:255]
    except OSError:
        host = "desconhecida"
    fields = {"at": utcnow(), "action": "registro.selo", "entity": "selo", "entity_id": "",
              "before": None, "after": json.dumps({"motivo": reason}, ensure_ascii=False),
              "prev_hash": GENESIS if last is None else (last.entry_hash or ""),
              "seals": json.dumps(sealed, sort_keys=True, separators=(",", ":")),
              "machine": host}
    row = AuditLog.create(user=None, entry_hash=entry_hash(user_id=None, **fields), **fields)
    return row.id

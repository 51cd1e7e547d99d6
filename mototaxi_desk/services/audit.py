"""The audit log: one entry per change, written inside the change's own transaction.

Tamper-evident: every entry stores the hash of the entry before it (domain.audit_chain);
`verify()` walks the chain and reports the first broken link. Entries are never updated
or deleted (the model refuses it)."""
from __future__ import annotations

import datetime as dt
import itertools
import json
from contextlib import nullcontext
from decimal import Decimal
from typing import TYPE_CHECKING

from ..domain import validators, wallclock
from ..domain.errors import ClockNotTrusted
from ..domain.audit_chain import GENESIS, entry_hash
from ..store.connection import (after_outermost_transaction, before_commit, chain_deferred,
                                changed, lock_audit_chain, pending_entries, write_transaction)
from ..store.models import DB, AuditLog, User, touched_rows, utcnow
from ..store import plain_sql
from ..store import seals as row_seals
from .trust import station_marks

if TYPE_CHECKING:  # for the annotations only: context calls refusals, which writes here
    from .context import Actor


def _default(value):
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes):
        return f"<{len(value)} bytes>"
    raise TypeError(type(value).__name__)


def _dump(data: dict | None) -> str | None:
    if data is None:
        return None
    return json.dumps(data, default=_default, ensure_ascii=False, sort_keys=True)


def machine() -> str:
    """This PC's name, written with every entry (who did it, and from where). Read once."""
    global _MACHINE
    if _MACHINE is None:
        import socket
        try:
            _MACHINE = (socket.gethostname() or "desconhecida")[:255]
        except OSError:
            _MACHINE = "desconhecida"
    return _MACHINE


_MACHINE: str | None = None


_guard = None


def set_guard(guard) -> None:
    """`guard(action)` -> None, or why no audited change may happen now (services/
    clock_trust.py: the computer's date is not trusted, the program is read-only)."""
    global _guard
    _guard = guard


def _refuse_if_guarded(action: str) -> None:
    why = _guard(action) if _guard is not None else None
    if why:
        raise ClockNotTrusted(why)


def record(actor: Actor, action: str, entity: str, entity_id, *,
           before: dict | None = None, after: dict | None = None) -> AuditLog:
    """Append one entry to the chain, inside the caller's transaction (or in one of its own
    when called outside any, e.g. a refused action audited apart). The entry seals the
    sealed rows saved since the last one (up to SEALS_PER_ENTRY; the rest go into the next
    entry, or into registro.selo entries before the commit). Every audited change passes
    here: while the program is read-only (a computer date not trusted) the change is
    refused, its transaction rolled back.

    In a concurrent write transaction on PostgreSQL the entry waits for the end of the
    transaction: _append_queued links it, its seals taken then (the rows as they commit),
    under the chain lock held only from there to the commit. Its id is known from then."""
    _refuse_if_guarded(action)
    outside = not DB.obj.in_transaction()
    with write_transaction(concurrent=True) if outside else nullcontext():
        row = AuditLog(user=actor.user_id, action=action, entity=entity,
                       entity_id=str(entity_id or ""), before=_dump(before),
                       after=_dump(after), machine=machine())
        after_outermost_transaction(_checkpoint)
        if chain_deferred():
            pending_entries().append(row)
            return row
        _hold_chain()
        _append(row)
        return row


def _hold_chain() -> None:
    """The chain lock, and the entries this transaction queued appended under it."""
    queued, previous = pending_entries(), None
    read = _read_seals(len(queued))
    lock_audit_chain()
    while queued:  # each links to the one before it: the head read once
        previous = _append(queued.pop(0), previous, read).entry_hash


def _append_queued() -> None:
    """The first before-commit hook: the chain lock and the entries a concurrent action
    queued; also when it saved sealed rows without an entry (their registro.selo entry)."""
    if pending_entries() or (touched_rows() and DB.obj.in_transaction()):
        _hold_chain()


def _append(row: AuditLog, previous: str | None = None, read: dict | None = None
            ) -> AuditLog:
    """Link and insert one entry (the chain lock held) after the head, or after `previous`
    (the hash of the entry this transaction has just appended: the head); `read`: the
    seals of the rows it seals, read before the lock (_read_seals)."""
    sealed = _take_seals(read)
    row.at, row.prev_hash, row.seals = utcnow(), previous or _head(), _seals_text(sealed)
    fields = {"at": row.at, "action": row.action, "entity": row.entity,
              "entity_id": row.entity_id, "before": row.before, "after": row.after,
              "prev_hash": row.prev_hash, "seals": row.seals, "machine": row.machine}
    row.entry_hash = entry_hash(user_id=row.user_id, **fields)
    _insert(row)
    station_marks.head_moved()
    if sealed:
        row_seals.write_index({key: (seal, row.id) for key, seal in sealed.items()})
    changed(row.action, row.entity, row.entity_id)  # the due-dates table (services/views/due_dates.py)
    return row


def _insert(row: AuditLog) -> None:
    """row.save(force_insert=True) as SQL written once: every action appends an entry
    (store/plain_sql.py), converted by the fields as peewee converts them."""
    data = row.__data__
    row.id = plain_sql.insert("audit_log", {
        field.column_name: field.db_value(data.get(field.name))
        for field in AuditLog._meta.sorted_fields if field is not AuditLog.id})
    row._dirty.clear()


def record_many(actor: Actor, entries: list[dict], batch: int = 500) -> int:
    """Append many entries at once, chained in list order, inside the caller's write
    transaction (an import of thousands of records). Each entry: action, entity,
    entity_id, before, after, and optionally seals ({"table:id": seal} of the rows the
    entry seals, as _take_seals writes them: the benchmarks' bulk filler). Returns how many
    were written."""
    if not DB.obj.in_transaction():
        raise RuntimeError("record_many must run inside the action's transaction")
    for action in {entry["action"] for entry in entries}:
        _refuse_if_guarded(action)
    _hold_chain()
    previous = _head()
    rows, sealing = [], {}
    for entry in entries:
        fields = {"at": utcnow(), "action": entry["action"], "entity": entry["entity"],
                  "entity_id": str(entry.get("entity_id") or ""),
                  "before": _dump(entry.get("before")), "after": _dump(entry.get("after")),
                  "prev_hash": previous, "machine": machine(),
                  "seals": _seals_text(entry.get("seals"))}
        previous = entry_hash(user_id=actor.user_id, **fields)
        rows.append({**fields, "user": actor.user_id, "entry_hash": previous})
        if entry.get("seals"):
            sealing[previous] = entry["seals"]
    from ..store.bulk import insert_rows
    first = AuditLog.select(AuditLog.id).order_by(AuditLog.id.desc()).limit(1).scalar() or 0
    insert_rows(AuditLog, rows, batch)
    if sealing:  # the entries' ids, for the index of last seals (the chain is ours: locked)
        index = {}
        for entry_id, digest in AuditLog.select(AuditLog.id, AuditLog.entry_hash).where(
                AuditLog.id > first).order_by(AuditLog.id).tuples().iterator():
            for key, seal in sealing.get(digest, {}).items():
                index[key] = (seal, entry_id)
        row_seals.write_index(index)
    station_marks.head_moved()
    for entry in entries:
        changed(entry["action"], entry["entity"], entry.get("entity_id"))
    return len(rows)


def seal_pending(actor: Actor | None = None) -> int:
    """registro.selo entries for every sealed row saved and not yet sealed (the rest of a
    large action, rows inserted in bulk); how many entries. Inside the caller's
    transaction."""
    written = 0
    if touched_rows():
        _hold_chain()  # appended now, not queued: the loop sees the rows sealed
    while touched_rows():
        record(actor or _SEALER, "registro.selo", "selo", "")
        written += 1
    return written


def _checkpoint() -> None:
    from .trust import checkpoints  # the head, signed, outside the database
    checkpoints.after_action()


# --- row seals --------------------------------------------------------------------------------

def _read_seals(entries: int) -> dict | None:
    """{table: {id: seal}} of the rows saved and not yet sealed, read before the chain lock
    for the `entries` queued (the rows are this action's: they change no more before the
    commit); None when there are more than those entries carry (sealed as they come)."""
    pending = touched_rows()
    if not entries or not pending or len(pending) > entries * row_seals.SEALS_PER_ENTRY:
        return None
    by_table: dict[str, set[int]] = {}
    for table, row_id in pending:
        by_table.setdefault(table, set()).add(row_id)
    return {table: row_seals.digests(table, ids) for table, ids in by_table.items()}


def _take_seals(read: dict | None = None) -> dict[str, str]:
    """The seals of sealed rows saved since the last entry ({"table:id": seal}), at most
    SEALS_PER_ENTRY of them (those left stay pending for the next entry); from `read` when
    given (_read_seals)."""
    pending = touched_rows()
    if not pending:
        return {}
    taken = list(itertools.islice(pending, row_seals.SEALS_PER_ENTRY))
    pending.difference_update(taken)
    by_table: dict[str, set[int]] = {}
    for table, row_id in taken:
        by_table.setdefault(table, set()).add(row_id)
    sealed = {}
    for table, ids in by_table.items():
        found = read[table] if read is not None and table in read else \
            row_seals.digests(table, ids)
        for row_id in ids:  # a row saved then deleted in the action seals as gone
            sealed[f"{table}:{row_id}"] = found.get(row_id, "")
    return sealed


def _seals_text(sealed: dict | None) -> str | None:
    if not sealed:
        return None
    return json.dumps(sealed, sort_keys=True, separators=(",", ":"))


class _Sealer:
    """The program itself (context.SYSTEM's user id, None), without importing context, which
    reaches this module through refusals."""
    user_id = None
    login = "sistema"


_SEALER = _Sealer()


def _seal_before_commit() -> None:
    """Rows saved after the action's last entry (or by an action with none) are sealed by
    an entry of their own, so no saved row leaves its transaction unsealed."""
    if touched_rows() and DB.obj is not None and DB.obj.in_transaction():
        seal_pending()


before_commit(_append_queued, first=True)
before_commit(_seal_before_commit)
before_commit(station_marks.note_before_commit)  # after the seals: their entry is the head


def _head() -> str:
    """The hash the next entry links to: the last entry's (GENESIS for the first)."""
    last = plain_sql.head()
    return GENESIS if last is None else (last[1] or "")


def verify() -> dict:
    """Walk the chain in id order. {"ok", "count" (entries checked and sound), "head" (hash of
    the last entry: write it down to notice a later truncation), "broken": None or the first
    broken entry {"id", "at", "at_text", "action", "problem"}}."""
    from .trust.audit_walk import walk
    return walk()["chain"]


def entries(*, entity: str | None = None, entity_id=None, since=None, limit: int = 100
            ) -> list[dict]:
    """The newest entries first, optionally about one entity (and id) and from a date (a
    local day: from its midnight on this computer's clock). Their times as stored: UTC."""
    query = AuditLog.select().order_by(AuditLog.id.desc()).limit(max(1, min(limit, 10_000)))
    if entity:
        query = query.where(AuditLog.entity == entity)
    if entity_id not in (None, ""):
        query = query.where(AuditLog.entity_id == str(entity_id))
    if since not in (None, ""):
        day = validators.parse_date(since, "Desde")
        midnight = wallclock.utc(dt.datetime.combine(day, dt.time(0, 0)))
        query = query.where(AuditLog.at >= midnight)
    logins = dict(User.select(User.id, User.login).tuples())
    return [{"id": r.id, "at": r.at, "user_id": r.user_id,
             "login": who(r.user_id, r.action, logins),
             "machine": r.machine or "", "action": r.action,
             "entity": r.entity, "entity_id": r.entity_id, "before": r.before,
             "after": r.after} for r in query]


def who(user_id: int | None, action: str, logins: dict[int, str]) -> str:
    """The login an entry names (`logins`: user id -> login); with no user, the program
    itself, or — for a refusal (an unknown login, a command without one) — nobody the
    program knows."""
    if user_id:
        return logins.get(user_id, "sistema")
    return "desconhecido" if action.startswith("refused:") else "sistema"


def snapshot(instance, exclude: tuple[str, ...] = ("password_hash", "photo", "brasao")) -> dict:
    """A model row as a plain dict for before/after (secrets and blobs left out)."""
    data = {}
    for name, field in instance._meta.fields.items():
        if name in exclude:
            continue
        value = getattr(instance, field.column_name if hasattr(field, "rel_model") else name)
        data[name] = value
    return data


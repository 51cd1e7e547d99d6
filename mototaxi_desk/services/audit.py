"""The audit log: one entry per change, written inside the change's own transaction.

Tamper-evident: every entry stores the hash of the entry before it (domain.audit_chain);
`verify()` walks the chain and reports the first broken link. Entries are never updated
or deleted (the model refuses it)."""
from __future__ import annotations

import datetime as dt
import json
from contextlib import nullcontext
from decimal import Decimal
from typing import TYPE_CHECKING

from ..domain import validators
from ..domain.audit_chain import GENESIS, entry_hash
from ..store.connection import (after_outermost_transaction, before_commit, changed,
                                lock_audit_chain, write_transaction)
from ..store.models import DB, AuditLog, User, touched_rows, utcnow
from ..store.seals import digests
from . import station_marks

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


def record(actor: Actor, action: str, entity: str, entity_id, *,
           before: dict | None = None, after: dict | None = None) -> AuditLog:
    """Append one entry to the chain, inside the caller's transaction (or in one of its own
    when called outside any, e.g. a refused action audited apart)."""
    outside = not DB.obj.in_transaction()
    with write_transaction() if outside else nullcontext():
        lock_audit_chain()  # already held when the caller used write_transaction()
        fields = {"at": utcnow(), "action": action, "entity": entity,
                  "entity_id": str(entity_id or ""), "before": _dump(before),
                  "after": _dump(after), "prev_hash": _head(), "seals": _take_seals(),
                  "machine": machine()}
        digest = entry_hash(user_id=actor.user_id, **fields)
        after_outermost_transaction(_checkpoint)
        station_marks.head_moved()
        row = AuditLog.create(user=actor.user_id, entry_hash=digest, **fields)
        changed(action, entity, entity_id)  # the due-dates table (services/due_dates.py)
        return row


def record_many(actor: Actor, entries: list[dict], batch: int = 500) -> int:
    """Append many entries at once, chained in list order, inside the caller's write
    transaction (an import of thousands of records). Each entry: action, entity,
    entity_id, before, after, and optionally seals ({"table:id": digest} of the rows the
    entry seals, as _take_seals writes them: the benchmarks' bulk filler). Returns how many
    were written."""
    if not DB.obj.in_transaction():
        raise RuntimeError("record_many must run inside the action's transaction")
    lock_audit_chain()
    previous = _head()
    rows = []
    for entry in entries:
        fields = {"at": utcnow(), "action": entry["action"], "entity": entry["entity"],
                  "entity_id": str(entry.get("entity_id") or ""),
                  "before": _dump(entry.get("before")), "after": _dump(entry.get("after")),
                  "prev_hash": previous, "machine": machine(),
                  "seals": json.dumps(entry["seals"], sort_keys=True, separators=(",", ":"))
                  if entry.get("seals") else None}
        previous = entry_hash(user_id=actor.user_id, **fields)
        rows.append({**fields, "user": actor.user_id, "entry_hash": previous})
    from ..store.bulk import insert_rows
    insert_rows(AuditLog, rows, batch)
    station_marks.head_moved()
    for entry in entries:
        changed(entry["action"], entry["entity"], entry.get("entity_id"))
    return len(rows)


def _checkpoint() -> None:
    from . import checkpoints  # the head, signed, outside the database
    checkpoints.after_action()


# --- row seals --------------------------------------------------------------------------------

def _take_seals() -> str | None:
    """The digests of the sealed rows saved since the last entry, as JSON (None if none)."""
    pending = touched_rows()
    if not pending:
        return None
    by_table: dict[str, set[int]] = {}
    for table, row_id in pending:
        by_table.setdefault(table, set()).add(row_id)
    pending.clear()
    seals = {}
    for table, ids in by_table.items():
        found = digests(table, ids)
        for row_id in ids:  # a row saved then deleted in the action seals as gone
            seals[f"{table}:{row_id}"] = found.get(row_id, "")
    return json.dumps(seals, sort_keys=True, separators=(",", ":"))


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
        record(_SEALER, "registro.selo", "selo", "")


before_commit(_seal_before_commit)
before_commit(station_marks.note_before_commit)  # after the seals: their entry is the head


def _head() -> str:
    """The hash the next entry links to: the last entry's (GENESIS for the first)."""
    last = AuditLog.select(AuditLog.entry_hash).order_by(AuditLog.id.desc()).limit(1).first()
    return GENESIS if last is None else (last.entry_hash or "")


def verify() -> dict:
    """Walk the chain in id order. {"ok", "count" (entries checked and sound), "head" (hash of
    the last entry: write it down to notice a later truncation), "broken": None or the first
    broken entry {"id", "at", "at_text", "action", "problem"}}."""
    from .audit_walk import walk
    return walk()["chain"]


def entries(*, entity: str | None = None, entity_id=None, since=None, limit: int = 100
            ) -> list[dict]:
    """The newest entries first, optionally about one entity (and id) and from a date."""
    query = AuditLog.select().order_by(AuditLog.id.desc()).limit(max(1, min(limit, 10_000)))
    if entity:
        query = query.where(AuditLog.entity == entity)
    if entity_id not in (None, ""):
        query = query.where(AuditLog.entity_id == str(entity_id))
    if since not in (None, ""):
        day = validators.parse_date(since, "Desde")
        query = query.where(AuditLog.at >= dt.datetime.combine(day, dt.time(0, 0)))
    logins = dict(User.select(User.id, User.login).tuples())
    return [{"id": r.id, "at": r.at, "user_id": r.user_id,
             "login": logins.get(r.user_id, "sistema") if r.user_id else "sistema",
             "machine": r.machine or "", "action": r.action,
             "entity": r.entity, "entity_id": r.entity_id, "before": r.before,
             "after": r.after} for r in query]


def snapshot(instance, exclude: tuple[str, ...] = ("password_hash", "photo", "brasao")) -> dict:
    """A model row as a plain dict for before/after (secrets and blobs left out)."""
    data = {}
    for name, field in instance._meta.fields.items():
        if name in exclude:
            continue
        value = getattr(instance, field.column_name if hasattr(field, "rel_model") else name)
        data[name] = value
    return data

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
from ..store.connection import lock_audit_chain, write_transaction
from ..store.models import DB, AuditLog, utcnow

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


def record(actor: Actor, action: str, entity: str, entity_id, *,
           before: dict | None = None, after: dict | None = None) -> AuditLog:
    """Append one entry to the chain, inside the caller's transaction (or in one of its own
    when called outside any, e.g. a refused action audited apart)."""
    outside = not DB.obj.in_transaction()
    with write_transaction() if outside else nullcontext():
        lock_audit_chain()  # already held when the caller used write_transaction()
        fields = {"at": utcnow(), "action": action, "entity": entity,
                  "entity_id": str(entity_id or ""), "before": _dump(before),
                  "after": _dump(after), "prev_hash": _head()}
        digest = entry_hash(user_id=actor.user_id, **fields)
        return AuditLog.create(user=actor.user_id, entry_hash=digest, **fields)


def _head() -> str:
    """The hash the next entry links to: the last entry's (GENESIS for the first)."""
    last = AuditLog.select(AuditLog.entry_hash).order_by(AuditLog.id.desc()).limit(1).first()
    return GENESIS if last is None else (last.entry_hash or "")


def _stored_hash(row: AuditLog) -> str:
    return entry_hash(at=row.at, user_id=row.user_id, action=row.action, entity=row.entity,
                      entity_id=row.entity_id, before=row.before, after=row.after,
                      prev_hash=row.prev_hash)


def _when(value) -> str:
    return f"{value:%d/%m/%Y %H:%M:%S} UTC" if isinstance(value, dt.datetime) else str(value)


def verify() -> dict:
    """Walk the chain in id order. {"ok", "count" (entries checked and sound), "head" (hash of
    the last entry: write it down to notice a later truncation), "broken": None or the first
    broken entry {"id", "at", "action", "problem"}}."""
    previous, previous_id, count = GENESIS, None, 0
    for row in AuditLog.select().order_by(AuditLog.id).iterator():
        problem = _problem(row, previous, previous_id)
        if problem:
            return {"ok": False, "count": count, "head": previous,
                    "broken": {"id": row.id, "at": row.at, "at_text": _when(row.at),
                               "action": row.action, "problem": problem}}
        previous, previous_id, count = row.entry_hash, row.id, count + 1
    return {"ok": True, "count": count, "head": previous, "broken": None}


def _problem(row: AuditLog, previous: str, previous_id: int | None) -> str:
    if not row.entry_hash or not row.prev_hash:
        return "registro sem hash: foi inserido fora do programa"
    if row.prev_hash != previous:
        if previous_id is None:
            return ("o primeiro registro não começa a cadeia: registros anteriores foram "
                    "apagados")
        return (f"o elo com o registro anterior (nº {previous_id}) não confere: um registro "
                f"entre os dois foi apagado ou inserido, ou a ordem foi trocada "
                f"(esperado {previous[:12]}…, gravado {row.prev_hash[:12]}…)")
    if _stored_hash(row) != row.entry_hash:
        return ("o conteúdo foi alterado depois de gravado (data, usuário, ação, entidade ou "
                "dados antes/depois não conferem com o hash)")
    return ""


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
    return [{"id": r.id, "at": r.at, "user_id": r.user_id, "action": r.action,
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

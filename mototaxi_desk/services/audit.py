"""The audit log: one entry per change, written inside the change's own transaction."""
from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

from ..store.models import AuditLog
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
    return AuditLog.create(user=actor.user_id, action=action, entity=entity,
                           entity_id=str(entity_id or ""), before=_dump(before),
                           after=_dump(after))


def snapshot(instance, exclude: tuple[str, ...] = ("password_hash", "photo", "brasao")) -> dict:
    """A model row as a plain dict for before/after (secrets and blobs left out)."""
    data = {}
    for name, field in instance._meta.fields.items():
        if name in exclude:
            continue
        value = getattr(instance, field.column_name if hasattr(field, "rel_model") else name)
        data[name] = value
    return data

"""Refused actions are audited, and the entry must outlive the refused action's transaction:
a refusal noted inside a transaction waits until the outermost transaction has ended
(committed or rolled back) and is then written in a transaction of its own."""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

from ..store import connection
from ..store.models import DB
from . import audit

if TYPE_CHECKING:  # for the annotations only: context calls this module (Actor.require)
    from .context import Actor

log = logging.getLogger(__name__)
_local = threading.local()  # peewee connections (and so transactions) are per thread


def _pending() -> list[tuple]:
    if not hasattr(_local, "items"):
        _local.items = []
    return _local.items


def note(actor: Actor, action: str, message: str, *, entity: str = "user", entity_id=None,
         details: dict | None = None) -> None:
    """Remember a refusal and write it as soon as no transaction is open. The entry is about
    the acting user unless `entity` (and its id) names what was refused; `details` go into
    it beside the message."""
    if DB.obj is None:
        return  # no database open (e.g. a check before set-up): nothing to audit into
    pending = _pending()
    pending.append((actor, action, message, entity,
                    actor.user_id if entity == "user" and entity_id is None else entity_id,
                    details or {}))
    if DB.in_transaction():
        if len(pending) == 1:
            connection.after_outermost_transaction(flush)
    else:
        flush()


def flush() -> None:
    pending = _pending()
    if not pending or DB.in_transaction():
        return
    items = list(pending)
    pending.clear()
    try:
        with connection.write_transaction():
            for actor, action, message, entity, entity_id, details in items:
                audit.record(actor, f"refused:{action}", entity, entity_id,
                             after={"login": actor.login, "role": actor.role,
                                    "message": message, **details})
    except Exception:  # noqa: BLE001 - the refusal itself must still reach the user
        log.exception("could not audit %d refused action(s)", len(items))

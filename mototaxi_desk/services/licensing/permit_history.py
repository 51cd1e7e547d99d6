"""The history of a permit: every status change, holder, vehicle or stand change, with
reason and act number. Written by every service that changes a permit."""
from __future__ import annotations

import datetime as dt
import json

from ...store.models import Permit, PermitHistory
from ..context import Actor


def record(actor: Actor, permit: Permit, action: str, *, on: dt.date, from_status: str = "",
           to_status: str | None = None, reason: str = "", act_number: str = "",
           details: dict | None = None) -> PermitHistory:
    """Append one history line (call inside the action's transaction)."""
    return PermitHistory.create(
        permit=permit.id, effective_on=on, action=action, from_status=from_status,
        to_status=to_status or permit.status, reason=reason, act_number=act_number,
        user=actor.user_id, details=json.dumps(details or {}, ensure_ascii=False, default=str))


def history(permit_id: int) -> list[dict]:
    rows = PermitHistory.select().where(PermitHistory.permit == permit_id).order_by(
        PermitHistory.id)
    return [{"at": h.at, "effective_on": h.effective_on, "action": h.action,
             "from_status": h.from_status, "to_status": h.to_status, "reason": h.reason,
             "act_number": h.act_number, "user_id": h.user_id,
             "details": json.loads(h.details or "{}")} for h in rows]

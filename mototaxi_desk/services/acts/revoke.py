"""Revocation of the permit by decision, on a ground of the law (PF Art. 38)."""
from __future__ import annotations

from ...domain.permit_status import IN_FORCE, PermitAction
from . import register
from ._decision import DecisionAct


@register
class Revoke(DecisionAct):
    key = "revoke"
    label, menu_text = "Revogar por decisão…", "Re&vogar por decisão…"
    title = "Revogação da permissão por decisão"
    statuses = IN_FORCE
    order = 120
    none_why = "Nenhuma permissão em vigor para revogar."
    audit = {"permit.revoke": "Permissão revogada"}
    printed = {PermitAction.REVOKE: "Notificação de revogação"}
    ends_permit = True
    confirm, verb = "Revogar", "revoga"

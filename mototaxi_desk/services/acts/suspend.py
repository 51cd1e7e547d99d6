"""Suspension of the permit by decision, on a ground of the law (SRM Art. 49, L1745 Art. 19)."""
from __future__ import annotations

from ...domain import validators
from ...domain.permit_status import PermitAction, PermitStatus
from . import register
from ._decision import DecisionAct


@register
class Suspend(DecisionAct):
    key = "suspend"
    label, menu_text = "Suspender por decisão…", "&Suspender por decisão…"
    title = "Suspensão da permissão por decisão"
    statuses = (PermitStatus.ACTIVE, PermitStatus.INTERRUPTED, PermitStatus.EXPIRED)
    order = 110
    none_why = "Nenhuma permissão ativa, interrompida ou vencida para suspender."
    audit = {"permit.suspend": "Permissão suspensa"}
    printed = {PermitAction.SUSPEND: "Notificação de suspensão"}
    confirm, verb = "Suspender", "suspende"
    period = True

    def period_rows(self, line, sanction):
        if not line.permit.status_until:
            return []
        until = sanction.until if sanction and sanction.until else line.permit.status_until
        return [("Período", f"de {validators.format_date(line.effective_on)} a "
                            f"{validators.format_date(until)}")]

    def clauses(self, profile):
        return ["Durante a suspensão o permissionário não presta o serviço; cumprida a "
                "suspensão, a permissão volta à situação Ativa."]

    def add_arguments(self, p):
        super().add_arguments(p)
        period = p.add_mutually_exclusive_group(required=True)
        period.add_argument("--days", help="dias de suspensão")
        period.add_argument("--until", metavar="DD/MM/AAAA", help="último dia suspenso")

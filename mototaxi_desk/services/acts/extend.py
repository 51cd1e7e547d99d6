"""Extension of an interruption in course (PF Art. 11, SRM Art. 29)."""
from __future__ import annotations

from ...domain.errors import RuleRefusal
from ...domain.permit_status import PermitAction, PermitStatus
from ..licensing import permits
from . import register
from .base import day
from .interrupt import Interrupt, interruption_refusal


@register
class Extend(Interrupt):
    key = "extend"
    label, menu_text = "Prorrogar interrupção…", "Prorrogar &interrupção…"
    title = "Prorrogação da interrupção"
    permission = "permit.extend_interruption"
    statuses = (PermitStatus.INTERRUPTED,)
    order, menu_group = 30, 0
    none_why = "Nenhuma permissão interrompida para prorrogar."
    audit = {"permit.interrupt_extend": "Interrupção prorrogada"}
    printed = {PermitAction.INTERRUPT_EXTEND: "Prorrogação da interrupção"}
    print_note = "Depois de confirmar, imprima a prorrogação da interrupção."
    confirm, form = "Prorrogar", "permit_extension"
    cli_help = "prorroga a interrupção em curso"

    def law_refusal(self, profile):
        refusal = interruption_refusal(profile)
        if refusal is None and not profile.interruption.extensions:
            return RuleRefusal("A lei do município não prevê prorrogação da interrupção",
                               profile.interruption.article)
        return refusal

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return permits.extend_interruption(actor, permit_id, days=get("days"),
                                           on=day(get("on"), "Data da prorrogação"),
                                           act_number=get("act_number") or "")

    def rules(self, profile, inputs):
        i = profile.interruption
        return [f"Prorrogação por até {i.max_days} dias, {i.extensions} vez ({i.article})."]

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--days", required=True, help="dias de prorrogação")
        p.add_argument("--act", default="", metavar="ATO")

    def cli_inputs(self, args):
        return {**Interrupt.__base__.cli_inputs(self, args), "days": args.days}

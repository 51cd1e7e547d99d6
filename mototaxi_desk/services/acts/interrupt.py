"""Interruption of the service authorised at the holder's request (PF Art. 11, SRM Art. 29)."""
from __future__ import annotations

import datetime as dt
import json

from ...domain import validators, wallclock
from ...domain.errors import RuleRefusal
from ...domain.permit_status import PermitAction, PermitStatus
from ..views import lookup
from ..licensing import permits
from . import register
from .base import Act


def interruption_refusal(profile) -> RuleRefusal | None:
    rule = profile.interruption
    if not rule.allowed:
        return RuleRefusal("A lei do município não prevê interrupção do serviço",
                           rule.article or profile.profile.law)
    return None


@register
class Interrupt(Act):
    key = "interrupt"
    label, menu_text = "Autorizar interrupção…", "&Autorizar interrupção…"
    title = "Interrupção do serviço"
    permission = "permit.interrupt"
    statuses = (PermitStatus.ACTIVE,)
    order, menu_group = 20, 0
    none_why = "Nenhuma permissão ativa para interromper."
    audit = {"permit.interrupt": "Interrupção autorizada"}
    printed = {PermitAction.INTERRUPT: "Autorização de interrupção"}
    print_note = "Depois de confirmar, imprima a autorização de interrupção."
    warns = True
    confirm, form = "Autorizar interrupção", "permit_interruption"
    date_input = "start"  # the interruption's first day is the act's date
    cli_help = "autoriza a interrupção do serviço"

    def law_refusal(self, profile):
        return interruption_refusal(profile)

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return permits.interrupt_permit(actor, permit_id, start=get("start"),
                                        days=get("days"), act_number=get("act_number") or "",
                                        reason=get("reason") or "")

    def rules(self, profile, inputs):
        i = profile.interruption
        text = (f"Interrupção autorizada a pedido do permissionário: até {i.max_days} dias"
                + (" por ano" if i.per_year else "")
                + (f", prorrogável {i.extensions} vez por igual período" if i.extensions
                   else "") + f" ({i.article}).")
        return [text] + _interruption_used(profile, inputs)

    def content(self, line, order, doc):
        profile = doc.profile_at(line)
        details = json.loads(line.details or "{}")
        holder = doc.holder_at(line)
        municipio = doc.settings()
        who = doc.who(holder)
        i = profile.interruption
        until = details.get("until")
        until = validators.format_date(dt.date.fromisoformat(until)) if until else ""
        extension = line.action == PermitAction.INTERRUPT_EXTEND
        opening = (f"A Administração Municipal, a pedido do permissionário {who}, e atendendo "
                   f"à conveniência do serviço ({i.article}), "
                   + ("prorroga a interrupção" if extension else "autoriza a interrupção")
                   + f" da prestação do serviço de mototáxi pela permissão nº {order}.")
        period = [("Período", (f"prorrogação de {details.get('days')} dia(s), até {until}"
                               if extension else
                               f"de {validators.format_date(line.effective_on)} a {until} "
                               f"({details.get('days')} dia(s))"))]
        clauses = ["Findo o prazo, o permissionário retoma a prestação do serviço; a vaga no "
                   "ponto é mantida."]
        for rule in profile.decisions:
            for ground in rule.grounds:
                if self.key in ground.warns:
                    clauses.append(f"{ground.text}: {rule.label.lower()} ({ground.article}).")
        return {"title": ("PRORROGAÇÃO DA INTERRUPÇÃO" if extension else
                          "AUTORIZAÇÃO DE INTERRUPÇÃO") + f" — PERMISSÃO Nº {order}",
                "opening": opening,
                "sections": (("Da interrupção", tuple(period + doc.act_rows(line))),
                             ("Da permissão", tuple(doc.permit_rows(line))),
                             ("Do permissionário", doc.person_rows(holder, full=False))),
                "clauses": tuple(clauses),
                "signatures": ((doc.AUTHORITY, f"Pelo Município de {municipio.name}"),
                               (holder.name, "Permissionário(a), ciente"))}

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--days", required=True, help="dias de interrupção")
        p.add_argument("--act", default="", metavar="ATO")
        p.add_argument("--reason", default="", metavar="MOTIVO")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "start": args.date, "days": args.days}

    def done_lines(self, result, inputs):
        from ...domain.validators import format_date
        permit = result.get("permit", result)
        number = permit.get("order_text", permit.get("order_number"))
        return [f"Permissão nº {number} interrompida até "
                f"{format_date(permit['status_until'])}."]


def _interruption_used(profile, inputs: dict) -> list[str]:
    if not profile.interruption.per_year or not inputs.get("permit_id"):
        return []
    start = inputs.get("start")
    year = start.year if isinstance(start, dt.date) else wallclock.today().year
    used, _ = permits.interruption_days_used(lookup.get_permit(inputs["permit_id"]), year)
    return [f"Já usados em {year}: {used} dia(s)."]

"""A service found interrupted without authorisation (PF Art. 12: the permit reverts after
the profile's days, by the daily passage of time; SRM Art. 29 §ú: the authority decides)."""
from __future__ import annotations

from ...domain import validators
from ...domain.errors import RuleRefusal
from ...domain.permit_status import PermitStatus
from ..licensing import permits
from . import register
from .base import Act, Field, day


@register
class Stoppage(Act):
    key = "stoppage"
    label = "Registrar interrupção sem autorização…"
    menu_text = "Registrar interrupção sem autori&zação…"
    title = "Serviço interrompido sem autorização"
    permission = "permit.stoppage"
    statuses = (PermitStatus.ACTIVE,)
    order, menu_group = 310, 3
    none_why = "Nenhuma permissão ativa."
    audit = {"permit.stoppage": "Interrupção não autorizada"}
    confirm = "Registrar interrupção"
    fields = (Field("permit", "Permissão", "permit"),
              Field("since", "Serviço interrompido desde", "date"),
              Field("reason", "O que foi constatado", max_length=200,
                    placeholder="ex.: ponto vazio há 3 semanas, relatório da fiscalização"),
              Field("act_number", "Nº do relatório ou ato"))
    cli_group, cli_date, cli_pdf, cli_wrapped = "", False, False, False
    cli_help = ("registra que o serviço da permissão está interrompido sem autorização "
                "(PF Art. 12; SRM Art. 29 §ú)")

    def law_refusal(self, profile):
        if not profile.interruption.unauthorised_article:
            return RuleRefusal("A lei do município não trata da interrupção do serviço sem "
                               "autorização", profile.interruption.article or profile.profile.law)
        return None

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return permits.record_stoppage(actor, permit_id, since=get("since"),
                                       on=day(get("on"), "Data do registro"),
                                       reason=get("reason") or "",
                                       act_number=get("act_number") or "")

    def rules(self, profile, inputs):
        """PF Art. 12 (reverts after the days), SRM Art. 29 §ú (the authority decides)."""
        i = profile.interruption
        if i.unauthorised_revert_days:
            return [f"Serviço interrompido sem autorização por mais de "
                    f"{i.unauthorised_revert_days} dias consecutivos: a permissão é revertida "
                    f"ao Poder Público ({i.unauthorised_article}) pela atualização diária, se "
                    "o permissionário não voltar ao serviço antes.",
                    "O retorno ao serviço é registrado em \"Registrar retorno ao serviço\"."]
        return [f"Interrupção sem autorização: cabe à autoridade decidir a cassação "
                f"({i.unauthorised_article}); o registro não a aplica.",
                "O retorno ao serviço é registrado em \"Registrar retorno ao serviço\"."]

    def describe(self, result):
        then = (f"; sem retorno ao serviço, será revertida em "
                f"{validators.format_date(result['reverts_on'])} ({result['article']})"
                if result["reverts_on"] else
                f"; cabe à autoridade decidir ({result['article']})")
        return (f"Permissão nº {result['order_text']}: serviço interrompido sem autorização "
                f"desde {validators.format_date(result['stoppage_since'])}{then}.")

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO", help="nº de ordem da permissão")
        p.add_argument("--since", required=True, metavar="DD/MM/AAAA",
                       help="primeiro dia sem serviço")
        p.add_argument("--reason", default="", help="o que foi constatado")
        p.add_argument("--act", default="", help="nº do ato ou do relatório de fiscalização")

    def cli_inputs(self, args):
        number = validators.positive_int(args.permit, "Permissão", maximum=999_999_999)
        return {"permit_id": permits.by_order_number(number).id, "since": args.since,
                "reason": args.reason, "act_number": args.act}

    def done_lines(self, result, inputs):
        revert = (f"; sem retorno ao serviço, será revertida ao município em "
                  f"{result['reverts_on']:%d/%m/%Y} ({result['article']})"
                  if result["reverts_on"]
                  else f"; cabe à autoridade decidir ({result['article']})" if result["article"]
                  else "")
        return [f"Permissão nº {result['order_text']}: serviço interrompido sem "
                f"autorização desde {result['stoppage_since']:%d/%m/%Y}{revert}."]

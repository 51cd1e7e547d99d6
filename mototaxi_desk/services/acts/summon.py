"""A summons to present the vehicle for inspection by a deadline (L1745 Art. 10 and §ú, SRM
Art. 17 §2º; missed, the cassation is proposed by the daily passage of time)."""
from __future__ import annotations

from ...domain import validators
from ...domain.errors import RuleRefusal
from ..licensing import permits, summons
from . import register
from .base import Act, Field, day


@register
class Summon(Act):
    key = "summon"
    label, menu_text = "Intimar para vistoria…", "Inti&mar para vistoria…"
    title = "Intimação para apresentar o veículo à vistoria"
    permission = "inspection.summon"
    statuses = summons.LIVE
    order, menu_group = 320, 3
    none_why = "Nenhuma permissão em vigor com veículo a vistoriar."
    audit = {"inspection.summon": "Intimação para vistoria"}
    confirm = "Intimar"
    fields = (Field("permit", "Permissão", "permit"),
              Field("deadline", "Prazo para apresentar o veículo", "date", days_ahead=10),
              Field("act_number", "Nº da intimação"))
    cli_group, cli_date, cli_pdf, cli_wrapped = "", False, False, False
    cli_help = ("intima o permissionário a apresentar o veículo à vistoria até uma data "
                "(L1745 Art. 10)")

    def law_refusal(self, profile):
        if not profile.inspection.on_demand:
            return RuleRefusal("A lei do município não prevê vistoria a qualquer tempo",
                               profile.inspection.article)
        return None

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return summons.summon(actor, permit_id, deadline=get("deadline"),
                              on=day(get("on"), "Data da intimação"),
                              act_number=get("act_number") or "")

    def rules(self, profile, inputs):
        """L1745 Art. 10 and §ú; SRM Art. 17 §2º."""
        rule = profile.inspection
        lines = [f"A Prefeitura pode exigir a vistoria a qualquer tempo ({rule.article}); o "
                 "permissionário apresenta o veículo até o prazo da intimação."]
        if rule.missed_summons_cassation:
            lines.append("Sem o veículo apresentado no prazo, cabe a cassação da permissão "
                         f"({rule.missed_summons_article}): a atualização diária a aponta nos "
                         "alertas para a autoridade decidir.")
        return lines

    def describe(self, result):
        return (f"Intimação registrada: apresentar o veículo à vistoria até "
                f"{validators.format_date(result['deadline'])} ({result['article']}).")

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO", help="nº de ordem da permissão")
        p.add_argument("--deadline", required=True, metavar="DD/MM/AAAA",
                       help="último dia para apresentar o veículo")
        p.add_argument("--act", default="", help="nº da intimação")

    def cli_inputs(self, args):
        number = validators.positive_int(args.permit, "Permissão", maximum=999_999_999)
        return {"permit_id": permits.by_order_number(number).id, "deadline": args.deadline,
                "act_number": args.act}

    def done_lines(self, result, inputs):
        text = permits.as_dict(permits.get_permit(inputs["permit_id"]))["order_text"]
        return [f"Permissão nº {text}: intimada a apresentar o veículo à vistoria até "
                f"{result['deadline']:%d/%m/%Y} ({result['article']})."]

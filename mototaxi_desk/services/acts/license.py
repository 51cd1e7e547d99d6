"""The permit card's yearly licensing, with the holder present (SRM Art. 6 XX, Art. 30 XXIV
d): the card's fee is charged (Art. 47 I) and the card gets its new validity."""
from __future__ import annotations

from ...domain.errors import RuleRefusal
from ..licensing import card_licensing
from . import register
from .base import Act, day, debts_lines, fee_lines


@register
class License(Act):
    key = "license"
    label = "Licenciar cartão de permissão (anual)…"
    menu_text = "&Licenciar cartão de permissão (anual)…"
    title = "Licenciamento anual do cartão de permissão"
    permission = "permit.license_card"
    statuses = card_licensing.LICENSABLE
    order, menu_group = 60, 0
    none_why = "Nenhuma permissão ativa, suspensa ou interrompida."
    audit = {"permit.license_card": "Cartão licenciado"}
    print_note = "Depois de confirmar, imprima o novo cartão de permissão (com a nova validade)."
    warns = True
    confirm, form = "Licenciar", "licensing"
    cli_help = ("licenciamento anual do cartão de permissão, com o permissionário presente "
                "(SRM Art. 6 XX, Art. 30 XXIV d): lança a taxa do cartão (Art. 47 I) e dá a "
                "nova validade; --card grava o novo cartão")
    cli_pdf, cli_card = False, "permit"

    def law_refusal(self, profile):
        if not profile.licensing.card_months:
            return RuleRefusal("A lei do município não prevê licenciamento anual do cartão de "
                               "permissão: o cartão vale enquanto a permissão",
                               profile.permit.validity_article)
        return None

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return card_licensing.license_card(actor, permit_id,
                                           on=day(get("on"), "Data do licenciamento"),
                                           act_number=get("act_number") or "")

    def fees(self, profile):
        return fee_lines(profile.licensing.fee_key, "permissionário")

    def rules(self, profile, inputs):
        """SRM Art. 6 XX (yearly), Art. 30 XXIV d (in person), Art. 38 III d (missed)."""
        from ...domain.permit_rules import LICENSING_OPENS_DAYS
        rule = profile.licensing
        lines = [f"Licenciamento anual do cartão de permissão, com o permissionário presente "
                 f"({rule.article}): o cartão passa a valer até o próximo aniversário da "
                 f"outorga (a cada {rule.card_months} meses), nunca além da validade da "
                 "permissão.",
                 f"Pode ser feito a partir de {LICENSING_OPENS_DAYS} dias antes da data do "
                 "cartão; feito antes ou depois, a data seguinte continua no aniversário da "
                 "outorga."]
        if rule.missed_article:
            justify = (f", salvo justificativa por protocolo em até {rule.justify_days} dias"
                       if rule.justify_days else "")
            lines.append(f"Não comparecer na data prevista é causa de cassação "
                         f"({rule.missed_article}){justify}.")
        return lines + debts_lines(profile)

    def describe(self, result):
        from ...domain.validators import format_date
        return (f"Cartão da permissão nº {result['order_text']} licenciado: válido até "
                f"{format_date(result['card_valid_until'])} ({result['article']}).")

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--act", default="", metavar="ATO", help="nº do protocolo ou ato")
        p.add_argument("--card", metavar="ARQUIVO.pdf", help="grava o novo cartão de permissão")
        p.add_argument("--sheet", choices=["a4"], help="cartão em folha A4")

    def done_lines(self, result, inputs):
        return [self.describe(result)]

"""Renewal of an auxiliary driver's credential, the requirements proved again."""
from __future__ import annotations

from ...domain.errors import RuleRefusal
from ..licensing import auxiliary
from . import register
from ._credential import CredentialAct
from .base import day, debts_lines, fee_lines


@register
class AuxRenew(CredentialAct):
    key = "aux_renew"
    label = "Renovar credencial de condutor auxiliar…"
    menu_text = "Re&novar credencial de condutor auxiliar…"
    title = "Renovação da credencial de condutor auxiliar"
    permission = "auxiliary.recredential"
    statuses = auxiliary.LIVE_STATUSES
    credential = True
    order = 220
    audit = {"auxiliary.recredential": "Auxiliar recredenciado"}
    print_note = "Depois de confirmar, imprima o novo cartão do condutor auxiliar."
    confirm = "Renovar"
    cli_help = "renova a credencial (nº em 'aux list')"
    cli_card, card_help = "aux", "grava o novo cartão"

    def law_refusal(self, profile):
        refusal = super().law_refusal(profile)
        if refusal is None and not profile.auxiliary.recredential_months:
            return RuleRefusal("A lei do município não exige renovação do credenciamento do "
                               "condutor auxiliar", profile.auxiliary.article)
        return refusal

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        return auxiliary.recredential(actor, auxiliary_id,
                                      on=day(inputs.get("on"), "Data da renovação"))

    def fees(self, profile):
        return fee_lines(profile.application("auxiliary_driver").fee_key,
                         "permissionário, que responde pelo condutor auxiliar")

    def rules(self, profile, inputs):
        a = profile.auxiliary
        return [f"Renovação do credenciamento a cada {a.recredential_months} meses, com os "
                f"requisitos comprovados de novo ({a.article})."] + debts_lines(profile)

    def describe(self, result):
        from ...domain.validators import format_date
        until = format_date(result["valid_until"]) or "sem prazo"
        return f"Credencial de {result['person_name']} renovada até {until}."

    def add_arguments(self, p):
        super().add_arguments(p)
        self.add_card(p)

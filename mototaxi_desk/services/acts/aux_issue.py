"""Credential of an auxiliary driver on a permit's vehicle, with his card (SRM Art. 38,
L1745 Art. 17)."""
from __future__ import annotations

from ...domain.errors import ValidationError
from ..licensing import auxiliary
from . import register
from ._credential import CredentialAct
from .base import day, debts_lines, fee_lines, permit_by_number


@register
class AuxIssue(CredentialAct):
    key = "aux_issue"
    label, menu_text = "Credenciar condutor auxiliar…", "Credenciar c&ondutor auxiliar…"
    title = "Credenciamento de condutor auxiliar"
    permission = "auxiliary.credential"
    statuses = auxiliary.LIVE_STATUSES
    credential = False  # chosen on a permit
    order = 210
    none_why = "Nenhuma permissão ativa, suspensa ou interrompida."
    audit = {"auxiliary.credential": "Auxiliar credenciado"}
    print_note = "Depois de confirmar, imprima o cartão do condutor auxiliar."
    confirm, date_label = "Credenciar", "Data do credenciamento"
    form = "auxiliary_credential"
    cli_help = "credencia um condutor auxiliar na permissão"
    cli_card, card_help = "aux", "grava o cartão do condutor auxiliar"

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        if not inputs.get("person_id"):
            raise ValidationError("Condutor auxiliar", "informe o CPF do condutor auxiliar.")
        return auxiliary.credential(actor, permit_id, inputs["person_id"],
                                    on=day(inputs.get("on"), "Data do credenciamento"))

    def fees(self, profile):
        return fee_lines(profile.application("auxiliary_driver").fee_key,
                         "permissionário, que responde pelo condutor auxiliar")

    def rules(self, profile, inputs):
        a = profile.auxiliary
        lines = [f"Condutor auxiliar credenciado no veículo da permissão ({a.article}); só "
                 "opera no veículo em que está credenciado."]
        if a.max_per_vehicle:
            lines.append(f"No máximo {a.max_per_vehicle} condutor(es) auxiliar(es) por veículo "
                         f"({a.max_article}).")
        lines.append(f"Cumpre os requisitos pessoais do permissionário "
                     f"({profile.holder.article}).")
        if a.recredential_months:
            lines.append(f"Credenciamento renovado a cada {a.recredential_months} meses "
                         f"({a.article}).")
        return lines + debts_lines(profile)

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("cpf", metavar="CPF")
        self.add_card(p)

    def cli_inputs(self, args):
        from ..register import persons
        return {"on": args.date, "permit_id": permit_by_number(args.permit).id,
                "person_id": persons.person_by_cpf(args.cpf).id}

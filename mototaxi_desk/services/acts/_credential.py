"""What the acts on an auxiliary driver's credential share (aux_issue.py, aux_renew.py,
aux_end.py, aux_cassate.py): the law's auxiliary driver, the `aux` command."""
from __future__ import annotations

from ...domain import validators
from .base import Act, Field, auxiliary_refusal


class CredentialAct(Act):
    menu_group = 2
    cli_group = "aux"
    cli_pdf = False
    none_why = "Nenhuma credencial de condutor auxiliar ativa."
    fields = (Field("credential", "Credencial", "credential"), Field("on", "Data", "date"))

    @property
    def cli_name(self):
        return self.key[len("aux_"):]

    def law_refusal(self, profile):
        return auxiliary_refusal(profile)

    def add_arguments(self, p):
        p.add_argument("credential", metavar="Nº")

    def cli_inputs(self, args):
        return {"on": args.date, "auxiliary_id": validators.positive_int(
            str(args.credential).strip(), "Nº da credencial", maximum=2**31 - 1)}

    def done_lines(self, result, inputs):
        until = validators.format_date(result["valid_until"]) or "sem prazo"
        return [f"Credencial nº {result['id']} de {result['person_name']} válida até {until}."]

    def add_card(self, p):
        p.add_argument("--card", metavar="ARQUIVO.pdf", help=self.card_help)
        p.add_argument("--sheet", choices=["a4"], help="cartão em folha A4")

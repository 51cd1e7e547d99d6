"""End of an auxiliary driver's credential (dismissed by the holder, or his own request)."""
from __future__ import annotations

from ..licensing import auxiliary
from . import register
from ._credential import CredentialAct
from .base import Field, day


@register
class AuxEnd(CredentialAct):
    key = "aux_end"
    label = "Encerrar credencial de condutor auxiliar…"
    menu_text = "Encerrar credencial de condutor au&xiliar…"
    title = "Encerramento da credencial de condutor auxiliar"
    permission = "auxiliary.end"
    credential = True
    order = 230
    audit = {"auxiliary.end": "Credencial encerrada"}
    confirm = "Encerrar credencial"
    fields = CredentialAct.fields + (
        Field("reason", "Motivo do encerramento", max_length=200,
              placeholder="ex.: dispensado pelo permissionário"),)
    cli_help = "encerra a credencial (nº em 'aux list')"

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        return auxiliary.end(actor, auxiliary_id, on=day(inputs.get("on"), "Data do encerramento"),
                             reason=inputs.get("reason"))

    def rules(self, profile, inputs):
        return ["Encerra a credencial: o condutor auxiliar deixa de poder operar o veículo "
                "da permissão."]

    def describe(self, result):
        return f"Credencial de {result['person_name']} encerrada."

    def add_arguments(self, p):
        super().add_arguments(p)
        p.add_argument("--reason", required=True, metavar="MOTIVO")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "reason": args.reason}

    def done_lines(self, result, inputs):
        return [f"Credencial nº {result['id']} de {result['person_name']} encerrada."]

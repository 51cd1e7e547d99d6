"""Cassation of the auxiliary driver's own credential, barring him from a new one (SRM Art. 38
IV and §3º, L1745 Art. 17 IV and §2º); where the law has none, the penalties fall on the
holder (PF Art. 30)."""
from __future__ import annotations

from ...domain import validators
from ...domain.errors import RuleRefusal
from ..licensing import auxiliary
from . import register
from ._credential import CredentialAct
from .base import Field, day


@register
class AuxCassate(CredentialAct):
    key = "aux_cassate"
    label = "Cassar credencial de condutor auxiliar…"
    menu_text = "Cassar credencial de cond&utor auxiliar…"
    title = "Cassação da credencial de condutor auxiliar"
    permission = "auxiliary.cassate"
    credential = True
    order = 240
    audit = {"auxiliary.cassate": "Credencial cassada"}
    confirm = "Cassar credencial"
    fields = CredentialAct.fields + (
        Field("reason", "Motivo da cassação", max_length=200,
              placeholder="ex.: infração do Art. 38 IV"),
        Field("act_number", "Nº do ato", placeholder="ex.: Portaria nº 12/2026"))
    cli_help = ("cassa a credencial do próprio condutor auxiliar e o impede de novo "
                "credenciamento (SRM Art. 38 IV e §3º; L1745 Art. 17 IV e §2º)")

    def law_refusal(self, profile):
        refusal = super().law_refusal(profile)
        if refusal is None and not profile.auxiliary.cassation_article:
            # PF Art. 30: the holder answers for his prepostos; the penalty is his
            return RuleRefusal("A lei do município não prevê a cassação do credenciamento do "
                               "condutor auxiliar; as penalidades recaem sobre o "
                               "permissionário", profile.penalties.article)
        return refusal

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        return auxiliary.cassate_credential(actor, auxiliary_id,
                                            on=day(inputs.get("on"), "Data da cassação"),
                                            reason=inputs.get("reason"),
                                            act_number=inputs.get("act_number") or "")

    def rules(self, profile, inputs):
        """SRM Art. 38 IV and §3º, L1745 Art. 17 IV and §2º: the auxiliary's own credential
        is cassated and he is barred from a new credential; the holder is not barred."""
        a = profile.auxiliary
        lines = [f"Cassação do credenciamento do próprio condutor auxiliar "
                 f"({a.cassation_article}); a permissão e o permissionário não são atingidos."]
        if a.cassation_bar_forever:
            lines.append("O condutor auxiliar não poderá ser credenciado de novo "
                         f"({a.cassation_article}).")
        elif a.cassation_bar_years:
            lines.append(f"O condutor auxiliar só poderá ser credenciado de novo após "
                         f"{a.cassation_bar_years} anos ({a.cassation_article}).")
        return lines

    def describe(self, result):
        bar = ("impedido(a) de novo credenciamento" +
               (f" até {validators.format_date(result['barred_until'])}"
                if result["barred_until"] else " por tempo indeterminado")
               if result["barred"] else "")
        return (f"Credencial de {result['person_name']} cassada ({result['article']})"
                + (f"; {bar}" if bar else "") + ".")

    def add_arguments(self, p):
        super().add_arguments(p)
        p.add_argument("--reason", required=True, metavar="MOTIVO")
        p.add_argument("--act", default="", metavar="ATO", help="nº da portaria/decreto")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "reason": args.reason, "act_number": args.act}

    def done_lines(self, result, inputs):
        lines = [f"Credencial nº {result['id']} de {result['person_name']} cassada "
                 f"({result['article']})."]
        if result["barred"]:
            lines.append("Impedido(a) de novo credenciamento " +
                         (f"até {validators.format_date(result['barred_until'])}."
                          if result["barred_until"] else "por tempo indeterminado."))
        return lines

"""Reinstatement of a permit suspended, revoked or cassated (appeal or defence upheld)."""
from __future__ import annotations

from ...domain.permit_status import STATUS_LABELS, PermitAction, PermitStatus
from ..licensing import decisions
from . import register
from .base import Act


@register
class Reinstate(Act):
    key = "reinstate"
    label, menu_text = "Restabelecer permissão…", "R&estabelecer permissão…"
    title = "Restabelecimento da permissão"
    permission = "permit.reinstate"
    statuses = (PermitStatus.SUSPENDED, PermitStatus.REVOKED, PermitStatus.CASSATED)
    order, menu_group = 140, 1
    none_why = "Nenhuma permissão suspensa, revogada ou cassada."
    audit = {"permit.reinstate": "Permissão restabelecida"}
    printed = {PermitAction.REINSTATE: "Ato de restabelecimento"}
    print_note = "Depois de confirmar, imprima o ato de restabelecimento."
    confirm, form = "Restabelecer", "permit_status"
    status_form = {"print": "Imprimir o ato de restabelecimento ao confirmar",
                   "placeholder": "ex.: recurso acolhido pelo Prefeito"}
    cli_help = ("restabelece a permissão suspensa, revogada ou cassada (recurso ou defesa "
                "acolhidos)")

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return decisions.reinstate(actor, permit_id, reason=get("reason"),
                                   act_number=get("act_number") or "", on=get("on"))

    def rules(self, profile, inputs):
        appeal = profile.defence.appeal_article
        return ["Restabelece a permissão suspensa, revogada ou cassada — recurso ou defesa "
                "acolhidos" + (f" ({appeal})" if appeal else "") + "; a sanção que a mantinha "
                "fica desconstituída.",
                "A vaga no ponto não volta sozinha: vincule a permissão a um ponto com vaga."]

    def content(self, line, order, doc):
        holder = doc.holder_at(line)
        who = doc.who(holder)
        municipio = doc.settings()
        return {"title": f"ATO DE RESTABELECIMENTO DA PERMISSÃO Nº {order}",
                "opening": f"Fica restabelecida a permissão nº {order} para a prestação do "
                           f"serviço de mototáxi, de {who}, que volta à situação Ativa"
                           + (f" (estava {STATUS_LABELS[line.from_status].lower()})"
                              if line.from_status in STATUS_LABELS else "") + ".",
                "sections": (("Do restabelecimento", tuple(doc.act_rows(line))),
                             ("Da permissão", tuple(doc.permit_rows(line)))),
                "clauses": ("A sanção que mantinha a permissão fica desconstituída; "
                            "impedimentos dela decorrentes são levantados.",
                            "A vaga no ponto não volta automaticamente: a permissão é "
                            "vinculada a um ponto com vaga."),
                "signatures": ((doc.AUTHORITY, f"Pelo Município de {municipio.name}"),
                               (holder.name, "Permissionário(a), ciente"))}

    def describe(self, result):
        text = f"Permissão nº {result['order_text']}: {result['status_label']}."
        if not result.get("stand_number"):
            text += " Vincule a permissão a um ponto com vaga (botão Ponto)."
        return text

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--reason", required=True, metavar="MOTIVO")
        p.add_argument("--act", default="", metavar="ATO")

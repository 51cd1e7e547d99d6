"""Return to service before the end of an interruption or a suspension."""
from __future__ import annotations

from ...domain.permit_status import PermitAction, PermitStatus
from ..licensing import permits
from . import register
from .base import Act, day


@register
class Resume(Act):
    key = "resume"
    label, menu_text = "Registrar retorno ao serviço…", "Registrar &retorno ao serviço…"
    title = "Retorno ao serviço"
    permission = "permit.resume"
    statuses = (PermitStatus.INTERRUPTED, PermitStatus.SUSPENDED)
    order, menu_group = 40, 0
    none_why = "Nenhuma permissão interrompida ou suspensa."
    audit = {"permit.resume": "Retorno ao serviço"}
    printed = {PermitAction.RESUME: "Registro de retorno ao serviço"}
    print_note = "Depois de confirmar, imprima o registro do retorno ao serviço."
    confirm, form = "Registrar retorno", "permit_status"
    status_form = {"print": "Imprimir o registro de retorno ao confirmar",
                   "placeholder": "ex.: retornou antes do prazo", "act_number": False,
                   "print_checked": False}
    cli_help = "registra o retorno ao serviço (interrupção ou suspensão)"

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return permits.resume_permit(actor, permit_id, on=day(get("on"), "Data do retorno"),
                                     reason=get("reason") or "")

    def rules(self, profile, inputs):
        return ["Registra o retorno ao serviço antes do fim do prazo da interrupção ou da "
                "suspensão; ao fim do prazo a permissão volta a Ativa sozinha."]

    def content(self, line, order, doc):
        holder = doc.holder_at(line)
        who = doc.who(holder)
        return {"title": f"REGISTRO DE RETORNO AO SERVIÇO — PERMISSÃO Nº {order}",
                "opening": f"Registra-se o retorno à prestação do serviço de mototáxi do "
                           f"permissionário {who}, pela permissão nº {order}, que volta à "
                           "situação Ativa.",
                "sections": (("Do retorno", tuple(doc.act_rows(line))),
                             ("Da permissão", tuple(doc.permit_rows(line)))),
                "clauses": (), "signatures": (("", "Servidor(a) responsável"),
                                              (holder.name, "Permissionário(a)"))}

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--reason", default="", metavar="MOTIVO")

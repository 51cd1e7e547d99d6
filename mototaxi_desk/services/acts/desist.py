"""Desistência: the holder gives the permit up (SRM Art. 12 §2º, PF Art. 12); the place is
freed and the waiting list called where the law says so."""
from __future__ import annotations

from ...domain.errors import RuleRefusal
from ...domain.permit_status import IN_FORCE, PermitAction
from ..licensing import permits
from . import register
from .base import Act, day


@register
class Desist(Act):
    key = "desist"
    label, menu_text = "Registrar desistência…", "Registrar &desistência…"
    title = "Desistência da permissão"
    permission = "permit.desist"
    statuses = IN_FORCE
    order, menu_group = 50, 0
    none_why = "Nenhuma permissão em vigor."
    audit = {"permit.withdraw": "Desistência"}
    printed = {PermitAction.WITHDRAW: "Termo de desistência"}
    ends_permit = True
    print_note = ("Depois de confirmar, imprima o termo de desistência, para o permissionário "
                  "assinar.")
    confirm, form = "Registrar desistência", "permit_status"
    status_form = {"print": "Imprimir o termo de desistência ao confirmar",
                   "reason": "Desistência do permissionário"}
    cli_help = "registra a desistência do permissionário"

    def law_refusal(self, profile):
        kind = profile.application("withdrawal")
        if not kind.allowed:
            return RuleRefusal("A lei do município não prevê desistência da permissão",
                               kind.article or profile.profile.law)
        return None

    def run(self, actor, *, permit_id=None, auxiliary_id=None, **inputs):
        get = inputs.get
        return permits.desist(actor, permit_id, on=day(get("on"), "Data da desistência"),
                              reason=get("reason") or "", act_number=get("act_number") or "")

    def rules(self, profile, inputs):
        kind, wl = profile.application("withdrawal"), profile.waiting_list
        call = (f"o próximo da lista de espera é convocado ({wl.article})"
                if wl.mode == "automatic" else
                f"a vaga é preenchida por {'licitação' if wl.mode == 'licitacao' else 'edital'}"
                f" ({wl.article})")
        return [f"{kind.label}: a permissão é revertida ao Poder Público ({kind.article}); "
                f"{call}."]

    def content(self, line, order, doc):
        profile = doc.profile_at(line)
        holder = doc.holder_at(line)
        who = doc.who(holder)
        municipio = doc.settings()
        permit = line.permit
        vehicle = permit.vehicle if permit.vehicle_id else None
        kind, wl = profile.application("withdrawal"), profile.waiting_list
        clauses = [f"A permissão é revertida ao Poder Público ({kind.article}), sem que a "
                   "desistência constitua direito de qualquer natureza ao desistente ou a "
                   "terceiros; o cartão de permissão deve ser devolvido.",
                   "As credenciais de condutor auxiliar da permissão ficam encerradas e a "
                   "vaga no ponto fica livre."]
        if wl.mode == "automatic":
            clauses.append(f"É convocado o próximo requerente da lista de espera "
                           f"({wl.article}).")
        return {"title": f"TERMO DE DESISTÊNCIA DA PERMISSÃO Nº {order}",
                "opening": f"O(A) permissionário(a) {who}, comunica formalmente à "
                           f"Administração Municipal ({kind.article}) sua desistência da "
                           f"permissão nº {order} para a prestação do serviço de mototáxi.",
                "sections": (("Da desistência", tuple(doc.act_rows(line))),
                             ("Da permissão", tuple(doc.permit_rows(line))),
                             ("Do permissionário", doc.person_rows(holder, full=False)),
                             ("Do veículo", doc.vehicle_rows(vehicle))),
                "clauses": tuple(clauses),
                "signatures": ((holder.name, "Permissionário(a) desistente"),
                               (doc.AUTHORITY, f"Pelo Município de {municipio.name}"))}

    def add_arguments(self, p):
        p.add_argument("permit", metavar="PERMISSAO")
        p.add_argument("--reason", default="Desistência do permissionário", metavar="MOTIVO")
        p.add_argument("--act", default="", metavar="ATO")

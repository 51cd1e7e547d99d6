"""Cassation of the permit by decision, on a ground of the law (SRM Art. 38, L1745 Art. 17):
the holder is barred from a new permit for the law's years (or for ever)."""
from __future__ import annotations

from ...domain.permit_status import IN_FORCE, PermitAction
from . import register
from ._decision import DecisionAct


@register
class Cassate(DecisionAct):
    key = "cassate"
    label, menu_text = "Cassar por decisão…", "&Cassar por decisão…"
    title = "Cassação da permissão por decisão"
    statuses = IN_FORCE
    order = 130
    none_why = "Nenhuma permissão em vigor para cassar."
    audit = {"permit.cassate": "Permissão cassada"}
    printed = {PermitAction.CASSATE: "Notificação de cassação"}
    ends_permit = True
    confirm, verb = "Cassar", "cassa"

    def bar_rules(self, profile):
        p = profile.permit
        if p.cassation_bar_forever:
            return ["Cassada a permissão, não é concedida nova permissão ao permissionário "
                    f"({p.cassation_bar_article})."]
        if p.cassation_bar_years:
            return [f"Cassada a permissão, o permissionário só obtém outra após "
                    f"{p.cassation_bar_years} anos ({p.cassation_bar_article})."]
        return []

    def bar_clauses(self, profile):
        p = profile.permit
        if p.cassation_bar_forever:
            return [f"Ao permissionário punido com a cassação não será concedida nova "
                    f"permissão ({p.cassation_bar_article})."]
        if p.cassation_bar_years:
            return [f"O permissionário só poderá obter outra permissão depois de "
                    f"{p.cassation_bar_years} anos da cassação ({p.cassation_bar_article})."]
        return []

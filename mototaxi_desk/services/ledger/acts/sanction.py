"""A sanction the engine proposed, applied by the supervisor after the contraditório
(PF Art. 38 §2º) through the permit's acts (suspend, revoke, cassate). Its form is the panel
of proposed sanctions (gui/widgets/ledger_view); here its audit words."""
from __future__ import annotations

from .. import sanctions
from . import register
from .base import LedgerAct


@register
class ApplySanction(LedgerAct):
    key = "sanction"
    label, title = "Aplicar sanção…", "Aplicar sanção"
    permission = "sanction.apply"
    active_only = False
    order = 200
    audit = {"sanction.apply": "Sanção aplicada", "sanction.decide": "Sanção aplicada por decisão"}

    def run(self, actor, *, notice_id=None, **inputs):
        return sanctions.apply_sanction(actor, inputs["permit_id"], inputs["rule_key"],
                                        on=inputs.get("on"),
                                        act_number=inputs.get("act_number", ""))

"""Revelia: no defence by the deadline, the notice's penalties apply (SRM Art. 35 §3º)."""
from __future__ import annotations

from ....domain.notice_stage import NoticeStage
from .. import defences
from . import register
from .base import LedgerAct


@register
class Revelia(LedgerAct):
    key = button = form = "revelia"
    label, title, confirm = "Declarar revelia…", "Declarar revelia", "Declarar"
    permission = "notice.revelia"
    stages = (NoticeStage.REVELIA_DUE,)
    order = 40
    audit = {"notice.revelia": "Revelia declarada"}
    cli_group = "notice"
    cli_help = "declara a revelia: sem defesa no prazo, as penalidades do auto se aplicam"

    def run(self, actor, *, notice_id=None, **inputs):
        return defences.record_revelia(actor, notice_id)

    def done_text(self, result, inputs):
        return "Revelia declarada: as penalidades se aplicam."

    def done_lines(self, result, inputs):
        return ["Revelia declarada: as penalidades do auto se aplicam."]

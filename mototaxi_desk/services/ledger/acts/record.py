"""Recording an auto de infração (SRM Art. 35): the fine charged, the sanctions proposed.
Its form is the Infrações page's "Lavrar auto de infração" (gui/dialogs/notice_entry) and its
command `notice record` (cli/licensing.py); here its audit words and its printed document,
the auto, printed from the notice's dialog."""
from __future__ import annotations

from .. import notices
from . import register
from .base import LedgerAct


@register
class Record(LedgerAct):
    key = "record"
    label, title = "Lavrar auto de infração…", "Lavrar auto de infração"
    permission = "notice.record"
    active_only = False
    order = 0
    audit = {"notice.record": "Auto de infração lavrado", "charge.create": "Multa lançada"}
    document = "Auto de infração"
    print_button = ("print", "Imprimir auto (Ctrl+P)")

    def run(self, actor, *, notice_id=None, **inputs):
        return notices.record_notice(actor, inputs)

    def print_document(self, actor, state):
        from ...documents import print_notice
        return print_notice(actor, state.notice["number"])

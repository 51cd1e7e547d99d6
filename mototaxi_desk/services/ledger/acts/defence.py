"""The defence (SRM Art. 35 §1º, PF Art. 38) and the appeal (SRM Art. 49, L1745 Art. 19)
filed against an auto de infração, in the law's term; the supervisor judges them (judge.py).
The dialog files either with one button; the command line has one command for each."""
from __future__ import annotations

from ....domain.errors import RuleRefusal
from ....domain.notice_stage import NoticeStage, Proceeding
from ....domain.validators import format_date
from .. import defences
from . import register
from .base import PROCEEDING_STAGES, LedgerAct, notice_argument

WHAT = {"defence": "a defesa prévia (SRM Art. 35 §1º, PF Art. 38)",
        "appeal": "o recurso (SRM Art. 49, L1745 Art. 19), depois da decisão sobre a defesa "
                  "ou da revelia"}


class _Filing(LedgerAct):
    permission = "defence.file"
    stages = (NoticeStage.DEFENCE_OPEN, NoticeStage.APPEAL_OPEN, NoticeStage.REVELIA_DUE)
    audit = {"notice.defence_file": "Defesa protocolada",
             "notice.appeal_file": "Recurso protocolado"}
    cli_group = "notice"
    stage = ""  # the proceeding's stage the command files

    @property
    def cli_help(self):
        return (f"protocola {WHAT[self.stage]}, no prazo da lei; o julgamento é do supervisor "
                "('notice judge')")

    def run(self, actor, *, notice_id=None, **inputs):
        return defences.file_defence(actor, notice_id, stage_=inputs["stage"],
                                     filed_on=inputs.get("filed_on"), text=inputs["text"],
                                     attachments=inputs.get("attachments") or [])

    def done_text(self, result, inputs):
        return "Defesa/recurso protocolado; aguarda o julgamento do supervisor."

    def add_arguments(self, p):
        notice_argument(p)
        p.add_argument("--text", required=True, metavar="TEXTO",
                       help="texto da defesa" if self.stage == Proceeding.DEFENCE else "texto do recurso")
        p.add_argument("--filed-on", metavar="DD/MM/AAAA",
                       help="data do protocolo (padrão: hoje)")
        p.add_argument("--attachment", action="append", default=[], metavar="ANEXO",
                       help="documento anexado (repetível)")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "stage": self.stage, "filed_on": args.filed_on,
                "text": args.text, "attachments": args.attachment}

    def done_lines(self, result, inputs):
        return [f"{PROCEEDING_STAGES[self.stage]} protocolada em "
                f"{format_date(result['filed_on'])} (nº {result['id']}); aguarda o julgamento "
                "do supervisor ('notice judge')."]


@register
class Defence(_Filing):
    """The dialog's button files a defence or an appeal, as the law provides."""
    key = button = form = stage = "defence"
    label, title = "Protocolar defesa/recurso…", "Protocolar defesa ou recurso"
    order = 20

    def law_refusal(self, profile):
        rule = profile.defence
        if not (rule.defence_days or rule.appeal_days):
            return RuleRefusal("A lei do município não prevê defesa nem recurso contra o auto",
                               rule.defence_article or rule.appeal_article or
                               profile.profile.law)
        return None


@register
class Appeal(_Filing):
    """The appeal's own command (the dialog files it with the defence's button)."""
    key = stage = "appeal"
    label, title = "Protocolar recurso…", "Protocolar recurso"
    order = 21
    audit = {}

    def law_refusal(self, profile):
        rule = profile.defence
        if not rule.appeal_days:  # the service refuses it too, with these words' sense
            return RuleRefusal("A lei do município não prevê recurso contra o auto",
                               rule.appeal_article or profile.profile.law)
        return None

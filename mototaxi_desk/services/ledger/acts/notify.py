"""The notification of the auto de infração: the defence term runs from it (SRM Art. 35 §1º;
the means the law admits, defence.notification_means; e-mail is not a notification)."""
from __future__ import annotations

from ....domain.notice_stage import NoticeStage
from ....domain.profile_vocabulary import NOTIFICATION_MEANS_RECORDED
from ....domain.validators import format_date
from .. import notices
from . import register
from .base import LedgerAct, notice_argument

CHANNELS = NOTIFICATION_MEANS_RECORDED  # e-mail is not a notification


@register
class Notify(LedgerAct):
    key = button = form = "notify"
    label, title = "Registrar notificação…", "Registrar notificação"
    permission = "notice.notify"
    stages = (NoticeStage.AWAITING_NOTIFICATION,)
    order = 10
    audit = {"notice.notify": "Notificação registrada"}
    cli_group = "notice"
    cli_help = "registra a notificação do auto (o prazo de defesa corre a partir dela)"

    def run(self, actor, *, notice_id=None, **inputs):
        return notices.record_notification(actor, notice_id, notified_on=inputs["on"],
                                           channel=inputs["channel"])

    def done_text(self, result, inputs):
        return "Notificação registrada: o prazo de defesa corre a partir dela."

    def add_arguments(self, p):
        notice_argument(p)
        p.add_argument("--on", required=True, metavar="DD/MM/AAAA", help="data da notificação")
        p.add_argument("--channel", required=True, choices=CHANNELS,
                       help="in_person (pessoalmente), post (via postal com recibo), gazette "
                            "(Diário Oficial): só os meios que a lei admite "
                            "(defence.notification_means do perfil); e-mail não é notificação")

    def cli_inputs(self, args):
        return {**super().cli_inputs(args), "on": args.on, "channel": args.channel}

    def done_lines(self, result, inputs):
        lines = [f"Auto nº {result['number']} notificado em "
                 f"{format_date(result['notified_on'])}."]
        if result.get("defence_deadline"):
            lines.append(f"Defesa até {format_date(result['defence_deadline'])}.")
        return lines

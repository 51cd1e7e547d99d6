"""The supervisor judges the pending defence or appeal; accepted, the notice is voided with
its fine, the sanctions and the measures resting on it (SRM Art. 35 §2º)."""
from __future__ import annotations

from ....domain.errors import DomainError
from .. import defences, ledger_views
from . import register
from .base import PROCEEDING_STAGES, LedgerAct, notice_argument


def pending(notice: dict, stage: str | None) -> dict:
    """The one defence or appeal of the notice awaiting judgement (of `stage` if given)."""
    rows = [p for p in notice["proceedings"] if p["event"] == "filed" and not p["decision"]
            and (stage is None or p["stage"] == stage)]
    if not rows:
        raise DomainError(f"O auto nº {notice['number']} não tem "
                          + (f"{PROCEEDING_STAGES[stage].lower()} " if stage else
                             "defesa nem recurso ") + "pendente de julgamento.")
    if len(rows) > 1:
        raise DomainError("Há defesa e recurso pendentes: informe --stage defence ou appeal.")
    return rows[0]


@register
class Judge(LedgerAct):
    key = button = form = "judge"
    label, title = "Julgar…", "Julgar defesa ou recurso"
    permission = "defence.judge"
    order = 30
    audit = {"notice.defence_judge": "Defesa julgada", "notice.appeal_judge": "Recurso julgado"}
    cli_group = "notice"
    cli_help = ("julga a defesa ou o recurso pendente; acolhido, o auto é anulado com a multa, "
                "as sanções e as medidas dele decorrentes (SRM Art. 35 §2º)")

    def ready(self, state):
        return bool(state.pending)

    def run(self, actor, *, notice_id=None, **inputs):
        return defences.judge(actor, inputs["proceeding"], accepted=inputs["accepted"],
                              reason=inputs["reason"])

    def done_text(self, result, inputs):
        return ("Defesa acolhida: o auto foi anulado." if inputs["accepted"] else
                "Defesa rejeitada: as penalidades se mantêm.")

    def add_arguments(self, p):
        notice_argument(p)
        verdict = p.add_mutually_exclusive_group(required=True)
        verdict.add_argument("--accept", action="store_true", help="acolhe (o auto é anulado)")
        verdict.add_argument("--reject", action="store_true",
                             help="rejeita (o auto se mantém)")
        p.add_argument("--reason", required=True, metavar="TEXTO",
                       help="fundamentação da decisão")
        p.add_argument("--stage", choices=tuple(PROCEEDING_STAGES),
                       help="defence ou appeal (padrão: o único pendente)")

    def cli_inputs(self, args):
        notice_id = super().cli_inputs(args)["notice_id"]
        row = pending(ledger_views.notice(notice_id), args.stage)
        return {"notice_id": notice_id, "proceeding": row["id"], "accepted": args.accept,
                "reason": args.reason}

    def done_lines(self, result, inputs):
        what = PROCEEDING_STAGES[result["stage"]]
        return [f"{what} acolhida: o auto foi anulado, com a multa, as sanções e as medidas "
                "dele decorrentes." if inputs["accepted"] else
                f"{what} rejeitada: as penalidades se mantêm."]

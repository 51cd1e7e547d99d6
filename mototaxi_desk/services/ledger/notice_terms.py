"""Where a notice stands in its proceeding: defence and appeal deadlines, the stage, and
revelia when the defence term passed with none (SRM Art. 35 §§1º-3º, PF Arts. 34, 38,
L1745 Art. 19)."""
from __future__ import annotations

import datetime as dt
import json

from ...domain.errors import DomainError
from ...domain.notice_stage import STAGE_LABELS, NoticeStage, Proceeding, ProceedingEvent  # noqa: F401 (the face names it)
from ...domain.penalty_calendar import deadline, moved_from
from ...store.models import InfractionNotice, NoticeProceeding
from .. import audit, setup
from ..context import Actor
from ..administration.holidays import business_calendar
from .notice_records import number_text

# the stages, their words and colours: domain/notice_stage.NoticeStage



def proceedings_of(notice_id) -> list[NoticeProceeding]:
    return list(NoticeProceeding.select().where(NoticeProceeding.notice == notice_id)
                .order_by(NoticeProceeding.id))


def _rule(notice: InfractionNotice, at=None):
    """The defence rules of the version in force on the infraction date; `at`
    (setup.profiles_by_date) reads the versions once for a list of notices."""
    return (at or setup.profile)(notice.occurred_at.date()).defence


def deadline_notes(notice: InfractionNotice, proceedings=None, calendar=None,
                   at=None) -> dict:
    """Per term ("defence", "appeal"), why its last day is what it is when it was moved off a
    non-business day, citing the profile's article (defence.extend_article, Lei 9.784/1999
    Art. 66 §1º); "" otherwise. The terms of the version in force on the infraction date."""
    rule = _rule(notice, at)
    calendar = calendar or business_calendar()
    proceedings = proceedings_of(notice.id) if proceedings is None else proceedings
    starts = _term_starts(notice, proceedings, rule)
    out = {}
    for kind, days in (("defence", rule.defence_days), ("appeal", rule.appeal_days)):
        moved = moved_from(starts[kind], days, business_days=rule.business_days,
                           extend=rule.extend_to_business_day,
                           calendar=calendar) if starts[kind] else None
        out[kind] = (f"o prazo terminaria em {moved:%d/%m/%Y}, dia sem expediente, e passa "
                     f"ao dia útil seguinte ({rule.extend_article})") if moved else ""
    return out


def _term_starts(notice: InfractionNotice, proceedings, rule) -> dict:
    """The day each term counts from: the notification for the defence; for the appeal, the
    decision on the defence (or revelia), or the notification where the law has no defence
    stage (L1745 Art. 19)."""
    out = {"defence": notice.notified_on, "appeal": None}
    if notice.notified_on is None or not rule.appeal_days:
        return out
    if not rule.defence_days:
        out["appeal"] = notice.notified_on
    else:
        closed = [p for p in proceedings if p.stage == Proceeding.DEFENCE and
                  (p.event == ProceedingEvent.REVELIA or p.decision == "rejected")]
        out["appeal"] = (closed[-1].decided_on or closed[-1].filed_on) if closed else None
    return out


def deadlines(notice: InfractionNotice, proceedings=None, calendar=None, at=None) -> dict:
    """Defence deadline from the notification (PF Arts. 34, 38: 30 business days; SRM
    Art. 35 §1º: 10 days); appeal deadline from the notification of the decision on the
    defence, or of the notice when the law has no defence stage (SRM Art. 49: 10 days;
    L1745 Art. 19: 15 days). The terms of the profile version in force on the infraction
    date."""
    rule = _rule(notice, at)
    calendar = calendar or business_calendar()
    proceedings = proceedings_of(notice.id) if proceedings is None else proceedings
    kw = dict(business_days=rule.business_days, extend=rule.extend_to_business_day,
              calendar=calendar)
    starts = _term_starts(notice, proceedings, rule)
    return {"defence": deadline(starts["defence"], rule.defence_days, **kw)
            if starts["defence"] else None,
            "appeal": deadline(starts["appeal"], rule.appeal_days, **kw)
            if starts["appeal"] else None}


def stage(notice: InfractionNotice, on: dt.date, proceedings=None, calendar=None,
          at=None, *, terms: dict | None = None) -> NoticeStage:
    """Where the notice stands: a NoticeStage (domain/notice_stage.py). 'final' = the
    contraditório is over and its penalties may be applied (PF Art. 38 §2º, SRM Art. 35
    §3º). `terms`: its deadlines() when the caller has them already (a list)."""
    if notice.status == "voided":
        return NoticeStage.VOIDED
    if notice.notified_on is None:
        return NoticeStage.AWAITING_NOTIFICATION
    rule = _rule(notice, at)
    proceedings = proceedings_of(notice.id) if proceedings is None else proceedings
    terms = terms if terms is not None else deadlines(notice, proceedings, calendar, at)
    defence = [p for p in proceedings if p.stage == Proceeding.DEFENCE]
    appeal = [p for p in proceedings if p.stage == Proceeding.APPEAL]
    if rule.defence_days:
        if not defence:
            return NoticeStage.DEFENCE_OPEN if on <= terms["defence"] else NoticeStage.REVELIA_DUE
        if defence[-1].event == "filed" and not defence[-1].decision:
            return NoticeStage.DEFENCE_PENDING
    if rule.appeal_days and appeal and not appeal[-1].decision:
        return NoticeStage.APPEAL_PENDING
    if rule.appeal_days and not appeal and terms["appeal"] and on <= terms["appeal"]:
        return NoticeStage.APPEAL_OPEN
    return NoticeStage.FINAL


def sanctions_ready(notice: InfractionNotice, on: dt.date, calendar=None) -> bool:
    """Sanctions resting on the notice may be applied: the defence stage is over (rejected,
    revelia, or the term passed with none), or the law has no defence stage (L1745: the
    penalty is applied and may be appealed, Art. 19)."""
    current = stage(notice, on, calendar=calendar)
    return current in (NoticeStage.FINAL, NoticeStage.REVELIA_DUE, NoticeStage.APPEAL_OPEN,
                       NoticeStage.APPEAL_PENDING)


def revelia(actor: Actor, notice: InfractionNotice, today: dt.date) -> NoticeProceeding:
    proceedings = proceedings_of(notice.id)
    if stage(notice, today, proceedings) != NoticeStage.REVELIA_DUE:
        term = deadlines(notice, proceedings)["defence"]
        raise DomainError(f"Não cabe revelia no auto nº {number_text(notice)}: "
                          + (f"o prazo de defesa vai até {term:%d/%m/%Y}." if term and
                             today <= term else "há defesa registrada ou o auto não foi "
                             "notificado."))
    row = NoticeProceeding.create(notice=notice.id, stage="defence", event="revelia",
                                  filed_on=today, decided_on=today, decided_by=actor.user_id,
                                  recorded_by=actor.user_id)
    audit.record(actor, "notice.revelia", "notice_proceeding", row.id,
                 after=audit.snapshot(row))
    return row


def proceeding_dict(row: NoticeProceeding) -> dict:
    return {"id": row.id, "notice_id": row.notice_id, "stage": row.stage, "event": row.event,
            "filed_on": row.filed_on, "text": row.text,
            "attachments": json.loads(row.attachments or "[]"), "decision": row.decision,
            "decided_on": row.decided_on, "decided_by": row.decided_by_id,
            "decision_reason": row.decision_reason}

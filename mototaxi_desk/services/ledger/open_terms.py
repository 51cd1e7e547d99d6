"""The defence and appeal terms still running (for services.alerts), read from the notices
whose term can still run, not from every notice of the register (issue 23).

A term runs on a day while that day is not after its last day (notice_terms.stage), and its
last day never moves earlier as the day it counts from moves later
(penalty_calendar.earliest_running_start). So of the terms of every rule profile version:
- a defence term (SRM Art. 35 §1º; PF Arts. 34, 38), or an appeal term counted from the
  notification where the law has no defence stage (L1745 Art. 19), runs only for a notice
  notified since the earliest start of that term;
- an appeal term counted from the decision on the defence, or from revelia (SRM Art. 49,
  Art. 35 §3º), runs only for a notice with such a decision since the earliest start.
The stage and the terms of each candidate are then worked out exactly as for one notice.
"""
from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Collection

from ...domain.penalty_calendar import earliest_running_start
from ...store.models import InfractionNotice, NoticeProceeding, Person
from .. import setup
from ..administration.holidays import business_calendar
from .ledger_views import _PROCEEDING_COLUMNS, _light, _light_by_notice
from .notice_records import number_text
from .notice_terms import deadlines, stage
from ...domain.notice_stage import Proceeding


def open_deadlines(*, on: dt.date, horizon: dt.date, persons: Collection[int] | None = None,
                   at=None) -> list[dict]:
    """Defence and appeal terms of active notices still running on `on` and ending by
    `horizon`: the candidate notices with their holders in one query, their proceedings in
    another, whatever their number (the profile versions once: `at`,
    setup.profiles_by_date); some holders' (`persons`: ids) through the index on the
    holder."""
    calendar = business_calendar()
    at = at or setup.profiles_by_date()
    candidates = _candidates(on, calendar, at, persons)
    if candidates is None:
        return []
    n = InfractionNotice
    columns = [(n.id, "id"), (n.year, "year"), (n.number, "number"), (n.holder, "holder_id"),
               (n.permit, "permit_id"), (n.plate, "plate"), (n.occurred_at, "occurred_at"),
               (n.notified_on, "notified_on"), (n.status, "status"),
               (Person.name, "holder_name"), (Person.name_folded, "folded")]
    rows = _light(n.select(*[field for field, _ in columns])
                  .join(Person, on=(n.holder == Person.id))
                  .where(n.id.in_(candidates)).order_by(n.id), columns)
    proceedings = _light_by_notice(NoticeProceeding, _PROCEEDING_COLUMNS, candidates) \
        if rows else {}
    out = []
    version_on = functools.lru_cache(maxsize=None)(at)  # one lookup per infraction day
    for notice in rows:
        own = proceedings.get(notice.id, [])
        terms = deadlines(notice, own, calendar, version_on)
        current = stage(notice, on, own, calendar, version_on, terms=terms)
        if current not in ("defence_open", "appeal_open"):
            continue
        kind = current.split("_")[0]
        due = terms[kind]
        if due is None or due > horizon:
            continue
        rule = version_on(notice.occurred_at.date()).defence
        out.append({"kind": f"{kind}_deadline", "due": due,
                    "article": rule.defence_article if kind == Proceeding.DEFENCE else
                    rule.appeal_article, "entity": "infraction_notice",
                    "entity_id": notice.id, "person_id": notice.holder_id,
                    "person_name": notice.holder_name, "permit_id": notice.permit_id,
                    "plate": notice.plate, "detail": f"auto nº {number_text(notice)}",
                    "folded": notice.folded})
    return out


def holders_with_running_terms(on: dt.date) -> set[int]:
    """The holders of the notices whose defence or appeal term may still run on `on` (or
    on a later day: a term that no longer runs on `on` runs on no later one): whose
    alerts a change of the business days (a municipal holiday) may move. One query."""
    candidates = _candidates(on, business_calendar(), setup.profiles_by_date(), None)
    if candidates is None:
        return set()
    return {holder for (holder,) in InfractionNotice.select(InfractionNotice.holder)
            .where(InfractionNotice.id.in_(candidates)).distinct().tuples()}


def running_since(on: dt.date, calendar, at) -> tuple[dt.date | None, dt.date | None]:
    """(notified since, decided since): the earliest notification, and the earliest decision
    on a defence (or revelia), from which a term of any profile version may still run on
    `on`; None where no version has such a term."""
    # every version `at` can answer with: the one in force from each effective day
    rules = {at(day).defence for day in at.effective_dates} | {at(on).defence}
    notified, decided = [], []
    for rule in rules:
        kw = dict(business_days=rule.business_days, extend=rule.extend_to_business_day,
                  calendar=calendar)
        if rule.defence_days:
            notified.append(earliest_running_start(on, rule.defence_days, **kw))
            if rule.appeal_days:
                decided.append(earliest_running_start(on, rule.appeal_days, **kw))
        elif rule.appeal_days:  # no defence stage: the appeal counts from the notification
            notified.append(earliest_running_start(on, rule.appeal_days, **kw))
    return min(notified, default=None), min(decided, default=None)


def _candidates(on: dt.date, calendar, at, persons: Collection[int] | None):
    """The ids of the notices whose defence or appeal term may still run on `on`, as a
    subquery, or None when no version of the law gives a term: the active notices notified
    since the earliest start (an index range on status and notification day) and the
    notices with a defence decided since then (a range of the proceedings' index on the
    decision day); some holders' notices, all of them (a few, through the index on the
    holder: with the day's conditions beside it a planner without statistics would take
    the whole register's range instead). Each is judged by its stage after."""
    n, p = InfractionNotice, NoticeProceeding
    if persons is not None:
        return n.select(n.id).where(n.holder.in_(list(persons)))
    notified, decided = running_since(on, calendar, at)
    parts = []
    if notified is not None:
        parts.append(n.select(n.id).where((n.status == "active") & (n.notified_on >= notified)))
    if decided is not None:
        # the appeal counts from the decision's day, or the filing's where none is recorded
        # (notice_terms._term_starts); a pending defence, a voided notice are let through
        # and judged by their stage (no join here: it would take the notices' index)
        parts.append(p.select(p.notice).where(
            (p.stage == Proceeding.DEFENCE) &
            ((p.decided_on >= decided) | (p.decided_on.is_null() & (p.filed_on >= decided)))))
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else parts[0] | parts[1]

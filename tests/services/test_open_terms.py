"""Issue 23: the defence and appeal terms still running (services/ledger/open_terms.py) are read
from the notices notified, or decided, since the earliest day a term can still run, not
from every notice; the items are exactly those the full computation (every notice's stage
and terms, notice_terms) finds, on every day around notices in every stage: SRM defence 10
days (Art. 35 §1º), appeal 10 days from the decision or the revelia (Art. 49, Art. 35 §3º),
an accepted defence voiding the notice (Art. 35 §2º); PF defence 30 business days across
Christmas and Carnival (Arts. 34, 38); L1745 appeal 15 days from the notification, no
defence stage (Art. 19); a newer wording with shorter terms leaving the older notices
theirs. On SQLite and PostgreSQL."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from mototaxi_desk.domain.profiles import PROFILES_DIR
from mototaxi_desk.services.views import alerts
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.ledger import open_terms
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.services.administration.holidays import business_calendar
from mototaxi_desk.services.ledger.notice_terms import (STAGE_LABELS, deadlines, proceedings_of,
                                                        stage)
from mototaxi_desk.store.models import InfractionNotice, PenaltyCharge

from ..conftest import SRM
from ..factories import CLERK, SUPERVISOR
from .ledger_helpers import ADMIN, FISCAL, holder_permit, notice_data

D = dt.date
ON = D(2026, 12, 10)  # a Thursday; the days compared run from October into January 2027


def _day(day: dt.date) -> str:
    return f"{day:%d/%m/%Y}"


def _notice(permit, code, occurred: dt.date, notified: dt.date | None, **extra) -> dict:
    data = notice_data(permit, code, f"{_day(occurred)} 10:00", **extra)
    if notified is not None:
        data |= {"notified_on": _day(notified), "notification_channel": "post"}
    return ledger.record_notice(FISCAL, data, on=ON)


def _defence(notice: dict, filed: dt.date, *, judged: dt.date | None = None,
             accepted: bool = False, stage_: str = "defence") -> None:
    row = ledger.file_defence(CLERK, notice["id"], stage_=stage_, filed_on=_day(filed),
                              text="O autuado nega a infração.", on=filed)
    if judged is not None:
        ledger.judge(SUPERVISOR, row["id"], accepted=accepted, reason="Fato analisado.",
                     on=judged)


def _every_term(on: dt.date, horizon: dt.date) -> set[tuple]:
    """The full computation: every notice of the register, its stage and terms."""
    calendar, at = business_calendar(), setup.profiles_by_date()
    found = set()
    for notice in InfractionNotice.select():
        own = proceedings_of(notice.id)
        current = stage(notice, on, own, calendar, at)
        if current in ("defence_open", "appeal_open"):
            kind = current.split("_")[0]
            due = deadlines(notice, own, calendar, at)[kind]
            rule = at(notice.occurred_at.date()).defence
            if due <= horizon:
                found.add((f"{kind}_deadline", notice.id, due, getattr(rule, f"{kind}_article")))
    return found


def _fast(on: dt.date, horizon: dt.date) -> set[tuple]:
    items = ledger.open_deadlines(on=on, horizon=horizon)
    found = {(i["kind"], i["entity_id"], i["due"], i["article"]) for i in items}
    assert len(found) == len(items)
    return found


def _same_on_every_day(first: dt.date, last: dt.date) -> int:
    """The fast path lists what the full computation finds on every day from first to last,
    for a 30-day and a 0-day horizon; returns how many items it compared."""
    compared = 0
    day = first
    while day <= last:
        for days in (30, 0):
            expected = _every_term(day, day + dt.timedelta(days=days))
            assert _fast(day, day + dt.timedelta(days=days)) == expected, (day, days)
            compared += len(expected)
        day += dt.timedelta(days=1)
    return compared


def _stages_on(on: dt.date) -> set[str]:
    calendar, at = business_calendar(), setup.profiles_by_date()
    return {stage(n, on, None, calendar, at) for n in InfractionNotice.select()}


def _candidates() -> int:
    calendar, at = business_calendar(), setup.profiles_by_date()
    return InfractionNotice.select().where(InfractionNotice.id.in_(
        open_terms._candidates(ON, calendar, at, None))).count()


def test_srm_terms_read_from_recent_notices_and_decisions_are_the_full_computations(srm):
    """SRM Art. 35 §1º (defence 10 days), Art. 49 (appeal 10 days from the decision or the
    revelia, Art. 35 §3º), Art. 35 §2º (an accepted defence voids): a notice in every stage,
    among them one notified 21 months before whose defence was rejected last week (its
    appeal runs now), compared with the full computation on each day of 100."""
    setup.set_fiscal_unit_value(ADMIN, 2025, "40,00")
    _, permit = holder_permit(on=D(2025, 1, 10))

    def day(back: int) -> dt.date:
        return ON - dt.timedelta(days=back)
    _notice(permit, "36-IX", day(3), day(3))                      # defence open
    _notice(permit, "36-IX", D(2026, 11, 5), D(2026, 11, 5))      # ends Sun 15/11: moved
    _defence(_notice(permit, "36-IX", day(20), day(20)), day(15))  # defence pending
    _defence(_notice(permit, "36-IX", day(25), day(25)), day(20), judged=day(5))  # appeal open
    revelia = _notice(permit, "36-IX", day(16), day(16))
    ledger.record_revelia(SUPERVISOR, revelia["id"], on=day(2))   # appeal open from revelia
    pending = _notice(permit, "36-IX", day(40), day(40))
    _defence(pending, day(35), judged=day(30))
    _defence(pending, day(25), stage_="appeal")                   # appeal pending
    final = _notice(permit, "36-IX", day(45), day(45))
    _defence(final, day(40), judged=day(35))
    _defence(final, day(30), judged=day(20), stage_="appeal")     # final
    paid = _notice(permit, "36-XVII", day(2), day(2))
    ledger.pay_charge(CLERK, paid["charges"][0]["id"], paid_on=day(1), receipt="DAM 1",
                      amount=paid["fine_text"].removeprefix("R$ "), on=day(1))
    _defence(_notice(permit, "36-IX", day(12), day(12)), day(10), judged=day(8),
             accepted=True)                                       # voided by the defence
    ledger.void_notice(SUPERVISOR, _notice(permit, "36-IX", day(1), day(1))["id"],
                       reason="Placa anotada errada.", on=ON)     # voided: a correction
    _notice(permit, "36-IX", day(60), day(60))                    # revelia due, no appeal
    _notice(permit, "36-IX", day(1), None)                        # awaiting notification
    old = _notice(permit, "36-IX", D(2025, 3, 3), D(2025, 3, 3))
    _defence(old, D(2025, 3, 5), judged=day(3))                   # its appeal runs now
    assert PenaltyCharge.get(PenaltyCharge.notice == paid["id"]).status == "paid"
    assert _stages_on(ON) == set(STAGE_LABELS)
    assert _candidates() < InfractionNotice.select().count()
    assert _same_on_every_day(ON - dt.timedelta(days=70), ON + dt.timedelta(days=30)) > 100
    items = [i for i in alerts.due(on=ON, days=30) if i["entity"] == "infraction_notice"]
    assert {(i["kind"], i["entity_id"], i["due_date"]) for i in items} == {
        (kind, nid, due) for kind, nid, due, _article in _every_term(ON, ON + dt.timedelta(30))}
    assert old["id"] in {i["entity_id"] for i in items if i["kind"] == "appeal_deadline"}


def test_pf_business_day_defence_across_christmas_and_carnival(pf):
    """PF Arts. 34, 38: 30 business days from the notification, no appeal term; a term
    counted across Christmas, New Year and Carnival 2027 runs longer than 30 calendar days."""
    _, permit = holder_permit()
    for back in (1, 10, 30, 41, 42, 43, 50, 80):
        _notice(permit, "24-I", ON - dt.timedelta(days=back), ON - dt.timedelta(days=back))
    _defence(_notice(permit, "24-I", ON - dt.timedelta(days=5), ON - dt.timedelta(days=5)),
             ON - dt.timedelta(days=2))
    assert _same_on_every_day(ON - dt.timedelta(days=10), D(2027, 2, 20)) > 50


def test_l1745_appeal_from_the_notification_art_19(l1745):
    """L1745 Art. 19: no defence stage; the appeal runs 15 days from the notification."""
    _, permit = holder_permit()
    for back in (1, 8, 15, 16, 17, 30):
        _notice(permit, "5-1", ON - dt.timedelta(days=back), ON - dt.timedelta(days=back),
                fine_units="10")
    _defence(_notice(permit, "5-1", ON - dt.timedelta(days=4), ON - dt.timedelta(days=4),
                     fine_units="10"), ON - dt.timedelta(days=2), stage_="appeal")
    assert _same_on_every_day(ON - dt.timedelta(days=20), ON + dt.timedelta(days=30)) > 30


def test_a_newer_wording_with_shorter_terms_leaves_older_notices_theirs(srm, tmp_path: Path):
    """Each notice keeps the terms of the wording in force on its infraction date (SRM
    Art. 35 §1º, Art. 49 at 10 days): a wording of 01/12/2026 with 3-day terms does not cut
    the 10-day terms of the notices of November."""
    text = PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")
    shorter = text.replace("defence_days = 10", "defence_days = 3", 1).replace(
        "appeal_days = 10", "appeal_days = 3", 1)
    assert shorter != text
    path = tmp_path / f"{SRM}.toml"
    path.write_text(shorter, encoding="utf-8")
    _, permit = holder_permit()
    profile_versions.adopt(ADMIN, path, "01/12/2026", on=D(2026, 11, 20))
    for back in (2, 6, 9):
        _notice(permit, "36-IX", ON - dt.timedelta(days=back), ON - dt.timedelta(days=back))
    late = _notice(permit, "36-IX", D(2026, 11, 30), D(2026, 12, 3))  # November's terms
    _defence(late, D(2026, 12, 4), judged=ON - dt.timedelta(days=1))
    assert _same_on_every_day(ON - dt.timedelta(days=15), ON + dt.timedelta(days=20)) > 5
    (appeal,) = [i for i in ledger.open_deadlines(on=ON, horizon=ON + dt.timedelta(30))
                 if i["entity_id"] == late["id"]]
    assert appeal["due"] == D(2026, 12, 21)  # 09/12 + 10 days = Sat 19/12: next business day


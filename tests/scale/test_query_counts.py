"""Issue 23: every screen costs what it shows, not the whole register.

A query counter, not a timer (tests/querycount.py): opening a prontuário and the Painel on
a database of a few thousand rows issues a bounded number of SQL statements, and the
per-person screens read only that person's rows, so the same count is found after the
register grew by hundreds of holders, notices, audit entries and stands that are not theirs.
"""
from __future__ import annotations

import datetime as dt

import pytest

from mototaxi_desk.services.views import alerts, counter, overview, records, search
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import ledger
from mototaxi_desk.store.models import AuditLog, Permit

from ..factories import SUPERVISOR
from ..querycount import count_queries
from ..services.ledger_helpers import FISCAL

TODAY = dt.date.today()


def _notice(permit: Permit, code: str, days_ago: int) -> dict:
    when = dt.datetime.combine(TODAY - dt.timedelta(days=days_ago), dt.time(10, 30))
    return ledger.record_notice(FISCAL, {
        "permit_id": permit.id, "infraction_code": code,
        "occurred_at": when.strftime("%d/%m/%Y %H:%M"), "place": "Praça da Matriz",
        "agent_name": "Antônio Fiscal", "agent_registration": "MAT-1234",
        "description": "Constatado em ronda.", "infractor_signed": True,
        "notified_on": when.date(), "notification_channel": "in_person"}, on=TODAY)


def _grow(holders: int, noticed: int, seed: int) -> None:
    """More of the register that is not the person's: holders (with CNH, vehicle, permit,
    stand, a waiting list), and notices with their terms running for some of them."""
    demo.fill_bulk(holders, seed=seed, with_users=False, today=TODAY)
    others = (Permit.select().where(Permit.status == "active")
              .order_by(Permit.id.desc()).limit(noticed))
    for permit in others:
        _notice(permit, "36-IX", 3)


def _screens(person_id: int) -> dict:
    """(queries, rows) of each screen, for one person and for the Painel."""
    found = {}
    for name, call in (
            ("person_record", lambda: records.person_record(SUPERVISOR, person_id, on=TODAY)),
            ("counter.actions", lambda: counter.actions(SUPERVISOR, person_id, on=TODAY)),
            ("alerts.for_person", lambda: alerts.for_person(person_id, on=TODAY, days=60)),
            ("history", lambda: records.history(person_id)),
            ("dashboard", lambda: overview.dashboard(on=TODAY)),
            ("charts", lambda: overview.charts(on=TODAY)),
            ("list_notices", lambda: ledger.list_notices(on=TODAY)),
            ("search", lambda: search.search("Silva"))):
        call()  # caches (profiles, calendar) warm, as on a counter that is already open
        with count_queries() as counted:
            result = call()
        found[name] = (counted, result)
    return found


@pytest.fixture
def holder(demo_data):
    """A holder with an active permit, two notices with their defence terms running, and
    the audit entries these make."""
    permit = Permit.select().where(Permit.status == "active").order_by(Permit.id).first()
    _notice(permit, "36-IX", 2)
    _notice(permit, "36-XVII", 5)
    return permit.holder_id


def test_screens_read_what_they_show_not_the_register(holder):
    """Issue 23: the prontuário, its buttons, its alerts and history read the same
    statements and rows after 400 more holders and their notices (and their stands, audit
    entries, waiting list); the Painel and its
    charts issue the same statements and hand the window one page of alerts."""
    _grow(50, noticed=2, seed=3)  # every kind of row present, then the register grows
    before = _screens(holder)
    audit_before = AuditLog.select().count()
    _grow(400, noticed=25, seed=5)  # more alerts than a page: the filler inspects 5 in 6
    assert AuditLog.select().count() > audit_before + 25
    after = _screens(holder)

    for name in ("person_record", "counter.actions", "alerts.for_person", "history"):
        (small, _), (big, _) = before[name], after[name]
        assert big.queries == small.queries, (name, small, big, big.report())
        assert big.rows == small.rows, (name, small, big, big.report())
    for name in ("dashboard", "charts", "list_notices"):
        (small, _), (big, _) = before[name], after[name]
        assert big.queries == small.queries, (name, small, big, big.report())
    (charts, _), (charts_big, _) = before["charts"], after["charts"]
    assert len(before["list_notices"][1]) < len(after["list_notices"][1])
    assert charts_big.rows == charts.rows  # aggregates: one row per month / status

    # bounded, not only steady: a prontuário is a few dozen statements
    counted, record = after["person_record"]
    assert counted.queries <= 50, counted.report()  # 59 before one reading (issue 40)
    assert {a["kind"] for a in record["due"]} >= {"defence_deadline"}
    assert all(a["person_id"] == holder for a in record["due"])
    counted, _ = after["counter.actions"]
    assert counted.queries <= 30, counted.report()  # 49 before
    # opened as the screen opens it: the record and its buttons in one reading ask the
    # profile, the calendar and the debts once between them
    with count_queries() as together, records.opening():
        records.person_record(SUPERVISOR, holder, on=TODAY)
        counter.actions(SUPERVISOR, holder, on=TODAY)
    assert together.queries < after["person_record"][0].queries + counted.queries, \
        together.report()
    counted, board = after["dashboard"]
    assert counted.queries <= 40, counted.report()
    assert len(board["alerts"]) <= overview.ALERT_PAGE < board["alerts_total"]
    # the Infrações page: the same statements for 2 notices or 32, stage and charges included
    counted, notices = after["list_notices"]
    assert len(notices) >= 29 and counted.queries <= 12, counted.report()


def test_painel_counts_stands_as_the_stand_list_does(holder):
    """The Painel's free places and stands below the minimum, counted by the database, are
    those of the stand list (stands.list_stands, _flags)."""
    from mototaxi_desk.services.register import stands
    _grow(60, noticed=0, seed=9)
    listed = stands.list_stands()
    board = overview.dashboard(on=TODAY)
    assert board["stands_free_places"] == sum(s["free"] for s in listed) > 0
    assert [s["id"] for s in board["stands_below_minimum"]] == \
        [s["id"] for s in listed if s["below_minimum"]]
    assert board["stands_below_minimum"]


def test_person_alerts_are_the_registers_alerts_of_that_person(holder):
    """The per-person alerts (indexed queries) are exactly the whole register's alerts
    about that person: one rule, two ways to read it."""
    _grow(60, noticed=5, seed=7)
    everyone = alerts.due(on=TODAY, days=60)
    for person_id in {holder, *[a["person_id"] for a in everyone[:40]]}:
        mine = [a for a in everyone if a["person_id"] == person_id]
        assert alerts.for_person(person_id, on=TODAY, days=60) == mine


def test_history_pages_through_the_audit_log(holder):
    """The prontuário's history is read newest first, a page at a time."""
    first = records.history(holder, limit=3)
    assert len(first) == 3
    rest = records.history(holder, limit=500, before_id=first[-1]["id"])
    whole = records.history(holder, limit=500)
    assert [h["id"] for h in first + rest] == [h["id"] for h in whole]
    assert all(h["action"] != "person.view" for h in whole)


def _painel_and_a_notice(permit: Permit) -> tuple:
    """(Painel's counter, a notice's counter), the due-dates table fresh for the Painel."""
    overview.dashboard(on=TODAY)  # rebuilds the table when stale (the bulk filler left it so)
    with count_queries() as painel:
        board = overview.dashboard(on=TODAY)
    with count_queries() as write:
        _notice(permit, "36-XVII", 1)
    return painel, write, board


def test_painel_and_writes_cost_the_same_whatever_the_registers_size(holder):
    """Issue 23: the Painel reads the due-dates table (services/views/due_dates.py) — its state,
    one count and one page (its overdue, the day's and the later items: up to three
    indexed reads) — never the register's alerts; and a write keeps the table
    current with the same statements in a register of 50 or of 450 more holders."""
    _grow(50, noticed=2, seed=3)
    permit = Permit.select().where(Permit.holder == holder).first()
    small, small_write, _ = _painel_and_a_notice(permit)
    _grow(400, noticed=25, seed=5)
    big, big_write, board = _painel_and_a_notice(permit)

    assert big.queries == small.queries, (small, big, big.report())
    assert big_write.queries == small_write.queries, (small_write, big_write,
                                                       big_write.report())
    tables = [s for s in big.statements if '"alert_due' in s]
    assert 3 <= len(tables) <= 5, tables
    assert all(s.lstrip().startswith("SELECT") for s in tables), tables
    # not one of the queries alerts.due() runs over the register
    assert not [s for s in big.statements
                if 'FROM "cnh"' in s or 'FROM "inspection"' in s or
                'FROM "auxiliary_driver"' in s], big.report()
    assert len(board["alerts"]) == overview.ALERT_PAGE < board["alerts_total"]
    assert board["alerts"] == alerts.due(on=TODAY)[:overview.ALERT_PAGE]
    # the write stored its holder's alerts again, and only theirs
    written = [s for s in big_write.statements if '"alert_due"' in s]
    assert any(s.lstrip().startswith("DELETE") for s in written), big_write.report()

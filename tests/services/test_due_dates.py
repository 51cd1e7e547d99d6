"""The due-dates table (issue 23, services/views/due_dates.py): the Painel reads the register's
alerts from a table its actions keep current inside their own write transactions. After
each action below — a transfer, a vehicle substitution, an inspection, a notice, a
waiting-list call, a CNH renewal, a name change, a desistência, a municipal holiday — the
table equals alerts.due() computed afresh, without a rebuild; what changes everybody's alerts
(a new profile version, a campaign, anything not known) marks it stale and the next Painel
rebuilds it; a new day brings it forward. On SQLite and, with MOTOTAXI_TEST_PG, PostgreSQL."""
from __future__ import annotations

import datetime as dt

import pytest
from validate_docbr import CNH

from mototaxi_desk.domain import inspection_rules
from mototaxi_desk.domain.profiles import PROFILES_DIR
from mototaxi_desk.services.views import alerts, due_dates, overview
from mototaxi_desk.services import audit, clock, ledger, setup
from mototaxi_desk.services.messaging import campaigns
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.register import inspections, persons, vehicles
from mototaxi_desk.services.licensing import permits, waiting_list
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import AlertDue, AlertDueState, Cnh, Permit, Vehicle

from ..conftest import BACKENDS
from ..due_check import assert_due_table_current
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle
from .ledger_helpers import ADMIN, FISCAL, notice_data

TODAY = dt.date.today()


def _state() -> AlertDueState:
    return AlertDueState.select().order_by(AlertDueState.id).first()


@pytest.fixture
def board(demo_data):
    """The demo register (40 holders through the services) with the table built, as the
    day's first Painel leaves it."""
    assert due_dates.rebuild(TODAY)
    assert not due_dates.rebuild(TODAY)  # fresh: a second Painel does not rebuild it
    assert_due_table_current(TODAY, where="built")
    assert AlertDue.select().count() > 20
    return demo_data


def _clear_holders(count: int) -> list[Permit]:
    """Active permits whose holders owe nothing (SRM Art. 50 would refuse their requests)."""
    found = []
    for permit in Permit.select().where(Permit.status == "active").order_by(Permit.id):
        if not fees.open_debts(permit.holder_id):
            found.append(permit)
        if len(found) == count:
            return found
    raise AssertionError("too few holders without debts in the demo")


def test_each_action_keeps_the_table_current(board):
    transferred, substituted, inspected, noticed = _clear_holders(4)

    # a transfer (on the holder's death: SRM Art. 4 §8º): the old holder's items go with it
    heir = make_person("Herdeiro Da Silva", today=TODAY)
    heir_vehicle = make_vehicle(heir["id"], year=TODAY.year, today=TODAY)
    old_holder = transferred.holder_id
    assert AlertDue.select().where(AlertDue.person_id == old_holder).exists()
    permits.transfer_permit(SUPERVISOR, transferred.id, new_holder_id=heir["id"],
                            new_vehicle_id=heir_vehicle["id"], on=TODAY, on_death=True)
    assert_due_table_current(TODAY, where="transfer")
    assert AlertDue.select().where(AlertDue.person_id == heir["id"]).exists()

    # a vehicle substitution: the old vehicle's items go, the new one's come
    new = make_vehicle(substituted.holder_id, year=TODAY.year, today=TODAY)
    old_vehicle = substituted.vehicle_id
    vehicles.substitute(CLERK, substituted.id, new["id"], on=TODAY)
    assert_due_table_current(TODAY, where="vehicle substitution")
    assert not AlertDue.select().where((AlertDue.entity == "vehicle") &
                                       (AlertDue.entity_id == old_vehicle)).exists()

    # an inspection, approved: the vehicle's inspection items move a period ahead
    kind = inspection_rules.schedule(setup.profile()).kinds[0]
    checklist = inspection_rules.checklist(setup.profile(), kind)
    inspections.record_inspection(SUPERVISOR, inspected.vehicle_id, {
        "kind": kind, "inspected_on": TODAY,
        "results": {item.code: "pass" for item in checklist}}, on=TODAY)
    assert_due_table_current(TODAY, where="inspection")

    # a notice, notified today: its defence term is due
    ledger.record_notice(FISCAL, notice_data(
        {"id": noticed.id}, "36-IX", f"{TODAY - dt.timedelta(days=1):%d/%m/%Y} 10:00",
        notified_on=TODAY - dt.timedelta(days=1), notification_channel="in_person"), on=TODAY)
    assert_due_table_current(TODAY, where="notice")
    assert AlertDue.select().where((AlertDue.person_id == noticed.holder_id) &
                                   (AlertDue.kind == "defence_deadline")).exists()

    # a CNH renewed: the holder's CNH item leaves the window
    renewed = inspected.holder_id
    persons.set_cnh(CLERK, renewed, {
        "number": CNH().generate(), "category": "A", "first_licence_date": dt.date(2010, 1, 10),
        "expiry_date": TODAY + dt.timedelta(days=10), "ear": True}, today=TODAY)
    assert_due_table_current(TODAY, where="CNH due soon")
    cnh = Cnh.select().where(Cnh.person == renewed).order_by(Cnh.id.desc()).first()
    assert AlertDue.select().where((AlertDue.person_id == renewed) &
                                   (AlertDue.kind == "cnh")).exists()
    persons.set_cnh(CLERK, renewed, {
        "number": cnh.number, "category": "A", "first_licence_date": dt.date(2010, 1, 10),
        "expiry_date": TODAY + dt.timedelta(days=5 * 365), "ear": True}, today=TODAY)
    assert_due_table_current(TODAY, where="CNH renewed")
    assert not AlertDue.select().where((AlertDue.person_id == renewed) &
                                       (AlertDue.kind == "cnh")).exists()

    # a name changed: every item of the person shows (and sorts by) the new one
    persons.update_person(CLERK, noticed.holder_id, {"name": "Aaron Primeiro Nome"},
                          today=TODAY)
    assert_due_table_current(TODAY, where="name")
    assert {r.person_name for r in AlertDue.select().where(
        AlertDue.person_id == noticed.holder_id)} == {"Aaron Primeiro Nome"}

    # a desistência and the call of the next one on the waiting list
    permits.desist(SUPERVISOR, substituted.id, on=TODAY)
    assert_due_table_current(TODAY, where="desistência")
    if waiting_list.call_next(SUPERVISOR, on=TODAY, reason="vaga da desistência"):
        assert_due_table_current(TODAY, where="waiting-list call")
    assert AlertDue.select().where(AlertDue.kind == "waiting_call").exists()
    assert not _state().stale  # all of it kept current, never rebuilt


def test_a_rolled_back_action_leaves_the_table_as_it_was(board):
    (permit,) = _clear_holders(1)
    before = due_dates.stored(TODAY, due_dates.WINDOW)
    with pytest.raises(RuntimeError), write_transaction():
        permits.desist(SUPERVISOR, permit.id, on=TODAY)
        raise RuntimeError("the action failed after its changes")
    assert due_dates.stored(TODAY, due_dates.WINDOW) == before
    assert_due_table_current(TODAY, where="rolled back")
    persons.update_person(CLERK, permit.holder_id,  # the next action starts clean
                          {"name": "Zuleica Depois Do Erro"}, today=TODAY)
    assert_due_table_current(TODAY, where="after the rollback")


def test_what_changes_everybodys_alerts_makes_it_stale_and_the_painel_rebuilds(board,
                                                                               tmp_path):
    # a new wording of the law (profile version): every item may change
    profile_id = setup.profile().id
    text = PROFILES_DIR.joinpath(f"{profile_id}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{profile_id}.toml"
    path.write_text(text + "\n# redação alterada pela lei municipal\n", encoding="utf-8")
    profile_versions.adopt(ADMIN, path, f"{TODAY:%d/%m/%Y}", on=TODAY)  # in force today
    assert _state().stale
    board = overview.dashboard(on=TODAY)  # the Painel rebuilds it, then reads it
    assert_due_table_current(TODAY, where="rebuilt after the profile version")
    assert board["alerts"] == alerts.due(on=TODAY, days=30)[:overview.ALERT_PAGE]

    # the passage of time to tomorrow: the table of today is not fresh for it (its date)
    tomorrow = TODAY + dt.timedelta(days=1)
    clock.tick(on=tomorrow)
    assert due_dates.if_fresh(tomorrow, 30) is None
    assert overview.dashboard(on=tomorrow)["alerts_total"] == len(alerts.due(on=tomorrow))
    assert_due_table_current(tomorrow, where="the next day")

    # a record this module does not know: stale, never ignored
    with write_transaction():
        audit.record(SUPERVISOR, "something.new", "something_new", 1)
    assert _state().stale
    # one it knows changes nothing for anybody: not stale
    due_dates.rebuild(tomorrow)
    with write_transaction():
        audit.record(SUPERVISOR, "person.view", "person", Permit.select().first().holder_id)
        audit.record(SUPERVISOR, "stand.edit", "stand", 1)
    assert not _state().stale


def test_the_painel_reads_any_window_up_to_the_tables(board):
    """A window wider than the table's rebuilds it for that window and AHEAD days more; a
    narrower one reads it, cut by date."""
    assert _state().window == due_dates.WINDOW + due_dates.AHEAD
    wide = overview.dashboard(on=TODAY, days=120)
    assert _state().window == 120 + due_dates.AHEAD
    assert wide["alerts_total"] == len(alerts.due(on=TODAY, days=120))
    assert_due_table_current(TODAY, 120, where="120 days")
    for days in (0, 10, 30, 90):
        assert_due_table_current(TODAY, days, where=f"{days} days")
    assert _state().window == 120 + due_dates.AHEAD  # not rebuilt for the narrower ones


def test_a_motorcycle_serving_two_permits_is_listed_with_the_first(board):
    """A holder's permit expired (not ended) and its motorcycle, sold on, serves another
    holder's permit: alerts.due() lists the vehicle's items once, under the first permit;
    the per-person reading and the table agree, and when the first permit ends its items
    pass to the other holder's."""
    first, second = _clear_holders(2)
    assert first.order_number < second.order_number
    with write_transaction():  # the rows as the register would hold them
        Vehicle.update(insurance_expiry=TODAY + dt.timedelta(days=5)).where(
            Vehicle.id == first.vehicle_id).execute()
        Permit.update(status="expired").where(Permit.id == first.id).execute()
        Permit.update(vehicle=first.vehicle_id).where(Permit.id == second.id).execute()
        audit.record(SUPERVISOR, "test.edit", "permit", first.id)
        audit.record(SUPERVISOR, "test.edit", "permit", second.id)
    assert_due_table_current(TODAY, where="shared motorcycle")
    everyone = alerts.due(on=TODAY)
    insurance = [i for i in everyone if i["kind"] == "insurance" and
                 i["entity_id"] == first.vehicle_id]
    assert [i["person_id"] for i in insurance] == [first.holder_id]
    for person in (first.holder_id, second.holder_id):
        assert alerts.for_person(person, on=TODAY) == \
            [i for i in everyone if i["person_id"] == person]

    with write_transaction():  # the first permit lapses: only it is audited
        Permit.update(status="lapsed").where(Permit.id == first.id).execute()
        audit.record(SUPERVISOR, "test.edit", "permit", first.id)
    assert_due_table_current(TODAY, where="first permit ended")
    assert AlertDue.select().where((AlertDue.kind == "insurance") &
                                   (AlertDue.person_id == second.holder_id)).exists()


def test_a_holiday_moves_the_running_terms_without_computing_the_whole(board, monkeypatch):
    """SRM Art. 35 §1º (Lei 9.784/1999 Art. 66 §1º): a defence term ending on a day that
    is not a business day ends on the next one. A municipal holiday declared on a running
    term's last day moves it: the table stores again the items of the holders whose term
    may run, nobody else's, and is not computed whole; removed, the day comes back. A
    holiday declared late, on the day a term ended, makes that term run again."""
    running, lapsed = _clear_holders(2)
    calendar = ledger.business_calendar()
    yesterday = TODAY - dt.timedelta(days=1)  # the last business day before today
    while not calendar.is_business_day(yesterday):
        yesterday -= dt.timedelta(days=1)

    def notice(permit, notified_on):
        return ledger.record_notice(FISCAL, notice_data(
            {"id": permit.id}, "36-IX", f"{notified_on:%d/%m/%Y} 10:00",
            notified_on=notified_on, notification_channel="in_person"), on=TODAY)["id"]

    def term(notice_id):
        row = AlertDue.get_or_none((AlertDue.entity == "infraction_notice") &
                                   (AlertDue.entity_id == notice_id))
        return row and due_dates._as_date(row.due_date)
    running_id = notice(running, TODAY - dt.timedelta(days=1))
    lapsed_id = notice(lapsed, yesterday - dt.timedelta(days=10))  # 10 days: ended yesterday
    assert term(lapsed_id) is None and not AlertDue.select().where(
        (AlertDue.person_id == lapsed.holder_id) &
        (AlertDue.entity == "infraction_notice")).exists()
    last_day = term(running_id)
    monkeypatch.setattr(due_dates, "_sorted_values",
                        lambda *args: pytest.fail("the whole register was computed"))
    for day in (last_day, yesterday):
        ledger.add_holiday(ADMIN, day, "Feriado municipal novo")
        assert not _state().stale
        assert_due_table_current(TODAY, where=f"holiday declared on {day}")
    assert term(running_id) > last_day
    assert term(lapsed_id) >= TODAY
    for day in (last_day, yesterday):
        ledger.remove_holiday(ADMIN, day)
        assert_due_table_current(TODAY, where=f"holiday removed on {day}")
    assert term(running_id) == last_day and term(lapsed_id) is None


def test_settings_that_are_no_date_leave_the_table_as_it_is(board):
    """The fiscal unit's value, the tariff, the waiting list's lottery numbers, the
    population, the charging data are read by no alert: changing them leaves the table
    fresh (they once made it stale, and the next Painel computed the whole register); a
    profile number is a rule, and makes it stale."""
    setup.set_population(ADMIN, 30000)
    setup.set_fiscal_unit_value(ADMIN, TODAY.year, "51,00")
    setup.set_tariff(ADMIN, f"{TODAY:%d/%m/%Y}", "6,00", "Decreto 9")
    with write_transaction():
        audit.record(ADMIN, "waiting_list.lottery", "waiting_list", "")
        audit.record(ADMIN, "municipio.collection", "municipio_settings", 1)
        audit.record(ADMIN, "municipio.sticker_size", "municipio_settings", 1)
    assert not _state().stale
    assert_due_table_current(TODAY, where="settings")
    setup.set_profile_number(ADMIN, "stand.max_vehicles", "12")
    assert _state().stale


@pytest.mark.parametrize("meanwhile", ["a name changed", "a holiday declared",
                                       "a campaign created"])
def test_what_commits_while_the_alerts_are_computed_is_not_lost(demo_data, monkeypatch,
                                                                meanwhile):
    """The rebuild computes the alerts without the write lock (other counters keep
    writing); an action committed meanwhile is found in the audit log and its persons'
    items stored again (a name), or the whole computed again (a campaign may change
    anybody's; a holiday, the holders of every running term: not under the lock) before
    the table is written."""
    (permit,) = _clear_holders(1)
    computed = due_dates._snapshot

    computations = []

    def then_an_action(read):
        found = computed(read)
        computations.append(found)
        if len(computations) > 1:
            return found
        if meanwhile == "a name changed":
            persons.update_person(CLERK, permit.holder_id, {"name": "Aaaa Mudou Agora"},
                                  today=TODAY)
        elif meanwhile == "a holiday declared":
            ledger.add_holiday(ADMIN, TODAY + dt.timedelta(days=3), "Feriado municipal novo")
        else:
            campaigns.create(ADMIN, name=f"Recadastramento {TODAY.year}", year=TODAY.year)
        return found
    monkeypatch.setattr(due_dates, "_snapshot", then_an_action)
    assert due_dates.rebuild(TODAY)
    monkeypatch.undo()
    assert_due_table_current(TODAY, where=meanwhile)
    if meanwhile == "a name changed":
        assert {r.person_name for r in AlertDue.select().where(
            AlertDue.person_id == permit.holder_id)} == {"Aaaa Mudou Agora"}
    # everybody's change: computed once more outside the write lock, not under it
    assert len(computations) == (1 if meanwhile == "a name changed" else 2)


def test_a_process_that_does_not_keep_the_table_marks_it_stale(board, monkeypatch):
    """A process that never loaded services/views/due_dates.py (a read-only command, the window
    before the login) cannot store anyone's alerts again: a change that may move a deadline
    marks the table stale; one that moves none (a login, a view) leaves it fresh."""
    from mototaxi_desk.store import connection
    monkeypatch.setattr(connection, "_change_listener", [])
    (permit,) = _clear_holders(1)
    with write_transaction():
        audit.record(SUPERVISOR, "person.view", "person", permit.holder_id)
        audit.record(SUPERVISOR, "user.login", "user", 1)
    assert not _state().stale
    persons.update_person(CLERK, permit.holder_id, {"name": "Sem Ouvinte Nenhum"}, today=TODAY)
    assert _state().stale
    monkeypatch.undo()
    assert overview.dashboard(on=TODAY)["alerts_total"] == len(alerts.due(on=TODAY))
    assert_due_table_current(TODAY, where="rebuilt")


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # skipped without a server
def test_counters_opening_together_build_the_table_once(demo_data, monkeypatch):
    """Every counter on a PostgreSQL database starts the day's table as its login shows: the
    first builds it, the others wait for it (a session lock across processes) and find it
    fresh, instead of each computing the whole register at once."""
    import contextlib
    import threading
    import time

    from mototaxi_desk.store.models import DB
    monkeypatch.setattr(due_dates, "_rebuilding", contextlib.nullcontext())  # as 2 processes
    computed, results = [], []
    inside = threading.Event()
    sorted_values = due_dates._sorted_values

    def slow(on, window):
        computed.append(threading.current_thread().name)
        inside.set()
        time.sleep(0.5)  # the other counter arrives meanwhile
        return sorted_values(on, window)
    monkeypatch.setattr(due_dates, "_sorted_values", slow)

    def counter():
        try:
            results.append(due_dates.prepare(TODAY))
        finally:
            DB.obj.close()  # this thread's session
    first = threading.Thread(target=counter, name="balcão 1")
    first.start()
    assert inside.wait(30)  # the first is computing, holding the lock: now the second
    second = threading.Thread(target=counter, name="balcão 2")
    second.start()
    for thread in (first, second):
        thread.join(30)
    assert results == [True, False] and computed == ["balcão 1"]
    assert_due_table_current(TODAY, where="two counters")


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # skipped without a server
def test_a_lock_held_by_a_vanished_counter_is_waited_for_a_while_only(demo_data, monkeypatch):
    """A counter that dropped off the network mid-rebuild keeps its session lock until the
    server notices (hours): the others wait `wait_s`, then build the table without it."""
    import threading

    from mototaxi_desk.store import connection
    from mototaxi_desk.store.models import DB
    holding, release = threading.Event(), threading.Event()

    def vanished():
        try:
            with connection.session_lock("due-dates-rebuild"):
                holding.set()
                release.wait(30)
        finally:
            DB.obj.close()
    thread = threading.Thread(target=vanished)
    thread.start()
    try:
        assert holding.wait(30)
        monkeypatch.setattr(connection, "SESSION_LOCK_WAIT_S", 0.3)
        entered = []
        with connection.session_lock("due-dates-rebuild", wait_s=0.3):
            entered.append(True)  # without the lock, which the other session still holds
        assert entered
        assert due_dates.prepare(TODAY)
        assert_due_table_current(TODAY, where="without the lock")
    finally:
        release.set()
        thread.join(30)


def test_the_mornings_first_painel_reads_yesterdays_table_at_once_then_todays(board):
    """The day's first Painel: with earlier_ok the table of an earlier day (nothing else
    having made it stale) is read at once, as that day's Painel showed it, and said to be
    of that day; nothing is written. Without it today's is built first."""
    tomorrow = TODAY + dt.timedelta(days=1)
    rows, state = AlertDue.select().count(), _state()
    assert due_dates.readiness(TODAY) == "fresh" and due_dates.readiness(tomorrow) == "earlier"
    early = overview.dashboard(on=tomorrow, earlier_ok=True)
    assert early["alerts_as_of"] == TODAY
    assert AlertDue.select().count() == rows and _state().day == state.day  # only read
    yesterdays = alerts.due(on=TODAY, days=30)  # the Painel of the table's day, as it was
    assert early["alerts"] == yesterdays[:overview.ALERT_PAGE]
    assert early["alerts_total"] == len(yesterdays)
    assert early["alerts_overdue"] == len([i for i in yesterdays if i["days_left"] < 0])

    todays = overview.dashboard(on=tomorrow)  # the Painel's second read: today's table
    assert todays["alerts_as_of"] is None and _state().day == tomorrow
    assert todays["alerts"] == alerts.due(on=tomorrow, days=30)[:overview.ALERT_PAGE]
    assert overview.dashboard(on=tomorrow, earlier_ok=True)["alerts_as_of"] is None


def test_a_stale_table_is_shown_as_it_was_and_said_to_be_so_while_the_whole_is_computed(
        board):
    """After a change of everybody's alerts (a profile adopted, a campaign) the Painel with
    earlier_ok reads the table as it was before it, at once, saying so (alerts_stale), on
    the day and the next ones (counted on its day); nothing is written. Without earlier_ok,
    and once it is older than EARLIER_AT_MOST days, the whole is computed first."""
    as_it_was = overview.dashboard(on=TODAY)
    with write_transaction():
        due_dates.mark_stale()
    rows = AlertDue.select().count()
    tomorrow = TODAY + dt.timedelta(days=1)
    for day in (TODAY, tomorrow):
        assert due_dates.readiness(day) == "stale"
        shown = overview.dashboard(on=day, earlier_ok=True)
        assert shown["alerts_stale"] and shown["alerts_as_of"] == TODAY
        assert (shown["alerts"], shown["alerts_total"], shown["alerts_overdue"]) == (
            as_it_was["alerts"], as_it_was["alerts_total"], as_it_was["alerts_overdue"])
    assert AlertDue.select().count() == rows and _state().stale  # only read
    later = TODAY + dt.timedelta(days=due_dates.EARLIER_AT_MOST + 1)
    assert due_dates.readiness(later) is None

    todays = overview.dashboard(on=tomorrow)  # the Painel's second read: computed whole
    assert todays["alerts_as_of"] is None and not todays["alerts_stale"]
    assert not _state().stale and due_dates.readiness(tomorrow) == "fresh"
    assert_due_table_current(tomorrow, where="stale, then the next day")


def test_the_days_table_is_brought_forward_from_the_day_befores(board, monkeypatch):
    """Each morning the table of the day before is brought to the new day: the items due
    each day (an inspection never made) stay as they are (stored as due on EACH_DAY), and
    only the persons with an item due in between are computed again (alerts.changed_by_the_days): here a defence term that lapses
    (SRM Art. 35 §1º: its item goes the day after its last day). Day after day, with the
    clock's tick of each day, the whole table equals a fresh alerts.due(); the whole
    register is computed only when the days between change anybody's alerts or the horizon
    the table was built for runs out."""
    (noticed,) = _clear_holders(1)
    ledger.record_notice(FISCAL, notice_data(
        {"id": noticed.id}, "36-IX", f"{TODAY:%d/%m/%Y} 09:00", notified_on=TODAY,
        notification_channel="in_person"), on=TODAY)
    defence = AlertDue.get((AlertDue.person_id == noticed.holder_id) &
                           (AlertDue.kind == "defence_deadline"))
    computed_whole, persons_again, forwarding = [], [], []
    whole, replace, forward = due_dates._sorted_values, due_dates._replace, \
        due_dates._brought_forward

    def counting_whole(on, window):
        computed_whole.append(on)
        return whole(on, window)

    def counting_again(persons, day, window):
        if forwarding:  # not the ticks' own (flush)
            persons_again.append((day, set(persons)))
        return replace(persons, day, window)

    def forwarding_(on, days):
        forwarding.append(on)
        try:
            return forward(on, days)
        finally:
            forwarding.pop()
    monkeypatch.setattr(due_dates, "_sorted_values", counting_whole)
    monkeypatch.setattr(due_dates, "_replace", counting_again)
    monkeypatch.setattr(due_dates, "_brought_forward", forwarding_)
    assert AlertDue.select().where(AlertDue.due_date == due_dates.EACH_DAY).count() >= 2
    day, brought, last_whole = TODAY, 0, TODAY
    for step in [1] * 40 + [3] * 10:  # day by day, then a few long weekends
        since, day = day, day + dt.timedelta(days=step)
        before = len(computed_whole)
        assert due_dates.rebuild(day)
        assert_due_table_current(day, _state().window, where=f"brought to {day}")
        if len(computed_whole) == before:
            brought += 1
        else:  # only where the days between may change anybody's alerts, or the
            # horizon ran out (AHEAD days after the last whole computation)
            assert alerts.changed_by_the_days(since, day) is None or \
                day > last_whole + dt.timedelta(days=due_dates.AHEAD), day
            last_whole = day
        clock.tick(on=day)
        assert_due_table_current(day, _state().window, where=f"tick of {day}")
    assert brought >= 35, brought
    lapsed = due_dates._as_date(defence.due_date) + dt.timedelta(days=1)
    assert any(noticed.holder_id in persons for on, persons in persons_again if on == lapsed)
    assert not AlertDue.select().where(AlertDue.entity_id == defence.entity_id).where(
        AlertDue.kind == "defence_deadline").exists()


def test_a_profile_version_taking_effect_changes_everybodys_alerts(board, tmp_path,
                                                                   monkeypatch):
    """A wording of the law in force from a day (profile version) may change every item
    from that day on: adopted ahead of it, it leaves the table as it is; a table is not
    brought forward across that day, the whole register is computed then (once)."""
    profile_id = setup.profile().id
    text = PROFILES_DIR.joinpath(f"{profile_id}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{profile_id}.toml"
    path.write_text(text + "\n# redação alterada pela lei municipal\n", encoding="utf-8")
    later = TODAY + dt.timedelta(days=5)
    profile_versions.adopt(ADMIN, path, f"{later:%d/%m/%Y}", on=TODAY)
    assert alerts.changed_by_the_days(TODAY, later - dt.timedelta(days=1)) is not None
    assert alerts.changed_by_the_days(later - dt.timedelta(days=1), later) is None
    assert alerts.changed_by_the_days(TODAY, later + dt.timedelta(days=3)) is None
    assert alerts.changed_by_the_days(later, later + dt.timedelta(days=3)) is not None
    assert not _state().stale and not due_dates.rebuild(TODAY)  # nothing changes today
    assert_due_table_current(TODAY, where="adopted for a later day")
    whole, computed_whole = due_dates._sorted_values, []
    monkeypatch.setattr(due_dates, "_sorted_values",
                        lambda on, window: computed_whole.append(on) or whole(on, window))
    for step in range(1, 8):
        due_dates.rebuild(TODAY + dt.timedelta(days=step))
        assert_due_table_current(TODAY + dt.timedelta(days=step), where=f"+{step}")
    assert computed_whole == [later]


def test_the_widest_window_is_built_and_read(board):
    """The table is built AHEAD days beyond the window asked, never beyond alerts.MAX_DAYS
    (the widest a Painel or a report asks)."""
    found = due_dates.page(TODAY, alerts.MAX_DAYS, 5)
    assert _state().window == alerts.MAX_DAYS
    assert found["total"] == len(alerts.due(on=TODAY, days=alerts.MAX_DAYS))


def test_a_renewal_deadline_passing_into_its_grace_days_is_brought_forward(l1745,
                                                                         monkeypatch):
    """L1745 Art. 9 §2º: after the yearly renewal deadline, 30 more days with a fine. The
    day after the deadline the holder's item becomes "último dia com multa": the table is
    brought to that day computing that holder again (the item was due in between)."""
    person = make_person("Renato Renovação", today=TODAY)
    vehicle = make_vehicle(person["id"], year=TODAY.year, today=TODAY)
    permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                         on=TODAY)
    (renewal,) = [a for a in alerts.for_person(person["id"], on=TODAY, days=alerts.MAX_DAYS)
                  if a["kind"] == "renewal"]
    deadline = renewal["due_date"]
    assert due_dates.rebuild(deadline - dt.timedelta(days=1))
    whole, computed_whole = due_dates._sorted_values, []
    monkeypatch.setattr(due_dates, "_sorted_values",
                        lambda on, window: computed_whole.append(on) or whole(on, window))
    for day in (deadline, deadline + dt.timedelta(days=1)):
        assert due_dates.rebuild(day)
        assert_due_table_current(day, _state().window, where=str(day))
    assert computed_whole == []
    (after,) = [a for a in due_dates.stored(deadline + dt.timedelta(days=1), 60)
                if a["kind"] == "renewal"]
    assert "último dia com multa" in after["label"]
    assert after["due_date"] == deadline + dt.timedelta(days=30)

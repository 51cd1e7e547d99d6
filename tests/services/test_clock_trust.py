"""Time is an audited input (issue 34, services/trust/clock_trust.py): a computer date the program
cannot trust (two years ahead, behind the register, far from the PostgreSQL server's) holds
the program at the register's last day, read-only, until an admin confirms it; a daily step
run with a wrong date is undone to the exact earlier state, and the cards it made invalid
verify again."""
import datetime as dt

import pytest

from mototaxi_desk.domain import wallclock
from mototaxi_desk.domain.errors import ClockNotTrusted, DomainError
from mototaxi_desk.services.administration import backups
from mototaxi_desk.services import clock, documents
from mototaxi_desk.services.trust import clock_trust
from mototaxi_desk.services.licensing import permits, waiting_list
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store import row_journal
from mototaxi_desk.store.connection import is_postgres
from mototaxi_desk.store.models import (MODELS, AuditLog, ClockJournal, ClockTick, Permit,
                                        WaitingListEntry)

from ..conftest import BACKENDS, row_counts
from ..factories import CLERK, make_person
from ..printing import pdf_tools
from .test_clock import _grant, _pay_all, _timeline

ADMIN = Actor(None, "admin.teste", "admin")
TODAY = dt.date.today()
TWO_YEARS_AHEAD = TODAY + dt.timedelta(days=731)


@pytest.fixture(autouse=True)
def _on_the_day_the_module_was_read(clock_at):
    """The computer's clock on TODAY, whenever the test runs (a session that crosses
    midnight would otherwise see a jump of a day)."""
    clock_at(TODAY)


def register_state() -> dict:
    """Every row of every table an undo puts back (the logs and caches aside), by id."""
    state = {}
    for model in MODELS:
        table = model._meta.table_name
        if table in row_journal.UNJOURNALED:
            continue
        pk = model._meta.primary_key
        state[table] = [row_journal.dump(row_journal._plain(model, r))
                        for r in model.select().order_by(pk).dicts()]
    return state


def _card_text(order_number) -> str:
    printed = documents.print_cards(CLERK, [order_number], on=wallclock.today())
    documents.confirm(CLERK, printed)
    texts = pdf_tools.qr_texts(printed["pdf"], 0, 150)
    assert len(texts) == 1
    return texts[0]


def _register_run_up_to_today(make_municipio):
    """An SRM register whose days up to today cross an expiry, the end of a suspension and
    of an interruption (test_clock._timeline), brought to today day by day as a program
    opened every day would; a card of the permit back in service."""
    t = _timeline(make_municipio, TODAY)
    clock.tick(on=t["days"]["suspension_ended"])
    clock.tick(on=TODAY)
    assert clock_trust.assess()["trusted"]
    # SRM Art. 6 XX: the holder licensed his card this year (and paid its fee, Art. 47 I)
    from mototaxi_desk.services.licensing import card_licensing
    card_licensing.license_card(CLERK, t["paused"]["id"], on=TODAY)
    _pay_all(t["paused"]["holder"], TODAY)
    return t, _card_text(t["paused"]["order_number"])


def test_a_clock_two_years_ahead_changes_nothing_and_holds_the_program(
        db, make_municipio, clock_at):
    """The issue's episode: one ordinary command with the clock two years ahead turned 14
    valid permits into 'vencida' for good. Now nothing changes: the program is held at the
    register's day, every audited change is refused with both dates named, and back at the
    right date it is as it was."""
    t, card = _register_run_up_to_today(make_municipio)
    state_before = register_state()
    clock_at(TWO_YEARS_AHEAD)
    state = clock_trust.assess()
    assert not state["trusted"] and wallclock.today() == TODAY  # held at the register's day
    assert state["problem"] == ("server" if is_postgres() else "ahead")
    assert f"{TWO_YEARS_AHEAD:%d/%m/%Y}" in state["message"]
    assert f"{TODAY:%d/%m/%Y}" in state["message"] or is_postgres()
    assert clock.tick()["ran"] is False  # the step brings nothing forward
    counts = row_counts()
    with pytest.raises(ClockNotTrusted, match="somente para consulta"):
        persons.register_person(CLERK, {"name": "Chegou Depois", "cpf": "529.982.247-25",
                                         "birth_date": "01/01/1990"})
    with pytest.raises(ClockNotTrusted):
        permits.suspend(ADMIN, t["paused"]["id"], until=TODAY + dt.timedelta(days=30),
                        reason="teste")
    assert row_counts() == counts
    assert documents.verify(card)["valid"]  # judged on the register's day, not 2028's
    assert backups.automatic_due() is False  # read-only: no copy named by the wrong clock
    clock_at(TODAY)
    assert clock_trust.assess()["trusted"] and wallclock.held() is None
    assert register_state() == state_before


def test_logins_and_refusals_still_work_while_held(db, municipio, clock_at):
    from mototaxi_desk.services.administration import users
    clock.tick(on=TODAY)
    clock_at(TWO_YEARS_AHEAD)
    assert not clock_trust.assess()["trusted"]
    assert users.authenticate("admin", "senha-forte-1").role == "admin"
    with pytest.raises(users.LoginFailed):
        users.authenticate("admin", "errada")
    assert AuditLog.select().where(AuditLog.action == "user.login_failed").count() == 1


@pytest.mark.parametrize("db_url", [BACKENDS[0]], indirect=True)
def test_a_jump_past_the_next_business_day_needs_an_admins_confirmation(
        db, municipio, clock_at):
    """SQLite has no other clock: Friday to Monday is a normal weekend; Friday to Tuesday
    (Monday a working day) or two years ahead needs an admin who types the date."""
    friday = dt.date(2027, 3, 5)
    assert friday.weekday() == 4
    clock.tick(on=friday)
    clock_at(friday + dt.timedelta(days=3))  # Monday
    assert clock_trust.assess()["trusted"]
    clock_at(friday + dt.timedelta(days=4))  # Tuesday: a working day was skipped
    state = clock_trust.assess()
    assert state["problem"] == "ahead" and state["allowed_until"] == friday + dt.timedelta(3)
    assert "05/03/2027" in state["message"] and "09/03/2027" in state["message"]
    with pytest.raises(PermissionDenied):
        clock_trust.confirm(CLERK, "09/03/2027")
    with pytest.raises(DomainError, match="não é a do relógio"):
        clock_trust.confirm(ADMIN, "10/03/2027")
    assert clock.last_day() == friday
    done = clock_trust.confirm(ADMIN, "09/03/2027")
    assert done["tick"]["ran"] and clock.last_day() == dt.date(2027, 3, 9)
    assert wallclock.held() is None and clock_trust.state()["trusted"]
    entry = AuditLog.select().where(AuditLog.action == "clock.confirm").get()
    assert '"register_day": "2027-03-05"' in entry.after and entry.after.count("2027-03-09")


def test_a_date_behind_the_register_holds_it_and_cannot_be_confirmed(db, municipio,
                                                                   clock_at):
    clock.tick(on=TODAY + dt.timedelta(days=10))
    state = clock_trust.assess()
    assert state["problem"] == "behind" and wallclock.today() == TODAY + dt.timedelta(days=10)
    assert state["undoable"] == [TODAY + dt.timedelta(days=10)]
    with pytest.raises(DomainError, match="já foi atualizado até"):
        clock_trust.confirm(ADMIN, TODAY)


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)
def test_postgresql_compares_with_the_servers_date(db, municipio, clock_at):
    server = clock_trust.server_day()
    clock.tick(on=server - dt.timedelta(days=1))
    clock_at(server + dt.timedelta(days=1))
    assert clock_trust.assess()["trusted"]  # a day either way: time zones, midnight
    clock_at(server + dt.timedelta(days=2))
    state = clock_trust.assess()
    assert state["problem"] == "server" and state["server_day"] == server
    with pytest.raises(DomainError, match="servidor"):
        clock_trust.confirm(ADMIN, server + dt.timedelta(days=2))


def test_a_step_run_with_a_wrong_date_is_undone_to_the_exact_earlier_state(
        db, make_municipio, clock_at):
    """A step two years ahead (an admin who confirmed a wrong date, a server with a wrong
    clock) expires the permits; back at the right date, `undo` puts every row it changed
    back, audited, the cards verify again, and the next step finds nothing to do today."""
    t, card = _register_run_up_to_today(make_municipio)
    before = register_state()
    wrong = clock.tick(on=TWO_YEARS_AHEAD)
    assert wrong["ran"] and wrong["counts"]
    assert not documents.verify(card)["valid"]  # the harm the issue saw
    assert clock_trust.assess()["problem"] == "behind"
    with pytest.raises(PermissionDenied):
        clock_trust.undo(CLERK)
    entries = AuditLog.select().count()
    done = clock_trust.undo(ADMIN)
    assert done["undone"] == [TWO_YEARS_AHEAD] and done["rows"] > 0
    assert register_state() == before
    assert clock.last_day() == TODAY and not done["tick"]["ran"]
    assert done["state"]["trusted"] and wallclock.held() is None
    assert ClockJournal.select().where(ClockJournal.day == TWO_YEARS_AHEAD).count() == 0
    assert documents.verify(card)["valid"]
    undone = AuditLog.select().where(AuditLog.id > entries)
    assert {e.action for e in undone} >= {"clock.undo", "clock.undo_row"}
    assert AuditLog.select().where(AuditLog.action == "clock.undo_row").count() == done["rows"]


def test_undo_puts_back_a_call_of_the_waiting_list(db, make_municipio):
    """PF Art. 12 §ú: the step expires a call and calls the next one; both undone."""
    make_municipio("porto-feliz-2017", today=TODAY - dt.timedelta(days=60))
    first = waiting_list.enrol(CLERK, make_person("Primeira")["id"],
                               on=TODAY - dt.timedelta(days=50))
    waiting_list.enrol(CLERK, make_person("Segunda")["id"], on=TODAY - dt.timedelta(days=49))
    called = waiting_list.call_next(CLERK, on=TODAY - dt.timedelta(days=5))
    assert called["id"] == first["id"] and called["call_deadline"] > TODAY
    clock.tick(on=TODAY)
    before = register_state()
    wrong = clock.tick(on=TWO_YEARS_AHEAD)
    assert {c["kind"] for c in wrong["changes"]} >= {"call_expired", "called"}
    assert not clock_trust.undo(ADMIN)["tick"]["ran"]
    assert register_state() == before
    assert WaitingListEntry.get_by_id(first["id"]).status == "called"


def test_undo_refuses_when_an_action_changed_a_row_since_and_changes_nothing(
        db, make_municipio):
    make_municipio("porto-feliz-2017", today=TODAY - dt.timedelta(days=400))
    permit = _grant("Vence No Futuro", TODAY - dt.timedelta(days=300))
    clock.tick(on=TODAY)
    clock.tick(on=TWO_YEARS_AHEAD)
    assert Permit.get_by_id(permit["id"]).status in ("expired", "lapsed")
    Permit.update(status_until=TWO_YEARS_AHEAD).where(Permit.id == permit["id"]).execute()
    after_action = register_state()
    with pytest.raises(DomainError, match=f"permit nº {permit['id']}"):
        clock_trust.undo(ADMIN, TODAY)
    assert register_state() == after_action
    assert clock.last_day() == TWO_YEARS_AHEAD


def test_a_step_made_before_the_journal_existed_is_not_undone(db, municipio):
    ClockTick.create(day=TODAY + dt.timedelta(days=5), changes="[]")  # as release 0.2 made
    with pytest.raises(DomainError, match="versão anterior"):
        clock_trust.undo(ADMIN, TODAY)
    assert clock.last_day() == TODAY + dt.timedelta(days=5)


@pytest.mark.parametrize("db_url", [BACKENDS[0]], indirect=True)
def test_no_future_dated_copy_multiplies_the_automatic_backups(db, municipio):
    """A copy named by a clock set ahead is the newest for ever: it must not make every
    later opening take another copy."""
    now = dt.datetime.combine(TODAY, dt.time(9, 0))
    assert backups.automatic_backup(now=now + dt.timedelta(days=731))  # the wrong clock's
    first = backups.automatic_backup(now=now)
    assert first is not None  # the future copy does not count
    assert backups.automatic_backup(now=now + dt.timedelta(hours=2)) is None
    assert backups.automatic_backup(now=now + dt.timedelta(hours=5)) is None

"""The passage of time seen from the window: it runs as the program opens (app.run_gui
calls startup_checks.pass_time before the main window) and on each new day while the window
stays open; the Painel lists what it changed today (PF Art. 2 §3º: a permit renewed yearly
that was not renewed is 'Vencida')."""
import datetime as dt
import sys
import threading

from dateutil.relativedelta import relativedelta

from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.gui.startup_checks import pass_time
from mototaxi_desk.services import clock
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import ClockTick, Permit

from ..factories import SUPERVISOR, make_person, make_vehicle

TODAY = dt.date.today()
GRANTED = TODAY - relativedelta(years=1)  # a yearly permit: its last valid day was yesterday


def _expiring_permit(make_municipio):
    make_municipio("porto-feliz-2017", today=GRANTED)
    person = make_person("Esqueceu De Renovar", today=GRANTED)
    vehicle = make_vehicle(person["id"], year=GRANTED.year, today=GRANTED,
                           insured_until=TODAY + dt.timedelta(days=400))
    return permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                on=GRANTED)


def test_opening_the_program_moves_time_and_the_painel_lists_todays_changes(
        qtbot, make_municipio):
    permit = _expiring_permit(make_municipio)
    assert permit["valid_until"] == TODAY - dt.timedelta(days=1)
    assert pass_time()["ran"]  # what run_gui does right after the login
    assert Permit.get_by_id(permit["id"]).status == "expired"
    window = MainWindow(Actor(None, "supervisor.teste", "supervisor"))
    qtbot.addWidget(window)
    page = window.dashboard
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        page.refresh()
    text = page.time_changes.text()
    assert "Atualização diária de hoje</b> (1 alteração(ões))" in text
    assert "Permissão vencida: Esqueceu De Renovar" in text
    assert "vencidas aguardando renovação: <b>1</b>" in page.figures.text()
    assert "validade até" in page.time_changes.toolTip()


def test_the_open_window_moves_time_once_on_each_new_day(qtbot, make_municipio):
    _expiring_permit(make_municipio)
    window = MainWindow(Actor(None, "atendente.teste", "atendente"))
    qtbot.addWidget(window)
    assert window.clock_timer.isActive()
    window.clock_day = TODAY - dt.timedelta(days=1)  # the window was opened yesterday
    assert window.new_day_check(TODAY) is True
    assert window.new_day_check(TODAY) is False  # once a day
    assert clock.last_day() == TODAY and ClockTick.select().count() == 1
    with qtbot.waitSignal(window.dashboard.loaded, timeout=10_000):
        window.dashboard.refresh()
    assert "Permissão vencida" in window.dashboard.time_changes.text()


def test_a_day_with_no_change_says_so(qtbot, make_municipio):
    make_municipio("porto-feliz-2017", today=TODAY)
    pass_time()
    window = MainWindow(Actor(None, "atendente.teste", "atendente"))
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.dashboard.loaded, timeout=10_000):
        window.dashboard.refresh()
    assert "não alterou nenhuma situação" in window.dashboard.time_changes.text()


def test_the_painel_after_a_renewal_deadline_a_suspension_end_and_an_interruption_end(
        qtbot, make_municipio):
    """SRM Arts. 4 §3º, 38 I, 29 and 8: the register taken across the three by the daily
    step; the window opened today shows today's change (the interruption ended), the
    permits in force under the cap and the expired one awaiting renewal."""
    from ..services.test_clock import _timeline
    t = _timeline(make_municipio, TODAY)
    clock.tick(on=t["days"]["suspension_ended"])
    clock.tick(on=TODAY - dt.timedelta(days=1))  # opened every day (no jump to confirm)
    assert pass_time()["ran"]  # the program opens today
    window = MainWindow(Actor(None, "supervisor.teste", "supervisor"))
    qtbot.addWidget(window)
    page = window.dashboard
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        page.refresh()
    text = page.time_changes.text()
    assert "(1 alteração(ões))" in text and "Fim da interrupção: Titular Em Pausa" in text
    assert "Fim da suspensão" not in text  # an earlier day's change
    figures = page.figures.text()
    assert "Permissões em vigor: <b>3</b> de <b>3</b> (900 habitantes)" in figures  # the cap
    assert "Ativas: <b>2</b>, vencidas aguardando renovação: <b>1</b>" in figures
    assert "Lista de espera: <b>0</b>" in figures and "vagas livres: <b>2</b>" in figures
    assert Permit.get_by_id(t["paused"]["id"]).status == "active"


def test_the_days_painel_is_built_while_the_login_shows_and_the_tick_keeps_it(
        qtbot, make_municipio, db_url, monkeypatch):
    """Issue 23: the day's first Painel rebuilds the due-dates table (about 6 s on a
    100,000-holder register); run_gui has a child process build it while the password is
    typed, before the tick that the login sets off. The tick expires a permit (PF Art. 2
    §3º) and its own records keep the table current: the window's Painel reads it, nothing
    is built in the window's process."""
    from PySide6.QtWidgets import QApplication, QDialog

    from mototaxi_desk.gui import account
    from mototaxi_desk.gui import app as gui_app
    from mototaxi_desk.services.views import due_dates
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.migrations import open_database

    from ..due_check import assert_due_table_current
    permit = _expiring_permit(make_municipio)
    assert due_dates.if_fresh(TODAY, 30) is None  # the day's first start
    built = []
    rebuild = due_dates._rebuild
    monkeypatch.setattr(due_dates, "_rebuild",
                        lambda on, days: built.append(on) or rebuild(on, days))

    # and the records' warm-up (issue 40 item 4) reads on the GUI thread's connection, the
    # one the window reads with
    from mototaxi_desk.services.views import records
    warmed, warm_up = [], records.warm_up
    monkeypatch.setattr(records, "warm_up", lambda: warmed.append(
        (threading.current_thread() is threading.main_thread(), warm_up())))

    def enter(dialog):  # the password is typed while the table is built
        qtbot.waitUntil(lambda: due_dates.if_fresh(TODAY, 30) is not None, timeout=20_000)
        qtbot.waitUntil(lambda: bool(warmed), timeout=20_000)
        assert warmed == [(True, Permit.get_by_id(permit["id"]).holder_id)]
        assert Permit.get_by_id(permit["id"]).status == "active"  # no tick yet
        dialog.actor = users.authenticate("admin", "senha-forte-1")
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(gui_app.LoginDialog, "exec", enter)
    monkeypatch.setattr(account, "first_login_password_change", lambda actor: True)
    windows, painel = [], []
    monkeypatch.setattr(MainWindow, "show_on_screen", lambda window: windows.append(window))

    def event_loop(app):  # the window's first Painel, then the user closes it
        (window,) = windows
        window.dashboard.loaded.connect(lambda: painel.append(window.dashboard._info))
        qtbot.waitUntil(lambda: bool(painel), timeout=20_000)
        window.close()
        return 0
    monkeypatch.setattr(QApplication, "exec", event_loop)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # run_gui installs its own
    assert gui_app.run_gui(db_url) == 0
    assert built == []  # by the child, while the login showed: the Painel read it
    open_database(db_url)
    assert Permit.get_by_id(permit["id"]).status == "expired"  # the tick ran after it
    assert_due_table_current(TODAY, where="the tick after the table was built")
    assert painel[0]["alerts_total"] == len(due_dates.stored(TODAY, 30))


def test_a_busy_database_makes_the_tick_wait_for_the_days_table(make_municipio, monkeypatch):
    """The child writing the day's table holds SQLite's write lock; on a slow disk past the
    busy timeout the tick (PF Art. 2 §3º: the permit expires) waits for it and runs again,
    instead of ending the program."""
    from mototaxi_desk.gui import painel_preparation
    from mototaxi_desk.store.connection import DatabaseBusy
    permit = _expiring_permit(make_municipio)
    calls, waited = [], []
    tick = clock.tick

    def busy_once(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            raise DatabaseBusy("database is locked")
        return tick(**kwargs)
    monkeypatch.setattr(clock, "tick", busy_once)
    monkeypatch.setattr(painel_preparation, "wait", lambda: waited.append(True))
    assert pass_time()["ran"]
    assert len(calls) == 2 and waited == [True]
    assert Permit.get_by_id(permit["id"]).status == "expired"


def test_the_painels_wait_for_the_days_table_ends_when_it_is_stopped(monkeypatch):
    """A Painel job stopped (its window closing) does not sit out the preparation."""
    import threading

    import pytest

    from mototaxi_desk.gui import painel_preparation
    from mototaxi_desk.store import connection

    class Endless:
        ended = threading.Event()
    monkeypatch.setattr(painel_preparation, "_job", Endless())
    stop = threading.Event()
    stop.set()
    connection.stop_queries_when(stop)
    try:
        with pytest.raises(connection.Interrupted):
            painel_preparation.wait()
    finally:
        connection.stop_queries_when(None)


def _painel_titles(qtbot, timeout: int):
    """A clerk's window's Painel refreshed until today's figures are shown: the window
    (kept: the page dies with it) and the titles it showed on the way,
    [("earlier" | "today", title)]."""
    window = MainWindow(Actor(None, "atendente.teste", "atendente"))
    qtbot.addWidget(window)
    page = window.dashboard
    shown = []
    page.shown_earlier.connect(lambda: shown.append(("earlier", page.alerts_title.text())))
    page.loaded.connect(lambda: shown.append(("today", page.alerts_title.text())))
    with qtbot.waitSignal(page.loaded, timeout=timeout):
        page.refresh()
    return window, shown


def test_the_mornings_painel_shows_yesterdays_due_dates_at_once_then_todays(
        qtbot, make_municipio, monkeypatch):
    """Issue 23: the day's first Painel shows the due dates as the day before's Painel had
    them at once, saying so, while today's table is built; then today's."""
    from mototaxi_desk.gui import painel_preparation
    from mototaxi_desk.services.views import due_dates
    _expiring_permit(make_municipio)
    yesterday = TODAY - dt.timedelta(days=1)
    assert due_dates.rebuild(yesterday)  # yesterday's Painel
    assert due_dates.readiness(TODAY) == "earlier"
    building, started = [], []
    monkeypatch.setattr(painel_preparation, "wait", lambda: building.append(True))
    monkeypatch.setattr(painel_preparation, "start", lambda: started.append(True))
    window, shown = _painel_titles(qtbot, timeout=10_000)
    page = window.dashboard
    assert [kind for kind, _ in shown] == ["earlier", "today"]
    assert f"<b>Prazos</b> contados em {yesterday:%d/%m/%Y}" in shown[0][1]
    assert building == [True]  # today's waited for the preparation, not yesterday's
    assert started == [True]  # asked for (none runs in this test: built here)
    assert "atualizando" not in page.alerts_title.text()
    assert due_dates.readiness(TODAY) == "fresh"
    assert page._info["alerts_as_of"] is None


def test_after_a_change_of_everybodys_due_dates_the_painel_shows_them_as_they_were_first(
        qtbot, make_municipio, monkeypatch):
    """Issue 23: a campaign created (everybody's due dates may change: the due-dates table
    is stale, its whole computation takes seconds on a large register), the Painel shows at
    once the due dates as they were, saying so, while a child process computes the whole
    (not the window's process), then today's."""
    from mototaxi_desk.gui import painel_preparation
    from mototaxi_desk.services.messaging import campaigns
    from mototaxi_desk.services.views import due_dates
    monkeypatch.setattr(painel_preparation, "_job", None)  # no login's child here
    _expiring_permit(make_municipio)
    assert pass_time()["ran"]
    assert due_dates.rebuild(TODAY)  # the morning's Painel
    campaigns.create(SUPERVISOR, name="Recadastramento", year=TODAY.year + 1)
    assert due_dates.readiness(TODAY) == "stale"
    in_this_process = []
    rebuild = due_dates._rebuild
    monkeypatch.setattr(due_dates, "_rebuild",
                        lambda on, days: in_this_process.append(on) or rebuild(on, days))
    window, shown = _painel_titles(qtbot, timeout=60_000)
    page = window.dashboard
    assert [kind for kind, _ in shown] == ["earlier", "today"]
    assert ("<b>Prazos</b> de antes da última alteração de regras ou do cadastro "
            "(atualizando…)") in shown[0][1]
    assert "atualizando" not in shown[1][1]
    assert due_dates.readiness(TODAY) == "fresh" and not page._info["alerts_stale"]
    assert in_this_process == []  # computed by the child


def test_yesterdays_due_dates_say_so(qtbot, make_municipio, monkeypatch):
    from mototaxi_desk.gui import painel_preparation
    from mototaxi_desk.services.views import due_dates
    _expiring_permit(make_municipio)
    yesterday = TODAY - dt.timedelta(days=1)
    assert due_dates.rebuild(yesterday)
    hold = threading.Event()
    monkeypatch.setattr(painel_preparation, "wait",  # today's table takes its time
                        lambda: hold.wait(10))
    monkeypatch.setattr(painel_preparation, "start", lambda: None)  # built here
    window = MainWindow(Actor(None, "atendente.teste", "atendente"))
    qtbot.addWidget(window)
    page = window.dashboard
    with qtbot.waitSignal(page.shown_earlier, timeout=10_000):
        page.refresh()
    title = page.alerts_title.text()
    assert f"<b>Prazos</b> contados em {yesterday:%d/%m/%Y} (atualizando para hoje…)" in title
    window.update_counts()  # the badge counts today's overdue items only, never these
    assert window.nav.count_of(window.pages.index(page)) == 0
    assert page._info["alerts_as_of"] == yesterday
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        hold.set()
    assert "atualizando" not in page.alerts_title.text()


def test_the_overdue_badge_waits_for_todays_figures(qtbot, make_municipio):
    make_municipio("porto-feliz-2017", today=TODAY)
    window = MainWindow(Actor(None, "atendente.teste", "atendente"))
    qtbot.addWidget(window)
    row = window.pages.index(window.dashboard)
    window.dashboard._info = {"alerts_overdue": 5, "alerts_as_of": TODAY - dt.timedelta(days=1)}
    window.update_counts()
    assert window.nav.count_of(row) == 0
    window.dashboard._info = {"alerts_overdue": 5, "alerts_as_of": None}
    window.update_counts()
    assert window.nav.count_of(row) == 5


def test_one_child_computes_the_days_table_at_a_time(qtbot, make_municipio, monkeypatch):
    """Issue 23: the Painel asks for the day's table again while the login's child still
    computes it (a stale table found): no second child computes the register beside it."""
    from mototaxi_desk.gui import painel_preparation
    from mototaxi_desk.services import child_jobs
    make_municipio("porto-feliz-2017", today=TODAY)
    release, started = threading.Event(), []
    monkeypatch.setattr(child_jobs, "run",
                        lambda job: started.append(job) or release.wait(10))
    monkeypatch.setattr(painel_preparation, "_job", None)
    painel_preparation.start()
    qtbot.waitUntil(lambda: started == ["prepare_painel"], timeout=10_000)
    painel_preparation.start()  # while the first runs
    release.set()
    painel_preparation.wait()
    assert started == ["prepare_painel"]
    painel_preparation.start()  # once it ended: a new one
    qtbot.waitUntil(lambda: len(started) == 2, timeout=10_000)
    painel_preparation.wait()

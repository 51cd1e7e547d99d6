"""A window on PostgreSQL goes on working after the server dropped its connection (issue 34
item 9: a restart, a LAN or Wi-Fi blip). It used to show the crash dialog at every click
until the program was restarted. Now a click after the drop works (its reads sent again, its
write on a new connection); a write cut in the middle shows, once, "A conexão com o
servidor caiu; a operação não foi gravada — tente de novo" as a simple warning (never the
crash dialog), keeps what was typed, and the next click saves. The Painel's background
loads survive too. Only the test's own backends are ended (tests/dropped.py)."""
from __future__ import annotations

import sys
import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from mototaxi_desk.gui import workers
from mototaxi_desk.gui.dialogs import crash
from mototaxi_desk.gui.dialogs.stand_forms import StandFormDialog
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services import audit
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.views import due_dates, overview
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.connection import ConnectionLost
from mototaxi_desk.store.models import Permit, Stand

from ..conftest import BACKENDS, row_counts
from ..dropped import backend_pid, drop_connection, dropping_before

ON_POSTGRESQL = pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # or skipped

LOST = "A conexão com o servidor caiu; a operação não foi gravada — tente de novo."


@pytest.fixture
def shown(monkeypatch, qtbot):
    """What the program's own excepthook (gui/dialogs/crash.py) showed for each exception
    that escaped a slot: ("aviso", text) for a warning, ("erro inesperado", type) for the
    crash dialog. Nothing waits for a user: the boxes are built, read and closed."""
    seen = []

    def hook(exc_type, exc, tb):
        box = crash.handle_exception(exc_type, exc, tb, show=False)
        if isinstance(box, crash.CrashDialog):
            seen.append(("erro inesperado", exc_type.__name__))
        elif isinstance(box, QMessageBox):
            seen.append(("aviso", box.text()))
        if box is not None:
            box.deleteLater()
    monkeypatch.setattr(sys, "excepthook", hook)
    return seen


@pytest.fixture
def window(qtbot, demo_data):
    win = MainWindow(users.authenticate("supervisor", demo.DEMO_PASSWORD))
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.dashboard.loaded, timeout=20_000):  # today's Painel shown
        win.show()
    workers.wait_for_background_work()  # the Painel's jobs have ended, their connections closed
    return win


def _new_stand_form(window, qtbot, name: str) -> StandFormDialog:
    window.nav.setCurrentRow(window.row_of("stands_page"))
    page = window.stands_page
    qtbot.mouseClick(page.buttons["create"], Qt.MouseButton.LeftButton)
    form = page.form
    assert isinstance(form, StandFormDialog)
    qtbot.keyClicks(form.ui.name.editor, name)
    qtbot.keyClicks(form.ui.location.editor, "Rua do Mercado, 10")
    return form


def _save(form, qtbot) -> None:
    qtbot.keyClick(form.ui.location.editor, Qt.Key.Key_Return)  # Enter saves


@ON_POSTGRESQL
def test_clicks_after_the_drop_read_and_write_on_a_new_connection(window, qtbot, shown):
    ended = drop_connection()  # the window's own (this, the GUI thread's)
    permit = Permit.select().where(Permit.status == "active").first()
    qtbot.keyClicks(window.search_box, permit.vehicle.plate)
    qtbot.keyClick(window.search_box, Qt.Key.Key_Return)  # a read
    assert window.person_page.person_id == permit.holder_id
    form = _new_stand_form(window, qtbot, "Ponto da Feira")
    _save(form, qtbot)  # a write
    assert form.result(), form.ui.message.text()
    assert Stand.select().where(Stand.name == "Ponto da Feira").count() == 1
    assert shown == []  # not a box, not a crash dialog
    assert backend_pid() != ended


@ON_POSTGRESQL
def test_a_save_cut_by_the_drop_warns_once_keeps_the_form_and_saves_at_the_next_click(
        window, qtbot, shown, monkeypatch):
    before = row_counts()
    form = _new_stand_form(window, qtbot, "Ponto da Rodoviaria")
    ended = dropping_before(monkeypatch, audit, "record",
                            when=lambda actor, action, *args, **kwargs: action == "stand.create")
    _save(form, qtbot)  # the stand inserted, then the connection dropped
    assert ended
    assert shown == [("aviso", LOST)]
    assert row_counts() == before  # nothing of it written
    assert form.isVisible() and form.ui.name.editor.text() == "Ponto da Rodoviaria"
    _save(form, qtbot)  # the clerk tries again: a new connection
    assert form.result(), form.ui.message.text()
    assert Stand.select().where(Stand.name == "Ponto da Rodoviaria").count() == 1
    assert shown == [("aviso", LOST)]  # said once
    assert audit.verify()["ok"]


@ON_POSTGRESQL
def test_the_painel_loads_when_its_jobs_connection_drops(window, qtbot, monkeypatch):
    """A drop between two of the job's reads: sent again, the figures shown."""
    page = window.dashboard
    dropped_in = []
    real = overview.dashboard

    def dashboard(*args, **kwargs):
        if not dropped_in:
            dropped_in.append((threading.get_ident(), drop_connection()))
        return real(*args, **kwargs)
    monkeypatch.setattr(overview, "dashboard", dashboard)
    with qtbot.waitSignal(page.loaded, timeout=20_000):
        page.refresh()
    assert dropped_in and dropped_in[0][0] != threading.get_ident()  # the job's own
    assert "não foi possível" not in page.alerts_title.text()


@ON_POSTGRESQL
def test_a_painel_job_cut_mid_read_says_so_and_the_next_load_works(window, qtbot,
                                                                  monkeypatch):
    """Its snapshot transaction dropped: the Painel says it could not load, in Portuguese,
    and the window's next refresh loads (each job opens its own connection)."""
    page = window.dashboard
    failures = []
    real_failed = page._failed
    with monkeypatch.context() as patch:
        patch.setattr(page, "_failed", lambda exc, asked: (failures.append(exc),
                                                          real_failed(exc, asked)))
        dropping_before(patch, due_dates, "_read")
        page.refresh()
        qtbot.waitUntil(lambda: bool(failures), timeout=20_000)
        workers.wait_for_background_work()
    assert isinstance(failures[0], ConnectionLost)
    assert LOST in page.alerts_title.text()
    with qtbot.waitSignal(page.loaded, timeout=20_000):
        page.refresh()
    assert LOST not in page.alerts_title.text()


def test_the_crash_hook_shows_a_lost_connection_as_a_warning(qtbot):
    try:
        raise ConnectionLost(LOST)
    except ConnectionLost:
        box = crash.handle_exception(*sys.exc_info(), show=False)
    if box.parent() is None:
        qtbot.addWidget(box)
    assert isinstance(box, QMessageBox) and box.icon() == QMessageBox.Icon.Warning
    assert box.text() == LOST

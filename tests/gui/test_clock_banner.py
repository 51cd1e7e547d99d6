"""The window on a bad-clock day (issue 34, services/trust/clock_trust.py): opened with the PC
clock two years ahead it says so in a banner that names both dates and works read-only; an
administrator confirms the date from the banner, or, back at the right date, undoes the
updates made on the wrong one. Other roles see the banner without the buttons."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.gui.startup_checks import pass_time
from mototaxi_desk.services import clock
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import ClockTick

from ..conftest import BACKENDS

TODAY = dt.date.today()
AHEAD = TODAY + dt.timedelta(days=731)


@pytest.fixture(autouse=True)
def _on_the_day_the_module_was_read(clock_at):
    clock_at(TODAY)  # a session that crosses midnight would see a jump of a day


def _window(qtbot, actor):
    window = MainWindow(actor)
    qtbot.addWidget(window)
    return window


@pytest.mark.parametrize("db_url", [BACKENDS[0]], indirect=True)  # PostgreSQL: the server's date
def test_two_years_ahead_the_banner_names_both_dates_and_the_admin_confirms(
        qtbot, make_municipio, clock_at, prompts):
    make_municipio("porto-feliz-2017", today=TODAY)
    assert pass_time()["ran"]
    clock_at(AHEAD)
    assert pass_time() == {"ran": False, "day": TODAY, "last": TODAY, "changes": [],
                           "counts": {}}
    clerk = _window(qtbot, Actor(None, "atendente.teste", "atendente"))
    banner = clerk.clock_banner
    assert banner.isVisibleTo(clerk)
    assert f"{AHEAD:%d/%m/%Y}" in banner.text.text() and f"{TODAY:%d/%m/%Y}" in banner.text.text()
    assert "somente consulta" in banner.text.text()
    assert not banner.confirm_button.isVisibleTo(clerk)
    admin = _window(qtbot, users.authenticate("admin", "senha-forte-1"))
    button = admin.clock_banner.confirm_button
    assert button.isVisibleTo(admin) and not admin.clock_banner.undo_button.isVisibleTo(admin)
    prompts.yes = False
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert clock.last_day() == TODAY and f"{AHEAD:%d/%m/%Y}" in prompts.asked[-1]
    prompts.yes = True
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert clock.last_day() == AHEAD
    assert not admin.clock_banner.isVisibleTo(admin)
    assert "confirmada" in prompts.informed[-1]


def test_back_at_the_right_date_the_admin_undoes_the_wrong_updates(
        qtbot, make_municipio, clock_at, prompts):
    make_municipio("porto-feliz-2017", today=TODAY)
    assert pass_time()["ran"]
    clock_at(AHEAD)
    clock.tick(on=AHEAD)  # an admin confirmed a wrong date, or a server's clock was wrong
    admin = _window(qtbot, users.authenticate("admin", "senha-forte-1"))
    assert not admin.clock_banner.isVisibleTo(admin)
    clock_at(TODAY)
    assert admin.new_day_check() is True  # the computer's date changed under the window
    banner = admin.clock_banner
    assert banner.isVisibleTo(admin) and "já foi atualizado até" in banner.text.text()
    assert banner.undo_button.isVisibleTo(admin)
    qtbot.mouseClick(banner.undo_button, Qt.MouseButton.LeftButton)
    assert f"{AHEAD:%d/%m/%Y}" in prompts.asked[-1]
    assert clock.last_day() == TODAY and ClockTick.select().count() == 1
    assert not banner.isVisibleTo(admin)


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)
def test_on_postgresql_a_date_far_from_the_servers_cannot_be_confirmed(
        qtbot, make_municipio, clock_at):
    make_municipio("porto-feliz-2017", today=TODAY)
    assert pass_time()["ran"]
    clock_at(AHEAD)
    pass_time()
    admin = _window(qtbot, users.authenticate("admin", "senha-forte-1"))
    banner = admin.clock_banner
    assert banner.isVisibleTo(admin) and "servidor do banco de dados" in banner.text.text()
    assert not banner.confirm_button.isVisibleTo(admin)

"""GUI tests set the program's day (issue 38 item 2, "Tests (GUI ones included) set the
clock"): the `clock_at` fixture (tests/conftest.py) moves the one clock
(domain/wallclock.py) for the whole program, so a window opened under it lives on that day —
its date fields, and the wording of the law it shows as "in force today"."""
from __future__ import annotations

import datetime as dt

from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.gui.widgets.ledger_view import date_edit
from mototaxi_desk.services.administration import profile_versions
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import User

from ..services.test_profile_versions import amended

BEFORE, AMENDED_ON, AFTER = dt.date(2026, 5, 20), dt.date(2026, 6, 1), dt.date(2026, 6, 15)


def test_a_date_field_opens_on_the_day_the_test_set(qtbot, clock_at):
    clock_at(dt.date(2031, 2, 28))
    field = date_edit()
    qtbot.addWidget(field)
    assert field.date() == dt.date(2031, 2, 28)
    assert field.editor.text() == "28/02/2031"


def test_the_settings_page_shows_the_law_in_force_on_the_set_day_pf_art_7(
        qtbot, pf, tmp_path, clock_at):
    """PF Art. 7 §4º: one permit for each 300 inhabitants. A wording of 250 adopted on
    20/05/2026 to take effect on 01/06/2026: the window on 20/05 still shows 300 and the
    new version as scheduled; the same window on 15/06 shows 250, version 2 in force."""
    clock_at(BEFORE)
    user = User.get(User.login == "admin")
    admin = Actor(user.id, user.login, user.role)
    profile_versions.adopt(admin, amended(tmp_path, ("inhabitants_per_permit = 300",
                                                     "inhabitants_per_permit = 250")),
                           AMENDED_ON, on=BEFORE)
    page = SettingsPage(admin)
    qtbot.addWidget(page)
    page.refresh()
    assert "1 para cada 300 habitantes, Art. 7 §4º" in page.cap_label.text()
    assert "Versão 1 do perfil" in page.municipio_info.text()
    assert "versão 2 a partir de 01/06/2026" in page.municipio_info.text()
    clock_at(AFTER)
    page.refresh()
    assert "1 para cada 250 habitantes, Art. 7 §4º" in page.cap_label.text()
    assert "Versão 2 do perfil" in page.municipio_info.text()

"""Configurações → Unidade fiscal e tarifa: the initial tariff's history (PF Art. 32), a new
value typed with its date and act by the administrator; read-only for the other roles; a bad
value named and nothing written."""
import datetime as dt

from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import User
from tests.conftest import row_counts


def _admin() -> Actor:
    user = User.get(User.login == "admin")
    return Actor(user.id, user.login, user.role)


def test_admin_adds_a_tariff_from_a_date(qtbot, pf):
    page = SettingsPage(_admin())
    qtbot.addWidget(page)
    page.refresh()
    box = page.tariff_box
    assert "tarifa em vigor no dia da infração" in box.note.text()
    assert [r["value_cents"] for r in box.model.rows] == [500]
    box.set_date(dt.date(2026, 7, 1))
    before = row_counts()
    qtbot.keyClicks(box.value.editor, "seis")
    box.save()
    assert row_counts() == before and "Valor inválido" in box.value.message.text()
    box.value.editor.clear()
    qtbot.keyClicks(box.value.editor, "6,00")
    qtbot.keyClicks(box.act, "Decreto 40/2026")
    box.save()
    assert "R$ 6,00 a partir de 01/07/2026 salva" in box.message.text()
    assert [(r["effective_on"], r["value_cents"]) for r in box.model.rows] == [
        (dt.date(2026, 1, 1), 500), (dt.date(2026, 7, 1), 600)]
    assert setup.tariff_cents_on(dt.date(2026, 7, 2)) == 600


def test_other_roles_see_the_tariff_read_only(qtbot, pf):
    page = SettingsPage(Actor(None, "supervisor", "supervisor"))
    qtbot.addWidget(page)
    page.refresh()
    assert page.tariff_box.model.rows and not page.tariff_box.button.isEnabled()

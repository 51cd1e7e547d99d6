"""Pontos: free a place, assign a permit without a place, change stand with the rules (the
refusal cites the article and writes nothing), print the roster with preview. Lista de
espera: call the next person after a confirmation that shows the deadline."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui.pages.stands import StandsPage
from mototaxi_desk.gui.pages.waiting import WaitingListPage
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.store.models import Permit, WaitingListEntry

from ..conftest import row_counts
from ..printing import pdf_tools


def _actor(role):
    return users.authenticate(role, demo.DEMO_PASSWORD)


def _click(qtbot, button) -> None:
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _page(qtbot, role) -> StandsPage:
    page = StandsPage(_actor(role))
    qtbot.addWidget(page)
    page.refresh()
    return page


def _select_stand_with_room(page) -> dict:
    for row, stand in enumerate(page.stand_model.rows):
        if not stand["full"] and stand["count"]:
            page.stand_view.selectRow(row)
            return stand
    pytest.fail("a demonstração deveria ter um ponto com vagas e permissionários")


def _select_filled_place(page) -> dict:
    for row, place in enumerate(page.place_model.rows):
        if place["permit_id"]:
            page.place_view.selectRow(row)
            return place
    pytest.fail("o ponto deveria ter uma vaga ocupada")


def test_release_then_assign_a_place_on_the_stand(qtbot, demo_data):
    page = _page(qtbot, "atendente")
    stand = _select_stand_with_room(page)
    place = _select_filled_place(page)
    _click(qtbot, page.buttons["release"])
    qtbot.keyClicks(page.form.widget("reason"), "Pedido do permissionario")
    _click(qtbot, page.form.ok_button)
    assert Permit.get_by_id(place["permit_id"]).stand_id is None
    assert "liberada" in page.message.text()
    _click(qtbot, page.buttons["assign"])
    form = page.form
    combo = form.widget("permit")
    combo.setCurrentIndex(combo.findData(place["permit_id"]))
    _click(qtbot, form.ok_button)
    permit = Permit.get_by_id(place["permit_id"])
    assert permit.stand_id == stand["id"] and permit.stand_position == place["position"]


def test_change_of_stand_before_12_months_is_refused_in_the_form(qtbot, demo_data):
    """SRM Art. 20 XVIII: only after 12 months at the stand; nothing written."""
    page = _page(qtbot, "atendente")
    _select_stand_with_room(page)
    place = _select_filled_place(page)
    Permit.update(stand_since=dt.date.today() - dt.timedelta(days=10)).where(
        Permit.id == place["permit_id"]).execute()
    _click(qtbot, page.buttons["move"])
    form = page.form
    before = row_counts()
    _click(qtbot, form.ok_button)
    assert "12 meses" in form.message.text() and "Art. 20" in form.message.text()
    assert row_counts() == before and form.isVisible()


def test_full_stand_cannot_take_a_permit_and_fiscal_cannot_move(qtbot, demo_data):
    page = _page(qtbot, "atendente")
    full = [r for r, s in enumerate(page.stand_model.rows) if s["full"]]
    assert full, "a demonstração deveria ter um ponto completo"
    page.stand_view.selectRow(full[0])
    assert not page.buttons["assign"].isEnabled()
    fiscal = _page(qtbot, "fiscal")
    _select_filled_place(fiscal)
    assert not fiscal.buttons["move"].isEnabled() and not fiscal.buttons["release"].isEnabled()
    assert fiscal.buttons["print"].isEnabled()


def test_print_roster_from_the_page(qtbot, demo_data):
    page = _page(qtbot, "atendente")
    stand = _select_stand_with_room(page)
    _click(qtbot, page.buttons["print"])
    result = page.last_print
    assert result["document"] == "roster" and result["pdf"].startswith(b"%PDF")
    text = pdf_tools.text(result["pdf"])
    assert stand["label"] in text and "1ª via" in page.message.text()


def _waiting_page(qtbot, role, answer=True):
    page = WaitingListPage(_actor(role))
    qtbot.addWidget(page)
    asked = []
    page.confirm = lambda text: (asked.append(text), answer)[1]
    page.refresh()
    return page, asked


def test_call_up_confirms_with_the_deadline_and_calls_the_first(qtbot, demo_data):
    page, asked = _waiting_page(qtbot, "atendente")
    first = page.model.rows[0]
    _click(qtbot, page.call_button)
    deadline = waiting_list.call_deadline(dt.date.today())
    assert first["person_name"] in asked[0] and deadline.strftime("%d/%m/%Y") in asked[0]
    entry = WaitingListEntry.get_by_id(first["id"])
    assert entry.status == "called" and entry.call_deadline == deadline
    assert [c["id"] for c in page.called_model.rows] == [first["id"]]
    assert page.model.rows[0]["id"] != first["id"]


def test_call_up_declined_writes_nothing_and_fiscal_cannot_call(qtbot, demo_data):
    page, asked = _waiting_page(qtbot, "atendente", answer=False)
    before = row_counts()
    _click(qtbot, page.call_button)
    assert asked and row_counts() == before
    fiscal, _ = _waiting_page(qtbot, "fiscal")
    assert not fiscal.call_button.isEnabled() and "não pode" in fiscal.call_button.toolTip()

"""The card's yearly licensing from the prontuário's "Mais ▾" (issue 37 item 2): SRM Art. 6
XX, Art. 30 XXIV d (in person), Art. 47 I (the card's fee) — the form shows the rule, the fee
and the card's new validity before the clerk confirms, and the new card is printed after."""
import datetime as dt

from PySide6.QtCore import Qt

from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.store.models import Fee, PrintLog

from ..conftest import row_counts
from ..factories import CLERK
from ..services.ledger_helpers import holder_permit

D = dt.date


def _page(qtbot, actor, person_id) -> PersonPage:
    page = PersonPage(actor)
    qtbot.addWidget(page)
    page.open_person(person_id)
    return page


def test_card_licensed_from_the_menu_and_the_new_card_printed_srm_art_6_xx(qtbot, srm,
                                                                          clock_at):
    clock_at(D(2026, 11, 1))
    holder, permit = holder_permit(on=D(2026, 1, 10))
    page = _page(qtbot, CLERK, holder["id"])
    action = page.more_actions["license"]
    assert action.isEnabled(), action.toolTip()
    action.trigger()
    form = page.form
    assert form.objectName() == "permit_act_license"
    preview = form.intro.text()
    assert "Art. 6 XX" in preview and "Art. 47 I" in preview and "Art. 38 III d" in preview
    assert "a partir de 11/11/2026" in preview  # not yet: the licensing opens 60 days before
    before = row_counts()
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert form.isVisible() and "a partir de 11/11/2026" in form.message.text()
    assert row_counts() == before
    field = form.widget("on")
    field.editor.clear()
    qtbot.keyClicks(field.editor, "20122026")
    field.changed.emit(field.editor.text())
    assert "Validade do cartão de permissão: 10/01/2027 → 10/01/2028." in form.intro.text()
    qtbot.keyClicks(form.widget("act_number"), "Protocolo 12/2026")
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert not form.isVisible(), form.message.text()
    assert "licenciado: válido até 10/01/2028" in page.message.text()
    assert Fee.select().where((Fee.person == holder["id"]) & (Fee.code == "card") &
                              (Fee.status == "open")).count() == 1
    assert form.printed and PrintLog.select().where(
        (PrintLog.document == "card") &
        (PrintLog.entity_key == str(permit["order_number"]))).exists()

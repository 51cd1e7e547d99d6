"""Issue 18: a user disabled while the window is open is refused at the next action — the
window keeps the Actor of its login, and every service asks whether that user is still
active (services/permissions.require); the refusal shows in the form, nothing is written."""
from PySide6.QtCore import Qt

from mototaxi_desk.gui.pages.stands import StandsPage
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import AuditLog, Permit

from ..conftest import row_counts


def _click(qtbot, button) -> None:
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_disabled_users_window_stops_at_its_next_action(qtbot, demo_data):
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)
    page = StandsPage(clerk)
    qtbot.addWidget(page)
    page.refresh()
    for row, place in enumerate(page.place_model.rows):
        if place["permit_id"]:
            page.place_view.selectRow(row)
            break
    _click(qtbot, page.buttons["release"])
    qtbot.keyClicks(page.form.widget("reason"), "Pedido do permissionario")
    users.disable_user(users.authenticate("admin", "senha-forte-1"), "atendente")
    before = row_counts()
    _click(qtbot, page.form.ok_button)
    assert "desativado" in page.form.message.text()
    assert Permit.get_by_id(place["permit_id"]).stand_id is not None
    assert row_counts() == before
    refused = AuditLog.select().where(AuditLog.action == "refused:stand.release").get()
    assert refused.user_id == clerk.user_id

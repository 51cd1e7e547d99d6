"""PF Art. 12 §ú through the window (issue 37 item 1): in a município made by `init` under
Porto Feliz, the clerk calls the first of the list, the called person refuses, and removing
him in the "Retirar da lista" dialog calls the next by itself — the dialog says it will, the
page names who was called and shows him among the called."""
import json

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui.dialogs.waiting_forms import WaitingRemoveDialog
from mototaxi_desk.gui.pages.waiting import WaitingListPage
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.store.models import AuditLog, WaitingListEntry

from ..conftest import PF
from .town import _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)

TOWN_PROFILE = PF


@pytest.fixture(scope="module")
def page(town, qapp):
    waiting = WaitingListPage(town.actor("atendente"))
    waiting.resize(1200, 700)
    waiting.show()
    waiting.refresh()
    yield waiting
    waiting.close()
    waiting.deleteLater()


def _click(qtbot, button):
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_pf_art_12_par_unico_a_refused_call_calls_the_next_from_the_window(page, qtbot):
    """PF Art. 12 §ú: "Será automaticamente convocado o próximo requerente"."""
    first, second = new_person("Ana Convocada"), new_person("Bruno Seguinte")
    for person in (first, second):
        waiting_list.enrol(page.actor, person["id"])
    page.refresh()
    page.confirm = lambda text: "Ana Convocada" in text
    _click(qtbot, page.call_button)
    assert [r["person_id"] for r in page.called_model.rows] == [first["id"]]

    page.called_view.setFocus()
    page.called_view.selectRow(0)
    _click(qtbot, page.remove_button)
    form = page.form
    assert isinstance(form, WaitingRemoveDialog)
    assert "A convocação passa ao próximo da lista" in form.ui.intro.text()
    assert "Art. 12 §ú" in form.ui.intro.text()
    form.ui.reason_kind.setCurrentIndex(form.ui.reason_kind.findData("Recusou a convocação"))
    _click(qtbot, form.save_button)

    assert WaitingListEntry.get(WaitingListEntry.person == first["id"]).status == "left"
    called = WaitingListEntry.get(WaitingListEntry.person == second["id"])
    assert called.status == "called"
    assert [r["person_id"] for r in page.called_model.rows] == [second["id"]]
    assert page.message.text() == (
        "Ana Convocada retirado(a) da lista de espera. Bruno Seguinte convocado(a) em "
        f"seguida (Art. 12 §ú); prazo para comparecer até {called.call_deadline:%d/%m/%Y}.")
    log = AuditLog.select().where((AuditLog.action == "waiting_list.call") &
                                  (AuditLog.entity_id == str(called.id))).get()
    assert json.loads(log.after)["reason"].endswith("encerrada: Recusou a convocação")


def test_pf_art_12_par_unico_the_grant_to_the_called_names_the_next_called(page, qtbot, town):
    """PF Art. 12 §ú: the called person granted ends the call; with places still free under
    the cap (this town's population leaves many) the next waiting is called, and the grant
    dialog says whom."""
    from mototaxi_desk.gui.dialogs.grant import GrantDialog
    from mototaxi_desk.services.licensing import applications

    from ..factories import make_vehicle
    for entry in WaitingListEntry.select().where(WaitingListEntry.status.in_(("waiting",
                                                                                "called"))):
        waiting_list.leave(page.actor, entry.id, reason="limpeza do teste")
    supervisor = town.actor("supervisor")
    first, second = new_person("Carla Outorgada"), new_person("Davi Depois")
    for person in (first, second):
        waiting_list.enrol(page.actor, person["id"])
    assert waiting_list.call_next(page.actor)["person_id"] == first["id"]
    app = applications.file_application(supervisor, first["id"], "new_permit")
    for item in app["checklist"]:
        applications.set_checklist_item(supervisor, app["id"], item["code"], received=True)
    applications.change_status(supervisor, app["id"], "deferido", reason="ok")
    make_vehicle(first["id"])
    dialog = GrantDialog(supervisor, applications.application(app["id"]))
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.act, "Portaria 7/2026")
    _click(qtbot, dialog.grant_button)
    assert dialog.result_data and dialog.result_data["granted"], dialog.message.text()
    called = WaitingListEntry.get(WaitingListEntry.person == second["id"])
    assert called.status == "called"
    assert dialog.message.text().endswith(
        f"Convocado(a) em seguida da lista de espera: Davi Depois, até "
        f"{called.call_deadline:%d/%m/%Y}.")

"""Keyboard-first check lists (issue 36 item 3), from a município made by `init`: the
documents of an open application are ticked with the arrows and Space — the row stays where
it was after each tick is saved — and "Marcar todos" (Alt+T) marks the rest in one action;
the inspection's items are reached with Tab, answered with the arrows and Space, and "Tudo
aprovado" (Alt+A) answers every one."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from mototaxi_desk.gui.dialogs.application_detail import ApplicationDetailDialog
from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
from mototaxi_desk.services.licensing import applications
from mototaxi_desk.store.models import AuditLog

from .town import _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)


def _show(qtbot, dialog):
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog)
    return dialog


def _received(app_id) -> list[bool]:
    return [c["received"] for c in applications.application(app_id)["checklist"]]


def test_documents_received_by_arrows_space_and_marcar_todos(town, qtbot):
    clerk = town.actor("atendente")
    person = new_person()
    app = applications.file_application(clerk, person["id"], "new_permit")
    total = len(app["checklist"])
    assert total > 3 and not any(_received(app["id"]))
    dialog = _show(qtbot, ApplicationDetailDialog(clerk, app["id"]))
    documents = dialog.checklist
    qtbot.waitUntil(lambda: QApplication.focusWidget() is documents)  # ready at once
    assert documents.currentRow() == 0
    qtbot.keyClick(documents, Qt.Key.Key_Space)  # the first: received
    assert _received(app["id"])[:2] == [True, False]
    assert documents.currentRow() == 0 and QApplication.focusWidget() is documents
    qtbot.keyClick(documents, Qt.Key.Key_Down)
    qtbot.keyClick(documents, Qt.Key.Key_Down)
    qtbot.keyClick(documents, Qt.Key.Key_Space)  # the third
    assert _received(app["id"])[:3] == [True, False, True]
    qtbot.keyClick(documents, Qt.Key.Key_Up)
    qtbot.keyClick(documents, Qt.Key.Key_Up)
    qtbot.keyClick(documents, Qt.Key.Key_Space)  # the first again: not received after all
    assert _received(app["id"])[:3] == [False, False, True]
    assert f"Documentos (1 de {total})" == dialog.tabs.tabText(0)

    entries = AuditLog.select().count()
    qtbot.keyClick(documents, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # Marcar &todos
    qtbot.waitUntil(lambda: all(_received(app["id"])))
    assert AuditLog.select().count() == entries + total - 1  # one entry per document
    assert not dialog.all_button.isEnabled()
    assert f"Documentos ({total} de {total})" == dialog.tabs.tabText(0)


def test_a_decided_application_s_documents_stay_as_they_are(town, qtbot):
    person = new_person()
    app = applications.file_application(town.actor("atendente"), person["id"], "new_permit")
    dialog = _show(qtbot, ApplicationDetailDialog(town.actor("fiscal"), app["id"]))
    assert not dialog.all_button.isEnabled()
    dialog.checklist.setFocus()
    qtbot.keyClick(dialog.checklist, Qt.Key.Key_Space)
    assert not any(_received(app["id"]))


def test_the_new_application_s_documents_by_arrows_and_space(town, qtbot):
    from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
    person = new_person()
    wizard = _show(qtbot, NewApplicationWizard(town.actor("atendente"), person_id=person["id"],
                                               app_type="new_permit"))
    wizard.next()
    wizard.next()
    page = wizard.checklist_page
    assert wizard.currentPage() is page
    qtbot.waitUntil(lambda: QApplication.focusWidget() is page.items)
    qtbot.keyClick(page.items, Qt.Key.Key_Space)
    qtbot.keyClick(page.items, Qt.Key.Key_Down)
    qtbot.keyClick(page.items, Qt.Key.Key_Down)
    qtbot.keyClick(page.items, Qt.Key.Key_Space)
    codes = [page.items.item(r).data(Qt.ItemDataRole.UserRole) for r in (0, 2)]
    assert page.ticked() == codes
    assert not page.all_button.autoDefault()  # Enter stays Avançar's


def test_inspection_items_by_tab_arrows_space_and_tudo_aprovado(town, qtbot):
    form = _show(qtbot, InspectionForm(town.actor("fiscal")))
    codes = list(form.groups)
    form.all_pass.setFocus()
    qtbot.keyClick(form.all_pass, Qt.Key.Key_Tab)  # from "Tudo aprovado" into the list
    first = QApplication.focusWidget()
    assert first in form.groups[codes[0]].buttons()
    qtbot.keyClick(first, Qt.Key.Key_Space)
    assert form.results() == {codes[0]: "pass"}
    qtbot.keyClick(first, Qt.Key.Key_Right)  # the arrows choose the answer
    assert form.results() == {codes[0]: "fail"}
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)  # the next item
    second = QApplication.focusWidget()
    assert second in form.groups[codes[1]].buttons()
    qtbot.keyClick(second, Qt.Key.Key_Space)
    assert form.results()[codes[1]] == "pass"
    qtbot.keyClick(second, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # Tudo &aprovado
    qtbot.waitUntil(lambda: len(form.results()) == len(codes))
    assert set(form.results().values()) == {"pass"}
    form.mark_clean()

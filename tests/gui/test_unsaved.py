"""Unsaved changes prompt before closing (issue 6): a form closed with typing asks
"Descartar alterações?"; "Continuar editando" keeps the form and what was typed, Descartar
closes it; a form with nothing typed (or typing erased again) closes without asking."""
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMessageBox

from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog
from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
from mototaxi_desk.gui.widgets import unsaved
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.administration import users


@pytest.fixture
def answers(monkeypatch):
    """Record each question; answer with what the test puts in `answers.reply`."""
    class Answers(list):
        reply = False
    asked = Answers()

    def ask(parent):
        asked.append(parent)
        return asked.reply
    monkeypatch.setattr(unsaved, "ask_discard", ask)
    return asked


def _actor(role):
    return users.authenticate(role, demo.DEMO_PASSWORD)


def test_vehicle_form_keeps_typing_when_the_user_continues(qtbot, demo_data, answers):
    form = VehicleForm(_actor("atendente"))
    qtbot.addWidget(form)
    form.show()
    qtbot.keyClicks(form.make, "Honda")
    qtbot.keyClick(form, Qt.Key.Key_Escape)
    assert len(answers) == 1 and form.isVisible() and form.make.text() == "Honda"
    answers.reply = True
    form.close()  # the window's X
    assert len(answers) == 2 and not form.isVisible()


def test_nothing_typed_or_typing_erased_closes_without_asking(qtbot, demo_data, answers):
    form = NoticeEntryDialog(_actor("fiscal"))
    qtbot.addWidget(form)
    form.show()
    qtbot.keyClicks(form.place, "Praca")
    for _ in range(5):
        qtbot.keyClick(form.place, Qt.Key.Key_Backspace)
    qtbot.keyClick(form, Qt.Key.Key_Escape)
    assert answers == [] and not form.isVisible()


@pytest.mark.parametrize("make", [
    lambda: InspectionForm(_actor("fiscal")),
    lambda: NewApplicationWizard(_actor("atendente")),
])
def test_other_forms_ask_too(qtbot, demo_data, answers, make):
    form = make()
    qtbot.addWidget(form)
    form.show()
    editor = form.plate if isinstance(form, InspectionForm) else form.applicant_page.query
    editor.setFocus()
    qtbot.keyClicks(editor, "ABC")
    form.reject()  # Cancelar
    assert len(answers) == 1 and form.isVisible()
    for timer in form.findChildren(QTimer):  # the look-up typed text starts, not wanted here
        timer.stop()


def test_the_question_defaults_to_keep_editing(qtbot):
    box = unsaved.discard_question(None)
    qtbot.addWidget(box)
    assert box.windowTitle() == "Descartar alterações?"
    assert box.defaultButton().text().replace("&", "") == "Continuar editando"
    assert box.escapeButton() is box.defaultButton()
    assert box.buttonRole(box.discard_button) == QMessageBox.ButtonRole.DestructiveRole


def test_action_forms_ask_too_and_their_defaults_are_not_typing(qtbot, answers):
    """The prontuário's and the ledger's small forms (pay, defence, judge, release...) are
    ActionForms: defaults filled in before they show are not typing; typed text asks."""
    from PySide6.QtWidgets import QLineEdit

    from mototaxi_desk.gui.widgets.ledger_view import ActionForm
    quiet = ActionForm("Registrar pagamento", [("receipt", "Nº do recibo", QLineEdit())],
                       lambda values: None)
    quiet.widget("receipt").setText("DAM 12")  # a default, filled in by the caller
    qtbot.addWidget(quiet)
    quiet.show()
    qtbot.keyClick(quiet, Qt.Key.Key_Escape)
    assert answers == [] and not quiet.isVisible()
    typed = ActionForm("Registrar pagamento", [("receipt", "Nº do recibo", QLineEdit())],
                       lambda values: None)
    qtbot.addWidget(typed)
    typed.show()
    qtbot.keyClicks(typed.widget("receipt"), "DAM 77")
    qtbot.keyClick(typed, Qt.Key.Key_Escape)
    assert len(answers) == 1 and typed.isVisible()
    assert typed.widget("receipt").text() == "DAM 77"
    answers.reply = True
    typed.close()
    assert len(answers) == 2 and not typed.isVisible()

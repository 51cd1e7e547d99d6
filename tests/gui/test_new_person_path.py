"""The new-person path of the application wizard and the flow details a clerk hits at once
(issue 15 items 1, 6 and 7), from a município made by `init`: the CPF typed in the search
is carried into "Cadastrar pessoa nova", a CPF already registered is refused as it is typed,
the birth date is typed as digits, the CNH is a step of the path, blockers show as soon as
the person is chosen, after Concluir the new applicant's record opens; a fiscal's Ctrl+N
says why nothing opens; "Sair / Trocar usuário" hands the counter to the next user."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton, QWizard
from validate_docbr import CNH

from mototaxi_desk.domain import validators
from mototaxi_desk.gui import account
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services.licensing import applications
from mototaxi_desk.services.payments import fees
from mototaxi_desk.store.models import Application, Cnh, Person

from ..conftest import row_counts
from .town import PASSWORD, _isolated_data_dir, new_cpf, new_person, town  # noqa: F401


@pytest.fixture(scope="module")
def window(town, qapp):
    win = MainWindow(town.actor("atendente"))
    win.resize(1366, 768)
    win.show()
    win.windowHandle().requestActivate()
    yield win
    win.close()
    win.deleteLater()


def _activate(window, qtbot):
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)


def _wizard(window, qtbot):
    window.nav.setCurrentRow(window.pages.index(window.applications_page))
    _activate(window, qtbot)
    qtbot.keyClick(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    wizard = window.applications_page.wizard
    assert wizard.isVisible()
    wizard.type_page.select("new_permit")
    wizard.next()
    assert wizard.currentPage() is wizard.applicant_page
    return wizard


def _close(wizard):
    wizard.mark_clean()
    wizard.close()


def test_new_person_path_with_cpf_carried_birth_typed_cnh_and_record_opened(window, qtbot):
    wizard = _wizard(window, qtbot)
    page = wizard.applicant_page
    cpf = new_cpf()
    qtbot.keyClicks(page.query, validators.format_cpf(cpf))
    page.run_search()
    assert page.model.rows == []
    page.new_group.setChecked(True)  # "Cadastrar pessoa nova"
    assert page.cpf.raw() == validators.format_cpf(cpf)  # carried from the search
    qtbot.keyClicks(page.name.edit, "Raimundo Nonato Pereira")
    qtbot.keyClicks(page.birth.editor, "15031990")
    assert page.birth.editor.text() == "15/03/1990"
    assert page.isComplete()
    wizard.next()
    assert wizard.currentPage() is wizard.cnh_page
    cnh = wizard.cnh_page.ui
    assert "Art. 20" in cnh.rule.text()
    number = CNH().generate()
    qtbot.keyClicks(cnh.number.editor, number)
    qtbot.keyClicks(cnh.first_licence.editor, "10022015")
    qtbot.keyClicks(cnh.expiry.editor, (dt.date.today() + dt.timedelta(days=800))
                    .strftime("%d%m%Y"))
    cnh.ear.setChecked(True)
    assert cnh.problems.text() == ""
    wizard.next()
    assert wizard.currentPage() is wizard.checklist_page
    wizard.next()
    assert f"CNH nº {number}" in wizard.summary_page.summary.text()
    wizard.next()  # Protocolar
    assert wizard.currentPage() is wizard.done_page, wizard.summary_page.message.text()
    person = Person.get(Person.cpf == cpf)
    assert person.birth_date == dt.date(1990, 3, 15)
    assert Cnh.get(Cnh.person == person.id).number == number
    assert Application.get(Application.person == person.id).type == "new_permit"
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton),
                     Qt.MouseButton.LeftButton)  # Concluir: the new applicant's record opens
    assert not wizard.isVisible()
    assert window.stack.currentWidget() is window.person_page
    assert window.person_page.person_id == person.id
    assert "Raimundo Nonato Pereira" in window.person_page.header.text()


def test_a_registered_cpf_is_refused_as_it_is_typed(window, qtbot):
    existing = new_person("Antonia Ribeiro Costa")
    wizard = _wizard(window, qtbot)
    page = wizard.applicant_page
    page.new_group.setChecked(True)
    qtbot.keyClicks(page.cpf.edit, existing["cpf"])
    assert page.cpf.has_error()
    assert "já está cadastrado (Antonia Ribeiro Costa)" in page.cpf.message.text()
    qtbot.keyClicks(page.name.edit, "Outra Pessoa")
    assert not page.isComplete()  # Avançar stays off
    assert [r["person_id"] for r in page.model.rows] == [existing["id"]]  # ready to choose
    _close(wizard)


def test_a_name_typed_in_the_search_is_carried_into_the_new_person(window, qtbot):
    wizard = _wizard(window, qtbot)
    page = wizard.applicant_page
    qtbot.keyClicks(page.query, "Zacarias Fontoura")
    page.new_group.setChecked(True)
    assert page.name.text() == "Zacarias Fontoura" and page.cpf.is_empty()
    _close(wizard)


def test_srm_art_20_and_art_50_blockers_show_when_the_person_is_chosen(window, qtbot, town):
    """SRM Art. 20 (CNH) and Art. 50 (debts block every request): said on choosing the
    person, not after the checklist."""
    without_cnh = new_person("Benedito Sem Carteira", cnh=False)
    wizard = _wizard(window, qtbot)
    page = wizard.applicant_page
    qtbot.keyClicks(page.query, without_cnh["cpf"])
    qtbot.keyClick(page.query, Qt.Key.Key_Return)  # Enter chooses the first hit
    assert page.person_id == without_cnh["id"]
    assert "CNH não cadastrada" in page.warning.text() and "Art. 20" in page.warning.text()
    _close(wizard)

    debtor = new_person("Cicero Devedor Lima")
    fees.charge(town.actor("supervisor"), debtor["id"], "card", on=dt.date.today())
    wizard = _wizard(window, qtbot)
    page = wizard.applicant_page
    qtbot.keyClicks(page.query, debtor["cpf"])
    page.run_search()
    page.view.setFocus()
    page.view.selectRow(0)
    assert "Art. 50" in page.warning.text() and "CNH" not in page.warning.text()
    _close(wizard)


def test_bad_birth_date_and_cnh_stop_the_path_and_write_nothing(window, qtbot):
    wizard = _wizard(window, qtbot)
    page = wizard.applicant_page
    page.new_group.setChecked(True)
    qtbot.keyClicks(page.cpf.edit, new_cpf())
    qtbot.keyClicks(page.name.edit, "Damiao Alves")
    qtbot.keyClicks(page.birth.editor, "30021990")
    before = row_counts()
    wizard.next()
    assert wizard.currentPage() is page and page.birth.has_error()
    page.birth.clear()
    wizard.next()
    qtbot.keyClicks(wizard.cnh_page.ui.number.editor, "12345678901")
    wizard.next()
    assert wizard.currentPage() is wizard.cnh_page
    assert "Nº da CNH" in wizard.cnh_page.message.text()
    assert row_counts() == before
    _close(wizard)


def test_a_fiscal_ctrl_n_says_why_nothing_opens(town, qtbot):
    win = MainWindow(town.actor("fiscal"))
    qtbot.addWidget(win)
    win.show()
    assert win.new_application() is None
    message = win.statusBar().currentMessage()
    assert "Fiscal" in message and "não pode protocolar requerimentos" in message
    assert "Atendente" in message
    assert not win.applications_page.new_button.isEnabled()
    assert "não pode" in win.applications_page.new_button.toolTip()


def test_sign_out_hands_the_counter_to_the_next_user(town, qtbot):
    win = MainWindow(town.actor("atendente"))
    qtbot.addWidget(win)
    account.install(win, town.actor("atendente"), idle_minutes=0)
    win.show()
    button = win.statusBar().findChild(QPushButton, "sign_out_button")
    assert button is not None
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    login = win.login_dialog
    assert login.isVisible() and not win.isVisible()
    qtbot.keyClicks(login.login, "supervisor")
    qtbot.keyClicks(login.password, PASSWORD)
    qtbot.keyClick(login.password, Qt.Key.Key_Return)
    nxt = win.next_window
    qtbot.addWidget(nxt)
    assert nxt.isVisible() and nxt.actor.login == "supervisor"
    assert "supervisor (Supervisor)" in nxt.statusBar().currentMessage()
    QApplication.processEvents()


def test_enter_opens_the_selected_application(window, qtbot, town):
    """UX.md: Enter opens the selected row of any table (here Requerimentos)."""
    page = window.applications_page
    if not Application.select().exists():  # run alone, or on another worker than the rest
        applications.file_application(town.actor("atendente"), new_person()["id"],
                                      "new_permit")
    window.nav.setCurrentRow(window.pages.index(page))
    page.refresh()
    qtbot.waitUntil(lambda: bool(page.model.rows))
    page.view.setFocus()
    page.view.selectRow(0)
    qtbot.keyClick(page.view, Qt.Key.Key_Return)
    dialog = page.dialog
    assert dialog.isVisible() and dialog.application_id == page.model.rows[0]["id"]
    dialog.close()

"""First day (issue 36 item 4), from an empty database through the first-run wizard: the
password the admin typed in the wizard is the admin's real one (no forced change at the
first login); the wizard's Avançar has a mnemonic and Tab from the fiscal unit goes to
Avançar, not to "< Voltar"; the empty Painel lists the "Primeiros passos" (pontos, import
or register holders, users, município data, backups), each with the button that opens its
place, and each step leaves the list once done — wherever it was done."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard

from mototaxi_desk.gui import account
from mototaxi_desk.gui.dialogs.person_forms import NewPersonDialog
from mototaxi_desk.gui.dialogs.setup_wizard import PAGE_ADMIN, PAGE_PROFILE, SetupWizard
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services.administration import backups, first_steps, users
from mototaxi_desk.services.payments import collection
from mototaxi_desk.services.register import persons, stands
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import SYSTEM

from ..conftest import MUNICIPIOS, SRM

PASSWORD = "senha-escolhida-1"
PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00"
       b"\x00\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc\xf8\x0f\x00\x00\x01\x01\x00\x05\x18\xd8N"
       b"\x00\x00\x00\x00IEND\xaeB`\x82")


@pytest.fixture
def db_url(tmp_path):
    return str(tmp_path / "municipio.db")


def _focused(qtbot, widget):
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)


def run_wizard(qtbot) -> SetupWizard:
    """The wizard by the keyboard: each page's fields, then Alt+A (Avançar) / Alt+C."""
    name, uf, ibge, population = MUNICIPIOS[SRM]
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.activateWindow()
    _focused(qtbot, wizard.name.editor)
    wizard.name.editor.setText(name)  # QTest types ASCII only
    qtbot.keyClick(wizard.name.editor, Qt.Key.Key_Tab)
    wizard.uf.editor.setCurrentIndex(wizard.uf.editor.findData(uf))
    qtbot.keyClicks(wizard.ibge.editor, ibge)
    qtbot.keyClicks(wizard.population.editor, str(population))
    qtbot.keyClick(wizard, Qt.Key.Key_A, Qt.KeyboardModifier.AltModifier)  # &Avançar
    qtbot.waitUntil(lambda: wizard.currentId() == PAGE_PROFILE)  # a mnemonic: animateClick
    wizard.profile.editor.setCurrentIndex(wizard.profile.editor.findData(SRM))
    unit = wizard.unit_value.editor
    unit.setFocus()
    qtbot.keyClicks(unit, "48,26")
    qtbot.keyClick(unit, Qt.Key.Key_Tab)  # forward, not to "< Voltar"
    forward = wizard.button(QWizard.WizardButton.NextButton)
    _focused(qtbot, forward)
    qtbot.keyClick(forward, Qt.Key.Key_Return)
    assert wizard.currentId() == PAGE_ADMIN
    for field, text in ((wizard.login, None), (wizard.admin_name, "Maria das Dores Lima"),
                        (wizard.password, PASSWORD), (wizard.password_again, PASSWORD)):
        _focused(qtbot, field.editor)  # reached by Tab, in reading order
        if text:
            qtbot.keyClicks(field.editor, text)
        qtbot.keyClick(field.editor, Qt.Key.Key_Tab)
    _focused(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    qtbot.keyClick(wizard, Qt.Key.Key_C, Qt.KeyboardModifier.AltModifier)  # &Concluir
    qtbot.waitUntil(lambda: wizard.result() == wizard.DialogCode.Accepted)
    return wizard


def test_the_wizard_buttons_have_mnemonics_and_voltar_never_takes_enter(qtbot, db):
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    texts = {b: wizard.buttonText(b) for b in (QWizard.WizardButton.BackButton,
                                                QWizard.WizardButton.NextButton,
                                                QWizard.WizardButton.FinishButton)}
    assert texts[QWizard.WizardButton.NextButton] == "&Avançar >"
    assert all("&" in t for t in texts.values())
    assert not wizard.button(QWizard.WizardButton.BackButton).autoDefault()


def test_the_wizard_password_is_the_admin_s_own_no_change_asked(qtbot, db):
    run_wizard(qtbot)
    admin = users.authenticate("admin", PASSWORD)
    assert not users.must_change_password(admin)
    assert account.first_login_password_change(admin)  # no dialog: the window opens


def test_init_elsewhere_keeps_the_provisional_password(db):
    """The command line's `init` (scripts, installers): the admin changes it at first login."""
    name, uf, ibge, population = MUNICIPIOS[SRM]
    setup.initialise(profile_id=SRM, municipio=name, uf=uf, ibge=ibge, population=population,
                     fiscal_unit_value="48,26", admin_password=PASSWORD)
    assert users.must_change_password(users.authenticate("admin", PASSWORD))


def test_the_empty_painel_says_what_to_do_first_until_each_is_done(qtbot, db, tmp_path):
    run_wizard(qtbot)
    admin = users.authenticate("admin", PASSWORD)
    window = MainWindow(admin)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    box = window.dashboard.first_steps
    qtbot.waitUntil(box.isVisible)
    charts = window.dashboard.charts
    assert charts.currentWidget() is box  # the register is empty: the list, not the charts
    assert charts.tabText(charts.currentIndex()) == "Primeiros passos (5)"
    assert [s["key"] for s in box.steps] == ["stands", "holders", "users", "municipio",
                                             "backups"]
    assert box.labels()[0] == "Cadastrar os pontos de estacionamento"
    assert all("&" in b.text() and b.isEnabled() for b in box.buttons.values())

    # each button opens its place
    qtbot.mouseClick(box.buttons["stands"], Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.stands_page
    for key, tab in (("users", "Usuários"), ("backups", "Cópias de segurança"),
                     ("holders", "Importar cadastro"), ("municipio", "Município")):
        window.nav.setCurrentRow(window.row_of("dashboard"))
        qtbot.mouseClick(box.buttons[key], Qt.MouseButton.LeftButton)
        settings = window.settings_page
        assert window.stack.currentWidget() is settings
        assert settings.tabs.tabText(settings.tabs.currentIndex()) == tab, key

    # done (here by the services, as the command line would): gone from the list
    stands.create_stand(admin, {"number": 1, "name": "Praca da Matriz", "location": "Centro"})
    persons.register_person(admin, {"cpf": "52998224725", "name": "Primeiro Mototaxista"})
    users.add_user(admin, "joana", "Joana Atendente", "atendente", "provisoria-1")
    window.nav.setCurrentRow(window.row_of("dashboard"))
    assert [s["key"] for s in box.steps] == ["municipio", "backups"]
    assert "Primeiros passos (2)" in [charts.tabText(i) for i in range(charts.count())]
    assert [s["place"] for s in first_steps.pending()] == ["municipio", "backups"]
    setup.set_brasao(admin, PNG)
    assert first_steps.pending()[0]["place"] == "collection"  # the brasão there: the CNPJ
    collection.update(admin, cnpj="06.554.869/0001-64")
    backups.automatic_backup()  # the copy the program makes as it opens: not the step
    assert [s["key"] for s in first_steps.pending()] == ["backups"]
    backups.make_backup(admin, tmp_path / "primeira-copia.db")
    window.refresh()
    assert first_steps.pending() == [] and not box.isVisible()
    assert charts.indexOf(box) == -1 and charts.count() == 3  # the charts alone again


def test_a_clerk_sees_the_admin_steps_disabled_and_holders_opens_nova_pessoa(qtbot, db):
    run_wizard(qtbot)
    admin = users.authenticate("admin", PASSWORD)
    users.add_user(admin, "joana", "Joana Atendente", "atendente", "provisoria-1")
    users.change_password(users.authenticate("joana", "provisoria-1"), "provisoria-1",
                          "joana-escolheu-1")
    clerk = users.authenticate("joana", "joana-escolheu-1")
    window = MainWindow(clerk)
    qtbot.addWidget(window)
    window.show()
    box = window.dashboard.first_steps
    qtbot.waitUntil(box.isVisible)
    assert not box.buttons["backups"].isEnabled()
    assert "administrador" in box.buttons["backups"].toolTip()
    qtbot.mouseClick(box.buttons["holders"], Qt.MouseButton.LeftButton)
    assert isinstance(window.dialog, NewPersonDialog)
    window.dialog.reject()
    assert SYSTEM.user_id is None  # the automatic copy's actor: never counts as the step

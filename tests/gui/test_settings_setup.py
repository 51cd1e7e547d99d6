"""First-run setup wizard, the Configurações page and the unexpected-error dialog."""
import json
import logging
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage
from PySide6.QtWidgets import QMainWindow, QMessageBox

from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.gui.dialogs import crash
from mototaxi_desk.gui.dialogs.setup_wizard import (PAGE_ADMIN, PAGE_MUNICIPIO, PAGE_PROFILE,
                                                    SetupWizard)
from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import setup
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuditLog, MunicipioSettings, SigningKey, User
from tests.conftest import row_counts

SRM = "sao-raimundo-das-mangabeiras-2019"


def _png(path) -> str:
    image = QImage(40, 50, QImage.Format.Format_RGB32)
    image.fill(QColor("#1565c0"))
    assert image.save(str(path), "PNG")
    return str(path)


def _admin() -> Actor:
    user = User.get(User.login == "admin")
    return Actor(user.id, user.login, user.role)


# --- setup wizard ---------------------------------------------------------------------------

def test_setup_wizard_refuses_bad_ibge_then_initialises(qtbot, db, tmp_path):
    assert not setup.is_initialised()
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    assert wizard.currentId() == PAGE_MUNICIPIO
    wizard.name.editor.setText("São Raimundo das Mangabeiras")  # QTest types ASCII only
    wizard.uf.editor.setCurrentIndex(wizard.uf.editor.findData("MA"))
    qtbot.keyClicks(wizard.ibge.editor, "9911102")  # 99 is no state code
    assert wizard.ibge.has_error() and "IBGE" in wizard.ibge.message.text()
    qtbot.keyClicks(wizard.population.editor, "18540")
    assert wizard.brasao.load_file(_png(tmp_path / "brasao.png"))
    before = row_counts()
    wizard.next()
    assert wizard.currentId() == PAGE_MUNICIPIO  # refused in the form, typing kept
    assert wizard.focusWidget() is wizard.ibge.editor
    assert wizard.name.text() == "São Raimundo das Mangabeiras"
    assert row_counts() == before

    wizard.ibge.editor.clear()
    qtbot.keyClicks(wizard.ibge.editor, "2111102")
    assert not wizard.ibge.has_error()
    wizard.next()
    assert wizard.currentId() == PAGE_PROFILE
    wizard.profile.editor.setCurrentIndex(wizard.profile.editor.findData(SRM))
    assert wizard.unit_value.isVisibleTo(wizard) and "UFM" in wizard.unit_label.text()
    assert "limite é de <b>61</b>" in wizard.cap.text()
    wizard.profile.editor.setCurrentIndex(wizard.profile.editor.findData("porto-feliz-2017"))
    assert not wizard.unit_value.isVisibleTo(wizard)  # PF counts in no fiscal unit
    assert "tarifa inicial" in wizard.tariff.text()
    wizard.profile.editor.setCurrentIndex(wizard.profile.editor.findData(SRM))
    wizard.next()
    assert wizard.currentId() == PAGE_PROFILE  # the UFM value is required
    qtbot.keyClicks(wizard.unit_value.editor, "48,26")
    wizard.next()
    assert wizard.currentId() == PAGE_ADMIN

    assert wizard.login.text() == "admin"
    qtbot.keyClicks(wizard.admin_name.editor, "Maria das Dores Lima")
    qtbot.keyClicks(wizard.password.editor, "senha-forte-1")
    qtbot.keyClicks(wizard.password_again.editor, "senha-forte-2")
    wizard.button(wizard.WizardButton.FinishButton).click()
    assert wizard.isVisible() and "iguais" in wizard.password_again.message.text()
    assert row_counts() == before

    wizard.password_again.editor.clear()
    qtbot.keyClicks(wizard.password_again.editor, "senha-forte-1")
    wizard.button(wizard.WizardButton.FinishButton).click()
    assert wizard.result() == wizard.DialogCode.Accepted
    row = MunicipioSettings.get()
    assert (row.name, row.uf, row.ibge_code, row.population, row.profile_id) == (
        "São Raimundo das Mangabeiras", "MA", "2111102", 18540, SRM)
    assert bytes(row.brasao).startswith(b"\x89PNG")
    assert [u["login"] for u in users.list_users()] == ["admin"]
    assert users.authenticate("admin", "senha-forte-1").role == "admin"
    assert SigningKey.select().count() == 1
    assert setup.fiscal_unit_values() and list(setup.fiscal_unit_values().values()) == [4826]
    assert wizard.admin_login == "admin"


def test_setup_wizard_service_refusal_goes_back_to_the_field(qtbot, db):
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.next()  # empty page: refused
    assert wizard.currentId() == PAGE_MUNICIPIO and wizard.name.has_error()
    wizard.setStartId(PAGE_MUNICIPIO)
    # a refusal from the service (here forced) goes back to the page of the field
    wizard.name.editor.setText("Cidade")
    wizard.show_refusal("População", "informe um número entre 1 e 20000000.")
    assert wizard.currentId() == PAGE_MUNICIPIO
    assert wizard.population.has_error() and wizard.name.text() == "Cidade"
    assert not setup.is_initialised()


def test_setup_wizard_never_writes_into_a_trust_file_with_keys(qtbot, db, prompts):
    """Issue 34: the first-run wizard on a new database, at a station that already trusts
    keys of this IBGE code, leaves the trust file byte-identical and says the new key is
    not trusted here."""
    from mototaxi_desk.printing import qr
    from mototaxi_desk.services.trust import keys, trust_file
    raw = qr.public_raw(qr.new_private_key())
    folder = keys.key_dir()
    folder.mkdir(parents=True)
    existing = {"format": trust_file.TRUST_FORMAT, "ibge": "2111102", "keys": [
        {"key_id": "2111102-1", "serial": 1, "public_key": raw.hex(),
         "fingerprint": keys.fingerprint(raw), "created_at": "2025-01-02T10:00:00Z",
         "retired_at": None}]}
    (folder / "trusted-2111102.json").write_text(json.dumps(existing))
    before = keys.trust_path("2111102").read_bytes()
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.name.editor.setText("Rascunho")
    wizard.uf.editor.setCurrentIndex(wizard.uf.editor.findData("MA"))
    wizard.ibge.editor.setText("2111102")
    wizard.population.editor.setText("9000")
    wizard.profile.editor.setCurrentIndex(wizard.profile.editor.findData(SRM))
    wizard.unit_value.editor.setText("1,00")
    wizard.admin_name.editor.setText("Quem Quer Que Seja")
    wizard.password.editor.setText("senha-forte-1")
    assert wizard.finish_setup()
    assert keys.trust_path("2111102").read_bytes() == before
    assert SigningKey.get().key_id == 2
    assert "2111102-2" in prompts.informed[-1] and "não é confiável aqui" in prompts.informed[-1]


# --- settings page -------------------------------------------------------------------------

@pytest.fixture
def admin_page(qtbot, demo_data):
    page = SettingsPage(_admin())
    qtbot.addWidget(page)
    page.refresh()
    return page


def _audits(action: str) -> int:
    return AuditLog.select().where(AuditLog.action == action).count()


def test_settings_changes_a_profile_number_with_audit(admin_page):
    page = admin_page
    rows = page.number_model.rows
    assert rows and not any(r["key"].startswith("defaults.") for r in rows)
    assert all(r["state"] == "Como na lei" for r in rows)
    index = [r["key"] for r in rows].index("defence.defence_days")
    page.number_view.selectRow(index)
    assert "defesa" in page.number_label.text().lower()
    page.number_text.setText("15")
    page.save_number()
    assert setup.profile().defence.defence_days == 15
    assert _audits("municipio.profile_number") == 1
    row = page.number_model.rows[index]
    assert row["edited"] and row["current_text"] == "15" and row["law_text"] == "10"
    assert row["state"] == "Alterado pelo município"
    # a bad value is refused in the form, nothing written
    before = row_counts()
    page.number_text.setText("quinze")
    page.save_number()
    assert page.number_field.has_error() and row_counts() == before
    # back to the law's value
    page.number_view.selectRow(index)
    page.reset_number()
    assert setup.profile().defence.defence_days == 10
    assert not page.number_model.rows[index]["edited"]


def test_settings_fiscal_unit_population_and_holiday(admin_page):
    page = admin_page
    page.unit_year.setValue(2031)
    page.unit_value.editor.setText("52,10")
    page.save_fiscal_unit()
    assert setup.fiscal_unit_values()[2031] == 5210
    assert _audits("municipio.fiscal_unit_value") >= 1
    assert any(r["year"] == 2031 for r in page.unit_model.rows)
    page.unit_value.editor.setText("0")
    before = row_counts()
    page.save_fiscal_unit()
    assert page.unit_value.has_error() and row_counts() == before

    page.population.editor.setText("30000")
    page.save_population()
    assert setup.summary()["population"] == 30000
    assert "<b>100</b>" in page.cap_label.text()

    page.holiday_name.editor.setText("Aniversário do município")
    page.add_holiday()
    assert len(page.holiday_model.rows) == 1
    page.holiday_view.selectRow(0)
    page.remove_holiday()
    assert page.holiday_model.rows == []


def test_settings_users_add_and_disable(admin_page):
    page = admin_page
    count = len(page.user_model.rows)
    page.user_login.editor.setText("novo.fiscal")
    page.user_name.editor.setText("Francisco Alves Pereira")
    page.user_role.setCurrentIndex(page.user_role.findData("fiscal"))
    page.user_password.editor.setText("senha-nova-1")
    page.user_password_again.editor.setText("senha-nova-X")
    before = row_counts()
    page.add_user()
    assert page.user_password_again.has_error() and row_counts() == before
    page.user_password_again.editor.setText("senha-nova-1")
    page.add_user()
    assert len(page.user_model.rows) == count + 1
    assert users.authenticate("novo.fiscal", "senha-nova-1").role == "fiscal"
    # a login that exists is refused by the service and shown in the form
    page.user_login.editor.setText("novo.fiscal")
    page.user_name.editor.setText("Outra Pessoa")
    page.user_password.editor.setText("senha-nova-1")
    page.user_password_again.editor.setText("senha-nova-1")
    page.add_user()
    assert "já existe" in page.user_login.message.text()
    row = [u["login"] for u in page.user_model.rows].index("novo.fiscal")
    page.user_view.selectRow(row)
    page.disable_user()
    assert not page.user_model.rows[row]["active"]
    assert _audits("user.disable") == 1


def test_settings_read_only_for_other_roles(qtbot, demo_data):
    page = SettingsPage(users.authenticate("supervisor", demo.DEMO_PASSWORD))
    qtbot.addWidget(page)
    page.refresh()
    assert page.read_only_note.isVisibleTo(page)
    for widget in (page.number_button, page.unit_button, page.population_button,
                   page.user_add, page.holiday_add, page.brasao_button):
        assert not widget.isEnabled()
    assert page.number_model.rows and page.user_model.rows  # still shown
    before = row_counts()
    page.is_admin = True  # even a button enabled by mistake: the service refuses
    page.number_view.selectRow(0)
    page.number_text.setText("1")
    page.save_number()
    assert "não pode" in page.number_message.text() and row_counts() == before


def test_settings_brasao_saved_with_audit(admin_page, tmp_path):
    page = admin_page
    assert not page.brasao.load_file(tmp_path / "nada.png")
    (tmp_path / "texto.png").write_text("não é imagem")
    assert not page.brasao.load_file(tmp_path / "texto.png")
    assert "PNG ou JPEG" in page.brasao.message.text()
    big = tmp_path / "grande.png"  # issue 34: the limit checked before a byte is read
    with open(big, "wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    assert not page.brasao.load_file(big)
    assert page.brasao.message.text() == (f"{big} tem 210 MB, mais que o máximo de 1 MB para o "
                                          "brasão. Nada foi lido.")
    assert page.brasao.load_file(_png(tmp_path / "b.png"))
    assert page.brasao_button.isEnabled()
    page.save_brasao()
    assert bytes(setup.settings().brasao).startswith(b"\x89PNG")
    assert _audits("municipio.brasao") == 1


# --- unexpected errors ---------------------------------------------------------------------

def _raise(exc):
    try:
        raise exc
    except BaseException:
        return sys.exc_info()


def test_crash_hook_logs_and_builds_dialog_without_closing(qtbot, caplog):
    window = QMainWindow()
    qtbot.addWidget(window)
    window.show()
    with caplog.at_level(logging.ERROR, logger="mototaxi_desk.gui"):
        dialog = crash.handle_exception(*_raise(ZeroDivisionError("divisão")), show=False)
    if dialog.parent() is None:  # a child of the active window is deleted with it
        qtbot.addWidget(dialog)
    assert "ZeroDivisionError" in caplog.text and "Traceback" in caplog.text
    assert isinstance(dialog, crash.CrashDialog)
    assert not dialog.details.isVisibleTo(dialog)  # collapsed
    dialog.toggle_button.click()
    assert dialog.details.isVisibleTo(dialog)
    assert "ZeroDivisionError" in dialog.details.toPlainText()
    dialog.copy_button.click()
    assert "ZeroDivisionError" in QGuiApplication.clipboard().text()
    assert dialog.continue_button.isDefault()
    assert "erro inesperado" in dialog.message.text().lower()
    dialog.continue_button.click()
    assert window.isVisible()


def test_crash_hook_shows_domain_error_as_a_warning(qtbot):
    box = crash.handle_exception(*_raise(RuleRefusal("Ponto 03 já tem 10 motocicletas",
                                                     "Art. 22 §1º")), show=False)
    if box.parent() is None:
        qtbot.addWidget(box)
    assert isinstance(box, QMessageBox) and box.icon() == QMessageBox.Icon.Warning
    assert box.text() == "Ponto 03 já tem 10 motocicletas (Art. 22 §1º)"


def test_crash_hook_writes_the_log_file(qtbot, tmp_path, monkeypatch):
    root = logging.getLogger()
    saved = [h for h in root.handlers if getattr(h, "_mototaxi", False)]
    for handler in saved:
        root.removeHandler(handler)
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path))
    try:
        dialog = crash.handle_exception(*_raise(KeyError("chave")), show=False)
        if dialog.parent() is None:
            qtbot.addWidget(dialog)
        for handler in root.handlers:
            handler.flush()
        log = (tmp_path / "logs" / "mototaxi-desk.log").read_text(encoding="utf-8")
        assert "KeyError" in log and str(tmp_path) in dialog.message.text()
    finally:
        for handler in [h for h in root.handlers if getattr(h, "_mototaxi", False)]:
            root.removeHandler(handler)
            handler.close()
        for handler in saved:
            root.addHandler(handler)


def test_run_gui_installs_the_hook(monkeypatch):
    from mototaxi_desk.gui.dialogs.crash import install_excepthook
    monkeypatch.setattr(sys, "excepthook", sys.__excepthook__)
    install_excepthook()
    assert sys.excepthook is crash.handle_exception
    assert Qt  # keeps the import list honest for pyflakes

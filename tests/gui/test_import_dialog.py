"""Configurações → Importar cadastro (issue 21 item 1), on a database set up as `init` does
(not the demo): only the admin sees it; the dialog guesses the mapping, the clerk fixes a
column, the dry run lists the problems with row, field and reason and writes nothing, the
report is saved, the import (confirmed) writes the register and the tab lists it; a
cancelled import writes nothing."""
import sys
import threading

import pytest
from openpyxl import Workbook, load_workbook

from mototaxi_desk.gui.dialogs.import_register import ImportDialog
from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.gui.widgets import progress as progress_module
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import ImportRun, Permit, Person, User, WaitingListEntry
from tests.conftest import row_counts
from tests.services.import_samples import (HOLDER_HEADERS, cpf, example_workbook,
                                           holder_row, holders_workbook)


@pytest.fixture
def admin(municipio):
    user = User.get(User.login == "admin")
    return Actor(user.id, user.login, user.role)


def test_only_the_admin_sees_the_import_tab(qtbot, admin):
    page = SettingsPage(admin)
    qtbot.addWidget(page)
    assert page.import_tab is not None
    assert "Importar cadastro" in [page.tabs.tabText(i) for i in range(page.tabs.count())]
    clerk = SettingsPage(Actor(None, "atendente", "atendente"))
    qtbot.addWidget(clerk)
    assert clerk.import_tab is None
    assert "Importar cadastro" not in [clerk.tabs.tabText(i) for i in range(clerk.tabs.count())]


def test_mapping_dry_run_report_and_import_through_the_window(qtbot, admin, tmp_path,
                                                             prompts):
    path = example_workbook(tmp_path / "cadastro.xlsx")
    # the clerk's sheet calls the phone column "Zap": not guessed, chosen by hand
    book = load_workbook(path)
    book["Lista de espera"].cell(row=1, column=5).value = "Zap"
    book["Permissionários"].cell(row=4, column=1).value = "123.456.789-00"  # a bad CPF
    book.save(path)
    page = SettingsPage(admin)
    qtbot.addWidget(page)
    page.tabs.setCurrentWidget(page.import_tab)
    dialog = page.import_tab.open_dialog()  # the page's: deleted once it finishes
    assert dialog.open_file(path)
    ui = dialog.ui
    assert [ui.sheet_combo.itemText(i) for i in range(ui.sheet_combo.count())] == [
        "Pontos", "Permissionários", "Auxiliares", "Lista de espera"]
    ui.sheet_combo.setCurrentIndex(1)
    assert ui.kind_combo.currentText() == "Permissionários"
    first = ui.columns_table.cellWidget(0, 2)
    assert ui.columns_table.item(0, 0).text() == "CPF" and first.currentText() == "CPF"
    plate = ui.columns_table.cellWidget(HOLDER_HEADERS.index("Placa"), 2)
    assert plate.currentText() == "Placa"
    ui.sheet_combo.setCurrentIndex(3)
    zap = ui.columns_table.cellWidget(4, 2)
    assert zap.currentText() == "(não importar)"
    dialog.set_field("Zap", "phone")
    assert dialog.mapping()["Lista de espera"]["columns"]["Zap"] == "phone"

    counts = row_counts()
    ui.check_button.click()
    assert ui.pages.currentWidget() is ui.report_page
    assert dialog.problems_model.rows[0]["row"] == 4
    assert dialog.problems_model.rows[0]["field"] == "CPF"
    assert "impedem a importação" in ui.summary.text()
    assert not ui.import_button.isEnabled()
    assert row_counts() == counts  # the dry run wrote nothing
    saved = dialog.save_report(tmp_path / "relatorio.xlsx")
    assert load_workbook(saved)["Problemas"].cell(row=2, column=3).value == "CPF"

    # the clerk fixes the file and chooses it again; the mapping of "Zap" was not imported
    # yet, so it is chosen again
    book = load_workbook(path)
    book["Permissionários"].cell(row=4, column=1).value = cpf(3)
    book.save(path)
    assert dialog.open_file(path)
    ui.sheet_combo.setCurrentIndex(3)
    dialog.set_field("Zap", "phone")
    ui.check_button.click()
    assert dialog.result["importable"] and ui.import_button.isEnabled()
    ui.import_button.click()
    assert prompts.asked and "cadastro.xlsx" in prompts.asked[-1]
    assert Permit.select().count() == 3 and WaitingListEntry.select().count() == 2
    assert Person.get(Person.cpf == cpf(950)).phone == "9933334444"
    assert "Importação concluída" in ui.summary.text()
    assert not ui.import_button.isEnabled()
    dialog.accept()
    assert page.import_tab.model.rows[0]["file_name"] == "cadastro.xlsx"

    # the next file: "Zap" is recognised now (the mapping was saved with the import)
    again = ImportDialog(admin)
    qtbot.addWidget(again)
    assert again.open_file(path)
    again.ui.sheet_combo.setCurrentIndex(3)
    assert again.ui.columns_table.cellWidget(4, 2).currentText() == "Telefone"
    again.ui.check_button.click()
    assert again.result["nothing_to_do"] and not again.ui.import_button.isEnabled()


def test_unrecognised_sheet_gets_its_kind_chosen(qtbot, admin, tmp_path):
    book = Workbook()
    sheet = book.active
    sheet.title = "Planilha1"
    sheet.append(["Documento", "Motorista"])
    sheet.append([cpf(7), "Fulano de Tal"])
    path = tmp_path / "pessoas.xlsx"
    book.save(path)
    dialog = ImportDialog(admin)
    qtbot.addWidget(dialog)
    dialog.open_file(path)
    assert dialog.ui.kind_combo.currentText() == "(ignorar esta aba)"
    assert not dialog.ui.columns_table.cellWidget(0, 2).isEnabled()
    dialog.ui.kind_combo.setCurrentIndex(dialog.ui.kind_combo.findData("titulares"))
    dialog.set_field("Documento", "cpf")
    dialog.set_field("Motorista", "name")
    dialog.ui.check_button.click()
    assert dialog.result["importable"]
    assert dialog.do_import()["imported"]
    assert Person.get().name == "Fulano de Tal"


def test_insurance_columns_are_offered_guessed_and_imported(qtbot, admin, tmp_path):
    """Issue 37 item 6: the insurance the vehicle form records is a field of the mapping —
    guessed from the município's headers, offered in each column's list — and imported."""
    import datetime as dt

    from mototaxi_desk.store.models import Vehicle
    book = Workbook()
    sheet = book.active
    sheet.title = "Permissionários"
    sheet.append(HOLDER_HEADERS + ["Seguradora", "Nº da apólice", "Cobertura", "Seguro válido até"])
    sheet.append(holder_row(1, stand=None) + ["Porto Seguro", "AP-9", "20.000,00",
                                              dt.date(2030, 1, 31)])
    path = tmp_path / "cadastro.xlsx"
    book.save(path)
    dialog = ImportDialog(admin)
    qtbot.addWidget(dialog)
    assert dialog.open_file(path)
    table = dialog.ui.columns_table
    first = len(HOLDER_HEADERS)
    assert [table.cellWidget(first + i, 2).currentText() for i in range(4)] == [
        "Seguradora", "Nº da apólice", "Cobertura do seguro por pessoa",
        "Vencimento do seguro"]
    plate = table.cellWidget(HOLDER_HEADERS.index("Placa"), 2)
    assert plate.findData("insurance_cover") > 0  # every column may be given the field
    dialog.ui.check_button.click()
    assert dialog.result["importable"], dialog.result["problems"]
    assert dialog.do_import()["imported"]
    vehicle = Vehicle.get()
    assert (vehicle.insurer, vehicle.insurance_policy, vehicle.insurance_cover_cents,
            vehicle.insurance_expiry) == ("Porto Seguro", "AP-9", 2_000_000,
                                          dt.date(2030, 1, 31))


def test_cancelled_import_writes_nothing(qtbot, admin, tmp_path, monkeypatch):
    path = holders_workbook(tmp_path / "grande.xlsx", 400, stands=2)
    dialog = ImportDialog(admin)
    qtbot.addWidget(dialog)
    dialog.open_file(path)
    dialog.ui.check_button.click()
    assert dialog.result["importable"]
    counts = row_counts()
    gate = threading.Event()
    shown = []
    original = progress_module.ProgressDialog.run

    def run_and_cancel(self, work):
        def gated(step):
            def progress(done, total):
                # noted before the step is sent: the window may handle it before this
                # thread goes on (then it would see nothing to cancel, and the import
                # would wait the whole 10 s here)
                waits = "Importando" in self.text and done > 0 and not gate.is_set()
                if waits:
                    shown.append(done)
                step(done, total)
                if waits:
                    gate.wait(10)
            return work(progress)

        def on_step(done, total):
            if "Importando" in self.text and shown and not gate.is_set():
                self.cancel_button.click()
                gate.set()
        self.step.connect(on_step)
        return original(self, gated)
    monkeypatch.setattr(progress_module.ProgressDialog, "run", run_and_cancel)
    assert dialog.do_import() is None
    assert "nada foi gravado" in dialog.ui.summary.text()
    assert row_counts() == counts and ImportRun.select().count() == 0


def test_holder_row_helper_is_a_valid_row():
    assert len(holder_row(1)) == len(HOLDER_HEADERS)


def test_export_of_the_whole_register_from_the_tab(qtbot, admin, tmp_path):
    from mototaxi_desk.services.exchange import importing
    importing.apply(admin, example_workbook(tmp_path / "cadastro.xlsx"))
    page = SettingsPage(admin)
    qtbot.addWidget(page)
    saved = page.import_tab.export_register(tmp_path / "arquivo.xlsx")
    assert load_workbook(saved).sheetnames == ["Pontos", "Permissionários", "Auxiliares",
                                               "Lista de espera"]
    assert "Permissionários: 3" in page.import_tab.message.text()


@pytest.mark.skipif(sys.platform == "win32", reason="links simbólicos: POSIX")
def test_an_export_onto_a_link_is_refused_in_a_message_box_and_not_audited(
        qtbot, admin, tmp_path, prompts):
    """Issue 34: the checked writer refuses a symbolic link (it would replace the link, or
    write through it); the window says so and no register.export entry is made."""
    from mototaxi_desk.store.models import AuditLog
    page = SettingsPage(admin)
    qtbot.addWidget(page)
    (tmp_path / "fora.xlsx").write_bytes(b"nao mexa")
    link = tmp_path / "arquivo.xlsx"
    link.symlink_to(tmp_path / "fora.xlsx")
    assert page.import_tab.export_register(link) is None
    assert prompts.warned == [f"Não foi possível gravar {link}: é um atalho (link simbólico); "
                              "o programa não grava através de atalhos. Nada foi gravado; "
                              "escolha um arquivo comum."]
    assert "Não foi possível exportar" in page.import_tab.message.text()
    assert (tmp_path / "fora.xlsx").read_bytes() == b"nao mexa" and link.is_symlink()
    assert AuditLog.select().where(AuditLog.action == "register.export").count() == 0

"""Render every screen to PNG on a throw-away demo database: `make screenshots` writes
docs/screenshots/ (`python tools/screenshots.py FOLDER`). Looking at them is part of finishing
a screen. A developer's tool: it is not shipped with the program."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def sized(widget, width: int, height: int) -> None:
    """A comfortable size, as the program gives it: never more than the screen."""
    from mototaxi_desk.gui import screen_fit
    screen_fit.preferred_size(widget, width, height)


def office_screen(scale: float, width: int = 1366, height: int = 768 - 40) -> None:
    """The offscreen platform's screen as an office PC's (1366×768 less the taskbar) at
    Windows scaling `scale` (1.25 = 125%); before the QApplication is made."""
    import json
    config = Path(tempfile.gettempdir()) / f"mototaxi-screen-{width}x{height}.json"
    config.write_text(json.dumps({"screens": [{
        "name": "Tela", "x": 0, "y": 0, "width": width, "height": height,
        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}), encoding="utf-8")
    os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    os.environ["QT_SCALE_FACTOR"] = str(scale)


def main(out: str = "docs/screenshots", scale: str = "1") -> int:
    office_screen(float(scale))
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.store.models import Permit
    from mototaxi_desk.gui import look
    from mototaxi_desk.gui.app import LoginDialog
    from mototaxi_desk.gui.main_window import MainWindow
    from mototaxi_desk.gui import prompts
    from mototaxi_desk.gui.widgets import unsaved

    # the shots close forms in the middle of typing: no "Descartar alterações?" box; nor any
    # other window that waits for a user (gui/prompts.py)
    unsaved.ask_discard = lambda _parent: True
    prompts.ask_yes_no = lambda _parent, _title, _text: True
    prompts.show_preview = lambda _parent, _result, **_: None
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    look.apply(app)  # as the program: Portuguese, 10 pt, stylesheet, windows fitted
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MOTOTAXI_DATA_DIR"] = tmp  # window settings of the shot stay out of yours
        open_database(f"{tmp}/demo.db", backup_dir=Path(tmp))
        try:
            demo.ensure_demo_database()
            login = LoginDialog("Banco de DEMONSTRAÇÃO (dados fictícios).<br>Entre com o "
                                f"usuário admin e a senha {demo.DEMO_PASSWORD}.")
            login.show()
            login.grab().save(str(folder / "login.png"))
            window = MainWindow(users.authenticate("supervisor", demo.DEMO_PASSWORD))
            window.showMaximized()  # the whole free area, as on a counter's PC
            def painel():  # the Painel loads off the GUI thread: wait for it
                done = []
                window.dashboard.loaded.connect(lambda: done.append(True))
                window.nav.setCurrentRow(0)
                window.dashboard.refresh()
                while not done:
                    app.processEvents()
            import datetime as dt

            from mototaxi_desk.services.views import due_dates

            def meanwhile(name, made):  # the due dates shown while today's are built
                import threading

                from mototaxi_desk.gui import painel_preparation
                made()
                hold, shown = threading.Event(), []
                waiting, starting = painel_preparation.wait, painel_preparation.start
                painel_preparation.wait = lambda: hold.wait(30)
                painel_preparation.start = lambda: None  # built below, in this process
                try:
                    window.dashboard.shown_earlier.connect(lambda: shown.append(True))
                    window.dashboard.refresh()
                    while not shown or not window.dashboard._drawn:  # the chart: a turn later
                        app.processEvents()
                    for _ in range(10):  # its scene laid out
                        app.processEvents()
                    window.grab().save(str(folder / name))
                finally:
                    hold.set()
                    painel_preparation.wait, painel_preparation.start = waiting, starting
                painel()  # today's

            def stale():  # a change of everybody's due dates (a profile adopted, a campaign)
                from mototaxi_desk.store.connection import write_transaction
                due_dates.rebuild(dt.date.today())
                with write_transaction():
                    due_dates.mark_stale()
            # the day's first: yesterday's due dates while today's is built
            meanwhile("painel-de-ontem.png",
                      lambda: due_dates.rebuild(dt.date.today() - dt.timedelta(days=1)))
            meanwhile("painel-desatualizado.png", stale)
            shots = {"painel.png": painel}
            holder = Permit.select().where(Permit.status == "active").order_by(Permit.id).first()
            shots["prontuario.png"] = lambda: window.open_person(holder.holder_id)
            def pontos():  # the roster goes below the list at 125%: laid out again
                from PySide6.QtTest import QTest
                window.nav.setCurrentRow(window.pages.index(window.stands_page))
                QTest.qWait(300)
            shots["pontos.png"] = pontos
            shots["lista-de-espera.png"] = lambda: window.nav.setCurrentRow(
                window.pages.index(window.waiting_page))
            shots["veiculos.png"] = lambda: window.nav.setCurrentRow(
                window.pages.index(window.vehicles_page))
            shots["vistorias.png"] = lambda: window.nav.setCurrentRow(
                window.pages.index(window.inspections_page))
            for name, show in shots.items():
                show()
                app.processEvents()
                window.grab().save(str(folder / name))
            window.search_box.setText("silva")
            window.search_box.run_search()
            app.processEvents()
            window.grab().save(str(folder / "busca.png"))
            vehicle_and_inspection_shots(folder, holder)
            fit_and_limits_shots(folder, holder)
            infraction_shots(folder, window)
            reports_shots(folder, window)
            application_shots(folder, window)
            settings_shots(folder)
            counter_shots(folder, window)
            payment_shots(folder, window)
            permit_act_shots(folder, window)
            counter_forms_shots(folder, window)
        finally:
            close_database()
        setup_wizard_and_crash_shots(folder, Path(tmp))
    print(f"Capturas em {folder.resolve()}")
    return 0


def fit_and_limits_shots(folder: Path, permit) -> None:
    """Issue 36: the inspection form with a debt's refusal (wrapped, within the screen), the
    vehicle form with every refusal (its fields scroll, the buttons stay), a 300-character
    name and address (the limit said), the preview after "Salvar PDF" (where it went)."""
    import tempfile

    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.gui.dialogs.person_forms import PersonEditDialog
    from mototaxi_desk.gui.dialogs.print_preview import PrintPreviewDialog
    from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import documents
    from mototaxi_desk.services.administration import users

    app = QApplication.instance()
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)

    def save(widget, name: str) -> None:
        widget.show()
        app.processEvents()
        widget.grab().save(str(folder / name))
        widget.close()

    # vistoria-debito.png: tools/screenshots_next_steps.py, from an empty município
    form = VehicleForm(clerk)
    form.show()
    form.save()  # every field's refusal at once
    save(form, "veiculo-campos-em-vermelho.png")
    form = PersonEditDialog(clerk, permit.holder_id)
    from mototaxi_desk.gui.widgets import typed_limits
    typed_limits.watch(form)
    form.show()
    form.ui.name.editor.selectAll()
    QGuiApplication.clipboard().setText("Maria da Conceição " * 16)  # 300 characters
    form.ui.name.editor.paste()
    form.ui.name.editor.textEdited.emit(form.ui.name.editor.text())
    form.ui.street.clear()
    QTest.keyClicks(form.ui.street, "Rua " * 75)
    save(form, "cadastro-limite.png")
    preview = PrintPreviewDialog(documents.print_cards(clerk, [permit.order_number]))
    with tempfile.TemporaryDirectory() as tmp:
        preview.save_pdf(str(Path(tmp) / "cartao-de-permissao.pdf"))
        preview.show()
        QTest.qWait(800)  # the PDF view renders its pages in the background
        save(preview, "previa-pdf-salvo.png")


def vehicle_and_inspection_shots(folder: Path, permit) -> None:
    """Vehicle form with errors and valid, inspection form, verify dialog valid and invalid."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import documents
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
    from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
    from mototaxi_desk.gui.dialogs.verify import VerifyDialog

    app = QApplication.instance()
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)
    fiscal = users.authenticate("fiscal", demo.DEMO_PASSWORD)

    def save(widget, name: str) -> None:
        widget.show()
        app.processEvents()
        widget.grab().save(str(folder / name))
        widget.close()

    form = VehicleForm(clerk, owner_id=permit.holder_id)
    for field, text in ((form.plate, "AB1234"), (form.renavam, "12345678901"),
                        (form.chassis, "9C2KC08105R0O0001"), (form.manufacture_year, "2019")):
        QTest.keyClicks(field, text)
    save(form, "veiculo-erro.png")
    form = VehicleForm(clerk, owner_id=permit.holder_id)
    for field, text in ((form.plate, "QWE-4321"), (form.make, "Honda"),
                        (form.model, "CG 160 Fan"), (form.manufacture_year, "2024"),
                        (form.model_year, "2025"), (form.cc, "160"), (form.cover, "10.000,00")):
        QTest.keyClicks(field, text)
    save(form, "veiculo.png")
    inspection = InspectionForm(fiscal, plate=permit.vehicle.plate_original)
    inspection.pass_all()
    save(inspection, "vistoria.png")
    printed = documents.print_cards(clerk, [permit.order_number])
    documents.confirm(clerk, printed)  # the card printed: its copy is the current one
    text = printed["copies"][0]["qr_text"]
    for name, typed in (("verificar-valido.png", text),
                        ("verificar-invalido.png", text[:-4] + ("0" if text[-4] != "0"
                                                                else "1") + text[-3:])):
        dialog = VerifyDialog()
        dialog.text.setText(typed)
        dialog.verify()
        save(dialog, name)


def infraction_shots(folder: Path, window) -> None:
    """Infrações page, new notice with a chosen item, the notice dialog, the person's
    ledger tab — on a few notices recorded through the ledger services."""
    import datetime as dt

    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import ledger
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.models import Permit
    from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
    from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog

    app = QApplication.instance()
    fiscal = users.authenticate("fiscal", demo.DEMO_PASSWORD)
    boss = users.authenticate("supervisor", demo.DEMO_PASSWORD)
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)
    now = dt.datetime.now().replace(second=0, microsecond=0)
    old = [p for p in Permit.select().where(Permit.status == "active").order_by(Permit.id)
           if p.issued_on <= (now - dt.timedelta(days=40)).date()][:5]

    def record(permit, code, when, **extra):
        return ledger.record_notice(fiscal, {
            "permit_id": permit.id, "infraction_code": code, "occurred_at": when,
            "place": "Av. Getúlio Vargas, em frente ao mercado", "agent_name": "Antônio Fiscal",
            "agent_registration": "MAT-1234", "description": "Constatado em ronda.", **extra})
    first = record(old[0], "36-II", now - dt.timedelta(hours=3), infractor_signed=True)
    record(old[0], "36-I", now - dt.timedelta(days=25), infractor_signed=True)
    record(old[0], "36-III", now - dt.timedelta(days=32), infractor_signed=True)
    record(old[1], "36-III", now - dt.timedelta(days=1))
    defended = record(old[2], "36-II", now - dt.timedelta(days=2), infractor_signed=True)
    ledger.file_defence(clerk, defended["id"], text="O veículo estava limpo.")
    paid = record(old[3], "36-III", now - dt.timedelta(days=5), infractor_signed=True)
    ledger.pay_charge(clerk, paid["charges"][0]["id"], paid_on=now.date(), receipt="DAM 77",
                      amount=paid["fine_text"])
    voided = record(old[4], "36-II", now - dt.timedelta(days=4), infractor_signed=True)
    ledger.void_notice(boss, voided["id"], reason="Placa anotada errada.")

    def save(widget, name: str) -> None:
        widget.show()
        app.processEvents()
        widget.grab().save(str(folder / name))

    window.nav.setCurrentRow(window.pages.index(window.infractions_page))
    page = window.infractions_page
    page.view.selectRow(page.model.rowCount() - 1)  # its permit has a proposed sanction
    app.processEvents()
    window.grab().save(str(folder / "infracoes.png"))
    entry = NoticeEntryDialog(fiscal)
    entry.filter.setText("higiene")
    entry._pick_first()
    entry.permit_edit.setText(old[1].vehicle.plate_original)
    entry.find_permit()
    entry.place.setText("Praça da Matriz")
    entry.agent_name.setText("Antônio Fiscal")
    entry.agent_registration.setText("MAT-1234")
    entry.signed.setChecked(True)
    save(entry, "auto-novo.png")
    entry.close()
    detail = NoticeDetailDialog(boss, first["id"])
    save(detail, "auto.png")
    detail.close()
    window.open_person(old[0].holder_id)
    page = window.person_page
    page.tabs.setCurrentIndex(page.ledger_tab_index)
    app.processEvents()
    window.grab().save(str(folder / "prontuario-infracoes.png"))



def application_shots(folder: Path, window) -> None:
    """Requerimentos page, the wizard's steps, the detail and the grant dialog."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.domain.errors import DomainError
    from mototaxi_desk.services.licensing import applications
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.payments import fees
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.models import Permit, Person
    from mototaxi_desk.gui.dialogs.application_detail import ApplicationDetailDialog
    from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard

    app = QApplication.instance()
    window.nav.setCurrentRow(window.pages.index(window.applications_page))
    app.processEvents()
    window.grab().save(str(folder / "requerimentos.png"))
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)
    person = next(p for p in Person.select().order_by(Person.id)
                  if not Permit.select().where(Permit.holder == p.id).exists()
                  and not _has_debts(fees, DomainError, p.id))
    wizard = NewApplicationWizard(clerk, person_id=person.id)
    sized(wizard, 900, 640)
    wizard.show()
    wizard.type_page.select("new_permit")
    steps = ["tipo", "requerente", "documentos", "resumo"]
    for i, step in enumerate(steps):
        if i:
            wizard.next()
        if step == "documentos":
            for row in range(6):
                wizard.checklist_page.items.item(row).setCheckState(Qt.CheckState.Checked)
        app.processEvents()
        wizard.grab().save(str(folder / f"requerimento-{i + 1}-{step}.png"))
    wizard.next()
    app.processEvents()
    wizard.grab().save(str(folder / "requerimento-5-protocolo.png"))
    filed = wizard.application
    wizard.close()
    boss = users.authenticate("supervisor", demo.DEMO_PASSWORD)
    for item in filed["checklist"]:
        if not item["received"]:
            applications.set_checklist_item(clerk, filed["id"], item["code"], received=True)
    detail = ApplicationDetailDialog(boss, filed["id"])
    detail.show()
    detail.move("deferido")
    app.processEvents()
    detail.grab().save(str(folder / "requerimento-detalhe.png"))
    grant = detail.grant_dialog()
    grant.show()
    grant.plate.edit.setText("QXZ1E23")
    grant.renavam.edit.setText("1234")
    grant.renavam.validate()
    app.processEvents()
    grant.grab().save(str(folder / "outorga.png"))
    grant.close()
    detail.close()


def _has_debts(fees, error, person_id) -> bool:
    try:
        fees.check_no_debts(person_id, "x")
    except error:
        return True
    return False

def settings_shots(folder: Path) -> None:
    """Configurações, one PNG per tab, as the administrator (one number edited, one holiday)."""
    import datetime as dt

    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import ledger, setup
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.gui.pages.settings import SettingsPage

    app = QApplication.instance()
    admin = users.authenticate("admin", demo.DEMO_PASSWORD)
    setup.set_profile_number(admin, "defence.defence_days", 15)
    ledger.add_holiday(admin, dt.date(dt.date.today().year, 12, 8), "Padroeira do município")
    page = SettingsPage(admin)
    sized(page, 1180, 690)
    page.refresh()
    page.show()
    for index, name in enumerate(("configuracoes-municipio.png", "configuracoes-numeros.png",
                                  "configuracoes-unidade-fiscal.png",
                                  "configuracoes-feriados.png", "configuracoes-usuarios.png")):
        page.tabs.setCurrentIndex(index)
        if name == "configuracoes-usuarios.png":  # a user selected: its buttons enabled
            page.user_view.selectRow([u["login"] for u in page.user_model.rows]
                                     .index("fiscal"))
        app.processEvents()
        page.grab().save(str(folder / name))
    page.close()
    backup_and_account_shots(folder, admin)
    import_shots(folder, admin)
    profile_adopt_shot(folder, admin)


def profile_adopt_shot(folder: Path, admin) -> None:
    """Configurações → Município → 'Adotar nova versão da lei...': the município's file from
    release 0.1.0 amended (a fine raised), with the upgrade's notices and what changes."""
    import datetime as dt
    import tempfile

    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.gui.dialogs.profile_adopt import ProfileAdoptDialog
    from mototaxi_desk.services import setup

    app = QApplication.instance()
    profile_id = setup.summary()["profile_id"]
    history = Path(__file__).resolve().parents[1] / "tests" / "profiles" / "history"
    text = (history / "6e9dc85" / f"{profile_id}.toml").read_text(encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"{profile_id}.toml"
        path.write_text(text.replace('fine_units = "4"', 'fine_units = "5"', 1),
                        encoding="utf-8")
        dialog = ProfileAdoptDialog(admin)
        dialog.show()
        dialog.choose_file(path)
        day = dt.date.today() + dt.timedelta(days=30)
        QTest.keyClicks(dialog.ui.effective.editor, day.strftime("%d%m%Y"))
        rows = dialog.changes_model.rows
        fine = next((i for i, r in enumerate(rows) if r["what"] == "multa"), 0)
        dialog.ui.changes_view.selectRow(fine)
        app.processEvents()
        dialog.grab().save(str(folder / "configuracoes-nova-versao-da-lei.png"))
        dialog.close()


def import_shots(folder: Path, admin) -> None:
    """Configurações → Importar cadastro: the mapping step of a município's spreadsheet (a
    column the program did not recognise) and the dry run's report (a bad CPF, a vehicle
    past the law's age limit, a ponto named but not registered)."""
    import datetime as dt

    from openpyxl import Workbook
    from PySide6.QtWidgets import QApplication
    from validate_docbr import CNH, CPF, RENAVAM

    from mototaxi_desk.gui.dialogs.import_register import ImportDialog

    app = QApplication.instance()
    book = Workbook()
    sheet = book.active
    sheet.title = "Permissionários"
    sheet.append(["CPF", "Nome", "Nascimento", "Zap", "CNH", "Categoria", "1ª habilitação",
                  "Validade CNH", "Placa", "Renavam", "Chassi", "Marca", "Modelo", "Ano",
                  "Cilindrada", "Nº da Permissão", "Outorga", "Validade", "Situação", "Ponto"])
    names = ["Antônio Carlos Ribeiro", "Benedita Sousa Lima", "Cícero Pereira da Costa",
             "Damiana Alves Rocha", "Edvaldo Nunes Barbosa"]
    for n, name in enumerate(names, start=1):
        sheet.append([CPF().generate(mask=True) if n != 3 else "123.456.789-00", name,
                      dt.date(1975 + n, n, 10), f"(99) 9{n}876-543{n}", CNH().generate(),
                      "A", dt.date(2004, 3, 1), dt.date(2031, 3, 1), f"PMX-{n}2{n}4",
                      RENAVAM().generate(), f"9C2JC4110{n}R00000{n}", "Honda", "CG 160 Fan",
                      2012 if n == 4 else 2021, 160, 500 + n, dt.date(2021, 4, 1),
                      dt.date(2026, 4, 1), "Ativa", "Feira Livre" if n == 5 else 1])
    path = Path(folder) / "_planilha-importacao.xlsx"
    book.save(path)
    try:
        dialog = ImportDialog(admin)
        dialog.resize(1100, 640)
        dialog.show()
        dialog.open_file(path)
        app.processEvents()
        dialog.grab().save(str(folder / "importar-mapeamento.png"))
        dialog.set_field("Zap", "phone")
        dialog.check()
        app.processEvents()
        dialog.grab().save(str(folder / "importar-conferencia.png"))
        dialog.close()
    finally:
        path.unlink()


def backup_and_account_shots(folder: Path, admin) -> None:
    """The admin's backup tab (after one copy), the forced password change and the idle lock."""
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.services.administration import backups
    from mototaxi_desk.gui.dialogs.change_password import ChangePasswordDialog
    from mototaxi_desk.gui.idle_lock import LockDialog
    from mototaxi_desk.gui.pages.settings import SettingsPage

    app = QApplication.instance()
    backups.make_backup(admin)
    page = SettingsPage(admin)
    sized(page, 1180, 690)
    page.refresh()
    page.show()
    page.tabs.setCurrentIndex(page.tabs.count() - 1)
    page.tabs.currentWidget().refresh()
    app.processEvents()
    page.grab().save(str(folder / "configuracoes-copias.png"))
    page.close()
    for dialog, name in ((ChangePasswordDialog(admin, forced=True), "trocar-senha.png"),
                         (LockDialog(admin), "bloqueio.png")):
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(folder / name))
        dialog.close()


def counter_shots(folder: Path, window) -> None:
    """The prontuário's action forms (renew, change stand), the 3×4 photo crop, the Pontos
    page with its buttons and the waiting list after a call-up."""
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.services.views import counter
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.models import Permit
    from mototaxi_desk.gui.dialogs.photo_crop import PhotoCropDialog

    app = QApplication.instance()
    boss = users.authenticate("supervisor", demo.DEMO_PASSWORD)
    holder = next(p for p in Permit.select().where(Permit.status == "active")
                  .order_by(Permit.id) if counter.actions(boss, p.holder_id)["renew"]["enabled"])

    def save(widget, name: str) -> None:
        widget.show()
        app.processEvents()
        widget.grab().save(str(folder / name))

    window.open_person(holder.holder_id)
    page = window.person_page
    for name, action in (("prontuario-renovar.png", page.renew),
                         ("prontuario-mudar-ponto.png", page.change_stand)):
        form = action()
        save(form, name)
        form.close()
    image = QImage(900, 700, QImage.Format.Format_RGB32)  # a stand-in portrait
    image.fill(QColor("#9db7cf"))
    painter = QPainter(image)
    painter.setBrush(QColor("#d9a982"))
    painter.drawEllipse(350, 170, 200, 260)
    painter.setBrush(QColor("#35506b"))
    painter.drawRect(250, 470, 400, 230)
    painter.end()
    crop = PhotoCropDialog(boss, holder.holder_id, image)
    crop.size_slider.setValue(75)
    save(crop, "foto-3x4.png")
    crop.save()
    window.open_person(holder.holder_id)
    app.processEvents()
    window.grab().save(str(folder / "prontuario-acoes.png"))
    window.nav.setCurrentRow(window.pages.index(window.stands_page))
    window.stands_page.place_view.selectRow(0)
    app.processEvents()
    window.grab().save(str(folder / "pontos-acoes.png"))
    waiting = window.waiting_page
    window.nav.setCurrentRow(window.pages.index(waiting))
    if getattr(waiting, "actor", None) is not None and waiting.model.rows:
        waiting.confirm = lambda _text: True
        waiting.call_next()
    app.processEvents()
    window.grab().save(str(folder / "lista-de-espera-convocacao.png"))


def permit_act_shots(folder: Path, window) -> None:
    """The prontuário's "Mais ▾" menu and the forms of the permit's acts (issue 15 item 4):
    transfer, interruption, cassation by decision, desistência, reinstatement, auxiliary
    credential, its renewal and its cassation, the unauthorised stoppage and the summons to
    inspection, each with its preview."""
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import permit_actions
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.models import AuxiliaryDriver, Permit, Person, Vehicle

    app = QApplication.instance()
    boss = users.authenticate("supervisor", demo.DEMO_PASSWORD)

    def save(widget, name: str) -> None:
        widget.show()
        app.processEvents()
        widget.grab().save(str(folder / name))

    def holder_where(**states):
        for permit in Permit.select().order_by(Permit.id):
            acts = permit_actions.states(boss, permit.holder_id)
            if all(acts.get(k, {}).get("enabled") == v for k, v in states.items()):
                return permit
        return None

    page = window.person_page
    permit = holder_where(transfer=True, aux_renew=True) or holder_where(transfer=True)
    window.open_person(permit.holder_id)
    app.processEvents()
    page.more_menu.popup(page.more_button.mapToGlobal(QPoint(0, page.more_button.height())))
    save(page.more_menu, "prontuario-mais.png")
    page.more_menu.hide()
    newcomer = (Person.select().join(Vehicle, on=(Vehicle.owner == Person.id))
                .where(Person.id.not_in(Permit.select(Permit.holder))).first() or
                Person.select().where(Person.id.not_in(Permit.select(Permit.holder))).first())
    shots = [("transfer", "ato-transferencia.png"), ("interrupt", "ato-interrupcao.png"),
             ("cassate", "ato-cassacao.png"), ("desist", "ato-desistencia.png"),
             ("aux_issue", "ato-credenciar-auxiliar.png"),
             ("aux_renew", "ato-renovar-credencial.png"),
             # issue 16: the auxiliary's own cassation and the two findings of the clock
             ("aux_cassate", "ato-cassar-credencial.png"),
             ("stoppage", "ato-interrupcao-sem-autorizacao.png"),
             ("summon", "ato-intimacao-vistoria.png")]
    for key, name in shots:
        form = page.permit_act(key)
        if form is None:
            continue
        if key == "transfer" and newcomer is not None:
            form.ui.cpf.editor.setFocus()
            QTest.keyClicks(form.ui.cpf.editor, newcomer.cpf)
            form.ui.act_number.setText("Portaria nº 40/2026")
        if key == "aux_issue":
            helper = Person.select().where(Person.id.not_in(
                AuxiliaryDriver.select(AuxiliaryDriver.person))).order_by(Person.id.desc()).first()
            form.ui.cpf.editor.setFocus()
            QTest.keyClicks(form.ui.cpf.editor, helper.cpf)
        if key == "cassate":
            form.ui.act_number.setText("Decreto nº 12/2026")
            form.ui.reason.setPlainText("Condenação criminal transitada em julgado.")
        save(form, name)
        form.close()
    suspended = holder_where(reinstate=True)
    if suspended is not None:
        window.open_person(suspended.holder_id)
        form = page.permit_act("reinstate")
        form.ui.reason.setText("Recurso acolhido pelo Chefe do Poder Executivo")
        save(form, "ato-restabelecer.png")
        form.close()


def payment_shots(folder: Path, window) -> None:
    """Issue 22: the guia dialog and the printed guia, Configurações → Cobrança after a bank
    return, the camera dialog (a stand-in picture through its frame-source seam) and its
    no-camera message."""
    import datetime as dt

    from PySide6.QtCore import QSize
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.domain import febraban
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.payments import fees, guias
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.models import Permit
    from mototaxi_desk.gui.dialogs.camera import CameraDialog, FrameSource
    from mototaxi_desk.gui.dialogs.print_preview import load_pdf
    from mototaxi_desk.gui.pages.settings_collection import CollectionTab

    app = QApplication.instance()
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)

    def save(widget, name: str) -> None:
        widget.show()
        app.processEvents()
        widget.grab().save(str(folder / name))
        widget.close()

    holder = next(p.holder_id for p in Permit.select().order_by(Permit.id)
                  if fees.open_debts(p.holder_id))
    window.open_person(holder)
    page = window.person_page
    form = page.issue_guia()
    save(form, "prontuario-guia.png")
    debt = fees.open_debts(holder)[0]
    result = guias.issue(clerk, debt["source"], debt["id"])
    document = load_pdf(result["pdf"], window)
    document.render(0, QSize(1240, 1754)).save(str(folder / "guia.png"))  # A4 at 150 dpi
    guia, today = result["guia"], dt.date.today()
    records = [febraban.header_record(convenio="000123", company="PREFEITURA", bank_code="001",
                                      bank_name="BANCO DO BRASIL", generated_on=today,
                                      sequence=1),
               febraban.item_record(barcode_digits=guia["barcode"], cents=guia["amount_cents"],
                                    paid_on=today, credited_on=today, record_number=1),
               febraban.item_record(barcode_digits=guia["barcode"], cents=guia["amount_cents"],
                                    paid_on=today, credited_on=today, record_number=2),
               febraban.trailer_record(4, 2 * guia["amount_cents"])]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "RET00001.RET"
        path.write_text("\r\n".join(records) + "\r\n", encoding="ascii")
        tab = CollectionTab(users.authenticate("supervisor", demo.DEMO_PASSWORD))
        sized(tab, 1180, 640)
        tab.refresh()
        tab.import_file(str(path))
        save(tab, "configuracoes-cobranca.png")

    class StandIn(FrameSource):  # a webcam picture for the shot
        def start(self) -> None:
            image = QImage(960, 720, QImage.Format.Format_RGB32)
            image.fill(QColor("#b8c9d6"))
            painter = QPainter(image)
            painter.setBrush(QColor("#d9a982"))
            painter.drawEllipse(400, 150, 160, 210)
            painter.setBrush(QColor("#35506b"))
            painter.drawRect(320, 430, 320, 290)
            painter.end()
            self.frame.emit(image)

    camera = CameraDialog(StandIn())
    sized(camera, 640, 560)
    save(camera, "camera.png")

    class NoCamera(FrameSource):
        def unavailable_reason(self) -> str:
            from mototaxi_desk.gui.dialogs.camera import NO_CAMERA
            return NO_CAMERA

    camera = CameraDialog(NoCamera())
    sized(camera, 640, 560)
    save(camera, "camera-sem-camera.png")


def counter_forms_shots(folder: Path, window) -> list[tuple[str, int, int]]:
    """Issue 15's forms: 'Editar cadastro' and 'CNH' on the record, the wizard's new-person
    path (the CPF carried from the search, the CNH step), a ponto created (a maximum above
    the law's asking for the act), edited and closed, and the waiting list's enrolment,
    edit and removal. Each dialog at the size it opens with; returns (file, width,
    height) to check they fit 1366×768 at 125% (1093×614 logical pixels)."""
    import datetime as dt

    from PySide6.QtWidgets import QApplication
    from validate_docbr import CNH, CPF

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.register import stands
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.services.licensing import waiting_list
    from mototaxi_desk.store.models import Cnh, Permit, Person, WaitingListEntry
    from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
    from mototaxi_desk.gui.dialogs.person_forms import CnhDialog, PersonEditDialog
    from mototaxi_desk.gui.dialogs.stand_forms import StandCloseDialog, StandFormDialog
    from mototaxi_desk.gui.dialogs.waiting_forms import WaitingEnrolDialog, WaitingRemoveDialog

    app = QApplication.instance()
    boss = users.authenticate("supervisor", demo.DEMO_PASSWORD)
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)
    sizes = []

    def save(widget, name: str) -> None:
        widget.show()
        widget.adjustSize()
        app.processEvents()
        widget.grab().save(str(folder / name))
        sizes.append((name, widget.width(), widget.height()))
        widget.close()

    holder = Permit.select().where(Permit.status == "active").order_by(Permit.id).first()
    save(PersonEditDialog(clerk, holder.holder_id), "cadastro-editar.png")
    cnh = CnhDialog(clerk, holder.holder_id)
    cnh.ui.first_licence.set_date(dt.date.today() - dt.timedelta(days=300))
    cnh.ui.ear.setChecked(False)
    cnh.fields.show_problems()
    save(cnh, "cadastro-cnh.png")

    wizard = NewApplicationWizard(clerk)
    wizard.show()
    wizard.type_page.select("new_permit")
    wizard.next()
    page = wizard.applicant_page
    page.query.setText(CPF().generate(mask=True))
    page.run_search()
    page.new_group.setChecked(True)
    page.name.setText("Raimundo Nonato Pereira")
    page.completeChanged.emit()
    page.birth.set_date(dt.date(1990, 3, 15))
    app.processEvents()
    wizard.grab().save(str(folder / "requerimento-pessoa-nova.png"))
    sizes.append(("requerimento-pessoa-nova.png", wizard.width(), wizard.height()))
    wizard.next()
    wizard.cnh_page.ui.number.setText(CNH().generate())
    wizard.cnh_page.ui.first_licence.set_date(dt.date(2025, 6, 1))
    wizard.cnh_page.ui.expiry.set_date(dt.date.today() + dt.timedelta(days=900))
    wizard.cnh_page.fields.show_problems()
    app.processEvents()
    wizard.grab().save(str(folder / "requerimento-cnh.png"))
    wizard.mark_clean()
    wizard.close()

    form = StandFormDialog(boss)
    form.ui.name.setText("Terminal Rodoviário")
    form.ui.location.setText("Av. Principal, em frente ao terminal")
    form.ui.max_vehicles.setValue(12)
    save(form, "ponto-novo.png")
    stand = stands.list_stands()[0]
    save(StandFormDialog(boss, stands.as_dict(stands.get_stand(stand["id"]))),
         "ponto-editar.png")
    empty = next((s for s in stands.list_stands() if not s["count"]), stand)
    save(StandCloseDialog(boss, empty), "ponto-desativar.png")

    outsider = next(p for p in Person.select().order_by(Person.id.desc())
                    if not Permit.select().where(Permit.holder == p.id).exists()
                    and not WaitingListEntry.select().where(
                        (WaitingListEntry.person == p.id)
                        & WaitingListEntry.status.in_(("waiting", "called"))).exists()
                    and Cnh.select().where(Cnh.person == p.id).exists())
    save(WaitingEnrolDialog(clerk, person_id=outsider.id), "lista-de-espera-inscrever.png")
    waiting = waiting_list.ordered(actor=clerk)
    if waiting:
        entry = waiting_list.get_entry(waiting[0]["id"], clerk)
        save(WaitingEnrolDialog(clerk, entry=entry), "lista-de-espera-editar.png")
        save(WaitingRemoveDialog(clerk, entry), "lista-de-espera-retirar.png")
    window.nav.setCurrentRow(window.pages.index(window.stands_page))
    app.processEvents()
    window.grab().save(str(folder / "pontos-gestao.png"))
    return sizes


def setup_wizard_and_crash_shots(folder: Path, tmp: Path) -> None:
    """The first-run wizard on an empty database of its own (each page, one with a refused
    IBGE code) and the unexpected-error dialog with its details open."""
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.gui.dialogs.crash import CrashDialog, crash_details
    from mototaxi_desk.gui.dialogs.setup_wizard import SetupWizard

    app = QApplication.instance()
    open_database(f"{tmp}/vazio.db", backup_dir=tmp)
    try:
        wizard = SetupWizard()
        wizard.show()
        app.processEvents()
        wizard.name.editor.setText("São Raimundo das Mangabeiras")
        wizard.uf.editor.setCurrentIndex(wizard.uf.editor.findData("MA"))
        wizard.ibge.editor.setText("9911102")
        wizard.population.editor.setText("18540")
        wizard.next()  # refused: the IBGE code is shown in red
        app.processEvents()
        wizard.grab().save(str(folder / "configuracao-inicial-1.png"))
        wizard.ibge.editor.setText("2111102")
        wizard.next()
        wizard.unit_value.editor.setText("48,26")
        app.processEvents()
        wizard.grab().save(str(folder / "configuracao-inicial-2.png"))
        wizard.next()
        wizard.admin_name.editor.setText("Maria das Dores Lima")
        wizard.password.editor.setText("senha-forte")
        wizard.password_again.editor.setText("senha-forte-2")
        wizard.password_again.validate()
        app.processEvents()
        wizard.grab().save(str(folder / "configuracao-inicial-3.png"))
        wizard.close()
    finally:
        close_database()
    try:
        {}["chave-inexistente"]
    except KeyError:  # the dialog alone: the hook would open a log file in the temporary folder
        dialog = CrashDialog(crash_details(*sys.exc_info()))
    dialog.toggle_button.setChecked(True)
    dialog.show()
    app.processEvents()
    dialog.grab().save(str(folder / "erro-inesperado.png"))
    dialog.close()


def reports_shots(folder: Path, window) -> None:
    """The Painel's charts, Relatórios (fines of the last 12 months, permits by stand), the
    report's print preview, batch printing and the progress dialog — after a year of
    notices, some paid, recorded through the ledger services."""
    import datetime as dt

    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import ledger
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.models import Permit
    from mototaxi_desk.gui.dialogs.batch_print import BatchPrintDialog
    from mototaxi_desk.gui.widgets.progress import ProgressDialog

    app = QApplication.instance()
    fiscal = users.authenticate("fiscal", demo.DEMO_PASSWORD)
    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)
    today = dt.date.today()
    permits = [p for p in Permit.select().where(Permit.status == "active").order_by(Permit.id)
               if p.issued_on <= today - dt.timedelta(days=330)][5:17]
    for i, permit in enumerate(permits):
        when = dt.datetime.combine(today - dt.timedelta(days=40 + 25 * i), dt.time(9, 30))
        notice = ledger.record_notice(fiscal, {
            "permit_id": permit.id, "infraction_code": ("36-I", "36-III", "36-IX")[i % 3],
            "occurred_at": when, "place": "Praça da Matriz", "agent_name": "Antônio Fiscal",
            "agent_registration": "MAT-1234", "description": "Constatado em ronda.",
            "infractor_signed": True})
        if i % 3:
            ledger.pay_charge(clerk, notice["charges"][0]["id"], paid_on=when.date(),
                              receipt=f"DAM {100 + i}", amount=notice["fine_text"])

    def wait(signal, start) -> None:
        done = []
        signal.connect(lambda *_: done.append(True))
        start()
        while not done:
            app.processEvents()

    def shoot(widget, name: str) -> None:
        widget.show()
        app.processEvents()
        widget.grab().save(str(folder / name))

    window.nav.setCurrentRow(window.pages.index(window.dashboard))
    wait(window.dashboard.loaded, window.dashboard.refresh)
    for tab, name in ((1, "painel-autos-por-mes.png"), (2, "painel-multas.png")):
        window.dashboard.charts.setCurrentIndex(tab)
        shoot(window, name)
    window.dashboard.charts.setCurrentIndex(0)
    page = window.reports_page
    window.nav.setCurrentRow(window.pages.index(page))
    for key, name in (("fines", "relatorios.png"), ("permits_by_stand", "relatorios-pontos.png")):
        page.kind.setCurrentIndex(page.kind.findData(key))
        wait(page.loaded, page.refresh)
        shoot(window, name)
    preview = page.print_preview(show=False)
    sized(preview, 900, 700)
    preview.show()
    QTest.qWait(800)  # the PDF view renders its pages in the background
    shoot(preview, "relatorio-pdf.png")
    preview.close()
    batch = BatchPrintDialog(clerk, window)
    shoot(batch, "impressao-em-lote.png")
    batch.close()
    progress = ProgressDialog("Impressão em lote", "Preparando cartões de permissão…", window)
    progress._show_step(17, 41)  # a still of the dialog part-way
    shoot(progress, "progresso.png")
    progress.close()


if __name__ == "__main__":
    from mototaxi_desk.gui.shutdown import delete_windows
    code = main(*sys.argv[1:])
    delete_windows()  # the many windows made for the shots, before the interpreter exits
    sys.exit(code)

"""Run by tests/gui/test_fit.py in a subprocess with the screen given in the environment
(`QT_QPA_PLATFORM=offscreen:configfile=...` sets the screen, `QT_SCALE_FACTOR` the Windows
scaling): opens the main window on a demo database as the program does, shows every page, the
prontuário with each tab, and the dialogs a clerk opens, and prints as JSON what does not fit
— a window larger than the screen's free area, or a visible button or field cut by its window
or by the widgets around it (outside a scroll area).

Each dialog is measured twice: as it opens, and again with its messages shown (UX.md: fit
is checked after the messages appear) — every field's own refusal (checked as on save; a
field that passes given a long one) and every empty message label a long refusal; and the
inspection form is opened on a vehicle a debt blocks (its real Art. 17 §1º refusal beside
the plate).

`python -m tests.gui.fit_probe DATABASE_URL [--shots FOLDER]`"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QApplication, QComboBox,
                               QLineEdit, QTabBar, QWidget)

from mototaxi_desk.gui import screen_fit

TITLE_BAR = screen_fit.TITLE_BAR


def _inside_scroll_area(widget: QWidget, window: QWidget) -> bool:
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea) or isinstance(parent, QTabBar):
            return True  # scrolled into view when needed; a tab bar has scroll arrows
        parent = parent.parentWidget()
    return False


def _visible_rect(widget: QWidget, window: QWidget) -> QRect:
    """The part of the widget its ancestors up to the window leave on screen (in window
    coordinates)."""
    rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    parent = widget.parentWidget()
    while parent is not None:
        rect = rect.intersected(QRect(parent.mapTo(window, QPoint(0, 0)), parent.size()))
        if parent is window:
            break
        parent = parent.parentWidget()
    return rect


def problems_of(window: QWidget, name: str) -> list[str]:
    app = QApplication.instance()
    app.processEvents()
    found = []
    free = screen_fit.available(window)
    geometry = window.geometry()
    least = window.minimumSizeHint().expandedTo(window.minimumSize())
    frame = 0 if window.isMaximized() else TITLE_BAR - 8  # a maximised one has its bar inside
    if least.width() > free.width() or least.height() > free.height() - TITLE_BAR \
            or geometry.height() > free.height() - frame \
            or not free.adjusted(0, 0, 1, 1).contains(geometry):
        found.append(f"{name}: janela {geometry.width()}×{geometry.height()} em "
                     f"({geometry.x()},{geometry.y()}) não cabe na área livre "
                     f"{free.width()}×{free.height()} (mínimo "
                     f"{window.minimumSizeHint().width()}×{window.minimumSizeHint().height()})")
    for area in window.findChildren(QAbstractScrollArea):
        if area.isVisibleTo(window) and type(area).__name__ == "QScrollArea" and \
                area.horizontalScrollBar().maximum() > 0:
            found.append(f"{name}: rolagem horizontal de {area.horizontalScrollBar().maximum()}"
                         f" px em {area.widget().objectName() or type(area.widget()).__name__}")
    for bar in window.findChildren(QTabBar):  # a tab behind the arrows is not seen
        if bar.isVisibleTo(window) and bar.window() is window and bar.count() > 1 and \
                bar.sizeHint().width() > bar.width() + 1:
            texts = ", ".join(f"'{bar.tabText(i)}'" for i in range(bar.count()))
            found.append(f"{name}: abas atrás das setas ({bar.sizeHint().width()} px de abas "
                         f"em {bar.width()} px): {texts}")
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, (QAbstractButton, QLineEdit, QComboBox)) or \
                not widget.isVisibleTo(window) or widget.window() is not window:
            continue
        if _inside_scroll_area(widget, window):
            continue
        shown = _visible_rect(widget, window)
        whole = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
        label = widget.text() if hasattr(widget, "text") else widget.objectName()
        label = (label or widget.objectName() or type(widget).__name__).replace("&", "")
        if shown != whole:
            found.append(f"{name}: '{label}' cortado ({shown.width()}×{shown.height()} de "
                         f"{whole.width()}×{whole.height()} visíveis)")
        elif isinstance(widget, QAbstractButton) and widget.text() and \
                widget.width() < widget.minimumSizeHint().width() - 2:
            found.append(f"{name}: botão '{label}' mais estreito que o texto "
                         f"({widget.width()} < {widget.minimumSizeHint().width()})")
    return found


# a refusal as long as the program's longest (a rule, its article and what to do)
LONG_MESSAGE = ("Recusado: a pessoa tem débitos em aberto (R$ 1.234,56 em 3 guias vencidas "
                "desde 15/03/2026); a vistoria e os demais atos só seguem depois de quitados "
                "(SRM Art. 17 §1º). Pague no prontuário ou emita a guia de recolhimento.")


def show_messages(dialog: QWidget) -> None:
    """Every message place of the dialog filled as a refusal fills it: the message line
    under each checked field, and each empty label (the dialog's own message lines)."""
    from PySide6.QtWidgets import QLabel

    from mototaxi_desk.gui.widgets.fields import ValidatedField
    fields = [f for f in dialog.findChildren(ValidatedField) if f.isVisibleTo(dialog)]
    for field in fields:
        if not field.validate(force=True) or field.is_empty():
            continue  # its own refusal shows (an empty required field: "Campo obrigatório.")
        field.show_error(LONG_MESSAGE[:120])  # a field's longest: its rule and article
    for label in dialog.findChildren(QLabel):
        if label.window() is dialog and not label.text() and label.pixmap().isNull() \
                and label.movie() is None and label.buddy() is None \
                and not any(label is f.message for f in fields):
            label.setText(LONG_MESSAGE)
    QApplication.instance().processEvents()


def main(argv: list[str]) -> int:
    url = argv[0]
    shots = Path(argv[argv.index("--shots") + 1]) if "--shots" in argv else None
    from mototaxi_desk.gui import look, prompts
    from mototaxi_desk.gui.widgets import unsaved
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.store.models import Permit

    unsaved.ask_discard = lambda _parent: True
    prompts.ask_yes_no = lambda _parent, _title, _text: True
    prompts.show_preview = lambda _parent, _result, **_: None
    app = QApplication.instance() or QApplication(sys.argv[:1])
    look.apply(app)
    open_database(url, check=False)
    found: list[str] = []
    try:
        from mototaxi_desk.gui.app import LoginDialog
        from mototaxi_desk.gui.main_window import MainWindow
        boss = users.authenticate("supervisor", demo.DEMO_PASSWORD)

        def check(window, name):
            window.show()
            app.processEvents()
            found.extend(problems_of(window, name))
            if shots is not None:
                window.grab().save(str(shots / f"{name}.png"))

        login = LoginDialog("Informe usuário e senha.")
        check(login, "login")
        login.close()
        window = MainWindow(boss)
        from mototaxi_desk.gui import account
        account.install(window, boss, idle_minutes=0)  # the status bar's buttons, as run_gui
        window.show_on_screen()
        app.processEvents()
        for index, page in enumerate(window.pages):
            window.show_page(index)
            check(window, f"pagina-{index}-{page.title}")
        holder = Permit.select().where(Permit.status == "active").order_by(Permit.id).first()
        window.open_person(holder.holder_id)
        record = window.person_page
        for tab in range(record.tabs.count()):
            record.tabs.setCurrentIndex(tab)
            check(window, f"prontuario-aba-{tab}")
        found.extend(dialog_problems(window, holder, check))
        window.close()
        settings_sections(check)
    finally:
        close_database()
    print(json.dumps(found, ensure_ascii=False))
    return 0


def _admin():
    """The município's administrator, whatever its password."""
    from mototaxi_desk.services.context import Actor
    from mototaxi_desk.store.models import User
    row = User.get(User.role == "admin")
    return Actor(row.id, row.login, row.role)


def settings_sections(check) -> None:
    """Configurações as the administrator sees it (eleven sections: the import and the
    backups are theirs only), each section in turn."""
    from mototaxi_desk.gui import account
    from mototaxi_desk.gui.main_window import MainWindow
    from mototaxi_desk.gui.pages.settings import SettingsPage
    admin = _admin()
    window = MainWindow(admin)
    account.install(window, admin, idle_minutes=0)
    window.show_on_screen()
    index = next(i for i, page in enumerate(window.pages) if isinstance(page, SettingsPage))
    window.show_page(index)
    page = window.pages[index]
    for section in range(page.tabs.count()):
        page.tabs.setCurrentIndex(section)
        check(window, f"configuracoes-admin-{section}-{page.tabs.tabText(section)}")
    window.close()


def dialog_problems(window, holder, check) -> list[str]:
    """Opens the dialogs one by one (`check` notes what does not fit); returns those that
    did not open."""
    from mototaxi_desk.gui.dialogs.application_detail import ApplicationDetailDialog
    from mototaxi_desk.gui.dialogs.batch_print import BatchPrintDialog
    from mototaxi_desk.gui.dialogs.change_password import ChangePasswordDialog
    from mototaxi_desk.gui.dialogs.crash import CrashDialog
    from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
    from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
    from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog
    from mototaxi_desk.gui.dialogs.person_forms import CnhDialog, PersonEditDialog
    from mototaxi_desk.gui.dialogs.print_preview import PrintPreviewDialog
    from mototaxi_desk.gui.dialogs.stand_forms import StandFormDialog
    from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
    from mototaxi_desk.gui.dialogs.verify import VerifyDialog
    from mototaxi_desk.gui.dialogs.waiting_forms import WaitingEnrolDialog
    from mototaxi_desk.gui.idle_lock import LockDialog
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import documents
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.store.models import Application

    clerk = users.authenticate("atendente", demo.DEMO_PASSWORD)
    fiscal = users.authenticate("fiscal", demo.DEMO_PASSWORD)
    boss = window.actor
    record = window.person_page
    person = holder.holder_id
    application = Application.select().order_by(Application.id).first()
    makers = {
        "requerimento-detalhe": lambda: ApplicationDetailDialog(boss, application.id, window),
        "vistoria": lambda: InspectionForm(fiscal, plate=holder.vehicle.plate_original,
                                           parent=window),
        "vistoria-recusada": lambda: InspectionForm(fiscal, plate=blocked_plate() or "",
                                                    parent=window),
        "auto-novo": lambda: NoticeEntryDialog(fiscal, window),
        "veiculo": lambda: VehicleForm(clerk, owner_id=person, parent=window),
        "cadastro": lambda: PersonEditDialog(clerk, person, window),
        "cnh": lambda: CnhDialog(clerk, person, window),
        "ponto-novo": lambda: StandFormDialog(boss, None, window),
        "verificar": lambda: VerifyDialog(window),
        "lote": lambda: BatchPrintDialog(boss, window),
        "senha": lambda: ChangePasswordDialog(boss, forced=True, parent=window),
        "bloqueio": lambda: LockDialog(boss, window),
        "erro": lambda: CrashDialog("Traceback (most recent call last):\n" * 40, window),
        "lista-de-espera": lambda: WaitingEnrolDialog(clerk, parent=window),
        "requerimento": lambda: NewApplicationWizard(clerk, person_id=person, parent=window),
        "previa": lambda: PrintPreviewDialog(
            documents.print_cards(clerk, [holder.order_number]), window),
    }
    for key, action in (("renovar", record.renew), ("ponto", record.change_stand),
                        ("pagar", record.pay), ("guia", record.issue_guia)):
        makers[f"prontuario-{key}"] = action
    from mototaxi_desk.gui.dialogs.permit_acts import MENU
    for entry in MENU:  # the acts of "Mais ▾" that apply to this holder
        if entry is not None:
            makers[f"ato-{entry[0]}"] = lambda key=entry[0]: record.permit_act(key)
    admin = _admin()
    for name, law in (("nova-versao-da-lei", None), ("nova-versao-da-lei-recusada",
                                                      "lei-1745-2011")):
        makers[name] = lambda law=law: profile_adopt_dialog(admin, window, law)
    from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
    from mototaxi_desk.store.models import InfractionNotice
    notice = InfractionNotice.select().order_by(InfractionNotice.id).first()
    if notice is not None:
        makers["auto"] = lambda: NoticeDetailDialog(boss, notice.id, window)
    found: list[str] = []
    for name, make in makers.items():
        try:
            dialog = make()
        except Exception as exc:  # noqa: BLE001 — reported, the other dialogs still checked
            found.append(f"{name}: não abriu ({type(exc).__name__}: {exc})")
            continue
        if dialog is None:
            continue
        check(dialog, name)
        show_messages(dialog)
        check(dialog, f"{name}+mensagens")
        dialog.close()
    return found


def blocked_plate() -> str | None:
    """The plate of a vehicle in service that the inspection form refuses (a debt or a
    permit not up to date, Art. 17 §1º), or None when the demo has none."""
    from mototaxi_desk.services.register import inspections
    from mototaxi_desk.store.models import Permit
    for permit in Permit.select().where(Permit.status == "active").order_by(Permit.id):
        if permit.vehicle_id and inspections.blockers(permit.vehicle_id):
            return permit.vehicle.plate_original
    return None


def profile_adopt_dialog(admin, window, other_law: str | None):
    """Configurações → 'Adotar nova versão da lei...' with a file chosen, as the admin sees
    it: the município's 0.1.0 file amended (the upgrade's notices, the changes), or another
    law's file (the refusal's long message)."""
    import tempfile

    from mototaxi_desk.domain.profiles import PROFILES_DIR
    from mototaxi_desk.gui.dialogs.profile_adopt import ProfileAdoptDialog
    from mototaxi_desk.services import setup
    in_force = setup.summary()["profile_id"]
    history = Path(__file__).resolve().parents[1] / "profiles" / "history" / "6e9dc85"
    if other_law:
        name, text = other_law, PROFILES_DIR.joinpath(f"{other_law}.toml").read_text("utf-8")
    else:
        name = in_force
        text = (history / f"{in_force}.toml").read_text("utf-8").replace(
            'fine_units = "4"', 'fine_units = "5"', 1)
    path = Path(tempfile.mkdtemp()) / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    dialog = ProfileAdoptDialog(admin, window)
    dialog.choose_file(path)
    return dialog


if __name__ == "__main__":
    from mototaxi_desk.gui.shutdown import delete_windows
    code = main(sys.argv[1:])
    delete_windows()  # before the interpreter's teardown, as the program (gui/shutdown.py)
    sys.exit(code)

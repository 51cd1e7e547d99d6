"""The Qt application: translations, the database, login, then the main window."""
from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

from .. import config
from ..domain.errors import DomainError, ProfileError
from ..services.administration import first_run
from ..store.connection import StoreError, is_postgres
from ..store.migrations import close_database, open_database
from .dialogs.crash import install_excepthook
from .dialogs.login import LoginDialog
from .startup_checks import IntegrityCheck, after_open

_running_mutex = None  # the handle lives as long as the process


def _demo_password() -> str:
    from ..demo.data import DEMO_PASSWORD
    return DEMO_PASSWORD


def _preload_screens() -> None:
    """While the password is typed: the screens' modules (the Configurações tabs' too, which
    it imports as it is built) and the rule profile parsed once, not after Entrar (about
    150 ms of the main window's construction on a counter PC), and the prontuário's next
    steps, which the records' warm-up reads (so it imports nothing beside the documents')."""
    import importlib
    for name in ("gui.main_window", "gui.pages.settings_collection",
                 "gui.pages.settings_import", "services.views.next_steps"):
        importlib.import_module(f"mototaxi_desk.{name}")
    from ..services import setup
    try:
        setup.profile_today()  # kept parsed for the process (services/administration/profile_versions.py)
    except Exception:  # noqa: BLE001 - a cache warmed or not: the main window says what fails
        pass
    # then, off the GUI thread (the login stays responsive), what the first guia or print of
    # the day needs: started after the screens' imports, so no two threads import at once
    from .workers import run_in_background
    run_in_background(_preload_documents, lambda _: None)


def _preload_documents() -> None:
    """ReportLab, the layouts, the fonts, the images and the year's holidays (services/
    documents/preload.py): a clerk's first guia 360 -> 35 ms."""
    from ..services.documents.preload import preload
    try:
        preload()
    except Exception:  # noqa: BLE001 - only a warm-up: the document itself says what fails
        logging.getLogger(__name__).warning("pré-carregamento dos documentos falhou",
                                            exc_info=True)


def _warm_up_screens() -> None:
    """After the preload: the Qt types the main window uses made (main_window.warm_up)."""
    try:
        from .main_window import warm_up
        warm_up()
    except Exception:  # noqa: BLE001 - only a warm-up: the main window says what fails
        logging.getLogger(__name__).warning("pré-carregamento das telas falhou", exc_info=True)


def _warm_up_records() -> None:
    """Once the integrity verdict is in, on this thread's connection (the one the window
    reads with): a holder's prontuário read and thrown away, so the clerk's first one costs
    what the later ones cost (services/views/records.py warm_up)."""
    try:
        from ..services.views import records
        records.warm_up()
    except Exception:  # noqa: BLE001 - only a warm-up: the prontuário says what fails
        logging.getLogger(__name__).warning("pré-carregamento do prontuário falhou",
                                            exc_info=True)


def _verify_at_close(sqlite_file: Path) -> None:
    """The file checked whole now that the window is gone, so the next start need not
    (store/verified_file.py); a crash leaves no note, and the next start checks. A failure
    here is only logged: the program has already ended for its user. (The running mutex is
    kept until the process ends: its DLLs are still loaded, an installer must wait.)"""
    from ..store import verified_file
    try:
        verified_file.verify_and_note(sqlite_file)
    except Exception:  # noqa: BLE001 - a note not written means a check at the next start
        logging.getLogger(__name__).warning("verificação do arquivo ao fechar falhou",
                                            exc_info=True)


def _announce_running() -> None:
    """On Windows, hold a named mutex while the program is open: the installer and the
    uninstaller look for it and refuse to replace files in use. Released by Windows when the
    process ends, however it ends."""
    if sys.platform == "win32":
        import ctypes
        global _running_mutex
        _running_mutex = ctypes.windll.kernel32.CreateMutexW(None, False, config.RUNNING_MUTEX)


def _initialised(integrity: IntegrityCheck) -> bool:
    """first_run.is_initialised(), or False when the file is too damaged to tell (the integrity
    verdict then says what to do)."""
    state = first_run.is_initialised_if_readable()
    if state is None:
        if integrity.wait():
            return False
        return first_run.is_initialised()  # a damage the check does not name: raised as it is
    return state


def run_gui(url: str, *, demo: bool = False) -> int:
    _announce_running()
    # the GUI thread gets the interpreter back within 0.2 ms (Python's default: 5) while
    # background work holds it, and it asks for it at each call from Qt into Python: with
    # the administrator's integrity check running on 100,000 holders, one event-loop turn
    # took 6 s at 1 ms and 0.56 s at 0.2 ms, a search 127 ms and 79 (gui_startup.py)
    sys.setswitchinterval(0.0002)
    app = QApplication.instance() or QApplication(sys.argv)
    from . import gc_collector
    gc_collector.install(app)  # cycles freed on this thread only, never in a background job
    app.setApplicationName("Mototáxi Desk")
    app.setOrganizationName("MototaxiDesk")
    from . import look
    look.apply(app)  # Portuguese Qt dialogs, 10-point text, windows fitted to the screen
    install_excepthook()
    try:
        database = open_database(url, check=False)  # the integrity check runs beside the login
    except StoreError as exc:
        QMessageBox.critical(None, "Mototáxi Desk", str(exc))
        return 1
    sqlite_file = None if is_postgres(database) else Path(database.database)
    integrity = IntegrityCheck(sqlite_file)
    # network-share warning, automatic backup once the check passed (startup_checks.py)
    after_open(url, demo=demo, integrity=integrity)
    try:
        if not _initialised(integrity):  # set-up writes at once: the verdict first
            if integrity.wait():
                QMessageBox.critical(None, "Mototáxi Desk", integrity.problem)
                return 1
        if demo and not first_run.is_initialised():
            from ..demo import data as demo_data  # only the demo needs it
            from .widgets.progress import Cancelled, run_with_progress
            try:  # one transaction: a cancel leaves the demo database empty
                run_with_progress(None, "Mototáxi Desk — demonstração",
                                  "Criando o banco de demonstração (dados fictícios)…",
                                  lambda step: demo_data.ensure_demo_database(progress=step))
            except Cancelled:
                return 0
        admin_login = ""
        if not first_run.is_initialised():
            from .dialogs.setup_wizard import SetupWizard  # first run only
            wizard = SetupWizard()  # nothing else opens until the município is set up
            if wizard.exec() != QDialog.DialogCode.Accepted or wizard.result_summary is None:
                return 0
            admin_login = wizard.admin_login
        title = (f"Banco de DEMONSTRAÇÃO (dados fictícios).<br>Entre com o usuário admin e a "
                 f"senha {_demo_password()}." if demo else "Informe usuário e senha.")
        login = LoginDialog(title)
        login.before_login = integrity.wait
        if admin_login:
            login.login.setText(admin_login)
            login.password.setFocus()
        # the screens (and the PDF library behind them) load while the password is typed
        QTimer.singleShot(50, _preload_screens)
        # a turn of its own (shorter events), while this login is open only
        QTimer.singleShot(60, login, _warm_up_screens)
        login.show()  # usable at once; the integrity verdict arrives while the user types
        while not integrity.finished(0.02):
            app.processEvents()
        if integrity.problem:
            login.hide()
            QMessageBox.critical(None, "Mototáxi Desk", integrity.problem)
            return 1
        from ..services.trust import clock_trust
        clock_trust.assess()  # a date not trusted holds the program at the register's day
        from . import painel_preparation
        painel_preparation.start()  # the day's first Painel, built while the password is typed
        # after the screens' imports (their timer is due first), while the login shows only
        QTimer.singleShot(80, login, lambda: login.isVisible() and _warm_up_records())
        from . import gc_collector  # after the preload (its timer is due first): the
        # the start-up's garbage, while the password is typed; never once the login is gone
        # (frozen then, a window's objects would never be collected)
        QTimer.singleShot(100, login, lambda: login.isVisible() and gc_collector.settle_start_up())
        if login.exec() != QDialog.DialogCode.Accepted or login.actor is None:
            return 0
        from . import account
        if not account.first_login_password_change(login.actor):
            return 0  # the temporary password was not replaced: nothing opens
        from .main_window import MainWindow
        from .startup_checks import pass_time
        pass_time()  # statuses brought to today before the first screen shows them
        from . import app_filter
        with app_filter.paused():  # built in one go: ~50 ms of its events through no filter
            window = MainWindow(login.actor)
        account.install(window, login.actor)  # own password, Ctrl+L, idle lock (issue 8)
        window.show_on_screen()
        return app.exec()
    except (DomainError, ProfileError, FileNotFoundError) as exc:
        # a file the program ships is missing (profile, font, screen): say which, then leave
        QMessageBox.critical(None, "Mototáxi Desk", str(exc))
        return 1
    finally:
        from .workers import end_background_work
        end_background_work()  # a job left running would read a database being closed
        close_database()
        if sqlite_file is not None and sys.exc_info()[0] is None:
            _verify_at_close(sqlite_file)


"""The main window: navigation on the left, the page on the right, the search box always
on top (Ctrl+K), the status bar with user, município, profile and database."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QListWidget, QMainWindow, QStackedWidget,
                               QVBoxLayout, QWidget)

from .. import config, settings_registry
from ..services import overview, setup
from ..services.context import ROLE_LABELS, Actor
from .dialogs.verify import VerifyDialog
from .pages.applications import ApplicationsPage
from .pages.dashboard import DashboardPage
from .pages.holders import HoldersPage
from .pages.infractions import InfractionsPage
from .pages.inspections import InspectionsPage
from .pages.person import PersonPage
from .pages.reports import ReportsPage
from .pages.settings import SettingsPage
from .pages.stands import StandsPage
from .pages.vehicles import VehiclesPage
from .pages.waiting import WaitingListPage
from .widgets.search_box import SearchBox


CLOCK_CHECK_MS = 5 * 60 * 1000  # how often the open window looks for a new day


class MainWindow(QMainWindow):
    def __init__(self, actor: Actor):
        super().__init__()
        self.actor = actor
        info = overview.overview()
        self.setWindowTitle(f"Mototáxi Desk — {info['municipio']}/{info['uf']}")
        self.search_box = SearchBox()
        self.dashboard = DashboardPage()
        self.person_page = PersonPage(actor)
        self.applications_page = ApplicationsPage(actor)
        self.holders_page = HoldersPage(actor)
        self.vehicles_page = VehiclesPage(actor)
        self.stands_page = StandsPage(actor)
        self.inspections_page = InspectionsPage(actor)
        self.infractions_page = InfractionsPage(actor)
        self.waiting_page = WaitingListPage(actor)
        self.reports_page = ReportsPage(actor)
        self.settings_page = SettingsPage(actor)
        # navigation in the order of the counter's work (issue 6); Configurações last
        self.pages = [self.dashboard, self.person_page, self.applications_page,
                      self.holders_page, self.vehicles_page, self.stands_page,
                      self.inspections_page, self.infractions_page, self.waiting_page,
                      self.reports_page, self.settings_page]
        QShortcut(QKeySequence("Ctrl+N"), self, activated=self.new_application)
        self.nav = QListWidget()
        self.nav.setFixedWidth(170)
        self.stack = QStackedWidget()
        for page in self.pages:
            self.nav.addItem(page.title)
            self.stack.addWidget(page)
            if hasattr(page, "person_chosen"):
                page.person_chosen.connect(self.open_person)
        if setup.profile().waiting_list.mode == "none":  # the law has no waiting list
            self.nav.item(self.pages.index(self.waiting_page)).setHidden(True)
        self.nav.currentRowChanged.connect(self.show_page)
        self.search_box.person_chosen.connect(self.open_person)

        central = QWidget()
        outer = QVBoxLayout(central)
        outer.addWidget(self.search_box)
        body = QHBoxLayout()
        body.addWidget(self.nav)
        body.addWidget(self.stack, 1)
        outer.addLayout(body, 1)
        self.setCentralWidget(central)
        QShortcut(QKeySequence("Ctrl+K"), self, activated=self.focus_search)
        QShortcut(QKeySequence("F5"), self, activated=self.refresh)
        toolbar = self.addToolBar("Ferramentas")
        self.verify_action = toolbar.addAction(
            "Verificar documento (F9)", lambda: VerifyDialog(self).exec())
        self.verify_action.setShortcut(QKeySequence("F9"))
        self.batch_action = toolbar.addAction("Impressão em lote…", self.batch_print)
        self.statusBar().showMessage(
            f"Usuário: {actor.login} ({ROLE_LABELS[actor.role]}) · {info['municipio']}/"
            f"{info['uf']} · Perfil {info['profile_id']} · {info['database']}")
        self.resize(1280, 720)
        self._restore_geometry()
        # the window shows at once; the Painel's figures and alerts load right after
        self.nav.blockSignals(True)
        self.nav.setCurrentRow(0)
        self.nav.blockSignals(False)
        QTimer.singleShot(0, self.refresh)
        # the passage of time ran as the window opened (app.run_gui); while it stays open,
        # once more on each new day
        self.clock_day = dt.date.today()
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(CLOCK_CHECK_MS)
        self.clock_timer.timeout.connect(self.new_day_check)
        self.clock_timer.start()

    def new_day_check(self, today: dt.date | None = None) -> bool:
        """On a new day: the passage of time, then the page shown again. True if it ran."""
        today = today or dt.date.today()
        if today <= self.clock_day:
            return False
        self.clock_day = today
        from .startup_checks import pass_time
        pass_time(today)
        self.refresh()
        return True

    def new_application(self):
        """Ctrl+N: the new-application wizard — for the person on screen when a record is
        open — or, for a role that cannot file one (a fiscal), the reason in the status
        bar instead of nothing."""
        why = self.applications_page.why_not_file()
        if why:
            self.statusBar().showMessage(why, 15_000)
            return None
        if self.stack.currentWidget() is self.person_page and self.person_page.person_id:
            return self.person_page.new_application()
        return self.applications_page.new_application()

    def batch_print(self) -> None:
        from .dialogs.batch_print import BatchPrintDialog  # printing loads when used
        BatchPrintDialog(self.actor, self).exec()

    def show_page(self, row: int) -> None:
        self.stack.setCurrentIndex(row)
        self.refresh()

    def refresh(self) -> None:
        self.stack.currentWidget().refresh()

    def focus_search(self) -> None:
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    def open_person(self, person_id: int) -> None:
        self.person_page.open_person(person_id)
        self.nav.setCurrentRow(self.pages.index(self.person_page))

    @staticmethod
    def _settings() -> QSettings:
        # in the data folder, beside the logs: one place for everything the program keeps
        return QSettings(str(config.data_dir() / settings_registry.JANELA_INI),
                         QSettings.Format.IniFormat)

    def _restore_geometry(self) -> None:
        saved = self._settings().value("main_window/geometry")
        if saved is not None:
            self.restoreGeometry(saved)

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        self._settings().setValue("main_window/geometry", self.saveGeometry())
        super().closeEvent(event)

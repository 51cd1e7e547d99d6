"""The main window: navigation on the left, the page on the right, the search box always
on top (Ctrl+K), the status bar with user, município, profile and database."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QPixmap, QShortcut
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QLabel, QMainWindow, QMessageBox,
                               QPushButton, QStackedWidget, QVBoxLayout, QWidget)

from .. import config, settings_registry
from ..domain.errors import DomainError, ProfileError
from ..services.views import overview
from ..services import setup
from ..services.context import ROLE_LABELS, Actor
from . import app_filter, screen_fit
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
from .icons import icon
from .widgets.navigation import Navigation
from .widgets.search_box import SearchBox
from ..domain import wallclock


CLOCK_CHECK_MS = 5 * 60 * 1000  # how often the open window looks for a new day


class _PageStack(QStackedWidget):
    """The pages, in the window's scroll area: as tall as the window unless a page's
    minimum is taller. (A QStackedLayout's height-for-width is the tallest of all its pages
    at their preferred heights: the scroll area would scroll every page for the longest.)"""

    def heightForWidth(self, _width: int) -> int:  # noqa: N802 (Qt API)
        return -1

    # the page shown decides (a stack's own minimum is its largest page's: the Configurações
    # page would make the Relatórios page scroll)
    def minimumSizeHint(self):  # noqa: N802 (Qt API)
        page = self.currentWidget()
        return page.minimumSizeHint().expandedTo(page.minimumSize()) if page is not None \
            else super().minimumSizeHint()

    def sizeHint(self):  # noqa: N802 (Qt API)
        return self.minimumSizeHint()


# the navigation, in the order of the counter's work (issue 6); Configurações last
PAGES = (("dashboard", DashboardPage), ("person_page", PersonPage),
         ("applications_page", ApplicationsPage), ("holders_page", HoldersPage),
         ("vehicles_page", VehiclesPage), ("stands_page", StandsPage),
         ("inspections_page", InspectionsPage), ("infractions_page", InfractionsPage),
         ("waiting_page", WaitingListPage), ("reports_page", ReportsPage),
         ("settings_page", SettingsPage))
_ROWS = {name: row for row, (name, _class) in enumerate(PAGES)}


def page_title(page_class) -> str:
    """The navigation's title, before the page is made: a page whose title depends on the
    law says it (nav_title)."""
    nav_title = getattr(page_class, "nav_title", None)
    return nav_title() if nav_title else page_class.title


class _Page:
    """`window.holders_page`: the page, made the first time it is wanted (shown, opened or
    asked for). Only the Painel is made with the window: eleven pages made and laid out at
    once were ~250 ms of MainWindow() (demo data, 2 cores), for screens most sessions never
    open; the first time a page is chosen costs its own 3-45 ms."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, window, owner=None):
        return self if window is None else window._page(self.name)


def warm_up() -> None:
    """While the password is typed: PySide6 makes a Qt class's Python type, with its enums,
    the first time one of its objects reaches Python. A throwaway Painel, navigation and
    search box, drawn off screen (never shown), make the ~120 types the main window's
    construction and first paint made after Entrar (about 25 ms of the GUI thread's CPU at
    2 cores), and a throwaway chart those of the Painel's first chart. Reads nothing from
    the database."""
    window = QMainWindow()
    nav = Navigation(window)
    nav.add_page(page_title(DashboardPage))
    page = DashboardPage(None)
    window.setCentralWidget(page)
    SearchBox(window)
    nav.grab()
    page.resize(800, 600)
    page.grab()
    window.deleteLater()
    # the Painel's first chart: QtCharts loaded and its types made (about 24 ms of the GUI
    # thread, else spent in the Painel's first turn after Entrar, while the clerk may search)
    from .widgets import charts
    view = charts.chart_view()
    view.setChart(charts.permits_chart(["Ativa"], [1], ["active"]))
    view.resize(400, 300)
    view.grab()
    view.deleteLater()


class MainWindow(QMainWindow):
    integrity_checked = Signal(list)  # the problems of the start-up checks (admins)
    seal_refused = Signal(str)  # an action refused on a row changed outside the program
    dashboard, person_page, applications_page, holders_page, vehicles_page, stands_page, \
        inspections_page, infractions_page, waiting_page, reports_page, settings_page = \
        (_Page() for _ in PAGES)

    def __init__(self, actor: Actor):
        super().__init__()
        self.actor = actor
        info = overview.identity()  # the counts are the Painel's, loaded off this thread
        self.setWindowTitle(f"Mototáxi Desk — {info['municipio']}/{info['uf']}")
        self.search_box = SearchBox()
        self._built: dict[str, QWidget] = {}  # the pages made so far, by attribute name
        QShortcut(QKeySequence("Ctrl+N"), self, activated=self.new_application)
        self.nav = Navigation()
        self.stack = _PageStack()
        for _name, page_class in PAGES:
            self.nav.add_page(page_title(page_class))
            self.stack.addWidget(QWidget())  # a stand-in until the page is first wanted
        self._page("dashboard")  # the first page shown
        self.nav.fit_width()
        if setup.profile_today().waiting_list.mode == "none":  # the law has no waiting list
            self.nav.item(self.row_of("waiting_page")).setHidden(True)
        self.nav.currentRowChanged.connect(self.show_page)
        self.search_box.person_chosen.connect(self.open_person)
        self.search_box.register_asked.connect(self.register_from_search)

        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(4, 4, 4, 0)  # every pixel counts at 1366×768, 125%
        outer.addLayout(self._header(info))
        # the quick integrity checks' verdict, for the administrator (hidden when sound)
        self.integrity_banner = QLabel()
        self.integrity_banner.setWordWrap(True)
        self.integrity_banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.integrity_banner.setStyleSheet("background: #f8d7da; color: #58151c; padding: 6px;")
        # its detail: the rows changed outside the program, to accept or put back (issue 34)
        self.integrity_details = QPushButton("Conferir e corrigir…")
        self.integrity_details.setToolTip("As linhas alteradas fora do programa: aceitar como "
                                          "estão ou restaurar os valores selados")
        self.integrity_details.clicked.connect(self.review_seals)
        self.integrity_row = QWidget()
        banner_row = QHBoxLayout(self.integrity_row)
        banner_row.setContentsMargins(0, 0, 0, 0)
        banner_row.addWidget(self.integrity_banner, 1)
        banner_row.addWidget(self.integrity_details, 0, Qt.AlignmentFlag.AlignTop)
        self.integrity_row.hide()
        outer.addWidget(self.integrity_row)
        # the computer's date not trusted: held at the register's day, read-only
        from ..services.trust import clock_trust
        from .widgets.clock_banner import ClockBanner
        self.clock_banner = ClockBanner(actor)
        self.clock_banner.changed.connect(self.refresh)
        self.clock_banner.show_state(clock_trust.state())
        outer.addWidget(self.clock_banner)
        body = QHBoxLayout()
        body.setSpacing(4)
        body.addWidget(self.nav)
        # a page taller than a small screen scrolls instead of pushing the window past it
        body.addWidget(screen_fit.scrolling(self.stack), 1)
        outer.addLayout(body, 1)
        self.setCentralWidget(central)
        QShortcut(QKeySequence("Ctrl+K"), self, activated=self.focus_search)
        QShortcut(QKeySequence("F5"), self, activated=self.refresh)
        toolbar = self.addToolBar("Ferramentas")
        self.verify_action = toolbar.addAction(
            "Verificar documento (F9)", self.verify_document)
        self.verify_action.setShortcut(QKeySequence("F9"))
        self.verify_action.setIcon(icon("qrcode"))
        self.batch_action = toolbar.addAction(icon("printer"), "Impressão em lote…",
                                              self.batch_print)
        toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        toolbar.setMovable(False)
        # the município is in the header; the rest short enough for the status bar's buttons
        self.statusBar().showMessage(
            f"Usuário: {actor.login} ({ROLE_LABELS[actor.role]}) · Perfil {info['profile_id']}"
            f" · {info['database']}")
        self.restored = self._restore_geometry()
        # the window shows at once; the Painel's figures and alerts load right after
        self.nav.blockSignals(True)
        self.nav.setCurrentRow(0)
        self.nav.blockSignals(False)
        # the Painel's job and the administrator's check (a child process) start once the
        # window has painted (the next turn), not competing with its first paint for the
        # interpreter and the two cores
        QTimer.singleShot(0, self, self._after_first_paint)
        self._integrity_job = None
        self._problems: list[str] = []
        if actor.role == "admin":
            from ..services.trust import seal_refusal  # refusals on tampered rows, as they happen
            self.seal_refused.connect(self._seal_refused)
            seal_refusal.listen(self._tell_seal_refusal)
        # the passage of time ran as the window opened (app.run_gui); while it stays open,
        # once more on each new day
        self.clock_day = wallclock.computer_today()
        self.clock_timer = QTimer(self)
        self.clock_timer.setInterval(CLOCK_CHECK_MS)
        self.clock_timer.timeout.connect(self._timed_day_check)
        self.clock_timer.start()

    def _after_first_paint(self) -> None:
        if not getattr(self.stack.currentWidget(), "_asked", 0):  # not asked already (F5)
            QTimer.singleShot(0, self.refresh)
        if self.actor.role == "admin":  # the audit chain, its checkpoint and the sealed rows
            QTimer.singleShot(0, self.start_integrity_check)

    def _page(self, name: str) -> QWidget:
        """The page called `name`, made and put in its place in the stack if not yet."""
        page = self._built.get(name)
        if page is None:
            with app_filter.paused():  # its burst of construction events through no filter
                page = PAGES[_ROWS[name]][1](self.actor)
            if page.layout() is not None:  # the window's margins are the page's
                page.layout().setContentsMargins(6, 0, 2, 0)
            if hasattr(page, "person_chosen"):
                page.person_chosen.connect(self.open_person)
            if name == "dashboard":
                page.loaded.connect(self.update_counts)
                page.step_chosen.connect(self.open_place)
            if hasattr(page, "new_person_asked"):  # its "Nova pessoa" button
                page.new_person_asked.connect(lambda: self.new_person())
            self._built[name] = page
            row = _ROWS[name]
            stand_in = self.stack.widget(row)
            shown = self.stack.currentIndex() == row
            self.stack.insertWidget(row, page)
            self.stack.removeWidget(stand_in)
            stand_in.deleteLater()
            if shown:
                self.stack.setCurrentIndex(row)
        return page

    def row_of(self, name: str) -> int:
        """The navigation row (and stack index) of the page called `name`."""
        return _ROWS[name]

    @property
    def pages(self) -> list[QWidget]:
        """Every page, in the navigation's order (made now where not yet)."""
        return [self._page(name) for name, _class in PAGES]

    def start_integrity_check(self) -> None:
        """The quick tamper checks in the background (the window never waits for them);
        the administrator is told in a banner when something was edited outside the
        program."""
        from ..services import child_jobs
        from .workers import run_in_background
        # in a process of its own: 37–70 s of CPU at 100,000 holders, off this interpreter
        self._integrity_job = run_in_background(lambda: child_jobs.run("integrity"),
                                                self._integrity_done,
                                                lambda exc: self._integrity_done(
                                                    [f"A verificação não pôde rodar: {exc}"]),
                                                interruptible=True)

    def _integrity_done(self, problems: list) -> None:
        self._problems = list(problems)
        if problems:
            shown = "<br>".join(problems[:3])
            more = f"<br>… e mais {len(problems) - 3}." if len(problems) > 3 else ""
            self.integrity_banner.setText(
                "<b>Atenção, administrador: a verificação de integridade encontrou dados "
                f"alterados fora do programa.</b><br>{shown}{more}<br>Rode "
                "<code>mototaxi-desk check</code> para a lista completa.")
            self._show_banner(True)
        else:
            self._show_banner(False)
            self.statusBar().showMessage("Verificação de integridade: tudo certo.", 10_000)
        self.integrity_checked.emit(list(problems))

    def _show_banner(self, shown: bool) -> None:
        self.integrity_banner.setVisible(shown)
        self.integrity_row.setVisible(shown)

    def _tell_seal_refusal(self, text: str) -> None:
        """services.seal_review's alert, in the thread of the refused action."""
        try:
            self.seal_refused.emit(text)
        except RuntimeError:  # the window is gone
            from ..services.trust import seal_refusal
            seal_refusal.unlisten(self._tell_seal_refusal)

    def _seal_refused(self, text: str) -> None:
        """An action refused just now on a row changed outside the program: the banner
        names it at once (the start-up check only runs as the window opens)."""
        line = f"Ação recusada agora: {text}."
        if line in self._problems:
            return
        self._problems.insert(0, line)
        shown = "<br>".join(self._problems[:3])
        more = f"<br>… e mais {len(self._problems) - 3}." if len(self._problems) > 3 else ""
        self.integrity_banner.setText(
            "<b>Atenção, administrador: uma linha foi alterada fora do programa, e o "
            f"programa recusa as ações sobre ela.</b><br>{shown}{more}<br>Use "
            "<b>Conferir e corrigir…</b> para aceitá-la como está ou restaurar os valores "
            "selados.")
        self._show_banner(True)

    def review_seals(self):
        """The banner's detail (dialogs/seal_review.py); the checks run again after it."""
        from .dialogs.seal_review import SealReviewDialog
        dialog = SealReviewDialog(self.actor, self)

        def closed(_code):
            if dialog.changed_something:
                self._problems = []
                self.start_integrity_check()
        dialog.finished.connect(closed)
        dialog.open()
        return dialog

    def _header(self, info: dict) -> QHBoxLayout:
        """The município's brasão (when configured) and name beside the search box."""
        row = QHBoxLayout()
        row.setSpacing(8)
        brasao = setup.brasao()
        if brasao:
            pixmap = QPixmap()
            if pixmap.loadFromData(bytes(brasao)):
                self.brasao = QLabel()
                self.brasao.setObjectName("brasao")
                side = self.fontMetrics().height() * 2
                self.brasao.setPixmap(pixmap.scaled(
                    side, side, Qt.AspectRatioMode.KeepAspectRatio,
                    Qt.TransformationMode.SmoothTransformation))
                row.addWidget(self.brasao)
        name = QLabel(f"<b>{info['municipio']}/{info['uf']}</b><br>"
                      "<span style='color:#5b6b7a'>Serviço de mototáxi</span>")
        name.setObjectName("municipio_name")
        row.addWidget(name)
        row.addWidget(self.search_box, 1)
        return row

    def update_counts(self) -> None:
        """The navigation's badges: requerimentos waiting for a decision, prazos vencidos
        (from the Painel's figures, loaded off the GUI thread)."""
        from ..services.views import navigation
        self.nav.set_count(self.row_of("applications_page"),
                           navigation.pending_applications(),
                           meaning="Requerimentos aguardando decisão")
        info = getattr(self.dashboard, "_info", None) or {}
        if info.get("alerts_as_of") is not None:
            return  # an earlier day's, shown while today's loads: the badge waits for today's
        self.nav.set_count(self.row_of("dashboard"), info.get("alerts_overdue", 0),
                           tone="overdue", meaning="Prazos vencidos (veja o Painel)")

    def _timed_day_check(self) -> None:
        # a window closed or never shown (a session ended, a test's leftover) passes no time:
        # its check would assess and hold the clock of whatever runs now
        if self.isVisible():
            self.new_day_check()

    def new_day_check(self, today: dt.date | None = None) -> bool:
        """When the computer's date changes (a new day, or a clock set by hand): its date
        assessed again (the banner), the passage of time, then the page shown again. True
        if it ran."""
        today = today or wallclock.computer_today()
        if today == self.clock_day:
            return False
        self.clock_day = today
        from .startup_checks import pass_time
        pass_time(today if today == wallclock.computer_today() else None)
        from ..services.trust import clock_trust
        self.clock_banner.show_state(clock_trust.state())
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
        person = self._built.get("person_page")
        if person is not None and self.stack.currentWidget() is person and person.person_id:
            return self.person_page.new_application()
        return self.applications_page.new_application()

    # --- a record created where it is looked for (issue 36 item 2) -------------------------
    def register_from_search(self, offer: dict):
        """The search found nothing: the form for what was typed, filled in with it."""
        if offer["kind"] == "vehicle":
            return self.new_vehicle(plate=offer["plate"])
        return self.new_person(cpf=offer["cpf"], name=offer["name"])

    def new_person(self, cpf: str = "", name: str = ""):
        """"Nova pessoa" (window-modal, `self.dialog`): the record opens once saved."""
        from .dialogs.person_forms import NewPersonDialog
        dialog = NewPersonDialog(self.actor, cpf=cpf, name=name, parent=self)
        dialog.accepted.connect(lambda: self.open_person(dialog.result_value["id"]))
        self.dialog = dialog
        dialog.open()
        return dialog

    def new_vehicle(self, plate: str = "", owner_id: int | None = None):
        """A new vehicle with the plate searched for; the owner's record opens once saved."""
        from .dialogs.vehicle_form import VehicleForm
        form = VehicleForm(self.actor, owner_id=owner_id, parent=self)
        if plate:
            form.plate.setText(plate)
            form.mark_clean()  # what the search carried in is not the clerk's typing
        form.accepted.connect(lambda: self.open_person(form.result_data["owner_id"]))
        self.dialog = form
        form.open()
        return form

    # --- the Painel's first steps (issue 36 item 4) -----------------------------------------
    def open_place(self, place: str):
        """Where a first step is done: the Pontos page, the import (an administrator) or a
        new person, the Configurações tab of users, município data or backups."""
        if place == "stands":
            self.nav.setCurrentRow(self.row_of("stands_page"))
            return self.stands_page
        if place == "holders" and self.actor.role != "admin":
            return self.new_person()
        settings = self.settings_page
        self.nav.setCurrentRow(self.row_of("settings_page"))
        tab = {"holders": settings.import_tab, "backups": settings.backup_tab,
               "collection": settings.collection_tab}.get(place)
        if tab is not None:
            settings.tabs.setCurrentWidget(tab)
        else:  # Usuários, Município: tabs made by the page itself
            titles = {"users": "Usuários", "municipio": "Município"}
            for index in range(settings.tabs.count()):
                if settings.tabs.tabText(index) == titles.get(place):
                    settings.tabs.setCurrentIndex(index)
        settings.tabs.currentWidget().setFocus()
        return settings

    def verify_document(self) -> VerifyDialog:
        """F9, window-modal without blocking (`self.dialog`)."""
        self.dialog = VerifyDialog(self)
        self.dialog.open()
        return self.dialog

    def batch_print(self):
        from .dialogs.batch_print import BatchPrintDialog  # printing loads when used
        self.dialog = BatchPrintDialog(self.actor, self)
        self.dialog.open()
        return self.dialog

    def show_page(self, row: int) -> None:
        try:
            self._page(PAGES[row][0])
        except (DomainError, ProfileError, FileNotFoundError) as exc:
            # a page that cannot be made (a profile or a file it reads): said, and the
            # navigation back on the page still shown
            self.nav.blockSignals(True)
            self.nav.setCurrentRow(self.stack.currentIndex())
            self.nav.blockSignals(False)
            QMessageBox.warning(self, "Mototáxi Desk", str(exc))
            return
        self.stack.setCurrentIndex(row)
        self.stack.updateGeometry()  # its minimum is the page shown
        self.refresh()
        self.update_counts()

    def refresh(self) -> None:
        self.stack.currentWidget().refresh()

    def focus_search(self) -> None:
        self.search_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_box.selectAll()

    def open_person(self, person_id: int) -> None:
        """The record, loaded once: choosing its row in the navigation would load it again."""
        self.nav.blockSignals(True)
        self.nav.setCurrentRow(self.row_of("person_page"))
        self.nav.blockSignals(False)
        self.stack.setCurrentWidget(self.person_page)
        self.person_page.open_person(person_id)

    @staticmethod
    def _settings() -> QSettings:
        # in the data folder, beside the logs: one place for everything the program keeps
        return QSettings(str(config.data_dir() / settings_registry.JANELA_INI),
                         QSettings.Format.IniFormat)

    def _restore_geometry(self) -> bool:
        saved = self._settings().value("main_window/geometry")
        return saved is not None and self.restoreGeometry(saved)

    def show_on_screen(self) -> None:
        """Shown maximised the first time on a PC; as it was left (saved geometry, which
        screen_fit keeps on the screen) afterwards."""
        if self.restored:
            self.show()
        else:
            self.showMaximized()

    def closeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        self._settings().setValue("main_window/geometry", self.saveGeometry())
        from ..services.trust import seal_refusal
        seal_refusal.unlisten(self._tell_seal_refusal)
        # the Painel (or a backup, a report) may still be loading: it ends before the
        # window goes, so it never reads a database closed or replaced after it
        from .workers import end_background_work
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            end_background_work()  # a long read (the integrity check) is cut, not awaited
        finally:
            QApplication.restoreOverrideCursor()
        super().closeEvent(event)

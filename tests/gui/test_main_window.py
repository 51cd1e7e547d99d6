"""The main window on the demo data: Painel, search → prontuário, Pontos, Lista de espera.
A window per test, each on its own copy of the demo database (demo_data): 0.1-0.2 s."""
import os

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import Permit, Stand


@pytest.fixture
def window(qtbot, demo_data):
    win = MainWindow(users.authenticate("supervisor", demo.DEMO_PASSWORD))
    qtbot.addWidget(win)
    return win


def test_dashboard_shows_cap_and_alerts_by_urgency(window, qtbot):
    """The Painel loads off the GUI thread (the window never freezes) and then shows."""
    page = window.dashboard
    assert window.stack.currentWidget() is page
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        page.refresh()
    assert "de <b>61</b>" in page.figures.text()
    urgencies = [row["urgency"] for row in page.alert_model.rows]
    assert "overdue" in urgencies and "soon" in urgencies  # the demo has both
    assert urgencies == sorted(urgencies, key=["overdue", "soon"].index)  # overdue first
    assert page.chart.chart().series()  # a real chart, not text


def test_search_by_cpf_opens_the_record(window, qtbot):
    permit = Permit.select().where(Permit.status == "active").first()
    window.focus_search()
    qtbot.keyClicks(window.search_box, permit.holder.cpf[:7])
    window.search_box.run_search()
    assert any(h["person_id"] == permit.holder_id for h in window.search_box.hits)
    index = [h["person_id"] for h in window.search_box.hits].index(permit.holder_id)
    window.search_box.choose(index)
    assert window.stack.currentWidget() is window.person_page
    assert permit.holder.name in window.person_page.header.text()
    orders = [p["order_number"] for p in window.person_page.permits.rows]
    assert orders == [permit.order_number]


def test_enter_opens_the_first_hit(window, qtbot):
    permit = Permit.select().order_by(Permit.id).first()
    qtbot.keyClicks(window.search_box, permit.vehicle.plate)
    qtbot.keyClick(window.search_box, Qt.Key.Key_Return)
    assert window.person_page.person_id == permit.holder_id


def test_stands_page_roster_and_open_holder(window, qtbot):
    window.nav.setCurrentRow(window.pages.index(window.stands_page))
    page = window.stands_page
    assert len(page.stand_model.rows) == Stand.select().count()
    filled = [p for p in page.place_model.rows if p["holder_id"]]
    assert filled
    chosen = []
    page.person_chosen.connect(chosen.append)
    row = page.place_model.rows.index(filled[0])
    page._open_holder(row)
    assert chosen == [filled[0]["holder_id"]]


def test_waiting_list_page_in_calling_order(window):
    window.nav.setCurrentRow(window.pages.index(window.waiting_page))
    rows = window.waiting_page.model.rows
    assert [r["position"] for r in rows] == list(range(1, len(rows) + 1))
    assert "licitação" in window.waiting_page.mode.text()


def test_only_the_painel_is_made_with_the_window_the_rest_when_chosen(window, qtbot):
    """A page is made the first time it is wanted, in its own place in the navigation, with
    the window's margins and its double click opening the record."""
    assert list(window._built) == ["dashboard"]
    row = window.row_of("holders_page")
    window.nav.setCurrentRow(row)
    page = window.stack.currentWidget()
    assert type(page).__name__ == "HoldersPage" and window.stack.indexOf(page) == row
    assert window.holders_page is page and window.stack.count() == window.nav.count()
    assert page.layout().contentsMargins().left() == 6
    assert page.model.rowCount() > 0  # refreshed when shown
    page.person_chosen.emit(Permit.select().first().holder_id)
    assert window.stack.currentWidget() is window.person_page
    assert window.person_page.person_id == Permit.select().first().holder_id
    window.nav.setCurrentRow(row)  # made once
    assert window.holders_page is page


def test_a_page_that_cannot_be_made_is_said_and_the_navigation_stays(window, monkeypatch):
    """Made when first chosen, a page whose profile or file fails says why; the row chosen
    goes back to the page on screen, and the window goes on."""
    from mototaxi_desk.domain.errors import ProfileError
    from mototaxi_desk.gui import main_window

    def broken(*_args):
        raise ProfileError("Perfil ilegível: reports.kinds")
    monkeypatch.setattr(main_window, "PAGES", tuple(
        (name, broken if name == "reports_page" else cls) for name, cls in main_window.PAGES))
    said = []
    monkeypatch.setattr(main_window.QMessageBox, "warning",
                        lambda _parent, _title, text: said.append(text))
    window.nav.setCurrentRow(window.row_of("reports_page"))
    assert said == ["Perfil ilegível: reports.kinds"]
    assert window.nav.currentRow() == 0 and window.stack.currentWidget() is window.dashboard
    window.nav.setCurrentRow(window.row_of("stands_page"))  # the others still open
    assert window.stack.currentWidget() is window.stands_page


def test_reports_in_the_navigation_before_the_settings(window):
    titles = [window.nav.item(i).text() for i in range(window.nav.count())]
    assert titles[-3:] == ["Lista de espera", "Relatórios", "Configurações"]
    assert window.pages[titles.index("Relatórios")] is window.reports_page


def test_painel_charts_are_drawn_when_their_tab_is_shown(window, qtbot):
    page = window.dashboard
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        page.refresh()
    assert page.chart is not None and page.notices_chart is None  # only the tab shown
    page.charts.setCurrentIndex(1)
    months = page.notices_chart.chart().axes(Qt.Orientation.Horizontal)[0].categories()
    assert len(months) == 12
    page.charts.setCurrentIndex(2)
    labels = page.fines_chart.chart().axes(Qt.Orientation.Vertical)[0].categories()
    assert labels[0].startswith("Em aberto: R$ ") and labels[1].startswith("Pagas: R$ ")


def test_the_warm_up_draws_off_screen_without_a_database(qapp, qtbot, monkeypatch):
    """main_window.warm_up (while the password is typed): the Qt types the window will use,
    made by a Painel drawn off screen; no window shows, and no database is needed."""
    from mototaxi_desk.gui import main_window
    from mototaxi_desk.store.models import DB
    monkeypatch.setattr(DB, "obj", None)  # no database: a query would raise
    main_window.warm_up()
    qtbot.wait(10)  # its deleteLater
    assert not [w for w in qapp.topLevelWidgets() if w.isVisible()]


def test_the_screens_load_without_qtcharts():
    """QtCharts loads with the first chart drawn, not with the main window's module."""
    import subprocess
    import sys
    code = ("import sys; import mototaxi_desk.gui.main_window; "
            "print('PySide6.QtCharts' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


def test_the_warm_up_draws_the_painels_first_chart_too():
    """Issue 40 item 5: the Painel's first chart (QtCharts loaded, its types made: about 24 ms
    of the GUI thread) is drawn by the warm-up while the password is typed, not in the
    Painel's first turn after Entrar, while the clerk may be searching."""
    import subprocess
    import sys
    code = ("import sys; from PySide6.QtWidgets import QApplication; app = QApplication([]); "
            "from mototaxi_desk.gui import main_window; main_window.warm_up(); "
            "print('PySide6.QtCharts' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}).stdout
    assert out.strip() == "True"


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_first_time_maximised_then_as_it_was_left(demo_data, db_url, qtbot):
    """Issue 19: the window opens maximised on a PC the first time, then with the geometry
    it was closed with (janela.ini in the data folder)."""
    actor = users.authenticate("supervisor", demo.DEMO_PASSWORD)
    first = MainWindow(actor)
    qtbot.addWidget(first)
    first.show_on_screen()
    assert first.isMaximized() and not first.restored
    first.showNormal()
    first.setGeometry(40, 60, 700, 500)
    first.close()
    second = MainWindow(actor)
    qtbot.addWidget(second)
    second.show_on_screen()
    assert second.restored and not second.isMaximized()
    assert (second.width(), second.height()) == (700, 500)


def test_navigation_counts_pending_applications_and_overdue_deadlines(window, qtbot):
    from mototaxi_desk.store.models import Application
    with qtbot.waitSignal(window.dashboard.loaded, timeout=10_000):
        window.dashboard.refresh()
    pending = Application.select().where(
        Application.status.in_(("protocolado", "em_analise", "pendente"))).count()
    assert pending  # the demo has open applications
    assert window.nav.count_of(window.pages.index(window.applications_page)) == pending
    overdue = sum(r["urgency"] == "overdue" for r in window.dashboard.alert_model.rows)
    assert window.nav.count_of(0) == overdue > 0
    assert window.nav.item(0).text() == "Painel"  # the count is a badge, not in the title
    assert not window.nav.item(0).icon().isNull()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_closing_the_window_waits_for_its_painel(demo_data, db_url, qtbot, monkeypatch):
    """Issue 23: the Painel loads off the GUI thread; a window closed while it loads waits for
    it, so the load never goes on reading a database closed or replaced after the window (an
    xdist worker crashed in such a load) and two windows never rebuild the due-dates table
    at once."""
    import threading

    from mototaxi_desk.services.views import overview
    started, release = threading.Event(), threading.Event()
    real = overview.dashboard

    def slow_dashboard(*args, **kwargs):
        started.set()
        release.wait(10)
        return real(*args, **kwargs)
    monkeypatch.setattr(overview, "dashboard", slow_dashboard)
    actor = users.authenticate("supervisor", demo.DEMO_PASSWORD)
    window = MainWindow(actor)
    qtbot.addWidget(window)
    window.show_on_screen()
    qtbot.waitUntil(started.is_set)
    job = window.dashboard._job
    threading.Timer(0.3, release.set).start()
    window.close()
    assert job.ended.is_set()


def test_painel_names_a_few_stands_below_their_minimum_and_counts_the_rest():
    """A large register has hundreds below their minimum: the Situação box names the first
    few (the Pontos page lists them all)."""
    from mototaxi_desk.gui.pages import dashboard
    stands = [{"label": f"Ponto {i}"} for i in range(1, 21)]
    text = dashboard._below_text(stands)
    assert text.startswith("Ponto 1, Ponto 2,") and "Ponto 9" not in text
    assert text.endswith("Ponto 8 e mais 12 (veja Pontos)")
    assert dashboard._below_text(stands[:3]) == "Ponto 1, Ponto 2, Ponto 3"
    assert dashboard._below_text([]) == "nenhum"

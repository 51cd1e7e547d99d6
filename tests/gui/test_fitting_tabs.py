"""The tab bar that keeps every title in sight (gui/widgets/fitting_tabs.py; UX.md: 1366×768
at 125%). At 125% Qt hid the prontuário's "Infrações" and "Histórico", and the Painel's
"Primeiros passos", behind its scroll arrows (tests/gui/fit_probe.py now looks for that on
every screen and dialog)."""
import math

from PySide6.QtWidgets import QStyle, QStyleOptionTab, QTabBar, QTabWidget, QWidget

from mototaxi_desk.gui.widgets.fitting_tabs import FLOOR_EM, fitting_tab_widget

TITLES = ["Próximos passos (2)", "Permissões (1)", "Prazos (1)", "Taxas (3)", "Veículos (1)",
          "Requerimentos (0)", "Vistorias (1)", "Infrações (0)", "Histórico"]


def _tabs(qtbot, make, width: int) -> QTabWidget:
    """Tabs `width` pixels wide, as a child of a small window: the program fits every window
    to the screen (gui/screen_fit.py, once gui/look.py is applied), not the widgets in it."""
    holder = QWidget()
    holder.resize(400, 240)
    tabs = make()
    tabs.setParent(holder)
    tabs.holder = holder  # qtbot keeps a weak reference only
    for title in TITLES:
        tabs.addTab(QWidget(), title)
    tabs.setGeometry(0, 0, width, 200)
    qtbot.addWidget(holder)
    holder.show()
    qtbot.waitExposed(holder)
    return tabs


def _plain() -> QTabWidget:
    return QTabWidget()


def test_where_the_titles_fit_nothing_changes(qtbot):
    wide, plain = _tabs(qtbot, fitting_tab_widget, 2000), _tabs(qtbot, _plain, 2000)
    assert [wide.tabBar().tabRect(i).width() for i in range(len(TITLES))] == \
        [plain.tabBar().tabRect(i).width() for i in range(len(TITLES))]


def test_a_narrow_window_keeps_every_title_whole_and_in_sight(qtbot):
    plain = _tabs(qtbot, _plain, 2000)
    needed = sum(plain.tabBar().tabSizeHint(i).width() for i in range(len(TITLES)))
    narrow = _tabs(qtbot, fitting_tab_widget, needed - 60)
    bar: QTabBar = narrow.tabBar()
    assert bar.sizeHint().width() <= narrow.width(), "a tab behind the arrows"
    for i, title in enumerate(TITLES):
        assert bar.tabRect(i).right() <= narrow.width()
        # the rectangle the style draws the title in holds the whole title: not cut
        option = QStyleOptionTab()
        bar.initStyleOption(option, i)
        drawn = bar.style().subElementRect(QStyle.SubElement.SE_TabBarTabText, option, bar)
        assert drawn.width() >= bar.fontMetrics().horizontalAdvance(title), title


def test_too_narrow_even_so_the_padding_keeps_its_floor(qtbot):
    tabs = _tabs(qtbot, fitting_tab_widget, 300)
    bar = tabs.tabBar()
    floor = math.ceil(FLOOR_EM * bar.fontMetrics().height())
    for i, title in enumerate(TITLES):
        assert bar.tabSizeHint(i).width() >= bar.fontMetrics().horizontalAdvance(title) + floor
    assert bar.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabHSpace, None, bar) == floor
    assert bar.sizeHint().width() > tabs.width()  # Qt's arrows, as the last resort


def test_a_window_made_wider_or_narrower_lays_the_tabs_again(qtbot):
    """Qt lays the tabs out when they change, not when their tab widget is resized: the
    prontuário opened in a narrow window, then maximised, then made narrow again."""
    plain = _tabs(qtbot, _plain, 2000)
    full = [plain.tabBar().tabRect(i).width() for i in range(len(TITLES))]
    tabs = _tabs(qtbot, fitting_tab_widget, sum(full) - 60)
    bar = tabs.tabBar()
    assert bar.sizeHint().width() <= tabs.width()
    tabs.resize(2000, 200)
    qtbot.waitUntil(lambda: [bar.tabRect(i).width() for i in range(len(TITLES))] == full)
    tabs.resize(sum(full) - 60, 200)
    qtbot.waitUntil(lambda: bar.sizeHint().width() <= tabs.width())

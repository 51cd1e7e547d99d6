"""Section tabs (gui/widgets/section_tabs.py): Configurações' eleven section titles wrap onto
a second row at 1366×768 and 125% instead of going behind Qt's scroll arrows (the fit probe,
tests/gui/fit_probe.py, checks the page as the administrator sees it, section by section)."""
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget

from mototaxi_desk.gui.widgets.section_tabs import SectionTabs

TITLES = ["Município", "Números do perfil", "Unidade fiscal e tarifa", "Feriados municipais",
          "Usuários", "Cobrança", "Verificação dos documentos", "Certificado digital"]


def _page(qtbot, width: int) -> tuple[QWidget, SectionTabs]:
    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    tabs = SectionTabs()
    layout.addWidget(tabs.header)
    layout.addWidget(tabs, 1)
    for title in TITLES:
        tabs.addTab(QLabel(title), title)
    page.resize(width, 500)
    page.show()
    qtbot.waitExposed(page)
    return page, tabs


def _texts(tabs: SectionTabs) -> list[str]:
    return [b.text().replace("&&", "&") for b in tabs.buttons()]


def test_every_title_in_sight_on_a_narrow_page(qtbot):
    """At 500 px the titles take several rows, each button whole inside the header."""
    page, tabs = _page(qtbot, 500)
    assert not tabs.tabBar().isVisible()
    header = QRect(0, 0, tabs.header.width(), tabs.header.height())
    rows = {b.geometry().top() for b in tabs.buttons()}
    assert len(rows) >= 3
    for button in tabs.buttons():
        assert button.isVisible() and header.contains(button.geometry()), button.text()
        assert button.width() >= button.sizeHint().width()
    assert tabs.header.geometry().bottom() < tabs.geometry().top()  # above the pages


def test_one_row_where_they_fit(qtbot):
    """Wide enough for every button side by side (measured with the font in use: an earlier
    test of the same process may have made it larger), one row."""
    page, tabs = _page(qtbot, 500)
    page.resize(sum(b.sizeHint().width() + 24 for b in tabs.buttons()) + 100, 500)
    qtbot.waitUntil(lambda: len({b.geometry().top() for b in tabs.buttons()}) == 1)


def test_the_buttons_follow_the_tabs(qtbot):
    page, tabs = _page(qtbot, 900)
    assert _texts(tabs) == TITLES
    tabs.insertTab(1, QLabel("E-mail"), "E-mail")
    tabs.setTabText(0, "Município & brasão")
    tabs.setTabToolTip(2, "Os números da lei")
    tabs.removeTab(tabs.count() - 1)
    assert _texts(tabs) == [tabs.tabText(i) for i in range(tabs.count())]
    assert _texts(tabs)[:2] == ["Município & brasão", "E-mail"]
    assert tabs.buttons()[2].toolTip() == "Os números da lei"
    qtbot.mouseClick(tabs.buttons()[3], Qt.MouseButton.LeftButton)
    assert tabs.currentIndex() == 3 and tabs.currentWidget().text() == tabs.tabText(3)
    tabs.setCurrentIndex(5)  # as the program does ("Configurações → Cobrança")
    assert [b.isChecked() for b in tabs.buttons()] == [i == 5 for i in range(tabs.count())]


def test_one_tab_stop_and_the_arrow_keys(qtbot):
    """Like a tab bar: only the current section's button takes the Tab key; the arrows move
    to the next or previous section (from the last, round to the first)."""
    page, tabs = _page(qtbot, 900)
    policies = [b.focusPolicy() for b in tabs.buttons()]
    assert policies == [Qt.FocusPolicy.TabFocus] + [Qt.FocusPolicy.NoFocus] * (len(TITLES) - 1)
    page.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is page)
    tabs.buttons()[0].setFocus()
    assert tabs.buttons()[0].hasFocus()
    qtbot.keyClick(tabs.buttons()[0], Qt.Key.Key_Right)
    assert tabs.currentIndex() == 1 and tabs.buttons()[1].hasFocus()
    qtbot.keyClick(tabs.buttons()[1], Qt.Key.Key_Left)
    qtbot.keyClick(tabs.buttons()[0], Qt.Key.Key_Left)
    assert tabs.currentIndex() == len(TITLES) - 1 and tabs.buttons()[-1].hasFocus()
    assert tabs.buttons()[-1].focusPolicy() == Qt.FocusPolicy.TabFocus

"""Columns fitted to their contents, then to the table (widgets/table_fit.py): the Painel's
alerts at 1366×768 and 125% scrolled sideways for their last column."""
from PySide6.QtCore import QEvent
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QStyleOptionViewItem, QToolTip

from mototaxi_desk.gui.models.dict_table import Column, DictTableModel
from mototaxi_desk.gui.widgets import table_fit
from mototaxi_desk.gui.widgets.common import table_view

LONG = "Validade do seguro do veículo — condutor auxiliar credenciado"
ROWS = [{"date": "26/05/2026", "what": LONG, "who": "Wellington Nascimento Lima de Souza",
         "article": "Art. 20 XVI"} for _ in range(3)]


def shown_table(qtbot, width: int, keys=("date", "what", "who", "article")):
    """Widths within the offscreen screen's 800 pixels (a window wider is fitted to it)."""
    headers = {"date": "Data", "what": "O quê", "who": "Pessoa", "article": "Artigo"}
    model = DictTableModel([Column(key, headers[key]) for key in keys])
    view = table_view(model)
    qtbot.addWidget(view)
    view.resize(width, 300)
    view.show()
    qtbot.waitExposed(view)
    model.set_rows(ROWS)
    return view, view.horizontalHeader()


def test_columns_too_wide_for_the_table_are_narrowed_until_it_fits(qtbot):
    view, header = shown_table(qtbot, 790)
    whole = [view.sizeHintForColumn(c) for c in range(4)]
    floor = max(header.sectionSizeHint(2),
                view.fontMetrics().averageCharWidth() * table_fit.NARROWEST_CHARS)
    # narrow enough that both long columns give up width (in this font, whatever its size)
    view.resize(sum(whole) - (whole[1] - whole[2]) - (whole[2] - floor) // 2
                + view.width() - view.viewport().width(), 300)
    qtbot.waitUntil(lambda: header.sectionSize(2) < whole[2])
    assert header.length() <= view.viewport().width()
    assert not view.horizontalScrollBar().isVisible() or view.horizontalScrollBar().maximum() == 0
    # the short columns whole: the date and the last column's article
    assert header.sectionSize(0) == view.sizeHintForColumn(0)
    assert header.sectionSize(3) >= view.sizeHintForColumn(3)
    # the long ones cut to a common width, never below the floor
    least = view.fontMetrics().averageCharWidth() * table_fit.NARROWEST_CHARS
    assert header.sectionSize(1) == header.sectionSize(2) >= least
    assert header.sectionSize(1) < view.sizeHintForColumn(1)


def test_a_wide_table_keeps_every_column_whole(qtbot):
    view, header = shown_table(qtbot, 700, ("date", "who", "article"))
    for column in range(2):
        assert header.sectionSize(column) == view.sizeHintForColumn(column)


def test_the_table_widened_fits_from_the_contents_again_a_dragged_column_stays(qtbot):
    view, header = shown_table(qtbot, 700, ("date", "who", "article"))
    whole = [view.sizeHintForColumn(c) for c in range(3)]
    floor = max(header.sectionSizeHint(1),
                view.fontMetrics().averageCharWidth() * table_fit.NARROWEST_CHARS)
    # narrow enough that the name must give up half of what it can, in this font
    frame = view.width() - view.viewport().width()
    view.resize(sum(whole) - (whole[1] - floor) // 2 + frame, 300)
    qtbot.waitUntil(lambda: header.sectionSize(1) < whole[1])
    narrowed = header.sectionSize(1)
    assert narrowed >= floor and header.length() <= view.viewport().width()
    view.resize(700, 300)
    qtbot.waitUntil(lambda: header.sectionSize(1) == view.sizeHintForColumn(1))
    header.resizeSection(0, 300)  # a person drags a column wider: the table's width stays
    assert header.sectionSize(0) == 300 and header.sectionSize(1) > narrowed


def test_a_table_not_shown_waits_for_its_width(qtbot):
    model = DictTableModel([Column("what", "O quê"), Column("who", "Pessoa"),
                            Column("article", "Artigo")])
    view = table_view(model)
    qtbot.addWidget(view)
    model.set_rows(ROWS)  # not shown: fitted to the contents only
    header = view.horizontalHeader()
    whole = view.sizeHintForColumn(0)
    assert header.sectionSize(0) == whole
    widths = [view.sizeHintForColumn(c) for c in range(3)]
    least = view.fontMetrics().averageCharWidth() * table_fit.NARROWEST_CHARS
    can_give = sum(w - max(header.sectionSizeHint(c), least) for c, w in enumerate(widths[:2]))
    view.resize(sum(widths) - can_give // 2 + view.width() - view.viewport().width(), 300)
    view.show()
    qtbot.waitUntil(lambda: view.horizontalHeader().length() <= view.viewport().width())
    assert view.horizontalHeader().sectionSize(0) < whole


def test_a_cut_cell_shows_its_whole_text_in_a_tooltip(qtbot):
    view, header = shown_table(qtbot, 500)
    delegate = view.itemDelegate()
    assert isinstance(delegate, table_fit.ElidedTooltips)
    whole, cut = view.model().index(0, 0), view.model().index(0, 1)
    for index, expected in ((whole, False), (cut, True)):
        rect = view.visualRect(index)
        event = QHelpEvent(QEvent.Type.ToolTip, rect.center(),
                           view.viewport().mapToGlobal(rect.center()))
        option = QStyleOptionViewItem()
        option.initFrom(view)
        delegate.helpEvent(event, view, option, index)
        shown = QToolTip.isVisible() and QToolTip.text() == index.data()
        assert shown == expected and (not shown or index.data() == LONG)


def test_the_common_width_frees_what_is_needed_and_keeps_the_floors():
    widths, floors = {0: 300, 1: 200, 2: 80}, {0: 100, 1: 100, 2: 80}
    level = table_fit._common_width(widths, floors, 150)
    assert level == 175  # 300 → 175 and 200 → 175 free 150
    assert table_fit._common_width(widths, floors, 300) == 100  # down to the floors: 300


def test_a_table_that_would_scroll_anyway_keeps_its_texts_whole(qtbot):
    """Too narrow even with every long column at its floor (the Pontos list beside the
    roster): nothing is cut, the table scrolls as it did."""
    view, header = shown_table(qtbot, 150)
    for column in range(3):
        assert header.sectionSize(column) == view.sizeHintForColumn(column)
    assert header.length() > view.viewport().width()


def test_a_tooltip_of_the_model_s_own_comes_first(qtbot):
    from PySide6.QtGui import QStandardItem, QStandardItemModel
    model = QStandardItemModel(1, 2)
    cut = QStandardItem(LONG)
    cut.setToolTip("dica do modelo")
    model.setItem(0, 0, cut)
    model.setItem(0, 1, QStandardItem("Art. 20"))
    view = table_view(model)
    qtbot.addWidget(view)
    view.resize(200, 200)
    view.show()
    qtbot.waitExposed(view)
    index = model.index(0, 0)
    rect = view.visualRect(index)
    option = QStyleOptionViewItem()
    option.initFrom(view)
    event = QHelpEvent(QEvent.Type.ToolTip, rect.center(),
                       view.viewport().mapToGlobal(rect.center()))
    view.itemDelegate().helpEvent(event, view, option, index)
    assert QToolTip.text() == "dica do modelo"

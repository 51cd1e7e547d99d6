"""The tables' model formats a cell's text once per page of rows (issue 23: the Painel's
500 alerts were formatted again for every role the view asked as it sized its columns) and
never shows an old text: a reset, rows inserted, removed or moved, a change, and the cell is
read again."""
import datetime as dt

from PySide6.QtCore import QModelIndex, Qt

from mototaxi_desk.gui.models.dict_table import Column, DictTableModel

DISPLAY, ALIGN = Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole


def _text(model, row, column=0):
    return model.data(model.index(row, column), DISPLAY)


def test_a_cells_text_is_made_once_and_never_kept_past_a_change(qapp):
    made = []

    def money(cents):
        made.append(cents)
        return f"R$ {cents / 100:.2f}".replace(".", ",")
    model = DictTableModel([Column("fine", "Multa", money), Column("on", "Data")],
                           colour_of=lambda row: "#fde2e1" if row["fine"] > 100 else None)
    model.set_rows([{"fine": 150, "on": dt.date(2026, 12, 1)}, {"fine": 90, "on": None}])
    for _ in range(3):  # display, alignment, again: one formatting
        assert _text(model, 0) == "R$ 1,50"
        assert model.data(model.index(0, 0), ALIGN) == int(Qt.AlignmentFlag.AlignRight |
                                                            Qt.AlignmentFlag.AlignVCenter)
    assert made == [150]
    assert _text(model, 0, 1) == "01/12/2026" and _text(model, 1, 1) == ""
    assert model.data(model.index(0, 1), ALIGN) is None
    brush = model.data(model.index(0, 1), Qt.ItemDataRole.BackgroundRole)
    assert brush.color().name() == "#fde2e1"
    assert model.data(model.index(1, 1), Qt.ItemDataRole.BackgroundRole) is None
    assert model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole) is None

    model.set_rows([{"fine": 300, "on": None}])  # a reset
    assert _text(model, 0) == "R$ 3,00"
    model.rows[0]["fine"] = 400  # an edit, announced
    model.dataChanged.emit(model.index(0, 0), model.index(0, 1))
    assert _text(model, 0) == "R$ 4,00"
    model.beginInsertRows(QModelIndex(), 0, 0)  # a row inserted above
    model.rows.insert(0, {"fine": 500, "on": None})
    model.endInsertRows()
    assert [_text(model, r) for r in range(2)] == ["R$ 5,00", "R$ 4,00"]
    model.beginRemoveRows(QModelIndex(), 0, 0)
    model.rows.pop(0)
    model.endRemoveRows()
    assert _text(model, 0) == "R$ 4,00"


def test_columns_fit_each_new_set_of_rows_and_keep_still_as_pages_come(qtbot):
    """The view fits its columns to the rows once per reset (Qt's ResizeToContents fitted
    them at every layout: 80 ms of the Painel's 500 alerts showing), and to the first rows
    into an empty model (a paged model's first page); later pages leave the widths, the
    last column stretches, the clerk may widen a column."""
    from PySide6.QtWidgets import QHeaderView

    from mototaxi_desk.gui.models.paged_table import PagedTableModel
    from mototaxi_desk.gui.widgets.common import table_view
    model = DictTableModel([Column("name", "Nome"), Column("plate", "Placa")])
    view = table_view(model)
    qtbot.addWidget(view)
    view.resize(900, 400)
    view.show()
    header = view.horizontalHeader()
    assert header.sectionResizeMode(0) == QHeaderView.ResizeMode.Interactive
    empty = header.sectionSize(0)
    model.set_rows([{"name": "Sebastião Cavalcanti Pereira de Albuquerque", "plate": "ABC1D23"}])
    wide = header.sectionSize(0)
    assert wide > empty and wide >= view.fontMetrics().horizontalAdvance(
        "Sebastião Cavalcanti Pereira de Albuquerque")
    qtbot.waitUntil(lambda: header.sectionSize(1) + header.sectionPosition(1)
                    >= view.viewport().width() - 1)  # the last one stretches
    header.resizeSection(0, wide + 40)  # the clerk widens it
    assert header.sectionSize(0) == wide + 40
    model.set_rows([{"name": "Ana", "plate": "ABC1D23"}])  # a new set of rows: fitted again
    assert header.sectionSize(0) < wide

    rows = [{"name": f"Pessoa {i}", "plate": "ABC1D23"} for i in range(450)]
    rows[300]["name"] = "Um nome muito comprido que só aparece na segunda página da lista"
    paged = PagedTableModel([Column("name", "Nome"), Column("plate", "Placa")],
                            lambda offset, limit: rows[offset:offset + limit], lambda: len(rows))
    view = table_view(paged)
    qtbot.addWidget(view)
    view.resize(900, 400)
    view.show()
    paged.reload()  # the first page: fitted to it
    first = view.horizontalHeader().sectionSize(0)
    while paged.canFetchMore():
        paged.fetchMore()  # later pages: the widths stay
    assert paged.rowCount() == 450 and view.horizontalHeader().sectionSize(0) == first

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

"""A read-only table model over a list of dicts: the tables of every page use it."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from ...domain.validators import format_date


_DISPLAY = Qt.ItemDataRole.DisplayRole
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_BACKGROUND = Qt.ItemDataRole.BackgroundRole
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
_BRUSHES: dict[str, QBrush] = {}


@dataclass(frozen=True)
class Column:
    key: str
    header: str
    format: Callable[[object], str] | None = None


def cell_text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "Sim" if value else "Não"
    if isinstance(value, dt.datetime):
        return value.strftime("%d/%m/%Y %H:%M")
    if isinstance(value, dt.date):
        return format_date(value)
    return str(value)


class DictTableModel(QAbstractTableModel):
    """Rows are dicts; `colour_of(row)` may give a background colour name per row."""

    def __init__(self, columns: list[Column], rows: list[dict] | None = None,
                 colour_of: Callable[[dict], str | None] | None = None, parent=None):
        super().__init__(parent)
        self.columns = columns
        self.rows: list[dict] = rows or []
        self._texts: dict[tuple[int, int], str] = {}  # (row, column) -> the cell's text
        self.colour_of = colour_of
        # whatever moves or changes rows (a reset, a page loaded, an edit) forgets the texts
        for changed in (self.modelReset, self.rowsInserted, self.rowsRemoved, self.rowsMoved,
                        self.dataChanged, self.layoutChanged):
            changed.connect(self._forget_texts)

    def _forget_texts(self, *_args) -> None:
        self._texts.clear()

    def set_rows(self, rows: list[dict]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def row(self, index: int) -> dict:
        return self.rows[index]

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt API)
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        # called per cell and role as the view sizes its columns (a few thousand calls as a
        # page of 500 shows): the roles it has nothing for leave first, each cell's text is
        # formatted once per page of rows, the row colours' brushes made once
        if role != _DISPLAY and role != _ALIGNMENT and role != _BACKGROUND:
            return None
        if not index.isValid():
            return None
        if role == _BACKGROUND:
            if self.colour_of is None:
                return None
            colour = self.colour_of(self.rows[index.row()])
            if not colour:
                return None
            brush = _BRUSHES.get(colour)
            if brush is None:
                brush = _BRUSHES[colour] = QBrush(QColor(colour))
            return brush
        cell = (index.row(), index.column())
        text = self._texts.get(cell)
        if text is None:
            value = self.rows[cell[0]].get(self.columns[cell[1]].key)
            column = self.columns[cell[1]]
            text = self._texts[cell] = column.format(value) if column.format \
                else cell_text(value)
        if role == _DISPLAY:
            return text
        if text.startswith(("R$", "-R$", "- R$")):  # money right-aligned, as in a ledger
            return _RIGHT
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section].header
        return None

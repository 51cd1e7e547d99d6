"""A read-only table model over a list of dicts: the tables of every page use it."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor

from ...domain.validators import format_date


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
        self.colour_of = colour_of

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
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        column = self.columns[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            value = row.get(column.key)
            return column.format(value) if column.format else cell_text(value)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            value = row.get(column.key)
            text = column.format(value) if column.format else cell_text(value)
            if text.startswith(("R$", "-R$", "- R$")):  # money right-aligned, as in a ledger
                return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            return None
        if role == Qt.ItemDataRole.BackgroundRole and self.colour_of:
            colour = self.colour_of(row)
            return QBrush(QColor(colour)) if colour else None
        return None

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.columns[section].header
        return None

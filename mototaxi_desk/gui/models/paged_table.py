"""A table model that loads rows a page at a time as the view scrolls (canFetchMore /
fetchMore), so a list of 100,000 holders opens at once and scrolls smoothly."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QModelIndex

from .dict_table import Column, DictTableModel

PAGE_SIZE = 200


class PagedTableModel(DictTableModel):
    def __init__(self, columns: list[Column], fetch: Callable[[int, int], list[dict]],
                 total: Callable[[], int], colour_of=None, parent=None):
        super().__init__(columns, colour_of=colour_of, parent=parent)
        self.fetch, self.total = fetch, total
        self._total = 0

    def reload(self) -> None:
        self.beginResetModel()
        self.rows = []
        self._total = self.total()
        self.endResetModel()
        if self.canFetchMore(QModelIndex()):
            self.fetchMore(QModelIndex())

    def canFetchMore(self, parent=QModelIndex()) -> bool:  # noqa: N802 (Qt API)
        return not parent.isValid() and len(self.rows) < self._total

    def fetchMore(self, parent=QModelIndex()) -> None:  # noqa: N802
        if parent.isValid():
            return
        page = self.fetch(len(self.rows), PAGE_SIZE)
        if not page:
            self._total = len(self.rows)
            return
        self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(page) - 1)
        self.rows.extend(page)
        self.endInsertRows()

"""A table's right-click (or the keyboard's menu key, Shift+F10) menu: `entries(row)` gives
(text, slot[, enabled]) for the row under the pointer (-1: none, an empty table). The menu
shown is the view's `context_menu` (a test reads and triggers its actions)."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QTableView


def row_menu(view: QTableView, entries: Callable[[int], list[tuple]]) -> None:
    view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
    view.context_menu = None

    def show(pos) -> None:
        index = view.indexAt(pos)
        if not index.isValid() and view.currentIndex().isValid() and view.hasFocus():
            index = view.currentIndex()  # the keyboard's menu key: the current row
        row = index.row() if index.isValid() else -1
        if row >= 0:
            view.selectRow(row)
        menu = QMenu(view)
        for text, slot, *enabled in entries(row):
            action = menu.addAction(text)
            action.triggered.connect(lambda _c=False, s=slot: s())
            action.setEnabled(not enabled or bool(enabled[0]))
        view.context_menu = menu
        menu.popup(view.viewport().mapToGlobal(pos))
    view.customContextMenuRequested.connect(show)

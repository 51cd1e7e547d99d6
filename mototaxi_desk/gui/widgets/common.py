"""Small widgets and the colours of statuses: always a word plus a colour (colour-blind
safe), as UX.md asks: Ativa green, Suspensa/Interrompida amber, Vencida grey,
Revogada/Cassada red; deadlines vencido red, ≤ 30 dias amber."""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView

from .table_fit import FIT_ROWS_BEYOND_SCREEN, FitColumns
from .wrapped_label import WrappedLabel

from ...domain import permit_status
from ...domain.permit_status import AMBER, GREEN, GREY, RED
STATUS_COLOURS = {**permit_status.STATUS_COLOURS, "overdue": RED, "soon": AMBER, "open": AMBER, "paid": GREEN,
                  "cancelled": GREY}
BLUE = "#dbe8f7"
APPLICATION_COLOURS = {"protocolado": BLUE, "em_analise": AMBER, "pendente": AMBER,
                       "deferido": GREEN, "indeferido": RED, "arquivado": GREY}


def badge(text: str, status: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(f"background: {STATUS_COLOURS.get(status, GREY)}; "
                        "border: 1px solid #999; border-radius: 4px; padding: 2px 8px;")
    return label


def table_view(model, *, stretch_last: bool = True) -> QTableView:
    return table_view_setup(QTableView(), model, stretch_last=stretch_last)


def table_view_setup(view: QTableView, model, *, stretch_last: bool = True) -> QTableView:
    """`table_view`'s settings on a view a Designer form made."""
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    view.setAlternatingRowColors(True)  # rows with a status colour keep theirs
    view.verticalHeader().setVisible(False)
    # readable rows: the font's height plus room, at any scaling
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 10)
    # columns fitted to their contents once per new set of rows (FitColumns), then the
    # user's to widen: Qt's ResizeToContents mode fitted them again at every layout (the
    # Painel's 500 alerts held the window 80 ms as they showed; fitted once, 30-45 ms)
    view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    # widths from the rows on screen plus the next 20, not Qt's default 1,000: each row
    # sized is a Python call per column and role and a text measured
    view.horizontalHeader().setResizeContentsPrecision(FIT_ROWS_BEYOND_SCREEN)
    view.horizontalHeader().setStretchLastSection(stretch_last)
    view.setWordWrap(False)
    FitColumns(view)
    return view


def heading(text: str) -> QLabel:
    label = QLabel(f"<h3 style='margin:4px 0'>{text}</h3>")
    return label


class _EnterOpens(QObject):
    """Enter (or the keypad's Enter) on a table opens its current row; the key stops
    there, so the dialog around the table does not also press its default button."""

    def __init__(self, view: QTableView, slot: Callable[[int], object]):
        super().__init__(view)
        self.slot = slot

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        if event.type() == QEvent.Type.KeyPress and \
                event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and \
                not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            index = watched.currentIndex()
            if index.isValid():
                self.slot(index.row())
                return True
        return False


def open_rows(view: QTableView, slot: Callable[[int], object]) -> None:
    """A double click and Enter both open the row: `slot(row)` (UX.md: Enter opens the
    selected row of any table). Independent of the style's single-click activation."""
    view.doubleClicked.connect(lambda index: slot(index.row()))
    view.installEventFilter(_EnterOpens(view, slot))


def min_width_in_chars(widget, chars: int) -> None:
    """A minimum width measured in the widget's font (so it holds at 125%), not pixels."""
    widget.setMinimumWidth(widget.fontMetrics().averageCharWidth() * chars)


def fitting_size(widget, width: int, height: int) -> tuple[int, int]:
    """(width, height) clamped to the screen's free area less a margin for the title bar:
    a 600-pixel dialog is too tall for 1366×768 at 125% (about 580 pixels free)."""
    screen = widget.screen() if widget.screen() is not None else None
    if screen is None:
        return width, height
    free = screen.availableGeometry()
    return min(width, free.width() - 20), min(height, free.height() - 40)


class MessageLine(WrappedLabel):
    """A word-wrapped line saying how an action went: ok() in green, error() in red bold.
    In a .ui file: a QLabel promoted to `MessageLine` (header mototaxi_desk.gui.widgets.common)."""

    OK_STYLE = "color: #1b5e20;"
    ERROR_STYLE = "color: #c62828; font-weight: bold;"

    def __init__(self, parent=None):
        super().__init__("", parent)

    def ok(self, text: str) -> None:
        self.setStyleSheet(self.OK_STYLE)
        self.setText(text)

    def error(self, text: str) -> None:
        self.setStyleSheet(self.ERROR_STYLE)
        self.setText(text)

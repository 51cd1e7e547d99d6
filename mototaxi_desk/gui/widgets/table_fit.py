"""A table's columns fitted to their contents, then to the table: when they add up to more
than the table is wide (the Painel's alerts at 1366×768 and 125%), the widest are narrowed
to a common width, their texts elided, so the table never scrolls sideways for a column
or two; a narrowed cell shows its whole text in a tooltip."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QStyledItemDelegate, QTableView, QToolTip

_RESIZE = QEvent.Type.Resize

# widths from the rows on screen plus the next 20, not Qt's default 1,000: each row sized
# is a Python call per column and role and a text measured
FIT_ROWS_BEYOND_SCREEN = 20
NARROWEST_CHARS = 18  # a narrowed column keeps its header and this many characters: a
# short column (a date, a plate, a number, a status like "Abaixo do mínimo") is never cut


class FitColumns(QObject):
    """Fits a table's columns to their contents when its model gets a new set of rows (a
    reset; the first rows into an empty model, as a paged model's first page comes), not
    as later pages arrive: the columns keep still while one scrolls. Then to the table's
    width, again when the table's width changes (never when a person drags a column)."""

    def __init__(self, view: QTableView):
        super().__init__(view)
        self._view = view
        self._width = None  # the width the columns were last fitted to
        self._narrowed = False
        self._busy = False
        model = view.model()
        # bound methods of this object: disconnected when the view (its parent) is gone
        model.modelReset.connect(self.fit)
        model.rowsInserted.connect(self._inserted)
        view.viewport().installEventFilter(self)  # its resizes: the table's width changed
        if type(view.itemDelegate()) is QStyledItemDelegate:  # Qt's own: a tooltip added
            view.setItemDelegate(ElidedTooltips(view))
        self.fit()  # the headers' widths, before any row

    def _inserted(self, _parent, first: int, _last: int) -> None:
        if first == 0:
            self.fit()

    def fit(self) -> None:
        view = self._view
        header = view.horizontalHeader()
        self._busy = True
        try:
            # a last column that stretches keeps the width left (sized, it stops stretching)
            for column in range(view.model().columnCount() - int(header.stretchLastSection())):
                view.resizeColumnToContents(column)
            self._narrowed = False
            self._within_table()
        finally:
            self._busy = False

    def eventFilter(self, _watched, event) -> bool:  # noqa: N802 (Qt API)
        if event.type() == _RESIZE and not self._busy and \
                self._view.viewport().width() != self._width:
            self._resized()
        return False

    def _resized(self) -> None:
        """The table's width changed (shown, the window resized, a scroll bar came or
        went); a column dragged keeps it, and stays as dragged."""
        if self._narrowed:
            self.fit()  # wider or narrower: from the contents again
        else:
            self._busy = True
            try:
                self._within_table()
            finally:
                self._busy = False

    def _within_table(self) -> None:
        """The widest columns narrowed to a common width until every column fits the table
        (none below its header or NARROWEST_CHARS characters): a table that is not shown yet
        has no width of its own, and waits for one."""
        view = self._view
        if not view.isVisible():
            self._width = None
            return
        header = view.horizontalHeader()
        self._width = available = view.viewport().width()
        bar = view.verticalScrollBar()  # about to appear with these rows: its width is taken
        if not bar.isVisible() and view.verticalHeader().length() > view.viewport().height():
            available -= bar.sizeHint().width()
        columns = [c for c in range(header.count()) if not header.isSectionHidden(c)]
        last = columns[-1] if columns and header.stretchLastSection() else None
        sized = [c for c in columns if c != last]
        if not sized:
            return
        widths = {c: header.sectionSize(c) for c in sized}
        need = sum(widths.values())
        least = view.fontMetrics().averageCharWidth() * NARROWEST_CHARS
        if last is not None:  # its text whole, unless long (a free text: cut, as the rest)
            kept = max(header.sectionSizeHint(last),
                       min(view.sizeHintForColumn(last), max(least, available // 5)))
            # a stretched last column never gets narrower than its size before stretching
            # (Qt's default: 100 pixels): that size is what it needs
            header.resizeSection(last, kept)
            need += kept
        excess = need - available
        if excess <= 0:
            return
        floors = {c: min(widths[c], max(header.sectionSizeHint(c), least)) for c in sized}
        if sum(widths[c] - floors[c] for c in sized) < excess:
            return  # it would scroll all the same: no text cut for nothing
        level = _common_width(widths, floors, excess)
        for column in sized:
            narrowed = max(min(widths[column], level), floors[column])
            if narrowed < widths[column]:
                header.resizeSection(column, narrowed)
                self._narrowed = True


def _common_width(widths: dict[int, int], floors: dict[int, int], excess: int) -> int:
    """The highest width that, given to every column wider than it (none below its floor),
    frees at least `excess` pixels (the floors free that much: _within_table asks first)."""
    def freed(level: int) -> int:
        return sum(w - max(level, floors[c]) for c, w in widths.items()
                   if w > max(level, floors[c]))
    low, high = 0, max(widths.values())
    while low < high:  # freed() falls as the level rises: the highest level freeing enough
        middle = (low + high + 1) // 2
        if freed(middle) >= excess:
            low = middle
        else:
            high = middle - 1
    return low


class ElidedTooltips(QStyledItemDelegate):
    """A cell whose text the column cuts (…) shows it whole when the mouse rests on it."""

    def helpEvent(self, event, view, option, index) -> bool:  # noqa: N802 (Qt API)
        if event.type() == QEvent.Type.ToolTip and index.isValid() and \
                index.data(Qt.ItemDataRole.ToolTipRole) is None:  # the model's own first
            text = index.data()
            if isinstance(text, str) and text and \
                    self.sizeHint(option, index).width() > view.visualRect(index).width():
                QToolTip.showText(event.globalPos(), text, view)
                return True
        return super().helpEvent(event, view, option, index)


def width_needed(view: QTableView, *, narrowed: bool = False) -> int:
    """The width the table needs to show every column without scrolling sideways: each
    column's contents whole, or (`narrowed`) its long columns at the width the fitting
    narrows them to (their header, or NARROWEST_CHARS characters); with the frame, the row
    header and a vertical scroll bar."""
    header = view.horizontalHeader()
    least = view.fontMetrics().averageCharWidth() * NARROWEST_CHARS
    total = 0
    for column in range(header.count()):
        if header.isSectionHidden(column):
            continue
        whole = max(view.sizeHintForColumn(column), header.sectionSizeHint(column))
        total += min(whole, max(header.sectionSizeHint(column), least)) if narrowed else whole
    frame = 2 * view.frameWidth()
    rows = view.verticalHeader().width() if view.verticalHeader().isVisible() else 0
    return total + frame + rows + view.verticalScrollBar().sizeHint().width()

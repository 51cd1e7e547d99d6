"""Every window fits the screen it opens on (UX.md: 1366×768 at 100% and 125%, 1920×1080 at
150%). One helper for all of them: the application-wide event filter (app_filter.py) caps each window, when it
is first shown and whenever it grows afterwards (a message appeared), to the screen's free
area (less the title bar) and moves it inside; the main
window opens maximised the first time (its saved geometry afterwards).

Dialogs ask for a comfortable size with `preferred_size(widget, width, height)`, never a
fixed one; content taller than a small screen sits in a scroll area (`scrolling`)."""
from __future__ import annotations

from functools import cache

from PySide6.QtCore import QEvent, QRect, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QApplication, QDialog, QFrame, QMainWindow, QScrollArea,
                               QVBoxLayout, QWidget)

TITLE_BAR = 32   # logical pixels a window manager draws above a window (not in its geometry)
EDGE = 8         # kept free around a window capped to the screen


def available(widget: QWidget | None = None) -> QRect:
    """The free area (without taskbars) of the screen `widget` is on, or of the primary."""
    screen = None
    if widget is not None:
        parent = widget.parentWidget()
        screen = (parent.window().screen() if parent is not None else None) or widget.screen()
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 728)


def room(widget: QWidget | None = None) -> tuple[int, int]:
    """(width, height) a window's client area may take on its screen."""
    free = available(widget)
    return free.width() - 2 * EDGE, free.height() - TITLE_BAR - EDGE


def preferred_size(widget: QWidget, width: int, height: int) -> None:
    """Resize to (width, height) or less, whatever fits the screen."""
    most_w, most_h = room(widget)
    QWidget.resize(widget, max(1, min(width, most_w)), max(1, min(height, most_h)))


def fit(widget: QWidget) -> None:
    """Cap a window to the free area of its screen and move it inside (as far as its
    minimum size allows: the fit test, tests/gui/test_fit.py, finds those that do not)."""
    if widget.isMaximized() or widget.isFullScreen():
        return
    free = available(widget)
    most_w, most_h = room(widget)
    width = min(widget.width(), max(most_w, widget.minimumWidth()))
    height = min(widget.height(), max(most_h, widget.minimumHeight()))
    # QWidget's own methods: a dialog may have a `move` of its own (application_detail)
    if (width, height) != (widget.width(), widget.height()):
        QWidget.resize(widget, width, height)
    x = min(max(widget.x(), free.left() + EDGE // 2), free.right() - width - EDGE // 2)
    y = min(max(widget.y(), free.top() + TITLE_BAR), free.bottom() - height - EDGE // 2)
    x, y = max(x, free.left()), max(y, free.top())
    if (x, y) != (widget.x(), widget.y()):
        QWidget.move(widget, x, y)


def _fit_window(window: QWidget) -> None:
    # a dialog or a main window is always one to fit, and is asked so first: a widget's
    # window type is one of Qt's enums, and PySide6 makes all ~100 of them the first time
    # one is used (15 ms): at the login's show, that was 7 % of the program's start-up
    if isinstance(window, (QDialog, QMainWindow)) or window.windowType() not in _not_windows():
        _scroll_if_taller(window)
        fit(window)


@cache
def _not_windows() -> frozenset:
    """The window types that are no window to fit (a popup, a tooltip...)."""
    from PySide6.QtCore import Qt  # not at the import: see _fit_window
    return frozenset({Qt.WindowType.Popup, Qt.WindowType.ToolTip, Qt.WindowType.SplashScreen,
                      Qt.WindowType.Desktop})


def install(app: QApplication | None = None) -> None:
    """Fit every window the program shows from now on (idempotent), through the program's
    one application-wide event filter (app_filter.py)."""
    from . import app_filter
    if app is not None or QApplication.instance() is not None:
        app_filter.on_window_shown(_fit_window)
        # and again when it grows after it opened: a refusal or a warning that appears
        # must not push the window's edge (and its buttons) off the screen
        app_filter.on_window_resized(_fit_window)


def uninstall() -> None:
    """Stop fitting windows, and seeing any event (the idle lock's input too:
    app_filter.uninstall), at exit."""
    from . import app_filter
    app_filter.uninstall()


def scrolling(content: QWidget, *, frame: bool = False) -> QScrollArea:
    """`content` in a vertical scroll area that grows with the window and scrolls when the
    screen is too short for it."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(content)
    if not frame:
        area.setFrameShape(QFrame.Shape.NoFrame)
    return area


class _Unsqueezed(QWidget):
    """A scroll area's content that scrolls rather than squeeze its fields below their
    height (a scroll area gives its content no more than the content's minimum)."""

    def minimumSizeHint(self):  # noqa: N802 (Qt API)
        least = super().minimumSizeHint()
        least.setHeight(max(least.height(), self.sizeHint().height()))
        return least

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt API)
        # the scroll area would size it by its layout's height for the width, which
        # counts the fields at their least (squeezed) height
        return False

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:  # grown (a message appeared)
            QTimer.singleShot(0, self, self._grow_window)  # not once it is deleted
        return super().event(event)

    def _grow_window(self) -> None:
        """The window taller, as far as the screen allows, rather than scroll a form the
        screen has room for (the fields scroll only where it has none); and this content
        as tall as it now is (a scroll area resizes its content only when the content is
        resized, not when the content's layout grows: its fields were squeezed)."""
        least = self.minimumSizeHint().height()
        if self.height() < least:
            self.resize(self.width(), least)
        window = self.window()
        if window is self or not window.isVisible() or window.isMaximized():
            return
        area = self.parentWidget().parentWidget() if self.parentWidget() else None
        if isinstance(area, QScrollArea):
            area.updateGeometry()  # its size hint follows this content's: asked again
        if window.layout() is not None:
            window.layout().activate()
        want = window.sizeHint().height()
        if want > window.height():
            QWidget.resize(window, window.width(), min(want, room(window)[1]))


class _WholeScroll(QScrollArea):
    """Asks for its content's whole size (Qt's scroll area asks for at most 24 lines): the
    form opens as tall as it is where the screen has room, and scrolls only where not."""

    def sizeHint(self):  # noqa: N802 (Qt API)
        hint = self.widget().sizeHint()
        hint.setWidth(hint.width() + self.verticalScrollBar().sizeHint().width()
                      + 2 * self.frameWidth())
        hint.setHeight(self.widget().minimumSizeHint().height() + 2 * self.frameWidth())
        return hint


class _PlainColumn(QVBoxLayout):
    """The body's column, laid out by its items' minimum and preferred heights: Qt's
    height-for-width path gave a group of fields with their messages less than its
    minimum (the vehicle form's fields cut to half their height)."""

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt API)
        return False


def scroll_when_taller(window: QWidget, *stay: QWidget) -> None:
    """`scroll_body(window, *stay)` the first time the window's least height passes its
    screen's (every field's refusal at once, 1366×768 at 125%); until then the form is laid
    out as it was made (it grows, and is fitted again, when a message appears)."""
    window._scroll_stay = stay


def _scroll_if_taller(window: QWidget) -> None:
    stay = getattr(window, "_scroll_stay", None)
    if stay is None or window.layout() is None:
        return
    if window.minimumSizeHint().height() > room(window)[1]:
        window._scroll_stay = None
        scroll_body(window, *stay)


def scroll_body(window: QWidget, *stay: QWidget) -> QScrollArea:
    """A form made in Designer (its fields straight in the window's layout) put in a
    vertical scroll area, all but `stay` (its heading, its message line, its buttons), which
    stay where they were, always in sight: a form whose every field shows its refusal is
    taller than 1366×768 at 125%, and the window must keep its buttons on the screen. Call
    it once the form is built (its width is taken from it: it never scrolls sideways)."""
    from PySide6.QtCore import Qt  # not at the import: see _fit_window
    outer = window.layout()
    body = _Unsqueezed()
    inner = _PlainColumn(body)
    inner.setContentsMargins(0, 0, 0, 0)
    moved = []
    index = 0
    place = None  # where the first moved item was: the body goes there
    while index < outer.count():
        item = outer.itemAt(index)
        if item.widget() is not None and item.widget() in stay:
            index += 1
            continue
        place = index if place is None else place
        moved.append(outer.takeAt(index))
    # a widget moved to another parent is shown again only by a queued call: those in sight
    # are shown at once, so the form reads the same before and after the move
    # (a moved layout's widgets too: they are the window's own children until moved)
    in_sight = [w for w in window.findChildren(QWidget, options=Qt.FindChildOption
                                               .FindDirectChildrenOnly)
                if not w.isHidden() and w not in stay]
    for item in moved:
        if item.widget() is not None:
            inner.addWidget(item.widget())
        elif item.layout() is not None:
            layout = item.layout()
            layout.setParent(None)
            inner.addLayout(layout)
        else:
            inner.addItem(item)
    area = _WholeScroll()
    area.setWidgetResizable(True)
    area.setWidget(body)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setMinimumWidth(body.minimumSizeHint().width()
                         + area.verticalScrollBar().sizeHint().width())
    outer.insertWidget(place or 0, area, 1)
    area.show()  # a new child of a window in sight would wait for the same queued call
    for widget in in_sight:
        if body.isAncestorOf(widget):
            widget.show()
    return area

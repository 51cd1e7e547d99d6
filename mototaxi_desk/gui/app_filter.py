"""The program's one application-wide event filter, shared by what must see every event: the
windows fitted to the screen when shown (screen_fit.py) and the keyboard and mouse input that
restarts the idle lock's countdown (idle_lock.py).

Qt hands an application's event filters every event of every object: some 11,000 while the
main window is built. A filter written in Python costs about 4 µs per event in the call
alone, whatever it does (the main window: 55 ms built with no filter, 100 ms with one), so
two filters cost twice that on every screen; one filter asks the cheap C++ questions first
and hands each duty only its events."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

InputListener = Callable[[QEvent], None]
WindowListener = Callable[[QWidget], None]


# who listens: kept across a filter removed and put back (uninstall at exit, tests)
_input: list[InputListener] = []
_shown: list[WindowListener] = []
_resized: list[WindowListener] = []


class _AppFilter(QObject):
    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt API)
        if event.isInputEvent():
            for listener in tuple(_input):  # a listener may stop listening
                listener(event)
        elif _shown and watched.isWidgetType() and watched.isWindow() and \
                event.type() == QEvent.Type.ShowToParent:
            for listener in tuple(_shown):
                listener(watched)
        elif _resized and event.type() == QEvent.Type.Resize and watched.isWidgetType() \
                and watched.isWindow() and watched.isVisible():
            for listener in tuple(_resized):
                listener(watched)
        return False


_filter: _AppFilter | None = None
_pauses = 0  # paused() blocks open


def _install() -> None:
    global _filter
    app = QApplication.instance()
    if _filter is None and app is not None:
        _filter = _AppFilter(app)
        app.installEventFilter(_filter)
        _filter.destroyed.connect(lambda *_, gone=_filter: _forget(gone))
        app.aboutToQuit.connect(uninstall)  # this filter's application: once


def _forget(gone: _AppFilter) -> None:
    global _filter
    if _filter is gone:  # deleted with its application: the next one gets its own
        _filter = None


def on_input(listener: InputListener) -> None:
    """`listener(event)` for every keyboard, mouse, wheel, touch or tablet event (Qt's input
    events), until off_input(listener)."""
    if listener not in _input:
        _input.append(listener)
    _install()


def off_input(listener: InputListener) -> None:
    if listener in _input:
        _input.remove(listener)


def on_window_shown(listener: WindowListener) -> None:
    """`listener(window)` each time a window (a top-level widget) is shown, before it is
    drawn (Qt's ShowToParent)."""
    if listener not in _shown:
        _shown.append(listener)
    _install()


def on_window_resized(listener: WindowListener) -> None:
    """`listener(window)` each time a shown window's size changes (a message that appeared
    made its layout grow, or the user dragged it)."""
    if listener not in _resized:
        _resized.append(listener)
    _install()


def uninstall() -> None:
    """No event seen any more (fitting and idle input both), until a listener is added
    again: before the windows are deleted at exit (gui/shutdown.py), the filter must not be
    handed objects half destroyed."""
    global _filter
    app = QApplication.instance()
    found, _filter = _filter, None
    if found is not None and app is not None:
        app.removeEventFilter(found)
        found.deleteLater()


@contextmanager
def paused():
    """No event seen while a large widget tree is built in one go (the main window: some
    11,000 events, ~50 ms through the filter): nothing in it is input, and no window is
    shown meanwhile (the main window fits itself when it is shown). Nested, the outermost
    puts the filter back (a page made while the main window is built)."""
    global _pauses
    app = QApplication.instance()
    if _filter is not None and app is not None:
        app.removeEventFilter(_filter)
    _pauses += 1
    try:
        yield
    finally:
        _pauses -= 1
        # the filter there is now (none if uninstall() ran meanwhile); installed twice, Qt
        # keeps it once
        if not _pauses and _filter is not None and app is not None:
            app.installEventFilter(_filter)

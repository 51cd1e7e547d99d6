"""The program's one application-wide event filter (gui/app_filter.py): the idle lock's input
and the windows fitted to the screen share it (each Python filter costs every event of the
program), and a large build can go through without it."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QMainWindow, QVBoxLayout, QWidget

from mototaxi_desk.gui import app_filter, idle_lock, screen_fit


def test_input_and_shown_windows_reach_their_listeners_through_one_filter(qtbot, qapp):
    screen_fit.install(qapp)
    seen_input, seen_windows = [], []

    def on_input(event):
        seen_input.append(event.type())
    app_filter.on_input(on_input)
    app_filter.on_window_shown(seen_windows.append)
    try:
        window = QWidget()
        layout = QVBoxLayout(window)
        field = QLineEdit()
        layout.addWidget(field)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        assert seen_windows == [window]  # the window, not its children
        child = QLabel("mais um", window)
        child.show()
        assert seen_windows == [window]
        qtbot.keyClick(field, Qt.Key.Key_A)
        assert QEvent.Type.KeyPress in seen_input and field.text() == "a"  # passed on
        dialog = QDialog(window)
        dialog.show()
        assert seen_windows == [window, dialog]
        dialog.close()
    finally:
        app_filter.off_input(on_input)
        app_filter._shown.remove(seen_windows.append)


def test_paused_sees_nothing_then_sees_again(qtbot, qapp):
    seen = []

    def listener(event):
        seen.append(event.type())
    app_filter.on_input(listener)
    try:
        field = QLineEdit()
        qtbot.addWidget(field)
        field.show()
        with app_filter.paused():
            qtbot.keyClick(field, Qt.Key.Key_A)
        assert seen == [] and field.text() == "a"
        qtbot.keyClick(field, Qt.Key.Key_B)
        assert QEvent.Type.KeyPress in seen
    finally:
        app_filter.off_input(listener)


def test_nested_pauses_see_nothing_until_the_outermost_ends(qtbot, qapp):
    """A page made while the main window is built: the inner pause must not let the rest of
    the outer burst through the filter."""
    seen = []
    app_filter.on_input(seen.append)
    try:
        field = QLineEdit()
        qtbot.addWidget(field)
        field.show()
        with app_filter.paused():
            with app_filter.paused():
                qtbot.keyClick(field, Qt.Key.Key_A)
            qtbot.keyClick(field, Qt.Key.Key_B)
        assert seen == [] and field.text() == "ab"
        qtbot.keyClick(field, Qt.Key.Key_C)
        assert seen
    finally:
        app_filter.off_input(seen.append)


def test_an_idle_lock_listens_until_stopped_or_gone(qtbot, qapp, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_IDLE_MINUTES", "5")
    window = QMainWindow()
    window.setCentralWidget(QLabel("dados"))
    lock = idle_lock.IdleLock(window, actor=None)
    assert lock._input in app_filter._input
    lock.stop()
    assert lock._input not in app_filter._input
    other = idle_lock.IdleLock(window, actor=None)
    listener = other._input
    assert listener in app_filter._input
    window.deleteLater()  # its lock with it
    qtbot.waitUntil(lambda: listener not in app_filter._input, timeout=2000)


def test_listeners_outlive_the_filter_removed_and_put_back(qtbot, qapp):
    """At exit the filter goes (gui/shutdown.py); one put back later (a test, a second
    window) still fits windows and hears input for those who listened."""
    screen_fit.install(qapp)
    seen = []

    def listener(event):
        seen.append(event.type())
    app_filter.on_input(listener)
    try:
        app_filter.uninstall()
        field = QLineEdit()
        qtbot.addWidget(field)
        field.show()
        qtbot.keyClick(field, Qt.Key.Key_A)
        assert seen == []  # nothing seen without the filter
        app_filter.on_input(listener)  # put back by the next one who listens
        qtbot.keyClick(field, Qt.Key.Key_B)
        assert QEvent.Type.KeyPress in seen
        assert screen_fit._fit_window in app_filter._shown
    finally:
        app_filter.off_input(listener)

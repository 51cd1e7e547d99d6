"""Deleting the windows before the interpreter exits.

At exit PySide deletes, one by one and in no fixed order, every QObject whose Python wrapper
still owns it. That includes widgets Qt has already given a parent: a widget made without a
parent and added to a layout that is not yet on a widget (a row or column nested in the
window's layout) stays owned by Python. When such a child is deleted first, its signal
connections go with it; a connected lambda that captured `self` may hold the last reference
to the window, whose wrapper then deletes the window — and, through it, the child whose
destructor is still running. That second delete of the same child is the crash seen at exit
("QObject: shared QObject was deleted directly", then "corrupted double-linked list" or
"malloc_consolidate()").

Deleting each of those windows from the top through Qt first (parents delete their
children, and every wrapper learns its object is gone) leaves PySide nothing to delete twice.
"""
from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication


def delete_windows() -> None:
    """Delete every parentless widget and run pending deleteLater() calls; safe to call
    when no QApplication exists or a window is already gone."""
    if QApplication.instance() is None:
        return
    from .screen_fit import uninstall
    uninstall()  # the app-wide filter sees no window being deleted
    _delete_parentless(hidden_only=False)


def delete_hidden_windows() -> None:
    """The same for the windows closed and never deleted only, the application going on
    (the test suite, after each test: tests/conftest.py)."""
    if QApplication.instance() is not None:
        _delete_parentless(hidden_only=True)


def _delete_parentless(*, hidden_only: bool) -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    for widget in QApplication.instance().topLevelWidgets():
        # only what PySide would delete at exit: a window Qt owns (a completer's popup) is
        # deleted by its owner
        if shiboken6.isValid(widget) and shiboken6.ownedByPython(widget) \
                and widget.parent() is None and not (hidden_only and widget.isVisible()):
            shiboken6.delete(widget)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

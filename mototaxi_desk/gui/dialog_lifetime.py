"""Dialogs deleted once they finish (issue 40: memory in bounds all day long).

A dialog made with the main window (or a page) as its parent belongs to that parent: closed,
it only hides, and stays alive until the main window is deleted at the end of the day. Each
"Nova pessoa" opened and cancelled left about 100 widgets and 0.7 MiB behind; a counter
opens hundreds of dialogs a day. Here every such dialog is deleted (Qt's deleteLater: after
the slots of its `finished` and `accepted`/`rejected` signals have run, once control is back
in the event loop) when it finishes.

Only dialogs this program made in Python with a parent, opened window-modal (`open()`) or
modeless (`show()`): a dialog Qt made itself (a static QMessageBox or QFileDialog) is Qt's
to delete; one without a parent is Python's (collected with its last reference); one run by
`exec()` (application-modal) is read by its caller after exec() returns, and its deletion
could run inside exec()'s own event loop, before that: its caller deletes it once read
(prompts.py, widgets/progress.py, the print dialog, the new campaign, the password change).
Every dialog is made anew each time it opens: none is shown again once it finished."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget
from shiboken6 import Shiboken

_SEEN = "_mototaxi_deleted_when_finished"  # shown again before it finished: connected once


def _adopt(window: QWidget) -> None:
    if not isinstance(window, QDialog) or window.property(_SEEN):
        return
    if window.parent() is None or not Shiboken.createdByPython(window):
        return  # (the login among them: Qt's enums, made at once, wait for after it shows)
    from PySide6.QtCore import Qt
    if window.windowModality() == Qt.WindowModality.ApplicationModal:
        return
    window.setProperty(_SEEN, True)
    window.finished.connect(window.deleteLater)


def install() -> None:
    """From now on, through the program's one application-wide event filter
    (app_filter.py): each dialog the first time it is shown (idempotent)."""
    from . import app_filter
    app_filter.on_window_shown(_adopt)

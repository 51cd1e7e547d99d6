"""The logged-in user's own account in the main window: the forced password change at the
first login, 'Trocar senha' and 'Bloquear' in the status bar, and the idle lock."""
from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QWidget

from ..services import users
from ..services.context import Actor
from .dialogs.change_password import ChangePasswordDialog
from .idle_lock import IdleLock


def first_login_password_change(actor: Actor, parent: QWidget | None = None) -> bool:
    """False when the user must change the password and gave up (the program then closes)."""
    if not users.must_change_password(actor):
        return True
    return ChangePasswordDialog(actor, forced=True, parent=parent).exec() == \
        QDialog.DialogCode.Accepted


def install(window, actor: Actor, *, idle_minutes: float | None = None) -> IdleLock:
    """Status-bar buttons, Ctrl+L and the idle lock on the main window."""
    lock = IdleLock(window, actor, minutes=idle_minutes)
    lock.logged_out.connect(window.close)
    lock.logged_out.connect(QApplication.instance().quit)
    change = QPushButton("Trocar senha")
    change.setFlat(True)
    change.clicked.connect(lambda: ChangePasswordDialog(actor, parent=window).exec())
    lock_now = QPushButton("Bloquear (Ctrl+L)")
    lock_now.setFlat(True)
    lock_now.clicked.connect(lock.lock)
    QShortcut(QKeySequence("Ctrl+L"), window, activated=lock.lock)
    if hasattr(window, "statusBar"):
        window.statusBar().addPermanentWidget(change)
        window.statusBar().addPermanentWidget(lock_now)
    if hasattr(window, "search_box"):
        window.search_box.actor = actor  # a fiscal's search shows masked CPFs (LGPD)
    window.idle_lock = lock
    return lock

"""The logged-in user's own account in the main window: the forced password change at the
first login, 'Trocar senha', 'Bloquear' and 'Sair / Trocar usuário' in the status bar, and
the idle lock."""
from __future__ import annotations

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QDialog, QPushButton, QWidget

from ..services.administration import users
from ..services.context import Actor
from .dialogs.change_password import ChangePasswordDialog
from .dialogs.login import LoginDialog
from .idle_lock import IdleLock


def first_login_password_change(actor: Actor, parent: QWidget | None = None) -> bool:
    """False when the user must change the password and gave up (the program then closes)."""
    if not users.must_change_password(actor):
        return True
    return ChangePasswordDialog(actor, forced=True, parent=parent).exec() == \
        QDialog.DialogCode.Accepted


def _change_password(actor: Actor, window) -> None:
    dialog = ChangePasswordDialog(actor, parent=window)
    dialog.exec()
    dialog.deleteLater()  # the window's child until then (gui/dialog_lifetime.py)


def install(window, actor: Actor, *, idle_minutes: float | None = None) -> IdleLock:
    """Status-bar buttons, Ctrl+L and the idle lock on the main window."""
    lock = IdleLock(window, actor, minutes=idle_minutes)
    lock.logged_out.connect(window.close)
    lock.logged_out.connect(QApplication.instance().quit)
    change = QPushButton("Trocar senha")
    change.setFlat(True)
    change.clicked.connect(lambda: _change_password(actor, window))
    lock_now = QPushButton("Bloquear (Ctrl+L)")
    lock_now.setFlat(True)
    lock_now.clicked.connect(lambda: lock.lock())
    leave = QPushButton("Sair / Trocar usuário")
    leave.setObjectName("sign_out_button")
    leave.setFlat(True)
    leave.setToolTip("Fecha a sessão deste usuário e pede outro login (troca de turno).")
    leave.clicked.connect(lambda: sign_out(window))
    QShortcut(QKeySequence("Ctrl+L"), window, activated=lock.lock)
    if hasattr(window, "statusBar"):
        window.statusBar().addPermanentWidget(change)
        window.statusBar().addPermanentWidget(lock_now)
        window.statusBar().addPermanentWidget(leave)
    if hasattr(window, "search_box"):
        window.search_box.actor = actor  # a fiscal's search shows masked CPFs (LGPD)
    window.idle_lock = lock
    return lock


def sign_out(window):
    """'Sair / Trocar usuário' (shift change): this user's window goes away — nothing of
    theirs stays on screen — and the login asks who comes next; the next user gets a window
    of their own (their role, their idle lock). Leaving the login closes the program.
    Returns the login dialog (window-modal without blocking: tests drive it)."""
    lock = getattr(window, "idle_lock", None)
    if lock is not None:
        lock.stop()
    window.hide()
    login = LoginDialog("Sessão encerrada (troca de usuário). Informe usuário e senha.")
    window.login_dialog = login
    login.accepted.connect(lambda: _next_user(window, login))
    login.rejected.connect(lambda: _leave(window))
    login.open()
    return login


def _next_user(old_window, login) -> None:
    actor = login.actor
    if actor is None:
        _leave(old_window)
        return
    if users.must_change_password(actor):  # a temporary password: replaced first
        dialog = ChangePasswordDialog(actor, forced=True)
        old_window.password_dialog = dialog
        dialog.accepted.connect(lambda: _open_window(old_window, actor))
        dialog.rejected.connect(lambda: _leave(old_window))
        dialog.open()
        return
    _open_window(old_window, actor)


def _open_window(old_window, actor: Actor) -> None:
    from .main_window import MainWindow
    window = MainWindow(actor)
    install(window, actor)
    window.show_on_screen()
    old_window.next_window = window  # tests follow the shift to the new window
    old_window.close()
    old_window.deleteLater()


def _leave(window) -> None:
    window.close()
    app = QApplication.instance()
    if app is not None and not any(w.isVisible() for w in app.topLevelWidgets()):
        app.quit()

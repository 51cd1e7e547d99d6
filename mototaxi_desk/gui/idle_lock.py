"""The idle lock: after some minutes without keyboard or mouse input the main window is covered
by a modal dialog that only the same user's password (or leaving the program) dismisses, so a
counter left open does not show people's data to whoever passes by.

The minutes come from MOTOTAXI_IDLE_MINUTES or `idle_lock_minutes` in <data folder>/gui.json
(default 15; 0 turns the lock off)."""
from __future__ import annotations

import json
import logging
import os

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QLineEdit,
                               QVBoxLayout, QWidget)

from .. import config, settings_registry
from . import app_filter
from ..domain import input_limits
from ..domain.errors import DomainError
from ..services.administration import users
from ..services.context import Actor

log = logging.getLogger(__name__)
SETTINGS_FILE = settings_registry.GUI_JSON
DEFAULT_MINUTES = settings_registry.default(SETTINGS_FILE, "idle_lock_minutes")
_INPUT_EVENTS = {QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove,
                 QEvent.Type.Wheel, QEvent.Type.TouchBegin}


def idle_minutes() -> float:
    """The configured idle time; a bad value falls back to the default (and is logged)."""
    raw = os.environ.get("MOTOTAXI_IDLE_MINUTES")
    if raw is None:
        try:
            raw = json.loads(input_limits.read_text(config.data_dir() / SETTINGS_FILE,
                                                    input_limits.SMALL_JSON)).get(
                "idle_lock_minutes")
        except (OSError, ValueError, AttributeError, input_limits.InputRefused):
            raw = None
    if raw is None:
        return DEFAULT_MINUTES
    try:
        minutes = float(str(raw).replace(",", "."))
    except ValueError:
        minutes = -1
    if not 0 <= minutes <= 24 * 60:
        log.warning("idle_lock_minutes inválido (%r); usando %s", raw, DEFAULT_MINUTES)
        return DEFAULT_MINUTES
    return minutes


class LockDialog(QDialog):
    """Covers the window until the same user types their password again."""

    def __init__(self, actor: Actor, parent: QWidget | None = None, *, idle: bool = True):
        super().__init__(parent)
        self.actor = actor
        self.setWindowTitle("Mototáxi Desk — Bloqueado")
        self.setModal(True)
        self.setWindowFlag(Qt.WindowType.WindowCloseButtonHint, False)
        why = "Sessão bloqueada por inatividade" if idle else "Sessão bloqueada"
        title = QLabel(f"<b>{why}</b><br>Usuário: {actor.login}. "
                       "Digite sua senha para continuar.")
        title.setWordWrap(True)
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setMaxLength(200)
        self.password.setPlaceholderText("Senha")
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020")
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox()
        self.unlock_button = buttons.addButton("&Desbloquear",
                                               QDialogButtonBox.ButtonRole.AcceptRole)
        self.unlock_button.setDefault(True)
        self.logout_button = buttons.addButton("Sai&r do programa",
                                               QDialogButtonBox.ButtonRole.RejectRole)
        self.unlock_button.clicked.connect(self.try_unlock)
        self.logout_button.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(title)
        layout.addWidget(self.password)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(420)
        self.password.setFocus()

    def try_unlock(self) -> None:
        try:  # the same checks (and lockout after wrong tries) as the login
            actor = users.authenticate(self.actor.login, self.password.text())
        except DomainError as exc:
            self.message.setText(str(exc))
            self.password.clear()
            self.password.setFocus()
            return
        if actor.user_id != self.actor.user_id:
            self.message.setText("Só o usuário que bloqueou pode desbloquear.")
            return
        self.accept()

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt API): Esc must not unlock
        if event.key() == Qt.Key.Key_Escape:
            event.ignore()
            return
        super().keyPressEvent(event)


class IdleLock(QObject):
    """Any key or mouse input (seen by the application-wide filter) restarts the timer; when it
    runs out, the lock dialog opens over `window`. `logged_out` fires if the user leaves."""
    locked = Signal()
    unlocked = Signal()
    logged_out = Signal()

    def __init__(self, window: QWidget, actor: Actor, *, minutes: float | None = None):
        super().__init__(window)
        self.window = window
        self.actor = actor
        self.dialog: LockDialog | None = None
        self._covered: QWidget | None = None
        minutes = idle_minutes() if minutes is None else minutes
        self.timer = QTimer(self, singleShot=True)
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)  # a coarse one may be 5% late
        self.timer.setInterval(max(1, int(minutes * 60_000)))
        self.timer.timeout.connect(lambda: self.lock(idle=True))
        self.enabled = minutes > 0
        if self.enabled:
            app_filter.on_input(self._input)  # the program's one application-wide filter
            self.destroyed.connect(lambda *_, listener=self._input:
                                   app_filter.off_input(listener))
            self.timer.start()

    def _input(self, event) -> None:
        if self.dialog is None and event.type() in _INPUT_EVENTS:
            try:
                self.timer.start()  # restarts the countdown
            except RuntimeError:  # its window is gone (deleted by Qt): listen no more
                app_filter.off_input(self._input)

    def lock(self, idle: bool = False) -> None:
        """Ctrl+L and 'Bloquear' lock at once (idle False); the timer says why it locked."""
        if self.dialog is not None:
            return
        self.timer.stop()
        # hide the data behind the lock, not only block it
        self._covered = getattr(self.window, "centralWidget", lambda: None)()
        if self._covered is not None:
            self._covered.setVisible(False)
        self.dialog = LockDialog(self.actor, self.window, idle=idle)
        self.dialog.accepted.connect(self._unlocked)
        self.dialog.rejected.connect(self._logged_out)
        self.locked.emit()
        self.dialog.open()  # window-modal over the main window, the event loop keeps running

    def _unlocked(self) -> None:
        if self._covered is not None:
            self._covered.setVisible(True)
        self.dialog.deleteLater()
        self.dialog = None
        self.timer.start()
        self.unlocked.emit()

    def _logged_out(self) -> None:
        self.dialog.deleteLater()
        self.dialog = None
        self.logged_out.emit()

    def stop(self) -> None:
        self.timer.stop()
        app_filter.off_input(self._input)

"""The login: user and password, checked by services.users. Built in code, not from a
Designer file, for the start-up budget (below); run_gui (gui/app.py) shows it first and
'Sair / Trocar usuário' (gui/account.py) shows it again."""
from __future__ import annotations

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QMessageBox, QVBoxLayout)

from ...domain.errors import DomainError
from .. import app_filter
from ...services.context import Actor


class LoginDialog(QDialog):
    def __init__(self, title: str, parent=None):
        super().__init__(parent)
        self.before_login = None  # run_gui: the integrity check's verdict, awaited here
        self.setWindowTitle("Mototáxi Desk — Entrar")
        self.actor: Actor | None = None
        # Out of sight of the program's event filter (app_filter.py) while it is made: the
        # rich-text heading's first events hand Python some 190 Qt enumerations to create
        # (~25 ms before this window shows); nothing in them is input or a window shown.
        with app_filter.paused():
            self._build(title)

    def _build(self, title: str) -> None:
        # Built in code from the few classes it needs: a Designer file (QUiLoader, or the
        # pyside6-uic output with its `Qt` namespace import) cost 20-35 ms of the start-up
        # budget before this window could show (issue 6).
        heading = QLabel(f"<b>{title}</b>")
        heading.setWordWrap(True)
        self.login = QLineEdit()
        self.login.setObjectName("login")
        self.login.setMaxLength(40)
        self.password = QLineEdit()
        self.password.setObjectName("password")
        self.password.setMaxLength(200)
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        fields = QFormLayout()
        fields.addRow("&Usuário:", self.login)  # Alt+U / Alt+S reach the fields
        fields.addRow("&Senha:", self.password)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020")
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox()  # (its constructor with buttons makes Qt's enums: 15 ms)
        buttons.setStandardButtons(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Entrar")
        buttons.button(QDialogButtonBox.StandardButton.Ok).setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Sair")
        buttons.accepted.connect(self.try_login)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addLayout(fields)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(440)
        self.login.setFocus()

    def try_login(self) -> None:
        problem = self.before_login() if self.before_login else None
        if problem:  # the database failed its integrity check: nobody writes to it
            QMessageBox.critical(self, "Mototáxi Desk", problem)
            self.reject()
            return
        from ...services.administration import users  # loaded while the password was typed (preload)
        try:
            self.actor = users.authenticate(self.login.text(), self.password.text())
        except DomainError as exc:
            self.message.setText(str(exc))
            self.password.clear()
            self.password.setFocus()
            return
        self.accept()

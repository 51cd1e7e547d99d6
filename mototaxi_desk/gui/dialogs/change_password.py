"""'Troque sua senha': at the first login of an account that must change its password (the
admin made at `init`), and whenever a user wants to change their own."""
from __future__ import annotations

from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit,
                               QVBoxLayout)

from ...domain.errors import DomainError
from ...services import users
from ...services.context import Actor


def _password_field() -> QLineEdit:
    field = QLineEdit()
    field.setEchoMode(QLineEdit.EchoMode.Password)
    field.setMaxLength(200)
    return field


class ChangePasswordDialog(QDialog):
    def __init__(self, actor: Actor, *, forced: bool = False, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.setWindowTitle("Mototáxi Desk — Troque sua senha")
        intro = QLabel(
            f"<b>Troque sua senha</b><br>O usuário <b>{actor.login}</b> recebeu uma senha "
            "provisória; escolha uma senha só sua antes de continuar." if forced else
            f"<b>Trocar a senha de {actor.login}</b>")
        intro.setWordWrap(True)
        self.current = _password_field()
        self.new = _password_field()
        self.confirm = _password_field()
        self.new.setPlaceholderText(f"ao menos {users.MIN_PASSWORD_LENGTH} caracteres")
        form = QFormLayout()
        form.addRow("Senha &atual:", self.current)
        form.addRow("&Nova senha:", self.new)
        form.addRow("&Confirme a nova senha:", self.confirm)
        self.message = QLabel()
        self.message.setStyleSheet("color: #b00020")
        self.message.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok |
                                   QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Trocar senha")
        self.ok_button.setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(
            "Sair" if forced else "Cancelar")
        buttons.accepted.connect(self.try_change)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(460)
        self.current.setFocus()

    def try_change(self) -> None:
        if self.new.text() != self.confirm.text():
            self._refuse("Confirmação: a nova senha e a confirmação não conferem.", self.confirm)
            return
        try:
            users.change_password(self.actor, self.current.text(), self.new.text())
        except DomainError as exc:
            field = self.current if str(exc).startswith("Senha atual") else self.new
            self._refuse(str(exc), field)
            return
        self.accept()

    def _refuse(self, message: str, field: QLineEdit) -> None:
        self.message.setText(message)
        field.selectAll()
        field.setFocus()

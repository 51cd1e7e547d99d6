"""'Troque sua senha': at the first login of an account that must change its password (the
admin made at `init`), and whenever a user wants to change their own. The layout is
ui/change_password.ui."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLineEdit

from ...domain.errors import DomainError
from ...services.administration import users
from ...services.context import Actor
from ..forms.ui_change_password import Ui_ChangePasswordDialog


class ChangePasswordDialog(QDialog):
    def __init__(self, actor: Actor, *, forced: bool = False, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.ui = Ui_ChangePasswordDialog()
        self.ui.setupUi(self)
        self.current, self.new, self.confirm = self.ui.current, self.ui.new, self.ui.confirm
        self.message = self.ui.message
        self.ui.intro.setText(
            f"<b>Troque sua senha</b><br>O usuário <b>{actor.login}</b> recebeu uma senha "
            "provisória; escolha uma senha só sua antes de continuar." if forced else
            f"<b>Trocar a senha de {actor.login}</b>")
        self.new.setPlaceholderText(f"ao menos {users.MIN_PASSWORD_LENGTH} caracteres")
        buttons = self.ui.buttons
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("&Trocar senha")
        self.ok_button.setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(
            "Sair" if forced else "Cancelar")
        buttons.accepted.connect(self.try_change)
        buttons.rejected.connect(self.reject)
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

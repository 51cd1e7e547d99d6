"""Configurações → E-mail (issue 41 item 3): this station's SMTP server (host, port,
STARTTLS/SSL, user, password — kept encrypted, never shown back — and sender), "Enviar e-mail
de teste", the reminder campaign (gui/dialogs/mail_send.py: a progress bar and Cancelar) and
the deliveries that failed, tried again. Only the administrator sets the server; the counter
roles send. Layout: ui/mail_settings.ui."""
from __future__ import annotations

from PySide6.QtWidgets import QWidget

from ... import settings_registry
from ...domain import mail_rules
from ...domain.errors import DomainError
from ...services.messaging import mail
from ...services import permissions
from ...services.context import Actor
from ..forms.ui_mail_settings import Ui_MailSettings

OK_STYLE, ERROR_STYLE = "color: #1b5e20;", "color: #c62828; font-weight: bold;"
FIELDS = {"Servidor SMTP": "host", "Porta": "port", "Segurança": "security",
          "Usuário SMTP": "user", "Remetente": "sender", "E-mail de teste": "test_address"}


class MailTab(QWidget):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.ui = ui = Ui_MailSettings()
        ui.setupUi(self)
        for value, text in mail_rules.SECURITY.items():
            ui.security.addItem(text, value)
        for value, (text, _kinds) in mail_rules.REMINDERS.items():
            ui.reminder_kind.addItem(text, value)
        ui.save.clicked.connect(lambda: self.save())
        ui.send_test.clicked.connect(lambda: self.send_test())
        ui.send_reminders.clicked.connect(lambda: self.open_reminders())
        ui.retry.clicked.connect(lambda: self.retry())
        ui.test_address.returnPressed.connect(lambda: self.send_test())
        may_setup = permissions.can(actor, "mail.setup")
        for widget in (ui.host, ui.port, ui.security, ui.user, ui.password, ui.sender, ui.save,
                       ui.test_address, ui.send_test):
            widget.setEnabled(may_setup)
        may_send = permissions.can(actor, "mail.send")
        for widget in (ui.reminder_kind, ui.send_reminders, ui.retry):
            widget.setEnabled(may_send)
        for name in ("host", "port", "security", "user", "sender"):
            getattr(ui, name).setToolTip(settings_registry.tooltip(
                settings_registry.CORREIO_JSON, name))
        if not may_setup:
            self._say("Somente o administrador configura o servidor de e-mail.", ok=True)
        self.refresh()

    def _say(self, text: str, *, ok: bool) -> None:
        self.ui.message.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        self.ui.message.setText(text)

    def refresh(self) -> None:
        ui, data = self.ui, mail.show()
        ui.host.setText(data["host"])
        ui.port.setText(str(data["port"] or ""))
        ui.security.setCurrentIndex(max(0, ui.security.findData(data["security"])))
        ui.user.setText(data["user"])
        ui.sender.setText(data["sender"])
        ui.password.clear()
        ui.password.setPlaceholderText("guardada cifrada; digite para trocar"
                                       if data["has_password"] else "")
        ui.password_state.setText("" if data["configured"] else "Não configurado.")
        failed = mail.failures()
        ui.failures.setText(f"{len(failed)} envio(s) com falha (mail failures)." if failed
                            else "Nenhum envio com falha.")
        ui.retry.setEnabled(bool(failed) and permissions.can(self.actor, "mail.send"))

    def _refuse(self, exc: DomainError) -> None:
        self._say(str(exc), ok=False)
        name = FIELDS.get(getattr(exc, "field", ""), "")
        if name:
            getattr(self.ui, name).setFocus()

    def save(self) -> bool:
        ui = self.ui
        password = ui.password.text()
        try:
            mail.configure(self.actor, host=ui.host.text(), port=ui.port.text(),
                           security=ui.security.currentData(), user=ui.user.text(),
                           sender=ui.sender.text(),
                           password=password if password or not mail.show()["has_password"]
                           else None)
        except DomainError as exc:
            self._refuse(exc)
            return False
        finally:
            ui.password.clear()
        self.refresh()
        self._say("Servidor de e-mail salvo nesta estação.", ok=True)
        return True

    def send_test(self) -> bool:
        try:
            result = mail.send_test(self.actor, self.ui.test_address.text())
        except DomainError as exc:
            self._refuse(exc)
            return False
        ok = result["status"] == "sent"
        self._say(("Mensagem de teste enviada: " if ok else "O envio falhou: ")
                  + result["server_reply"], ok=ok)
        self.refresh()
        return ok

    def open_reminders(self):
        from ..dialogs.mail_send import RemindersDialog
        dialog = RemindersDialog(self.actor, self.ui.reminder_kind.currentData(), self)
        dialog.finished.connect(lambda _code: self.refresh())
        dialog.open()
        self.reminders_dialog = dialog
        return dialog

    def retry(self) -> bool:
        try:
            result = mail.retry(self.actor)
        except DomainError as exc:
            self._refuse(exc)
            return False
        self.refresh()
        skipped = f"; {len(result['skipped'])} não tentado(s) (consentimento)" \
            if result["skipped"] else ""
        self._say(f"Reenviados: {result['sent']}; ainda com falha: {result['failed']}"
                  f"{skipped}.", ok=not result["failed"])
        return not result["failed"]


def add_mail_tab(page) -> MailTab:
    """The hook in SettingsPage: the tab, and Ctrl+S saving the server."""
    tab = MailTab(page.actor)
    page.tabs.addTab(tab, "E-mail")
    page._save_actions[tab] = tab.save
    return tab

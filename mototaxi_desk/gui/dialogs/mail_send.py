"""E-mail from the window (issue 41 items 3 and 4; services/messaging/mail.py does the work):
- SendDocumentDialog: from a person's record ("Mais ▾ → Enviar por e-mail…"), one of the
  person's documents (termo, a notice's copy, guia, protocol receipt) or a deadline reminder
  to the registered address, with the consent shown; the send runs off the GUI thread;
- RemindersDialog: from Configurações → E-mail, deadline reminders of one kind as a
  campaign — who would receive them and who not (and why) first, then the send with a
  progress bar and Cancelar, off the GUI thread (gui/workers.py). A cancel stops between
  messages: those already sent stay sent and recorded."""
from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QHBoxLayout, QLabel, QPlainTextEdit, QProgressBar, QPushButton, QSpinBox,
                               QVBoxLayout)

from ...domain import mail_rules
from ...domain.errors import DomainError
from ...services.messaging import mail
from ...services.register import persons
from ...services.context import Actor
from ..workers import run_in_background

OK_STYLE, ERROR_STYLE = "color: #1b5e20;", "color: #c62828; font-weight: bold;"


class SendDocumentDialog(QDialog):
    def __init__(self, actor: Actor, person_id: int, parent=None):
        super().__init__(parent)
        self.actor, self.person_id = actor, person_id
        self.result_value: dict | None = None
        self.reminder_value: dict | None = None
        person = persons.person(person_id)
        self.cpf = person["cpf"]
        self.setWindowTitle(f"Enviar por e-mail — {person['name']}")
        self.documents = mail.documents_of(person_id)
        self.address = QLabel(person["email"] or "nenhum e-mail cadastrado (Editar cadastro)")
        self.address.setObjectName("address")
        self.consent = QLabel(mail.consent_text(person_id))
        self.consent.setObjectName("consent")
        self.document = QComboBox()
        self.document.setObjectName("document")
        for value, text in mail_rules.DOCUMENTS.items():
            self.document.addItem(text, value)
        self.key = QComboBox()
        self.key.setObjectName("key")
        self.key.setEditable(True)
        self.document.currentIndexChanged.connect(lambda: self._fill_keys())
        note = QLabel("O e-mail é só uma cópia: não é notificação oficial e não abre prazo "
                      "de defesa nem de recurso. O documento sai assinado quando há "
                      "certificado digital instalado.")
        note.setWordWrap(True)
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.reminder = QComboBox()
        self.reminder.setObjectName("reminder")
        for value, (text, _kinds) in mail_rules.REMINDERS.items():
            self.reminder.addItem(text, value)
        self.reminder_button = QPushButton("Enviar &lembrete")
        self.reminder_button.setObjectName("reminder_button")
        self.reminder_button.clicked.connect(lambda: self.send_reminder())
        reminder_row = QHBoxLayout()
        reminder_row.addWidget(self.reminder, 1)
        reminder_row.addWidget(self.reminder_button)
        form = QFormLayout()
        form.addRow("E-mail cadastrado:", self.address)
        form.addRow("Consentimento (LGPD):", self.consent)
        form.addRow("&Documento:", self.document)
        form.addRow("&Número:", self.key)
        form.addRow("Lembrete de &prazo:", reminder_row)
        form.labelForField(reminder_row).setBuddy(self.reminder)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setText("Fechar")
        self.send_button = self.buttons.addButton("&Enviar documento",
                                                  QDialogButtonBox.ButtonRole.ActionRole)
        self.send_button.setObjectName("send_button")
        self.send_button.clicked.connect(lambda: self.send())
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(560)
        first = next((i for i, value in enumerate(mail_rules.DOCUMENTS)
                      if self.documents.get(value)), 0)
        self.document.setCurrentIndex(first)
        self._fill_keys()
        self.job = None

    def _fill_keys(self) -> None:
        self.key.clear()
        for key, text in self.documents.get(self.document.currentData(), []):
            self.key.addItem(text, key)

    def _key(self) -> str:
        index = self.key.currentIndex()
        if index >= 0 and self.key.itemText(index) == self.key.currentText():
            return self.key.itemData(index)
        return self.key.currentText().strip()

    def send(self) -> None:
        document, key = self.document.currentData(), self._key()
        self.send_button.setEnabled(False)
        self.message.setStyleSheet("")
        self.message.setText("Enviando…")
        self.job = run_in_background(
            lambda: mail.send_document(self.actor, self.cpf, document, key),
            self._sent, self._failed)

    def send_reminder(self) -> None:
        """The reminder of one kind to this person (only with consent, LGPD); says when the
        person has no such deadline within 30 days."""
        kind = self.reminder.currentData()
        self.reminder_button.setEnabled(False)
        self.message.setStyleSheet("")
        self.message.setText("Enviando…")
        self.job = run_in_background(
            lambda: mail.reminders(self.actor, kind, cpf=self.cpf), self._reminded,
            self._failed)

    def _reminded(self, result: dict) -> None:
        self.reminder_value = result
        self.reminder_button.setEnabled(True)
        if result["skipped"]:
            text, ok = f"Lembrete não enviado: {result['skipped'][0]['reason']}.", False
        elif not result["planned"]:
            text, ok = "Nenhum prazo desse tipo nos próximos 30 dias.", True
        else:
            ok = bool(result["sent"])
            text = "Lembrete enviado." if ok else \
                "O envio do lembrete falhou; fica na lista de falhas para tentar de novo."
        self.message.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        self.message.setText(text)

    def _sent(self, result: dict) -> None:
        self.result_value = result
        self.send_button.setEnabled(True)
        ok = result["status"] == "sent"
        self.message.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        self.message.setText(
            (f"Enviado para {result['address']} ({result['server_reply']})." if ok else
             f"O envio falhou ({result['server_reply']}); fica na lista de falhas para "
             "tentar de novo.") + f" SHA-256 do anexo: {result['sha256'][:16]}…")

    def _failed(self, exc: BaseException) -> None:
        self.send_button.setEnabled(True)
        self.reminder_button.setEnabled(True)
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.setText(str(exc) if isinstance(exc, DomainError) else
                             f"Não foi possível enviar: {exc}")


class _Relay(QObject):
    step = Signal(int, int)


class RemindersDialog(QDialog):
    def __init__(self, actor: Actor, kind: str | None = None, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.result_value: dict | None = None
        self.setWindowTitle("Lembretes por e-mail")
        self.kind = QComboBox()
        self.kind.setObjectName("kind")
        for value, (text, _kinds) in mail_rules.REMINDERS.items():
            self.kind.addItem(text, value)
        self.kind.setCurrentIndex(max(0, self.kind.findData(kind)))
        self.days = QSpinBox()
        self.days.setObjectName("days")
        self.days.setRange(0, 365)
        self.days.setValue(30)
        self.days.setSuffix(" dias")
        self.list = QPlainTextEdit()
        self.list.setObjectName("recipients")
        self.list.setReadOnly(True)
        self.bar = QProgressBar()
        self.bar.setObjectName("progress")
        self.bar.setFormat("%v de %m")
        self.bar.setValue(0)
        self.message = QLabel("Só recebe lembrete quem consentiu e não se descadastrou (LGPD); "
                              "cada mensagem diz como se descadastrar.")
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Lembrete:", self.kind)
        form.addRow("&Prazos até:", self.days)
        self.preview_button = QPushButton("&Ver destinatários")
        self.send_button = QPushButton("&Enviar")
        self.cancel_button = QPushButton("Cancelar")
        self.close_button = QPushButton("Fechar")
        for name, button in (("preview_button", self.preview_button),
                             ("send_button", self.send_button),
                             ("cancel_button", self.cancel_button),
                             ("close_button", self.close_button)):
            button.setObjectName(name)
        self.preview_button.clicked.connect(lambda: self.preview())
        self.send_button.clicked.connect(lambda: self.send())
        self.cancel_button.clicked.connect(lambda: self.cancel())
        self.close_button.clicked.connect(self.reject)
        self.cancel_button.setEnabled(False)
        buttons = QDialogButtonBox()
        for button in (self.preview_button, self.send_button, self.cancel_button,
                       self.close_button):
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.bar)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumSize(640, 420)
        self._cancel = threading.Event()
        self._relay = _Relay()
        self._relay.step.connect(self._show_step)
        self.job = None
        self.kind.currentIndexChanged.connect(lambda: self.preview())
        self.preview()

    def _say(self, text: str, *, ok: bool = True) -> None:
        self.message.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        self.message.setText(text)

    def preview(self) -> dict | None:
        """Who would receive the reminder and who not (dry run: nothing sent)."""
        try:
            data = mail.reminders(self.actor, self.kind.currentData(), days=self.days.value(),
                                  dry_run=True)
        except DomainError as exc:
            self._say(str(exc), ok=False)
            return None
        lines = [f"Receberão ({len(data['planned'])}):"]
        lines += [f"  {p['name']} <{p['address']}> — {p['items']} prazo(s)"
                  for p in data["planned"]] or ["  ninguém"]
        if data["skipped"]:
            lines.append(f"Sem envio ({len(data['skipped'])}):")
            lines += [f"  {s['name']}: {s['reason']}" for s in data["skipped"]]
        self.list.setPlainText("\n".join(lines))
        self.bar.setRange(0, max(len(data["planned"]), 1))
        self.bar.setValue(0)
        self.send_button.setEnabled(bool(data["planned"]))
        return data

    # called in the worker thread
    def _progress(self, done: int, total: int) -> None:
        self._relay.step.emit(done, total)

    def _show_step(self, done: int, total: int) -> None:
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)

    def send(self) -> None:
        kind, days = self.kind.currentData(), self.days.value()
        self._cancel.clear()
        for widget in (self.kind, self.days, self.preview_button, self.send_button,
                       self.close_button):
            widget.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._say("Enviando…")
        self.job = run_in_background(
            lambda: mail.reminders(self.actor, kind, days=days, progress=self._progress,
                                   cancelled=self._cancel.is_set),
            self._finished, self._failed)

    def cancel(self) -> None:
        self._cancel.set()
        self.cancel_button.setEnabled(False)
        self._say("Cancelando depois da mensagem em envio… as já enviadas ficam registradas.")

    def reject(self) -> None:  # Esc while sending: cancel first, close when it ends
        if self.job is not None and not self.job.ended.is_set():
            self.cancel()
            return
        super().reject()

    def _idle(self) -> None:
        for widget in (self.kind, self.days, self.preview_button, self.close_button):
            widget.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _finished(self, result: dict) -> None:
        self.result_value = result
        self._idle()
        text = f"Enviados: {result['sent']}; com falha: {result['failed']}"
        if result["cancelled"]:
            text += "; cancelado antes do fim"
        self._say(text + ".", ok=not result["failed"])

    def _failed(self, exc: BaseException) -> None:
        self._idle()
        self._say(str(exc) if isinstance(exc, DomainError) else f"Falha: {exc}", ok=False)

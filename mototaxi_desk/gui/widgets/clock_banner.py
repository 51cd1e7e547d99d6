"""The banner that says the computer's date is not trusted (services/trust/clock_trust.py): the
program is held at the register's last day and works read-only. It names both dates; an
administrator confirms the computer's date (a jump past the next business day, on SQLite)
or undoes the daily updates made with a wrong date, from here."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton

from ...domain.errors import DomainError
from ...services.trust import clock_trust
from .. import prompts


class ClockBanner(QFrame):
    changed = Signal()  # the date was confirmed or the updates undone: everything anew

    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.setObjectName("clock_banner")
        self.setStyleSheet("#clock_banner { background: #fff3cd; } QLabel { color: #664d03; }")
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 4, 6, 4)
        self.text = QLabel()
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(self.text, 1)
        self.confirm_button = QPushButton("&Confirmar a data de hoje…")
        self.confirm_button.clicked.connect(self.confirm)
        self.undo_button = QPushButton("&Desfazer atualizações…")
        self.undo_button.clicked.connect(self.undo)
        row.addWidget(self.confirm_button)
        row.addWidget(self.undo_button)
        self.state: dict | None = None
        self.hide()

    def show_state(self, state: dict | None) -> None:
        self.state = state
        if not state or state["trusted"]:
            self.hide()
            return
        self.text.setText("<b>Data do computador não confirmada — somente consulta.</b> "
                          + state["message"])
        admin = self.actor.role == "admin"
        self.confirm_button.setVisible(admin and state["problem"] == "ahead")
        self.undo_button.setVisible(admin and bool(state["undoable"]))
        self.show()

    def confirm(self) -> None:
        day = self.state["computer_day"]
        last = self.state["register_day"]
        if not prompts.ask_yes_no(
                self, "Confirmar a data de hoje",
                f"O relógio deste computador marca <b>{day:%d/%m/%Y}</b>; o cadastro foi "
                f"atualizado pela última vez em <b>{last:%d/%m/%Y}</b>.<br><br>Confirmar que "
                f"hoje é {day:%d/%m/%Y}? As permissões, suspensões, convocações e intimações "
                "serão atualizadas até essa data."):
            return
        self._act(lambda: clock_trust.confirm(self.actor, day),
                  f"Data de {day:%d/%m/%Y} confirmada; cadastro atualizado.")

    def undo(self) -> None:
        day = self.state["computer_day"]
        days = ", ".join(f"{d:%d/%m/%Y}" for d in sorted(self.state["undoable"]))
        if not prompts.ask_yes_no(
                self, "Desfazer atualizações",
                f"O relógio deste computador marca <b>{day:%d/%m/%Y}</b>, mas o cadastro foi "
                f"atualizado até <b>{self.state['register_day']:%d/%m/%Y}</b>.<br><br>"
                f"Desfazer as atualizações diárias de {days}? Tudo o que elas mudaram volta a "
                "ser como era, e o cadastro é atualizado de novo até hoje."):
            return
        self._act(lambda: clock_trust.undo(self.actor, day),
                  "Atualizações desfeitas; cadastro atualizado até hoje.")

    def _act(self, action, done: str) -> None:
        try:
            action()
        except DomainError as exc:
            prompts.inform(self, "Mototáxi Desk", str(exc))
        else:
            prompts.inform(self, "Mototáxi Desk", done)
        self.show_state(clock_trust.state())
        self.changed.emit()

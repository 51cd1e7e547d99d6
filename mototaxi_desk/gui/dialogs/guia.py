"""'Emitir guia': the guia de recolhimento (DAM) of one open fee or fine of the person on the
record — choose the debt and the due date (a business day; another day moves to the next
one), issue it (numbered, audited) and see it in the print preview. Layout: ui/guia_dialog.ui."""
from __future__ import annotations

import datetime as dt

from PySide6.QtWidgets import QDialog, QDialogButtonBox

from ...domain.errors import DomainError
from ...domain.validators import format_date
from ...services.views import counter
from ...services.payments import guias
from ..forms.ui_guia_dialog import Ui_GuiaDialog
from ...domain import wallclock


class GuiaDialog(QDialog):
    """`result_value` holds the print result (PDF, copies, guia) once issued."""

    def __init__(self, actor, debts: list[dict], parent=None, *, today: dt.date | None = None):
        super().__init__(parent)
        self.actor, self.debts = actor, debts
        self.today = today or wallclock.today()
        self.result_value: dict | None = None
        self.done_text = ""
        self.ui = Ui_GuiaDialog()
        self.ui.setupUi(self)
        self.ui.intro.setText("A guia traz o código de barras (bancos e lotéricas) e o QR "
                              "code PIX para pagar pelo celular. Uma guia nova do mesmo "
                              "débito substitui a anterior.")
        for debt in debts:
            self.ui.debt.addItem(counter.debt_text(debt))
        self.ui.debt.currentIndexChanged.connect(lambda *_: self._amount())
        due = guias.default_due(self.today)
        self.ui.due.configure(label="Vencimento", earliest=self.today,
                              latest=self.today + dt.timedelta(days=guias.MAX_DUE_DAYS))
        self.ui.due.set_value(due)
        self.ui.due.changed.connect(lambda *_: self._due_note())
        self.ui.message.setStyleSheet("color: #b71c1c; font-weight: bold;")
        self.ok_button = self.ui.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText("Emitir e &imprimir")
        self.ok_button.setDefault(True)
        self.ui.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
        self.ui.buttons.accepted.connect(self.issue)
        self.ui.buttons.rejected.connect(self.reject)
        self._amount()
        self._due_note()

    def _amount(self) -> None:
        debt = self.debt()
        self.ui.amount.setText(f"<b>{debt['amount_text']}</b>" if debt else "")

    def _due_note(self) -> None:
        try:
            chosen = self.ui.due.date()
            actual = guias.due_date(chosen, self.today)
        except DomainError as exc:
            self.ui.due_note.setText(str(exc))
            return
        self.ui.due_note.setText(
            f"Padrão: {guias.DUE_BUSINESS_DAYS} dias úteis. " + (
                f"{format_date(chosen)} não é dia útil: vence em {format_date(actual)}."
                if actual != chosen else "Dia útil no município."))

    def debt(self) -> dict | None:
        index = self.ui.debt.currentIndex()
        return self.debts[index] if 0 <= index < len(self.debts) else None

    def issue(self) -> dict | None:
        debt = self.debt()
        if debt is None:
            return None
        try:
            result = guias.issue(self.actor, debt["source"], debt["id"],
                                 due=self.ui.due.date(), on=self.today)
        except DomainError as exc:  # the service's own message; the choices stay
            self.ui.message.setText(str(exc))
            return None
        guia = result["guia"]
        self.result_value = result
        self.done_text = (f"Guia {guia['number_text']} emitida: {guia['amount_text']}, "
                          f"vencimento {format_date(guia['due_on'])}.")
        self.accept()
        return result

"""A refusal for a debt offers, in the same form, to pay it or issue its guia (issue 36):
the debts that block the act, "Pagar agora…" (the record's payment form) and "Emitir guia…"
(the guia dialog and its print preview). Once a debt is paid the form is told (`settled`)
and checks again; what was typed in it stays."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QBoxLayout, QFrame, QHBoxLayout, QLayout, QPushButton,
                               QSizePolicy, QVBoxLayout)

from ...domain.money import format_money
from ...services.views import counter
from ...services.payments import fees, guias
from ...services import permissions
from .. import mnemonics, prompts
from ..widgets.wrapped_label import WrappedLabel


class DebtOffer(QFrame):
    settled = Signal()  # a debt was paid: the form checks again and goes on

    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.person_id: int | None = None
        self.debts: list[dict] = []
        self.form = None      # the payment or guia dialog open now (tests drive it)
        self.preview = None   # the guia's print preview
        self.setObjectName("debt_offer")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#debt_offer { background: #fff4e5; border: 1px solid #e0a040; }")
        # never taller than its text: the form's spare height goes to its list, not here
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.text = WrappedLabel()
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.pay_button = QPushButton("Pagar agora…")  # letters: offer()
        self.pay_button.setAutoDefault(False)
        self.pay_button.clicked.connect(lambda: self.pay())
        self.guia_button = QPushButton("Emitir guia…")
        self.guia_button.setAutoDefault(False)
        self.guia_button.clicked.connect(lambda: self.issue_guia())
        # compact: the text beside its two buttons (the forms it sits in are short at 125%)
        buttons = QVBoxLayout()
        buttons.addWidget(self.pay_button)
        buttons.addWidget(self.guia_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addWidget(self.text, 1)
        layout.addLayout(buttons)
        self.hide()

    def sizeHint(self):  # noqa: N802 (Qt API)
        # the lines its text needs at the width it has: a form's spare height then goes to
        # the form's list, not to empty room around this box
        hint = super().sizeHint()
        if self.width() > 0 and self.hasHeightForWidth():
            hint.setHeight(self.heightForWidth(self.width()))
        return hint

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.updateGeometry()  # the preferred height above changed with the width

    def offer(self, person_id: int, debts: list[dict], then: str, *, reason: str = "") -> None:
        """Show the debts that block the act; `then`: what happens once they are paid;
        `reason`: the refusal itself, when the form does not show it elsewhere."""
        self.person_id, self.debts = person_id, list(debts)
        if not self.debts:
            self.clear()
            return
        for button in (self.pay_button, self.guia_button):  # Alt+letters the form leaves free
            mnemonics.assign(button, self.window())
        total = format_money(sum(d["amount_cents"] for d in self.debts))
        head = (html.escape(reason) if reason else
                f"Débitos que impedem o ato ({len(self.debts)}, total {total})")
        items = "<br>".join(f"• {html.escape(counter.debt_text(d))}" for d in self.debts)
        self.text.setText(f"<b>{head}:</b><br>{items}<br>Pague agora ou emita a guia; "
                          f"{html.escape(then)}")
        can_pay = permissions.can(self.actor, "fee.pay")
        self.pay_button.setEnabled(can_pay)
        self.pay_button.setToolTip("" if can_pay else "Seu perfil não pode "
                                   f"{permissions.PERMISSIONS['fee.pay'].label}.")
        guia = guias.action_state(self.actor, person_id)
        self.guia_button.setEnabled(guia["enabled"])
        self.guia_button.setToolTip("" if guia["enabled"] else guia["why"])
        self.show()

    def clear(self) -> None:
        self.person_id, self.debts = None, []
        self.hide()

    def pay(self):
        """The record's payment form, the first blocking debt chosen; paid -> `settled`."""
        if not self.debts:
            return None
        from .payment_form import pay_form
        form = pay_form(self.actor, self.debts, self.window())
        form.accepted.connect(self._paid)
        self.form = form
        form.open()
        return form

    def _paid(self) -> None:
        # what is still open of what blocked the act (another counter may have paid some)
        still = {(d["source"], d["id"]) for d in fees.open_debts(self.person_id)}
        self.debts = [d for d in self.debts if (d["source"], d["id"]) in still]
        self.settled.emit()

    def issue_guia(self):
        """The guia of a blocking debt (numbered, audited), then its print preview."""
        if not self.debts:
            return None
        from .guia import GuiaDialog
        form = GuiaDialog(self.actor, self.debts, self.window())
        form.accepted.connect(lambda: self._guia_issued(form))
        self.form = form
        form.open()
        return form

    def _guia_issued(self, form) -> None:
        self.preview = prompts.show_preview(self.window(), form.result_value)


def attach(dialog, actor, after, confirm_button, *, recheck=None) -> DebtOffer:
    """The dialog's offer (made once), placed in the layout right after the widget `after`
    (its refusal line). Once a debt is paid `recheck` runs (the dialog's preview), then
    the dialog says to confirm again and the confirm button takes the focus: the act goes
    on from the same form."""
    offer = getattr(dialog, "debt_offer", None)
    if offer is not None:
        return offer
    offer = DebtOffer(actor, dialog)
    for layout in [dialog.layout(), *dialog.findChildren(QLayout)]:
        index = layout.indexOf(after) if layout is not None else -1
        if index >= 0 and isinstance(layout, QBoxLayout):
            layout.insertWidget(index + 1, offer)
            break
    else:
        dialog.layout().addWidget(offer)

    def settled() -> None:
        message = getattr(dialog, "message", None) or dialog.ui.message
        if recheck is not None:
            recheck()
            if message.text():  # the preview says what still stops the act
                return
        word = confirm_button.text().replace("&", "")
        if offer.debts:
            offer.offer(offer.person_id, offer.debts, f"depois clique em “{word}”.")
            message.setText("Débito pago; ainda há débitos que impedem o ato.")
            return
        offer.clear()
        message.setStyleSheet("color: #1b5e20; font-weight: bold;")
        message.setText(f"Débito pago. Clique em “{word}” para continuar.")
        confirm_button.setFocus()
    offer.settled.connect(settled)
    dialog.debt_offer = offer
    return offer


def offer_for(dialog, actor, refusal, after, confirm_button) -> DebtOffer:
    """Show, in the dialog refused for a debt (a DebtRefusal), the offer to pay or issue
    the guia of the debts that blocked it."""
    offer = attach(dialog, actor, after, confirm_button)
    word = confirm_button.text().replace("&", "")
    offer.offer(refusal.person_id, refusal.debts, f"depois clique em “{word}” de novo.")
    return offer


def offer_person_debts(page, actor, person_id, after, next_button, *, recheck) -> None:
    """Where a person is chosen for a request (the new application's first page): the
    debts that would refuse it (SRM Art. 50) with the offer to pay them, or nothing."""
    from ...services.licensing import applications
    blocking = applications.blocking_debts(person_id) if person_id is not None else None
    if blocking is None and getattr(page, "debt_offer", None) is None:
        return
    offer = attach(page, actor, after, next_button, recheck=recheck)
    if blocking is None:
        offer.clear()
        return
    word = next_button.text().replace("&", "")
    offer.offer(blocking["person_id"], blocking["debts"], f"depois clique em “{word}”.")


def offer_on_refusal(form, actor) -> None:
    """An ActionForm (widgets/ledger_view.py) refused for a debt shows the offer (once
    connected; the form cannot import this module: the offer opens a payment form)."""
    if getattr(form, "_offers_debts", False):
        return
    form._offers_debts = True
    form.debt_refused.connect(
        lambda refusal: offer_for(form, actor, refusal, form.message, form.ok_button))

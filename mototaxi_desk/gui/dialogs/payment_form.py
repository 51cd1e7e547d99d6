"""'Registrar pagamento': one open fee or fine of the person, paid whole (counter.pay_debt).
Its own module: the record opens it, and so does the offer to pay a debt that refused an act
(dialogs/debt_offer.py), which the record's other forms use."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit

from ...services.views import counter
from ..widgets.ledger_view import ActionForm, date_edit


def pay_form(actor, debts: list[dict], parent=None) -> ActionForm:
    """Pay one open fee or fine (counter.pay_debt); only the whole amount is taken."""
    which = QComboBox()
    for d in debts:
        which.addItem(counter.debt_text(d), d["id"])
    amount = QLineEdit()
    receipt = QLineEdit()
    receipt.setMaxLength(60)

    def chosen():
        debt = debts[which.currentIndex()] if debts else None
        amount.setText(debt["amount_text"] if debt else "")
        fixed = bool(debt) and debt["source"] == "fee"
        amount.setReadOnly(fixed)  # greyed by the stylesheet (gui/look.py): not a field to type
        amount.setFocusPolicy(Qt.FocusPolicy.NoFocus if fixed else Qt.FocusPolicy.StrongFocus)
        amount.setToolTip("Taxa: paga-se o valor inteiro, que não se digita." if fixed else "")

    def submit(v):
        debt = debts[which.currentIndex()]
        result = counter.pay_debt(actor, debt, paid_on=v["paid_on"], receipt=v["receipt"],
                                  amount=v["amount"])
        form.done_text = f"Pagamento registrado: {debt['label']} — {result['amount_text']}."
        return result
    which.currentIndexChanged.connect(lambda *_: chosen())
    chosen()
    form = ActionForm("Registrar pagamento", [
        ("debt", "Débito", which), ("paid_on", "Data do pagamento", date_edit()),
        ("receipt", "Nº do recibo / DAM", receipt), ("amount", "Valor pago", amount)], submit,
        confirm="Registrar pagamento", parent=parent,
        intro="Só o pagamento integral é aceito. Pagar a multa não exime de sanar a falta.")
    return form

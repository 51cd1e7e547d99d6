"""Payment of a fine of the notice, in full (services/payments/charges.pay_charge; paying does
not excuse curing the fault where the law says so, penalties.payment_article). The command
line pays it with `guia pay CPF --charge N`."""
from __future__ import annotations

from ...payments import charges
from . import register
from .base import LedgerAct


@register
class Pay(LedgerAct):
    key = button = form = "pay"
    label, title = "Pagar multa…", "Pagar multa"
    permission = "charge.pay"
    active_only = False
    order = 70
    button_row = 1
    audit = {"charge.pay": "Multa paga"}

    def ready(self, state):
        return bool(state.open_fines)

    def run(self, actor, *, notice_id=None, **inputs):
        return charges.pay_charge(actor, inputs["charge"], paid_on=inputs["paid_on"],
                                  receipt=inputs["receipt"], amount=inputs["amount"])

    def done_text(self, result, inputs):
        return f"Pagamento registrado ({result['amount_text']}). {result['note']}".strip()

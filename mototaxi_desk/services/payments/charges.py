"""Money the penalty ledger charges: a notice's fine, an impound's removal and storage.
Open charges are debts (SRM Art. 50); only whole payments are taken."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ...domain import validators
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...domain.money import format_money, format_units, parse_money, units_text
from ...store.connection import write_transaction
from ...store.models import InfractionNotice, PenaltyCharge
from .. import audit, permissions, setup
from ..context import Actor
from ..ledger.notice_records import day_or_today, number_text

CASHIERS = permissions.COUNTER  # the GUI asks; services check services/permissions.py


def charge_fine(actor: Actor, notice: InfractionNotice, fine, year: int) -> PenaltyCharge:
    charge = PenaltyCharge.create(
        kind="fine", notice=notice.id, person=notice.holder_id, permit=notice.permit_id,
        label=f"Multa do auto nº {number_text(notice)} ({notice.infraction_article})",
        article=fine.article, units=fine.units, unit_value_cents=fine.unit_value_cents,
        amount_cents=fine.amount_cents, year=year)
    audit.record(actor, "charge.create", "penalty_charge", charge.id,
                 after=audit.snapshot(charge))
    return charge


# --- payments --------------------------------------------------------------------------------

def get_charge(charge_id) -> PenaltyCharge:
    charge = PenaltyCharge.get_or_none(PenaltyCharge.id == charge_id)
    if charge is None:
        raise ValidationError("Multa", f"lançamento nº {charge_id} não existe.")
    return charge


def pay_charge(actor: Actor, charge_id, *, paid_on, receipt, amount,
               on: dt.date | None = None) -> dict:
    """Record the payment of a whole fine (partial payments refused). Where the law says so
    (penalties.payment_article, PF Art. 33), the answer reminds that paying does not release
    the infractor from fixing the fault."""
    permissions.require(actor, "charge.pay")
    today = day_or_today(on)
    paid_on = validators.parse_date(paid_on, "Data do pagamento", latest=today)
    receipt = validators.text(receipt, "Nº do recibo / DAM", max_length=60)
    cents = parse_money(amount, "Valor pago")
    charge = get_charge(charge_id)
    if charge.status != "open":
        raise DomainError(f"O lançamento nº {charge.id} não está em aberto ({charge.status}).")
    check_whole_payment(cents, charge.amount_cents)
    with write_transaction():
        before = audit.snapshot(charge)
        charge.status, charge.paid_on, charge.paid_cents, charge.receipt = \
            "paid", paid_on, cents, receipt
        charge.save()
        audit.record(actor, "charge.pay", "penalty_charge", charge.id, before=before,
                     after=audit.snapshot(charge))
    article = setup.profile(today).penalties.payment_article
    return {**charge_dict(charge),
            "note": "O pagamento da multa não exime o infrator de sanar a falta que lhe deu "
                    f"origem ({article})." if article else ""}


def check_whole_payment(cents: int, due_cents: int) -> None:
    """Only whole payments are taken: at the counter, from the bank's return, on the
    command line."""
    if cents != due_cents:
        raise RuleRefusal(f"Pagamento parcial ou a maior não é aceito: o valor devido é "
                          f"{format_money(due_cents)}")


def open_charges(person_id: int) -> list[dict]:
    """Open fines and impound charges of a person: debts (SRM Art. 50)."""
    return [charge_dict(c) for c in PenaltyCharge.select().where(
        (PenaltyCharge.person == person_id) & (PenaltyCharge.status == "open"))
        .order_by(PenaltyCharge.id)]


def charge_dict(charge: PenaltyCharge, unit: str | None = None) -> dict:
    """`unit`: the fiscal unit's name (today's profile), read once for a list."""
    unit = unit or setup.profile_today().fiscal_unit
    units = Decimal(charge.units)
    return {"id": charge.id, "kind": charge.kind, "code": f"penalty_{charge.kind}",
            "label": charge.label, "article": charge.article, "units": units_text(units),
            "units_text": format_units(units, unit), "amount_cents": charge.amount_cents,
            "amount_text": format_money(charge.amount_cents), "year": charge.year,
            "status": charge.status, "person_id": charge.person_id,
            "permit_id": charge.permit_id, "application_id": None,
            "notice_id": charge.notice_id, "impound_id": charge.impound_id,
            "paid_on": charge.paid_on, "receipt": charge.receipt, "source": "penalty"}

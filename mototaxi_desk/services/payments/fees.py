"""Fees the profile charges for acts (SRM Art. 47, L1745 Arts. 8, 15), in fiscal units and
R$ at the unit's value in the year. Open fees are debts (SRM Art. 50)."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ...domain import validators
from ...domain.errors import DebtRefusal, DomainError, ValidationError
from ...domain.money import format_money, format_units, units_text, units_to_cents
from ...store.connection import locked, retry_conflicts, write_transaction
from ...store.models import Fee
from .. import audit, permissions, setup
from .charges import open_charges
from ..context import Actor
from ...domain import wallclock


def as_dict(fee: Fee, *, unit: str | None = None) -> dict:
    """A fee as plain data; `unit`: the law's fiscal unit, read once by a caller listing many
    (else read here, one query)."""
    unit = setup.profile_today().fiscal_unit if unit is None else unit
    return {"id": fee.id, "code": fee.code, "label": fee.label, "article": fee.article,
            "units": units_text(fee.units), "units_text": format_units(Decimal(fee.units), unit),
            "amount_cents": fee.amount_cents, "amount_text": format_money(fee.amount_cents),
            "year": fee.year, "status": fee.status, "person_id": fee.person_id,
            "permit_id": fee.permit_id, "application_id": fee.application_id,
            "paid_on": fee.paid_on, "receipt": fee.receipt, "source": "fee"}


def fee_text(fee_key: str, *, on: dt.date | None = None) -> str:
    """'Mudança de ponto do condutor permissionário: R$ 144,78 (3 UFM, Art. 47 IV)', or ''
    where the profile charges nothing for the act."""
    on = on or wallclock.today()
    profile = setup.profile(on)
    rule = profile.fees.get(fee_key) if fee_key else None
    if rule is None:
        return ""
    cents = units_to_cents(rule.units, setup.fiscal_unit_value_cents(on.year))
    units = format_units(Decimal(rule.units), profile.fiscal_unit)
    return f"{rule.label}: {format_money(cents)} ({units}, {rule.article})"


def fee_notice(fee_key: str, *, payer: str = "", on: dt.date | None = None) -> str:
    """What an act charges, said before the clerk confirms it (issue 36): 'Este ato cobra
    R$ 48,26 (taxa Vistoria veicular, 1 UFM, Art. 47 III), lançada para o permissionário.',
    or '' where the profile charges nothing for it."""
    on = on or wallclock.today()
    rule = setup.profile(on).fees.get(fee_key) if fee_key else None
    if rule is None:
        return ""
    cents = units_to_cents(rule.units, setup.fiscal_unit_value_cents(on.year))
    units = format_units(Decimal(rule.units), setup.profile(on).fiscal_unit)
    return (f"Este ato cobra {format_money(cents)} (taxa {rule.label}, {units}, "
            f"{rule.article})" + (f", lançada para {payer}." if payer else "."))


def charge(actor: Actor, person_id: int, fee_key: str, *, on: dt.date, permit_id=None,
           application_id=None, units: Decimal | None = None, label: str | None = None,
           article: str | None = None) -> Fee | None:
    """A fee line for an act, if the profile charges it (None when its law does not).
    `units` overrides the profile's amount (e.g. the L1745 late-renewal fine)."""
    permissions.require(actor, "fee.charge")
    profile = setup.profile(on)
    rule = profile.fees.get(fee_key)
    if rule is None and units is None:
        return None
    units = Decimal(units if units is not None else rule.units)
    if units <= 0:
        return None
    unit_cents = setup.fiscal_unit_value_cents(on.year)
    with write_transaction():
        fee = Fee.create(person=person_id, permit=permit_id, application=application_id,
                         code=fee_key, label=label or (rule.label if rule else fee_key),
                         article=article or (rule.article if rule else ""), units=units,
                         unit_value_cents=unit_cents,
                         amount_cents=units_to_cents(units, unit_cents), year=on.year)
        audit.record(actor, "fee.charge", "fee", fee.id, after=audit.snapshot(fee))
    return fee


def _open_fee(fee_id) -> Fee:
    fee = Fee.get_or_none(Fee.id == fee_id)
    if fee is None:
        raise ValidationError("Taxa", f"taxa nº {fee_id} não existe.")
    if fee.status != "open":
        raise DomainError(f"A taxa nº {fee_id} não está em aberto ({fee.status}).")
    return fee


@retry_conflicts
def pay(actor: Actor, fee_id: int, *, paid_on, receipt: str) -> dict:
    """Record the payment of a whole fee (partial payments are not taken)."""
    permissions.require(actor, "fee.pay")
    paid_on = validators.parse_date(paid_on, "Data do pagamento", latest=wallclock.today())
    receipt = validators.text(receipt, "Nº do recibo / DAM", max_length=60)
    with write_transaction(concurrent=True):
        locked(Fee.select(Fee.id).where(Fee.id == fee_id)).first()  # paid at another counter?
        fee = _open_fee(fee_id)
        before = audit.snapshot(fee)
        fee.status, fee.paid_on, fee.receipt = "paid", paid_on, receipt
        fee.save()
        audit.record(actor, "fee.pay", "fee", fee.id, before=before, after=audit.snapshot(fee))
    return as_dict(fee)


def cancel(actor: Actor, fee_id: int, *, reason: str) -> dict:
    permissions.require(actor, "fee.cancel")
    reason = validators.text(reason, "Motivo do cancelamento", max_length=200)
    with write_transaction():
        fee = _open_fee(fee_id)
        before = audit.snapshot(fee)
        fee.status, fee.cancel_reason = "cancelled", reason
        fee.save()
        audit.record(actor, "fee.cancel", "fee", fee.id, before=before, after=audit.snapshot(fee))
    return as_dict(fee)


def open_debts(person_id: int) -> list[dict]:
    """Everything the person owes the município in this program: open fees and the open
    fines and impound charges of the penalty ledger. Each item's "source" ("fee" or
    "penalty") says which service pays it (fees.pay or ledger.pay_charge)."""
    from ...store.reading import remembered
    debts = remembered(("open_debts", int(person_id)), lambda: _open_debts(person_id))
    return [dict(debt) for debt in debts]  # the caller's own copies


def _open_debts(person_id: int) -> list[dict]:
    return [as_dict(f) for f in Fee.select().where((Fee.person == person_id) &
                                                   (Fee.status == "open")).order_by(Fee.id)] \
        + open_charges(person_id)


def check_no_debts(person_id: int, what: str, *, renewal: bool = False,
                   on: dt.date | None = None) -> None:
    """Refuse a request of a person who owes the município, where the profile says so:
    - debts.block_requests (SRM Art. 50: "débitos fiscais, multas ... impedirá a tramitação
      de qualquer requerimento"): every open fee, fine and impound charge blocks any request;
    - debts.blocks_renewal, for a renewal (`renewal=True`): the renewal needs "a taxa
      respectiva e ... outros tributos" paid (L1745 Art. 9; PF Art. 9 §2º "impostos e
      taxas"), so the open fees block it — the penalty ledger's fines are no tax (CTN Art. 3).
    Call it inside the action's write transaction: a debt recorded at another counter at the
    same moment is then seen. `on`: the act's date (the wording in force then; today)."""
    profile = setup.profile(on)
    if profile.debts.block_requests:
        debts = open_debts(person_id)
    elif renewal and profile.debts.blocks_renewal:
        debts = [as_dict(f) for f in Fee.select().where((Fee.person == person_id) &
                                                       (Fee.status == "open")).order_by(Fee.id)]
    else:
        return
    if debts:
        total = sum(d["amount_cents"] for d in debts)
        raise DebtRefusal(f"Há débitos em aberto ({len(debts)}, total {format_money(total)}) "
                          f"que impedem {what}", profile.debts.article, person_id=person_id,
                          debts=debts)

"""The yearly licensing of the permit card (SRM Art. 6 XX, with Arts. 30 XXIV d, 38 III d and
47 I; the profile's [licensing]): where the law has it, the card is valid until its licensing
date — printed on it and in its QR code —, an alert comes before that date, `verify` (the
desktop, the command line and the phone's status list) says the licensing is overdue after
it, and the licensing itself is an act at the counter (the holder comes in person, Art. 30
XXIV d) that charges the card's fee (Art. 47 I) and after which a new card is printed.

The licensing date is not stored: it follows from the grant's date and the latest licensing
or renewal of the permit (domain.permit_rules.card_valid_until), read from the permit's
history. PF (Art. 2 §3º) and L1745 (Art. 9) renew the permit itself every year, so there the
card is valid as long as the permit, as before."""
from __future__ import annotations

import datetime as dt

import peewee as pw

from ...domain import permit_rules, validators
from ...domain.errors import DomainError, RuleRefusal
from ...store.connection import write_transaction
from ...store.models import DB, Permit, PermitHistory
from .. import audit, permissions, setup
from ..payments import fees
from ..views import lookup
from . import permit_history
from ..context import Actor
from ...domain import wallclock

# the history lines that license the card: the act itself and the permit's renewal (a new
# term, a new card)
LICENSING_ACTIONS = ("card_licensing", "renew")
# the permit statuses whose card may be licensed (the holder keeps the permit)
LICENSABLE = ("active", "suspended", "interrupted")


def licensed_on(permit_ids=None) -> dict[int, dt.date]:
    """permit id -> the latest day its card was licensed (licensing or renewal): one grouped
    query (every permit with one, or those of `permit_ids`)."""
    query = (PermitHistory.select(PermitHistory.permit, pw.fn.MAX(PermitHistory.effective_on))
             .where(PermitHistory.action.in_(LICENSING_ACTIONS))
             .group_by(PermitHistory.permit))
    if permit_ids is not None:
        ids = list(permit_ids)
        if not ids:
            return {}
        query = query.where(PermitHistory.permit.in_(ids))
    # read straight from the cursor (SQLite's MAX of a date is text; _date reads both)
    return {pid: _date(day) for pid, day in DB.obj.execute(query)}


def latest_licensings() -> dict:
    """permit id -> its latest licensing day as the database gives it (text on SQLite), for
    every permit with one: the phone's status list (services/exchange/verifier.py). One scan
    of the history's rows, the latest kept here: SQLite's GROUP BY walks the permit index
    with a row read per line (100,000 permits: about 95 ms, and 55 more joined to the
    permits; this, about 55 ms)."""
    latest: dict = {}
    for permit_id, day in DB.obj.execute(
            PermitHistory.select(PermitHistory.permit, PermitHistory.effective_on)
            .where(PermitHistory.action.in_(LICENSING_ACTIONS))):
        if permit_id not in latest or day > latest[permit_id]:
            latest[permit_id] = day
    return latest


def _date(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)[:10])


def card_valid_until(permit: Permit, profile=None, *, licensed: dt.date | None = None,
                     known: bool = False) -> dt.date:
    """The last day the permit's card is valid (the permit's validity where the law has no
    yearly licensing). `licensed`/`known`: the latest licensing day, already read."""
    profile = profile or setup.profile_today()
    if not permit_rules.licenses_cards(profile):
        return permit.valid_until
    if not known:
        licensed = licensed_on([permit.id]).get(permit.id)
    return permit_rules.card_valid_until(profile, issued_on=permit.issued_on,
                                         valid_until=permit.valid_until, licensed_on=licensed)


def overdue(permit: Permit, on: dt.date, profile=None) -> dt.date | None:
    """The card's licensing date when it has passed on `on` (None: licensed, or no yearly
    licensing in the law)."""
    profile = profile or setup.profile(on)
    if not permit_rules.licenses_cards(profile):
        return None
    until = card_valid_until(permit, profile)
    return until if until < on and until < permit.valid_until else None


def license_card(actor: Actor, permit_id, *, on=None, act_number="") -> dict:
    """SRM Art. 6 XX: the year's licensing of the permit card — the holder comes in person
    (Art. 30 XXIV d), owes nothing (Art. 50), and the card's fee is charged (Art. 47 I);
    the card is then valid to the next anniversary of the grant. Audited, with a history
    line; the new card is printed by documents.print_cards."""
    permissions.require(actor, "permit.license_card")
    on = validators.parse_date(on or wallclock.today(), "Data do licenciamento")
    act_number = validators.text(act_number, "Nº do ato", max_length=60, required=False)
    profile = setup.profile(on)
    rule = profile.licensing
    if not permit_rules.licenses_cards(profile):
        raise RuleRefusal("A lei do município não prevê licenciamento anual do cartão de "
                          "permissão: o cartão vale enquanto a permissão",
                          profile.permit.validity_article)
    with write_transaction():
        permit = lookup.get_permit(permit_id)
        if permit.status not in LICENSABLE:
            from .permits import STATUS_LABELS
            raise DomainError(f"Permissão nº {lookup.permit_number(permit)} está "
                              f"{STATUS_LABELS[permit.status].lower()}: não é possível "
                              "licenciar o cartão.")
        before = card_valid_until(permit, profile)
        permit_rules.check_licensing_opens(profile, before, permit.valid_until, on)
        fees.check_no_debts(permit.holder_id, "o licenciamento do cartão", on=on)
        permit_history.record(actor, permit, "card_licensing", on=on,
                              from_status=permit.status, act_number=act_number,
                              details={"card_valid_until_before": before})
        after = card_valid_until(permit, profile)
        if after <= before:  # the act must move the date (check_licensing_opens says why)
            raise DomainError("O licenciamento não muda a validade do cartão; nada foi "
                              "alterado.")
        audit.record(actor, "permit.license_card", "permit", permit.id,
                     after={"card_valid_until_before": before.isoformat(),
                            "card_valid_until": after.isoformat(), "act_number": act_number,
                            "on": on.isoformat()})
        if rule.fee_key:
            fees.charge(actor, permit.holder_id, rule.fee_key, on=on, permit_id=permit.id)
    return {"permit_id": permit.id, "order_number": permit.order_number,
            "order_text": permit_rules.format_order_number(profile, permit.order_number),
            "holder_name": permit.holder.name, "card_valid_until_before": before,
            "card_valid_until": after, "article": rule.article, "status": permit.status}

"""The counter's actions on a person's record (prontuário): which apply right now for the
acting user — each with the reason when it does not — and the two acts that had no service
of their own: the second copy of the permit card (with the profile's fee) and the renewal
preview (the renewal's own, services/acts/renew.py `terms`). The rules stay in their services; `actions` only asks them, so a button that is
enabled may still be refused by the service, and the refusal is what the clerk sees."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

from ...domain.errors import DomainError, RuleRefusal
from ...domain.money import parse_money
from ...domain.permit_status import PermitAction
from ...store.connection import write_transaction
from ...store.reading import one_reading
from ...store.models import Permit, Person, WaitingListEntry
from .. import acts, documents, ledger, permissions, permit_actions, setup
from ..payments import fees
from . import lookup
from ..licensing import permits, waiting_list
from ..register import stands
from ..payments.charges import check_whole_payment
from ..context import Actor
from ..payments.fees import fee_text
from ...domain import wallclock

DEFENCE_STAGES = ("defence_open", "appeal_open")


def _state(enabled: bool, why: str = "", **extra) -> dict:
    return {"enabled": enabled, "why": "" if enabled else why, **extra}


def _role_why(actor: Actor, action: str) -> str:
    """Why the role may not do the action (services/permissions.py), or ""."""
    if permissions.can(actor, action):
        return ""
    return f"Seu perfil não pode {permissions.PERMISSIONS[action].label}."


def renewal_preview(permit_id, *, on: dt.date | None = None) -> dict:
    """What renewing now would do (the renewal's own preview, services/acts/renew.py): the
    new validity, the fee and any late fine; raises the rule's refusal (too early, lapsed,
    ended permit) as the renewal itself would."""
    return acts.get("renew").terms(permit_id, on=on)


def _renewal_state(actor: Actor, held: list[Permit], on: dt.date) -> dict:
    renew = acts.get("renew")  # services/acts/renew.py
    statuses = renew.statuses_on(setup.profile(on))
    candidates = [p for p in held if p.status in statuses]
    if not candidates:
        return _state(False, "Nenhuma permissão ativa, vencida ou suspensa para renovar."
                      if "suspended" in statuses else
                      "Nenhuma permissão ativa ou vencida para renovar.")
    ready, why = [], ""
    for permit in candidates:
        try:
            renewal_preview(permit.id, on=on)
            ready.append(permit.id)
        except DomainError as exc:
            why = str(exc)
    if not ready:
        return _state(False, why)
    direct = permissions.can(actor, renew.permission)
    if not direct and not permissions.can(actor, "application.file"):
        return _state(False, _role_why(actor, "application.file"))
    # the supervisor renews with the act; the clerk files the renewal application
    return _state(True, permit_ids=ready, direct=direct)


def _second_copy_state(actor: Actor, held: list[Permit]) -> dict:
    why = _role_why(actor, "print.card")
    if why:
        return _state(False, why)
    kind = setup.profile_today().application("card_second_copy")
    ready = [p.id for p in held if p.status in documents.CARD_STATUSES]
    if not ready:
        return _state(False, "Nenhuma permissão ativa, suspensa ou interrompida.")
    if not kind.allowed and all(_card_printed_for_holder(p) for p in held if p.id in ready):
        return _state(False, f"A lei do município não prevê 2ª via ({kind.article}).")
    return _state(True, permit_ids=ready)


def _stand_state(actor: Actor, held: list[Permit], on: dt.date) -> dict:
    why = _role_why(actor, "stand.change")
    if why:
        return _state(False, why)
    movable = [p for p in held if p.status in stands.CHANGE_STATUSES]
    if not movable:
        return _state(False, "Nenhuma permissão em vigor para pôr em ponto.")
    if not stands.has_free_place():
        return _state(False, "Nenhum ponto com vaga livre.")
    return _state(True, permit_ids=[p.id for p in movable])


def actions(actor: Actor, person_id, *, on: dt.date | None = None) -> dict[str, dict]:
    """{action: {"enabled", "why", ...}} for the record's buttons: renew, second_copy, pay,
    defence, stand, photo, edit (personal data), cnh, new_application, export (LGPD Art. 18
    II); and "permit_acts", the acts of the "Mais ▾" menu the município's law provides
    (permit_actions.states)."""
    with one_reading():  # the profile, the calendar, the debts: read once for all the buttons
        return _actions(actor, person_id, on=on or wallclock.today())


def _actions(actor: Actor, person_id, *, on: dt.date) -> dict[str, dict]:
    held = list(Permit.select().where(Permit.holder == person_id).order_by(Permit.order_number))
    debts = fees.open_debts(person_id)
    pay_why = _role_why(actor, "fee.pay")
    notices = ledger.ledger(person_id=person_id, on=on)["notices"]
    rule = setup.profile(on).defence
    defensible = [n["id"] for n in notices if n["status"] == "active"
                  and n["stage"] in DEFENCE_STAGES]
    defence_why = (_role_why(actor, "defence.file") or
                   ("" if rule.defence_days or rule.appeal_days else
                    "A lei do município não prevê prazo de defesa.") or
                   ("" if defensible else "Nenhum auto com prazo de defesa ou recurso aberto."))
    return {
        "renew": _renewal_state(actor, held, on),
        "second_copy": _second_copy_state(actor, held),
        "pay": _state(not pay_why and bool(debts), pay_why or "Nada em aberto.",
                      debts=debts),
        "defence": _state(not defence_why, defence_why, notice_ids=defensible),
        "stand": _stand_state(actor, held, on),
        "photo": _state(permissions.can(actor, "person.update"),
                        _role_why(actor, "person.update")),
        "edit": _state(permissions.can(actor, "person.update"),
                       _role_why(actor, "person.update")),
        "cnh": _state(permissions.can(actor, "person.cnh"), _role_why(actor, "person.cnh")),
        "new_application": _state(permissions.can(actor, "application.file"),
                                  _role_why(actor, "application.file")),
        "export": _state(permissions.can(actor, "person.export"),
                         _role_why(actor, "person.export")),
        "permit_acts": permit_actions.states(actor, person_id, on=on),
    }


def second_copy_card(actor: Actor, permit_id, *, sheet: str | None = None,
                     on: dt.date | None = None) -> dict:
    """Print the holder's card again. From the second print on it is a "2ª via": refused
    where the law has none, with open debts where they block requests (SRM Art. 50), and
    charged with the profile's fee (SRM Art. 47 I: 1 UFM). The copy is reserved here; the
    fee (`fee_due`) is charged with the copy when the print is confirmed
    (documents.confirm / write_file), so a cancelled print charges nothing."""
    permissions.require(actor, "print.card")
    on = on or wallclock.today()
    permit = lookup.get_permit(permit_id)
    kind = setup.profile(on).application("card_second_copy")
    again = documents.latest_copy("card", str(permit.order_number)) > 0
    if again:
        # after a transfer the new holder's first card is a new expedição, not a 2ª via:
        # not refused where the law has none, charged where the law charges the card
        if not kind.allowed and _card_printed_for_holder(permit):
            raise RuleRefusal("A lei do município não prevê segunda via do cartão",
                              kind.article)
        fees.check_no_debts(permit.holder_id, "a segunda via do cartão", on=on)
        if kind.fee_key:
            setup.fiscal_unit_value_cents(on.year)  # refuses before any write if unset
    result = documents.print_cards(actor, [permit.order_number], sheet=sheet, on=on)
    due = {"person_id": permit.holder_id, "fee_key": kind.fee_key, "on": on.isoformat(),
           "permit_id": permit.id} if again and kind.fee_key else None
    return {**result, "fee_due": due, "fee": None}


def _card_printed_for_holder(permit) -> bool:
    """Whether the current holder already had a card of this permit: after a transfer the
    new holder's first card is an expedição of his card, not a 2ª via (SRM Art. 4 §9º,
    L1745 Art. 8 §1º), so it is not refused where the law has no 2ª via."""
    from ...store.models import PermitHistory, PrintLog
    last = (PrintLog.select(PrintLog.at).where((PrintLog.document == "card") &
                                               (PrintLog.entity_key == str(permit.order_number)) &
                                               (PrintLog.state == "issued"))
            .order_by(PrintLog.id.desc()).first())
    if last is None:
        return False
    transferred = (PermitHistory.select(PermitHistory.at).where(
        (PermitHistory.permit == permit.id) & (PermitHistory.action == PermitAction.TRANSFER))
        .order_by(PermitHistory.id.desc()).first())
    return transferred is None or transferred.at < last.at


def pay_debt(actor: Actor, debt: dict, *, paid_on, receipt: str, amount=None) -> dict:
    """Pay one item of fees.open_debts: a fee (fees.pay) or a fine / impound charge
    (ledger.pay_charge, whole amount only)."""
    if debt["source"] == "fee":
        return fees.pay(actor, debt["id"], paid_on=paid_on, receipt=receipt)
    return ledger.pay_charge(actor, debt["id"], paid_on=paid_on, receipt=receipt,
                             amount=amount)


def pay_debts(actor: Actor, debts: list[dict], *, paid_on, receipt: str,
              amount=None) -> list[dict]:
    """Pay items of fees.open_debts whole, in one transaction (one refused, none recorded).
    `amount`, the money received (R$), must be their total; without it each is paid whole,
    as the window's "Registrar pagamento" fills in the amount due."""
    if amount is not None:
        check_whole_payment(parse_money(amount, "Valor pago"),
                            sum(debt["amount_cents"] for debt in debts))
    with write_transaction():
        return [pay_debt(actor, debt, paid_on=paid_on, receipt=receipt,
                         amount=Decimal(debt["amount_cents"]) / 100) for debt in debts]


def debt_text(debt: dict) -> str:
    what = debt["label"] + (f" ({debt['article']})" if debt.get("article") else "")
    return f"{what} — {debt['amount_text']} ({debt['year']})"



def stand_change_fee_text(*, on: dt.date | None = None) -> str:
    return fee_text(setup.profile(on).stand.change_fee_key, on=on)


def second_copy_fee_text(*, on: dt.date | None = None) -> str:
    return fee_text(setup.profile(on).application("card_second_copy").fee_key, on=on)


def unplaced_permits() -> list[dict]:
    """Permits in force without a place on a stand (to assign one), by order number."""
    rows = (Permit.select().where(Permit.stand.is_null() &
                                  Permit.status.in_(stands.CHANGE_STATUSES))
            .order_by(Permit.order_number))
    return [permits.as_dict(p) for p in rows]


def waiting_calls(actor: Actor | None = None) -> list[dict]:
    """The people called from the waiting list who have not answered yet, with the
    deadline to come forward, earliest deadline first; CPFs as `actor` may see them."""
    rows = (WaitingListEntry.select(WaitingListEntry, Person).join(Person)
            .where(WaitingListEntry.status == "called")
            .order_by(WaitingListEntry.call_deadline, WaitingListEntry.id))
    return [waiting_list.as_dict(e, e.person, actor=actor) for e in rows]  # one query

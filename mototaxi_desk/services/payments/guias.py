"""Guias de recolhimento (DAM): the slip that tells the applicant how to pay an open fee or
fine — by PIX on the phone at the counter, or at a bank with the FEBRABAN barcode.

- A guia is issued for one open debt (a fee of services/fees or a penalty charge of
  services/ledger), numbered AAAA/NNNNNN from a gap-free yearly sequence, audited, and
  printed in the same action (its first copy in the print log). Issuing another guia for
  the same debt replaces the open one (the older slip, if paid anyway, still pays the debt).
- The due date is a business day of the município (national, state and municipal holidays,
  services/ledger.business_calendar): by default DUE_BUSINESS_DAYS business days after
  issue; a date the clerk chooses that is not a business day moves to the next one.
- The barcode's free field carries the due date and the guia's number; the PIX
  transaction id is "DAM" + year + number. A bank return (services/bank_returns) finds the
  guia by its barcode and pays the debt through counter.pay_debt.
"""
from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ...domain import febraban, pix, validators
from ...domain.errors import DomainError, ValidationError
from ...domain.money import format_money
from ...store.connection import locked, retry_conflicts, write_transaction
from ...store.models import Fee, Guia, PenaltyCharge, Person
from .. import audit, ledger, permissions, setup
from . import collection, fees
from ..administration import sequences
from ..documents.common import finish, log_copy, municipio_header, order_text
from ..context import Actor
from ...domain import wallclock

if TYPE_CHECKING:  # ReportLab (a third of a second to import) is loaded when a guia is
    # drawn, not by whoever only reads guias: the Configurações page, a bank return
    from ...printing import guia as guia_pdf

DUE_BUSINESS_DAYS = 5   # program policy: a week to pay, counted in business days
MAX_DUE_DAYS = 120      # a later due date is a typing mistake
SOURCES = ("fee", "penalty")
STATUS_LABELS = {"open": "Em aberto", "paid": "Paga", "replaced": "Substituída"}


def number_text(guia: Guia) -> str:
    return f"{guia.year}/{guia.number:06d}"


def transaction_id(year: int, number: int) -> str:
    return f"DAM{year}{number:09d}"


def _parse_number(text) -> tuple[int, int]:
    raw = str(text or "").strip()
    year, sep, number = raw.partition("/")
    if not sep or not (year + number).isascii() or not year.isdigit() \
            or not number.isdigit() or len(year) != 4 or len(number) > 9:  # '²' is a digit
        raise ValidationError("Nº da guia", "use o formato AAAA/NNNNNN (ex.: 2026/000012).")
    return int(year), int(number)


def get(number) -> Guia:
    year, value = _parse_number(number)
    guia = Guia.get_or_none((Guia.year == year) & (Guia.number == value))
    if guia is None:
        raise ValidationError("Nº da guia", f"a guia {number} não existe.")
    return guia


# --- the debt behind a guia ------------------------------------------------------------------

def _debt_row(source: str, debt_id):
    if source == "fee":
        row = Fee.get_or_none(Fee.id == debt_id)
        what = "taxa"
    elif source == "penalty":
        row = PenaltyCharge.get_or_none(PenaltyCharge.id == debt_id)
        what = "multa ou despesa"
    else:
        raise ValidationError("Débito", f"origem desconhecida: {source}.")
    if row is None:
        raise ValidationError("Débito", f"{what} nº {debt_id} não existe.")
    return row


def debt_of(guia: Guia) -> dict:
    """The debt as fees.open_debts gives it (for counter.pay_debt)."""
    if guia.fee_id is not None:
        return fees.as_dict(guia.fee)
    return ledger.charge_dict(guia.charge)


def _reference(row) -> str:
    """What the debt belongs to, as the guia prints it."""
    if isinstance(row, PenaltyCharge):
        if row.notice_id:
            return f"auto de infração nº {ledger.number_text(row.notice)}"
        if row.impound_id:
            return f"apreensão nº {row.impound_id} (placa {row.impound.plate})"
        return ""
    parts = []
    if row.permit_id:
        parts.append(f"permissão nº {order_text(row.permit.order_number)}")
    if row.application_id:
        app = row.application
        parts.append(f"protocolo {app.protocol_year}/{app.protocol_seq:06d}")
    return ", ".join(parts)


# --- due dates --------------------------------------------------------------------------------

def default_due(on: dt.date) -> dt.date:
    return ledger.business_calendar().add_business_days(on, DUE_BUSINESS_DAYS)


def due_date(value, on: dt.date) -> dt.date:
    """The chosen due date (dd/mm/aaaa or a date), moved to the next business day."""
    if value in (None, ""):
        return default_due(on)
    day = validators.parse_date(value, "Vencimento", earliest=on,
                                latest=on + dt.timedelta(days=MAX_DUE_DAYS))
    return ledger.business_calendar().next_business_day(day)


# --- issuing and printing ---------------------------------------------------------------------

@retry_conflicts
def issue(actor: Actor, source: str, debt_id, *, due=None, on: dt.date | None = None) -> dict:
    """Issue a guia for one open debt and print its first copy: the print result (PDF,
    copies) with the guia. Refused before any write when the município lacks its collection
    data, the debt is not open, or the due date is not acceptable."""
    permissions.require(actor, "guia.issue")
    _register_fonts()  # a damaged installation refuses before a number is taken
    why = collection.missing_for_guia()
    if why:
        raise DomainError(why)
    on = on or wallclock.today()
    due_on = due_date(due, on)
    with write_transaction(concurrent=True):  # conflicts: the debt's row, then the number's
        model = type(_debt_row(source, debt_id))
        row = locked(model.select().where(model.id == debt_id)).get()  # paid at another counter?
        if row.status != "open":
            raise DomainError(f"Este débito não está em aberto ({row.status}); não há o que "
                              "cobrar.")
        number = sequences.next_value("guia", on.year)
        for old in Guia.select().where(_same_debt(source, row.id) & (Guia.status == "open")):
            before = audit.snapshot(old)
            old.status = "replaced"
            old.save()
            audit.record(actor, "guia.replace", "guia", old.id, before=before,
                         after=audit.snapshot(old))
        settings = setup.settings()
        barcode = None
        if settings.febraban_code:
            barcode = febraban.barcode(febraban=settings.febraban_code, cents=row.amount_cents,
                                       free_field=febraban.free_field(due_on, on.year, number),
                                       module=settings.barcode_module)
        guia = Guia.create(year=on.year, number=number, person=row.person_id,
                           fee=row.id if source == "fee" else None,
                           charge=row.id if source == "penalty" else None,
                           label=row.label, article=row.article, amount_cents=row.amount_cents,
                           issued_on=on, due_on=due_on, barcode=barcode,
                           pix_txid=transaction_id(on.year, number) if settings.pix_key
                           else None, issued_by=actor.user_id)
        audit.record(actor, "guia.issue", "guia", guia.id, after=audit.snapshot(guia))
        data, copies = _reserve_copy(actor, guia)
    return _drawn(actor, guia, data, copies)


def _same_debt(source: str, debt_id: int):
    return (Guia.fee == debt_id) if source == "fee" else (Guia.charge == debt_id)


def _register_fonts() -> None:
    from ...printing import fonts
    fonts.register()


def _reserve_copy(actor: Actor, guia: Guia) -> tuple[guia_pdf.GuiaData, list[dict]]:
    """Reserve a copy of the guia and gather what it prints; inside the transaction. The copy
    is issued (and the print audited) when the file is written or the page printed
    (documents.confirm), like every other document."""
    from ...printing import guia as guia_pdf
    key = number_text(guia)
    copy = log_copy(actor, "guia", key, "a4")
    copies = [{"key": key, "copy": copy}]
    settings = setup.settings()
    person: Person = guia.person
    row = guia.fee if guia.fee_id is not None else guia.charge
    header = municipio_header(guia.issued_on)  # the wording in force on the guia's date
    payload = ""
    if guia.pix_txid and settings.pix_key:
        payload = pix.brcode(key=settings.pix_key, name=f"Prefeitura {header.name}",
                             city=header.name, cents=guia.amount_cents,
                             transaction_id=guia.pix_txid)
    data = guia_pdf.GuiaData(
        municipio=header, cnpj_text=pix.format_cnpj(settings.cnpj), number_text=key,
        payer=person.name, cpf_masked=validators.mask_cpf(person.cpf), what=guia.label,
        article=guia.article, reference=_reference(row), issued_on=guia.issued_on,
        due_on=guia.due_on, amount_text=format_money(guia.amount_cents),
        barcode=guia.barcode or "",
        typeable_line=febraban.typeable_line(guia.barcode) if guia.barcode else "",
        pix_payload=payload, pix_key_text=pix.key_text(settings.pix_key) if payload else "",
        copy=copy, printed_at=wallclock.now(), login=actor.login)
    return data, copies


def print_guia(actor: Actor, number) -> dict:
    """Another copy of a guia already issued (same number, barcode and PIX code)."""
    permissions.require(actor, "print.guia")
    _register_fonts()
    with write_transaction():
        guia = get(number)
        data, copies = _reserve_copy(actor, guia)
    return _drawn(actor, guia, data, copies)


def _drawn(actor: Actor, guia: Guia, data: guia_pdf.GuiaData, copies: list[dict]) -> dict:
    """The print result (PDF drawn after the transaction; see documents.common.finish)."""
    from ...printing import guia as guia_pdf
    return {**finish(actor, "guia", copies, "a4", lambda: guia_pdf.render(data)),
            "guia": as_dict(guia)}


# --- reading ----------------------------------------------------------------------------------

def state(guia: Guia, *, on: dt.date | None = None) -> tuple[str, str]:
    """(state, label): paid by its own payment, or its debt settled or cancelled another way,
    replaced, overdue or open."""
    on = on or wallclock.today()
    if guia.status == "paid":
        return "paid", f"Paga em {validators.format_date(guia.paid_on)} (retorno bancário)"
    debt = guia.fee if guia.fee_id is not None else guia.charge
    if debt.status == "paid":
        return "settled", "Débito pago por outro meio"
    if debt.status != "open":
        return "cancelled", "Débito cancelado"
    if guia.status == "replaced":
        return "replaced", "Substituída por guia mais nova"
    if guia.due_on < on:
        return "overdue", "Vencida"
    return "open", "Em aberto"


def as_dict(guia: Guia, *, on: dt.date | None = None) -> dict:
    code, label = state(guia, on=on)
    return {"id": guia.id, "number_text": number_text(guia), "year": guia.year,
            "number": guia.number, "person_id": guia.person_id,
            "source": "fee" if guia.fee_id is not None else "penalty",
            "debt_id": guia.fee_id if guia.fee_id is not None else guia.charge_id,
            "label": guia.label, "article": guia.article, "amount_cents": guia.amount_cents,
            "amount_text": format_money(guia.amount_cents), "issued_on": guia.issued_on,
            "due_on": guia.due_on, "barcode": guia.barcode or "",
            "typeable_line": febraban.typeable_line(guia.barcode) if guia.barcode else "",
            "pix_txid": guia.pix_txid or "", "status": guia.status, "state": code,
            "state_label": label, "paid_on": guia.paid_on, "paid_cents": guia.paid_cents}


def list_guias(person_id=None, *, limit: int = 500) -> list[dict]:
    query = Guia.select().order_by(Guia.year.desc(), Guia.number.desc()).limit(limit)
    if person_id is not None:
        query = query.where(Guia.person == person_id)
    return [as_dict(g) for g in query]


def resolve_debt(person_id: int, *, fee_id=None, charge_id=None) -> dict:
    """The open debt a guia is asked for: the one named, or the person's only open debt."""
    debts = fees.open_debts(person_id)
    if fee_id is not None or charge_id is not None:
        source, wanted = ("fee", int(fee_id)) if fee_id is not None else \
            ("penalty", int(charge_id))
        for debt in debts:
            if debt["source"] == source and debt["id"] == wanted:
                return debt
        raise ValidationError("Débito", "não é um débito em aberto desta pessoa.")
    if not debts:
        raise DomainError("Esta pessoa não tem débitos em aberto.")
    if len(debts) > 1:
        listing = "; ".join(f"{debt_option(d)}: {d['label']} {d['amount_text']}"
                            for d in debts)
        raise ValidationError("Débito", f"há {len(debts)} débitos em aberto; escolha um "
                                        f"({listing}).")
    return debts[0]


def debt_option(debt: dict) -> str:
    """How the command line names a debt: --fee N or --charge N."""
    return f"--fee {debt['id']}" if debt["source"] == "fee" else f"--charge {debt['id']}"


def action_state(actor: Actor, person_id) -> dict:
    """The record's 'Emitir guia' button: enabled with the open debts, or why not."""
    if not permissions.can(actor, "guia.issue"):
        return {"enabled": False, "why": "Seu perfil não pode "
                f"{permissions.PERMISSIONS['guia.issue'].label}.", "debts": []}
    debts = fees.open_debts(person_id)
    why = "Nada em aberto." if not debts else collection.missing_for_guia()
    return {"enabled": not why, "why": why, "debts": debts}

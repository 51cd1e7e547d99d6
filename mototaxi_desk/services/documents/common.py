"""What every print shares: the município header, the print log with its copy numbers,
the audit entry, and the text of permits, people and vehicles as documents show them."""
from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

import peewee as pw

from ...domain import permit_rules, permit_status, validators
from ...domain.errors import DomainError, ValidationError
from ...store.connection import serialise, write_transaction
from ...store.models import Permit, Person, PrintLog, Vehicle
from .. import audit, permissions, setup
from ..register import persons, stands
from ..context import Actor

if TYPE_CHECKING:
    from ...domain.profiles import RuleProfile

PRINT_ROLES = permissions.EVERYONE  # the GUI asks; services check services/permissions.py
CARD_STATUSES = ("active", "suspended", "interrupted")  # a card for these; not for ended ones
DOCUMENTS = {"card": "cartão de permissão", "aux_card": "cartão de condutor auxiliar",
             "sticker": "selo de vistoria", "termo": "termo de permissão",
             "roster": "relação do ponto", "notice": "auto de infração",
             "release": "recibo de liberação", "receipt": "comprovante de protocolo",
             "guia": "guia de recolhimento", "permit_act": "ato da permissão"}
STATUS_LABELS = permit_status.STATUS_LABELS
Progress = Callable[[int, int], None] | None


def municipio_header(on: dt.date | None = None, *, profile: RuleProfile | None = None):
    """The header every document prints (printing.common.Municipio), with the law of the
    profile in force on the document's own date `on` (or the `profile` given); a document
    of today (a report, a data export) reads today's. ReportLab is loaded here, by the first
    print, not by verifying a QR code (`verify`)."""
    from ...printing.common import Municipio
    row = setup.settings()
    profile = profile or (setup.profile(on) if on else setup.profile_today())
    return Municipio(name=row.name, uf=row.uf, ibge=row.ibge_code,
                     brasao=bytes(row.brasao) if row.brasao else None,
                     law=profile.profile.law)


def dated_header(header, profile: RuleProfile):
    """A batch's header with the law of one document's own date (a card of a grant under an
    earlier wording keeps that wording's law)."""
    law = profile.profile.law
    return header if header.law == law else dataclasses.replace(header, law=law)


def legal_basis(profile: RuleProfile, article: str) -> str:
    """'Projeto de Lei nº 002/2019, Art. 17': the law as the profile of the document's date
    writes it, and the article of the document (profile [documents])."""
    law = profile.profile.law
    return ", ".join(part for part in (law, article) if part)


def order_text(number: int, profile: RuleProfile | None = None) -> str:
    """SRM Art. 4 §5: the order number as the profile given (a document's date) shows it;
    without one, as today's wording does (a message on screen)."""
    return permit_rules.format_order_number(profile or setup.profile_today(), number)


def log_copy(actor: Actor, document: str, key: str, layout: str, key_id: int | None = None) -> int:
    """Reserve the next copy number of a document; inside the transaction. The copy is
    `reserved` until `issuing.confirm` (the file written, the page printed): a failed write,
    a cancelled preview or a kill leaves the copy in circulation current. Two counters
    printing the same document at once take turns here (on PostgreSQL the first copy has no
    row to lock yet, hence the named lock), so each gets its own number; the unique index
    (document, key, copy) stays the last guard. Numbers of reservations still pending are
    never given again (a PDF with that number may exist); released ones are."""
    serialise(f"print_log:{document}:{key}")
    last = PrintLog.select(pw.fn.MAX(PrintLog.copy)).where(
        (PrintLog.document == document) & (PrintLog.entity_key == key)).scalar() or 0
    copy = last + 1
    if copy > 255:
        raise DomainError(f"Limite de vias atingido para {DOCUMENTS[document]} {key}.")
    PrintLog.create(user=actor.user_id, login=actor.login[:40], document=document,
                    entity_key=key, copy=copy, key_id=key_id, layout=layout, state="reserved")
    return copy


def latest_copy(document: str, key: str) -> int:
    """The latest issued copy (reservations not confirmed do not count)."""
    return PrintLog.select(pw.fn.MAX(PrintLog.copy)).where(
        (PrintLog.document == document) & (PrintLog.entity_key == key) &
        (PrintLog.state == "issued")).scalar() or 0


def copy_state(document: str, key: str, copy: int) -> str | None:
    """'issued', 'reserved' or None (never given) of one copy."""
    return PrintLog.select(PrintLog.state).where(
        (PrintLog.document == document) & (PrintLog.entity_key == key) &
        (PrintLog.copy == copy)).scalar()


def finish(actor: Actor, document: str, copies: list[dict], layout: str,
           render: Callable[[], bytes]) -> dict:
    """Draw the PDF of copies just reserved (after their transaction committed), signed when
    this station has the município's A1 (documents/signing.py), and return the print
    result; a drawing or a signature that fails releases the reservation."""
    from .signing import signed
    reservation = {"actor": actor, "layout": layout}
    result = {"document": document, "count": len(copies), "copies": copies,
              "reservation": reservation}
    try:
        result["pdf"] = signed(document, render())
    except BaseException:
        release(result)
        raise
    return result


def release(result: dict) -> None:
    """Give back the copy numbers of a print never made (cancelled preview, failed write or
    drawing): the copies in circulation stay current. Issued copies are never touched."""
    copies = result.get("copies") or []
    if not copies or result.get("reservation") is None:
        return
    with write_transaction():
        for c in copies:
            PrintLog.delete().where(
                (PrintLog.document == result["document"]) & (PrintLog.entity_key == c["key"]) &
                (PrintLog.copy == c["copy"]) & (PrintLog.state == "reserved")).execute()


def audit_print(actor: Actor, document: str, copies: list[dict], layout: str) -> None:
    audit.record(actor, "document.print", document,
                 copies[0]["key"] if len(copies) == 1 else f"{len(copies)} documentos",
                 after={"document": document, "layout": layout,
                        "copies": [[c["key"], c["copy"]] for c in copies][:1000]})


def layout_of(sheet: str | None) -> str:
    if sheet not in (None, "a4"):
        raise ValidationError("Folha", "use a4 ou nenhuma (impressora de cartões).")
    return sheet or "single"


def report_step(progress: Progress, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)


def number_field(value, label: str) -> int:
    return validators.positive_int(str(value).strip(), label, maximum=2**31 - 1)


def permit_by_order(value) -> Permit:
    number = number_field(value, "Nº da permissão")
    permit = Permit.get_or_none(Permit.order_number == number)
    if permit is None:
        raise ValidationError("Permissão", f"permissão nº {value} não existe.")
    return permit


def current_permits(on: dt.date) -> list[Permit]:
    return list(Permit.select().where((Permit.status == "active") & (Permit.valid_until >= on))
                .order_by(Permit.order_number))


def cnh_text(person_id: int, *, long: bool = False) -> str:
    cnh = persons.current_cnh(person_id)
    if cnh is None:
        return "—"
    if long:
        return (f"nº {cnh.number}, categoria {cnh.category}, válida até "
                f"{validators.format_date(cnh.expiry_date)}")
    return f"{cnh.number} — cat. {cnh.category}"


def stand_text(permit: Permit, *, with_location: bool = False) -> str:
    if permit.stand_id is None:
        return ""
    stand = permit.stand
    text = f"{stands.label(stand.number)} — {stand.name}"
    if with_location and stand.location and stand.location != stand.name:
        text += f" ({stand.location})"
    return text


def vehicle_text(vehicle: Vehicle | None, *, long: bool = False) -> str:
    if vehicle is None:
        return ""
    text = f"{vehicle.make} {vehicle.model} {vehicle.manufacture_year}/{vehicle.model_year}"
    if long:
        text = (f"{vehicle.make} {vehicle.model}, ano {vehicle.manufacture_year}/"
                f"{vehicle.model_year}" + (f", cor {vehicle.colour.lower()}" if vehicle.colour
                                           else "") + f", {vehicle.cc} cc")
    return text


def rg_text(person: Person) -> str:
    return f"{person.rg} {person.rg_issuer}".strip()


def may_print(actor: Actor, action: str) -> None:
    """The role check, and the fonts loaded before any copy number is taken: a damaged
    installation (a font file missing) refuses to print without logging a copy it never drew."""
    from ...printing import fonts
    permissions.require(actor, action)
    fonts.register()

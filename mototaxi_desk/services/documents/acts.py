"""Termo de permissão and stand roster (A4)."""
from __future__ import annotations

import datetime as dt

from ...domain import validators
from ...domain.errors import DomainError, ValidationError
from ...domain.permit_status import PermitAction
from ...domain.profiles import Service
from ...printing import roster, termo
from ...store.connection import write_transaction
from ...store.models import Permit, PermitHistory, Person, Stand
from ..trust import keys
from .. import setup
from ..register import stands
from ..context import Actor
from .common import (
    STATUS_LABELS,
    cnh_text,
    finish,
    log_copy,
    may_print,
    municipio_header,
    number_field,
    order_text,
    permit_by_order,
    rg_text,
    stand_text,
    vehicle_text,
)
from ...domain import wallclock


def address_text(person: Person) -> str:
    parts = [f"{person.street}, {person.number}".strip(", ") if person.street else "",
             person.complement, person.district,
             f"{person.city}/{person.uf}" if person.city else "",
             f"CEP {person.cep[:5]}-{person.cep[5:]}" if len(person.cep or "") == 8 else ""]
    return ", ".join(p for p in parts if p)


def _instrument_words(permit: Permit) -> dict:
    """What the law in force at the grant calls the act and its holder, and the service's
    scope ([instrument], [service] of the profile; a permissão's words by default)."""
    profile = setup.profile(on=permit.issued_on)
    service = termo.SERVICE if profile.service == Service() else profile.service.text
    return {"instrument": profile.instrument.title,
            "holder_title": profile.instrument.holder_title, "service": service}


def _plural(word: str) -> str:
    """Permissionário → Permissionários, Autorização → Autorizações."""
    return word[:-2] + "ões" if word.endswith("ão") else word + "s"


def _grant_act(permit: Permit) -> str:
    row = (PermitHistory.select(PermitHistory.act_number)
           .where((PermitHistory.permit == permit.id) & (PermitHistory.action == PermitAction.GRANT))
           .first())
    return row.act_number if row else ""


def print_termo(actor: Actor, order_number) -> dict:
    """The termo de permissão of a permit (A4), for the holder and the authority to sign."""
    may_print(actor, "print.termo")
    with write_transaction():
        permit = permit_by_order(order_number)
        if permit.status in Permit.ENDED:
            raise DomainError(f"Permissão nº {order_text(permit.order_number)} está "
                              f"{STATUS_LABELS[permit.status].lower()}: não é possível emitir "
                              "o termo.")
        holder: Person = permit.holder
        vehicle = permit.vehicle if permit.vehicle_id else None
        copy = log_copy(actor, "termo", str(permit.order_number), "a4")
        data = termo.TermoData(
            municipio=municipio_header(permit.issued_on),  # the wording of the grant
            order_text=order_text(permit.order_number, setup.profile(on=permit.issued_on)),
            issued_on=permit.issued_on, valid_until=permit.valid_until,
            act_number=_grant_act(permit), name=holder.name, nationality=holder.nationality,
            profession=holder.profession, cpf=validators.format_cpf(holder.cpf),
            rg=rg_text(holder), cnh=cnh_text(holder.id, long=True),
            blood=f"{holder.blood_type}{holder.rh_factor}", address=address_text(holder),
            plate=vehicle.plate_original if vehicle else "", renavam=vehicle.renavam if vehicle
            else "", chassis=vehicle.chassis if vehicle else "",
            vehicle=vehicle_text(vehicle, long=True),
            stand=stand_text(permit, with_location=True), copy=copy,
            printed_at=wallclock.now(), login=actor.login, **_instrument_words(permit))
        copies = [{"key": str(permit.order_number), "copy": copy}]
    return finish(actor, "termo", copies, "a4", lambda: termo.render(data))


def print_roster(actor: Actor, stand_number, *, on: dt.date | None = None) -> dict:
    """The roster of a stand (A4): its places with permit, holder, plate, auxiliary driver."""
    may_print(actor, "print.roster")
    on = on or wallclock.today()
    number = number_field(stand_number, "Nº do ponto")
    with write_transaction():
        stand = Stand.get_or_none(Stand.number == number)
        if stand is None:
            raise ValidationError("Ponto", f"ponto nº {stand_number} não existe.")
        info = stands.roster(stand.id, on=on)
        profile = setup.profile(on=on)  # the roster reads as the wording of its date
        places = [roster.RosterPlace(
            position=str(p["position"]) if p["position"] is not None else "—",
            order_text=order_text(p["order_number"], profile) if p["order_number"] else "",
            holder=p["holder_name"], plate=p["plate"], auxiliary=p["auxiliary_name"],
            since=p["since"],
            status=STATUS_LABELS.get(p["status"], p["status"]) if p["permit_id"]
            else "vaga livre") for p in info["places"]]
        capacity = (f"mínimo {stand.min_vehicles}, máximo {stand.max_vehicles} motocicletas"
                    if stand.max_vehicles else "não definida")
        if stand.max_raised_by_act:  # the act that set the maximum (stands.edit_stand)
            capacity += (f" (máximo fixado por {stand.max_raised_by_act}"
                         + (f", de {stand.max_act_date:%d/%m/%Y}" if stand.max_act_date
                            else "") + ")")
        copy = log_copy(actor, "roster", str(stand.number), "a4")
        data = roster.RosterData(
            holders_title=_plural(profile.instrument.holder_title),
            municipio=municipio_header(profile=profile), stand_label=stands.label(stand.number),
            stand_name=stand.name, location=stand.location, responsible=info["responsible_name"],
            capacity=capacity, extension_point=stand.extension_point, on=on, copy=copy,
            printed_at=wallclock.now(), login=actor.login, places=places,
            key_fingerprint=keys.current_fingerprint_text())
        copies = [{"key": str(stand.number), "copy": copy}]
    return finish(actor, "roster", copies, "a4", lambda: roster.render(data))

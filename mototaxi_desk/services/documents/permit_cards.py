"""Permit cards and auxiliary driver cards: signed QR, one copy number per card."""
from __future__ import annotations

import datetime as dt

from ...domain import permit_rules, validators
from ...domain.errors import DomainError, ValidationError
from ...printing import cards, qr
from ...printing.common import Municipio
from ...store.connection import write_transaction
from ...store.models import AuxiliaryDriver, Permit, Person
from ..licensing import card_licensing
from ..trust import keys
from .. import setup
from ..context import Actor
from .common import (
    CARD_STATUSES,
    STATUS_LABELS,
    Progress,
    cnh_text,
    current_permits,
    dated_header,
    finish,
    layout_of,
    legal_basis,
    log_copy,
    may_print,
    municipio_header,
    order_text,
    permit_by_order,
    report_step,
    rg_text,
    stand_text,
    vehicle_text,
)
from ...domain import wallclock


def _check_card_permit(permit: Permit) -> None:
    if permit.status not in CARD_STATUSES:
        raise DomainError(f"Permissão nº {order_text(permit.order_number)} está "
                          f"{STATUS_LABELS[permit.status].lower()}: não é possível imprimir "
                          "o cartão.")


def _card_data(permit: Permit, copy: int, key_id: int, private, header: Municipio,
               licensed: dict, at) -> cards.CardData:
    holder: Person = permit.holder
    profile = at(permit.issued_on)  # the card reads as the wording of its grant
    header = dated_header(header, profile)
    vehicle = permit.vehicle if permit.vehicle_id else None
    # SRM Art. 6 XX: the card is valid to its yearly licensing, not the permit's whole term
    valid_until = card_licensing.card_valid_until(permit, licensed=licensed.get(permit.id),
                                                  known=True)
    record = qr.QrRecord(kind="permit_card", key_id=key_id, ibge=header.ibge,
                         number=permit.order_number,
                         ref=permit.stand.number if permit.stand_id else 0, copy=copy,
                         plate=vehicle.plate if vehicle else "", date1=permit.issued_on,
                         valid_until=_qr_validity(valid_until),
                         person=qr.cpf_middle(holder.cpf))
    return cards.CardData(
        municipio=header, auxiliary=False, name=holder.name,
        cpf_masked=validators.mask_cpf(holder.cpf), rg=rg_text(holder),
        cnh=cnh_text(holder.id), order_text=order_text(permit.order_number, profile),
        plate=vehicle.plate_original if vehicle else "—", stand=stand_text(permit),
        issued_on=permit.issued_on, valid_until=valid_until,
        renavam=vehicle.renavam if vehicle else "", chassis=vehicle.chassis if vehicle else "",
        vehicle=vehicle_text(vehicle), blood=f"{holder.blood_type}{holder.rh_factor}",
        copy=copy, qr_text=qr.sign(record, private),
        photo=bytes(holder.photo) if holder.photo else None,
        legal_basis=legal_basis(profile, profile.documents.card_article),
        **_card_words(profile.instrument))


def _card_words(instrument) -> dict:
    """What the law in force at the grant calls the act and its holder ([instrument])."""
    return {"title": instrument.card_title, "instrument": instrument.title,
            "holder_title": instrument.holder_title}


def _qr_validity(valid_until: dt.date | None) -> dt.date | None:
    """A permit without term carries no validity in its QR code (as an auxiliary card)."""
    return None if permit_rules.no_term(valid_until) else valid_until


def print_cards(actor: Actor, order_numbers=(), *, all_active: bool = False,
                sheet: str | None = None, per_sheet: int = 10, on: dt.date | None = None,
                progress: Progress = None) -> dict:
    """Permit cards of the given order numbers (or every current permit): PDF and copies."""
    may_print(actor, "print.card")
    on = on or wallclock.today()
    layout = layout_of(sheet)
    with write_transaction():
        if all_active:
            permits = current_permits(on)
            if not permits:
                raise DomainError("Nenhuma permissão ativa e válida para imprimir.")
        else:
            permits = [permit_by_order(n) for n in order_numbers]
            if not permits:
                raise ValidationError("Permissão", "informe o número da permissão.")
            for permit in permits:
                _check_card_permit(permit)
        key_id, private = keys.signing_key(actor)
        header = municipio_header(on)
        at = setup.profiles_by_date()
        licensed = card_licensing.licensed_on([p.id for p in permits])
        data, copies = [], []
        for i, permit in enumerate(permits, 1):
            key = str(permit.order_number)
            copy = log_copy(actor, "card", key, layout, key_id)
            data.append(_card_data(permit, copy, key_id, private, header, licensed, at))
            copies.append({"key": key, "copy": copy, "order_number": permit.order_number,
                           "qr_text": data[-1].qr_text})
            report_step(progress, i, len(permits))
    return finish(actor, "card", copies, layout,
                  lambda: cards.render(data, sheet=sheet, per_sheet=per_sheet))


def _aux_card_data(aux: AuxiliaryDriver, copy: int, key_id: int, private,
                   header: Municipio, at) -> cards.CardData:
    permit: Permit = aux.permit
    # the card reads as the wording of the permit's grant, as the permit's own card
    profile = at(permit.issued_on)
    header = dated_header(header, profile)
    person: Person = aux.person
    vehicle = permit.vehicle if permit.vehicle_id else None
    valid_until = aux.valid_until or permit.valid_until
    if aux.valid_until and permit.valid_until:
        valid_until = min(aux.valid_until, permit.valid_until)
    record = qr.QrRecord(kind="aux_card", key_id=key_id, ibge=header.ibge,
                         number=permit.order_number, ref=aux.id, copy=copy,
                         plate=vehicle.plate if vehicle else "", date1=aux.credentialed_on,
                         valid_until=_qr_validity(valid_until), person=qr.cpf_middle(person.cpf))
    return cards.CardData(
        municipio=header, auxiliary=True, name=person.name,
        cpf_masked=validators.mask_cpf(person.cpf), rg=rg_text(person), cnh=cnh_text(person.id),
        order_text=order_text(permit.order_number, profile),
        plate=vehicle.plate_original if vehicle else "—", stand=stand_text(permit),
        issued_on=aux.credentialed_on, valid_until=valid_until,
        renavam=vehicle.renavam if vehicle else "", chassis=vehicle.chassis if vehicle else "",
        vehicle=vehicle_text(vehicle), blood=f"{person.blood_type}{person.rh_factor}",
        copy=copy, qr_text=qr.sign(record, private),
        photo=bytes(person.photo) if person.photo else None, holder_name=permit.holder.name,
        credential=str(aux.id),
        legal_basis=legal_basis(profile, profile.documents.aux_card_article),
        **_card_words(profile.instrument))


def print_aux_cards(actor: Actor, order_numbers=(), *, all_active: bool = False,
                    sheet: str | None = None, per_sheet: int = 10, on: dt.date | None = None,
                    progress: Progress = None) -> dict:
    """Cards of the active auxiliary drivers of the given permits (or of every current one)."""
    may_print(actor, "print.aux_card")
    on = on or wallclock.today()
    layout = layout_of(sheet)
    with write_transaction():
        if all_active:
            permits = current_permits(on)
        else:
            permits = [permit_by_order(n) for n in order_numbers]
            for permit in permits:
                _check_card_permit(permit)
        auxiliaries = list(AuxiliaryDriver.select().where(
            AuxiliaryDriver.permit.in_([p.id for p in permits]) &
            (AuxiliaryDriver.active == True) &  # noqa: E712 (peewee expression)
            (AuxiliaryDriver.valid_until.is_null() | (AuxiliaryDriver.valid_until >= on)))
            .order_by(AuxiliaryDriver.permit, AuxiliaryDriver.id)) if permits else []
        if not auxiliaries:
            which = ("nas permissões ativas" if all_active or len(permits) != 1 else
                     f"na permissão nº {order_text(permits[0].order_number)}")
            raise DomainError(f"Nenhum condutor auxiliar com credencial válida {which}.")
        key_id, private = keys.signing_key(actor)
        header = municipio_header(on)
        at = setup.profiles_by_date()
        data, copies = [], []
        for i, aux in enumerate(auxiliaries, 1):
            copy = log_copy(actor, "aux_card", str(aux.id), layout, key_id)
            data.append(_aux_card_data(aux, copy, key_id, private, header, at))
            copies.append({"key": str(aux.id), "copy": copy,
                           "order_number": aux.permit.order_number, "qr_text": data[-1].qr_text})
            report_step(progress, i, len(auxiliaries))
    return finish(actor, "aux_card", copies, layout,
                  lambda: cards.render(data, sheet=sheet, per_sheet=per_sheet))

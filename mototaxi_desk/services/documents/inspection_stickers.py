"""Inspection stickers: their size in the settings, and the signed sticker prints."""
from __future__ import annotations

import datetime as dt

from ...domain import validators
from ...domain.errors import DomainError, ValidationError
from ...printing import qr, stickers
from ...printing.common import Municipio
from ...store.connection import write_transaction
from ...store.models import Inspection, Permit, Sticker, Vehicle
from .. import audit, permissions, setup
from ..trust import keys
from ..context import Actor
from .common import (
    Progress,
    dated_header,
    finish,
    layout_of,
    legal_basis,
    log_copy,
    may_print,
    municipio_header,
    order_text,
    report_step,
)
from ...domain import wallclock

_STICKER_KINDS = {"annual": ("sticker_annual", "Vistoria anual"),
                  "semiannual": ("sticker_semiannual", "Inspeção semestral")}


def sticker_size() -> tuple[int, int]:
    row = setup.settings()
    return row.sticker_width_mm, row.sticker_height_mm


def set_sticker_size(actor: Actor, width_mm, height_mm) -> dict:
    """The município's sticker size in millimetres (admin), audited."""
    permissions.require(actor, "settings.sticker_size")
    w = validators.positive_int(width_mm, "Largura do selo (mm)", maximum=1000)
    h = validators.positive_int(height_mm, "Altura do selo (mm)", maximum=1000)
    try:
        stickers.check_size((w, h))
    except ValueError as exc:
        raise ValidationError("Tamanho do selo", str(exc)) from None
    with write_transaction():
        row = setup.settings()
        before = audit.snapshot(row)
        row.sticker_width_mm, row.sticker_height_mm = w, h
        row.save()
        audit.record(actor, "municipio.sticker_size", "municipio_settings", row.id,
                     before=before, after=audit.snapshot(row))
    return {"width_mm": w, "height_mm": h}


def _sticker(serial) -> Sticker:
    text = str(serial or "").strip()[:40]
    sticker = Sticker.get_or_none(Sticker.serial == text)
    if sticker is None:
        raise ValidationError("Nº do selo", f"o selo {text or '(vazio)'} não existe; use o "
                                            "formato AAAA-NNNNNN (ex.: 2026-000123).")
    if sticker.status != "issued":
        newer = Sticker.get_or_none(Sticker.replaces == sticker.id)
        extra = f"; use o selo {newer.serial}, que o substituiu" if newer else ""
        raise DomainError(f"O selo {sticker.serial} está cancelado{extra}.")
    return sticker


def _sticker_data(sticker: Sticker, copy: int, key_id: int, private, header: Municipio,
                  at) -> stickers.StickerData:
    inspection: Inspection = sticker.inspection
    profile = at(inspection.inspected_on)  # the sticker reads as the wording of its inspection
    header = dated_header(header, profile)
    vehicle: Vehicle = inspection.vehicle
    permit = inspection.permit if inspection.permit_id else None
    kind, label = _STICKER_KINDS.get(inspection.kind, ("sticker_annual", "Vistoria"))
    record = qr.QrRecord(kind=kind, key_id=key_id, ibge=header.ibge,
                         number=qr.sticker_number(sticker.serial),
                         ref=permit.order_number if permit else 0, copy=copy,
                         plate=vehicle.plate, date1=inspection.inspected_on,
                         valid_until=inspection.valid_until, person="")
    return stickers.StickerData(
        municipio=header, serial=sticker.serial,
        order_text=order_text(permit.order_number, profile) if permit else "",
        plate=vehicle.plate_original, inspected_on=inspection.inspected_on,
        valid_until=inspection.valid_until, kind_label=label, copy=copy,
        qr_text=qr.sign(record, private),
        legal_basis=legal_basis(profile, profile.documents.sticker_article))


def _current_stickers(on: dt.date) -> list[Sticker]:
    current = Permit.select(Permit.vehicle).where(
        (Permit.status == "active") & (Permit.valid_until >= on) & Permit.vehicle.is_null(False))
    return list(Sticker.select(Sticker).join(Inspection, on=(Sticker.inspection == Inspection.id))
                .where((Sticker.status == "issued") & (Inspection.valid_until >= on) &
                       Inspection.vehicle.in_(current))
                .order_by(Sticker.serial))


def print_stickers(actor: Actor, serials=(), *, all_active: bool = False,
                   sheet: str | None = None, on: dt.date | None = None,
                   progress: Progress = None) -> dict:
    """Inspection stickers by serial (or every valid sticker of the current permits)."""
    may_print(actor, "print.sticker")
    on = on or wallclock.today()
    layout = layout_of(sheet)
    with write_transaction():
        if all_active:
            rows = _current_stickers(on)
            if not rows:
                raise DomainError("Nenhum selo válido de permissão ativa para imprimir.")
        else:
            rows = [_sticker(s) for s in serials]
            if not rows:
                raise ValidationError("Nº do selo", "informe o número do selo.")
        key_id, private = keys.signing_key(actor)
        header = municipio_header(on)
        at = setup.profiles_by_date()
        data, copies = [], []
        for i, sticker in enumerate(rows, 1):
            copy = log_copy(actor, "sticker", sticker.serial, layout, key_id)
            data.append(_sticker_data(sticker, copy, key_id, private, header, at))
            copies.append({"key": sticker.serial, "copy": copy, "qr_text": data[-1].qr_text})
            report_step(progress, i, len(rows))
        size = sticker_size()
    return finish(actor, "sticker", copies, layout,
                  lambda: stickers.render(data, size_mm=size, sheet=sheet))

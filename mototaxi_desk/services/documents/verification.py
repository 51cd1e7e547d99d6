"""`verify`: a QR text in, the inspector's verdict out — VÁLIDO only for a genuine, current
document of a permit in force, otherwise INVÁLIDO with the reason (domain/verdicts.py) —,
with the decoded data and what the database says of the permit or sticker now.

Who signed comes first: a record of another município is named as such (by IBGE) before
its signature is looked at; a key this station does not trust (services/trust/keys.py: pinned in
the data folder, not read from the database), or one this município's database does not
have with the same public half, makes the document a forgery."""
from __future__ import annotations

import datetime as dt

from ...domain import validators
from ...domain.errors import DomainError
from ...domain.verdicts import PERMIT_STATUS_REASONS, UNVERIFIED_DATA, Reason, verdict
from ...printing import qr
from ...store.models import AuxiliaryDriver, Permit, SigningKey, Sticker
from ..licensing import card_licensing
from ..trust import keys
from .. import setup
from .common import STATUS_LABELS, copy_state, latest_copy, order_text
from ...domain import wallclock

CARD_KINDS = ("permit_card", "aux_card")


def _decoded(record: qr.QrRecord) -> dict:
    data = record.as_dict()
    data["key_ref"] = qr.key_ref(record.ibge, record.key_id)
    data["copy_text"] = f"{record.copy}ª via"
    if record.kind in CARD_KINDS:
        data["order_text"] = order_text(record.number)
        data["cpf_masked"] = f"***.{record.person[:3]}.{record.person[3:]}-**" \
            if record.person else ""
        if record.kind == "permit_card":
            data["stand_number"] = record.ref or None
        else:
            data["auxiliary_id"] = record.ref
    else:
        data["serial"] = qr.sticker_serial(record.number)
        data["order_text"] = order_text(record.ref) if record.ref else ""
    return data


def _unverified(record: qr.QrRecord) -> dict:
    """What may be said of a record whose signature was not checked: the município and the
    key it names, not its number, CPF digits or plate (issue 39 item 4)."""
    return {"ibge": record.ibge, "key_ref": qr.key_ref(record.ibge, record.key_id),
            "unverified": True, "note": UNVERIFIED_DATA}


def _permit_status(permit: Permit | None, on: dt.date) -> dict:
    if permit is None:
        return {"permit_found": False}
    return {"permit_found": True, "order_number": permit.order_number,
            "permit_status": permit.status, "permit_status_label": STATUS_LABELS[permit.status],
            "permit_valid_until": permit.valid_until,
            "permit_current": permit.status == "active" and permit.valid_until >= on}


def _permit_reasons(permit: Permit, status: dict) -> list[Reason]:
    if status["permit_current"]:
        return []
    code = PERMIT_STATUS_REASONS.get(permit.status, "permit_expired")
    return [Reason(code)]


def _copy_reasons(document: str, key: str, copy: int, status: dict) -> list[Reason]:
    latest = latest_copy(document, key)
    status.update(latest_copy=latest, superseded=copy < latest)
    if copy < latest:
        return [Reason("superseded", {"copy": copy, "latest": latest})]
    if copy > latest or copy_state(document, key, copy) != "issued":
        return [Reason("not_issued")]
    return []


def _card_status(record: qr.QrRecord, on: dt.date, reasons: list[Reason]) -> dict:
    permit = Permit.get_or_none(Permit.order_number == record.number)
    status = _permit_status(permit, on)
    if permit is None:
        reasons.append(Reason("permit_missing"))
        return status
    reasons += _permit_reasons(permit, status)
    vehicle = permit.vehicle if permit.vehicle_id else None
    if record.kind == "permit_card":
        document, key = "card", str(record.number)
        if qr.cpf_middle(permit.holder.cpf) != record.person:
            reasons.append(Reason("holder_changed"))
        status["card_valid_until"] = card_licensing.card_valid_until(permit)
        if status["permit_current"] and card_licensing.overdue(permit, on):  # SRM Art. 6 XX
            reasons.append(Reason("licensing_overdue", {"card_valid_until": validators.format_date(
                status["card_valid_until"])}))
    else:
        document, key = "aux_card", str(record.ref)
        aux = AuxiliaryDriver.get_or_none(AuxiliaryDriver.id == record.ref)
        aux_ok = (aux is not None and aux.permit_id == permit.id and aux.active and
                  (aux.valid_until is None or aux.valid_until >= on))
        status["auxiliary_current"] = aux_ok
        if aux is not None:
            status["auxiliary_name"] = aux.person.name
        if not aux_ok:
            reasons.append(Reason("auxiliary_ended"))
        elif qr.cpf_middle(aux.person.cpf) != record.person:
            reasons.append(Reason("auxiliary_mismatch"))
    if vehicle is None or vehicle.plate != record.plate:
        reasons.append(Reason("vehicle_changed"))
    status["plate_now"] = vehicle.plate_original if vehicle else ""
    reasons += _copy_reasons(document, key, record.copy, status)
    return status


def _sticker_status(record: qr.QrRecord, on: dt.date, reasons: list[Reason]) -> dict:
    serial = qr.sticker_serial(record.number)
    sticker = Sticker.get_or_none(Sticker.serial == serial)
    if sticker is None:
        reasons.append(Reason("sticker_missing"))
        return {"sticker_found": False}
    status = {"sticker_found": True, "serial": serial, "sticker_status": sticker.status}
    if sticker.status != "issued":
        newer = Sticker.get_or_none(Sticker.replaces == sticker.id)
        status["replaced_by"] = newer.serial if newer else None
        reasons.append(Reason("sticker_voided", {
            "replaced": f" (substituído pelo selo {newer.serial})" if newer else ""}))
    inspection = sticker.inspection if sticker.inspection_id else None
    if inspection is not None:
        status["inspection_valid_until"] = inspection.valid_until
        permit = (Permit.select().where((Permit.vehicle == inspection.vehicle_id) &
                                        Permit.status.not_in(Permit.ENDED))
                  .order_by(Permit.issued_on.desc(), Permit.id.desc()).first())
        status.update(_permit_status(permit, on))
        if permit is None:
            reasons.append(Reason("no_permit"))
        else:
            reasons += _permit_reasons(permit, status)
    reasons += _copy_reasons("sticker", serial, record.copy, status)
    return status


def _signature(text: str, ibge: str) -> tuple[qr.QrRecord | None, list[Reason]]:
    """The record if its signature checks with a key this station trusts and this database
    has, else the reason (a key the database has but the station does not trust, or trusts
    with another public half: untrusted_key; a key the database lacks: unknown_key)."""
    try:
        return qr.verify(text, keys.verifying_keys(), ibge=ibge), []
    except qr.QrError as exc:
        if exc.reason == "other_municipio":
            return None, [Reason("other_municipio", {"ibge": qr.decode(text)[0].ibge})]
        if exc.reason == "unknown_key":
            record = qr.decode(text)[0]
            if SigningKey.get_or_none(SigningKey.key_id == record.key_id) is not None:
                return None, [Reason("untrusted_key")]
        return None, [Reason(exc.reason)]


def verify(text: str, *, on: dt.date | None = None) -> dict:
    """Check a QR text (as a USB reader types it). `verdict` is VÁLIDO or INVÁLIDO; `reason`
    the code of the headline reason (domain.verdicts.REASONS), `problems` every reason in
    words, `message` the line the inspector reads; `data` the decoded record and `status`
    what the database says now. DomainError when this station cannot judge (it has no
    trusted keys)."""
    on = on or wallclock.today()
    ibge = setup.settings().ibge_code
    result = {"data": None, "status": None}
    record, reasons = _signature(text, ibge)
    if record is None:
        if reasons[0].code == "other_municipio":  # named, its data not shown as facts
            try:
                result["data"] = _unverified(qr.decode(text)[0])
            except (qr.QrError, DomainError):
                pass
        return _finish(result, reasons)
    data = _decoded(record)
    result["data"] = data
    if record.valid_until is not None and record.valid_until < on:
        reasons.append(Reason("expired",
                              {"valid_until": validators.format_date(record.valid_until)}))
    if record.kind in CARD_KINDS:
        result["status"] = _card_status(record, on, reasons)
    else:
        result["status"] = _sticker_status(record, on, reasons)
    return _finish(result, reasons)


def _finish(result: dict, reasons: list[Reason]) -> dict:
    result.update(verdict(reasons))
    data = result.get("data") or {}
    what = ""
    if data and result["valid"]:
        label = qr.KIND_LABELS[data["kind"]]
        number = data.get("serial") or data.get("order_text")
        what = (f"{label} nº {number}, {data['copy']}ª via: assinatura conferida e em dia "
                "no cadastro.")
    result["message"] = result["headline"] + (f" — {what}" if what else ".")
    return result

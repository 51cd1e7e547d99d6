"""`verify`: a QR text in, a dict out — signature, município, expiry, and what the database
says of the permit or sticker now."""
from __future__ import annotations

import datetime as dt

from ...domain import validators
from ...printing import qr
from ...store.models import AuxiliaryDriver, Permit, Sticker
from .. import keys, setup
from .common import STATUS_LABELS, latest_copy, order_text


def _decoded(record: qr.QrRecord) -> dict:
    data = record.as_dict()
    data["copy_text"] = f"{record.copy}ª via"
    if record.kind in ("permit_card", "aux_card"):
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


def _permit_status(permit: Permit | None, on: dt.date) -> dict:
    if permit is None:
        return {"permit_found": False}
    return {"permit_found": True, "order_number": permit.order_number,
            "permit_status": permit.status, "permit_status_label": STATUS_LABELS[permit.status],
            "permit_valid_until": permit.valid_until,
            "permit_current": permit.status == "active" and permit.valid_until >= on}


def _card_status(record: qr.QrRecord, on: dt.date, problems: list[str]) -> dict:
    permit = Permit.get_or_none(Permit.order_number == record.number)
    status = _permit_status(permit, on)
    if permit is None:
        problems.append(f"Permissão nº {order_text(record.number)} não existe neste banco.")
        return status
    if not status["permit_current"]:
        word = STATUS_LABELS[permit.status].lower() if permit.status != "active" else "vencida"
        problems.append(f"Permissão nº {order_text(permit.order_number)} está {word}.")
    vehicle = permit.vehicle if permit.vehicle_id else None
    if record.kind == "permit_card":
        document, key = "card", str(record.number)
        if qr.cpf_middle(permit.holder.cpf) != record.person:
            problems.append("O permissionário atual não é o do cartão (permissão transferida).")
    else:
        document, key = "aux_card", str(record.ref)
        aux = AuxiliaryDriver.get_or_none(AuxiliaryDriver.id == record.ref)
        aux_ok = (aux is not None and aux.permit_id == permit.id and aux.active and
                  (aux.valid_until is None or aux.valid_until >= on))
        status["auxiliary_current"] = aux_ok
        if aux is not None:
            status["auxiliary_name"] = aux.person.name
        if not aux_ok:
            problems.append("A credencial do condutor auxiliar não está em vigor.")
        elif qr.cpf_middle(aux.person.cpf) != record.person:
            problems.append("O CPF do cartão não confere com o do condutor auxiliar.")
    if vehicle is None or vehicle.plate != record.plate:
        current = vehicle.plate_original if vehicle else "nenhum"
        problems.append(f"O veículo da permissão mudou (placa atual: {current}).")
    status["plate_now"] = vehicle.plate_original if vehicle else ""
    latest = latest_copy(document, key)
    status.update(latest_copy=latest, superseded=record.copy < latest)
    if record.copy < latest:
        problems.append(f"Via substituída: esta é a {record.copy}ª via; a última emitida é a "
                        f"{latest}ª.")
    return status


def _sticker_status(record: qr.QrRecord, on: dt.date, problems: list[str]) -> dict:
    serial = qr.sticker_serial(record.number)
    sticker = Sticker.get_or_none(Sticker.serial == serial)
    if sticker is None:
        problems.append(f"O selo {serial} não existe neste banco.")
        return {"sticker_found": False}
    status = {"sticker_found": True, "serial": serial, "sticker_status": sticker.status}
    if sticker.status != "issued":
        newer = Sticker.get_or_none(Sticker.replaces == sticker.id)
        status["replaced_by"] = newer.serial if newer else None
        problems.append(f"O selo {serial} foi cancelado" +
                        (f" e substituído pelo selo {newer.serial}." if newer else "."))
    inspection = sticker.inspection if sticker.inspection_id else None
    if inspection is not None:
        status["inspection_valid_until"] = inspection.valid_until
        permit = (Permit.select().where((Permit.vehicle == inspection.vehicle_id) &
                                        Permit.status.not_in(Permit.ENDED))
                  .order_by(Permit.issued_on.desc(), Permit.id.desc()).first())
        status.update(_permit_status(permit, on))
        if permit is None:
            problems.append("O veículo não serve nenhuma permissão em vigor.")
        elif not status["permit_current"]:
            word = STATUS_LABELS[permit.status].lower() if permit.status != "active" \
                else "vencida"
            problems.append(f"Permissão nº {order_text(permit.order_number)} está {word}.")
    latest = latest_copy("sticker", serial)
    status.update(latest_copy=latest, superseded=record.copy < latest)
    if record.copy < latest:
        problems.append(f"Via substituída: esta é a {record.copy}ª via; a última emitida é a "
                        f"{latest}ª.")
    return status


def verify(text: str, *, on: dt.date | None = None) -> dict:
    """Check a QR text (as a USB reader types it). VALID: signature good, this município,
    not expired — with the decoded data and the current status in the database; `current`
    tells whether the database still backs it (permit active, latest copy, same vehicle...).
    INVALID: `reason` (malformed, unknown_key, bad_signature, other_municipio, expired) and
    a message in Portuguese."""
    on = on or dt.date.today()
    result = {"result": "INVALID", "valid": False, "current": False, "reason": None,
              "message": "", "data": None, "status": None, "problems": []}
    try:
        record = qr.verify(text, keys.public_keys())
    except qr.QrError as exc:
        result.update(reason=exc.reason, message=f"INVÁLIDO: {exc}.")
        return result
    data = _decoded(record)
    result["data"] = data
    if record.ibge != setup.settings().ibge_code:
        result.update(reason="other_municipio",
                      message=f"INVÁLIDO: {qr.QrError.REASONS['other_municipio']} "
                              f"(IBGE {record.ibge}).")
        return result
    problems: list[str] = []
    if record.kind in ("permit_card", "aux_card"):
        result["status"] = _card_status(record, on, problems)
    else:
        result["status"] = _sticker_status(record, on, problems)
    result["problems"] = problems
    if record.valid_until is not None and record.valid_until < on:
        result.update(reason="expired",
                      message=f"INVÁLIDO: {qr.QrError.REASONS['expired']} (validade "
                              f"{validators.format_date(record.valid_until)}).")
        return result
    result.update(result="VALID", valid=True, current=not problems)
    label = qr.KIND_LABELS[record.kind]
    what = data.get("serial") or data.get("order_text")
    result["message"] = (f"VÁLIDO: {label} nº {what}, {record.copy}ª via, assinatura "
                         "conferida" + (" e em dia no cadastro." if not problems else
                                        "; mas: " + " ".join(problems)))
    return result

"""Vehicle inspections (vistoria anual, inspeção semestral, vistoria extraordinária) and the
inspection-sticker stock.

Rules (all read from the profile, `setup.profile(on).inspection`, the wording in force
on the inspection's day):
- PF Art. 19: annual vistoria with a sticker; PF Art. 15 X: semiannual equipment inspection.
- SRM Art. 17: annual vistoria + semiannual inspection; §1: only with the permit up to date
  and no debts with the município; §2: extraordinary inspections at any time; §3: a vehicle
  that fails is taken out of circulation until regularised. Art. 47 III: 1 UFM per vistoria.
- L1745 Art. 10: inspection on demand at any time.
- Lei 3.920/2001 Art. 27: the sticker carries the inspection date and its validity.

Sticker serials come from a gap-free per-year counter (`sequences.next_value("sticker",
year)`) and are shown as "2026-000123". Each number taken gets a Sticker row in the same
transaction, so the stock has no gaps; a voided serial keeps its row (status "voided", with
the reason) and is never given again; a reissue takes a new serial that `replaces` it.
"""
from __future__ import annotations

import datetime as dt
import json
import re

from ...domain import inspection_rules as rules
from ...domain import permit_status, validators
from ...domain.errors import DebtRefusal, DomainError, RuleRefusal, ValidationError
from ...domain.money import format_money
from ...store.connection import locked, retry_conflicts, write_transaction
from ...store.models import Inspection, Permit, Sticker, Vehicle, utcnow
from .. import audit, permissions, setup
from ..payments import fees
from ..views import lookup
from ..administration import sequences
from ..context import Actor
from ...domain import wallclock

INSPECTION_ROLES = permissions.FIELD  # the GUI asks; services check services/permissions.py
STICKER_ROLES = permissions.DECIDERS  # the GUI asks; services check services/permissions.py
STICKER_SEQUENCE = "sticker"
MAX_NOTES = 2000
MAX_REASON = 200  # Sticker.void_reason
# An inspection is typed the day it is made or shortly after (paper forms from the field).
LATE_ENTRY_DAYS = 60
CHARGED_KINDS = ("annual",)  # SRM Art. 47 III: the vistoria's fee (profile key "inspection")
_PERMIT_STATUS = {s.value: s.label.lower() for s in permit_status.IN_FORCE}
_SERIAL = re.compile(r"^(\d{4})-(\d{6})$")
_DATA_KEYS = {"kind", "inspected_on", "results", "notes"}
_RESULT_WORDS = {"pass": "pass", "fail": "fail", "na": "na", "conforme": "pass",
                 "nao_conforme": "fail", "não conforme": "fail", "n/a": "na"}


def format_serial(year: int, number: int) -> str:
    return f"{year:04d}-{number:06d}"


def _serving_permit(vehicle_id: int) -> Permit | None:
    """The permit the vehicle serves: the latest one that has not ended."""
    return (Permit.select().where((Permit.vehicle == vehicle_id) &
                                  Permit.status.not_in(Permit.ENDED))
            .order_by(Permit.issued_on.desc(), Permit.id.desc()).first())


def _is_current(permit: Permit | None, on: dt.date) -> bool:
    return permit is not None and permit.status == "active" and permit.valid_until >= on


def _find_vehicle(vehicle_id) -> Vehicle:
    number = validators.positive_int(vehicle_id, "Veículo", maximum=2**31 - 1)
    vehicle = Vehicle.get_or_none(Vehicle.id == number)
    if vehicle is None:
        raise ValidationError("Veículo", f"veículo nº {number} não existe.")
    return vehicle


def _get_vehicle(vehicle_id) -> Vehicle:
    vehicle = _find_vehicle(vehicle_id)
    if not vehicle.active:
        raise ValidationError("Veículo", f"o veículo {vehicle.plate_original} está baixado.")
    return vehicle


def _clean_results(profile, kind: str, raw) -> dict[str, str]:
    """Every checklist item of the kind answered with pass/fail/na; nothing else."""
    if not isinstance(raw, dict):
        raise ValidationError("Itens da vistoria", "informe o resultado de cada item.")
    items = rules.checklist(profile, kind)
    wanted = {item.code: item for item in items}
    known = {item.code for item in profile.inspection.items}
    results = {}
    for code, value in raw.items():
        code_text = str(code)[:60]
        if code not in known:
            raise ValidationError("Itens da vistoria", f"item desconhecido '{code_text}'.")
        if code not in wanted:
            raise ValidationError("Itens da vistoria", f"o item '{code_text}' não faz parte "
                                  f"do checklist da {rules.KIND_LABELS[kind]}.")
        word = _RESULT_WORDS.get(str(value).strip().lower()[:20]) if value is not None else None
        if word is None:
            raise ValidationError(f"Item '{code_text}'", "resultado inválido; use conforme "
                                  "(pass), não conforme (fail) ou não se aplica (na).")
        results[code] = word
    missing = [item for item in items if item.code not in results]
    if missing:
        first = missing[0]
        more = f" (e mais {len(missing) - 1})" if len(missing) > 1 else ""
        raise ValidationError(f"Item '{first.code}'", f"resposta obrigatória: {first.text} "
                              f"({first.article}){more}.")
    return {item.code: results[item.code] for item in items}  # the checklist's order


def _clean(profile, data, on: dt.date) -> dict:
    if not isinstance(data, dict):
        raise ValidationError("Vistoria", "dados da vistoria ausentes.")
    unknown = sorted(str(k)[:40] for k in set(data) - _DATA_KEYS)
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido.")
    kind = data.get("kind")
    if kind not in rules.KINDS:
        raise ValidationError("Tipo de vistoria", "use anual (annual), semestral (semiannual) "
                                                  "ou extraordinária (on_demand).")
    if kind not in rules.profile_kinds(profile):
        raise RuleRefusal(f"A lei do município não prevê {rules.KIND_LABELS[kind]}",
                          profile.inspection.article)
    inspected_on = validators.parse_date(
        data.get("inspected_on"), "Data da vistoria",
        earliest=on - dt.timedelta(days=LATE_ENTRY_DAYS), latest=on)
    results = _clean_results(profile, kind, data.get("results"))
    notes = validators.text(data.get("notes"), "Observações", max_length=MAX_NOTES,
                            required=False)
    return {"kind": kind, "inspected_on": inspected_on, "results": results, "notes": notes}


def _check_rules(profile, vehicle: Vehicle, permit: Permit | None, on: dt.date) -> None:
    """SRM Art. 17 §1: only a vehicle whose holder shows the permit up to date and no debts."""
    rule = profile.inspection
    if rule.requires_permit_up_to_date and not _is_current(permit, on):
        if permit is None:
            state = "sem permissão"
        else:
            word = "vencida" if permit.valid_until < on else _PERMIT_STATUS.get(permit.status,
                                                                              permit.status)
            state = f"com a permissão nº {lookup.permit_number(permit)} {word}"
        raise RuleRefusal(f"Só é vistoriado o veículo com o Termo de Permissão em dia; o "
                          f"veículo {vehicle.plate_original} está {state}", rule.requires_article)
    if rule.requires_no_debts:
        holder_id = permit.holder_id if permit is not None else vehicle.owner_id
        debts = fees.open_debts(holder_id)
        if debts:
            total = sum(d["amount_cents"] for d in debts)
            raise DebtRefusal(f"Só é vistoriado o veículo cujo permissionário não tem débitos "
                              f"com o Município; há {len(debts)} em aberto (total "
                              f"{format_money(total)})", rule.requires_article,
                              person_id=holder_id, debts=debts)


def blockers(vehicle_id, on: dt.date | None = None) -> list[str]:
    """What would refuse a vistoria of this vehicle now, with the article (SRM Art. 17 §1º:
    the permit up to date and no debts) — for the form to show as soon as the plate is
    chosen. Empty when nothing does. Writes nothing."""
    on = on or wallclock.today()
    vehicle = _find_vehicle(vehicle_id)
    try:
        _check_rules(setup.profile(on), vehicle, _serving_permit(vehicle.id), on)
    except RuleRefusal as exc:
        return [str(exc)]
    return []


def blocking_debts(vehicle_id, on: dt.date | None = None) -> dict | None:
    """The debts that refuse a vistoria of this vehicle now (SRM Art. 17 §1º), for the form
    to offer paying them or issuing their guia: {"person_id", "debts", "message"}; None when
    no debt refuses it (or another rule refuses it first); with "total_text" and the
    "article". Writes nothing."""
    on = on or wallclock.today()
    vehicle = _find_vehicle(vehicle_id)
    try:
        _check_rules(setup.profile(on), vehicle, _serving_permit(vehicle.id), on)
    except DebtRefusal as exc:
        return {"person_id": exc.person_id, "debts": exc.debts, "message": str(exc),
                "article": exc.article, "total_text": format_money(
                    sum(d["amount_cents"] for d in exc.debts))}
    except RuleRefusal:
        return None
    return None


def fee_notice(kind: str, *, on: dt.date | None = None) -> str:
    """What recording this kind of inspection charges (SRM Art. 47 III: the annual vistoria,
    where the profile has an "inspection" fee), said before it is recorded; '' if nothing."""
    return fees.fee_notice("inspection", payer="o permissionário", on=on) \
        if kind in CHARGED_KINDS else ""


def _issue_sticker(actor: Actor, inspection: Inspection, on: dt.date,
                   replaces: Sticker | None = None) -> Sticker:
    """Take the next serial of the year from the stock (inside the caller's transaction)."""
    number = sequences.next_value(STICKER_SEQUENCE, on.year)
    sticker = Sticker.create(serial=format_serial(on.year, number), inspection=inspection.id,
                             status="issued", replaces=replaces.id if replaces else None)
    audit.record(actor, "sticker.reissue" if replaces else "sticker.issue", "sticker",
                 sticker.id, after=audit.snapshot(sticker))
    return sticker


@retry_conflicts
def record_inspection(actor: Actor, vehicle_id: int, data: dict, *,
                      on: dt.date | None = None) -> dict:
    """Record an inspection with its checklist. Approved (no item failed): annual and
    semiannual get their validity and a sticker serial, the vehicle goes back into service.
    Failed: the vehicle is out of service until a passing inspection (SRM Art. 17 §3).
    The annual vistoria is charged when the profile has an "inspection" fee (SRM Art. 47 III)."""
    permissions.require(actor, "inspection.record")
    on = on or wallclock.today()
    profile = setup.profile(on)
    values = _clean(profile, data, on)
    vehicle = _get_vehicle(vehicle_id)
    permit = _serving_permit(vehicle.id)
    _check_rules(profile, vehicle, permit, values["inspected_on"])
    ok = rules.approved(values["results"])
    kind = values["kind"]
    with write_transaction(concurrent=True):
        # the vehicle's row locked first: two counters recording its inspection at once
        # give one sticker and one fee; the serial: its sequence row, locked until commit
        vehicle = locked(Vehicle.select().where(Vehicle.id == vehicle.id)).get()
        if ok and kind in rules.VALIDITY_MONTHS:
            _refuse_second_approval(vehicle, kind, values["inspected_on"])
        inspection = Inspection.create(
            vehicle=vehicle.id, permit=permit.id if permit else None, kind=kind,
            inspected_on=values["inspected_on"], approved=ok,
            valid_until=rules.valid_until(kind, values["inspected_on"]) if ok else None,
            inspector=actor.user_id, checklist=json.dumps(values["results"]),
            notes=values["notes"])
        sticker = None
        if ok and kind in rules.VALIDITY_MONTHS:
            sticker = _issue_sticker(actor, inspection, on)
            inspection.sticker_serial = sticker.serial
            inspection.save()
        audit.record(actor, "inspection.record", "inspection", inspection.id,
                     after=audit.snapshot(inspection))
        if vehicle.out_of_service == ok:  # failed -> out; approved -> back in service
            before = audit.snapshot(vehicle)
            vehicle.out_of_service = not ok
            vehicle.save(only=[Vehicle.out_of_service])
            audit.record(actor, "vehicle.out_of_service", "vehicle", vehicle.id,
                         before=before, after=audit.snapshot(vehicle))
        if kind in CHARGED_KINDS:
            fees.charge(actor, permit.holder_id if permit else vehicle.owner_id, "inspection",
                        on=on, permit_id=permit.id if permit else None)
    return as_dict(inspection)


def _refuse_second_approval(vehicle: Vehicle, kind: str, day: dt.date) -> None:
    """One approved inspection of a kind per vehicle and day: a second would issue a second
    sticker and charge the fee twice (a failed one followed by a passing one is fine)."""
    earlier = Inspection.get_or_none((Inspection.vehicle == vehicle.id) &
                                     (Inspection.kind == kind) & Inspection.approved &
                                     (Inspection.inspected_on == day))
    if earlier is not None:
        sticker = f" (selo {earlier.sticker_serial})" if earlier.sticker_serial else ""
        raise DomainError(
            f"O veículo {vehicle.plate} já tem {rules.KIND_LABELS.get(kind, kind)} "
            f"aprovada em {validators.format_date(day)}{sticker}; nada foi registrado. Para um "
            "selo perdido ou danificado, use \"Reemitir selo…\".")


def as_dict(inspection: Inspection) -> dict:
    data = audit.snapshot(inspection)
    data["checklist"] = json.loads(inspection.checklist or "{}")
    data["kind_label"] = rules.KIND_LABELS.get(inspection.kind, inspection.kind)
    data["failed_items"] = [code for code, value in data["checklist"].items() if value == "fail"]
    return data


def _sticker_by_serial(serial) -> Sticker:
    text = str(serial or "").strip()
    if not text:
        raise ValidationError("Nº do selo", "campo obrigatório.")
    if not _SERIAL.match(text[:20]) or len(text) > 20:
        raise ValidationError("Nº do selo", f"número inválido '{text[:20]}'; use o formato "
                                            "AAAA-NNNNNN (ex.: 2026-000123).")
    sticker = Sticker.get_or_none(Sticker.serial == text)
    if sticker is None:
        raise ValidationError("Nº do selo", f"o selo {text} não existe no estoque.")
    return sticker


def _void(actor: Actor, sticker: Sticker, reason: str) -> None:
    before = audit.snapshot(sticker)
    sticker.status, sticker.voided_at, sticker.void_reason = "voided", utcnow(), reason
    sticker.save()
    audit.record(actor, "sticker.void", "sticker", sticker.id, before=before,
                 after=audit.snapshot(sticker))


def void_sticker(actor: Actor, serial: str, *, reason: str, on: dt.date | None = None) -> dict:
    """Void an issued sticker (lost, damaged, misprinted); its serial is never given again.
    The inspection stays valid: a reissue gives it a new sticker."""
    permissions.require(actor, "sticker.void")
    reason = validators.text(reason, "Motivo do cancelamento", max_length=MAX_REASON)
    sticker = _sticker_by_serial(serial)
    if sticker.status != "issued":
        raise DomainError(f"O selo {sticker.serial} já está cancelado.")
    with write_transaction():
        _void(actor, sticker, reason)
    return sticker_as_dict(sticker)


def reissue_sticker(actor: Actor, serial: str, *, reason: str,
                    on: dt.date | None = None) -> dict:
    """A new sticker for the same inspection, from the stock; it `replaces` the given one,
    which is voided now if it was not already. Refused for an inspection already expired or
    a sticker already replaced."""
    permissions.require(actor, "sticker.reissue")
    on = on or wallclock.today()
    reason = validators.text(reason, "Motivo da reemissão", max_length=MAX_REASON)
    old = _sticker_by_serial(serial)
    replacement = Sticker.get_or_none(Sticker.replaces == old.id)
    if replacement is not None:
        raise DomainError(f"O selo {old.serial} já foi substituído pelo selo "
                          f"{replacement.serial}.")
    inspection = Inspection.get_or_none(Inspection.id == old.inspection_id)
    if inspection is None or not inspection.approved:
        raise DomainError(f"O selo {old.serial} não pertence a uma vistoria aprovada.")
    if inspection.valid_until is not None and inspection.valid_until < on:
        raise DomainError(f"A vistoria do selo {old.serial} venceu em "
                          f"{validators.format_date(inspection.valid_until)}; faça nova vistoria.")
    with write_transaction():
        old = Sticker.get_by_id(old.id)  # again: a second counter may have just reissued it
        if Sticker.select().where(Sticker.replaces == old.id).exists():
            raise DomainError(f"O selo {old.serial} acabou de ser substituído em outro "
                              "terminal.")
        if old.status == "issued":
            _void(actor, old, reason)
        new = _issue_sticker(actor, inspection, on, replaces=old)
        before = audit.snapshot(inspection)
        inspection.sticker_serial = new.serial
        inspection.save(only=[Inspection.sticker_serial])
        audit.record(actor, "inspection.sticker", "inspection", inspection.id, before=before,
                     after={**audit.snapshot(inspection), "reason": reason})
    return sticker_as_dict(new)


def sticker_as_dict(sticker: Sticker) -> dict:
    data = audit.snapshot(sticker)
    data["replaces_serial"] = (Sticker.select(Sticker.serial).where(
        Sticker.id == sticker.replaces_id).scalar() if sticker.replaces_id else None)
    return data


def vehicle_inspection_status(vehicle_id: int, on: dt.date | None = None) -> dict:
    """Last approved annual and semiannual inspections, when each is due next, and whether
    the vehicle is out of service. Kinds the profile lacks are left out."""
    on = on or wallclock.today()
    profile = setup.profile(on)
    vehicle = _find_vehicle(vehicle_id)
    last = {}
    for kind in ("annual", "semiannual"):
        last[kind] = (Inspection.select().where(
            (Inspection.vehicle == vehicle.id) & (Inspection.kind == kind) & Inspection.approved)
            .order_by(Inspection.inspected_on.desc(), Inspection.id.desc()).first())
    dates = {k: (row.inspected_on if row else None) for k, row in last.items()}
    latest = (Inspection.select().where(Inspection.vehicle == vehicle.id)
              .order_by(Inspection.inspected_on.desc(), Inspection.id.desc()).first())
    result = {"vehicle_id": vehicle.id, "plate": vehicle.plate_original,
              "out_of_service": vehicle.out_of_service,
              "last_inspection": as_dict(latest) if latest else None}
    for kind in ("annual", "semiannual"):
        if kind not in rules.profile_kinds(profile):
            continue
        row = last[kind]
        due = rules.next_due(profile, kind, last_annual=dates["annual"],
                             last_semiannual=dates["semiannual"])
        due_on = due or on  # never inspected: due at once
        result[kind] = {
            "last_approved_on": row.inspected_on if row else None,
            "valid_until": row.valid_until if row else None,
            "sticker_serial": row.sticker_serial if row else None,
            "due_on": due_on, "days_left": (due_on - on).days,
            "overdue": due_on < on, "never_inspected": due is None}
    return result


def list_inspections(*, vehicle_id=None, limit: int = 300) -> list[dict]:
    """Latest inspections first, with plate and the sticker's state (issued / voided)."""
    query = (Inspection.select(Inspection, Vehicle).join(Vehicle)
             .order_by(Inspection.inspected_on.desc(), Inspection.id.desc()).limit(limit))
    if vehicle_id is not None:
        query = query.where(Inspection.vehicle == vehicle_id)
    rows = list(query)
    serials = [r.sticker_serial for r in rows if r.sticker_serial]
    states = dict(Sticker.select(Sticker.serial, Sticker.status)
                  .where(Sticker.serial.in_(serials)).tuples()) if serials else {}
    return [{"id": r.id, "vehicle_id": r.vehicle_id, "plate": r.vehicle.plate_original,
             "kind": r.kind, "kind_label": rules.KIND_LABELS.get(r.kind, r.kind),
             "inspected_on": r.inspected_on, "approved": r.approved,
             "valid_until": r.valid_until, "sticker_serial": r.sticker_serial,
             "sticker_status": states.get(r.sticker_serial)} for r in rows]

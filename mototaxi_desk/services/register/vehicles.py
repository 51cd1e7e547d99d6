"""Vehicles: registration, insurance, substitution on a permit, the PF replacement declaration
and the age-limit status (SRM Art. 19; PF Arts. 15 I, 17; L1745 Arts. 2 §2º III, 11)."""
from __future__ import annotations

import datetime as dt

import peewee as pw

from ...domain import dates, permit_rules, validators, vehicle_rules
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...domain.money import format_money, parse_money
from ...store.connection import retry_conflicts, write_transaction
from ...store.models import Permit, Person, Vehicle
from .. import audit, permissions, setup
from ..payments import fees
from ..views import lookup
from ..licensing import permit_history
from . import persons
from ..as_of import as_of
from ..context import Actor
from ...domain import wallclock

# statuses in which a permit may have its vehicle replaced
SUBSTITUTION_STATUSES = ("active", "suspended", "interrupted")
EARLIEST_YEAR = 1970

_REQUIRED = {"plate": "Placa", "renavam": "RENAVAM", "chassis": "Chassi", "make": "Marca",
             "model": "Modelo", "manufacture_year": "Ano de fabricação",
             "model_year": "Ano do modelo", "cc": "Cilindradas (cc)"}
_INSURANCE = {"insurer": ("Seguradora", 80), "insurance_policy": ("Nº da apólice", 40)}


def _on(on: dt.date | None) -> dt.date:
    return on or wallclock.today()


# --- validation ---------------------------------------------------------------------------

def _year(value, label: str, *, latest: int) -> int:
    return validators.year(value, label, earliest=EARLIEST_YEAR, latest=latest)


def _clean_insurance(data: dict, on: dt.date) -> dict:
    out: dict = {}
    for key, (label, size) in _INSURANCE.items():
        if key in data:
            out[key] = validators.text(data[key], label, max_length=size, required=False)
    if "insurance_cover" in data:
        raw = data["insurance_cover"]
        out["insurance_cover_cents"] = (0 if raw in (None, "") else
                                        parse_money(raw, "Cobertura do seguro por pessoa"))
    if "insurance_expiry" in data:
        raw = data["insurance_expiry"]
        out["insurance_expiry"] = (None if raw in (None, "") else validators.parse_date(
            raw, "Vencimento do seguro", earliest=dt.date(2000, 1, 1),
            latest=dates.add_years(on, 10)))
    return out


def _clean_vehicle(data: dict, on: dt.date) -> dict:
    known = {*_REQUIRED, "colour", *_INSURANCE, "insurance_cover", "insurance_expiry"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido.")
    for key, label in _REQUIRED.items():
        if data.get(key) in (None, ""):
            raise ValidationError(label, "campo obrigatório.")
    out: dict = {}
    out["plate"], out["plate_original"] = validators.plate(data["plate"])
    out["renavam"] = validators.renavam(data["renavam"])
    out["chassis"] = validators.chassis(data["chassis"])
    out["make"] = validators.text(data["make"], "Marca", max_length=40)
    out["model"] = validators.text(data["model"], "Modelo", max_length=60)
    out["manufacture_year"] = _year(data["manufacture_year"], "Ano de fabricação",
                                    latest=on.year)
    # the model year is the manufacture year or the next one (a 2025/2026 motorcycle)
    model_year = _year(data["model_year"], "Ano do modelo", latest=on.year + 1)
    if model_year not in (out["manufacture_year"], out["manufacture_year"] + 1):
        raise ValidationError("Ano do modelo", "deve ser igual ao ano de fabricação ou o "
                                               "ano seguinte.")
    out["model_year"] = model_year
    out["cc"] = validators.positive_int(data["cc"], "Cilindradas (cc)", maximum=3000)
    out["colour"] = validators.text(data.get("colour"), "Cor", max_length=30, required=False)
    out.update(_clean_insurance(data, on))
    return out


def _check_unique(values: dict, exclude_id=None) -> None:
    """Plate (canonical, so ABC-1234 and ABC1C34 are the same vehicle), RENAVAM, chassis."""
    checks = (("plate", "Placa", "a placa"), ("renavam", "RENAVAM", "o RENAVAM"),
              ("chassis", "Chassi", "o chassi"))
    for key, label, noun in checks:
        query = Vehicle.select().where(getattr(Vehicle, key) == values[key])
        if exclude_id is not None:
            query = query.where(Vehicle.id != exclude_id)
        other = query.first()
        if other is not None:
            shown = values["plate_original"] if key == "plate" else values[key]
            raise ValidationError(label, f"{noun} {shown} já está cadastrad"
                                         f"{'a' if key == 'plate' else 'o'} no veículo "
                                         f"{other.plate_original} (cadastro nº {other.id}).")


# --- reading ------------------------------------------------------------------------------

def get_vehicle(vehicle_id) -> Vehicle:
    vehicle = Vehicle.get_or_none(Vehicle.id == vehicle_id)
    if vehicle is None:
        raise ValidationError("Veículo", f"cadastro nº {vehicle_id} não existe.")
    return vehicle


def vehicle(vehicle_id, *, on: dt.date | None = None) -> dict:
    """One vehicle as plain data (as_dict) with its owner's name: the screens' getter."""
    row = get_vehicle(vehicle_id)
    return {**as_dict(row, on=on), "owner_name": row.owner.name}


def facts(vehicle: Vehicle) -> vehicle_rules.VehicleFacts:
    return vehicle_rules.VehicleFacts(
        manufacture_year=vehicle.manufacture_year, cc=vehicle.cc, owner_id=vehicle.owner_id,
        insurance_cover_cents=vehicle.insurance_cover_cents,
        insurance_expiry=vehicle.insurance_expiry)


def registered_on(vehicle: Vehicle) -> dt.date:
    created = vehicle.created_at
    return created.date() if isinstance(created, dt.datetime) else \
        dt.date.fromisoformat(str(created)[:10])


def rules_for(vehicle: Vehicle, at=None):
    """A vehicle is judged (age limit, replacement) by the profile version in force on the
    day it was registered. `at`: setup.profiles_by_date(), for many vehicles."""
    return at(registered_on(vehicle)) if at else setup.profile(on=registered_on(vehicle))


def as_dict(vehicle: Vehicle, *, on: dt.date | None = None) -> dict:
    """The vehicle with its age-limit dates and whether it may serve today (warnings)."""
    on = _on(on)
    profile = rules_for(vehicle)
    data = audit.snapshot(vehicle)
    data["owner_id"] = vehicle.owner_id
    data["insurance_cover_text"] = format_money(vehicle.insurance_cover_cents)
    data["age_limit"] = vehicle_rules.age_limit_date(profile, vehicle.manufacture_year)
    data["replacement_deadline"] = vehicle_rules.replacement_deadline(
        profile, vehicle.manufacture_year)
    data["declaration_due"] = vehicle_rules.declaration_due(profile, vehicle.manufacture_year)
    # Registration never refuses an old or out-of-range motorcycle (it may be on record for a
    # substitution later, or for history); the counter sees why it could not serve now.
    warnings = []
    try:
        vehicle_rules.check_for_service(profile, facts(vehicle), holder_id=vehicle.owner_id,
                                        on=on, at_grant=True)
    except RuleRefusal as refusal:
        warnings.append(str(refusal))
    data["warnings"] = warnings
    return data


# --- actions ------------------------------------------------------------------------------

@retry_conflicts
def register_vehicle(actor: Actor, owner_id, data: dict, *, on: dt.date | None = None) -> dict:
    """Register a motorcycle owned by a registered person. The age limit is not applied here
    (an old motorcycle may be registered); the result carries age_limit, replacement_deadline,
    declaration_due and warnings about service."""
    permissions.require(actor, "vehicle.register")
    on = _on(on)
    values = _clean_vehicle(data, on)
    with write_transaction(concurrent=True):  # a twin plate: the unique indexes
        owner = persons.get_person(owner_id)
        _check_unique(values)
        try:
            with write_transaction():  # savepoint: a concurrent twin trips the unique index
                vehicle = Vehicle.create(owner=owner.id, **values)
        except pw.IntegrityError:
            raise ValidationError("Placa", "placa, RENAVAM ou chassi acabou de ser cadastrado "
                                           "em outro terminal; consulte o cadastro.") from None
        audit.record(actor, "vehicle.register", "vehicle", vehicle.id,
                     after=audit.snapshot(vehicle))
    return as_dict(vehicle, on=on)


def update_insurance(actor: Actor, vehicle_id, data: dict, *, on: dt.date | None = None) -> dict:
    """Insurer, policy, cover per person (R$ "10.000,00") and expiry; only the keys given."""
    permissions.require(actor, "vehicle.insurance")
    on = _on(on)
    unknown = sorted(set(data) - {*_INSURANCE, "insurance_cover", "insurance_expiry"})
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido.")
    values = _clean_insurance(data, on)
    if not values:
        raise ValidationError("Seguro", "nenhum dado do seguro informado.")
    with write_transaction():
        vehicle = get_vehicle(vehicle_id)
        before = audit.snapshot(vehicle)
        for key, value in values.items():
            setattr(vehicle, key, value)
        vehicle.save()
        audit.record(actor, "vehicle.insurance", "vehicle", vehicle.id, before=before,
                     after=audit.snapshot(vehicle))
    return as_dict(vehicle, on=on)


def substitute(actor: Actor, permit_id, new_vehicle_id, *, on: dt.date | None = None,
               act_number: str = "", owner_relation=None) -> dict:
    """Replace the permit's vehicle (SRM Art. 19 §2º, PF Art. 17 §1º, L1745 Art. 11).

    Where the profile asks, the new vehicle must be newer (PF, L1745) and of no smaller engine
    (PF) than the old one; it must always be fit for service on the day: owned as the profile
    says (vehicle.owner_rule; `owner_relation` declares a family owner), within the age
    limit, engine range and insurance. The age limit is applied as at a grant (at_grant=True) for every profile: a
    substitution brings a vehicle into the service, and L1745 Art. 11 allows it only "desde
    que sejam atendidas as exigências desta Lei", which include the 5-year limit of Art. 2
    §2º III (a requirement checked at entry). For profiles whose limit applies all the time
    (SRM, PF) this is the same check. Where the profile says the substitution needs prior
    authorisation (L1745 Art. 11 "com prévia autorização"), the act number is required."""
    permissions.require(actor, "vehicle.substitute")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    act_number = validators.text(act_number, "Nº do ato de autorização", max_length=60,
                                 required=False)
    owner_relation = vehicle_rules.clean_owner_relation(owner_relation)
    # reads and checks inside the transaction: what is checked is what gets written
    with write_transaction():
        permit = lookup.get_permit(permit_id)
        new = get_vehicle(new_vehicle_id)
        v = profile.vehicle
        if permit.status not in SUBSTITUTION_STATUSES:
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} está com situação "
                              f"'{permit.status}': a substituição de veículo não é possível.")
        if v.replacement_needs_authorisation and not act_number:
            raise RuleRefusal("A substituição do veículo depende de autorização prévia: "
                              "informe o número do ato que a autorizou", v.replacement_article)
        old = (Vehicle.get_or_none(Vehicle.id == permit.vehicle_id) if permit.vehicle_id
               else None)
        if old is None:
            raise ValidationError("Permissão", f"a permissão nº {lookup.permit_number(permit)} não tem "
                                               "veículo vinculado para substituir.")
        if new.id == old.id:
            raise ValidationError("Veículo", "o novo veículo é o mesmo já vinculado à "
                                             "permissão.")
        if not new.active:
            raise ValidationError("Veículo", f"o veículo {new.plate_original} está desativado.")
        if new.out_of_service:
            raise RuleRefusal(f"O veículo {new.plate_original} está fora de serviço por "
                              "vistoria reprovada", profile.inspection.article)
        fees.check_no_debts(permit.holder_id, "a substituição do veículo", on=on)  # SRM Art. 50
        vehicle_rules.check_substitution(profile, facts(old), facts(new))
        vehicle_rules.check_for_service(profile, facts(new), holder_id=permit.holder_id,
                                        on=on, at_grant=True, owner_relation=owner_relation)
        other = (Permit.select().where((Permit.vehicle == new.id) & (Permit.id != permit.id)
                                       & (Permit.status.not_in(Permit.ENDED))).first())
        if other is not None:
            raise DomainError(f"O veículo {new.plate_original} já serve a permissão nº "
                              f"{lookup.permit_number(other)}.")
        before_permit, before_old = audit.snapshot(permit), audit.snapshot(old)
        permit.vehicle = new.id
        permit.save(only=[Permit.vehicle])
        old.active = False
        old.save(only=[Vehicle.active])
        permit_history.record(actor, permit, "vehicle_substitution", on=on,
                              from_status=permit.status, act_number=act_number,
                              details={"old_vehicle_id": old.id,
                                       "old_plate": old.plate_original,
                                       "new_vehicle_id": new.id,
                                       "new_plate": new.plate_original,
                                       **({"owner_relation": owner_relation}
                                          if owner_relation and new.owner_id != permit.holder_id
                                          else {})})
        audit.record(actor, "vehicle.substitute", "permit", permit.id, before=before_permit,
                     after=audit.snapshot(permit))
        audit.record(actor, "vehicle.deactivate", "vehicle", old.id, before=before_old,
                     after=audit.snapshot(old))
    return {"permit_id": permit.id, "order_number": permit.order_number,
            "old_vehicle_id": old.id, "old_plate": old.plate_original,
            "new_vehicle_id": new.id, "new_plate": new.plate_original, "on": on,
            "act_number": act_number, "vehicle": as_dict(new, on=on)}


def declare_replacement(actor: Actor, vehicle_id, *, on: dt.date | None = None) -> dict:
    """PF Art. 17 §4º: the holder declares he is replacing a vehicle that nears the age limit
    (due 180 days before it). Only where the profile asks for the declaration; a declaration
    after the due date is still recorded, flagged late."""
    permissions.require(actor, "vehicle.declare_replacement")
    on = _on(on)
    vehicle = get_vehicle(vehicle_id)
    profile = rules_for(vehicle)
    v = profile.vehicle
    if not v.replacement_declare_days_before or not v.max_age_years:
        raise RuleRefusal("A lei do município não prevê declaração de substituição do veículo",
                          v.replacement_article)
    if not vehicle.active:
        raise ValidationError("Veículo", f"o veículo {vehicle.plate_original} está desativado.")
    if vehicle.replacement_declared_on is not None:
        raise DomainError(f"A substituição do veículo {vehicle.plate_original} já foi declarada "
                          f"em {validators.format_date(vehicle.replacement_declared_on)}.")
    due = vehicle_rules.declaration_due(profile, vehicle.manufacture_year)
    with write_transaction():
        before = audit.snapshot(vehicle)
        vehicle.replacement_declared_on = on
        vehicle.save(only=[Vehicle.replacement_declared_on])
        audit.record(actor, "vehicle.declare_replacement", "vehicle", vehicle.id,
                     before=before, after=audit.snapshot(vehicle))
    return {"vehicle_id": vehicle.id, "plate": vehicle.plate_original, "declared_on": on,
            "declaration_due": due, "late": due is not None and on > due,
            "article": v.replacement_article}


def vehicle_status(vehicle_id, on: dt.date | None = None) -> dict:
    """Where a vehicle stands against the age limit on a day.

    past_limit is the plain fact (on after the limit); must_be_replaced applies the profile
    (L1745 applies the limit at grant only, so a vehicle there is never forced out)."""
    on = _on(on)
    vehicle = get_vehicle(vehicle_id)
    profile = rules_for(vehicle)
    v = profile.vehicle
    limit = vehicle_rules.age_limit_date(profile, vehicle.manufacture_year)
    deadline = vehicle_rules.replacement_deadline(profile, vehicle.manufacture_year)
    due = vehicle_rules.declaration_due(profile, vehicle.manufacture_year)
    applies = limit is not None and not v.max_age_at_grant_only
    past_limit = limit is not None and on > limit
    return {
        "vehicle_id": vehicle.id, "plate": vehicle.plate_original,
        "manufacture_year": vehicle.manufacture_year,
        "age_limit": limit, "days_left": (limit - on).days if limit else None,
        "past_limit": past_limit, "limit_applies_in_service": applies,
        "must_be_replaced": applies and past_limit,
        "replacement_deadline": deadline,
        "past_replacement_deadline": deadline is not None and on > deadline,
        "declaration_due": due, "declared_on": vehicle.replacement_declared_on,
        "declaration_overdue": (due is not None and vehicle.replacement_declared_on is None
                                and on > due),
        "out_of_service": vehicle.out_of_service, "active": vehicle.active,
        "age_article": v.age_article, "replacement_article": v.replacement_article,
    }


# --- lists for the counter ----------------------------------------------------------------

def list_vehicles(text: str = "", *, owner_id=None, limit: int = 500,
                  on: dt.date | None = None) -> list[dict]:
    """Vehicles (active first) with owner, age-limit date and the permit it serves; `text`
    filters by plate in either format (ABC-1234 or ABC1C34, a prefix is enough)."""
    on = _on(on)
    at = setup.profiles_by_date()
    query = Vehicle.select(Vehicle, Person).join(Person)
    text = str(text or "").strip()[:20]
    if text:
        key = validators.plate_search_key(text)
        if key is None:
            return []
        upper = key[:-1] + chr(ord(key[-1]) + 1)
        query = query.where((Vehicle.plate >= key) & (Vehicle.plate < upper))
    if owner_id is not None:
        query = query.where(Vehicle.owner == owner_id)
    query = query.order_by(Vehicle.active.desc(), Vehicle.plate).limit(limit)
    vehicles = list(query)
    permits = {v: (pid, order) for v, pid, order in Permit.select(
        Permit.vehicle, Permit.id, Permit.order_number).where(
        Permit.vehicle.in_([v.id for v in vehicles]) & Permit.status.not_in(Permit.ENDED))
        .tuples()} if vehicles else {}
    rows = []
    for v in vehicles:
        limit_date = vehicle_rules.age_limit_date(rules_for(v, at), v.manufacture_year)
        rows.append({"id": v.id, "plate": v.plate, "plate_original": v.plate_original,
                     "make": v.make, "model": v.model, "manufacture_year": v.manufacture_year,
                     "model_year": v.model_year, "cc": v.cc, "owner_id": v.owner_id,
                     "owner_name": v.owner.name, "age_limit": limit_date,
                     "age_limit_days": (limit_date - on).days if limit_date else None,
                     "insurance_expiry": v.insurance_expiry, "out_of_service": v.out_of_service,
                     "active": v.active, "permit_id": permits.get(v.id, (None, None))[0],
                     "order_number": permits.get(v.id, (None, None))[1],
                     "order_text": permit_rules.format_order_number(
                         at(on), permits[v.id][1]) if v.id in permits else ""})
    return rows


def vehicle_by_plate(text: str) -> Vehicle:
    """The vehicle of a plate typed in either format."""
    canonical, original = validators.plate(text)
    vehicle = Vehicle.get_or_none(Vehicle.plate == canonical)
    if vehicle is None:
        raise ValidationError("Placa", f"nenhum veículo cadastrado com a placa {original}.")
    return vehicle


def vehicle_for_plate(text: str) -> dict:
    """vehicle() of the vehicle of a plate typed in either format."""
    return vehicle(vehicle_by_plate(text).id)

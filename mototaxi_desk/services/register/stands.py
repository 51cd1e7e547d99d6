"""Stands (pontos de mototáxi): creation, edit and closing, places of permits, changes of
stand, rosters.

Limits come from the profile's [stand] section: SRM 5 to 10 motorcycles, the maximum may be
raised (Art. 22 §1º), 100 m from other stands (Art. 31 XVIII, Art. 36 XL), change only after
12 months (Art. 20 XVIII) for 3 UFM (Art. 47 IV); L1745 sets the number per stand (Art. 5)
and allows a change only into a vacancy for 10 UFICA (Art. 15); PF has no change request.

A ponto's maximum set above the law's (the profile's stand.max_vehicles, SRM Art. 22 §1º:
"podendo ser ampliado") is set by an act, whose number and date are recorded and audited;
where the law sets no maximum but per ponto (L1745 Art. 5, ampliação by despacho, Art. 12;
PF by regulation, Art. 7), any change of an existing ponto's maximum is such an act. The
município-wide numbers (Configurações, `settings set stand.max_vehicles`) are the defaults
and limits for pontos created from then on; each existing ponto keeps the numbers it has
until it is edited (setting_note says so where the setting is changed).

A stand's places are positions 1..max. The unique index on permit(stand, stand_position) is
what keeps a stand from exceeding its maximum when two counters take the last place at the
same moment; on PostgreSQL the stand row is also locked (SELECT ... FOR UPDATE) so the
second counter waits and then sees the place taken, and SQLite's write transaction
(BEGIN IMMEDIATE) serialises writers anyway.
"""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

import peewee as pw

from ...domain import geo, numbers, validators
from ...domain.dates import add_months
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...store.connection import is_postgres, locked, retry_conflicts, write_transaction
from ...store.models import DB, AuxiliaryDriver, Permit, Person, Stand, Vehicle
from ...store.seals import sealed_update
from .. import audit, permissions, setup
from ..payments import fees
from ..views import lookup
from ..licensing import permit_history
from . import persons
from ..as_of import as_of
from ..context import Actor
from ...domain import wallclock

CHANGE_STATUSES = ("active", "suspended", "interrupted")
_MICRO_DEGREE = Decimal("0.000001")


def _on(on: dt.date | None) -> dt.date:
    return on or wallclock.today()


def label(number: int) -> str:
    """'Ponto 03'."""
    return f"Ponto {number:02d}"


def _cited(text: str, article: str) -> RuleRefusal:
    """A RuleRefusal whose text already cites the article inside its own parentheses, as in
    'Ponto 03 já tem 10 motocicletas (máximo, Art. 22 §1º)'."""
    refusal = RuleRefusal(text)
    refusal.article = article
    return refusal


def _full_refusal(stand: Stand, count: int, article: str) -> RuleRefusal:
    cite = f"máximo, {article}" if article else "máximo"
    return _cited(f"{label(stand.number)} já tem {count} motocicletas ({cite})", article)


# --- reading ------------------------------------------------------------------------------

def get_stand(stand_id) -> Stand:
    stand = Stand.get_or_none(Stand.id == stand_id)
    if stand is None:
        raise ValidationError("Ponto", f"ponto nº {stand_id} não existe.")
    return stand


def stand(stand_id) -> dict:
    """One ponto as plain data (as_dict): the screens' getter."""
    return as_dict(get_stand(stand_id))


def _occupied(stand_id) -> dict[int, Permit]:
    """position -> permit on the stand (every permit holding a place, whatever its status)."""
    rows = Permit.select().where(Permit.stand == stand_id)
    return {p.stand_position: p for p in rows}


def _counts() -> dict[int, int]:
    return dict(Permit.select(Permit.stand, pw.fn.COUNT(Permit.id))
                .where(Permit.stand.is_null(False)).group_by(Permit.stand).tuples())


def _flags(stand: Stand, count: int) -> dict:
    free = max(stand.max_vehicles - count, 0)
    return {"count": count, "free": free,  # a closed ponto is not "below the minimum"
            "below_minimum": stand.active and bool(stand.min_vehicles)
            and count < stand.min_vehicles,
            "full": bool(stand.max_vehicles) and count >= stand.max_vehicles}


def as_dict(stand: Stand, count: int | None = None) -> dict:
    data = audit.snapshot(stand)
    data["label"] = label(stand.number)
    data["responsible_name"] = stand.responsible.name if stand.responsible_id else ""
    data.update(_flags(stand, _counts().get(stand.id, 0) if count is None else count))
    return data


def list_stands(on: dt.date | None = None, *, offset: int = 0,
                limit: int | None = None) -> list[dict]:
    """Every stand by number with its count and flags (full, below the minimum); or a page
    of them (offset, limit: the Pontos page), counting that page's permits only."""
    stands = (Stand.select(Stand, Person).join(Person, pw.JOIN.LEFT_OUTER,
                                                on=(Stand.responsible == Person.id))
              .order_by(Stand.number))
    if limit is None:
        counts = _counts()
    else:
        stands = list(stands.offset(offset).limit(limit))
        counts = dict(Permit.select(Permit.stand, pw.fn.COUNT(Permit.id))
                      .where(Permit.stand.in_([s.id for s in stands]))
                      .group_by(Permit.stand).tuples()) if stands else {}
    return [as_dict(s, counts.get(s.id, 0)) for s in stands]


def flag_rows(number: int | None = None) -> list[dict]:
    """Every stand (or the one of that number) by number with its label, place name, limits,
    count and flags as list_stands gives them (_flags), read as narrow tuples in one query,
    each stand's permits counted by the database (a report's summary over thousands of
    stands)."""
    taken = Permit.select(pw.fn.COUNT(Permit.id)).where(Permit.stand == Stand.id)
    query = (Stand.select(Stand.number, Stand.name, Stand.active, Stand.min_vehicles,
                          Stand.max_vehicles, taken)
             .order_by(Stand.number))
    if number is not None:
        query = query.where(Stand.number == number)
    out = []
    for row in query.namedtuples():
        count = row[-1]
        out.append({"number": row.number, "label": label(row.number), "name": row.name,
                    "active": row.active, "min_vehicles": row.min_vehicles,
                    "max_vehicles": row.max_vehicles, **_flags(row, count)})
    return out


def stand_choices() -> list[dict]:
    """Every stand as a choice in a list (number, label, place name), by number: one narrow
    query, no counts (the Relatórios page's stand filter)."""
    return [{"number": number, "label": label(number), "name": name}
            for number, name in Stand.select(Stand.number, Stand.name)
            .order_by(Stand.number).tuples()]


def count_stands() -> int:
    return Stand.select().count()


def has_free_place() -> bool:
    """Whether some open stand has a free place (not full, as _flags says), in one query
    that reads one row whatever the number of stands (the prontuário's button)."""
    taken = Permit.select(pw.fn.COUNT(Permit.id)).where(Permit.stand == Stand.id)
    return Stand.select(Stand.id).where(
        Stand.active & (Stand.max_vehicles.is_null() | (Stand.max_vehicles == 0) |
                        (taken < Stand.max_vehicles))).exists()


def attention() -> dict:
    """What the Painel says of the stands, counted by the database (as _flags counts them):
    the free places over every stand, and the open stands below their minimum (by number).
    Two queries and the rows shown, whatever the number of stands."""
    taken = Permit.select(pw.fn.COUNT(Permit.id)).where(Permit.stand == Stand.id)
    free = (Stand.select(pw.fn.SUM(pw.Case(None, [(Stand.max_vehicles > taken,
                                                    Stand.max_vehicles - taken)], 0)))
            .scalar())
    below = (Stand.select(Stand.id, Stand.number, taken.alias("count"))
             .where(Stand.active & (Stand.min_vehicles > 0) & (taken < Stand.min_vehicles))
             .order_by(Stand.number).tuples())
    return {"free_places": int(free or 0),
            "below_minimum": [{"id": i, "number": n, "label": label(n), "count": c}
                              for i, n, c in below]}


def roster(stand_id, *, on: dt.date | None = None) -> dict:
    """The stand and its places 1..max: permit order number, holder, plate (as registered),
    auxiliary drivers with a valid credential on the day, since when."""
    on = _on(on)
    stand = get_stand(stand_id)
    permits = (Permit.select(Permit, Person, Vehicle)
               .join(Person, on=(Permit.holder == Person.id))
               .switch(Permit).join(Vehicle, pw.JOIN.LEFT_OUTER, on=(Permit.vehicle == Vehicle.id))
               .where(Permit.stand == stand.id))
    by_position = {p.stand_position: p for p in permits}
    auxiliaries: dict[int, list[str]] = {}
    if by_position:
        rows = (AuxiliaryDriver.select(AuxiliaryDriver, Person)
                .join(Person, on=(AuxiliaryDriver.person == Person.id))
                .where(AuxiliaryDriver.permit.in_([p.id for p in by_position.values()])
                       & (AuxiliaryDriver.active == True)  # noqa: E712 (peewee expression)
                       & (AuxiliaryDriver.valid_until.is_null()
                          | (AuxiliaryDriver.valid_until >= on)))
                .order_by(AuxiliaryDriver.id))
        for aux in rows:
            auxiliaries.setdefault(aux.permit_id, []).append(aux.person.name)
    numbered = [p for p in by_position if p is not None]
    last = max([stand.max_vehicles, *numbered])  # places beyond a lowered maximum show too
    places = []
    for position in [*range(1, last + 1), *([None] if None in by_position else [])]:
        permit = by_position.get(position)
        place = {"position": position, "permit_id": None, "order_number": None,
                 "holder_id": None, "holder_name": "", "plate": "", "auxiliary_names": [], "auxiliary_name": "",
                 "since": None, "status": "",
                 "over_maximum": position is None or position > stand.max_vehicles}
        if permit is not None:
            names = auxiliaries.get(permit.id, [])
            place.update(permit_id=permit.id, order_number=permit.order_number,
                         holder_id=permit.holder_id, holder_name=permit.holder.name,
                         plate=permit.vehicle.plate_original if permit.vehicle_id else "",
                         auxiliary_names=names, auxiliary_name=", ".join(names),
                         since=permit.stand_since, status=permit.status)
        places.append(place)
    result = as_dict(stand, permits.count())
    result["places"] = places
    return result


# --- creating a stand ---------------------------------------------------------------------

def _coordinate(value, field: str, limit: int) -> Decimal:
    return numbers.parse_coordinate(value, field, limit).quantize(_MICRO_DEGREE)


def _act_date(value, on: dt.date) -> dt.date | None:
    if value in (None, ""):
        return None
    return validators.parse_date(value, "Data do ato", earliest=dt.date(1990, 1, 1), latest=on)


check_coordinate = _coordinate  # the form checks a coordinate as it is typed


def _clean_stand(data: dict, profile, *, on: dt.date | None = None,
                 current: Stand | None = None) -> dict:
    """Validated values of a new ponto (current None) or of an existing one's edit (the
    whole set of values, the unchanged ones included)."""
    on = _on(on)
    known = {"number", "name", "location", "latitude", "longitude", "min_vehicles",
             "max_vehicles", "max_raised_by_act", "max_act_date", "responsible_id",
             "extension_point"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido.")
    rule = profile.stand
    out: dict = {}
    out["number"] = validators.positive_int(data.get("number"), "Número do ponto", maximum=9999)
    out["name"] = validators.text(data.get("name"), "Nome do ponto", max_length=120)
    out["location"] = validators.text(data.get("location"), "Localização", max_length=200)
    out["extension_point"] = validators.text(data.get("extension_point"), "Ponto de extensão",
                                             max_length=200, required=False)
    out["max_raised_by_act"] = validators.text(data.get("max_raised_by_act"),
                                               "Ato que fixou o máximo", max_length=60,
                                               required=False)
    out["max_act_date"] = _act_date(data.get("max_act_date"), on)
    lat, lon = data.get("latitude"), data.get("longitude")
    if (lat in (None, "")) != (lon in (None, "")):
        raise ValidationError("Latitude" if lat in (None, "") else "Longitude",
                              "informe latitude e longitude juntas, ou nenhuma das duas.")
    if lat not in (None, ""):
        out["latitude"] = _coordinate(lat, "Latitude", 90)
        out["longitude"] = _coordinate(lon, "Longitude", 180)

    if data.get("max_vehicles") in (None, ""):
        if not rule.max_vehicles:  # L1745 Art. 5: the number is set for each stand
            raise ValidationError("Máximo de motocicletas", "informe quantas motocicletas o "
                                  f"ponto comporta ({rule.article}).")
        maximum = rule.max_vehicles
    else:
        maximum = validators.positive_int(data["max_vehicles"], "Máximo de motocicletas",
                                          maximum=999)
    if data.get("min_vehicles") in (None, ""):
        minimum = min(rule.min_vehicles, maximum)
    else:
        raw = str(data["min_vehicles"]).strip()
        minimum = 0 if raw == "0" else validators.positive_int(raw, "Mínimo de motocicletas",
                                                               maximum=999)
    if minimum > maximum:
        raise ValidationError("Mínimo de motocicletas", f"o mínimo ({minimum}) é maior que o "
                                                        f"máximo ({maximum}).")
    if rule.min_vehicles and minimum < rule.min_vehicles:
        raise RuleRefusal(f"O ponto deve comportar no mínimo {rule.min_vehicles} motocicletas",
                          rule.article)
    if rule.max_vehicles and maximum > rule.max_vehicles and not rule.max_may_be_raised:
        raise RuleRefusal(f"O ponto pode ter no máximo {rule.max_vehicles} motocicletas",
                          rule.article)
    if max_needs_act(rule, maximum, current.max_vehicles if current else None):
        if not out["max_raised_by_act"] or out["max_act_date"] is None:
            what = "O máximo de" if current is None else \
                f"A mudança do máximo de {current.max_vehicles} para"
            raise RuleRefusal(f"{what} {maximum} motocicletas depende de ato que o fixe: "
                              "informe o número e a data do ato", rule.article)
    elif current is not None and maximum == current.max_vehicles:
        # the maximum stays: so does the act that set it
        out["max_raised_by_act"] = out["max_raised_by_act"] or current.max_raised_by_act
        out["max_act_date"] = out["max_act_date"] or current.max_act_date
    out["min_vehicles"], out["max_vehicles"] = minimum, maximum
    return out


def max_needs_act(rule, maximum: int, old: int | None = None) -> bool:
    """Whether setting a ponto's maximum (a new one: old None) takes an act: above the
    law's maximum (SRM Art. 22 §1º), or lowering one that an act raised; where the law
    sets the number per ponto (no maximum in the profile), any change of an existing one."""
    if old is not None and maximum == old:
        return False
    if rule.max_vehicles:
        return maximum > rule.max_vehicles or (old is not None and old > rule.max_vehicles)
    return old is not None


def _check_distance(values: dict, min_distance_m: int, article: str,
                    itself: int | None = None) -> None:
    """SRM Art. 31 XVIII / Art. 36 XL: no stand closer than the minimum to another active
    stand; checked only when both stands have coordinates."""
    if not min_distance_m or values.get("latitude") is None:
        return
    others = Stand.select().where((Stand.active == True)  # noqa: E712
                                  & Stand.latitude.is_null(False)
                                  & Stand.longitude.is_null(False)
                                  & (Stand.id != (itself or 0))).order_by(Stand.number)
    for other in others:
        distance = geo.haversine_m(values["latitude"], values["longitude"],
                                   other.latitude, other.longitude)
        if distance < min_distance_m:
            which = "O novo ponto" if itself is None else "O ponto"
            raise RuleRefusal(f"{which} fica a {distance:.0f} m do {label(other.number)} "
                              f"({other.name}); a distância mínima entre pontos é de "
                              f"{min_distance_m} m", article)


def create_stand(actor: Actor, data: dict, *, on: dt.date | None = None) -> dict:
    """Create a stand. Fees: where the profile charges for opening a stand (SRM Art. 47 V,
    4 UFM) and for an extension point (Art. 47 VI, 3 UFM), they are charged to the stand's
    responsible person (SRM Art. 22 I: the stand's licence is in the responsible holder's
    name). A stand created by the município itself, with no responsible person, is charged
    nothing: there is nobody to owe the fee. The responsible person's debts block the
    request where the profile says so (SRM Art. 50)."""
    permissions.require(actor, "stand.create")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    values = _clean_stand(data, profile, on=on)
    responsible = None
    if data.get("responsible_id") not in (None, ""):
        responsible = persons.get_person(data["responsible_id"])
        fees.check_no_debts(responsible.id, "o pedido de abertura de ponto", on=on)
    fee_keys = _create_fee_keys(responsible is not None, bool(values["extension_point"]),
                                profile)
    if fee_keys:
        setup.fiscal_unit_value_cents(on.year)  # refuses before any write if unset
    with write_transaction():
        if Stand.select().where(Stand.number == values["number"]).exists():
            raise ValidationError("Número do ponto", f"o {label(values['number'])} já existe.")
        _check_distance(values, profile.stand.min_distance_m, profile.stand.min_distance_article)
        stand = Stand.create(responsible=responsible.id if responsible else None, **values)
        audit.record(actor, "stand.create", "stand", stand.id, after=audit.snapshot(stand))
        charged = [fees.charge(actor, responsible.id, key, on=on) for key in fee_keys]
    result = as_dict(stand, 0)
    result["fees"] = [fees.as_dict(f) for f in charged if f is not None]
    return result


# --- editing and closing a stand ----------------------------------------------------------

EDITABLE = ("name", "location", "latitude", "longitude", "min_vehicles", "max_vehicles",
            "max_raised_by_act", "max_act_date", "extension_point")


def get_by_number(number) -> Stand:
    value = validators.positive_int(number, "Número do ponto", maximum=9999)
    stand = Stand.get_or_none(Stand.number == value)
    if stand is None:
        raise ValidationError("Número do ponto", f"o {label(value)} não existe.")
    return stand


def _locked_stand(stand_id) -> Stand:
    """The ponto read inside the action's transaction, locked (PostgreSQL) until it ends."""
    stand = locked(Stand.select().where(Stand.id == stand_id)).first()
    if stand is None:
        raise ValidationError("Ponto", f"ponto nº {stand_id} não existe.")
    return stand


def edit_stand(actor: Actor, stand_id, data: dict, *, on: dt.date | None = None) -> dict:
    """Change a ponto's name, address, coordinates (the distance rule, SRM Art. 31 XVIII),
    extension point, minimum and maximum. A maximum above the law's, or lowered from one an
    act raised, needs the act's number and date (SRM Art. 22 §1º; max_needs_act); it never
    goes below the places in use. Keys left out keep their value; the number does not
    change. Where the ponto has a responsible holder, opening an extension point and moving
    the ponto are charged as the profile says (SRM Art. 47 VI and VII). One transaction,
    audited with before and after."""
    permissions.require(actor, "stand.edit")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    unknown = sorted(set(data) - set(EDITABLE))
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido (o número do ponto não muda).")
    stand = get_stand(stand_id)
    merged = {key: getattr(stand, key) for key in EDITABLE}
    if str(data.get("max_vehicles", stand.max_vehicles)).strip() != str(stand.max_vehicles):
        merged["max_raised_by_act"], merged["max_act_date"] = "", None  # a new act, if any
    merged.update(data)
    merged["number"] = stand.number
    values = _clean_stand(merged, profile, on=on, current=stand)
    del values["number"]
    fee_keys = _edit_fee_keys(stand, values, profile)
    if fee_keys:
        setup.fiscal_unit_value_cents(on.year)  # refuses before any write if unset
    with write_transaction():
        stand = _locked_stand(stand.id)
        if not stand.active:
            raise DomainError(f"O {label(stand.number)} está desativado; reative-o antes de "
                              "alterá-lo.")
        occupied = [p for p in _occupied(stand.id) if p is not None]
        beyond = sorted(p for p in occupied if p > values["max_vehicles"])
        if beyond:
            raise DomainError(f"O {label(stand.number)} tem {len(occupied)} vaga(s) ocupada(s), "
                              f"entre elas a(s) vaga(s) {', '.join(map(str, beyond))}: o máximo "
                              f"não pode ficar em {values['max_vehicles']} antes de liberá-las "
                              "ou mudá-las de ponto.")
        if values.get("latitude") != stand.latitude or values.get("longitude") != \
                stand.longitude:
            _check_distance(values, profile.stand.min_distance_m,
                            profile.stand.min_distance_article, itself=stand.id)
        before = audit.snapshot(stand)
        for key, value in values.items():
            setattr(stand, key, value)
        if "latitude" not in values:  # coordinates taken away
            stand.latitude = stand.longitude = None
        stand.save()
        audit.record(actor, "stand.edit", "stand", stand.id, before=before,
                     after=audit.snapshot(stand))
        charged = [fees.charge(actor, stand.responsible_id, key, on=on) for key in fee_keys]
    result = as_dict(stand)
    result["fees"] = [fees.as_dict(f) for f in charged if f is not None]
    return result


def _create_fee_keys(responsible: bool, extension: bool, profile) -> list[str]:
    """The fees a new ponto charges its responsible person (SRM Art. 47 V, VI); none for the
    município's own ponto: nobody owes them."""
    if not responsible:
        return []
    keys = ["stand_open"] + (["stand_extension_open"] if extension else [])
    return [key for key in keys if key in profile.fees]


def create_fee_notice(*, responsible: bool, extension: bool,
                      on: dt.date | None = None) -> str:
    """What creating the ponto will charge, said before it is saved (issue 36)."""
    keys = _create_fee_keys(responsible, extension, setup.profile(on))
    return " ".join(fees.fee_notice(key, payer="o responsável", on=on) for key in keys)


def _edit_fee_keys(stand: Stand, values: dict, profile) -> list[str]:
    if stand.responsible_id is None:
        return []  # the município's own ponto: nobody owes the fee
    keys = []
    if values["extension_point"] and not stand.extension_point:
        keys.append("stand_extension_open")
    moved = (values["location"] != stand.location or
             values.get("latitude") != stand.latitude or
             values.get("longitude") != stand.longitude)
    if moved:
        keys.append("stand_relocation")
    return [key for key in keys if key in profile.fees]


def close_stand(actor: Actor, stand_id, *, reason: str, act_number: str = "",
                on: dt.date | None = None) -> dict:
    """Close (deactivate) a ponto: with the reason and, where there is one, the act; only an
    empty ponto — its permits are moved or their places freed first, so no holder is left
    without knowing where they stand. A closed ponto takes no permit and leaves the distance
    rule; it is kept, with its history, and may be reopened."""
    permissions.require(actor, "stand.close")
    on = _on(on)
    reason = validators.text(reason, "Motivo", max_length=200)
    act_number = validators.text(act_number, "Nº do ato", max_length=60, required=False)
    with write_transaction():
        stand = _locked_stand(get_stand(stand_id).id)
        if not stand.active:
            raise DomainError(f"O {label(stand.number)} já está desativado (desde "
                              f"{validators.format_date(stand.closed_on)}).")
        count = Permit.select().where(Permit.stand == stand.id).count()
        if count:
            raise DomainError(f"O {label(stand.number)} tem {count} permissão(ões) em suas "
                              "vagas: mude-as de ponto ou libere as vagas antes de "
                              "desativá-lo.")
        before = audit.snapshot(stand)
        stand.active, stand.closed_on = False, on
        stand.close_reason, stand.close_act = reason, act_number
        stand.save()
        audit.record(actor, "stand.close", "stand", stand.id, before=before,
                     after=audit.snapshot(stand))
    return as_dict(stand, 0)


def reopen_stand(actor: Actor, stand_id, *, on: dt.date | None = None) -> dict:
    """Reopen a closed ponto, if no active ponto is now too close (SRM Art. 31 XVIII)."""
    permissions.require(actor, "stand.reopen")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    with write_transaction():
        stand = _locked_stand(get_stand(stand_id).id)
        if stand.active:
            raise DomainError(f"O {label(stand.number)} já está ativo.")
        _check_distance({"latitude": stand.latitude, "longitude": stand.longitude},
                        profile.stand.min_distance_m, profile.stand.min_distance_article,
                        itself=stand.id)
        before = audit.snapshot(stand)
        stand.active, stand.closed_on, stand.close_reason, stand.close_act = True, None, "", ""
        stand.save()
        audit.record(actor, "stand.reopen", "stand", stand.id, before=before,
                     after=audit.snapshot(stand))
    return as_dict(stand)


def setting_note(key: str) -> str:
    """What a município-wide change of a ponto number means for the pontos there are: the
    numbers are defaults and limits for pontos created from then on; each existing ponto
    keeps its own until it is edited. '' for other settings."""
    if key not in ("stand.min_vehicles", "stand.max_vehicles", "stand.max_may_be_raised"):
        return ""
    count = Stand.select().where(Stand.active == True).count()  # noqa: E712
    if not count:
        return "Vale para os pontos criados a partir de agora."
    what = "o mínimo" if key == "stand.min_vehicles" else "o máximo"
    return (f"Vale para os pontos criados a partir de agora; os {count} ponto(s) existente(s) "
            f"mantêm {what} que têm — para mudar um deles, use Pontos → Editar ponto "
            "(acima do máximo da lei, com o ato).")


# --- places -------------------------------------------------------------------------------

def _lock(stand_id, permit_id) -> tuple[Stand, Permit]:
    """Read the stand and the permit inside the transaction; on PostgreSQL lock both rows so a
    second counter placing on the same stand waits for this one to commit."""
    stands = Stand.select().where(Stand.id == stand_id)
    permits = Permit.select().where(Permit.id == permit_id)
    if is_postgres():
        stands, permits = stands.for_update(), permits.for_update()
    stand, permit = stands.first(), permits.first()
    if stand is None:
        raise ValidationError("Ponto", f"ponto nº {stand_id} não existe.")
    if permit is None:
        raise ValidationError("Permissão", f"permissão nº {permit_id} não existe.")
    return stand, permit


def _free_position(stand: Stand, position, full_article: str) -> int:
    """The requested place, or the lowest free one; the 'full' refusal when none is left."""
    if not stand.max_vehicles:
        raise DomainError(f"O {label(stand.number)} não tem número máximo de motocicletas "
                          "definido.")
    occupied = _occupied(stand.id)
    count = Permit.select().where(Permit.stand == stand.id).count()
    free = [p for p in range(1, stand.max_vehicles + 1) if p not in occupied]
    if not free:
        raise _full_refusal(stand, count, full_article)
    if position is None:
        return free[0]
    if position not in free:
        holder = occupied[position].order_number
        raise DomainError(f"A posição {position} do {label(stand.number)} está ocupada pela "
                          f"permissão nº {holder}.")
    return position


def _clean_position(position, stand: Stand) -> int | None:
    if position in (None, ""):
        return None
    value = validators.positive_int(position, "Posição no ponto", maximum=999)
    if stand.max_vehicles and value > stand.max_vehicles:
        raise ValidationError("Posição no ponto", f"o {label(stand.number)} tem posições de "
                                                  f"1 a {stand.max_vehicles}.")
    return value


def _move(permit: Permit, stand: Stand, position: int, on: dt.date, full_article: str) -> None:
    """Write the place; a concurrent taker of the same place trips the unique index, which is
    turned into the 'full' (or 'taken') refusal. The savepoint keeps an enclosing
    transaction usable on PostgreSQL."""
    try:
        with DB.atomic():
            sealed_update(Permit, [permit.id], stand=stand.id, stand_position=position,
                          stand_since=on)
    except pw.IntegrityError:
        count = Permit.select().where(Permit.stand == stand.id).count()
        if count >= stand.max_vehicles:
            raise _full_refusal(stand, count, full_article) from None
        raise DomainError(f"A posição {position} do {label(stand.number)} acabou de ser "
                          "ocupada em outro terminal; tente novamente.") from None
    permit.stand, permit.stand_position, permit.stand_since = stand.id, position, on


def _place_dict(permit: Permit, stand: Stand) -> dict:
    return {"permit_id": permit.id, "order_number": permit.order_number,
            "stand_id": stand.id, "stand_number": stand.number, "stand_label": label(stand.number),
            "position": permit.stand_position, "since": permit.stand_since}


@retry_conflicts
def assign_permit(actor: Actor, permit_id, stand_id, *, on: dt.date | None = None,
                  position=None) -> dict:
    """Place a permit on a stand (at the grant, or a permit without a place): the lowest free
    position 1..max, or the one given. Never beyond the maximum (SRM Art. 22 §1º). No fee and
    no 12-month rule: those are for a change requested by the holder (change_stand)."""
    permissions.require(actor, "stand.assign")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    with write_transaction(concurrent=True):  # the stand's places: its row, locked first
        stand, permit = _lock(stand_id, permit_id)
        position = _clean_position(position, stand)
        if permit.status in Permit.ENDED:
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} está encerrada "
                              f"({permit.status}); não pode ocupar vaga em ponto.")
        if not stand.active:
            raise DomainError(f"O {label(stand.number)} está desativado.")
        if permit.stand_id is not None:
            current = Stand.get_by_id(permit.stand_id)
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} já está no "
                              f"{label(current.number)}; para trocar, use a mudança de ponto.")
        position = _free_position(stand, position, profile.stand.article)
        before = audit.snapshot(permit)
        _move(permit, stand, position, on, profile.stand.article)
        permit_history.record(actor, permit, "stand_assign", on=on, from_status=permit.status,
                              details={"stand_id": stand.id, "stand_number": stand.number,
                                       "position": position})
        audit.record(actor, "permit.stand_assign", "permit", permit.id, before=before,
                     after=audit.snapshot(permit))
    return _place_dict(permit, stand)


def release_place(actor: Actor, permit_id, *, on: dt.date | None = None,
                  reason: str = "") -> dict:
    """Free the permit's place (when the permit ends). A permit with no place is left as it
    is ({"released": False}), so ending services may call this unconditionally."""
    permissions.require(actor, "stand.release")
    on = _on(on)
    reason = validators.text(reason, "Motivo", max_length=200, required=False)
    with write_transaction():
        permit = lookup.get_permit(permit_id)
        if permit.stand_id is None:
            return {"permit_id": permit.id, "released": False}
        stand = Stand.get_by_id(permit.stand_id)
        before = audit.snapshot(permit)
        old_position = permit.stand_position
        sealed_update(Permit, [permit.id], stand=None, stand_position=None, stand_since=None)
        permit.stand, permit.stand_position, permit.stand_since = None, None, None
        permit_history.record(actor, permit, "stand_release", on=on, from_status=permit.status,
                              reason=reason, details={"stand_id": stand.id,
                                                      "stand_number": stand.number,
                                                      "position": old_position})
        audit.record(actor, "permit.stand_release", "permit", permit.id, before=before,
                     after=audit.snapshot(permit))
    return {"permit_id": permit.id, "released": True, "stand_id": stand.id,
            "stand_number": stand.number, "position": old_position}


def change_stand(actor: Actor, permit_id, new_stand_id, *, on: dt.date | None = None) -> dict:
    """The holder's request to move to another stand.

    Refused where the profile has no such request (PF: stands are set by the Secretaria),
    before profile.stand.change_min_months at the current stand (SRM Art. 20 XVIII: 12
    months), with open debts where they block requests (SRM Art. 50), and when the new stand
    has no vacancy (L1745 Art. 15 "desde que haja vaga"; under SRM a full stand is refused by
    its maximum, Art. 22 §1º). The profile's change fee is charged (SRM Art. 47 IV: 3 UFM;
    L1745 Art. 15: 10 UFICA)."""
    permissions.require(actor, "stand.change")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    rule = profile.stand
    application = profile.application("stand_change")
    if not application.allowed:
        raise RuleRefusal("A lei do município não prevê pedido de mudança de ponto pelo "
                          "permissionário", application.article)
    permit = lookup.get_permit(permit_id)
    new_stand = get_stand(new_stand_id)
    if permit.status not in CHANGE_STATUSES:
        raise DomainError(f"A permissão nº {lookup.permit_number(permit)} está com situação "
                          f"'{permit.status}': a mudança de ponto não é possível.")
    if permit.stand_id is None:
        raise DomainError(f"A permissão nº {lookup.permit_number(permit)} não está em nenhum ponto; "
                          "vincule-a a um ponto em vez de pedir mudança.")
    if permit.stand_id == new_stand.id:
        raise ValidationError("Novo ponto", f"a permissão já está no {label(new_stand.number)}.")
    if not new_stand.active:
        raise DomainError(f"O {label(new_stand.number)} está desativado.")
    old_stand = Stand.get_by_id(permit.stand_id)
    if rule.change_min_months and permit.stand_since is not None:
        allowed_from = add_months(permit.stand_since, rule.change_min_months)
        if on < allowed_from:
            raise RuleRefusal(
                f"Permissionário no {label(old_stand.number)} desde "
                f"{validators.format_date(permit.stand_since)}: a mudança de ponto só pode ser "
                f"pedida após {rule.change_min_months} meses no ponto (a partir de "
                f"{validators.format_date(allowed_from)})", application.article)
    fees.check_no_debts(permit.holder_id, "o pedido de mudança de ponto", on=on)
    fee_key = rule.change_fee_key
    if fee_key:
        setup.fiscal_unit_value_cents(on.year)  # refuses before any write if unset
    # where the law makes the vacancy the condition of the change, cite that article
    full_article = application.article if rule.change_needs_vacancy else rule.article
    with write_transaction():
        new_stand, permit = _lock(new_stand.id, permit.id)
        if permit.stand_id != old_stand.id:
            raise DomainError("A permissão mudou de ponto em outro terminal; consulte-a de novo.")
        position = _free_position(new_stand, None, full_article)
        before = audit.snapshot(permit)
        old_position, old_since = permit.stand_position, permit.stand_since
        _move(permit, new_stand, position, on, full_article)
        fee = fees.charge(actor, permit.holder_id, fee_key, on=on,
                          permit_id=permit.id) if fee_key else None
        permit_history.record(actor, permit, "stand_change", on=on, from_status=permit.status,
                              details={"old_stand_id": old_stand.id,
                                       "old_stand_number": old_stand.number,
                                       "old_position": old_position,
                                       "old_since": old_since,
                                       "new_stand_id": new_stand.id,
                                       "new_stand_number": new_stand.number,
                                       "new_position": position})
        audit.record(actor, "permit.stand_change", "permit", permit.id, before=before,
                     after=audit.snapshot(permit))
    result = _place_dict(permit, new_stand)
    result.update(old_stand_id=old_stand.id, old_stand_number=old_stand.number,
                  fee=fees.as_dict(fee) if fee is not None else None)
    return result

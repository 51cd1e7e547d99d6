"""Rule profiles: one municipal law as data (resources/profiles/<id>.toml).

The loader is strict on purpose: a misspelt key in a profile would silently fall back to
a wrong rule, so unknown keys, missing keys, wrong types and duplicate codes are errors
that name the file and the key. The format is documented in docs/profiles.md.
"""
from __future__ import annotations

import dataclasses
import tomllib
import typing
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

from .errors import ProfileError  # noqa: F401 (defined there: callers need not load this module)

PROFILES_DIR = Path(__file__).resolve().parents[2] / "resources" / "profiles"


# --- sections ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ProfileInfo:
    id: str
    short_name: str
    name: str
    law: str
    municipio: str
    uf: str
    fiscal_unit: str


@dataclass(frozen=True)
class Defaults:
    fiscal_unit_value: Decimal
    initial_tariff: Decimal


@dataclass(frozen=True)
class Cap:
    inhabitants_per_permit: int
    article: str


@dataclass(frozen=True)
class Holder:
    min_age: int
    cnh_category: str
    cnh_min_years: int
    ear_required: bool
    article: str


@dataclass(frozen=True)
class Permit:
    max_per_person: int
    fleet_owner_exception: bool
    max_per_person_article: str
    validity_months: int
    validity_article: str
    order_number_digits: int
    cassation_bar_years: int
    cassation_bar_forever: bool
    cassation_bar_article: str


@dataclass(frozen=True)
class Renewal:
    deadline: str
    grace_days: int
    late_fine_units: Decimal
    article: str


@dataclass(frozen=True)
class Transfer:
    allowed: bool
    min_years_held: int
    transferor_barred: bool
    fee_key: str
    article: str


@dataclass(frozen=True)
class Interruption:
    allowed: bool
    max_days: int
    per_year: bool
    extensions: int
    unauthorised_revert_days: int
    article: str
    unauthorised_article: str  # a service interrupted without authorisation (PF Art. 12)


@dataclass(frozen=True)
class Vehicle:
    max_age_years: int
    age_article: str
    max_age_at_grant_only: bool
    cc_min: int
    cc_max: int
    cc_article: str
    replacement_newer_only: bool
    replacement_same_capacity: bool
    replacement_declare_days_before: int
    replacement_grace_days: int
    replacement_needs_authorisation: bool
    replacement_article: str
    insurance_min_cover_per_person: Decimal
    insurance_article: str
    owner_rule: str      # who may own the vehicle (OWNER_RULES)
    owner_article: str


@dataclass(frozen=True)
class InspectionItem:
    code: str
    text: str
    article: str
    kind: str


@dataclass(frozen=True)
class Inspection:
    annual: bool
    semiannual: bool
    on_demand: bool
    requires_permit_up_to_date: bool
    requires_no_debts: bool
    missed_summons_cassation: bool
    article: str
    requires_article: str  # where the permit-up-to-date / no-debts condition is (SRM Art. 17 §1)
    missed_summons_article: str  # cassation for a missed summons (L1745 Art. 10 §ú); "" = none
    items: tuple[InspectionItem, ...] = ()


@dataclass(frozen=True)
class Stand:
    min_vehicles: int
    max_vehicles: int
    max_may_be_raised: bool
    min_distance_m: int
    min_distance_article: str
    change_min_months: int
    change_needs_vacancy: bool
    change_fee_key: str
    article: str


@dataclass(frozen=True)
class Auxiliary:
    allowed: bool
    max_per_vehicle: int
    max_article: str
    recredential_months: int
    article: str
    # cassation of the auxiliary's own credential and the bar on a new one (SRM Art. 38 IV,
    # §3º: 2 years; L1745 Art. 17 IV, §2º: for good); "" = the law has no such penalty
    cassation_article: str
    cassation_bar_years: int
    cassation_bar_forever: bool


@dataclass(frozen=True)
class Debts:
    block_requests: bool
    blocks_renewal: bool
    article: str


@dataclass(frozen=True)
class WaitingList:
    mode: str
    enrol_days: int
    ranking: tuple[str, ...]
    article: str
    # penalty classes from the least to the most grave: an infraction weighs its position
    # (1 = least grave) in "fewer_infractions_weighted" (L1745 Art. 12 §2º I)
    infraction_gravity: tuple[str, ...]


@dataclass(frozen=True)
class PenaltyClass:
    code: str
    label: str
    fine_units: Decimal
    fine_units_max: Decimal
    fine_tariff_multiple: int
    points: int
    recidivism_double: bool  # L1745 Art. 8 §3: only the no-permit fine doubles
    article: str


@dataclass(frozen=True)
class PointsWindow:
    points: int
    months: int
    article: str


@dataclass(frozen=True)
class CountThreshold:
    count: int
    sanction: str
    suspension_months: int
    article: str


@dataclass(frozen=True)
class Penalties:
    counts_points: bool
    warning_for_classes: tuple[str, ...]
    warning_article: str
    same_infraction_double_months: int
    simultaneous_each_count: bool
    article: str
    month_rule: str            # how "N months" windows are counted (MONTH_RULES)
    month_rule_article: str
    count_window_months: int   # count thresholds: 0 = every infraction on the permit
    recidivism_months: int     # recidivism_double classes: 0 = no time limit
    payment_article: str       # paying the fine does not release from fixing the fault (PF
                               # Art. 33); "" where the law says nothing
    classes: tuple[PenaltyClass, ...] = ()
    points_windows: tuple[PointsWindow, ...] = ()
    count_thresholds: tuple[CountThreshold, ...] = ()


@dataclass(frozen=True)
class Defence:
    defence_days: int
    business_days: bool
    appeal_days: int
    defence_article: str
    appeal_article: str
    extend_to_business_day: bool  # a deadline ending on a non-business day moves to the next
    extend_article: str
    notification_article: str       # how the notice is notified; the terms count from it
    accepted_defence_article: str   # an accepted defence voids the notice and undoes its
                                    # penalties and measures (SRM Art. 35 §2º); "" = the law
                                    # does not say (it is voided all the same)
    revelia_article: str            # no defence in the term: the penalties apply


@dataclass(frozen=True)
class Impound:
    storage_fee_units_per_day: Decimal
    release_requires: tuple[str, ...]
    article: str
    release_reasons: tuple[str, ...]  # RELEASE_REASONS the law allows (PF Art. 36 I-III)


@dataclass(frozen=True)
class Fee:
    code: str
    label: str
    units: Decimal
    article: str


@dataclass(frozen=True)
class Infraction:
    code: str
    article: str
    text: str
    class_code: str
    measure: str


@dataclass(frozen=True)
class ChecklistItem:
    code: str
    text: str
    mandatory: bool
    article: str


@dataclass(frozen=True)
class ApplicationType:
    type: str
    label: str
    allowed: bool
    fee_key: str
    article: str
    checklist: tuple[ChecklistItem, ...] = ()


APPLICATION_TYPES = (
    "new_permit", "renewal", "transfer", "vehicle_substitution", "stand_change",
    "interruption", "withdrawal", "auxiliary_driver", "card_second_copy",
)
WAITING_LIST_MODES = ("automatic", "licitacao", "edital")
SANCTIONS = ("suspension", "revocation", "cassation")
INSPECTION_KINDS = ("annual", "semiannual", "both")
MONTH_RULES = ("calendar", "days30")
RELEASE_REASONS = ("payment", "fault_corrected", "maintenance")
RELEASE_REQUIREMENTS = ("fines", "removal", "storage", "permit")
# who may own the holder's vehicle: the holder only (PF Art. 15 VII, SRM Art. 20 II, L1745
# Art. 2 §2º I); the holder, the spouse or a relative to the 2nd degree; anyone
OWNER_RULES = ("holder", "holder_or_family", "any")


@dataclass(frozen=True)
class RuleProfile:
    profile: ProfileInfo
    defaults: Defaults
    cap: Cap
    holder: Holder
    permit: Permit
    renewal: Renewal
    transfer: Transfer
    interruption: Interruption
    vehicle: Vehicle
    inspection: Inspection
    stand: Stand
    auxiliary: Auxiliary
    debts: Debts
    waiting_list: WaitingList
    penalties: Penalties
    defence: Defence
    impound: Impound
    fees: dict[str, Fee] = field(default_factory=dict)
    infractions: tuple[Infraction, ...] = ()
    applications: tuple[ApplicationType, ...] = ()

    @property
    def id(self) -> str:
        return self.profile.id

    @property
    def short_name(self) -> str:
        return self.profile.short_name

    @property
    def fiscal_unit(self) -> str:
        return self.profile.fiscal_unit

    def infraction(self, code: str) -> Infraction:
        for item in self.infractions:
            if item.code == code:
                return item
        raise KeyError(code)

    def penalty_class(self, code: str) -> PenaltyClass:
        for item in self.penalties.classes:
            if item.code == code:
                return item
        raise KeyError(code)

    def application(self, type_: str) -> ApplicationType:
        for item in self.applications:
            if item.type == type_:
                return item
        raise KeyError(type_)


# --- loading ----------------------------------------------------------------------------

# Nested arrays of tables: (dataclass, field) -> element dataclass; the TOML key is the field
# name except for `class`, a Python keyword.
_NESTED = {
    (Inspection, "items"): InspectionItem,
    (Penalties, "classes"): PenaltyClass,
    (Penalties, "points_windows"): PointsWindow,
    (Penalties, "count_thresholds"): CountThreshold,
    (ApplicationType, "checklist"): ChecklistItem,
}
_OPTIONAL_NESTED = {(Penalties, "points_windows"), (Penalties, "count_thresholds"),
                    (ApplicationType, "checklist")}
_TOML_NAME = {"class_code": "class"}


class _Reader:
    def __init__(self, path: Path):
        self.path = path

    def fail(self, key: str, problem: str) -> typing.NoReturn:
        raise ProfileError(f"Perfil {self.path.name}: chave '{key}': {problem}")

    def build(self, cls, data, where: str, extra: dict | None = None):
        if not isinstance(data, dict):
            self.fail(where, "deveria ser uma tabela")
        hints = typing.get_type_hints(cls)
        values = dict(extra or {})
        known = set()
        for f in dataclasses.fields(cls):
            if f.name in values:
                continue
            key = _TOML_NAME.get(f.name, f.name)
            known.add(key)
            path = f"{where}.{key}"
            nested = _NESTED.get((cls, f.name))
            if key not in data:
                if nested and (cls, f.name) in _OPTIONAL_NESTED:
                    values[f.name] = ()
                    continue
                self.fail(path, "obrigatória e ausente")
            raw = data[key]
            if nested:
                if not isinstance(raw, list):
                    self.fail(path, "deveria ser uma lista de tabelas")
                values[f.name] = tuple(
                    self.build(nested, item, f"{path}[{i}]") for i, item in enumerate(raw))
            else:
                values[f.name] = self.convert(hints[f.name], raw, path)
        unknown = sorted(set(data) - known)
        if unknown:
            self.fail(f"{where}.{unknown[0]}", "desconhecida")
        return cls(**values)

    def convert(self, hint, raw, path: str):
        if hint is Decimal:
            if isinstance(raw, bool) or not isinstance(raw, (str, int)):
                self.fail(path, "deveria ser um número decimal entre aspas (ex.: \"0.20\")")
            try:
                value = Decimal(str(raw).strip())
            except InvalidOperation:
                self.fail(path, f"'{raw}' não é um número decimal")
            if not value.is_finite() or value < 0:
                self.fail(path, "deveria ser um número decimal não negativo")
            return value
        if hint is bool:
            if not isinstance(raw, bool):
                self.fail(path, "deveria ser true ou false")
            return raw
        if hint is int:
            if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
                self.fail(path, "deveria ser um número inteiro não negativo")
            return raw
        if hint is str:
            if not isinstance(raw, str):
                self.fail(path, "deveria ser um texto")
            return raw
        if typing.get_origin(hint) is tuple:
            if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
                self.fail(path, "deveria ser uma lista de textos")
            return tuple(raw)
        raise TypeError(hint)  # a dataclass field of a type the loader does not know


_SECTIONS = {
    "profile": ProfileInfo, "defaults": Defaults, "cap": Cap, "holder": Holder,
    "permit": Permit, "renewal": Renewal, "transfer": Transfer,
    "interruption": Interruption, "vehicle": Vehicle, "inspection": Inspection,
    "stand": Stand, "auxiliary": Auxiliary, "debts": Debts,
    "waiting_list": WaitingList, "penalties": Penalties, "defence": Defence,
    "impound": Impound,
}


def _unique(reader: _Reader, items, attr: str, where: str) -> None:
    seen = set()
    for i, item in enumerate(items):
        value = getattr(item, attr)
        if value in seen:
            reader.fail(f"{where}[{i}].{_TOML_NAME.get(attr, attr)}", f"código repetido '{value}'")
        seen.add(value)


def _check_choice(reader: _Reader, value, choices, where: str) -> None:
    if value not in choices:
        reader.fail(where, f"'{value}' não é um de: {', '.join(choices)}")


def parse_profile(path: Path) -> RuleProfile:
    """Read and validate one profile file."""
    reader = _Reader(path)
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise ProfileError(f"Arquivo de perfil não encontrado: {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"Perfil {path.name}: TOML inválido: {exc}") from None
    except OSError as exc:
        raise ProfileError(f"Perfil {path.name}: não foi possível ler: {exc.strerror}") from None

    values = {}
    for name, cls in _SECTIONS.items():
        if name not in data:
            reader.fail(name, "seção obrigatória e ausente")
        values[name] = reader.build(cls, data[name], name)

    fees = data.get("fees", {})
    if not isinstance(fees, dict):
        reader.fail("fees", "deveria ser uma tabela")
    values["fees"] = {code: reader.build(Fee, body, f"fees.{code}", {"code": code})
                      for code, body in fees.items()}
    for key in ("infractions", "applications"):
        if not isinstance(data.get(key), list):
            reader.fail(key, "lista obrigatória e ausente")
    values["infractions"] = tuple(reader.build(Infraction, item, f"infractions[{i}]")
                                  for i, item in enumerate(data["infractions"]))
    values["applications"] = tuple(reader.build(ApplicationType, item, f"applications[{i}]")
                                   for i, item in enumerate(data["applications"]))
    unknown = sorted(set(data) - set(_SECTIONS) - {"fees", "infractions", "applications"})
    if unknown:
        reader.fail(unknown[0], "seção desconhecida")
    profile = RuleProfile(**values)
    _cross_check(reader, profile, path)
    return profile


def _cross_check(reader: _Reader, p: RuleProfile, path: Path) -> None:
    """Consistency between sections: codes unique, references resolvable."""
    if p.profile.id != path.stem:
        reader.fail("profile.id", f"'{p.profile.id}' difere do nome do arquivo '{path.stem}'")
    if p.cap.inhabitants_per_permit <= 0:
        reader.fail("cap.inhabitants_per_permit", "deveria ser maior que zero")
    _unique(reader, p.infractions, "code", "infractions")
    _unique(reader, p.applications, "type", "applications")
    _unique(reader, p.penalties.classes, "code", "penalties.classes")
    _unique(reader, p.inspection.items, "code", "inspection.items")
    if not p.penalties.classes:
        reader.fail("penalties.classes", "ao menos uma classe de penalidade")
    classes = {c.code for c in p.penalties.classes}
    for i, item in enumerate(p.infractions):
        if item.class_code not in classes:
            reader.fail(f"infractions[{i}].class", f"classe '{item.class_code}' não definida")
    for i, code in enumerate(p.penalties.warning_for_classes):
        if code not in classes:
            reader.fail(f"penalties.warning_for_classes[{i}]", f"classe '{code}' não definida")
    for i, app in enumerate(p.applications):
        _check_choice(reader, app.type, APPLICATION_TYPES, f"applications[{i}].type")
        _unique(reader, app.checklist, "code", f"applications[{i}].checklist")
        if app.fee_key and app.fee_key not in p.fees:
            reader.fail(f"applications[{i}].fee_key", f"taxa '{app.fee_key}' não definida em [fees]")
    missing = [t for t in APPLICATION_TYPES if t not in {a.type for a in p.applications}]
    if missing:
        reader.fail("applications", f"falta o tipo '{missing[0]}'")
    for where, key in (("transfer.fee_key", p.transfer.fee_key),
                       ("stand.change_fee_key", p.stand.change_fee_key)):
        if key and key not in p.fees:
            reader.fail(where, f"taxa '{key}' não definida em [fees]")
    for i, item in enumerate(p.inspection.items):
        _check_choice(reader, item.kind, INSPECTION_KINDS, f"inspection.items[{i}].kind")
    for i, t in enumerate(p.penalties.count_thresholds):
        _check_choice(reader, t.sanction, SANCTIONS, f"penalties.count_thresholds[{i}].sanction")
    _check_choice(reader, p.waiting_list.mode, WAITING_LIST_MODES, "waiting_list.mode")
    for i, code in enumerate(p.waiting_list.infraction_gravity):
        if code not in classes:
            reader.fail(f"waiting_list.infraction_gravity[{i}]", f"classe '{code}' não definida")
    unranked = [c.code for c in p.penalties.classes
                if c.code not in p.waiting_list.infraction_gravity]
    if "fewer_infractions_weighted" in p.waiting_list.ranking and unranked:
        reader.fail("waiting_list.infraction_gravity", f"falta a classe '{unranked[0]}' "
                    "(a classificação pesa as infrações pela gravidade)")
    _check_choice(reader, p.penalties.month_rule, MONTH_RULES, "penalties.month_rule")
    _check_choice(reader, p.vehicle.owner_rule, OWNER_RULES, "vehicle.owner_rule")
    for i, reason in enumerate(p.impound.release_reasons):
        _check_choice(reader, reason, RELEASE_REASONS, f"impound.release_reasons[{i}]")
    for i, need in enumerate(p.impound.release_requires):
        _check_choice(reader, need, RELEASE_REQUIREMENTS, f"impound.release_requires[{i}]")
    if p.renewal.deadline:
        month, _, day = p.renewal.deadline.partition("-")
        if not (month.isdigit() and day.isdigit() and 1 <= int(month) <= 12 and 1 <= int(day) <= 31):
            reader.fail("renewal.deadline", "deveria ser 'MM-DD'")
    if p.vehicle.cc_max and p.vehicle.cc_min > p.vehicle.cc_max:
        reader.fail("vehicle.cc_min", "maior que vehicle.cc_max")
    if p.stand.max_vehicles and p.stand.min_vehicles > p.stand.max_vehicles:
        reader.fail("stand.min_vehicles", "maior que stand.max_vehicles")


_cache: dict[str, RuleProfile] = {}


def available_profiles(directory: Path = PROFILES_DIR) -> list[str]:
    return sorted(p.stem for p in directory.glob("*.toml"))


def load_profile(profile_id: str, directory: Path = PROFILES_DIR) -> RuleProfile:
    """The profile with this id, validated; unknown ids raise ProfileError."""
    key = f"{directory}:{profile_id}"
    if key not in _cache:
        if profile_id not in available_profiles(directory):
            known = ", ".join(available_profiles(directory)) or "nenhum"
            raise ProfileError(f"Perfil desconhecido: '{profile_id}' (arquivo {profile_id}.toml "
                               f"não encontrado em {directory}). Disponíveis: {known}. Se o "
                               "perfil já era usado, reinstale o programa para restaurá-lo.")
        _cache[key] = parse_profile(directory / f"{profile_id}.toml")
    return _cache[key]


# --- a município's edited numbers ---------------------------------------------------------

def editable_numbers(profile: RuleProfile) -> dict[str, object]:
    """'section.key' -> current value for every number or yes/no rule a município may edit
    (counts, days, amounts, limits). Texts, articles and lists stay as the law has them;
    [defaults] are the set-up values of the fiscal unit and the tariff, which then have
    histories of their own in the database (values per year, per effective date)."""
    result = {}
    for name in _SECTIONS:
        if name in ("profile", "defaults"):
            continue
        section = getattr(profile, name)
        hints = typing.get_type_hints(type(section))
        for f in dataclasses.fields(section):
            if hints[f.name] in (int, bool, Decimal):
                result[f"{name}.{f.name}"] = getattr(section, f.name)
    return result


def apply_overrides(profile: RuleProfile, overrides: dict[str, object]) -> RuleProfile:
    """The profile with the município's edited numbers; a bad key or value is a ProfileError."""
    if not overrides:
        return profile
    reader = _Reader(Path(f"{profile.id}.toml (valores do município)"))
    editable = editable_numbers(profile)
    changed: dict[str, dict] = {}
    for key, raw in overrides.items():
        if key not in editable:
            reader.fail(key, "não é um número editável do perfil")
        section, _, field_name = key.partition(".")
        hint = typing.get_type_hints(type(getattr(profile, section)))[field_name]
        changed.setdefault(section, {})[field_name] = reader.convert(hint, raw, key)
    updated = {name: dataclasses.replace(getattr(profile, name), **fields)
               for name, fields in changed.items()}
    result = dataclasses.replace(profile, **updated)
    _cross_check(reader, result, Path(f"{profile.id}.toml"))
    return result

"""Rule profiles: one municipal law as data (resources/profiles/<id>.toml, package data,
or a município's own file in <pasta de dados>/profiles/).

The loader is strict on purpose: a misspelt key in a profile would silently fall back to
a wrong rule, so unknown keys (named with the nearest known key), missing keys, wrong types,
duplicate codes and values no law can mean are errors, all reported at once with their line
(domain/profile_reader.py, domain/profile_checks.py). The format is docs/profiles.md; its
JSON Schema, for editors, docs/profile.schema.json (domain/profile_schema.py).

A key is a dataclass field below: a field with a default is optional, and its default must
keep the behaviour the program had before the key existed, because databases keep the text
of the profile versions they adopted (services/administration/profile_versions.py) and must read them again.
Every key also arrives with a format and its upgrade step (domain/profile_formats.py): a text
declares the format it was written for, and load_text upgrades it before reading, returning
the notices of what the upgrade assumed.
"""
from __future__ import annotations

import dataclasses
import datetime
import hashlib
import tomllib
import typing
from typing import NamedTuple
from dataclasses import dataclass, field
from decimal import Decimal
from importlib.resources.abc import Traversable
from pathlib import Path

from .os_errors import os_error_text
from .. import package_data
from . import input_limits, profile_checks, profile_formats, profile_upgrades
from .errors import ProfileError  # noqa: F401 (defined there: callers need not load this module)
from .profile_reader import Collector, ProfileProblems, build, convert  # noqa: F401
from .profile_vocabulary import (  # noqa: F401 (the loader's words, read as P.X)
    APPLICATION_TYPES, DECISION_WARNS, INSPECTION_KINDS, INSTRUMENT_KINDS, INSTRUMENT_WORDS,
    MONTH_RULES, NOTIFICATION_MEANS, OWNER_RULES, RECADASTRAMENTO_MISSES, RELEASE_REASONS, RELEASE_REQUIREMENTS, SANCTIONS, VEHICLE_KINDS,
    WAITING_LIST_MODES)

# The effective date of a database's first profile version: every act before it is judged
# by that version too.
EARLIEST = datetime.date(1900, 1, 1)

# The profiles the program ships (package data, read through importlib.resources).
PROFILES_DIR: Traversable = package_data.folder("profiles")


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
    inhabitants_per_permit: int  # 0 when the law fixes the number (fixed_permits)
    article: str
    fixed_permits: int = 0       # > 0: the law fixes the number of permits, whatever the population


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
    no_term: bool = False  # the law gives the permit no term (validity_months = 0)


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
class Instrument:
    """What the law grants and what it calls the holder: printed on the card and the termo,
    shown on the screens. The names default to the law's own word for the act (`kind`): a
    permissão and its permissionário, an autorização and its autorizatário, a licença and its
    licenciado — a law that grants an autorização never gets cards titled PERMISSÃO because
    its profile left the names out (issue 37 item 4)."""
    kind: str = "permissao"           # INSTRUMENT_KINDS
    title: str = ""                   # "" = the kind's word: "Permissão", "Autorização"...
    holder_title: str = ""            # "" = the kind's holder: "Permissionário"...
    article: str = ""

    def __post_init__(self) -> None:
        title, holder = INSTRUMENT_WORDS.get(self.kind, INSTRUMENT_WORDS["permissao"])
        if not self.title.strip():
            object.__setattr__(self, "title", title)
        if not self.holder_title.strip():
            object.__setattr__(self, "holder_title", holder)

    @property
    def card_title(self) -> str:
        return f"{self.title.upper()} DE MOTOTAXISTA"

    @property
    def termo_title(self) -> str:
        return f"TERMO DE {self.title.upper()}"


@dataclass(frozen=True)
class Service:
    """The service's scope: who or what is carried, in which vehicles."""
    passengers: bool = True
    cargo: bool = False
    vehicle_kinds: tuple[str, ...] = ("motocicleta",)   # VEHICLE_KINDS
    article: str = ""

    @property
    def text(self) -> str:
        carried = " e ".join(w for w, on in (("passageiros", self.passengers),
                                             ("cargas", self.cargo)) if on)
        kinds = " ou ".join(self.vehicle_kinds)
        return f"Transporte de {carried} em {kinds}"


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
    notification_means: tuple[str, ...]  # NOTIFICATION_MEANS the law admits (SRM Art. 34
                                         # §2º: in_person, post, gazette); only these are
                                         # recorded as the notification a term runs from
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
    valid_months: int = 0  # > 0: the document is valid for that long (e.g. psychological exam)


@dataclass(frozen=True)
class ApplicationType:
    type: str
    label: str
    allowed: bool
    fee_key: str
    article: str
    checklist: tuple[ChecklistItem, ...] = ()


@dataclass(frozen=True)
class DecisionGround:
    code: str
    text: str
    article: str
    warns: tuple[str, ...] = ()  # permit acts whose preview warns of this ground (DECISION_WARNS)


@dataclass(frozen=True)
class Decision:
    """A sanction the authority decides case by case, on one of the grounds the law names
    (PF Art. 37; SRM Arts. 29 §ú and 38 III; L1745 Arts. 10 §ú, 17, 18) — not the ones the
    penalty engine proposes by counting ([[penalties.*]])."""
    sanction: str        # SANCTIONS
    label: str
    article: str
    authority: str       # who decides and by which act ("Decreto do Executivo (Art. 18)")
    max_days: int        # suspension: the longest period the law allows (0 = none set)
    grounds: tuple[DecisionGround, ...] = ()


@dataclass(frozen=True)
class Documents:
    """The articles that found the printed documents, printed on them as their legal basis
    (the card's back, the sticker). Optional section: a profile adopted before it prints the
    law's name alone."""
    card_article: str = ""
    aux_card_article: str = ""
    sticker_article: str = ""


@dataclass(frozen=True)
class Recadastramento:
    """What missing a recadastramento campaign (the call to update one's data by a schedule,
    services/messaging/campaigns.py) means: "nothing", an "alert" on the holder, or a "sanction" where
    the law gives one (then `article` names it). Optional section: a profile adopted before
    it means nothing."""
    missed: str = "nothing"  # RECADASTRAMENTO_MISSES
    article: str = ""


@dataclass(frozen=True)
class Licensing:
    """The yearly licensing of the permit card (SRM Art. 6 XX: "a renovação anual do
    cadastro de permissionário, do cartão de permissão e vistoria"; Art. 30 XXIV d: in
    person): the card is valid `card_months` from its licensing — not for the permit's whole
    term —, is printed with that date, verified INVÁLIDO after it and renewed by an act that
    charges `fee_key` (Art. 47 I). `missed_article` is what the law says of a holder who does
    not come (Art. 38 III d: cassation, unless a justification is filed by protocol within
    `justify_days`). Optional section: a profile adopted before it (or a law whose permit is
    itself renewed yearly, PF Art. 2 §3º, L1745 Art. 9) has no licensing: the card is valid
    as long as the permit."""
    card_months: int = 0       # 0 = no yearly licensing: the card lasts as long as the permit
    article: str = ""
    fee_key: str = ""          # key into [fees] ("" = no fee)
    missed_article: str = ""   # what missing the licensing date leads to ("" = the law is silent)
    justify_days: int = 0      # days after the date to justify by protocol (SRM Art. 38 III d)


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
    instrument: Instrument = Instrument()
    service: Service = Service()
    decisions: tuple[Decision, ...] = ()
    documents: Documents = Documents()
    recadastramento: Recadastramento = Recadastramento()
    licensing: Licensing = Licensing()

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

    def decision(self, sanction: str) -> Decision | None:
        """The sanction as the authority may decide it, or None where the law has no such
        decision."""
        for item in self.decisions:
            if item.sanction == sanction:
                return item
        return None


# --- loading ----------------------------------------------------------------------------

# Sections every profile must have; `instrument` and `service` are optional (their defaults
# are what the program did before they existed).
_REQUIRED_LISTS = ("infractions", "applications")
# Arrays of tables a profile may leave out (a law with no sanction decided case by case).
_OPTIONAL_LISTS = {"decisions": Decision}


def _sections() -> dict[str, type]:
    hints = typing.get_type_hints(RuleProfile)
    return {f.name: hints[f.name] for f in dataclasses.fields(RuleProfile)
            if dataclasses.is_dataclass(hints[f.name])}


def text_hash(text: str) -> str:
    """The SHA-256 of a profile text (as stored in the database, UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class LoadedProfile(NamedTuple):
    """A profile text read: the rules, and the notices of the upgrade from the format it was
    written for (empty when it is written for the current format)."""
    profile: RuleProfile
    notices: tuple[profile_upgrades.Notice, ...]


def load_text(text: str, name: str, *, expected_id: str | None = None) -> LoadedProfile:
    """Read, upgrade to the current format and validate one profile text: the profile and
    the upgrade's notices. ProfileProblems lists every problem found, each with its line;
    a format newer than the program's is a ProfileError. `name` is how the text is named in
    messages (a file name); when `expected_id` is given, profile.id must equal it (a file's
    name without .toml)."""
    out = Collector(name, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ProfileError(f"Perfil {name}: TOML inválido: {exc}") from None
    written_for = profile_upgrades.declared_format(data, name, text)
    notices = profile_upgrades.upgrade(data, written_for, name=name, text=text)
    data.pop(profile_formats.FORMAT_KEY, None)
    values = {}
    sections = _sections()
    for section, cls in sections.items():
        f = next(f for f in dataclasses.fields(RuleProfile) if f.name == section)
        if section not in data and f.default is not dataclasses.MISSING:
            values[section] = f.default
            continue
        if section not in data:
            out.add(section, "seção obrigatória e ausente", line_of="")
        values[section] = build(out, cls, data.get(section, {}), section)
    fees = data.get("fees", {})
    if not isinstance(fees, dict):
        out.add("fees", "deveria ser uma tabela")
        fees = {}
    values["fees"] = {code: build(out, Fee, body, f"fees.{code}", {"code": code})
                      for code, body in fees.items()}
    for key in _REQUIRED_LISTS:
        element = Infraction if key == "infractions" else ApplicationType
        raw = data.get(key)
        if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
            out.add(key, "lista obrigatória ([[" + key + "]]) ausente ou malformada")
            raw = []
        values[key] = tuple(build(out, element, item, f"{key}[{i}]") for i, item in enumerate(raw))
    for key, element in _OPTIONAL_LISTS.items():
        raw = data.get(key, [])
        if not isinstance(raw, list) or not all(isinstance(x, dict) for x in raw):
            out.add(key, "deveria ser uma lista de tabelas ([[" + key + "]])")
            raw = []
        values[key] = tuple(build(out, element, item, f"{key}[{i}]") for i, item in enumerate(raw))
    known = set(sections) | {"fees", *_REQUIRED_LISTS, *_OPTIONAL_LISTS}
    for key in data:
        if key not in known:
            from .profile_reader import suggestion
            out.add(key, f"seção desconhecida{suggestion(key, known)}")
    profile = RuleProfile(**values)
    profile_checks.check(out, profile, expected_id=expected_id)
    out.raise_if_any()
    return LoadedProfile(profile, tuple(notices))


def parse_profile_text(text: str, name: str, *, expected_id: str | None = None) -> RuleProfile:
    """The profile of a text, upgraded to the current format (load_text, without the
    notices)."""
    return load_text(text, name, expected_id=expected_id).profile


def upgrade_text(text: str, name: str) -> tuple[str, tuple[profile_upgrades.Notice, ...]]:
    """A profile text rewritten for the current format (its comments and layout kept) and
    the notices of the upgrade; ProfileError when the text does not load. The new text is
    read back: it must load without notices into the same rules as the original."""
    original = load_text(text, name)
    new_text, _ = profile_upgrades.rewrite(text, name)
    again = load_text(new_text, name)
    if again.notices or again.profile != original.profile:
        raise ProfileError(f"Perfil {name}: a versão atualizada não confere com o original; "
                           "nada foi gravado (comunique o suporte).")
    return new_text, original.notices


def read_profile_text(source: Path | Traversable) -> str:
    """A profile file's text: a file on disk is checked against its size limit before it is
    read (input_limits.PROFILE; InputRefused); the program's own, as package data, as is."""
    if isinstance(source, Path):
        return input_limits.read_text(source, input_limits.PROFILE)
    return source.read_text(encoding="utf-8")


def parse_profile(path: Path | Traversable) -> RuleProfile:
    """Read and validate one profile file (its id must equal the file name)."""
    name = path.name
    try:
        text = read_profile_text(path)
    except input_limits.InputRefused as exc:
        raise ProfileError(f"Perfil {name}: {exc}") from None
    except FileNotFoundError:
        raise ProfileError(f"Arquivo de perfil não encontrado: {path}") from None
    except UnicodeDecodeError:
        raise ProfileError(f"Perfil {name}: o arquivo não está em UTF-8") from None
    except OSError as exc:
        raise ProfileError(f"Perfil {name}: não foi possível ler: {os_error_text(exc)}") from None
    return parse_profile_text(text, name, expected_id=name.removesuffix(".toml"))


_cache: dict[str, RuleProfile] = {}


def available_profiles(directory: Path | Traversable | None = None) -> list[str]:
    """The ids of the profile files in a folder (the shipped ones by default)."""
    directory = PROFILES_DIR if directory is None else directory
    if not directory.is_dir():
        return []
    return sorted(p.name.removesuffix(".toml") for p in directory.iterdir()
                  if p.name.endswith(".toml") and p.is_file())


def load_profile(profile_id: str, directory: Path | Traversable | None = None) -> RuleProfile:
    """The profile file with this id, validated (the shipped ones by default); unknown ids
    raise ProfileError. A database reads its rules from the versions it adopted instead
    (services/administration/profile_versions.py)."""
    directory = PROFILES_DIR if directory is None else directory
    key = f"{directory}:{profile_id}"
    if key not in _cache:
        if profile_id not in available_profiles(directory):
            known = ", ".join(available_profiles(directory)) or "nenhum"
            raise ProfileError(f"Perfil desconhecido: '{profile_id}' (arquivo {profile_id}.toml "
                               f"não encontrado em {directory}). Disponíveis: {known}.")
        _cache[key] = parse_profile(directory.joinpath(f"{profile_id}.toml"))
    return _cache[key]


def profile_from_text(text: str, name: str) -> RuleProfile:
    """A stored profile text, parsed once per distinct text (cached by its hash)."""
    key = "sha256:" + text_hash(text)
    if key not in _cache:
        _cache[key] = parse_profile_text(text, name)
    return _cache[key]

# --- a município's edited numbers ---------------------------------------------------------

# What a município may not edit: what the law is (its instrument, its scope, whether
# permits have a term), as opposed to the numbers it sets.
_NOT_EDITABLE_SECTIONS = ("profile", "instrument", "service", "defaults")
_NOT_EDITABLE_KEYS = {"permit.no_term", "cap.fixed_permits"}


def editable_numbers(profile: RuleProfile) -> dict[str, object]:
    """'section.key' -> current value for every number or yes/no rule a município may edit
    (counts, days, amounts, limits). Texts, articles and lists stay as the law has them;
    [defaults] are the set-up values of the fiscal unit and the tariff, which then have
    histories of their own in the database (values per year, per effective date)."""
    result = {}
    for name in _sections():
        if name in _NOT_EDITABLE_SECTIONS:
            continue
        section = getattr(profile, name)
        hints = typing.get_type_hints(type(section))
        for f in dataclasses.fields(section):
            key = f"{name}.{f.name}"
            if hints[f.name] in (int, bool, Decimal) and key not in _NOT_EDITABLE_KEYS:
                result[key] = getattr(section, f.name)
    return result


def apply_overrides(profile: RuleProfile, overrides: dict[str, object]) -> RuleProfile:
    """The profile with the município's edited numbers; a bad key or value is a ProfileError
    listing every problem."""
    if not overrides:
        return profile
    out = Collector(f"{profile.id}.toml (valores do município)")
    editable = editable_numbers(profile)
    changed: dict[str, dict] = {}
    for key, raw in overrides.items():
        if key not in editable:
            from .profile_reader import suggestion
            out.add(key, f"não é um número editável do perfil{suggestion(key, editable)}")
            continue
        section, _, field_name = key.partition(".")
        hint = typing.get_type_hints(type(getattr(profile, section)))[field_name]
        value = convert(out, hint, raw, key)
        if hint is not bool:
            from .profile_ranges import out_of_range
            problem = out_of_range(key, value)
            if problem:
                out.add(key, problem)
        changed.setdefault(section, {})[field_name] = value
    out.raise_if_any()
    updated = {name: dataclasses.replace(getattr(profile, name), **fields)
               for name, fields in changed.items()}
    result = dataclasses.replace(profile, **updated)
    profile_checks.check(out, result)
    out.raise_if_any()
    return result

"""Setting up a município's database: `init` on an empty database, once."""
from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from typing import TYPE_CHECKING

from ..domain import numbers, profile_ranges, validators
from ..domain.errors import DomainError, ValidationError
from ..domain.money import parse_money
from ..store.connection import write_transaction
from ..store.models import FiscalUnitValue, MunicipioSettings, TariffValue
from . import audit, permissions
from .administration import users
from .context import SYSTEM, Actor
from .administration.first_run import is_initialised  # noqa: F401 (callers ask setup; the login, first_run)
from ..domain import wallclock


if TYPE_CHECKING:
    from ..domain.profiles import RuleProfile


def _profiles():
    """domain.profiles, imported on first use: the login (start-up) needs no profile."""
    from ..domain import profiles
    return profiles


class AlreadyInitialised(DomainError):
    pass


def settings() -> MunicipioSettings:
    row = MunicipioSettings.select().first()
    if row is None:
        raise DomainError("Banco de dados não configurado: execute 'mototaxi-desk init' primeiro.")
    return row


def profile(on: dt.date | None = None) -> RuleProfile:
    """The município's rule profile in force on a date (today by default), with the numbers
    it edited: the one question the code asks of the rules. The text comes from the
    database (services/administration/profile_versions.py), so every counter reads the same rules and an
    act is judged by the wording in force on its date."""
    return profiles_by_date()(on or wallclock.today())


def profile_today() -> RuleProfile:
    """The wording in force on the program's today, said explicitly: for what really asks
    about the law as it stands now (the settings screen, what the menus offer today, a new
    act dated today). An act or a document with a date of its own asks `profile(on=date)`."""
    return profile(wallclock.today())


def profiles_by_date():
    """date → profile in force with the edited numbers, reading the versions once (for a
    list of acts of different dates). Its `effective_dates`: the day each version took
    effect, so a caller may ask for every version in force on some day."""
    from .administration import profile_versions
    heads, overrides = profile_versions.heads_and_overrides()
    if not heads:
        settings()  # a database without init says so
    at = profile_versions.resolver(heads)

    def resolve(on: dt.date) -> RuleProfile:
        return _with_overrides(at(on), overrides)
    resolve.effective_dates = tuple(head.effective_from for head in heads)
    return resolve


_with_edits: dict[tuple[int, str], RuleProfile] = {}


def _with_overrides(base: RuleProfile, overrides_json: str | None) -> RuleProfile:
    key = (id(base), overrides_json or "{}")  # parsed profiles are kept, so ids are stable
    if key not in _with_edits:
        _with_edits[key] = _profiles().apply_overrides(base, json.loads(overrides_json or "{}"))
    return _with_edits[key]


HISTORY_SETTINGS = {
    "defaults.initial_tariff": "a tarifa tem valores com data de vigência: use 'settings tariff "
                               "DATA VALOR' ou Configurações → Unidade fiscal e tarifa",
    "defaults.fiscal_unit_value": "o valor da unidade fiscal é fixado por ano: use 'settings "
                                  "fiscal-unit ANO VALOR' ou Configurações → Unidade fiscal",
}


def set_profile_number(actor: Actor, key: str, value) -> dict:
    """Edit one number of the profile for this município (admin), audited. The edit applies
    to every version of the profile, so it must fit each of them."""
    permissions.require(actor, "settings.profile_number")
    if key in HISTORY_SETTINGS:
        raise ValidationError(key, HISTORY_SETTINGS[key] + ".")
    from .administration import profile_versions
    with write_transaction():
        row = settings()
        overrides = json.loads(row.overrides or "{}")
        profiles = _profiles()
        base = profile_versions.profile_on(wallclock.today())
        if isinstance(value, str) and key in profiles.editable_numbers(base):
            value = _parse_setting(profiles.editable_numbers(base)[key], value, key)
        overrides[key] = str(value) if isinstance(value, Decimal) else value
        # refuses a bad key or value before anything is saved
        at = profile_versions.resolver()
        for version in profile_versions.versions():
            profiles.apply_overrides(at(version["effective_from"]), overrides)
        before = audit.snapshot(row)
        row.overrides = json.dumps(overrides, sort_keys=True)
        row.save()
        audit.record(actor, "municipio.profile_number", "municipio_settings", row.id,
                     before=before, after=audit.snapshot(row))
    return {"key": key, "value": value}


def _parse_setting(current, text: str, key: str):
    """A value typed at the command line, read as the type of the current value."""
    text = text.strip()
    if isinstance(current, bool):
        if text.lower() in ("sim", "s", "true", "1"):
            return True
        if text.lower() in ("não", "nao", "n", "false", "0"):
            return False
        raise ValidationError(key, "use sim ou não.")
    low, high = profile_ranges.number_range(key)
    if isinstance(current, int):
        return numbers.parse_int(text, key, minimum=low, maximum=high)
    return numbers.parse_decimal(text, key, places=4, minimum=Decimal(low),
                                 maximum=Decimal(high))


def set_population(actor: Actor, population) -> dict:
    """A new census figure (IBGE): the permit cap follows it."""
    permissions.require(actor, "settings.population")
    value = validators.positive_int(population, "População", maximum=20_000_000)
    with write_transaction():
        row = settings()
        before = audit.snapshot(row)
        row.population = value
        row.save()
        audit.record(actor, "municipio.population", "municipio_settings", row.id,
                     before=before, after=audit.snapshot(row))
    return summary()


def set_fiscal_unit_value(actor: Actor, year, value) -> dict:
    """The R$ value of the fiscal unit for a year (set by the município each year)."""
    permissions.require(actor, "settings.fiscal_unit")
    year = validators.year(year, "Ano", earliest=2000, latest=2200)
    cents = parse_money(value, "Valor da unidade fiscal")
    with write_transaction():
        row = FiscalUnitValue.get_or_none(FiscalUnitValue.year == year)
        before = audit.snapshot(row) if row else None
        if row is None:
            row = FiscalUnitValue.create(year=year, value_cents=cents)
        else:
            row.value_cents = cents
            row.save()
        audit.record(actor, "municipio.fiscal_unit_value", "fiscal_unit_value", row.id,
                     before=before, after=audit.snapshot(row))
    return {"year": year, "value_cents": cents}


def tariff_values() -> list[dict]:
    """The initial tariff's values, oldest first, each from its effective date."""
    return [{"effective_on": r.effective_on, "value_cents": r.value_cents,
             "act_number": r.act_number}
            for r in TariffValue.select().order_by(TariffValue.effective_on)]


def tariff_cents_on(day: dt.date) -> int:
    """The initial tariff in force on `day` (the latest value effective on or before it).
    PF Art. 32 prices a fine "em função da tarifa vigente": the tariff in force when the
    infraction was committed (services/ledger/notices.py), as the law then in force governs the
    act (tempus regit actum; a later, higher tariff may not reach back)."""
    row = (TariffValue.select().where(TariffValue.effective_on <= day)
           .order_by(TariffValue.effective_on.desc()).first())
    if row is None:
        raise DomainError(f"Tarifa inicial do serviço não cadastrada para {day:%d/%m/%Y}: "
                          "informe nas configurações a tarifa em vigor nessa data.")
    return row.value_cents


def set_tariff(actor: Actor, effective_on, value, act_number="") -> dict:
    """A new value of the initial tariff from a date on (an act of the Executive: PF Arts.
    8, 22), audited; the same date again corrects its value."""
    permissions.require(actor, "settings.tariff")
    effective_on = validators.parse_date(effective_on, "Vigência da tarifa",
                                         earliest=dt.date(2000, 1, 1))
    cents = parse_money(value, "Tarifa inicial")
    if cents <= 0:
        raise ValidationError("Tarifa inicial", "informe um valor maior que zero.")
    act_number = validators.text(act_number, "Ato que fixou a tarifa", max_length=60,
                                 required=False)
    with write_transaction():
        row = TariffValue.get_or_none(TariffValue.effective_on == effective_on)
        before = audit.snapshot(row) if row else None
        if row is None:
            row = TariffValue.create(effective_on=effective_on, value_cents=cents,
                                     act_number=act_number)
        else:
            row.value_cents, row.act_number = cents, act_number
            row.save()
        audit.record(actor, "municipio.tariff", "tariff_value", row.id, before=before,
                     after=audit.snapshot(row))
    return {"effective_on": effective_on, "value_cents": cents, "act_number": act_number}


MAX_BRASAO_BYTES = 1_000_000


def check_brasao(image_bytes) -> bytes:
    """The image as bytes if it can be the brasão (PNG or JPEG, up to 1 MB)."""
    if not isinstance(image_bytes, (bytes, bytearray)) or not image_bytes:
        raise ValidationError("Brasão", "arquivo de imagem vazio.")
    if len(image_bytes) > MAX_BRASAO_BYTES:
        raise ValidationError("Brasão", "imagem grande demais (máximo 1 MB).")
    if not image_bytes.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")):
        raise ValidationError("Brasão", "use uma imagem PNG ou JPEG.")
    return bytes(image_bytes)


def set_brasao(actor: Actor, image_bytes) -> dict:
    """The município's brasão printed on cards, stickers and A4 documents (admin), audited;
    None removes it (the placeholder is printed)."""
    permissions.require(actor, "settings.brasao")
    if image_bytes is not None:
        image_bytes = check_brasao(image_bytes)
    with write_transaction():
        row = settings()
        had = row.brasao is not None
        row.brasao = image_bytes
        row.save()
        audit.record(actor, "municipio.brasao", "municipio_settings", row.id,
                     before={"brasao": had},
                     after={"brasao": image_bytes is not None,
                            "bytes": len(image_bytes) if image_bytes else 0})
    return {"brasao": image_bytes is not None}


def brasao() -> bytes | None:
    """The município's coat of arms as image bytes (None when there is none)."""
    row = settings()
    return bytes(row.brasao) if row.brasao else None


# the fiscal-unit value stored where the law counts in no fiscal unit (PF, Acari): the
# settings keep one per year, but no fine or fee of such a law reads it
NO_FISCAL_UNIT_VALUE = "1,00"


def _unit_cents(rule_profile: RuleProfile, value) -> int:
    """The R$ value of the law's fiscal unit; required only where the law has one (issue 37
    item 4: `init` of a law without UFM/UFICA asks for none)."""
    given = value is not None and str(value).strip() != ""
    if not given and rule_profile.fiscal_unit:
        raise ValidationError("Valor da unidade fiscal",
                              f"informe o valor da {rule_profile.fiscal_unit} em R$ (a lei "
                              f"cobra taxas e multas em {rule_profile.fiscal_unit}).")
    return parse_money(value if given else NO_FISCAL_UNIT_VALUE, "Valor da unidade fiscal")


def validate_init(*, profile_id, municipio, uf, ibge, population, fiscal_unit_value=None,
                  admin_password, admin_login="admin",
                  admin_name="Administrador do Sistema") -> dict:
    """Check every set-up value without touching the database; the checked values."""
    from .. import profile_files
    candidate = profile_files.find(profile_id)  # an id (data folder, then shipped) or a file
    rule_profile = candidate.profile
    users.check_password(admin_password, "Senha do administrador")
    state, code = validators.uf(uf), validators.ibge_code(ibge)
    validators.ibge_matches_uf(code, state)
    return {
        "settings": {
            "name": validators.text(municipio, "Município", max_length=120),
            "uf": state,
            "ibge_code": code,
            "population": validators.positive_int(population, "População", maximum=20_000_000),
            "profile_id": rule_profile.id,
            "initial_tariff_cents": int(rule_profile.defaults.initial_tariff * 100),
        },
        "unit_cents": _unit_cents(rule_profile, fiscal_unit_value),
        "profile": candidate,
        # only where the law prices fines by the tariff (PF Art. 32)
        "tariff_cents": int(rule_profile.defaults.initial_tariff * 100) if any(
            c.fine_tariff_multiple for c in rule_profile.penalties.classes) else 0,
        "admin": (users.check_login(admin_login),
                  validators.person_name(admin_name, "Nome do administrador"), admin_password),
    }


def initialise(*, today: dt.date | None = None, demo: bool = False,
               provisional_password: bool = True, **values) -> dict:
    """Create the município settings, this year's fiscal-unit value and the first admin
    (who must change the password at first login unless `provisional_password` is False:
    the first-run wizard, where the admin typed it twice and chose it), all in one
    transaction. `demo` marks a
    demo database (demo/data.py): the only kind that takes fictitious data. The
    result's `signing_key` says whether this station trusts the new key: not when it
    already trusts keys of this IBGE code (services/trust/keys.py, trust on first use only)."""
    today = today or wallclock.today()
    checked = validate_init(**values)
    with write_transaction():
        if is_initialised():
            current = settings()
            raise AlreadyInitialised("Este banco de dados já foi configurado para "
                                     f"{current.name}/{current.uf}; nada foi alterado.")
        row = MunicipioSettings.create(overrides=json.dumps({}), is_demo=demo,
                                       **checked["settings"])
        FiscalUnitValue.create(year=today.year, value_cents=checked["unit_cents"])
        if checked["tariff_cents"]:  # from 1 January, like the year's fiscal-unit value
            TariffValue.create(effective_on=dt.date(today.year, 1, 1),
                               value_cents=checked["tariff_cents"],
                               act_number="valor do perfil na configuração inicial")
        login, name, password = checked["admin"]
        admin = users.create_user(login, name, "admin", password,
                                  must_change_password=provisional_password)
        from .trust import keys  # the município's QR signing key pair (services/trust/keys.py)
        keys.ensure_key(SYSTEM, at_init=True)  # trusted here only on first use
        # the set-up entry: its seals cover the settings, the admin and the key
        audit.record(SYSTEM, "municipio.init", "municipio_settings", row.id,
                     after=audit.snapshot(row))
        from .administration import profile_versions  # the rules' text lives in the database from now on
        profile_versions.record_first(SYSTEM, checked["profile"])
        audit.record(SYSTEM, "user.add", "user", admin.id, after=audit.snapshot(admin))
    return {**summary(), "signing_key": keys.current_key_status()}


def summary() -> dict:
    """The município as it stands today: the wording in force and the cap it sets."""
    row = settings()
    p = profile_today()
    from .administration import profile_versions
    version = profile_versions.version_on(wallclock.today())
    return {"municipio": row.name, "uf": row.uf, "ibge": row.ibge_code,
            "population": row.population, "profile_id": p.id, "profile": p.profile.name,
            "profile_version": version["number"], "profile_sha256": version["sha256"],
            "permit_cap": permit_cap(row.population, p),
            "edited_numbers": json.loads(row.overrides or "{}")}


def permit_cap(population: int, rule_profile: RuleProfile) -> int:
    from ..domain import permit_rules
    return permit_rules.permit_cap(rule_profile, population)


def fiscal_unit_values() -> dict[int, int]:
    return dict(FiscalUnitValue.select(FiscalUnitValue.year, FiscalUnitValue.value_cents)
                .order_by(FiscalUnitValue.year).tuples())


def fiscal_unit_value_cents(year: int) -> int:
    """The fiscal unit's value for a year; the latest earlier year's when that year has none."""
    row = (FiscalUnitValue.select().where(FiscalUnitValue.year <= year)
           .order_by(FiscalUnitValue.year.desc()).first())
    if row is None:
        raise DomainError(f"Valor da unidade fiscal não cadastrado para {year}.")
    return row.value_cents



"""Setting up a município's database: `init` on an empty database, once."""
from __future__ import annotations

import datetime as dt
import json

from ..domain import validators
from ..domain.errors import DomainError
from ..domain.money import parse_money
from ..domain.profiles import RuleProfile, load_profile
from ..store.models import DB, FiscalUnitValue, MunicipioSettings
from . import audit, users
from .context import SYSTEM


class AlreadyInitialised(DomainError):
    pass


def is_initialised() -> bool:
    return MunicipioSettings.select().exists()


def settings() -> MunicipioSettings:
    row = MunicipioSettings.select().first()
    if row is None:
        raise DomainError("Banco de dados não configurado: execute 'mototaxi-desk init' primeiro.")
    return row


def profile() -> RuleProfile:
    return load_profile(settings().profile_id)


def validate_init(*, profile_id, municipio, uf, ibge, population, fiscal_unit_value,
                  admin_password, admin_login="admin",
                  admin_name="Administrador do Sistema") -> dict:
    """Check every set-up value without touching the database; the checked values."""
    rule_profile = load_profile(profile_id)
    users.check_password(admin_password, "Senha do administrador")
    return {
        "settings": {
            "name": validators.text(municipio, "Município", max_length=120),
            "uf": validators.uf(uf),
            "ibge_code": validators.ibge_code(ibge),
            "population": validators.positive_int(population, "População", maximum=20_000_000),
            "profile_id": rule_profile.id,
            "initial_tariff_cents": int(rule_profile.defaults.initial_tariff * 100),
        },
        "unit_cents": parse_money(fiscal_unit_value, "Valor da unidade fiscal"),
        "admin": (users.check_login(admin_login),
                  validators.person_name(admin_name, "Nome do administrador"), admin_password),
    }


def initialise(*, today: dt.date | None = None, **values) -> dict:
    """Create the município settings, this year's fiscal-unit value and the first admin
    (who must change the password at first login), all in one transaction."""
    today = today or dt.date.today()
    checked = validate_init(**values)
    with DB.atomic():
        if is_initialised():
            current = settings()
            raise AlreadyInitialised("Este banco de dados já foi configurado para "
                                     f"{current.name}/{current.uf}; nada foi alterado.")
        row = MunicipioSettings.create(overrides=json.dumps({}), **checked["settings"])
        FiscalUnitValue.create(year=today.year, value_cents=checked["unit_cents"])
        login, name, password = checked["admin"]
        admin = users.create_user(login, name, "admin", password, must_change_password=True)
        audit.record(SYSTEM, "municipio.init", "municipio_settings", row.id,
                     after=audit.snapshot(row))
        audit.record(SYSTEM, "user.add", "user", admin.id, after=audit.snapshot(admin))
    return summary()


def summary() -> dict:
    row = settings()
    p = load_profile(row.profile_id)
    return {"municipio": row.name, "uf": row.uf, "ibge": row.ibge_code,
            "population": row.population, "profile_id": p.id, "profile": p.profile.name,
            "permit_cap": permit_cap(row.population, p)}


def permit_cap(population: int, rule_profile: RuleProfile) -> int:
    """floor(population / inhabitants per permit) — SRM Art. 8, PF Art. 7 §4, L1745 Art. 6."""
    return population // rule_profile.cap.inhabitants_per_permit


def fiscal_unit_value_cents(year: int) -> int:
    """The fiscal unit's value for a year; the latest earlier year's when that year has none."""
    row = (FiscalUnitValue.select().where(FiscalUnitValue.year <= year)
           .order_by(FiscalUnitValue.year.desc()).first())
    if row is None:
        raise DomainError(f"Valor da unidade fiscal não cadastrado para {year}.")
    return row.value_cents



"""Vehicle rules of a profile: age limit, engine range, substitution. Pure functions.

Age limit: the laws count the service life from the manufacture year of the CRLV
(PF Art. 17 §2, SRM Art. 19 §1) and give only a year, so a vehicle may serve until
31 December of manufacture_year + max_age_years (a 2020 motorcycle under SRM's 6 years
serves through 31/12/2026). L1745 applies its limit at the grant only (Art. 2 §2 III).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .errors import RuleRefusal, ValidationError
from .money import format_money
from .profiles import RuleProfile


@dataclass(frozen=True)
class VehicleFacts:
    manufacture_year: int
    cc: int
    owner_id: int
    insurance_cover_cents: int = 0
    insurance_expiry: dt.date | None = None


def age_limit_date(profile: RuleProfile, manufacture_year: int) -> dt.date | None:
    """Last day the vehicle may serve; None when the law sets no age limit."""
    years = profile.vehicle.max_age_years
    if not years:
        return None
    return dt.date(manufacture_year + years, 12, 31)


def replacement_deadline(profile: RuleProfile, manufacture_year: int) -> dt.date | None:
    """Last day to present the new vehicle after the limit (PF Art. 17 §5, SRM Art. 19 §2)."""
    limit = age_limit_date(profile, manufacture_year)
    if limit is None or profile.vehicle.max_age_at_grant_only:
        return None
    return limit + dt.timedelta(days=profile.vehicle.replacement_grace_days)


def declaration_due(profile: RuleProfile, manufacture_year: int) -> dt.date | None:
    """PF Art. 17 §4: the replacement must be declared 180 days before the age limit."""
    limit = age_limit_date(profile, manufacture_year)
    days = profile.vehicle.replacement_declare_days_before
    if limit is None or not days:
        return None
    return limit - dt.timedelta(days=days)


# the relation of the vehicle's owner to the holder, declared at the counter where the
# profile's owner_rule is "holder_or_family": the spouse or a relative to the 2nd degree, by
# blood (parents, children, grandparents, grandchildren, siblings) or by marriage (parents-,
# children- and siblings-in-law)
FAMILY_RELATIONS = {"conjuge": "cônjuge ou companheiro(a)", "pai_mae": "pai ou mãe",
                    "filho": "filho(a)", "avo": "avô ou avó", "neto": "neto(a)",
                    "irmao": "irmão(ã)", "sogro": "sogro(a)", "genro_nora": "genro ou nora",
                    "cunhado": "cunhado(a)"}


def clean_owner_relation(value) -> str | None:
    """A declared relation (a FAMILY_RELATIONS code), or None when none was given."""
    if value in (None, ""):
        return None
    if value not in FAMILY_RELATIONS:
        raise ValidationError("Parentesco do proprietário",
                              f"use um de: {', '.join(FAMILY_RELATIONS.values())}.")
    return value


def check_owner(profile: RuleProfile, owner_id: int, holder_id: int,
                owner_relation: str | None = None) -> None:
    """Who may own the holder's vehicle (vehicle.owner_rule, with its own article): the
    holder only (PF Art. 15 VII; SRM Art. 20 II, leasing in his name; L1745 Art. 2 §2º I);
    the holder or, declared, his spouse or a relative to the 2nd degree; anyone."""
    rule, article = profile.vehicle.owner_rule, profile.vehicle.owner_article
    if rule == "any" or owner_id == holder_id:
        return
    if rule == "holder_or_family":
        if owner_relation in FAMILY_RELATIONS:
            return
        raise RuleRefusal("O veículo deve ser do permissionário, do cônjuge ou de parente até o "
                          "2º grau: informe o parentesco do proprietário", article)
    raise RuleRefusal("O veículo deve ser de propriedade do permissionário", article)


def check_for_service(profile: RuleProfile, vehicle: VehicleFacts, *, holder_id: int,
                      on: dt.date, at_grant: bool, owner_relation: str | None = None) -> None:
    """Refuse a vehicle that may not serve on `on` under the profile: an owner the profile
    does not accept, too old, engine outside the range, insurance below the minimum or
    expired."""
    v = profile.vehicle
    check_owner(profile, vehicle.owner_id, holder_id, owner_relation)
    if v.max_age_years and (at_grant or not v.max_age_at_grant_only):
        limit = age_limit_date(profile, vehicle.manufacture_year)
        if on > limit:
            raise RuleRefusal(f"Veículo fabricado em {vehicle.manufacture_year} passou do limite "
                              f"de {v.max_age_years} anos de vida útil "
                              f"(até {limit.strftime('%d/%m/%Y')})", v.age_article)
    if v.cc_min and vehicle.cc < v.cc_min or v.cc_max and vehicle.cc > v.cc_max:
        low = f"{v.cc_min}" if v.cc_min else "0"
        high = f"{v.cc_max}" if v.cc_max else "sem limite"
        raise RuleRefusal(f"Motor de {vehicle.cc} cc fora da faixa permitida ({low} a {high} cc)",
                          v.cc_article)
    minimum = int(v.insurance_min_cover_per_person * 100)
    if minimum:
        if vehicle.insurance_cover_cents < minimum:
            raise RuleRefusal(f"Seguro com cobertura por pessoa abaixo do mínimo de "
                              f"{format_money(minimum)}", v.insurance_article)
        if vehicle.insurance_expiry is None or vehicle.insurance_expiry < on:
            raise RuleRefusal("Seguro do veículo vencido ou não informado", v.insurance_article)


def check_substitution(profile: RuleProfile, old: VehicleFacts, new: VehicleFacts) -> None:
    """Only by a newer vehicle (PF Art. 17 §1, L1745 Art. 11); PF also asks for "igual
    capacidade", read here as an engine no smaller than the one replaced."""
    v = profile.vehicle
    if v.replacement_newer_only and new.manufacture_year <= old.manufacture_year:
        raise RuleRefusal(f"A substituição só é permitida por veículo de fabricação mais recente "
                          f"que {old.manufacture_year}", v.replacement_article)
    if v.replacement_same_capacity and new.cc < old.cc:
        raise RuleRefusal(f"A substituição exige veículo de igual capacidade: o motor de "
                          f"{new.cc} cc é menor que o de {old.cc} cc", v.replacement_article)

"""Personal requirements of whoever drives in the service: the permit holder and, with the
same requirements, the auxiliary driver (SRM Arts. 20 I-III and 21 I-II; PF Art. 13 §1º;
L1745 Art. 2 §1º I). Pure functions over the profile's [holder] section.

What is checked (each only when the profile asks for it):
- minimum age in completed years on the day (`holder.min_age`; 0 = none). PF's "maior de
  21 anos" is read as 21 completed years, the same as SRM's "idade mínima de 21 anos";
- a CNH at all, whenever the profile asks for any CNH requirement;
- the CNH category includes the profile's letter (`holder.cnh_category`, e.g. "A" is in "A"
  and "AB"); ACC (ciclomotor authorisation) is not category A even though it starts with A;
- at least `holder.cnh_min_years` since the first licence (the CNH records only the first
  licence date, not the date category A was added, so this is what can be checked);
- the EAR remark ("exerce atividade remunerada", CTB Art. 147 §5º) where `ear_required`;
- a CNH not expired on the day (a driver in service needs a valid licence under every law).
"""
from __future__ import annotations

import datetime as dt

from .dates import add_years, age_on
from .errors import RuleRefusal
from .profiles import RuleProfile

# Categories that do not carry their letters as driving categories: ACC only authorises a
# ciclomotor (up to 50 cc), it is not category A.
_NOT_CATEGORIES = {"ACC"}


def category_letters(category: str | None) -> set[str]:
    """The driving categories a CNH category string grants ("AB" -> {"A", "B"})."""
    text = (category or "").strip().upper()
    if not text or text in _NOT_CATEGORIES:
        return set()
    return set(text)


def _date(value: dt.date | None) -> str:
    return value.strftime("%d/%m/%Y") if value else ""


def requirement_problems(profile: RuleProfile, *, birth_date: dt.date | None,
                         cnh_category: str | None, cnh_first_licence: dt.date | None,
                         cnh_expiry: dt.date | None, cnh_ear: bool | None,
                         on: dt.date) -> list[str]:
    """Every unmet personal requirement, as Portuguese sentences (empty list = all met).
    A missing CNH is passed as cnh_category=None."""
    h = profile.holder
    problems: list[str] = []
    if h.min_age:
        if birth_date is None:
            problems.append(f"Data de nascimento não informada no cadastro: é exigida idade "
                            f"mínima de {h.min_age} anos")
        else:
            age = age_on(birth_date, on)
            if age < h.min_age:
                problems.append(f"Idade de {age} anos em {_date(on)}; é exigida idade mínima "
                                f"de {h.min_age} anos")
    needs_cnh = bool(h.cnh_category or h.cnh_min_years or h.ear_required)
    if not needs_cnh:
        return problems
    if not cnh_category:
        problems.append("CNH não cadastrada: registre a Carteira Nacional de Habilitação")
        return problems
    if h.cnh_category and h.cnh_category.upper() not in category_letters(cnh_category):
        problems.append(f"CNH na categoria {cnh_category.upper()}; é exigida a categoria "
                        f"\"{h.cnh_category}\"")
    if h.cnh_min_years:
        if cnh_first_licence is None:
            problems.append("Data da 1ª habilitação não informada: é exigida habilitação há "
                            f"pelo menos {h.cnh_min_years} anos")
        else:
            enough_on = add_years(cnh_first_licence, h.cnh_min_years)
            if on < enough_on:
                problems.append(f"Habilitado desde {_date(cnh_first_licence)}; é exigida "
                                f"habilitação há pelo menos {h.cnh_min_years} anos "
                                f"(completa em {_date(enough_on)})")
    if h.ear_required and not cnh_ear:
        problems.append("A CNH não tem a observação EAR (exerce atividade remunerada)")
    if cnh_expiry is None:
        problems.append("Validade da CNH não informada")
    elif cnh_expiry < on:
        problems.append(f"CNH vencida em {_date(cnh_expiry)}")
    return problems


def check_person_requirements(profile: RuleProfile, *, birth_date: dt.date | None,
                              cnh_category: str | None, cnh_first_licence: dt.date | None,
                              cnh_expiry: dt.date | None, cnh_ear: bool | None,
                              on: dt.date) -> None:
    """Raise RuleRefusal (citing profile.holder.article) for the first unmet requirement."""
    problems = requirement_problems(profile, birth_date=birth_date, cnh_category=cnh_category,
                                    cnh_first_licence=cnh_first_licence, cnh_expiry=cnh_expiry,
                                    cnh_ear=cnh_ear, on=on)
    if problems:
        raise RuleRefusal(problems[0], profile.holder.article)

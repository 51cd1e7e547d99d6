"""The order of the waiting list. Pure functions.

- "automatic" (PF Art. 12 §ú: the next applicant is called automatically) and "licitacao"
  (SRM Art. 3): first enrolled, first called.
- "edital" (L1745 Arts. 13-14 and Art. 12 §2): the profile's `waiting_list.ranking` criteria,
  in the order listed:
    seniority                   more years in the mototaxi service first (Art. 12 §2 I)
    fewer_infractions_weighted  fewer traffic infractions per year of activity, weighted by
                                gravity, first (Art. 12 §2 I)
    family_situation            more dependents first (Art. 12 §2 II-III)
    vehicle_condition           better-kept vehicle first (Art. 12 §2 IV)
    lottery                     lower drawn number first (Art. 12 §2 IV "sorteio")
  then enrolment time, so the order is always total and reproducible.

The weighted-infractions figure (`Candidate.weighted_infractions`) is worked out by
`weighted_infractions` from the person's notices in the penalty ledger: each weighs the
position of its class in the profile's `waiting_list.infraction_gravity` (1 = least grave),
the sum divided by the years of activity (at least one).
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from .errors import DomainError
from .profiles import RuleProfile

CRITERIA = ("seniority", "fewer_infractions_weighted", "family_situation",
            "vehicle_condition", "lottery")
CRITERION_LABELS = {"seniority": "tempo de atividade no serviço",
                    "fewer_infractions_weighted": "menos infrações por ano, pela gravidade",
                    "family_situation": "situação familiar (dependentes)",
                    "vehicle_condition": "estado de conservação do veículo",
                    "lottery": "sorteio"}
BY_ENROLMENT_MODES = ("automatic", "licitacao", "none")  # none: the law has no list
RANKED_MODES = ("edital",)


@dataclass(frozen=True)
class Candidate:
    entry_id: int
    enrolled_at: dt.datetime
    seniority_years: int = 0
    dependents: int = 0
    vehicle_condition: int = 0
    lottery_number: int | None = None
    weighted_infractions: Decimal | int | float = 0


def weighted_infractions(profile: RuleProfile, class_codes, seniority_years: int) -> Decimal:
    """L1745 Art. 12 §2º I: "menor número de infrações ... por ano de atividade, levando-se
    em conta a gravidade das infrações" — the gravity weights of the person's infractions
    (the position of each one's class in waiting_list.infraction_gravity, 1 = least grave;
    a class left out weighs as the gravest) divided by the years of activity, at least 1.
    Four decimals, so the figure shown is the figure compared."""
    order = profile.waiting_list.infraction_gravity
    heaviest = len(order) or 1
    total = sum(order.index(code) + 1 if code in order else heaviest for code in class_codes)
    return (Decimal(total) / max(int(seniority_years or 0), 1)).quantize(Decimal("0.0001"))


def check_criteria(criteria) -> tuple[str, ...]:
    """The criteria codes, refused if one is unknown (a profile error, not a user's)."""
    criteria = tuple(criteria)
    for code in criteria:
        if code not in CRITERIA:
            raise DomainError(f"Critério de classificação da lista de espera desconhecido no "
                              f"perfil: '{code}'. Conhecidos: {', '.join(CRITERIA)}.")
    return criteria


def _criterion_value(candidate: Candidate, code: str):
    if code == "seniority":
        return -candidate.seniority_years
    if code == "fewer_infractions_weighted":
        return Decimal(str(candidate.weighted_infractions or 0))
    if code == "family_situation":
        return -candidate.dependents
    if code == "vehicle_condition":
        return -candidate.vehicle_condition
    # lottery: entries without a number yet come after the drawn ones of their tie
    number = candidate.lottery_number
    return (number is None, number or 0)


def sort_key(candidate: Candidate, mode: str, criteria=()) -> tuple:
    tail = (candidate.enrolled_at, candidate.entry_id)
    if mode in BY_ENROLMENT_MODES:
        return tail
    if mode in RANKED_MODES:
        return tuple(_criterion_value(candidate, code) for code in criteria) + tail
    raise DomainError(f"Modo da lista de espera desconhecido: '{mode}'.")


def rank(candidates, mode: str, criteria=()) -> list[Candidate]:
    """The candidates in calling order for the profile's mode and criteria."""
    criteria = check_criteria(criteria)
    return sorted(candidates, key=lambda c: sort_key(c, mode, criteria))


def ties_needing_lottery(candidates, mode: str, criteria=()) -> list[list[Candidate]]:
    """Groups (in calling order) of two or more candidates tied on every criterion before
    "lottery" where someone has no drawn number yet: these need a draw to be ordered."""
    criteria = check_criteria(criteria)
    if mode not in RANKED_MODES or "lottery" not in criteria:
        return []
    before = criteria[:criteria.index("lottery")]
    groups: dict[tuple, list[Candidate]] = {}
    for candidate in rank(candidates, mode, criteria):
        key = tuple(_criterion_value(candidate, code) for code in before)
        groups.setdefault(key, []).append(candidate)
    return [group for group in groups.values()
            if len(group) > 1 and any(c.lottery_number is None for c in group)]

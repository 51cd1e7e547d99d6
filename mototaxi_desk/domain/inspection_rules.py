"""Inspection rules of a profile: which kinds exist, which checklist items each kind answers,
how long an approved inspection is valid, when the next one is due. Pure functions.

Periods: the annual vistoria is valid for 12 months (PF Art. 19 "a cada 12 (doze) meses",
SRM Art. 17 "anualmente"); the equipment inspection is semiannual (PF Art. 15 X, SRM Art. 17,
Lei federal 12.009/2009). An on-demand / extraordinary inspection (L1745 Art. 10, SRM Art. 17
§2) checks the whole list but sets no validity of its own and gets no sticker.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .dates import add_months
from .profiles import InspectionItem, RuleProfile

# The one place the periods live: months of validity of an approved inspection.
VALIDITY_MONTHS = {"annual": 12, "semiannual": 6}
KINDS = ("annual", "semiannual", "on_demand")
KIND_LABELS = {"annual": "vistoria anual", "semiannual": "inspeção semestral",
               "on_demand": "vistoria extraordinária"}
RESULTS = ("pass", "fail", "na")
RESULT_LABELS = {"pass": "conforme", "fail": "não conforme", "na": "não se aplica"}


def profile_kinds(profile: RuleProfile) -> tuple[str, ...]:
    """The inspection kinds the profile's law has, in KINDS order."""
    rule = profile.inspection
    flags = {"annual": rule.annual, "semiannual": rule.semiannual, "on_demand": rule.on_demand}
    return tuple(kind for kind in KINDS if flags[kind])


def checklist(profile: RuleProfile, kind: str) -> tuple[InspectionItem, ...]:
    """Items an inspection of `kind` must answer: those of the kind plus the "both" ones;
    an on-demand inspection answers the whole list (L1745 Art. 10: "as condições" of Art. 2
    §2, all of them)."""
    items = profile.inspection.items
    if kind == "on_demand":
        return tuple(items)
    return tuple(item for item in items if item.kind in (kind, "both"))


def approved(results: dict[str, str]) -> bool:
    """Approved when no item failed ("na" items do not count)."""
    return all(value != "fail" for value in results.values())


def valid_until(kind: str, inspected_on: dt.date) -> dt.date | None:
    """Validity of an approved inspection of `kind`; None for kinds without one."""
    months = VALIDITY_MONTHS.get(kind)
    return add_months(inspected_on, months) if months else None


def annual_covers_semiannual(profile: RuleProfile) -> bool:
    """True when the annual checklist includes every semiannual item (no item is
    semiannual-only): then an approved annual vistoria also restarts the semiannual period."""
    return not any(item.kind == "semiannual" for item in profile.inspection.items)


@dataclass(frozen=True)
class Schedule:
    """The periodic inspections of a profile, worked out once (alerts run it per vehicle)."""
    kinds: tuple[str, ...]            # periodic kinds the profile has: annual, semiannual
    annual_covers_semiannual: bool

    def next_due(self, kind: str, *, last_annual: dt.date | None,
                 last_semiannual: dt.date | None) -> dt.date | None:
        """When the next inspection of `kind` is due, from the inspection dates of the last
        approved annual and semiannual ones; None when never inspected (due at once) or when
        the profile has no such periodic kind."""
        if kind not in self.kinds:
            return None
        if kind == "annual":
            start = last_annual
        else:
            start = last_semiannual
            if self.annual_covers_semiannual and last_annual is not None:
                start = max(start, last_annual) if start is not None else last_annual
        return valid_until(kind, start) if start else None


def schedule(profile: RuleProfile) -> Schedule:
    return Schedule(kinds=tuple(k for k in profile_kinds(profile) if k in VALIDITY_MONTHS),
                    annual_covers_semiannual=annual_covers_semiannual(profile))


def next_due(profile: RuleProfile, kind: str, *, last_annual: dt.date | None,
             last_semiannual: dt.date | None) -> dt.date | None:
    """Schedule.next_due for one call."""
    return schedule(profile).next_due(kind, last_annual=last_annual,
                                      last_semiannual=last_semiannual)

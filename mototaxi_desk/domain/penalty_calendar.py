"""Calendar arithmetic of the penalty chapter: month windows, business days, defence and
appeal deadlines, storage days. Pure: the município's holidays come in as data.

Month windows follow the profile's `penalties.month_rule` (docs/profiles.md):
- "calendar": N months from day D end on the day of the same number N months later, or on
  the next day when that month has no such day (Código Civil Art. 132 §3º; Lei 810/1949
  Arts. 2-3); both ends included;
- "days30": N × 30 days after D, end included.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import Iterable

from dateutil.easter import easter

from . import dates
from .errors import ValidationError


def months_later(day: dt.date, months: int, rule: str = "calendar") -> dt.date:
    """The last day of a period of `months` months that starts on `day`."""
    if rule == "days30":
        return day + dt.timedelta(days=30 * months)
    if rule != "calendar":
        raise ValueError(rule)
    return dates.months_later(day, months)  # the next day when that month lacks it


def within_months(earlier: dt.date, later: dt.date, months: int,
                  rule: str = "calendar") -> bool:
    """Is `later` within `months` months of `earlier` (earlier <= later <= end)?"""
    return earlier <= later <= months_later(earlier, months, rule)


# --- business days --------------------------------------------------------------------------

@lru_cache(maxsize=64)
def _public_holidays(uf: str, year: int) -> frozenset[dt.date]:
    """National and state public holidays (the `holidays` package) plus Carnival Monday and
    Tuesday, the ponto facultativo every town hall keeps."""
    import holidays  # imported here: only the deadline computations need it
    try:
        calendar = holidays.Brazil(subdiv=uf or None, years=year)
    except NotImplementedError:  # unknown UF: national holidays only
        calendar = holidays.Brazil(years=year)
    days = set(calendar)
    easter_day = easter(year)
    days.add(easter_day - dt.timedelta(days=48))  # Carnival Monday
    days.add(easter_day - dt.timedelta(days=47))  # Carnival Tuesday
    return frozenset(days)


class BusinessCalendar:
    """Business days of one município: not Saturday or Sunday, not a national, state or
    municipal holiday, not Carnival Monday or Tuesday."""

    def __init__(self, uf: str, municipal: Iterable[dt.date] = ()):
        self.uf = (uf or "").upper()
        self.municipal = frozenset(municipal)

    def holiday(self, day: dt.date) -> bool:
        return day in self.municipal or day in _public_holidays(self.uf, day.year)

    def is_business_day(self, day: dt.date) -> bool:
        return day.weekday() < 5 and not self.holiday(day)

    def next_business_day(self, day: dt.date) -> dt.date:
        """`day` itself when it is a business day, else the next one."""
        while not self.is_business_day(day):
            day += dt.timedelta(days=1)
        return day

    def add_business_days(self, start: dt.date, days: int) -> dt.date:
        """The `days`-th business day after `start` (start itself not counted)."""
        day, counted = start, 0
        while counted < days:
            day += dt.timedelta(days=1)
            if self.is_business_day(day):
                counted += 1
        return day


def deadline(notified_on: dt.date, days: int, *, business_days: bool, extend: bool,
             calendar: BusinessCalendar) -> dt.date | None:
    """Last day to file a defence or an appeal: counted from the day after the notification
    (Lei 9.784/1999 Art. 66), in business days when the law says so (PF Arts. 34, 38), else
    in calendar days moved to the next business day when the last one is not (Art. 66 §1º,
    with `extend`). None when the law gives no term (days = 0)."""
    if not days:
        return None
    if business_days:
        return calendar.add_business_days(notified_on, days)
    end = notified_on + dt.timedelta(days=days)
    return calendar.next_business_day(end) if extend else end


def earliest_running_start(on: dt.date, days: int, *, business_days: bool, extend: bool,
                           calendar: BusinessCalendar) -> dt.date | None:
    """The earliest day a term of `days` may count from and still run on `on` (its last
    day, by `deadline`, on or after `on`); None when the law gives no term. `deadline` never
    moves earlier as its start moves later, so every term counted from this day or later
    still runs on `on`, and every term counted from before it is over: a list of the terms
    still running needs only the notices notified (or decided) since this day."""
    if not days:
        return None
    kw = dict(business_days=business_days, extend=extend, calendar=calendar)
    start = on - dt.timedelta(days=1)  # a term ends after the day it counts from
    while deadline(start - dt.timedelta(days=1), days, **kw) >= on:
        start -= dt.timedelta(days=1)
    return start


def moved_from(notified_on: dt.date, days: int, *, business_days: bool, extend: bool,
               calendar: BusinessCalendar) -> dt.date | None:
    """The calendar day a deadline would have ended on when `deadline` moved it to the next
    business day (Lei 9.784/1999 Art. 66 §1º), else None."""
    if not days or business_days or not extend:
        return None
    end = notified_on + dt.timedelta(days=days)
    return end if calendar.next_business_day(end) != end else None


# --- storage --------------------------------------------------------------------------------

def storage_days(deposited_at: dt.datetime, released_at: dt.datetime) -> int:
    """SRM Art. 48: whole days from the deposit day to the release day, both counted, each
    day starting at 00:00 whatever the hour (23:50 to 00:10 next day = 2 days)."""
    if released_at < deposited_at:
        raise ValidationError("Data da liberação", "anterior ao depósito do veículo.")
    return (released_at.date() - deposited_at.date()).days + 1

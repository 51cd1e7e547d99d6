"""Calendar arithmetic used by the rules (validity, deadlines, ages, plausible ranges).

Every "N months or years later/earlier" of the program goes through here, so that no day
of the calendar makes one fail: `date.replace(year=...)` raises on 29 February when the
other year is a common one (issue 34 item 8). None of the município laws the program
ships a profile for (PF 2017, SRM 2019, L1745 2011) sets its own counting, so the federal
one applies, call by call:

- A term counted in months or years ends "no dia de igual número do de início, ou no
  imediato, se faltar exata correspondência" (Código Civil Art. 132 §3º; Lei 810/1949
  Arts. 1-3): `months_later`, `add_years`. One year from 29/02/2028 ends on 01/03/2029.
  Used for every validity, waiting time and bar counted from a day (permit validity
  SRM Art. 4 §3º "5 anos, contados da data de sua expedição", PF Art. 2 §3º, L1745 Art. 8;
  CNH held for N years, PF Art. 13 §1º, SRM Art. 20 III; transfer after 3 years, SRM
  Art. 4 §9º; cassation bars; the penalty ledger's month windows, penalty_calendar), for
  the far end of a plausible range ("at most 15 years ahead": from 29/02/2028, up to
  01/03/2043) and for a form's default "a year from today" (insurance: to 01/03/2029).
- An age is completed on the birthday; born on 29 February, on 1 March of a common year
  (`age_on`: the day of equal number is missing, the next one counts, as above). The
  latest birth date of someone who is at least N years old on a day is its exact inverse,
  `latest_birth`: on 29/02/2028, 15 years old means born on or before 28/02/2013. Used
  for the birth date's range (at least 16 years old: persons, the import, the forms).
- `add_months` keeps the program's first convention for a day the target month lacks
  when the count is not whole years (31/01 + 1 month = 28/02, the month's last day);
  whole years are `add_years`, so a validity counted from 29 February follows the law.
"""
from __future__ import annotations

import datetime as dt

ONE_DAY = dt.timedelta(days=1)


def _shifted(day: dt.date, months: int) -> tuple[int, int]:
    """(year, month) `months` after `day`'s month (before, when negative)."""
    index = day.month - 1 + months
    return day.year + index // 12, index % 12 + 1


def _month_length(year: int, month: int) -> int:
    following = dt.date(year + month // 12, month % 12 + 1, 1)
    return (following - ONE_DAY).day


def months_later(day: dt.date, months: int) -> dt.date:
    """The day of the same number `months` later (earlier when negative), or the first
    day of the next month when that month has no such day (CC Art. 132 §3º; Lei 810/1949
    Art. 3): 31/10/2023 + 4 months = 01/03/2024."""
    year, month = _shifted(day, months)
    if day.day <= _month_length(year, month):
        return dt.date(year, month, day.day)
    return dt.date(year, month, _month_length(year, month)) + ONE_DAY


def add_years(day: dt.date, years: int) -> dt.date:
    """The same day and month `years` later (earlier when negative); from 29 February into
    a common year, 1 March (CC Art. 132 §3º; Lei 810/1949 Arts. 1 and 3)."""
    return months_later(day, 12 * years)


def add_months(day: dt.date, months: int) -> dt.date:
    """Same day `months` later. Whole years are `add_years` (from 29 February: 1 March, the
    law's count); otherwise the month's last day when that day does not exist in it."""
    if months % 12 == 0:
        return add_years(day, months // 12)
    year, month = _shifted(day, months)
    return dt.date(year, month, min(day.day, _month_length(year, month)))


def age_on(birth: dt.date, day: dt.date) -> int:
    """Completed years of age on `day` (born on 29 February: a year more on 1 March of a
    common year)."""
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))


def latest_birth(on: dt.date, age: int) -> dt.date:
    """The latest birth date of someone at least `age` years old on `on`: the same day and
    month `age` years earlier, or 28 February when `on` is 29 February and that year is a
    common one. Exactly `age_on`'s inverse: age_on(b, on) >= age  <=>  b <= latest_birth."""
    year = on.year - age
    if on.day > _month_length(year, on.month):  # 29/02 into a common year
        return dt.date(year, on.month, _month_length(year, on.month))
    return dt.date(year, on.month, on.day)

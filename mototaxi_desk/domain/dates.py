"""Calendar arithmetic used by the rules (validity, deadlines)."""
from __future__ import annotations

import datetime as dt


def add_months(day: dt.date, months: int) -> dt.date:
    """Same day `months` later; the month's last day when that day does not exist."""
    month = day.month - 1 + months
    year, month = day.year + month // 12, month % 12 + 1
    for candidate in (day.day, 30, 29, 28):
        try:
            return dt.date(year, month, candidate)
        except ValueError:
            continue
    raise AssertionError("every month has a 28th")


def age_on(birth: dt.date, day: dt.date) -> int:
    """Completed years of age on `day`."""
    return day.year - birth.year - ((day.month, day.day) < (birth.month, birth.day))

"""Penalty calendar: month windows (CC Art. 132 §3º, Lei 810/1949), business days with
national, state, Carnival and municipal holidays, defence terms (PF Arts. 34, 38; SRM
Art. 35 §1º; L1745 Art. 19), storage days (SRM Art. 48)."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.penalty_calendar import (BusinessCalendar, deadline,
                                                   earliest_running_start, months_later,
                                                   storage_days, within_months)

D = dt.date


def test_months_later_same_day_number_or_next_day_cc_art_132():
    assert months_later(D(2024, 1, 1), 4) == D(2024, 5, 1)          # day 121
    assert (months_later(D(2024, 1, 1), 4) - D(2024, 1, 1)).days == 121
    assert months_later(D(2023, 10, 31), 4) == D(2024, 3, 1)        # no 31/02: next day
    assert months_later(D(2023, 1, 1), 12) == D(2024, 1, 1)         # day 365
    assert months_later(D(2024, 2, 29), 12) == D(2025, 3, 1)
    assert months_later(D(2024, 1, 1), 4, "days30") == D(2024, 4, 30)


def test_within_months_both_ends_included():
    start = D(2024, 1, 1)
    assert within_months(start, D(2024, 5, 1), 4)
    assert not within_months(start, D(2024, 5, 2), 4)
    assert not within_months(start, D(2023, 12, 31), 4)
    assert within_months(start, start, 4)


def test_pf_defence_deadline_spans_christmas_carnival_and_municipal_holiday():
    """PF Arts. 34 and 38: 30 business days from the notification. Notified Thu 24/12/2026:
    Christmas, New Year, the municipal holiday of 20/01 and Carnival (08-09/02/2027) are not
    business days."""
    municipal = BusinessCalendar("SP", [D(2027, 1, 20)])
    plain = BusinessCalendar("SP")
    kw = dict(business_days=True, extend=True)
    assert deadline(D(2026, 12, 24), 30, calendar=municipal, **kw) == D(2027, 2, 11)
    assert deadline(D(2026, 12, 24), 30, calendar=plain, **kw) == D(2027, 2, 10)
    for day in (D(2026, 12, 25), D(2027, 1, 1), D(2027, 2, 8), D(2027, 2, 9)):
        assert not plain.is_business_day(day)
    assert not municipal.is_business_day(D(2027, 1, 20)) and plain.is_business_day(D(2027, 1, 20))
    assert plain.is_business_day(D(2027, 2, 10))  # Ash Wednesday: not a holiday


def test_state_holiday_from_uf():
    assert not BusinessCalendar("SP").is_business_day(D(2026, 7, 9))   # SP: 9 de julho
    assert BusinessCalendar("MA").is_business_day(D(2026, 7, 9))
    assert not BusinessCalendar("MA").is_business_day(D(2026, 7, 28))  # MA: adesão


def test_calendar_days_deadline_moves_to_next_business_day_lei_9784_art_66():
    """SRM Art. 35 §1º: 10 days; notified 03/02/2024, the 10th day is Carnival Tuesday."""
    calendar = BusinessCalendar("MA")
    assert deadline(D(2024, 2, 3), 10, business_days=False, extend=True,
                    calendar=calendar) == D(2024, 2, 14)
    assert deadline(D(2024, 2, 3), 10, business_days=False, extend=False,
                    calendar=calendar) == D(2024, 2, 13)
    assert deadline(D(2024, 2, 3), 0, business_days=False, extend=True,
                    calendar=calendar) is None


@pytest.mark.parametrize("days, business_days, extend", [
    (30, True, True),     # PF Arts. 34, 38: 30 business days
    (10, False, True),    # SRM Art. 35 §1º (defence), Art. 49 (appeal): 10 days, moved
    (15, False, True),    # L1745 Art. 19: appeal 15 days from the notification
    (10, False, False)])  # calendar days, never moved
def test_the_terms_still_running_are_exactly_those_counted_since_the_earliest_start(
        days, business_days, extend):
    """Issue 23: the open terms are read from the notices notified (or decided) since
    earliest_running_start; for every day of a span with Christmas, New Year, Carnival and
    municipal holidays, a term counted from any day of the 120 before runs on that day
    exactly when it counts from that start or later — none is lost, none is extra."""
    calendar = BusinessCalendar("MA", [D(2027, 1, 20), D(2027, 1, 21), D(2027, 1, 22)])
    kw = dict(business_days=business_days, extend=extend, calendar=calendar)
    for offset in range(90):
        on = D(2026, 12, 15) + dt.timedelta(days=offset)
        start = earliest_running_start(on, days, **kw)
        for back in range(1, 120):
            counted_from = on - dt.timedelta(days=back)
            assert (deadline(counted_from, days, **kw) >= on) == (counted_from >= start), \
                (on, counted_from, start)
    assert earliest_running_start(D(2027, 1, 4), 0, **kw) is None  # the law gives no term


def test_storage_whole_days_across_midnight_srm_art_48():
    assert storage_days(dt.datetime(2026, 3, 1, 23, 50), dt.datetime(2026, 3, 2, 0, 10)) == 2
    assert storage_days(dt.datetime(2026, 3, 1, 0, 0), dt.datetime(2026, 3, 1, 23, 59)) == 1
    assert storage_days(dt.datetime(2026, 2, 27, 8), dt.datetime(2026, 3, 2, 8)) == 4
    with pytest.raises(ValidationError):
        storage_days(dt.datetime(2026, 3, 2), dt.datetime(2026, 3, 1))

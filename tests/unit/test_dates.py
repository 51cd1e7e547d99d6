"""Calendar arithmetic (domain/dates.py): every "N months or years later/earlier", on every
day of leap and common years (issue 34 item 8: 29 February made them raise).

The counting is the federal one, since none of the município laws sets its own: a term in
months or years ends on the day of equal number, or on the next day when there is none
(Código Civil Art. 132 §3º; Lei 810/1949 Arts. 1-3); an age is completed on the birthday,
born on 29 February on 1 March of a common year."""
import datetime as dt

import pytest

from mototaxi_desk.domain import dates
from mototaxi_desk.domain.holder_rules import requirement_problems
from mototaxi_desk.domain.permit_rules import (cassation_bar_until, check_transfer,
                                               renewal_terms, validity_end)
from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.domain.inspection_rules import valid_until
from mototaxi_desk.domain.profiles import load_profile

D = dt.date
LEAP_DAY = D(2028, 2, 29)
SRM = load_profile("sao-raimundo-das-mangabeiras-2019")
PF = load_profile("porto-feliz-2017")
L1745 = load_profile("lei-1745-2011")


def days_of(*years: int):
    day = D(years[0], 1, 1)
    while day.year <= years[-1]:
        yield day
        day += dt.timedelta(days=1)


# --- the counting -----------------------------------------------------------------------------

def test_a_year_from_29_february_ends_on_1_march_cc_art_132_par_3():
    """CC Art. 132 §3º / Lei 810/1949 Art. 3: no day of equal number in the final month,
    the term ends on the next day."""
    assert dates.add_years(LEAP_DAY, 1) == D(2029, 3, 1)
    assert dates.add_years(LEAP_DAY, 15) == D(2043, 3, 1)
    assert dates.add_years(LEAP_DAY, 4) == D(2032, 2, 29)      # that day exists
    assert dates.add_years(LEAP_DAY, -1) == D(2027, 3, 1)
    assert dates.months_later(D(2023, 10, 31), 4) == D(2024, 3, 1)
    assert dates.months_later(D(2027, 1, 31), 1) == D(2027, 3, 1)
    assert dates.months_later(D(2027, 3, 31), -1) == D(2027, 3, 1)
    assert dates.add_months(LEAP_DAY, 12) == D(2029, 3, 1)      # whole years: the law's count
    assert dates.add_months(LEAP_DAY, 60) == D(2033, 3, 1)


def test_add_months_keeps_the_month_end_for_counts_that_are_not_whole_years():
    """Unchanged since the program's first version: a day the target month lacks gives the
    month's last day (31/01 + 1 month = 28/02), so no existing validity moved."""
    assert dates.add_months(D(2027, 1, 31), 1) == D(2027, 2, 28)
    assert dates.add_months(D(2028, 1, 31), 1) == D(2028, 2, 29)
    assert dates.add_months(D(2027, 8, 31), 6) == D(2028, 2, 29)
    assert dates.add_months(D(2027, 3, 31), 1) == D(2027, 4, 30)
    assert dates.add_months(LEAP_DAY, 1) == D(2028, 3, 29)
    assert dates.add_months(LEAP_DAY, 6) == D(2028, 8, 29)
    assert dates.add_months(D(2028, 3, 1), -11) == D(2027, 4, 1)


@pytest.mark.parametrize("years", [2027, 2028, 2100])  # common, leap, common century
def test_every_day_every_count_never_raises_and_matches_replace_where_the_day_exists(years):
    for day in days_of(years):
        for n in range(-20, 21):
            later = dates.add_years(day, n)
            assert dates.add_months(day, 12 * n) == later == dates.months_later(day, 12 * n)
            try:
                same = day.replace(year=day.year + n)
            except ValueError:  # 29/02 into a common year
                assert (day.month, day.day) == (2, 29) and later == D(day.year + n, 3, 1)
            else:
                assert later == same
        for n in (1, 2, 5, 6, 11, 13, -1, -7):
            assert dates.add_months(day, n).day <= day.day
            assert dates.months_later(day, n) >= dates.add_months(day, n)


# --- ages -------------------------------------------------------------------------------------

def test_latest_birth_on_29_february():
    """On 29/02/2028 someone born on 28/02/2013 is 15, someone born on 01/03/2013 is 14
    (no 29/02/2013); 16 years back 29/02/2012 exists."""
    assert dates.latest_birth(LEAP_DAY, 15) == D(2013, 2, 28)
    assert dates.latest_birth(LEAP_DAY, 16) == D(2012, 2, 29)
    assert dates.age_on(D(2012, 2, 29), D(2029, 2, 28)) == 16   # 17 only on 01/03/2029
    assert dates.age_on(D(2012, 2, 29), D(2029, 3, 1)) == 17


@pytest.mark.parametrize("years", [(2027, 2029), (2099, 2101)])
def test_latest_birth_is_the_exact_inverse_of_age_on(years):
    """age_on(b, day) >= age exactly when b <= latest_birth(day, age), on every day."""
    for day in days_of(*years):
        for age in (15, 16, 18, 21, 100):
            latest = dates.latest_birth(day, age)
            assert dates.age_on(latest, day) >= age
            assert dates.age_on(latest + dt.timedelta(days=1), day) < age
            if (day.month, day.day) != (2, 29):  # unchanged on every other day
                assert latest == day.replace(year=day.year - age)


# --- the rules that count from a day ----------------------------------------------------------

def test_srm_permit_granted_on_29_february_runs_five_years_to_28_february_srm_art_4_par_3():
    """SRM Art. 4 §3º: "5 (cinco) anos, contados da data de sua expedição"; counted from
    29/02/2028 the term ends on 01/03/2033 (CC Art. 132 §3º), so the last day the permit is
    valid is 28/02/2033 — not 27/02, which would take a day of the holder's term."""
    assert validity_end(SRM, LEAP_DAY) == D(2033, 2, 28)
    assert validity_end(SRM, D(2028, 3, 1)) == D(2033, 2, 28)
    assert validity_end(SRM, D(2028, 2, 28)) == D(2033, 2, 27)


def test_yearly_permit_granted_on_29_february_pf_art_2_par_3_and_l1745_art_8():
    """PF Art. 2 §3º "renovada anualmente"; L1745 Art. 8 "validade de 01 (um) ano", then on
    to the next 31 March (Art. 9)."""
    assert validity_end(PF, LEAP_DAY) == D(2029, 2, 28)
    assert validity_end(L1745, LEAP_DAY) == D(2029, 3, 31)
    renewed = renewal_terms(PF, D(2028, 2, 28), D(2028, 2, 20))
    assert renewed.new_valid_until == D(2029, 2, 28)   # the new year starts on 29/02/2028


def test_cnh_two_years_from_29_february_pf_art_13_par_1_srm_art_20_iii():
    """PF Art. 13 §1º and SRM Art. 20 III: CNH for at least 2 years; licensed on 29/02/2024,
    the 2 years are complete on 01/03/2026 (CC Art. 132 §3º)."""
    kw = dict(birth_date=D(1990, 1, 1), cnh_category="A", cnh_first_licence=D(2024, 2, 29),
              cnh_expiry=D(2030, 1, 1), cnh_ear=True)
    for profile in (PF, SRM):
        short = requirement_problems(profile, on=D(2026, 2, 28), **kw)
        assert any("completa em 01/03/2026" in p for p in short)
        assert requirement_problems(profile, on=D(2026, 3, 1), **kw) == []


def test_transfer_after_three_years_and_cassation_bar_from_29_february():
    """SRM Art. 4 §9º I: transfer only after 3 years; Art. 38 §1º: 2 years' bar."""
    with pytest.raises(RuleRefusal, match="01/03/2031"):
        check_transfer(SRM, LEAP_DAY, D(2031, 2, 28), on_death=False)
    check_transfer(SRM, LEAP_DAY, D(2031, 3, 1), on_death=False)
    assert cassation_bar_until(SRM, LEAP_DAY) == (True, D(2030, 3, 1))


def test_an_annual_inspection_on_29_february_runs_a_year():
    assert valid_until("annual", LEAP_DAY) == D(2029, 3, 1)
    assert valid_until("semiannual", LEAP_DAY) == D(2028, 8, 29)

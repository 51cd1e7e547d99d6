"""Permit rules per profile (domain.permit_rules), each test citing its article."""
import datetime as dt
from decimal import Decimal

import pytest

from mototaxi_desk.domain import permit_rules as rules
from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.domain.profiles import load_profile

SRM = load_profile("sao-raimundo-das-mangabeiras-2019")
PF = load_profile("porto-feliz-2017")
L1745 = load_profile("lei-1745-2011")
D = dt.date


def test_order_number_four_digits_srm_art_4_par_5():
    """SRM Art. 4 §5: numbered in ascending order (shown with 4 digits)."""
    assert rules.format_order_number(SRM, 7) == "0007"
    assert rules.format_order_number(PF, 7) == "7"


@pytest.mark.parametrize("profile, population, cap", [
    (SRM, 18_540, 61), (PF, 52_000, 173), (L1745, 59_000, 100), (L1745, 589, 0)])
def test_cap_is_floor_of_population_over_ratio(profile, population, cap):
    """SRM Art. 8 and PF Art. 7 §4: 1 per 300 inhabitants; L1745 Art. 6: 1 per 590."""
    assert rules.permit_cap(profile, population) == cap


def test_cap_reached_refuses_citing_article():
    with pytest.raises(RuleRefusal, match="Limite de 61") as err:
        rules.check_cap(SRM, 18_540, 61)
    assert "Art. 8" in str(err.value)
    rules.check_cap(SRM, 18_540, 60)


def test_one_permit_per_person_srm_art_4_par_2_and_l1745_fleet_owner_art_16():
    with pytest.raises(RuleRefusal, match="limite é 1"):
        rules.check_permits_per_person(SRM, 1, fleet_owner=True)  # SRM has no fleet exception
    rules.check_permits_per_person(L1745, 3, fleet_owner=True)
    with pytest.raises(RuleRefusal):
        rules.check_permits_per_person(L1745, 1, fleet_owner=False)


def test_validity_srm_5_years_art_4_par_3():
    """SRM Art. 4 §3: 5 years counted from issue."""
    assert rules.validity_end(SRM, D(2026, 3, 10)) == D(2031, 3, 9)


def test_validity_pf_yearly_art_2_par_3():
    assert rules.validity_end(PF, D(2026, 3, 10)) == D(2027, 3, 9)


def test_validity_l1745_one_year_then_to_the_next_31_march_arts_8_9():
    """L1745 Art. 8: valid for one year; Art. 9: renewed every year by 31 March. The year
    is whole, then the term runs to the first 31 March on or after its end."""
    assert rules.validity_end(L1745, D(2026, 3, 30)) == D(2027, 3, 31)  # not one day
    assert rules.validity_end(L1745, D(2026, 3, 31)) == D(2027, 3, 31)
    assert rules.validity_end(L1745, D(2026, 4, 1)) == D(2027, 3, 31)   # exactly a year
    assert rules.validity_end(L1745, D(2026, 1, 5)) == D(2027, 3, 31)
    assert rules.validity_end(L1745, D(2026, 6, 15)) == D(2028, 3, 31)  # year ends 14/06/2027
    for start in (D(2026, 1, 1) + dt.timedelta(days=n) for n in range(0, 366, 7)):
        end = rules.validity_end(L1745, start)
        assert (end.month, end.day) == (3, 31) and end >= D(start.year + 1, start.month,
                                                            start.day) - dt.timedelta(days=1)


def test_l1745_renewal_on_time_late_with_fine_then_lapsed_art_9_par_2():
    """L1745 Art. 9 §2: after 31 March, 30 more days with a 5-UFICA fine, then it lapses."""
    until = D(2027, 3, 31)
    on_time = rules.renewal_terms(L1745, until, D(2027, 3, 31))
    assert on_time.late_fine_units == 0 and on_time.new_valid_until == D(2028, 3, 31)
    late = rules.renewal_terms(L1745, until, D(2027, 4, 30))
    assert late.late_fine_units == Decimal("5") and late.new_valid_until == D(2028, 3, 31)
    with pytest.raises(RuleRefusal, match="caducou"):
        rules.renewal_terms(L1745, until, D(2027, 5, 1))
    assert rules.lapse_date(L1745, until) == D(2027, 5, 1)
    assert rules.lapse_date(SRM, until) is None


def test_srm_renewal_extends_by_5_years_art_51():
    """SRM Art. 51: renewable for an equal period."""
    terms = rules.renewal_terms(SRM, D(2031, 3, 9), D(2031, 2, 1))
    assert terms.new_valid_until == D(2036, 3, 9) and terms.late_fine_units == 0
    late = rules.renewal_terms(SRM, D(2031, 3, 9), D(2031, 6, 1))
    assert late.new_valid_until == D(2036, 5, 31)
    with pytest.raises(RuleRefusal, match="a partir de"):
        rules.renewal_terms(SRM, D(2031, 3, 9), D(2030, 1, 1))


def test_srm_transfer_only_after_3_years_art_4_par_9_i():
    rules.check_transfer(SRM, D(2023, 5, 10), D(2026, 5, 10), on_death=False)
    with pytest.raises(RuleRefusal, match="3 anos") as err:
        rules.check_transfer(SRM, D(2023, 5, 10), D(2026, 5, 9), on_death=False)
    assert "Art. 4 §9" in str(err.value)


def test_srm_transfer_on_death_any_time_art_4_par_8():
    rules.check_transfer(SRM, D(2026, 1, 10), D(2026, 5, 9), on_death=True)


def test_pf_has_no_transfer_art_12():
    with pytest.raises(RuleRefusal, match="não é prevista"):
        rules.check_transfer(PF, D(2020, 1, 1), D(2026, 1, 1), on_death=False)


def test_srm_interruption_30_days_a_year_extendable_once_art_29():
    rules.check_interruption(SRM, 30, used_this_year=0, extension=False, extensions_used=0)
    with pytest.raises(RuleRefusal, match="máximo de 30"):
        rules.check_interruption(SRM, 31, used_this_year=0, extension=False, extensions_used=0)
    with pytest.raises(RuleRefusal, match="já usados 20"):
        rules.check_interruption(SRM, 11, used_this_year=20, extension=False, extensions_used=0)
    rules.check_interruption(SRM, 30, used_this_year=0, extension=True, extensions_used=0)
    with pytest.raises(RuleRefusal, match="1 vez"):
        rules.check_interruption(SRM, 10, used_this_year=0, extension=True, extensions_used=1)


def test_pf_interruption_up_to_90_days_art_11():
    rules.check_interruption(PF, 90, used_this_year=80, extension=False, extensions_used=0)
    with pytest.raises(RuleRefusal, match="90"):
        rules.check_interruption(PF, 91, used_this_year=0, extension=False, extensions_used=0)


def test_l1745_has_no_interruption():
    with pytest.raises(RuleRefusal, match="não é prevista"):
        rules.check_interruption(L1745, 5, used_this_year=0, extension=False, extensions_used=0)


def test_cassation_bar_pf_srm_2_years_l1745_forever():
    """PF Art. 37 §ú, SRM Art. 38 §1: 2 years; L1745 Art. 17 §1: never again."""
    assert rules.cassation_bar_until(SRM, D(2026, 2, 28)) == (True, D(2028, 2, 28))
    assert rules.cassation_bar_until(PF, D(2026, 2, 28)) == (True, D(2028, 2, 28))
    assert rules.cassation_bar_until(L1745, D(2026, 2, 28)) == (True, None)


def test_a_suspended_permit_is_renewable_only_under_a_yearly_deadline_l1745_art_9():
    """L1745 Art. 9 (by 31 March, then it lapses): renewable while suspended; PF Art. 2 §3º
    and SRM Art. 51 (the validity only ends): not while suspended."""
    assert rules.renewable_statuses(load_profile("lei-1745-2011")) == (
        "active", "expired", "suspended")
    for profile_id in ("porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019"):
        assert rules.renewable_statuses(load_profile(profile_id)) == ("active", "expired")

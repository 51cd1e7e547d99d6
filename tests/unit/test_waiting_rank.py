"""Waiting-list order (domain/waiting_rank.py): PF Art. 12 §ú, SRM Art. 3, L1745 Art. 12 §2."""
import datetime as dt
from decimal import Decimal

import pytest

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.domain.profiles import load_profile
from mototaxi_desk.domain.waiting_rank import (CRITERIA, Candidate, rank, sort_key,
                                               ties_needing_lottery, weighted_infractions)

T0 = dt.datetime(2026, 1, 5, 9, 0)
L1745_PROFILE = load_profile("lei-1745-2011")
L1745 = L1745_PROFILE.waiting_list.ranking


def cand(entry_id, minutes=0, **kw):
    return Candidate(entry_id=entry_id, enrolled_at=T0 + dt.timedelta(minutes=minutes), **kw)


def ids(ranked):
    return [c.entry_id for c in ranked]


@pytest.mark.parametrize("mode", ["automatic", "licitacao"])
def test_first_enrolled_first_called(mode):
    """PF Art. 12 §ú (automatic call of the next applicant) and SRM (licitação): by
    enrolment time, whatever the ranking inputs say."""
    people = [cand(1, 30, seniority_years=20), cand(2, 10), cand(3, 20, dependents=5),
              cand(4, 10)]  # same minute as 2: the earlier entry first
    assert ids(rank(people, mode)) == [2, 4, 3, 1]


def test_l1745_profile_lists_every_criterion_in_the_law_order():
    """L1745 Art. 12 §2 I-IV then the lottery."""
    assert L1745 == CRITERIA


def test_l1745_seniority_comes_first():
    """L1745 Art. 12 §2 I: more time in the mototaxi service first."""
    people = [cand(1, 0, seniority_years=2, dependents=9, vehicle_condition=10),
              cand(2, 5, seniority_years=7)]
    assert ids(rank(people, "edital", L1745)) == [2, 1]


def test_l1745_fewer_weighted_infractions_break_seniority_ties():
    """L1745 Art. 12 §2 I: fewer infractions per year of activity, weighted by gravity; the
    figure is an input (the penalty ledger will provide it), 0 when not given."""
    people = [cand(1, 0, seniority_years=5, weighted_infractions=Decimal("1.5")),
              cand(2, 1, seniority_years=5, weighted_infractions=Decimal("0.25"), dependents=0),
              cand(3, 2, seniority_years=5, dependents=0)]  # default 0
    assert ids(rank(people, "edital", L1745)) == [3, 2, 1]


def test_l1745_weighted_infractions_are_gravity_weights_per_year_of_activity():
    """L1745 Art. 12 §2º I: weights from waiting_list.infraction_gravity (advertência 1,
    sem-alvará 2, multa 3, ... cassação 6), summed and divided by the years of activity
    (at least one)."""
    assert weighted_infractions(L1745_PROFILE, ["multa", "multa", "advertencia"], 5) == \
        Decimal("1.4")
    assert weighted_infractions(L1745_PROFILE, ["cassacao"], 0) == Decimal(6)
    assert weighted_infractions(L1745_PROFILE, [], 3) == 0
    assert weighted_infractions(L1745_PROFILE, ["sem-alvara"] * 2, 3) == Decimal("1.3333")


def test_l1745_family_situation_then_vehicle_condition():
    """L1745 Art. 12 §2 II-III (dependents) and IV (vehicle in better condition)."""
    people = [cand(1, 0, dependents=1, vehicle_condition=9),
              cand(2, 1, dependents=3, vehicle_condition=2),
              cand(3, 2, dependents=1, vehicle_condition=10)]
    assert ids(rank(people, "edital", L1745)) == [2, 3, 1]


def test_l1745_lottery_is_last_and_lower_number_wins():
    """L1745 Art. 12 §2 IV: "esgotados estes meios, o desempate será por sorteio"."""
    people = [cand(1, 0, lottery_number=900), cand(2, 1, lottery_number=17),
              cand(3, 2, lottery_number=None)]
    assert ids(rank(people, "edital", L1745)) == [2, 1, 3]
    assert ties_needing_lottery(people, "edital", L1745) == [
        [people[1], people[0], people[2]]]


def test_ties_needing_lottery_only_groups_tied_on_earlier_criteria():
    people = [cand(1, 0, seniority_years=3), cand(2, 1, seniority_years=3),
              cand(3, 2, seniority_years=1), cand(4, 3, seniority_years=9),
              cand(5, 4, seniority_years=1, lottery_number=5),
              cand(6, 5, seniority_years=1, lottery_number=6)]
    groups = ties_needing_lottery(people, "edital", L1745)
    assert [ids(g) for g in groups] == [[1, 2], [5, 6, 3]]
    drawn = [cand(1, 0, lottery_number=2), cand(2, 1, lottery_number=1)]
    assert ties_needing_lottery(drawn, "edital", L1745) == []
    assert ties_needing_lottery(people, "automatic", ()) == []
    assert ties_needing_lottery(people, "edital", ("seniority",)) == []


def test_order_is_total_and_reproducible():
    people = [cand(i, i % 3, seniority_years=i % 2) for i in range(1, 30)]
    first = ids(rank(people, "edital", L1745))
    assert first == ids(rank(list(reversed(people)), "edital", L1745))
    assert len(set(sort_key(c, "edital", L1745) for c in people)) == len(people)


def test_unknown_criterion_or_mode_is_refused():
    with pytest.raises(DomainError, match="antiguidade"):
        rank([cand(1)], "edital", ("antiguidade",))
    with pytest.raises(DomainError, match="Modo"):
        rank([cand(1)], "fila")

"""Penalty engine: fines (SRM Art. 39, PF Art. 32, L1745 Arts. 8 §3º and 17 II), points and
reincidence (PF Arts. 30 §2º, 32 §ú), cassation windows (PF Art. 37 II), count thresholds
(SRM Art. 38 I-II); voided notices never count (property test)."""
import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mototaxi_desk.domain import penalty_engine as engine
from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.domain.profiles import load_profile

SRM = load_profile("sao-raimundo-das-mangabeiras-2019")
PF = load_profile("porto-feliz-2017")
L1745 = load_profile("lei-1745-2011")
DAY0 = dt.datetime(2024, 1, 1, 10, 0)
REG = (1, 1)


def notice(i, code, day, *, infractor=1, profile=PF, register=REG, voided=False, hour=10):
    when = dt.datetime.combine(DAY0.date() + dt.timedelta(days=day), dt.time(hour, 0))
    return engine.NoticeFacts(i, register, infractor, code,
                              profile.infraction(code).class_code, when, voided, f"{i}")


def pf_code(group):
    return next(i.code for i in PF.infractions if i.class_code == group)


def test_srm_fine_by_class_art_39():
    for code, units in (("leve", 2), ("media", 3), ("grave", 4), ("gravissima", 7)):
        item = next(i for i in SRM.infractions if i.class_code == code)
        fine = engine.compute_fine(SRM, item, unit_value_cents=4826, tariff_cents=0)
        assert fine.units == Decimal(units) and fine.amount_cents == units * 4826
        assert fine.basis == "fiscal_unit" and fine.text().endswith(f"({units} UFM)")


def test_pf_fine_tariff_multiple_and_warning_art_31_32():
    a = engine.compute_fine(PF, PF.infraction(pf_code("A")), unit_value_cents=0,
                            tariff_cents=550)
    assert (a.amount_cents, a.warning) == (50 * 550, True)
    b = engine.compute_fine(PF, PF.infraction(pf_code("B")), unit_value_cents=0,
                            tariff_cents=550)
    assert (b.amount_cents, b.warning) == (150 * 550, False)
    c = engine.compute_fine(PF, PF.infraction(pf_code("C")), unit_value_cents=0,
                            tariff_cents=550)
    assert c.basis == "none" and c.amount_cents == 0
    with pytest.raises(DomainError):
        engine.compute_fine(PF, PF.infraction(pf_code("A")), unit_value_cents=0, tariff_cents=0)


def test_l1745_range_and_no_permit_doubled_art_8_and_17():
    multa = next(i for i in L1745.infractions if i.class_code == "multa")
    fine = engine.compute_fine(L1745, multa, unit_value_cents=10000, tariff_cents=0,
                               chosen_units="12,5")
    assert fine.units == Decimal("12.5") and fine.amount_cents == 125000
    for bad in (None, "9", "21", "-5", "abc", "0"):
        with pytest.raises(ValidationError):
            engine.compute_fine(L1745, multa, unit_value_cents=10000, tariff_cents=0,
                                chosen_units=bad)
    no_permit = L1745.infraction("8-3")
    single = engine.compute_fine(L1745, no_permit, unit_value_cents=10000, tariff_cents=0)
    double = engine.compute_fine(L1745, no_permit, unit_value_cents=10000, tariff_cents=0,
                                 recidivism=True)
    assert (single.amount_cents, double.amount_cents) == (50000, 100000) and double.recidivism


def test_pf_points_by_group_art_32_pu():
    notices = [notice(1, pf_code("A"), 0), notice(2, pf_code("B"), 1), notice(3, pf_code("C"), 2)]
    scores = engine.assess(PF, notices).scores
    assert [scores[i].points for i in (1, 2, 3)] == [1, 2, 3]
    assert engine.assess(SRM, [notice(1, "36-I", 0, profile=SRM)]).scores[1].points == 0


def test_pf_reincidence_day_365_doubles_day_366_does_not_art_30_par_2():
    """12 months from 01/01/2023 end on 01/01/2024 (day 365, CC Art. 132 §3º)."""
    code = pf_code("B")
    base = dt.datetime(2023, 1, 1, 9)
    first = engine.NoticeFacts(1, REG, 7, code, "B", base)
    on_365 = engine.NoticeFacts(2, REG, 7, code, "B", base + dt.timedelta(days=365))
    on_366 = engine.NoticeFacts(2, REG, 7, code, "B", base + dt.timedelta(days=366))
    doubled = engine.assess(PF, [first, on_365]).scores[2]
    assert (doubled.points, doubled.doubled_by) == (4, 1)
    single = engine.assess(PF, [first, on_366]).scores[2]
    assert (single.points, single.doubled_by) == (2, None)


def test_reincidence_needs_same_infraction_and_same_offender():
    a, b = pf_code("B"), [i.code for i in PF.infractions if i.class_code == "B"][1]
    other_code = engine.assess(PF, [notice(1, a, 0), notice(2, b, 10)]).scores[2]
    other_person = engine.assess(PF, [notice(1, a, 0), notice(2, a, 10, infractor=2)]).scores[2]
    simultaneous = engine.assess(PF, [notice(1, a, 0), notice(2, a, 0)]).scores[2]
    assert other_code.points == other_person.points == simultaneous.points == 2


def test_pf_cassation_12_points_day_0_and_day_121_art_37_ii():
    """4 months from 01/01/2024 end on 01/05/2024 (day 121, included); day 122 is out."""
    c = pf_code("C")  # 3 points each; different offenders (auxiliaries): no reincidence
    day0 = [notice(i + 1, c, 0, infractor=i + 1) for i in range(2)]        # 6 points, day 0
    in_ = day0 + [notice(3 + i, c, 121, infractor=3 + i) for i in range(2)]  # 6 on day 121
    out = day0 + [notice(3 + i, c, 122, infractor=3 + i) for i in range(2)]
    proposals = engine.assess(PF, in_).proposals
    assert len(proposals) == 1
    p = proposals[0]
    assert (p.sanction, p.rule_key, p.article) == ("cassation", "points:12/4", "Art. 37 II")
    assert p.trigger_on == dt.date(2024, 5, 1) and set(p.notice_ids) == {1, 2, 3, 4}
    assert p.explanation["points"] == 12 and p.explanation["window"]["from"] == "2024-01-01"
    assert "12 pontos entre 01/01/2024 e 01/05/2024" in p.explanation["text"]
    assert engine.assess(PF, out).proposals == ()


def test_pf_18_points_in_8_months_and_voided_never_count():
    c = pf_code("C")
    spread = [notice(i + 1, c, i * 45, infractor=i) for i in range(6)]  # 3 pts every 45 days
    p = engine.assess(PF, spread).proposals
    assert p and p[0].rule_key == "points:18/8" and p[0].trigger_on == dt.date(2024, 8, 13)
    voided = [*spread[:5], notice(6, c, 225, infractor=6, voided=True)]
    assert engine.assess(PF, voided).proposals == ()


def test_srm_suspension_at_3rd_revocation_at_5th_art_38():
    notices = [notice(i, "36-I", i * 30, profile=SRM) for i in range(1, 6)]
    proposals = engine.assess(SRM, notices).proposals
    assert [(p.sanction, p.rule_key, len(p.notice_ids)) for p in proposals] == [
        ("suspension", "count:3", 3), ("revocation", "count:5", 5)]
    assert proposals[0].suspension_months == 2 and proposals[0].article == "Art. 38 I"
    assert "3ª infração" in proposals[0].explanation["text"]
    assert engine.assess(SRM, notices[:2]).proposals == ()


def test_points_by_window_for_the_ledger():
    c = [i.code for i in PF.infractions if i.class_code == "C"]
    rows = engine.points_by_window(PF, [notice(1, c[0], 0), notice(2, c[1], 200)],
                                   dt.date(2024, 8, 1))
    assert [(r["months"], r["points"]) for r in rows] == [(4, 3), (8, 6), (12, 6)]
    assert rows[0]["from"] == "2024-04-01" and rows[0]["to"] == "2024-08-01"


def test_l1745_recidivism_of_the_no_permit_fine():
    first = notice(1, "8-3", 0, profile=L1745, register=(5, None), infractor=5)
    later = notice(2, "8-3", 900, profile=L1745, register=(5, None), infractor=5)
    assert engine.is_recidivism(L1745, [first], later) == 1
    assert engine.is_recidivism(L1745, [first._replace(voided=True) if hasattr(first, "_replace")
                                        else engine.NoticeFacts(1, (5, None), 5, "8-3",
                                                                "sem-alvara", first.occurred_at,
                                                                True)], later) is None


CODES_C = [i.code for i in PF.infractions if i.class_code in ("B", "C")]


@st.composite
def histories(draw):
    n = draw(st.integers(1, 9))
    items = []
    for i in range(n):
        code = draw(st.sampled_from(CODES_C[:4]))
        day = draw(st.integers(0, 400))
        items.append(engine.NoticeFacts(i + 1, REG, draw(st.integers(1, 2)), code,
                                        PF.infraction(code).class_code,
                                        DAY0 + dt.timedelta(days=day)))
    voided = draw(st.sets(st.integers(1, n)))
    return items, voided


def _canonical(assessment):
    return ({k: (s.points, s.doubled_by) for k, s in assessment.scores.items()},
            [(p.sanction, p.rule_key, p.trigger_on, p.notice_ids) for p in assessment.proposals])


@settings(max_examples=40, deadline=None)
@given(histories())
def test_voiding_any_subset_equals_never_recording_them(history):
    """Issue 4: voiding any subset of notices and re-running the engine gives the same
    result as never having recorded them (PF and SRM rules)."""
    items, voided = history
    marked = [engine.NoticeFacts(n.id, n.register, n.infractor_id, n.code, n.class_code,
                                 n.occurred_at, n.id in voided) for n in items]
    kept = [n for n in items if n.id not in voided]
    for profile in (PF, SRM):
        if profile is SRM:
            marked = [engine.NoticeFacts(n.id, n.register, n.infractor_id, "36-I", "leve",
                                         n.occurred_at, n.voided) for n in marked]
            kept = [engine.NoticeFacts(n.id, n.register, n.infractor_id, "36-I", "leve",
                                       n.occurred_at) for n in kept]
        assert _canonical(engine.assess(profile, marked)) == \
            _canonical(engine.assess(profile, kept))

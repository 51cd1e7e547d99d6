"""Personal requirements of holders and auxiliary drivers (domain.holder_rules):
SRM Art. 20 I, III and Art. 21 I-II; PF Art. 13 §1º; L1745 Art. 2 §1º I."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.domain.holder_rules import (category_letters, check_person_requirements,
                                               requirement_problems)
from mototaxi_desk.domain.profiles import load_profile

SRM = load_profile("sao-raimundo-das-mangabeiras-2019")
PF = load_profile("porto-feliz-2017")
L1745 = load_profile("lei-1745-2011")
ON = dt.date(2026, 6, 1)
GOOD = dict(birth_date=dt.date(1990, 1, 1), cnh_category="A", cnh_first_licence=dt.date(2015, 1, 1),
            cnh_expiry=dt.date(2030, 1, 1), cnh_ear=True, on=ON)


def refusal(profile, **changes) -> RuleRefusal:
    with pytest.raises(RuleRefusal) as err:
        check_person_requirements(profile, **{**GOOD, **changes})
    assert err.value.article == profile.holder.article
    return err.value


@pytest.mark.parametrize("profile", [SRM, PF, L1745], ids=["SRM", "PF", "L1745"])
def test_a_qualified_person_passes_every_profile(profile):
    check_person_requirements(profile, **GOOD)
    assert requirement_problems(profile, **GOOD) == []


# --- age ---------------------------------------------------------------------------------

@pytest.mark.parametrize("profile", [SRM, PF], ids=["SRM", "PF"])
def test_min_age_21_day_before_and_on_the_birthday(profile):
    """SRM Art. 20 I / Art. 21 I "idade mínima de 21 anos"; PF Art. 13 §1º "maior de 21"."""
    err = refusal(profile, birth_date=dt.date(2005, 6, 2))
    assert "Idade de 20 anos" in str(err) and "21 anos" in str(err)
    check_person_requirements(profile, **{**GOOD, "birth_date": dt.date(2005, 6, 1)})


def test_born_on_29_february_turns_21_on_1_march():
    born = dt.date(2004, 2, 29)
    refusal(SRM, birth_date=born, on=dt.date(2025, 2, 28))
    check_person_requirements(SRM, **{**GOOD, "birth_date": born, "on": dt.date(2025, 3, 1)})


def test_l1745_sets_no_age():
    """L1745 Art. 2 §1º: no minimum age (the professional licence implies one)."""
    check_person_requirements(L1745, **{**GOOD, "birth_date": dt.date(2006, 1, 1)})
    check_person_requirements(L1745, **{**GOOD, "birth_date": None})


def test_missing_birth_date_refused_where_an_age_is_required():
    assert "Data de nascimento não informada" in str(refusal(SRM, birth_date=None))


# --- CNH category --------------------------------------------------------------------------

@pytest.mark.parametrize("category", ["A", "AB", "AC", "AD", "AE", "ab"])
def test_category_with_a_passes(category):
    """SRM Art. 20 III, PF Art. 13 §1º: category "A" (alone or with another)."""
    check_person_requirements(SRM, **{**GOOD, "cnh_category": category})
    check_person_requirements(PF, **{**GOOD, "cnh_category": category})


@pytest.mark.parametrize("category", ["B", "C", "D", "E", "ACC"])
def test_category_without_a_is_refused(category):
    """ACC (ciclomotor) is not category A although it starts with an A."""
    err = refusal(SRM, cnh_category=category)
    assert f"categoria {category}" in str(err) and '"A"' in str(err)
    refusal(PF, cnh_category=category)


def test_l1745_asks_no_category():
    """L1745 Art. 2 §1º I: "Habilitação Profissional", no category named."""
    check_person_requirements(L1745, **{**GOOD, "cnh_category": "B"})


def test_category_letters():
    assert category_letters("AB") == {"A", "B"}
    assert category_letters("ACC") == set()
    assert category_letters(None) == set()


# --- CNH time, EAR, expiry, missing --------------------------------------------------------

@pytest.mark.parametrize("profile", [SRM, PF], ids=["SRM", "PF"])
def test_two_years_since_first_licence(profile):
    """SRM Art. 20 III, PF Art. 13 §1º: CNH for at least 2 years."""
    err = refusal(profile, cnh_first_licence=dt.date(2024, 6, 2))
    assert "pelo menos 2 anos" in str(err) and "02/06/2026" in str(err)
    check_person_requirements(profile, **{**GOOD, "cnh_first_licence": dt.date(2024, 6, 1)})


def test_l1745_asks_no_licence_time():
    check_person_requirements(L1745, **{**GOOD, "cnh_first_licence": dt.date(2026, 5, 1)})


@pytest.mark.parametrize("profile, required", [(SRM, True), (PF, False), (L1745, True)],
                         ids=["SRM", "PF", "L1745"])
def test_ear_remark(profile, required):
    """SRM Art. 20 III (CTB Art. 147 §5º) and L1745 Art. 2 §1º I ("Habilitação Profissional")
    require EAR; PF Art. 13 §1º does not."""
    if required:
        assert "EAR" in str(refusal(profile, cnh_ear=False))
    else:
        check_person_requirements(profile, **{**GOOD, "cnh_ear": False})


@pytest.mark.parametrize("profile", [SRM, PF, L1745], ids=["SRM", "PF", "L1745"])
def test_expired_cnh_refused_valid_on_the_expiry_day(profile):
    assert "CNH vencida em 31/05/2026" in str(refusal(profile, cnh_expiry=dt.date(2026, 5, 31)))
    check_person_requirements(profile, **{**GOOD, "cnh_expiry": ON})
    assert "Validade da CNH" in str(refusal(profile, cnh_expiry=None))


@pytest.mark.parametrize("profile", [SRM, PF, L1745], ids=["SRM", "PF", "L1745"])
def test_no_cnh_at_all(profile):
    err = refusal(profile, cnh_category=None, cnh_first_licence=None, cnh_expiry=None,
                  cnh_ear=None)
    assert "CNH não cadastrada" in str(err)


def test_problems_lists_every_unmet_requirement_and_check_raises_the_first():
    bad = {**GOOD, "birth_date": dt.date(2010, 1, 1), "cnh_category": "B",
           "cnh_first_licence": dt.date(2026, 1, 1), "cnh_ear": False,
           "cnh_expiry": dt.date(2020, 1, 1)}
    problems = requirement_problems(SRM, **bad)
    assert len(problems) == 5
    assert [p.split()[0] for p in problems] == ["Idade", "CNH", "Habilitado", "A", "CNH"]
    with pytest.raises(RuleRefusal) as err:
        check_person_requirements(SRM, **bad)
    assert str(err.value) == f"{problems[0]} (Art. 20)"

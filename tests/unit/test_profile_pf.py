"""Porto Feliz profile (porto-feliz-2017) checked against the law's text.

Source: /work/shared/laws/porto-feliz-pl-mototaxi-2017.txt (Projeto de Lei de 2017).
Each test cites the article it checks.
"""
from decimal import Decimal

import pytest

from mototaxi_desk.domain.profiles import load_profile


@pytest.fixture(scope="module")
def p():
    return load_profile("porto-feliz-2017")


def test_identity_and_no_fiscal_unit_pf_art_32(p):
    """PF Art. 32: fines are multiples of the initial tariff, so there is no fiscal unit."""
    assert p.id == "porto-feliz-2017"
    assert p.short_name == "PF"
    assert p.fiscal_unit == ""
    assert p.profile.uf == "SP"
    assert p.defaults.fiscal_unit_value == Decimal("0")
    assert p.defaults.initial_tariff > 0
    assert p.fees == {}


def test_cap_pf_art_7_par_4(p):
    """PF Art. 7 §4º: 300 inhabitants per licence."""
    assert p.cap.inhabitants_per_permit == 300
    assert p.cap.article == "Art. 7 §4º"


def test_one_permit_per_person_renewed_yearly_pf_art_2(p):
    """PF Art. 2 §2º (one permit per member) and §3º (renewed yearly)."""
    assert p.permit.max_per_person == 1
    assert p.permit.fleet_owner_exception is False
    assert p.permit.max_per_person_article == "Art. 2 §2º"
    assert p.permit.validity_months == 12
    assert p.permit.validity_article == "Art. 2 §3º"


def test_holder_requirements_pf_art_13_par_1(p):
    """PF Art. 13 §1º: older than 21, CNH category A for at least 2 years."""
    assert p.holder.min_age == 21
    assert p.holder.cnh_category == "A"
    assert p.holder.cnh_min_years == 2
    assert p.holder.ear_required is False
    assert p.holder.article == "Art. 13 §1º"


def test_vehicle_age_and_engine_pf_art_15_i_and_17(p):
    """PF Art. 15 I and Art. 17: 5 years of life, 125 to 250 cc."""
    assert p.vehicle.max_age_years == 5
    assert p.vehicle.max_age_at_grant_only is False
    assert (p.vehicle.cc_min, p.vehicle.cc_max) == (125, 250)
    assert p.vehicle.cc_article == "Art. 15 I"


def test_vehicle_replacement_pf_art_17(p):
    """PF Art. 17 §1º (newer only), §4º (declare 180 days before), §5º (30 days after)."""
    assert p.vehicle.replacement_newer_only is True
    assert p.vehicle.replacement_declare_days_before == 180
    assert p.vehicle.replacement_grace_days == 30
    assert p.vehicle.replacement_needs_authorisation is False
    assert p.vehicle.insurance_min_cover_per_person == Decimal("0")


def test_interruption_pf_art_11_and_12(p):
    """PF Art. 11 §ú: up to 90 days; Art. 12: over 30 days unauthorised, the permit reverts."""
    assert p.interruption.allowed is True
    assert p.interruption.max_days == 90
    assert p.interruption.unauthorised_revert_days == 30


def test_waiting_list_automatic_pf_art_12_par_unico(p):
    """PF Art. 12 §ú: the next applicant on the waiting list is called automatically."""
    assert p.waiting_list.mode == "automatic"
    assert p.waiting_list.ranking == ()
    assert p.waiting_list.article == "Art. 12 §ú"


def test_cassation_bar_pf_art_37_par_unico(p):
    """PF Art. 37 §ú: no new permit for 2 years after cassation."""
    assert p.permit.cassation_bar_years == 2
    assert p.permit.cassation_bar_forever is False
    assert p.permit.cassation_bar_article == "Art. 37 §ú"


def test_defence_30_business_days_pf_art_34_and_38(p):
    """PF Arts. 34 and 38: 30 business days from notification."""
    assert p.defence.defence_days == 30
    assert p.defence.business_days is True


def test_debts_cancel_pf_art_9_par_2(p):
    """PF Art. 9 §2º: unpaid taxes imply cancellation of the permit."""
    assert p.debts.blocks_renewal is True
    assert p.debts.article == "Art. 9 §2º"


# --- infractions: Arts. 24, 25, 26 ------------------------------------------------------

def test_infraction_counts_pf_arts_24_25_26(p):
    """PF Arts. 24 (I-IV), 25 (I-III), 26 (I-V): 12 items, codes unique."""
    codes = [i.code for i in p.infractions]
    assert len(codes) == len(set(codes)) == 12
    by_article = {}
    for item in p.infractions:
        by_article.setdefault(item.code.split("-")[0], []).append(item)
    assert {k: len(v) for k, v in by_article.items()} == {"24": 4, "25": 3, "26": 5}
    by_class = {}
    for item in p.infractions:
        by_class[item.class_code] = by_class.get(item.class_code, 0) + 1
    assert by_class == {"A": 5, "B": 4, "C": 3}


@pytest.mark.parametrize("code, article, group, words", [
    ("24-I", "Art. 24, I", "A", "notificações"),
    ("24-II", "Art. 24, II", "B", "força maior"),
    ("24-III", "Art. 24, III", "A", "horários especiais"),
    ("24-IV", "Art. 24, IV", "A", "fiscalização"),
    ("25-I", "Art. 25, I", "C", "prepostos previamente matriculados"),
    ("25-II", "Art. 25, II", "B", "condições dignas e seguras"),
    ("25-III", "Art. 25, III", "C", "seguro contra riscos"),
    ("26-I", "Art. 26, I", "C", "condutor não autorizado"),
    ("26-II", "Art. 26, II", "A", "tarifas diversas"),
    ("26-III", "Art. 26, III", "B", "troco"),
    ("26-IV", "Art. 26, IV", "A", "outros fins não autorizados"),
    ("26-V", "Art. 26, V", "B", "ponto de parada não autorizado"),
])
def test_infraction_group_pf_arts_24_to_26(p, code, article, group, words):
    """PF Arts. 24-26: each item carries its (GRUPO X) in the law."""
    item = p.infraction(code)
    assert item.article == article
    assert item.class_code == group
    assert words in item.text


def test_retention_measure_pf_art_35_i(p):
    """PF Art. 35 I: vehicle driven by a person not registered → retention."""
    assert "Retenção" in p.infraction("26-I").measure
    assert "Retenção" in p.infraction("25-I").measure
    assert p.infraction("26-III").measure == ""


# --- penalties ---------------------------------------------------------------------------

def test_fine_multiples_pf_art_32(p):
    """PF Art. 32: A = 50 x and B = 150 x the initial tariff; C has no fine in the law."""
    assert p.penalty_class("A").fine_tariff_multiple == 50
    assert p.penalty_class("B").fine_tariff_multiple == 150
    assert p.penalty_class("C").fine_tariff_multiple == 0
    for code in "ABC":
        assert p.penalty_class(code).fine_units == Decimal("0")


def test_points_pf_art_32_par_unico(p):
    """PF Art. 32 §ú: A = 1, B = 2, C = 3 points."""
    assert p.penalties.counts_points is True
    assert [(c.code, c.points) for c in p.penalties.classes] == [("A", 1), ("B", 2), ("C", 3)]


def test_warning_and_recidivism_pf_arts_30_31(p):
    """PF Art. 31 (written warning for group A), Art. 30 §1º-§2º (cumulative, points doubled)."""
    assert p.penalties.warning_for_classes == ("A",)
    assert p.penalties.warning_article == "Art. 31"
    assert p.penalties.same_infraction_double_months == 12
    assert not any(c.recidivism_double for c in p.penalties.classes)
    assert p.penalties.simultaneous_each_count is True


def test_points_windows_pf_art_37_ii(p):
    """PF Art. 37 II: cassation at 12 points in 4 months, 18 in 8, 22 in 12."""
    windows = [(w.points, w.months, w.article) for w in p.penalties.points_windows]
    assert windows == [(12, 4, "Art. 37 II"), (18, 8, "Art. 37 II"), (22, 12, "Art. 37 II")]
    assert p.penalties.count_thresholds == ()


# --- applications and inspection ---------------------------------------------------------

def test_new_permit_checklist_pf_art_13_par_1(p):
    """PF Art. 13 §1º: CNH A for 2 years, training course, criminal record certificate."""
    app = p.application("new_permit")
    assert app.allowed is True
    by_code = {c.code: c for c in app.checklist}
    for code in ("idade", "cnh", "curso-capacitacao", "antecedentes-criminais"):
        assert by_code[code].mandatory is True
        assert by_code[code].article == "Art. 13 §1º"
    assert "categoria A" in by_code["cnh"].text


def test_applications_not_in_law_pf_arts_10_12(p):
    """PF Art. 12 (permit reverts to the Poder Público) and Art. 10 (stands set by the
    Secretaria): no transfer, no stand change on request."""
    assert p.application("transfer").allowed is False
    assert p.transfer.allowed is False
    assert p.application("stand_change").allowed is False
    assert p.application("transfer").checklist == ()


def test_auxiliary_prepostos_pf_art_25_i(p):
    """PF Art. 25 I and Art. 2 §4º: prepostos registered with the DTU may drive."""
    assert p.auxiliary.allowed is True
    assert p.application("auxiliary_driver").allowed is True


def test_vehicle_substitution_declaration_pf_art_17_par_4(p):
    """PF Art. 17 §4º: declaration of substitution 180 days before the age limit."""
    items = {c.code: c for c in p.application("vehicle_substitution").checklist}
    assert items["declaracao-substituicao"].article == "Art. 17 §4º"
    assert "180 dias" in items["declaracao-substituicao"].text


def test_inspection_pf_art_15_and_19(p):
    """PF Art. 19 (annual vistoria), Art. 15 X (semiannual) and §ú (equipment)."""
    assert p.inspection.annual is True
    assert p.inspection.semiannual is True
    items = {i.code: i for i in p.inspection.items}
    assert items["dois-capacetes"].article == "Art. 15 §ú a"
    assert items["dois-capacetes"].kind == "both"
    assert items["antena-corta-pipas"].article == "Art. 15 IX"
    assert items["idade-veiculo"].kind == "annual"
    assert {"toucas-descartaveis", "luvas-condutor", "colete-cracha"} <= set(items)

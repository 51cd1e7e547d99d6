"""Profile `lei-1745-2011` (L1745) checked against the text of Lei Ordinária nº 1.745/2011.

Each test quotes the article it checks; the expected values are read from the law, not from
the profile file.
"""
from decimal import Decimal

import pytest

from mototaxi_desk.domain.profiles import load_profile


@pytest.fixture(scope="module")
def p():
    return load_profile("lei-1745-2011")


def test_identity(p):
    assert p.id == "lei-1745-2011"
    assert p.short_name == "L1745"
    assert p.fiscal_unit == "UFICA"


def test_cap_one_vehicle_per_590_inhabitants_art_6(p):
    """L1745 Art. 6: "um veículo para cada 590 (quinhentos e noventa) habitantes"."""
    assert p.cap.inhabitants_per_permit == 590
    assert p.cap.article == "Art. 6"


def test_one_permit_per_person_except_fleet_owners_art_16(p):
    """L1745 Art. 16: no holder gets an alvará for more than 1 vehicle, "à exceção de frotistas"."""
    assert p.permit.max_per_person == 1
    assert p.permit.fleet_owner_exception is True
    assert p.permit.max_per_person_article == "Art. 16"


def test_validity_one_year_art_8(p):
    """L1745 Art. 8: "com validade de 01 (um) ano, prorrogável e transferível"."""
    assert p.permit.validity_months == 12
    assert p.permit.validity_article == "Art. 8"


def test_renewal_by_31_march_grace_30_days_fine_5_ufica_art_9(p):
    """L1745 Art. 9: renewal requested "até 31 de março"; §2º: 30 more days paying a fine of
    "05 (cinco) UFICA", then the alvará lapses."""
    assert p.renewal.deadline == "03-31"
    assert p.renewal.grace_days == 30
    assert p.renewal.late_fine_units == Decimal("5")
    assert p.renewal.article == "Art. 9"


def test_renewal_needs_taxes_paid_art_9(p):
    """L1745 Art. 9: renewal on payment of the fee "e de outros tributos eventualmente devidos"."""
    assert p.debts.blocks_renewal is True
    assert p.debts.block_requests is False
    assert p.debts.article == "Art. 9"


def test_fine_range_10_to_20_ufica_art_17_ii(p):
    """L1745 Art. 17 II: "Multa de 10 (dez) a 20 (vinte) UFICA"."""
    multa = p.penalty_class("multa")
    assert multa.fine_units == Decimal("10")
    assert multa.fine_units_max == Decimal("20")
    assert multa.fine_tariff_multiple == 0
    assert multa.points == 0
    assert multa.article == "Art. 17 II"


def test_art_17_penalties_are_all_classes(p):
    """L1745 Art. 17 I-V: advertência, multa, suspensão, cassação do registro, cassação da permissão."""
    articles = {c.article for c in p.penalties.classes}
    assert {"Art. 17 I", "Art. 17 II", "Art. 17 III", "Art. 17 IV", "Art. 17 V"} <= articles
    assert p.penalties.counts_points is False
    assert "advertencia" in p.penalties.warning_for_classes


def test_no_permit_fine_5_ufica_doubled_on_recidivism_art_8_par_3(p):
    """L1745 Art. 8 §3º: "multa fixada em 05 (cinco) UFICA, que será cobrada em dobro em caso
    de reincidência"."""
    cls = p.penalty_class("sem-alvara")
    assert cls.fine_units == Decimal("5")
    assert cls.fine_units_max == Decimal("0")
    assert cls.recidivism_double is True
    assert not p.penalty_class("multa").recidivism_double  # Art. 17 II keeps its 20 UFICA ceiling
    infraction = p.infraction("8-3")
    assert infraction.class_code == "sem-alvara"
    assert "Remoção" in infraction.measure


def test_impound_release_art_8_par_3(p):
    """L1745 Art. 8 §3º: release on showing the alvará, the fine paid and the removal costs paid."""
    assert set(p.impound.release_requires) == {"permit", "fines", "removal"}
    assert p.impound.storage_fee_units_per_day == Decimal("0")


def test_missed_inspection_summons_means_cassation_art_10(p):
    """L1745 Art. 10 §ú: "Será cassado o alvará do permissionário que não apresentar seu veículo
    à vistoria", once summoned; Art. 10: inspection "a qualquer tempo"."""
    assert p.inspection.on_demand is True
    assert p.inspection.missed_summons_cassation is True
    assert p.infraction("10-pu").class_code == "cassacao"


def test_fees_art_8_and_art_15(p):
    """L1745 Art. 8: alvará "após o recolhimento da taxa de 01 (uma) UFICA"; Art. 8 §1º: transfer
    "taxa fixada em 01 (uma) UFICA"; Art. 15: stand change "taxa fixada em 10 (dez) UFICA"."""
    assert p.fees["permit_grant"].units == Decimal("1")
    assert p.fees["permit_grant"].article == "Art. 8"
    assert p.fees["permit_transfer"].units == Decimal("1")
    assert p.fees["permit_transfer"].article == "Art. 8 §1º"
    assert p.fees["stand_change"].units == Decimal("10")
    assert p.fees["stand_change"].article == "Art. 15"
    assert p.transfer.fee_key == "permit_transfer"
    assert p.stand.change_fee_key == "stand_change"


def test_stand_change_needs_vacancy_art_15(p):
    """L1745 Art. 15: stand change on request "desde que haja vaga"."""
    assert p.stand.change_needs_vacancy is True
    assert p.application("stand_change").allowed is True
    assert p.application("stand_change").fee_key == "stand_change"


def test_appeal_15_days_art_19(p):
    """L1745 Art. 19: "Os recursos deverão ser oferecidos no prazo 15 (quinze) dias"."""
    assert p.defence.appeal_days == 15
    assert p.defence.appeal_article == "Art. 19"
    assert p.defence.business_days is False


def test_cassation_bar_forever_art_17_par_1(p):
    """L1745 Art. 17 §1º: "Ao permissionário punido com a cassação, não será concedida nova
    permissão"."""
    assert p.permit.cassation_bar_forever is True
    assert p.permit.cassation_bar_years == 0
    assert p.permit.cassation_bar_article == "Art. 17 §1º"


def test_vehicle_at_most_5_years_at_grant_art_2_par_2_iii(p):
    """L1745 Art. 2 §2º III: "Ano de fabricação do veículo no máximo 05 (cinco) anos anteriores"."""
    assert p.vehicle.max_age_years == 5
    assert p.vehicle.max_age_at_grant_only is True
    assert p.vehicle.age_article == "Art. 2 §2º III"


def test_replacement_newer_with_prior_authorisation_art_11(p):
    """L1745 Art. 11: substitution "com prévia autorização" and "ano de fabricação ... mais recente"."""
    assert p.vehicle.replacement_newer_only is True
    assert p.vehicle.replacement_needs_authorisation is True
    assert p.application("vehicle_substitution").allowed is True


def test_waiting_list_edital_30_days_art_13(p):
    """L1745 Art. 13: a vacancy is published by edital, "prazo de 30 (trinta) dias para inscrições"."""
    assert p.waiting_list.mode == "edital"
    assert p.waiting_list.enrol_days == 30


def test_waiting_list_ranking_order_art_12_par_2(p):
    """L1745 Art. 14 → Art. 12 §2º: I time in the activity and fewer infractions weighted by
    gravity; II-III family situation; IV vehicle condition, then lottery."""
    assert p.waiting_list.ranking == (
        "seniority", "fewer_infractions_weighted", "family_situation",
        "vehicle_condition", "lottery",
    )


def test_new_permit_checklist_art_2_par_1(p):
    """L1745 Art. 2 §1º I-VI: professional licence, profession in the Município, health and
    psychotechnical, criminal record, residence, DEMTRAN vistoria."""
    app = p.application("new_permit")
    assert app.allowed is True
    assert app.fee_key == "permit_grant"
    by_article = {item.article: item for item in app.checklist}
    for inciso in ("I", "II", "III", "IV", "V", "VI"):
        assert by_article[f"Art. 2 §1º {inciso}"].mandatory is True
    assert "psicotécnico" in by_article["Art. 2 §1º III"].text
    assert "antecedentes criminais" in by_article["Art. 2 §1º IV"].text
    assert "residência" in by_article["Art. 2 §1º V"].text


def test_new_permit_vehicle_document_is_conditional_art_2_par_2_ii(p):
    """L1745 Art. 2 §2º II: the identifying document only "desde que estas características não
    constem no certificado de propriedade"."""
    checklist = {item.code: item for item in p.application("new_permit").checklist}
    assert checklist["documento-veiculo"].mandatory is False
    assert checklist["certificado-propriedade"].article == "Art. 2 §2º I"


def test_renewal_checklist_art_9_par_1(p):
    """L1745 Art. 9 §1º: atestado de antecedentes, alvará anterior, comprovante de vistoria,
    certificado de propriedade."""
    codes = {item.code for item in p.application("renewal").checklist
             if item.article == "Art. 9 §1º"}
    assert codes == {"antecedentes", "alvara-anterior", "comprovante-vistoria",
                     "certificado-propriedade"}


def test_requests_the_law_does_not_provide_are_refused(p):
    """L1745 has no interruption, withdrawal or second copy request."""
    for type_ in ("interruption", "withdrawal", "card_second_copy"):
        assert p.application(type_).allowed is False
    assert p.interruption.allowed is False


def test_every_infraction_cites_an_article_and_a_defined_class(p):
    """L1745 Art. 17: breaches of the law's obligations are punished with the Art. 17 penalties."""
    classes = {c.code for c in p.penalties.classes}
    assert p.infractions
    for item in p.infractions:
        assert item.article.startswith("Art. ")
        assert item.class_code in classes

"""The SRM rule profile (São Raimundo das Mangabeiras, Projeto de Lei nº 002/2019) against the law.

Each test cites the article it checks; the law text is shared/laws/sao-raimundo-das-mangabeiras-pl-002-2019.txt.
"""
from decimal import Decimal

import pytest

from mototaxi_desk.domain.profiles import load_profile

PROFILE_ID = "sao-raimundo-das-mangabeiras-2019"
SEIZE = "Apreensão do veículo"
STOP_AND_SEIZE = "Impedimento operacional e apreensão do veículo"


@pytest.fixture(scope="module")
def p():
    return load_profile(PROFILE_ID)


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out += letters
            n -= value
    return out


def test_identity(p):
    assert p.id == PROFILE_ID
    assert p.short_name == "SRM"
    assert p.fiscal_unit == "UFM"
    assert p.profile.uf == "MA"


# --- Art. 36: the infraction catalogue ----------------------------------------------------

def test_srm_art_36_has_61_infractions_numbered_i_to_lxi(p):
    """SRM Art. 36, I–LXI: 61 incisos, one per code, in the law's order."""
    assert len(p.infractions) == 61
    assert [i.code for i in p.infractions] == [f"36-{_roman(n)}" for n in range(1, 62)]
    assert [i.article for i in p.infractions] == [f"Art. 36, {_roman(n)}" for n in range(1, 62)]


def test_srm_art_36_every_item_has_a_class_of_art_39_and_a_known_measure(p):
    """SRM Art. 36 (classes of Art. 39; measures of Art. 44 I)."""
    assert {i.class_code for i in p.infractions} == {"leve", "media", "grave", "gravissima"}
    assert {i.measure for i in p.infractions} == {"", SEIZE, STOP_AND_SEIZE}
    for item in p.infractions:
        assert item.text and item.text[0].isupper(), item.code
        assert item.text.strip() == item.text and "  " not in item.text, item.code


def test_srm_art_36_class_totals(p):
    """SRM Art. 36: 16 leves, 20 médias, 18 graves, 7 gravíssimas."""
    totals = {}
    for item in p.infractions:
        totals[item.class_code] = totals.get(item.class_code, 0) + 1
    assert totals == {"leve": 16, "media": 20, "grave": 18, "gravissima": 7}


@pytest.mark.parametrize("code, class_code, measure, words", [
    # SRM Art. 36, I: plano de manutenção preventiva — leve, impedimento operacional e apreensão
    ("36-I", "leve", STOP_AND_SEIZE, "manutenção preventiva"),
    # SRM Art. 36, IV: lavar, consertar ou reparar em logradouro público — leve, sem medida
    ("36-IV", "leve", "", "logradouro público"),
    # SRM Art. 36, XII: não providenciar outro veículo na interrupção de viagem — média
    ("36-XII", "media", "", "interrupção de viagem"),
    # SRM Art. 36, XV: sem seguro de R$ 10.000,00 por pessoa — grave, apreensão
    ("36-XV", "grave", SEIZE, "R$ 10.000,00"),
    # SRM Art. 36, XVIII: arma no veículo — gravíssima, apreensão
    ("36-XVIII", "gravissima", SEIZE, "arma"),
    # SRM Art. 36, XIX: não descaracterizar o veículo — leve, mas com apreensão
    ("36-XIX", "leve", SEIZE, "descaracterizar"),
    # SRM Art. 36, XXI: não submeter à vistoria — média, impedimento e apreensão
    ("36-XXI", "media", STOP_AND_SEIZE, "vistoria"),
    # SRM Art. 36, XXV: outros fins não autorizados — grave, sem medida
    ("36-XXV", "grave", "", "outros fins"),
    # SRM Art. 36, XXXIII: não portar a documentação — grave, apreensão
    ("36-XXXIII", "grave", SEIZE, "Não portar a documentação"),
    # SRM Art. 36, XL: ponto a menos de 100 metros — grave
    ("36-XL", "grave", "", "100 (cem) metros"),
    # SRM Art. 36, XLII: desacatar ou agredir agente — média (sic, as in the law)
    ("36-XLII", "media", "", "agredir fisicamente"),
    # SRM Art. 36, XLV: trabalhar sem ser licenciado ou cadastrado — gravíssima, apreensão
    ("36-XLV", "gravissima", SEIZE, "sem ser licenciado"),
    # SRM Art. 36, LII: não obedecer a fila no estacionamento rotativo — leve
    ("36-LII", "leve", "", "fila"),
    # SRM Art. 36, LV: abandonar o veículo no ponto rotativo por mais de 15 minutos — média
    ("36-LV", "media", "", "15 (quinze) minutos"),
    # SRM Art. 36, LVI: abandonar para burlar a fiscalização — gravíssima, apreensão
    ("36-LVI", "gravissima", SEIZE, "burlar a fiscalização"),
    # SRM Art. 36, LXI: veículo particular em ponto de mototáxi — gravíssima, apreensão
    ("36-LXI", "gravissima", SEIZE, "veículo particular"),
])
def test_srm_art_36_sample(p, code, class_code, measure, words):
    """SRM Art. 36: a sample of incisos with their class and administrative measure."""
    item = p.infraction(code)
    assert item.class_code == class_code
    assert item.measure == measure
    assert words in item.text


def test_srm_art_36_unknown_code(p):
    with pytest.raises(KeyError):
        p.infraction("36-LXII")


# --- Arts. 37–39: penalties ---------------------------------------------------------------

def test_srm_art_39_fine_amounts(p):
    """SRM Art. 39 I–IV: leve 2, média 3, grave 4, gravíssima 7 UFM."""
    expected = {"leve": ("2", "Art. 39 I"), "media": ("3", "Art. 39 II"),
                "grave": ("4", "Art. 39 III"), "gravissima": ("7", "Art. 39 IV")}
    assert [c.code for c in p.penalties.classes] == list(expected)
    for code, (units, article) in expected.items():
        cls = p.penalty_class(code)
        assert cls.fine_units == Decimal(units)
        assert isinstance(cls.fine_units, Decimal)
        assert cls.fine_units_max == 0 and cls.fine_tariff_multiple == 0 and cls.points == 0
        assert cls.article == article
    assert p.penalty_class("gravissima").label == "Gravíssima"


def test_srm_art_38_count_thresholds_no_points(p):
    """SRM Art. 38 I–II: 3 infrações → suspensão por 2 meses; 5 → revogação; no points."""
    pen = p.penalties
    assert pen.counts_points is False
    assert pen.points_windows == ()
    first, second = pen.count_thresholds
    assert (first.count, first.sanction, first.suspension_months, first.article) == (
        3, "suspension", 2, "Art. 38 I")
    assert (second.count, second.sanction, second.article) == (5, "revocation", "Art. 38 II")


def test_srm_art_37_cumulative_and_warning(p):
    """SRM Art. 37 §1º (penalties cumulative) and §3º (written warning, not by class)."""
    assert p.penalties.simultaneous_each_count is True
    assert p.penalties.warning_for_classes == ()
    assert p.penalties.warning_article == "Art. 37 §3º"
    assert not any(c.recidivism_double for c in p.penalties.classes)


def test_srm_art_38_cassation_bar(p):
    """SRM Art. 38 §1º: no new permit for 2 years after cassation."""
    assert p.permit.cassation_bar_years == 2
    assert p.permit.cassation_bar_forever is False


# --- Arts. 35, 48, 49: defence, appeal, impound ---------------------------------------------

def test_srm_art_35_and_49_deadlines(p):
    """SRM Art. 35 §1º defence 10 days; Art. 35 §2º accepted defence voids; Art. 49 appeal 10 days."""
    d = p.defence
    assert d.defence_days == 10 and d.business_days is False
    assert d.appeal_days == 10
    assert d.accepted_defence_article == "Art. 35 §2º"
    assert d.defence_article == "Art. 35 §1º"
    assert d.appeal_article == "Art. 49"


def test_srm_art_48_storage(p):
    """SRM Art. 48: estadia 0,20 UFM por dia; Art. 46: release after fines, removal, storage."""
    assert p.impound.storage_fee_units_per_day == Decimal("0.20")
    assert p.impound.release_requires == ("fines", "removal", "storage")


# --- Art. 47: fees --------------------------------------------------------------------------

def test_srm_art_47_fees(p):
    """SRM Art. 47 I–IX: preços de expedição em UFM."""
    expected = {
        "card": ("1", "Art. 47 I"), "aux_card": ("1", "Art. 47 II"),
        "inspection": ("1", "Art. 47 III"), "stand_change": ("3", "Art. 47 IV"),
        "stand_open": ("4", "Art. 47 V"), "stand_extension_open": ("3", "Art. 47 VI"),
        "stand_relocation": ("3", "Art. 47 VII"),
        "stand_responsibility_transfer": ("4", "Art. 47 VIII"),
        "permit_transfer": ("15", "Art. 47 IX"),
    }
    assert set(p.fees) == set(expected)
    for code, (units, article) in expected.items():
        assert p.fees[code].code == code
        assert p.fees[code].units == Decimal(units)
        assert p.fees[code].article == article


# --- numbers of the DOMAIN table ------------------------------------------------------------

def test_srm_art_8_cap(p):
    """SRM Art. 8: até 1 permissão para cada 300 habitantes."""
    assert p.cap.inhabitants_per_permit == 300
    assert p.cap.article == "Art. 8"


def test_srm_art_20_holder(p):
    """SRM Art. 20 I and III: 21 years; CNH cat. A for 2 years with EAR."""
    h = p.holder
    assert (h.min_age, h.cnh_category, h.cnh_min_years, h.ear_required) == (21, "A", 2, True)


def test_srm_art_4_and_51_permit(p):
    """SRM Art. 4 §2º one permit per person; Art. 51 five years; Art. 15 I four-digit number."""
    assert p.permit.max_per_person == 1
    assert p.permit.validity_months == 60
    assert p.permit.validity_article == "Art. 51"
    assert p.permit.order_number_digits == 4


def test_srm_art_4_9_transfer(p):
    """SRM Art. 4 §9º I–II: transfer after 3 years, transferor barred; fee Art. 47 IX."""
    t = p.transfer
    assert (t.allowed, t.min_years_held, t.transferor_barred) == (True, 3, True)
    assert t.fee_key == "permit_transfer"


def test_srm_art_29_interruption(p):
    """SRM Art. 29: up to 30 days a year, extendable once by the same period."""
    i = p.interruption
    assert (i.allowed, i.max_days, i.per_year, i.extensions) == (True, 30, True, 1)


def test_srm_art_19_and_16_vehicle(p):
    """SRM Art. 19: 6 years, 30 days to replace (§2º); Art. 16: 125–300 cc; Art. 20 XVI: R$ 10.000."""
    v = p.vehicle
    assert v.max_age_years == 6 and v.max_age_at_grant_only is False
    assert v.replacement_grace_days == 30
    assert (v.cc_min, v.cc_max) == (125, 300)
    assert v.insurance_min_cover_per_person == Decimal("10000.00")


def test_srm_art_22_stand(p):
    """SRM Art. 22 §1º: 5 to 10 motorcycles, max may be raised; Art. 20 XVIII: 12 months; Art. 36 XL: 100 m."""
    s = p.stand
    assert (s.min_vehicles, s.max_vehicles, s.max_may_be_raised) == (5, 10, True)
    assert s.change_min_months == 12
    assert s.min_distance_m == 100
    assert s.change_fee_key == "stand_change"


def test_srm_art_21_and_23_auxiliary(p):
    """SRM Art. 23 III: 1 auxiliary driver per vehicle; Art. 21: re-credential every year."""
    assert p.auxiliary.allowed is True
    assert p.auxiliary.max_per_vehicle == 1
    assert p.auxiliary.recredential_months == 12


def test_srm_art_17_inspection(p):
    """SRM Art. 17: annual vistoria, semiannual inspection; §1º permit up to date and no debts."""
    i = p.inspection
    assert i.annual is True and i.semiannual is True
    assert i.requires_permit_up_to_date is True and i.requires_no_debts is True
    assert i.missed_summons_cassation is False


def test_srm_art_15_and_23_inspection_items(p):
    """SRM Art. 15 I–VII and Art. 23 VI a–d: the inspection checklist."""
    items = {i.code: i for i in p.inspection.items}
    assert len(items) == 11
    assert items["alca-metalica"].article == "Art. 15 II"
    assert items["mata-cachorro"].article == "Art. 15 III"
    assert items["cor-numero-permissao"].kind == "annual"
    assert items["colete-retrorrefletivo"].article == "Art. 23 VI a"
    assert "passageiro" in items["capacete-touca-passageiro"].text
    assert {i.kind for i in p.inspection.items} <= {"annual", "semiannual", "both"}


def test_srm_art_50_debts(p):
    """SRM Art. 50: debts block every request, renewal included."""
    assert p.debts.block_requests is True and p.debts.blocks_renewal is True


# --- applications and checklists --------------------------------------------------------------

def test_srm_all_application_types_allowed(p):
    """SRM: the law forbids none of the counter's application types (Arts. 4 §9º, 12, 19, 20, 21, 29)."""
    types = ("new_permit", "renewal", "transfer", "vehicle_substitution", "stand_change",
             "interruption", "withdrawal", "auxiliary_driver", "card_second_copy")
    for t in types:
        app = p.application(t)
        assert app.allowed is True, t
        assert app.checklist, t
        assert not app.fee_key or app.fee_key in p.fees, t


def test_srm_art_20_new_permit_checklist(p):
    """SRM Art. 20 I–XIX: the 19 requirements of the permit holder."""
    app = p.application("new_permit")
    assert app.article == "Art. 20"
    assert [c.article for c in app.checklist] == [f"Art. 20 {_roman(n)}" for n in range(1, 20)]
    items = {c.code: c for c in app.checklist}
    assert "21 (vinte e um) anos" in items["idade-minima"].text
    assert "2 (dois) anos" in items["cnh"].text and "EAR" in items["cnh"].text
    assert "60 (sessenta) dias" in items["comprovante-endereco"].text
    assert "R$ 10.000,00" in items["seguro"].text and "SUSEP" in items["seguro"].text
    assert "fator RH" in items["tipo-sanguineo"].text
    assert items["outras-exigencias"].mandatory is False


def test_srm_art_21_auxiliary_checklist(p):
    """SRM Art. 21: auxiliary driver requirements; fee Art. 47 II."""
    app = p.application("auxiliary_driver")
    assert app.fee_key == "aux_card"
    items = {c.code: c for c in app.checklist}
    assert items["idade-minima"].article == "Art. 21 I"
    assert items["cnh"].article == "Art. 21 II"
    assert "datadas" in items["fotografias"].text
    assert "proprietario-veiculo" not in items          # only the holder must own the vehicle


def test_srm_art_4_9_transfer_checklist(p):
    """SRM Art. 4 §9º I: the 3-year minimum is on the transfer checklist; fee Art. 47 IX."""
    app = p.application("transfer")
    assert app.fee_key == "permit_transfer"
    items = {c.code: c for c in app.checklist}
    assert items["prazo-minimo"].article == "Art. 4 §9º I"
    assert items["obito-invalidez"].mandatory is False  # Art. 4 §8º, only on death or disability


def test_srm_art_19_vehicle_substitution_checklist(p):
    """SRM Art. 19 §3º: the replaced vehicle must be fully de-characterised."""
    items = {c.code: c for c in p.application("vehicle_substitution").checklist}
    assert items["descaracterizacao"].article == "Art. 19 §3º"
    assert items["vida-util-novo"].article == "Art. 19 §1º"


def test_srm_art_20_xviii_stand_change(p):
    """SRM Art. 20 XVIII: stand change after 12 months; fee Art. 47 IV."""
    app = p.application("stand_change")
    assert app.fee_key == "stand_change"
    assert app.checklist[0].article == "Art. 20 XVIII"

"""Vehicles: registration, insurance, substitution, PF replacement declaration, age status."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain import vehicle_rules
from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import permit_history
from mototaxi_desk.services.register import vehicles
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, Permit, Vehicle

from ..conftest import L1745, PF, SRM, row_counts
from . import fleet_helpers as h
from .fleet_helpers import ON






# --- registration -------------------------------------------------------------------------

@pytest.mark.parametrize("profile_id, limit, deadline, due", [
    # SRM Art. 19: 6 years; §2º: 30 days to present the new one
    (SRM, dt.date(2030, 12, 31), dt.date(2031, 1, 30), None),
    # PF Art. 17: 5 years; §4º declaration 180 days before; §5º 30 days after
    (PF, dt.date(2029, 12, 31), dt.date(2030, 1, 30), dt.date(2029, 7, 4)),
    # L1745 Art. 2 §2º III: 5 years at grant only, no forced replacement
    (L1745, dt.date(2029, 12, 31), None, None),
])
def test_register_vehicle_returns_age_dates_and_audits(make_municipio, profile_id, limit,
                                                        deadline, due):
    make_municipio(profile_id, today=ON)
    owner = h.person()
    result = vehicles.register_vehicle(h.clerk(), owner, h.vehicle_data(
        plate="abc-1234", manufacture_year=2024, model_year=2025), on=ON)
    assert (result["age_limit"], result["replacement_deadline"], result["declaration_due"]) == (
        limit, deadline, due)
    row = Vehicle.get_by_id(result["id"])
    assert (row.plate, row.plate_original, row.owner_id) == ("ABC1C34", "ABC-1234", owner)
    assert row.insurance_cover_cents == 1_000_000
    assert row.insurance_expiry == dt.date(2027, 5, 1)
    log = AuditLog.get(AuditLog.action == "vehicle.register")
    assert log.entity == "vehicle" and json.loads(log.after)["plate"] == "ABC1C34"


def test_old_motorcycle_may_be_registered_with_a_warning(srm):
    """SRM Art. 19: the limit stops service, not registration."""
    result = vehicles.register_vehicle(h.clerk(), h.person(), h.vehicle_data(
        manufacture_year=2015, model_year=2015), on=ON)
    assert result["age_limit"] == dt.date(2021, 12, 31)
    assert any("Art. 19" in w for w in result["warnings"])


@pytest.mark.parametrize("first, second", [("ABC-1234", "ABC1C34"), ("ABC1C34", "abc 1234")])
def test_duplicate_plate_in_the_other_format_is_refused(srm, first, second):
    owner = h.person()
    h.vehicle(owner, plate=first)
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        vehicles.register_vehicle(h.clerk(), owner, h.vehicle_data(plate=second), on=ON)
    assert err.value.field == "Placa" and "já está cadastrad" in str(err.value)
    assert row_counts() == before


@pytest.mark.parametrize("key, label", [("renavam", "RENAVAM"), ("chassis", "Chassi")])
def test_duplicate_renavam_or_chassis_is_refused(srm, key, label):
    owner = h.person()
    data = h.vehicle_data()
    h.vehicle(owner, **{key: data[key]})
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        vehicles.register_vehicle(h.clerk(), owner, data, on=ON)
    assert err.value.field == label and "já está cadastrado" in str(err.value)
    assert row_counts() == before


@pytest.mark.parametrize("changes, label", [
    ({"plate": "AB-12"}, "Placa"),
    ({"plate": "ABC-12345"}, "Placa"),
    ({"renavam": "12345678901"}, "RENAVAM"),                # check digit wrong
    ({"renavam": "1234"}, "RENAVAM"),
    ({"chassis": "9C2KC1670IR000001"}, "Chassi"),           # I is not in a VIN
    ({"chassis": "9C2KC16"}, "Chassi"),
    ({"manufacture_year": 2027, "model_year": 2027}, "Ano de fabricação"),  # in the future
    ({"manufacture_year": 1900}, "Ano de fabricação"),
    ({"model_year": 2026}, "Ano do modelo"),                # 2024 + 2
    ({"model_year": 2023}, "Ano do modelo"),
    ({"cc": "abc"}, "Cilindradas"),
    ({"cc": "0"}, "Cilindradas"),
    ({"make": "x" * 500}, "Marca"),
    ({"model": ""}, "Modelo"),
    ({"colour": "Azul\x00"}, "Cor"),
    ({"insurance_cover": "dez mil"}, "Cobertura do seguro"),
    ({"insurance_expiry": "31/02/2027"}, "Vencimento do seguro"),
    ({"insurer": "S" * 81}, "Seguradora"),
    ({"wheels": 2}, "wheels"),
])
def test_bad_vehicle_input_names_the_field_and_writes_nothing(srm, changes, label):
    owner = h.person()
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        vehicles.register_vehicle(h.clerk(), owner, h.vehicle_data(**changes), on=ON)
    assert label in err.value.field
    assert row_counts() == before


def test_owner_must_exist_and_role_is_checked(srm):
    before = row_counts()
    with pytest.raises(ValidationError, match="Pessoa"):
        vehicles.register_vehicle(h.clerk(), 999, h.vehicle_data(), on=ON)
    with pytest.raises(PermissionDenied):
        vehicles.register_vehicle(h.FISCAL, h.person(), h.vehicle_data(), on=ON)
    assert Vehicle.select().count() == before["Vehicle"]


def test_update_insurance_is_audited_and_bad_money_writes_nothing(srm):
    vid = h.vehicle(h.person(), insurance_cover="5.000,00")
    result = vehicles.update_insurance(h.clerk(), vid, {"insurance_cover": "12.500,50",
                                                        "insurance_expiry": "10/10/2027"}, on=ON)
    assert result["insurance_cover_cents"] == 1_250_050
    assert result["insurance_cover_text"] == "R$ 12.500,50"
    log = AuditLog.get(AuditLog.action == "vehicle.insurance")
    assert json.loads(log.before)["insurance_cover_cents"] == 500_000
    before = row_counts()
    with pytest.raises(ValidationError, match="Cobertura do seguro"):
        vehicles.update_insurance(h.clerk(), vid, {"insurance_cover": "-3"}, on=ON)
    assert row_counts() == before
    assert Vehicle.get_by_id(vid).insurance_cover_cents == 1_250_050


def test_facts_carry_what_the_rules_need(srm):
    vid = h.vehicle(h.person(), manufacture_year=2023, model_year=2023, cc=150)
    facts = vehicles.facts(Vehicle.get_by_id(vid))
    assert isinstance(facts, vehicle_rules.VehicleFacts)
    assert (facts.manufacture_year, facts.cc, facts.insurance_cover_cents) == (2023, 150,
                                                                               1_000_000)


# --- substitution -------------------------------------------------------------------------

def test_substitution_replaces_vehicle_deactivates_old_and_writes_history(srm):
    """SRM Art. 19 §2º: the old motorcycle is replaced by a newer one."""
    holder, old_id, permit = h.holder_with_permit(year=2021)
    new_id = h.vehicle(holder, manufacture_year=2025, model_year=2025)
    result = vehicles.substitute(h.clerk(), permit.id, new_id, on=ON)
    assert Permit.get_by_id(permit.id).vehicle_id == new_id
    assert not Vehicle.get_by_id(old_id).active and Vehicle.get_by_id(new_id).active
    line = permit_history.history(permit.id)[-1]
    assert line["action"] == "vehicle_substitution"
    assert line["details"]["old_plate"] == result["old_plate"]
    assert line["details"]["new_plate"] == Vehicle.get_by_id(new_id).plate_original
    assert AuditLog.select().where(AuditLog.action == "vehicle.substitute").count() == 1


@pytest.mark.parametrize("profile_id, article", [(PF, "Art. 17"), (L1745, "Art. 11")])
def test_substitution_only_by_a_newer_vehicle(make_municipio, profile_id, article):
    """PF Art. 17 §1º, L1745 Art. 11: the new vehicle must be newer."""
    make_municipio(profile_id, today=ON)
    holder, _, permit = h.holder_with_permit(year=2024)
    same_year = h.vehicle(holder, manufacture_year=2024, model_year=2024)
    before = row_counts()
    with pytest.raises(RuleRefusal) as err:
        vehicles.substitute(h.clerk(), permit.id, same_year, on=ON, act_number="Portaria 1/2026")
    assert "mais recente" in str(err.value) and article in err.value.article
    assert row_counts() == before


def test_pf_substitution_needs_equal_capacity(pf):
    """PF Art. 17 §1º "igual capacidade": an engine smaller than the old one is refused."""
    holder, _, permit = h.holder_with_permit(year=2022, cc=160)
    smaller = h.vehicle(holder, manufacture_year=2025, model_year=2025, cc=150)
    with pytest.raises(RuleRefusal, match="igual capacidade"):
        vehicles.substitute(h.clerk(), permit.id, smaller, on=ON)
    bigger = h.vehicle(holder, manufacture_year=2025, model_year=2025, cc=200)
    assert vehicles.substitute(h.clerk(), permit.id, bigger, on=ON)["new_vehicle_id"] == bigger


def test_srm_substitution_needs_neither_newer_nor_equal_capacity(srm):
    """SRM Art. 19 §2º asks only for a vehicle within the age limit: same year and a
    smaller engine are fine."""
    holder, _, permit = h.holder_with_permit(year=2022, cc=160)
    same_year_smaller = h.vehicle(holder, manufacture_year=2022, model_year=2022, cc=125)
    result = vehicles.substitute(h.clerk(), permit.id, same_year_smaller, on=ON)
    assert result["new_vehicle_id"] == same_year_smaller


def test_l1745_substitution_needs_prior_authorisation(l1745):
    """L1745 Art. 11: "com prévia autorização": the act number is required."""
    holder, _, permit = h.holder_with_permit(year=2022)
    new_id = h.vehicle(holder, manufacture_year=2025, model_year=2025)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="autorização prévia") as err:
        vehicles.substitute(h.clerk(), permit.id, new_id, on=ON)
    assert err.value.article == "Art. 11"
    assert row_counts() == before
    vehicles.substitute(h.clerk(), permit.id, new_id, on=ON, act_number="Despacho 12/2026")
    assert permit_history.history(permit.id)[-1]["act_number"] == "Despacho 12/2026"


def test_l1745_substitute_vehicle_must_be_within_age_limit_as_at_grant(l1745):
    """L1745 Art. 11 + Art. 2 §2º III: the limit applies at entry into the service, and a
    substitution is an entry, so a 2020 motorcycle cannot come in in 2026 even though the
    limit never forces a serving vehicle out."""
    holder, _, permit = h.holder_with_permit(year=2018)
    too_old = h.vehicle(holder, manufacture_year=2020, model_year=2020)
    with pytest.raises(RuleRefusal) as err:
        vehicles.substitute(h.clerk(), permit.id, too_old, on=ON, act_number="D 1")
    assert err.value.article == "Art. 2 §2º III"


@pytest.mark.parametrize("profile_id, article", [(SRM, "Art. 19"), (PF, "Art. 17")])
def test_substitute_vehicle_past_the_age_limit_is_refused(make_municipio, profile_id, article):
    """SRM Art. 19 (6 years), PF Art. 17 (5 years)."""
    make_municipio(profile_id, today=ON)
    holder, _, permit = h.holder_with_permit(year=2015)
    old = h.vehicle(holder, manufacture_year=2019, model_year=2019)
    with pytest.raises(RuleRefusal, match="vida útil") as err:
        vehicles.substitute(h.clerk(), permit.id, old, on=ON)
    assert article in err.value.article


def test_srm_substitute_vehicle_must_fit_engine_and_insurance(srm):
    """SRM Art. 16 (125-300 cc) and Art. 20 XVI (insurance of R$ 10.000,00 per person)."""
    holder, _, permit = h.holder_with_permit(year=2021)
    big = h.vehicle(holder, manufacture_year=2025, model_year=2025, cc=500)
    with pytest.raises(RuleRefusal, match="500 cc") as err:
        vehicles.substitute(h.clerk(), permit.id, big, on=ON)
    assert err.value.article == "Art. 16"
    uninsured = h.vehicle(holder, manufacture_year=2025, model_year=2025,
                          insurance_cover="5.000,00")
    with pytest.raises(RuleRefusal, match="Seguro") as err:
        vehicles.substitute(h.clerk(), permit.id, uninsured, on=ON)
    assert err.value.article == "Art. 20 XVI"


def test_substitute_vehicle_must_be_the_holders_and_not_serve_another_permit(srm):
    holder, _, permit = h.holder_with_permit("Ana Souza", year=2021)
    other_holder, other_vehicle, _ = h.holder_with_permit("Bruno Lima", year=2025)
    with pytest.raises(RuleRefusal, match="propriedade do permissionário"):
        vehicles.substitute(h.clerk(), permit.id, other_vehicle, on=ON)
    # the holder's own new vehicle already serving another live permit (data error)
    mine = h.vehicle(holder, manufacture_year=2025, model_year=2025)
    h.permit(holder, mine)
    before = row_counts()
    with pytest.raises(DomainError, match="já serve a permissão"):
        vehicles.substitute(h.clerk(), permit.id, mine, on=ON)
    assert row_counts() == before


@pytest.mark.parametrize("status", ["expired", "revoked", "cassated", "withdrawn", "lapsed"])
def test_substitution_needs_a_live_permit(srm, status):
    holder, _, permit = h.holder_with_permit(year=2021, status=status)
    new_id = h.vehicle(holder, manufacture_year=2025, model_year=2025)
    with pytest.raises(DomainError, match="situação"):
        vehicles.substitute(h.clerk(), permit.id, new_id, on=ON)


@pytest.mark.parametrize("status", ["suspended", "interrupted"])
def test_substitution_allowed_for_suspended_or_interrupted_permit(srm, status):
    holder, _, permit = h.holder_with_permit(year=2021, status=status)
    new_id = h.vehicle(holder, manufacture_year=2025, model_year=2025)
    vehicles.substitute(h.clerk(), permit.id, new_id, on=ON)
    assert Permit.get_by_id(permit.id).vehicle_id == new_id


def test_out_of_service_vehicle_cannot_come_in(srm):
    holder, _, permit = h.holder_with_permit(year=2021)
    new_id = h.vehicle(holder, manufacture_year=2025, model_year=2025)
    Vehicle.update(out_of_service=True).where(Vehicle.id == new_id).execute()
    with pytest.raises(RuleRefusal, match="fora de serviço"):
        vehicles.substitute(h.clerk(), permit.id, new_id, on=ON)


# --- PF declaration, status -------------------------------------------------------------

def test_pf_replacement_declaration_is_recorded(pf):
    """PF Art. 17 §4º: declaration due 180 days before the age limit."""
    vid = h.vehicle(h.person(), manufacture_year=2021, model_year=2021)  # limit 31/12/2026
    result = vehicles.declare_replacement(h.clerk(), vid, on=ON)
    assert result["declaration_due"] == dt.date(2026, 7, 4) and not result["late"]
    assert Vehicle.get_by_id(vid).replacement_declared_on == ON
    assert AuditLog.select().where(AuditLog.action == "vehicle.declare_replacement").count() == 1
    with pytest.raises(DomainError, match="já foi declarada"):
        vehicles.declare_replacement(h.clerk(), vid, on=ON)


def test_pf_late_declaration_is_flagged(pf):
    vid = h.vehicle(h.person(), manufacture_year=2021, model_year=2021)
    result = vehicles.declare_replacement(h.clerk(), vid, on=dt.date(2026, 8, 1))
    assert result["late"]


@pytest.mark.parametrize("profile_id", [SRM, L1745])
def test_declaration_refused_where_the_law_has_none(make_municipio, profile_id):
    """Only PF Art. 17 §4º has the declaration."""
    make_municipio(profile_id, today=ON)
    vid = h.vehicle(h.person())
    before = row_counts()
    with pytest.raises(RuleRefusal, match="não prevê declaração"):
        vehicles.declare_replacement(h.clerk(), vid, on=ON)
    assert row_counts() == before


def test_srm_vehicle_status_around_the_limit(srm):
    """SRM Art. 19: a 2020 motorcycle serves through 31/12/2026; §2º: 30 more days."""
    vid = h.vehicle(h.person(), manufacture_year=2020, model_year=2020)
    before = vehicles.vehicle_status(vid, dt.date(2026, 12, 1))
    assert before["days_left"] == 30 and not before["past_limit"]
    during = vehicles.vehicle_status(vid, dt.date(2027, 1, 15))
    assert during["past_limit"] and during["must_be_replaced"]
    assert not during["past_replacement_deadline"]
    after = vehicles.vehicle_status(vid, dt.date(2027, 2, 1))
    assert after["past_replacement_deadline"] and not after["out_of_service"]


def test_l1745_vehicle_status_never_forces_replacement(l1745):
    """L1745 Art. 2 §2º III: the limit applies at grant only."""
    vid = h.vehicle(h.person(), manufacture_year=2020, model_year=2020)
    status = vehicles.vehicle_status(vid, dt.date(2026, 6, 1))
    assert status["past_limit"] and not status["must_be_replaced"]
    assert status["replacement_deadline"] is None and not status["past_replacement_deadline"]


def test_pf_vehicle_status_shows_overdue_declaration(pf):
    """PF Art. 17 §4º."""
    vid = h.vehicle(h.person(), manufacture_year=2021, model_year=2021)
    assert vehicles.vehicle_status(vid, dt.date(2026, 7, 5))["declaration_overdue"]
    assert not vehicles.vehicle_status(vid, dt.date(2026, 7, 4))["declaration_overdue"]


def test_pf_vehicle_of_someone_else_is_refused_citing_art_15_vii(pf):
    """PF Art. 15 VII: "sejam de propriedade do permissionário" — the grant is refused citing
    the vehicle's article, not the holder's requirements, and writes nothing."""
    from mototaxi_desk.services.licensing import permits
    holder, other = h.person("Titular"), h.person("Dono Da Moto")
    vehicle = h.vehicle(other, manufacture_year=2025, model_year=2025)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="propriedade do permissionário") as err:
        permits.grant_permit(h.admin(), holder_id=holder, vehicle_id=vehicle, on=ON)
    assert err.value.article == "Art. 15 VII" and row_counts() == before


def test_a_familys_vehicle_where_the_law_accepts_it(pf, monkeypatch):
    """A município whose law accepts the spouse's or a relative's vehicle (owner_rule
    "holder_or_family"): declared at the grant, kept for the yearly renewal (PF Art. 2 §3º),
    asked again at a substitution."""
    import dataclasses

    from mototaxi_desk.services.licensing import permits
    from mototaxi_desk.services import setup
    profile = setup.profile()
    family = dataclasses.replace(profile, vehicle=dataclasses.replace(
        profile.vehicle, owner_rule="holder_or_family", owner_article="Art. 99"))
    monkeypatch.setattr(setup, "profile", lambda on=None: family)
    holder, brother = h.person("Titular"), h.person("Irmão Dono")
    vehicle = h.vehicle(brother, manufacture_year=2025, model_year=2025)
    with pytest.raises(RuleRefusal, match="informe o parentesco") as err:
        permits.grant_permit(h.admin(), holder_id=holder, vehicle_id=vehicle, on=ON)
    assert err.value.article == "Art. 99"
    permit = permits.grant_permit(h.admin(), holder_id=holder, vehicle_id=vehicle, on=ON,
                                  owner_relation="irmao")
    assert permit_history.history(permit["id"])[0]["details"]["owner_relation"] == "irmao"
    renewed = permits.renew_permit(h.admin(), permit["id"], on=dt.date(2027, 4, 1))
    assert renewed["valid_until"] == dt.date(2028, 5, 31)
    newer = h.vehicle(brother, manufacture_year=2026, model_year=2026)
    with pytest.raises(RuleRefusal, match="informe o parentesco"):
        vehicles.substitute(h.clerk(), permit["id"], newer, on=dt.date(2027, 4, 2))
    vehicles.substitute(h.clerk(), permit["id"], newer, on=dt.date(2027, 4, 2),
                        owner_relation="irmao")

"""Stands (pontos): creation, places, changes, rosters; the maximum under concurrency."""
import datetime as dt
import json
import multiprocessing

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import auxiliary, permit_history
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.register import stands
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, Fee, Permit, Stand

from ..conftest import BACKENDS
from ..conftest import L1745, PF, PG_URL, SRM, row_counts
from . import fleet_helpers as h
from .fleet_helpers import ON

# two points in São Raimundo das Mangabeiras; 0.0009° of latitude is ~100 m
LAT, LON = "-7,021900", "-45,481100"





def new_stand(number=1, **data) -> dict:
    return stands.create_stand(h.admin(), {"number": number, "name": f"Ponto {number}",
                                           "location": "Praça da Matriz", **data}, on=ON)


def fill(stand_id, count, *, since=ON, start=1) -> list[Permit]:
    """Permits on positions start..start+count-1 of a stand."""
    return [h.permit(h.bare_person(f"Titular {i}"), stand=stand_id, stand_position=i,
                     stand_since=since) for i in range(start, start + count)]


def places(stand_id) -> list[int]:
    return sorted(p.stand_position for p in Permit.select().where(Permit.stand == stand_id))


# --- creating stands ----------------------------------------------------------------------

def test_srm_stand_gets_the_profile_limits_and_is_audited(srm):
    """SRM Art. 22 §1º: 5 to 10 motorcycles."""
    stand = new_stand(3, extension_point="Rua do Comércio, em frente ao nº 10")
    assert (stand["min_vehicles"], stand["max_vehicles"]) == (5, 10)
    assert stand["label"] == "Ponto 03" and stand["fees"] == []
    assert stand["below_minimum"] and not stand["full"]
    log = AuditLog.get(AuditLog.action == "stand.create")
    assert json.loads(log.after)["extension_point"].startswith("Rua do Comércio")


def test_srm_max_above_10_only_with_an_act(srm):
    """SRM Art. 22 §1º: the Secretaria may raise the maximum (the act is recorded)."""
    before = row_counts()
    with pytest.raises(RuleRefusal, match="depende de ato") as err:
        new_stand(max_vehicles=12)
    assert err.value.article == "Art. 22 §1º"
    assert row_counts() == before
    with pytest.raises(RuleRefusal, match="número e a data do ato"):
        new_stand(max_vehicles=12, max_raised_by_act="Portaria 7/2026")  # no date
    stand = new_stand(max_vehicles=12, max_raised_by_act="Portaria 7/2026",
                      max_act_date="02/03/2026")
    assert stand["max_vehicles"] == 12 and stand["max_raised_by_act"] == "Portaria 7/2026"
    assert stand["max_act_date"] == dt.date(2026, 3, 2)


def test_srm_min_below_5_is_refused(srm):
    """SRM Art. 22 §1º: at least 5 motorcycles."""
    with pytest.raises(RuleRefusal, match="no mínimo 5"):
        new_stand(min_vehicles=3)
    with pytest.raises(RuleRefusal, match="no mínimo 5"):
        new_stand(max_vehicles=4)


@pytest.mark.parametrize("profile_id, article", [(L1745, "Art. 5"), (PF, "Art. 7")])
def test_max_is_required_where_the_law_sets_it_per_stand(make_municipio, profile_id, article):
    """L1745 Art. 5: the number of vehicles is fixed for each stand (PF leaves it to the
    regulation, Art. 7 §1º)."""
    make_municipio(profile_id, today=ON)
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        new_stand()
    assert err.value.field == "Máximo de motocicletas" and article in str(err.value)
    assert row_counts() == before
    stand = new_stand(max_vehicles=25)
    assert (stand["min_vehicles"], stand["max_vehicles"]) == (0, 25)
    assert not stand["below_minimum"]


def test_srm_stand_closer_than_100_m_to_another_is_refused(srm):
    """SRM Art. 31 XVIII / Art. 36 XL: 100 m from other mototaxi stands."""
    new_stand(1, latitude=LAT, longitude=LON)
    before = row_counts()
    with pytest.raises(RuleRefusal) as err:
        new_stand(2, latitude="-7.022350", longitude="-45.481100")  # ~50 m south
    assert "Ponto 01" in str(err.value) and "100 m" in str(err.value)
    assert row_counts() == before
    assert new_stand(3, latitude="-7.022900", longitude="-45.481100")["number"] == 3  # ~111 m
    assert new_stand(4)["latitude"] is None  # without coordinates nothing to compare


def test_inactive_stand_does_not_count_for_distance(srm):
    first = new_stand(1, latitude=LAT, longitude=LON)
    Stand.update(active=False).where(Stand.id == first["id"]).execute()
    new_stand(2, latitude="-7.022000", longitude="-45.481100")


@pytest.mark.parametrize("profile_id", [PF, L1745])
def test_no_minimum_distance_where_the_law_sets_none(make_municipio, profile_id):
    make_municipio(profile_id, today=ON)
    new_stand(1, latitude=LAT, longitude=LON, max_vehicles=5)
    new_stand(2, latitude="-7.021950", longitude="-45.481100", max_vehicles=5)  # ~6 m


@pytest.mark.parametrize("data, label", [
    ({"latitude": LAT}, "Longitude"),
    ({"longitude": LON}, "Latitude"),
    ({"latitude": "95", "longitude": LON}, "Latitude"),
    ({"latitude": LAT, "longitude": "-181"}, "Longitude"),
    ({"latitude": "sete sul", "longitude": LON}, "Latitude"),
    ({"latitude": "NaN", "longitude": LON}, "Latitude"),
    ({"name": "P" * 500}, "Nome do ponto"),
    ({"location": ""}, "Localização"),
    ({"extension_point": "x" * 201}, "Ponto de extensão"),
    ({"number": "três"}, "Número do ponto"),
    ({"max_vehicles": "-1"}, "Máximo de motocicletas"),
    ({"min_vehicles": "8", "max_vehicles": "7"}, "Mínimo de motocicletas"),
    ({"colour": "azul"}, "colour"),
])
def test_bad_stand_input_names_the_field_and_writes_nothing(srm, data, label):
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        new_stand(**data)
    assert err.value.field == label
    assert row_counts() == before


def test_duplicate_stand_number_and_role(srm):
    new_stand(7)
    before = row_counts()
    with pytest.raises(ValidationError, match="Ponto 07 já existe"):
        new_stand(7)
    with pytest.raises(PermissionDenied):
        stands.create_stand(h.clerk(), {"number": 8, "name": "X", "location": "Y"}, on=ON)
    assert row_counts() == before


def test_srm_opening_fees_charged_to_the_responsible_person(srm):
    """SRM Art. 47 V (open a stand: 4 UFM) and VI (extension: 3 UFM), UFM = R$ 48,26."""
    responsible = h.bare_person("Responsável do Ponto")
    stand = new_stand(responsible_id=responsible, extension_point="Av. Principal")
    assert [(f["code"], f["amount_cents"]) for f in stand["fees"]] == [
        ("stand_open", 19_304), ("stand_extension_open", 14_478)]
    assert Fee.select().where(Fee.person == responsible).count() == 2
    assert stand["responsible_name"] == "Responsável do Ponto"


def test_srm_debts_block_opening_a_stand(srm):
    """SRM Art. 50: debts block every request."""
    responsible = h.bare_person("Devedor")
    new_stand(1, responsible_id=responsible)  # leaves the 4 UFM fee open
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos em aberto") as err:
        new_stand(2, responsible_id=responsible)
    assert err.value.article == "Art. 50"
    assert row_counts() == before


def test_l1745_charges_nothing_for_opening(l1745):
    """L1745 has no stand-opening fee (Art. 8 lists only the permit and its transfer)."""
    stand = new_stand(responsible_id=h.bare_person("Resp"), max_vehicles=6)
    assert stand["fees"] == [] and Fee.select().count() == 0


# --- places -------------------------------------------------------------------------------

def test_assign_takes_the_lowest_free_position_and_writes_history(srm):
    stand = new_stand()
    fill(stand["id"], 1, start=1)
    fill(stand["id"], 1, start=3)
    _, _, permit = h.holder_with_permit()
    place = stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON)
    assert place["position"] == 2 and place["since"] == ON
    row = Permit.get_by_id(permit.id)
    assert (row.stand_id, row.stand_position, row.stand_since) == (stand["id"], 2, ON)
    line = permit_history.history(permit.id)[-1]
    assert line["action"] == "stand_assign" and line["details"]["position"] == 2
    assert AuditLog.select().where(AuditLog.action == "permit.stand_assign").count() == 1


def test_assign_at_a_given_position(srm):
    stand = new_stand()
    taken = fill(stand["id"], 1, start=4)[0]
    _, _, permit = h.holder_with_permit()
    before = row_counts()
    with pytest.raises(DomainError, match=f"ocupada pela permissão nº {taken.order_number}"):
        stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON, position=4)
    with pytest.raises(ValidationError, match="posições de 1 a 10"):
        stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON, position=11)
    assert row_counts() == before
    assert stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON,
                                position="7")["position"] == 7


def test_srm_full_stand_is_refused(srm):
    """SRM Art. 22 §1º: at most 10 motorcycles per stand."""
    stand = new_stand(3)
    fill(stand["id"], 10)
    _, _, permit = h.holder_with_permit()
    before = row_counts()
    with pytest.raises(RuleRefusal) as err:
        stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON)
    assert str(err.value) == "Ponto 03 já tem 10 motocicletas (máximo, Art. 22 §1º)"
    assert err.value.article == "Art. 22 §1º"
    assert row_counts() == before


def test_l1745_full_stand_uses_its_own_maximum(l1745):
    """L1745 Art. 5: the stand's own number."""
    stand = new_stand(max_vehicles=2)
    fill(stand["id"], 2)
    _, _, permit = h.holder_with_permit()
    with pytest.raises(RuleRefusal, match=r"já tem 2 motocicletas \(máximo, Art. 5\)"):
        stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON)


def test_unique_index_refuses_a_place_taken_behind_our_back(srm, monkeypatch):
    """What keeps the maximum when the read was stale: the unique (stand, position) index."""
    stand = new_stand()
    Stand.update(max_vehicles=1).where(Stand.id == stand["id"]).execute()
    fill(stand["id"], 1)
    _, _, permit = h.holder_with_permit()
    monkeypatch.setattr(stands, "_occupied", lambda stand_id: {})  # a stale read: all free
    before = row_counts()
    with pytest.raises(RuleRefusal, match="já tem 1 motocicletas"):
        stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON)
    assert row_counts() == before and places(stand["id"]) == [1]


@pytest.mark.parametrize("status", Permit.ENDED)
def test_ended_permit_cannot_take_a_place(srm, status):
    stand = new_stand()
    _, _, permit = h.holder_with_permit(status=status)
    with pytest.raises(DomainError, match="encerrada"):
        stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON)


def test_permit_already_on_a_stand_must_use_change(srm):
    first, second = new_stand(1), new_stand(2)
    _, _, permit = h.holder_with_permit()
    stands.assign_permit(h.clerk(), permit.id, first["id"], on=ON)
    with pytest.raises(DomainError, match="já está no Ponto 01"):
        stands.assign_permit(h.clerk(), permit.id, second["id"], on=ON)


def test_release_frees_the_place_for_the_next(srm):
    stand = new_stand()
    Stand.update(max_vehicles=1).where(Stand.id == stand["id"]).execute()
    _, _, permit = h.holder_with_permit()
    stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON)
    result = stands.release_place(h.clerk(), permit.id, on=ON, reason="Permissão cassada")
    assert result == {"permit_id": permit.id, "released": True, "stand_id": stand["id"],
                      "stand_number": 1, "position": 1}
    row = Permit.get_by_id(permit.id)
    assert (row.stand_id, row.stand_position, row.stand_since) == (None, None, None)
    line = permit_history.history(permit.id)[-1]
    assert line["action"] == "stand_release" and line["reason"] == "Permissão cassada"
    assert stands.release_place(h.clerk(), permit.id, on=ON)["released"] is False
    _, _, other = h.holder_with_permit("Outro Titular")
    assert stands.assign_permit(h.clerk(), other.id, stand["id"], on=ON)["position"] == 1


# --- changes ------------------------------------------------------------------------------

def test_srm_change_only_after_12_months_with_fee(srm):
    """SRM Art. 20 XVIII: 12 months at the stand; Art. 47 IV: 3 UFM."""
    old, new = new_stand(1), new_stand(2)
    holder, _, permit = h.holder_with_permit(stand=old["id"], stand_position=1,
                                             stand_since=dt.date(2025, 6, 2))
    before = row_counts()
    with pytest.raises(RuleRefusal) as err:
        stands.change_stand(h.clerk(), permit.id, new["id"], on=ON)
    assert "12 meses" in str(err.value) and "02/06/2026" in str(err.value)
    assert err.value.article == "Art. 20 XVIII"
    assert row_counts() == before
    later = dt.date(2026, 6, 2)
    result = stands.change_stand(h.clerk(), permit.id, new["id"], on=later)
    assert (result["stand_number"], result["position"], result["old_stand_number"]) == (2, 1, 1)
    assert result["fee"]["code"] == "stand_change" and result["fee"]["amount_cents"] == 14_478
    row = Permit.get_by_id(permit.id)
    assert (row.stand_id, row.stand_since) == (new["id"], later)
    line = permit_history.history(permit.id)[-1]
    assert line["action"] == "stand_change"
    assert (line["details"]["old_stand_number"], line["details"]["new_stand_number"]) == (1, 2)
    assert places(old["id"]) == []
    assert fees.open_debts(holder)[0]["permit_id"] == permit.id


def test_srm_debts_block_the_change(srm):
    """SRM Art. 50."""
    old, new = new_stand(1), new_stand(2)
    holder, _, permit = h.holder_with_permit(stand=old["id"], stand_position=1,
                                             stand_since=dt.date(2024, 1, 1))
    fees.charge(h.clerk(), holder, "inspection", on=ON)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos em aberto") as err:
        stands.change_stand(h.clerk(), permit.id, new["id"], on=ON)
    assert err.value.article == "Art. 50"
    assert row_counts() == before


def test_srm_change_into_a_full_stand_is_refused(srm):
    """SRM Art. 22 §1º: the new stand's maximum."""
    old, new = new_stand(1), new_stand(2)
    fill(new["id"], 10)
    _, _, permit = h.holder_with_permit(stand=old["id"], stand_position=1,
                                        stand_since=dt.date(2024, 1, 1))
    before = row_counts()
    with pytest.raises(RuleRefusal, match=r"Ponto 02 já tem 10 motocicletas \(máximo, Art. 22"):
        stands.change_stand(h.clerk(), permit.id, new["id"], on=ON)
    assert row_counts() == before


def test_l1745_change_only_into_a_vacancy_any_time_10_ufica(l1745):
    """L1745 Art. 15: "desde que haja vaga", fee of 10 UFICA; no minimum time."""
    old, new = new_stand(1, max_vehicles=5), new_stand(2, max_vehicles=1)
    fill(new["id"], 1)
    _, _, permit = h.holder_with_permit(stand=old["id"], stand_position=1, stand_since=ON)
    before = row_counts()
    with pytest.raises(RuleRefusal) as err:
        stands.change_stand(h.clerk(), permit.id, new["id"], on=ON)
    assert err.value.article == "Art. 15" and "Ponto 02 já tem 1 motocicletas" in str(err.value)
    assert row_counts() == before
    Stand.update(max_vehicles=2).where(Stand.id == new["id"]).execute()
    result = stands.change_stand(h.clerk(), permit.id, new["id"], on=ON)
    assert result["position"] == 2 and result["fee"]["amount_cents"] == 48_260


def test_pf_has_no_stand_change(pf):
    """PF: stands are set by the Secretaria (Art. 10); no change request."""
    old, new = new_stand(1, max_vehicles=5), new_stand(2, max_vehicles=5)
    _, _, permit = h.holder_with_permit(stand=old["id"], stand_position=1,
                                        stand_since=dt.date(2020, 1, 1))
    before = row_counts()
    with pytest.raises(RuleRefusal, match="não prevê") as err:
        stands.change_stand(h.clerk(), permit.id, new["id"], on=ON)
    assert err.value.article == "Art. 10"
    assert row_counts() == before


def test_change_to_the_same_stand_or_without_a_stand(srm):
    stand = new_stand(1)
    _, _, placed = h.holder_with_permit(stand=stand["id"], stand_position=1,
                                        stand_since=dt.date(2020, 1, 1))
    with pytest.raises(ValidationError, match="já está no Ponto 01"):
        stands.change_stand(h.clerk(), placed.id, stand["id"], on=ON)
    _, _, loose = h.holder_with_permit("Sem Ponto")
    with pytest.raises(DomainError, match="não está em nenhum ponto"):
        stands.change_stand(h.clerk(), loose.id, stand["id"], on=ON)


# --- rosters ------------------------------------------------------------------------------

def test_roster_lists_every_place_with_holder_plate_auxiliary(srm):
    stand = new_stand(5)
    holder, vehicle_id, permit = h.holder_with_permit("Maria das Dores")
    stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON, position=2)
    aux_person = h.person("Joaquim Auxiliar")
    auxiliary.credential(h.clerk(), permit.id, aux_person, on=ON)
    roster = stands.roster(stand["id"], on=ON)
    assert [p["position"] for p in roster["places"]] == list(range(1, 11))
    place = roster["places"][1]
    assert place["holder_name"] == "Maria das Dores"
    assert place["order_number"] == permit.order_number
    assert place["plate"] == Permit.get_by_id(permit.id).vehicle.plate_original
    assert place["auxiliary_name"] == "Joaquim Auxiliar" and place["since"] == ON
    assert roster["places"][0]["permit_id"] is None
    assert (roster["count"], roster["free"], roster["below_minimum"], roster["full"]) == (
        1, 9, True, False)
    # an expired credential is not shown as driving there
    assert stands.roster(stand["id"], on=dt.date(2027, 6, 2))["places"][1]["auxiliary_name"] == ""


def test_list_stands_counts_and_flags(srm):
    a, b, c = new_stand(1), new_stand(2), new_stand(3)
    fill(a["id"], 10)
    fill(b["id"], 5)
    listed = stands.list_stands(on=ON)
    assert [(s["number"], s["count"], s["free"], s["full"], s["below_minimum"])
            for s in listed] == [(1, 10, 0, True, False), (2, 5, 5, False, False),
                                 (3, 0, 10, False, True)]
    assert c["id"] == listed[2]["id"]


# --- concurrency (PostgreSQL) -------------------------------------------------------------

@pytest.mark.skipif(not PG_URL, reason="MOTOTAXI_TEST_PG não definido")
@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # skipped without a server
@pytest.mark.parametrize("lock", [True, False], ids=["row-lock", "unique-index-only"])
def test_concurrent_counters_never_exceed_the_maximum(db_url, make_municipio, lock):
    """SRM Art. 22 §1º under concurrency: four counters (separate processes, separate
    connections) take the last place of a stand at the same moment; exactly one gets it.
    Without the row lock the unique index alone still keeps the maximum."""
    make_municipio(SRM, today=ON)
    stand = new_stand()
    fill(stand["id"], 9)
    contenders = [h.permit(h.bare_person(f"Concorrente {i}")).id for i in range(4)]
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(len(contenders)), ctx.Queue()
    workers = [ctx.Process(target=h.assign_in_another_process,
                           args=(db_url, permit_id, stand["id"], barrier, results, lock))
               for permit_id in contenders]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=90) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    results.close()
    results.join_thread()
    assert [o for o in outcomes if o[0] == "error"] == []
    winners = [o for o in outcomes if o[0] == "ok"]
    assert len(winners) == 1 and winners[0][2] == 10
    assert all("Ponto 01 já tem 10 motocicletas (máximo, Art. 22 §1º)" == o[2]
               for o in outcomes if o[0] == "refused")
    assert places(stand["id"]) == list(range(1, 11))
    assert Permit.get_by_id(winners[0][1]).stand_id == stand["id"]

"""Two or more counters doing the same action at the same moment (issue 8, part 6).

Each test starts 4 processes (spawn), each with its own connection — on PostgreSQL several
sessions, on SQLite several processes on one file — and makes them attempt the action in
rounds that start together (a barrier before every round). Afterwards: numbers unique and
gap-free (protocols, permit order numbers, sticker serials, notice numbers, print copies),
limits kept (stand maximum, permit cap, one permit per person, one open waiting-list entry
per person), and the losers got a clear refusal, never a database error."""
import datetime as dt

import pytest

from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.licensing import permit_history
from mototaxi_desk.services.register import stands
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.services.licensing.permits import grant_permit
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import (Application, AuditLog, AuxiliaryDriver, Fee,
                                        InfractionNotice, PenaltyCharge, Permit, PermitHistory,
                                        PrintLog, Sticker, User, WaitingListEntry)

from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle
from .concurrency_workers import ACTIONS, TODAY, CounterPool
from .ledger_helpers import FISCAL, holder_permit

WORKERS = 4
SURNAMES = ("Silva", "Sousa", "Costa", "Lima", "Rocha", "Alves", "Gomes", "Ramos", "Pinto",
            "Moura", "Dias", "Reis", "Melo", "Neves", "Cunha", "Brito")


@pytest.fixture(scope="module")
def counters():
    pool = CounterPool(WORKERS)
    yield pool
    pool.close()


def _done(outcomes) -> list:
    return [value for worker in outcomes for kind, value in worker if kind == "done"]


def _refused(outcomes) -> list[str]:
    return [value for worker in outcomes for kind, value in worker if kind == "refused"]


def _per_round(outcomes) -> list[list[tuple]]:
    return [list(attempts) for attempts in zip(*outcomes)]


def _holder(name: str) -> tuple[dict, dict]:
    person = make_person(name, today=TODAY)
    return person, make_vehicle(person["id"], year=2025, today=TODAY,
                                insured_until=dt.date(2032, 12, 31))


def _permits_without_place(count: int, name: str) -> list[dict]:
    return [holder_permit(f"{name} {SURNAMES[i]}")[1] for i in range(count)]


def _assert_stand_places_whole() -> None:
    """Every permit on a stand has a position, positions 1..max are unique per stand, and no
    stand holds more than its maximum (SRM Art. 22 §1º)."""
    assert Permit.select().where(Permit.stand.is_null(False) &
                                 Permit.stand_position.is_null()).count() == 0
    assert Permit.select().where(Permit.stand.is_null() &
                                 Permit.stand_position.is_null(False)).count() == 0
    for stand in stands.list_stands():
        positions = [p.stand_position for p in Permit.select().where(
            Permit.stand == stand["id"])]
        assert len(positions) == len(set(positions)) <= stand["max_vehicles"]
        assert all(1 <= p <= stand["max_vehicles"] for p in positions)


# --- numbers --------------------------------------------------------------------------------

def test_protocol_numbers_unique_and_gap_free(db_url, municipio, counters):
    """Protocol AAAA/NNNNNN: sequential per year, no gaps, no duplicates with several
    counters (4 counters, 10 requests each, every round at the same moment)."""
    person = make_person("Requerente Concorrido")
    outcomes = counters.run(db_url, [[("file", (person["id"],))] * 10] * WORKERS)
    numbers = sorted(int(p.split("/")[1]) for p in _done(outcomes))
    assert numbers == list(range(1, 41))
    assert Application.select().count() == 40


def test_permit_order_numbers_unique_and_gap_free(db_url, municipio, counters):
    """SRM Art. 4 §5: permit order numbers ascending — 12 grants, 4 counters × 3 rounds."""
    pairs = [_holder(f"Outorgado {SURNAMES[i]}") for i in range(WORKERS * 3)]
    rounds = [[("grant", (pairs[r * WORKERS + w][0]["id"], pairs[r * WORKERS + w][1]["id"]))
               for r in range(3)] for w in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    assert sorted(d["granted"] for d in _done(outcomes)) == list(range(1, 13))
    assert sorted(Permit.select(Permit.order_number).tuples()) == [(n,) for n in range(1, 13)]
    for permit in Permit.select():
        assert [h["action"] for h in permit_history.history(permit.id)] == ["grant"]


def test_sticker_serials_unique_and_gap_free(db_url, municipio, counters):
    """Sticker serials AAAA-NNNNNN (Lei 3.920/2001 Art. 27): 12 vistorias at 4 counters."""
    permits = _permits_without_place(WORKERS * 3, "Vistoriado")
    vehicles = [Permit.get_by_id(p["id"]).vehicle_id for p in permits]
    rounds = [[("inspect", (vehicles[r * WORKERS + w],)) for r in range(3)]
              for w in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    expected = [f"2026-{n:06d}" for n in range(1, 13)]
    assert sorted(_done(outcomes)) == expected
    assert sorted(s for (s,) in Sticker.select(Sticker.serial).tuples()) == expected


def test_one_vehicle_inspected_at_once_gets_one_sticker(db_url, municipio, counters):
    """Lei 3.920 Art. 27, SRM Art. 47 III: the same vistoria recorded at 4 counters at once
    gives one approved inspection, one sticker and one fee; the others are refused naming
    the sticker (3 rounds, a vehicle per round)."""
    vehicles = [Permit.get_by_id(p["id"]).vehicle_id
                for p in _permits_without_place(3, "Vistoria Dupla")]
    rounds = [[("inspect", (vehicle,)) for vehicle in vehicles] for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
    # a counter that starts after the first one committed meets its open fee first (SRM
    # Art. 17 §1): refused either way, never a second sticker
    assert len(_refused(outcomes)) == 3 * (WORKERS - 1)
    assert all(("já tem vistoria anual aprovada" in m and "(selo 2026-" in m)
               or "não tem débitos" in m for m in _refused(outcomes)), _refused(outcomes)
    assert sorted(s for (s,) in Sticker.select(Sticker.serial).tuples()) == \
        [f"2026-{n:06d}" for n in range(1, 4)]
    assert Fee.select().where(Fee.code == "inspection").count() == 3


def test_a_sticker_is_reissued_once(db_url, municipio, counters):
    """A damaged sticker reissued at four counters at once gets one replacement, one new
    serial from the stock, not four; 3 rounds, 3 stickers."""
    placed = _permits_without_place(3, "Selo Trocado")
    serials = [ACTIONS["inspect"](Permit.get_by_id(p["id"]).vehicle_id) for p in placed]
    rounds = [[("reissue_sticker", (serial,)) for serial in serials] for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
    assert sorted(s for (s,) in Sticker.select(Sticker.serial).tuples()) == \
        [f"2026-{n:06d}" for n in range(1, 7)]


def test_notice_numbers_unique_and_gap_free(db_url, municipio, counters):
    """Autos de infração NNNNN/AAAA (SRM Art. 35): 12 notices on one permit at 4 counters."""
    _, permit = holder_permit("Autuado Concorrido")
    rounds = [[("notice", (permit["id"],))] * 3 for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    expected = [f"{n:05d}/2026" for n in range(1, 13)]
    assert sorted(_done(outcomes)) == expected
    assert sorted(InfractionNotice.select(InfractionNotice.number).tuples()) == \
        [(n,) for n in range(1, 13)]


def test_recidivism_seen_across_counters_l1745_art_8_par_3(db_url, l1745, counters):
    """L1745 Art. 8 §3º: the fine for operating without a permit doubles on recidivism.
    Four counters record notices against one person at once (different days, 3 rounds, a
    person per round): taken in the order they were recorded, each notice is doubled exactly
    when an earlier-dated one was recorded before it — none may miss another counter's."""
    people = [make_person(f"Sem Alvará {SURNAMES[r]}", today=TODAY)["id"] for r in range(3)]
    rounds = [[("unlicensed_notice", (people[r], f"0{w + 1}/05/2026 10:00")) for r in range(3)]
              for w in range(WORKERS)]
    counters.run(db_url, rounds)
    unit = 4826  # the município's UFICA in 2026 (tests/conftest.py)
    for person in people:
        recorded = list(InfractionNotice.select().where(InfractionNotice.holder == person)
                        .order_by(InfractionNotice.id))
        assert len(recorded) == WORKERS
        for i, notice in enumerate(recorded):
            doubled = any(o.occurred_at < notice.occurred_at for o in recorded[:i])
            assert (notice.recidivism, notice.fine_cents) == \
                (doubled, (10 if doubled else 5) * unit), f"auto {notice.number}"


def test_print_copy_numbers_unique_and_gap_free(db_url, municipio, counters):
    """The same permit card printed at 4 counters at once, 3 times each: copies 1..12, each
    logged once (a later copy supersedes the earlier ones)."""
    _, permit = holder_permit("Cartão Concorrido")
    rounds = [[("print_card", (permit["order_number"],))] * 3 for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    assert sorted(_done(outcomes)) == list(range(1, 13))
    assert sorted(PrintLog.select(PrintLog.copy).where(PrintLog.document == "card")
                  .tuples()) == [(n,) for n in range(1, 13)]


# --- limits ---------------------------------------------------------------------------------

def test_stand_never_exceeds_its_maximum_srm_art_22(db_url, municipio, counters):
    """SRM Art. 22 §1º: a stand holds at most its maximum. A stand of 5 places and 8 permits
    placed on it by 4 counters in 2 rounds: 5 placed at positions 1..5, 3 refused as full."""
    stand = stands.create_stand(SUPERVISOR, {"number": 1, "name": "Ponto 01 — Mercado",
                                             "location": "Mercado", "max_vehicles": 5},
                                on=TODAY)
    permits = _permits_without_place(WORKERS * 2, "Disputa Vaga")
    rounds = [[("assign", (permits[r * WORKERS + w]["id"], stand["id"])) for r in range(2)]
              for w in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    assert sorted(_done(outcomes)) == [1, 2, 3, 4, 5]
    assert len(_refused(outcomes)) == 3
    assert all("já tem 5 motocicletas" in r for r in _refused(outcomes))
    assert Permit.select().where(Permit.stand == stand["id"]).count() == 5
    _assert_stand_places_whole()


def test_stand_changes_and_placements_at_once_keep_both_maximums(db_url, municipio, counters):
    """SRM Art. 22 §1º and Art. 20 XVIII: four holders ask at once to move from a full
    stand to one with 3 free places (3 move, 1 refused), then four new permits are placed
    at once on the stand they left (3 placed, 1 refused). Positions never NULL, never
    doubled."""
    setup.set_fiscal_unit_value(SYSTEM, 2027, "50,00")  # the change fee (SRM Art. 47 IV)
    change_day = dt.date(2027, 6, 15)  # over 12 months on the first stand
    first = stands.create_stand(SUPERVISOR, {"number": 1, "name": "Ponto 01", "location": "A",
                                             "max_vehicles": 5}, on=TODAY)
    second = stands.create_stand(SUPERVISOR, {"number": 2, "name": "Ponto 02",
                                              "location": "B", "max_vehicles": 5}, on=TODAY)
    placed = _permits_without_place(7, "Mudança")
    for permit in placed[:5]:
        stands.assign_permit(CLERK, permit["id"], first["id"], on=TODAY)
    for permit in placed[5:]:
        stands.assign_permit(CLERK, permit["id"], second["id"], on=TODAY)
    newcomers = _permits_without_place(WORKERS, "Recém-chegado")
    rounds = [[("change_stand", (placed[w]["id"], second["id"], change_day)),
               ("assign", (newcomers[w]["id"], first["id"]))] for w in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    changes, placements = _per_round(outcomes)
    assert sorted(v for k, v in changes if k == "done") == [3, 4, 5]
    assert [k for k, _ in changes].count("refused") == 1
    assert len([v for k, v in placements if k == "done"]) == 3
    assert [k for k, _ in placements].count("refused") == 1
    for stand in (first, second):
        assert Permit.select().where(Permit.stand == stand["id"]).count() == 5
    _assert_stand_places_whole()


def test_permit_cap_never_exceeded_srm_art_8(db_url, municipio, counters):
    """SRM Art. 8: one permit per 300 inhabitants. Population 600 → cap 2; 8 applicants
    granted at once by 4 counters in 2 rounds: 2 permits, the other 6 on the waiting list,
    each once."""
    setup.set_population(SYSTEM, 600)
    pairs = [_holder(f"Candidato {SURNAMES[i]}") for i in range(WORKERS * 2)]
    rounds = [[("grant", (pairs[r * WORKERS + w][0]["id"], pairs[r * WORKERS + w][1]["id"]))
               for r in range(2)] for w in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    results = _done(outcomes)
    assert sorted(r["granted"] for r in results if "granted" in r) == [1, 2]
    assert len([r for r in results if "waiting" in r]) == 6
    assert Permit.select().count() == 2
    waiting = [p for (p,) in WaitingListEntry.select(WaitingListEntry.person).tuples()]
    assert len(waiting) == len(set(waiting)) == 6


def test_one_permit_per_person_srm_art_4_par_2(db_url, municipio, counters):
    """SRM Art. 4 §2: one permit per person. Four counters grant at once to the same person,
    each with another of the person's motorcycles; 3 rounds, 3 people: 1 permit each."""
    people = [make_person(f"Pretendente {SURNAMES[r]}", today=TODAY) for r in range(3)]
    bikes = [[make_vehicle(p["id"], year=2025, today=TODAY,
                           insured_until=dt.date(2032, 12, 31)) for _ in range(WORKERS)]
             for p in people]
    rounds = [[("grant", (people[r]["id"], bikes[r][w]["id"])) for r in range(3)]
              for w in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
        assert [k for k, _ in attempts].count("refused") == WORKERS - 1
    assert all("o limite é 1 por pessoa" in r for r in _refused(outcomes))
    holders = [h for (h,) in Permit.select(Permit.holder).tuples()]
    assert sorted(holders) == sorted(p["id"] for p in people)


def test_waiting_list_enrols_a_person_once(db_url, municipio, counters):
    """Waiting list (SRM Art. 8): four counters enrol the same person at once; one entry,
    three clear refusals — 3 rounds, 3 people."""
    people = [make_person(f"Na Fila {SURNAMES[r]}", today=TODAY) for r in range(3)]
    rounds = [[("enrol", (p["id"],)) for p in people] for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
    assert all("já está na lista de espera" in r for r in _refused(outcomes))
    assert sorted(p for (p,) in WaitingListEntry.select(WaitingListEntry.person).tuples()) \
        == sorted(p["id"] for p in people)


def test_same_permit_revoked_at_once_is_revoked_once_srm_art_38(db_url, municipio, counters):
    """SRM Art. 38 II: a revocation entered at 4 counters at once happens once — one history
    line, one stand release, the place freed once; 3 rounds, 3 permits."""
    stand = stands.create_stand(SUPERVISOR, {"number": 1, "name": "Ponto 01", "location": "A",
                                             "max_vehicles": 5}, on=TODAY)
    permits = _permits_without_place(3, "Revogado")
    for permit in permits:
        stands.assign_permit(CLERK, permit["id"], stand["id"], on=TODAY)
    rounds = [[("revoke", (p["id"],)) for p in permits] for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
    for permit in permits:
        actions = [h.action for h in PermitHistory.select().where(
            PermitHistory.permit == permit["id"])]
        assert actions.count("revoke") == 1 and actions.count("stand_release") == 1
        assert Permit.get_by_id(permit["id"]).stand_id is None
    _assert_stand_places_whole()



def test_one_auxiliary_driver_per_vehicle_srm_art_23_iii(db_url, municipio, counters):
    """SRM Art. 23 III: at most one auxiliary driver per vehicle. Four counters credential
    four different people on the same permit at once; 3 rounds, 3 permits: one each."""
    permits = _permits_without_place(3, "Titular")
    people = [make_person(f"Auxiliar {SURNAMES[i]}", today=TODAY) for i in range(WORKERS * 3)]
    rounds = [[("credential", (permits[r]["id"], people[r * WORKERS + w]["id"]))
               for r in range(3)] for w in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
    for permit in permits:
        assert AuxiliaryDriver.select().where(AuxiliaryDriver.permit == permit["id"]).count() == 1


def test_a_fee_is_paid_once(db_url, municipio, counters):
    """SRM Art. 47: the same fee's payment entered at four counters at once is recorded
    once (one audit entry, the first receipt kept); 3 rounds, 3 fees."""
    pairs = [_holder(f"Devedor {SURNAMES[i]}") for i in range(3)]
    for person, vehicle in pairs:
        grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"], on=TODAY)
    fee_ids = [f for (f,) in Fee.select(Fee.id).order_by(Fee.id).tuples()]
    assert len(fee_ids) == 3
    rounds = [[("pay_fee", (f,)) for f in fee_ids] for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
    assert AuditLog.select().where(AuditLog.action == "fee.pay").count() == 3


def test_a_notice_is_voided_once(db_url, municipio, counters):
    """SRM Art. 35 §2º: a notice voided at four counters at once is voided once — its fine
    voided once, one audit entry; 3 rounds, 3 notices."""
    _, permit = holder_permit("Anulado Concorrido")
    notices = [ledger.record_notice(FISCAL, {
        "permit_id": permit["id"], "infraction_code": "36-IX",
        "occurred_at": f"1{i}/06/2026 09:00", "place": "Praça da Matriz",
        "agent_name": "Antônio Fiscal", "agent_registration": "MAT-1234"}, on=TODAY)["id"]
        for i in range(3)]
    rounds = [[("void_notice", (n,)) for n in notices] for _ in range(WORKERS)]
    outcomes = counters.run(db_url, rounds)
    for attempts in _per_round(outcomes):
        assert [k for k, _ in attempts].count("done") == 1
    assert AuditLog.select().where(AuditLog.action == "notice.void").count() == 3
    assert AuditLog.select().where(AuditLog.action == "charge.void").count() == \
        PenaltyCharge.select().where(PenaltyCharge.status == "voided").count() == 3


def test_two_admins_disabling_each_other_leave_one_admin(db_url, municipio, counters):
    """The last active administrator cannot be disabled: two admins disabling each other at
    the same moment (twice each, 4 counters) leave exactly one of them active."""
    ana = users.add_user(SYSTEM, "ana", "Ana Administradora", "admin", "senha-forte-ana")
    bia = users.add_user(SYSTEM, "bia", "Bia Administradora", "admin", "senha-forte-bia")
    users.disable_user(SYSTEM, "admin")
    pairs = [(ana, "bia"), (bia, "ana")] * 2
    rounds = [[("disable_user", (who["id"], who["login"], target))] for who, target in pairs]
    counters.run(db_url, rounds)
    assert User.select().where((User.role == "admin") & User.active).count() == 1


def test_the_passage_of_time_runs_once_across_counters(db_url, municipio, counters):
    """The daily step (services/clock.py) set off by 4 counters opening at the same moment
    runs once per day: one suspension ended (SRM Art. 38 I) and one expiry per permit, one
    step recorded and audited per day, the audit chain whole (2 days, 4 counters each)."""
    from mototaxi_desk.services import audit, clock
    from mototaxi_desk.services.licensing import permits
    from mototaxi_desk.store.models import ClockTick
    _, ends = holder_permit("Suspensão Acabando")
    _, lapses = holder_permit("Validade Acabando")
    permits.suspend(SUPERVISOR, ends["id"], until=dt.date(2026, 6, 30), on=TODAY,
                    reason="3ª infração (Art. 38 I)")
    with write_transaction():  # saved and sealed, as the program would (issue 34)
        row = Permit.get_by_id(lapses["id"])
        row.valid_until = dt.date(2026, 7, 1)
        row.save()
    days = [dt.date(2026, 7, 2), dt.date(2026, 7, 3)]
    outcomes = counters.run(db_url, [[("tick", (day,)) for day in days]] * WORKERS)
    for attempts in _per_round(outcomes):
        assert sorted(value for _, value in attempts) == [False, False, False, True]
    assert [t.day for t in ClockTick.select().order_by(ClockTick.day)] == days
    assert AuditLog.select().where(AuditLog.action == "clock.tick").count() == 2
    for permit, action in ((ends, "resume"), (lapses, "expire")):
        assert PermitHistory.select().where((PermitHistory.permit == permit["id"]) &
                                            (PermitHistory.action == action)).count() == 1
    assert Permit.get_by_id(ends["id"]).status == "active"
    assert Permit.get_by_id(lapses["id"]).status == "expired"
    assert clock.last_day() == days[-1] and audit.verify()["ok"]

"""Many counters on one PostgreSQL (issue 40 item 4): actions whose conflicts have locks of
their own (write_transaction(concurrent=True)) no longer wait for each other; two of them
after the same record still run one after the other; their audit entries, appended at the
end under the chain lock, keep the chain whole; a deadlock is retried, not shown.

Each counter is a thread of this process with its own connection (peewee's connections are
per thread). Nothing here measures time: a counter that waits is seen waiting in
pg_locks, one that does not wait finishes while the other's transaction is still open."""
import threading

import pytest

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.services import audit
from mototaxi_desk.services.payments import fees
from mototaxi_desk.store import connection
from mototaxi_desk.store.connection import locked, retry_conflicts, write_transaction
from mototaxi_desk.store.models import DB, AuditLog, Fee, Vehicle

from ..conftest import BACKENDS, PG_URL
from ..factories import CLERK, make_person, make_vehicle

pytestmark = [pytest.mark.skipif(not PG_URL, reason="MOTOTAXI_TEST_PG não definido"),
              pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)]

WAIT_S = 60  # how long a counter that should not wait is given (it takes milliseconds)


def _counter(work):
    """`work()` in a thread of its own (its own connection): (thread, result dict)."""
    result: dict = {}

    def run():
        try:
            result["value"] = work()
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            result["error"] = exc
        finally:
            DB.obj.close()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, result


def _backend() -> int:
    return DB.obj.execute_sql("SELECT pg_backend_pid()").fetchone()[0]


def _waits_on_a_lock(session: dict, timeout_s: float = WAIT_S) -> bool:
    """Whether the session (its "pid", once its thread has connected) comes to wait on a
    lock (pg_locks)."""
    import time
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if "pid" in session and DB.obj.execute_sql(
                "SELECT count(*) FROM pg_locks WHERE NOT granted AND pid = %s",
                (session["pid"],)).fetchone()[0]:
            return True
        time.sleep(0.02)
    return False


def _fees(person_id: int, count: int) -> list[int]:
    """Open fees, made and sealed (a row saved in a write transaction) before the test."""
    with write_transaction():
        return [Fee.create(person=person_id, code="inspection", label="Vistoria",
                           article="Art. 47", units=1, unit_value_cents=5000,
                           amount_cents=5000, year=2026).id for _ in range(count)]


def _today_text() -> str:
    from mototaxi_desk.domain import wallclock
    return wallclock.today().strftime("%d/%m/%Y")


def test_two_counters_writing_unrelated_records_do_not_wait(db_url, municipio):
    """One counter holds its transaction open (a vehicle registered, a fee paid, its audit
    entries not yet appended); meanwhile a second registers another vehicle, pays another
    fee and opens a prontuário (an audited view), and commits."""
    owner = make_person("Maria das Dores")["id"]
    mine, theirs = _fees(owner, 2)
    with write_transaction(concurrent=True):
        make_vehicle(owner)
        fees.pay(CLERK, mine, paid_on=_today_text(), receipt="DAM 1")

        def meanwhile():
            vehicle = make_vehicle(owner)
            fees.pay(CLERK, theirs, paid_on=_today_text(), receipt="DAM 2")
            audit.record(CLERK, "person.view", "person", owner)
            return vehicle["id"]
        thread, result = _counter(meanwhile)
        thread.join(WAIT_S)
        finished_while_open = not thread.is_alive()
    thread.join()
    assert "error" not in result, result.get("error")
    assert finished_while_open, "the second counter waited for the first one's transaction"
    assert Vehicle.select().count() == 2
    assert Fee.select().where(Fee.status == "paid").count() == 2
    verdict = audit.verify()
    assert verdict["ok"], verdict["broken"]


def test_two_counters_after_the_same_fee_pay_it_once(db_url, municipio):
    """The second counter waits on the fee's row lock until the first commits, then finds it
    paid: a refusal, never a second payment."""
    owner = make_person("Francisca Lima")["id"]
    (fee,) = _fees(owner, 1)
    session: dict = {}

    def second():
        session["pid"] = _backend()
        return fees.pay(CLERK, fee, paid_on=_today_text(), receipt="DAM 2")
    with write_transaction(concurrent=True):
        fees.pay(CLERK, fee, paid_on=_today_text(), receipt="DAM 1")
        thread, result = _counter(second)
        assert _waits_on_a_lock(session), "the second counter did not wait for the fee"
    thread.join(WAIT_S)
    assert isinstance(result.get("error"), DomainError), result
    assert "não está em aberto" in str(result["error"])
    assert Fee.get_by_id(fee).receipt == "DAM 1"
    assert AuditLog.select().where(AuditLog.action == "fee.pay").count() == 1


def test_a_deadlock_between_two_counters_is_retried_inside(db_url, municipio):
    """Two actions lock two fees in opposite orders at the same moment: PostgreSQL ends one
    of them (40P01); retry_conflicts runs it again, and both are done, audited once each."""
    owner = make_person("Antônia Reis")["id"]
    first, second = _fees(owner, 2)
    barrier = threading.Barrier(2)
    attempts = {first: 0, second: 0}
    before = connection.conflict_counts()

    @retry_conflicts
    def take(one, other):
        with write_transaction(concurrent=True):
            attempts[one] += 1
            locked(Fee.select().where(Fee.id == one)).get()
            if attempts[one] == 1:
                barrier.wait(WAIT_S)  # both hold their first fee: each now wants the other's
            locked(Fee.select().where(Fee.id == other)).get()
            audit.record(CLERK, "test.both", "fee", one)
        return attempts[one]

    counters = [_counter(lambda a=a, b=b: take(a, b)) for a, b in ((first, second),
                                                                   (second, first))]
    for thread, _ in counters:
        thread.join(WAIT_S * 2)
    assert [r.get("error") for _, r in counters] == [None, None]
    after = connection.conflict_counts()
    assert after["retried"] - before["retried"] >= 1
    assert after["surfaced"] == before["surfaced"]
    assert sorted(r["value"] for _, r in counters)[-1] >= 2  # one of them ran again
    assert AuditLog.select().where(AuditLog.action == "test.both").count() == 2
    verdict = audit.verify()
    assert verdict["ok"], verdict["broken"]


def test_entries_of_a_savepoint_rolled_back_are_not_appended(db_url, municipio):
    """A concurrent action queues its entries; a savepoint rolled back inside it drops
    those it queued, as it would have removed them from the table."""
    owner = make_person("Joana Prado")["id"]
    with write_transaction(concurrent=True):
        audit.record(CLERK, "test.kept", "person", owner)
        try:
            with write_transaction():
                audit.record(CLERK, "test.dropped", "person", owner)
                raise DomainError("desfeito")
        except DomainError:
            pass
        assert AuditLog.select().where(AuditLog.action == "test.kept").count() == 0  # queued
    actions = [a for (a,) in AuditLog.select(AuditLog.action).where(
        AuditLog.action.startswith("test.")).tuples()]
    assert actions == ["test.kept"]


def test_rows_saved_after_their_entry_are_sealed_as_they_commit(db_url, municipio):
    """The seals of a concurrent action are taken when its entries are appended: a row saved
    again after its entry was queued is sealed as it commits, so its next save passes the
    seal check and the chain's last seal of it agrees."""
    owner = make_person("Rita Moura")["id"]
    with write_transaction(concurrent=True):
        vehicle = Vehicle.get_by_id(make_vehicle(owner)["id"])
        vehicle.colour = "Azul"
        vehicle.save()
    with write_transaction(concurrent=True):
        vehicle = Vehicle.get_by_id(vehicle.id)
        vehicle.colour = "Preta"
        vehicle.save()  # the seal check: refused if the last seal disagreed
        audit.record(CLERK, "test.colour", "vehicle", vehicle.id)
    from mototaxi_desk.store import seals
    assert seals.check_rows("vehicle", [vehicle.id]) == []


def test_two_counters_registering_one_cpf_register_it_once(db_url, municipio):
    """The second counter's insert waits on the unique index until the first commits, then
    gets the clear refusal, never a database error."""
    from validate_docbr import CPF

    from mototaxi_desk.domain.errors import ValidationError
    from mototaxi_desk.services.register import persons
    from mototaxi_desk.store.models import Person
    data = {"cpf": CPF().generate(), "name": "Luzia Gomes", "birth_date": "20/05/1985"}
    session: dict = {}

    def second():
        session["pid"] = _backend()
        return persons.register_person(CLERK, {**data, "name": "Luzia Gomes Outra"})
    with write_transaction(concurrent=True):
        persons.register_person(CLERK, data)
        thread, result = _counter(second)
        assert _waits_on_a_lock(session), "the second counter did not wait for the CPF"
    thread.join(WAIT_S)
    assert isinstance(result.get("error"), ValidationError), result
    assert Person.select().where(Person.cpf == data["cpf"]).count() == 1


def test_two_counters_after_one_number_take_the_next_ones(db_url, municipio):
    """The protocol number: the second counter waits on its sequence row while the first
    holds it, then takes the next number — no duplicate, no gap."""
    from mototaxi_desk.services.licensing import applications
    owner = make_person("Severina Costa")["id"]
    session: dict = {}

    def second():
        session["pid"] = _backend()
        return applications.file_application(CLERK, owner, "new_permit")["protocol"]
    with write_transaction(concurrent=True):
        first = applications.file_application(CLERK, owner, "new_permit")["protocol"]
        thread, result = _counter(second)
        assert _waits_on_a_lock(session), "the second counter did not wait for the number"
    thread.join(WAIT_S)
    assert "error" not in result, result.get("error")
    numbers = [int(p.split("/")[1]) for p in (first, result["value"])]
    assert numbers == [1, 2]


def test_two_counters_after_a_stands_last_place_give_it_once(db_url, municipio):
    """SRM Art. 22 §1º: the second counter waits on the stand's row while the first places a
    permit on its last place, then is refused as full."""
    from mototaxi_desk.services.register import stands
    from mototaxi_desk.store.models import Permit

    from ..factories import SUPERVISOR
    from .ledger_helpers import holder_permit
    stand = stands.create_stand(SUPERVISOR, {"number": 1, "name": "Ponto 01", "location": "A",
                                             "max_vehicles": 5})
    permits = [holder_permit(f"Vaga {name} Silva")[1]["id"]
               for name in ("Um", "Dois", "Tres", "Quatro", "Cinco", "Seis")]
    for permit in permits[:4]:
        stands.assign_permit(CLERK, permit, stand["id"])
    session: dict = {}

    def second():
        session["pid"] = _backend()
        return stands.assign_permit(CLERK, permits[5], stand["id"])
    with write_transaction(concurrent=True):
        stands.assign_permit(CLERK, permits[4], stand["id"])
        thread, result = _counter(second)
        assert _waits_on_a_lock(session), "the second counter did not wait for the stand"
    thread.join(WAIT_S)
    assert isinstance(result.get("error"), DomainError), result
    assert "já tem 5 motocicletas" in str(result["error"])
    assert Permit.select().where(Permit.stand == stand["id"]).count() == 5

"""Workers for the concurrency tests: each runs in a process of its own (spawn), with its own
connection to the same database, like a second counter. The same code runs on PostgreSQL
(several connections) and on SQLite (several processes on one file).

A worker makes its attempts in rounds: before each round every worker waits on a shared
barrier, so the attempts of a round start together and really overlap."""
import datetime as dt
import traceback

TODAY = dt.date(2026, 6, 15)


# --- the actions, by name (a spawned process receives names and plain arguments) ----------

def _actors():
    from mototaxi_desk.services.context import Actor
    return (Actor(None, "supervisor.concorrente", "supervisor"),
            Actor(None, "atendente.concorrente", "atendente"),
            Actor(None, "fiscal.concorrente", "fiscal"))


def _file(person_id):
    from mototaxi_desk.services.licensing import applications
    return applications.file_application(_actors()[1], person_id, "new_permit")["protocol"]


def _grant(holder_id, vehicle_id, stand_id=None):
    from mototaxi_desk.services.licensing import permits
    result = permits.grant_permit(_actors()[0], holder_id=holder_id, vehicle_id=vehicle_id,
                                  stand_id=stand_id, on=TODAY)
    if result["granted"]:
        return {"granted": result["order_number"], "position": result.get("stand_position")}
    return {"waiting": result["waiting_list"]["id"]}


def _inspect(vehicle_id):
    from mototaxi_desk.domain import inspection_rules
    from mototaxi_desk.services.register import inspections
    from mototaxi_desk.services import setup
    items = inspection_rules.checklist(setup.profile(), "annual")
    data = {"kind": "annual", "inspected_on": TODAY, "results": {i.code: "pass" for i in items}}
    return inspections.record_inspection(_actors()[2], vehicle_id, data, on=TODAY)[
        "sticker_serial"]


def _notice(permit_id):
    from mototaxi_desk.services import ledger
    data = {"permit_id": permit_id, "infraction_code": "36-IX",
            "occurred_at": "10/06/2026 14:30", "place": "Praça da Matriz",
            "agent_name": "Antônio Fiscal", "agent_registration": "MAT-1234"}
    return ledger.record_notice(_actors()[2], data, on=TODAY)["number"]


def _unlicensed_notice(person_id, occurred_at):
    """L1745 Art. 8 §3º: operating without a permit, 5 UFICA, doubled on recidivism."""
    from mototaxi_desk.services import ledger
    data = {"holder_id": person_id, "infraction_code": "8-3", "occurred_at": occurred_at,
            "place": "Centro", "agent_name": "Antônio Fiscal", "agent_registration": "M1",
            "plate": "ABC1D23"}
    return ledger.record_notice(_actors()[2], data, on=TODAY)["id"]


def _print_card(order_number):
    from mototaxi_desk.services import documents
    return documents.print_cards(_actors()[1], [order_number], on=TODAY)["copies"][0]["copy"]


def _assign(permit_id, stand_id):
    from mototaxi_desk.services.register import stands
    return stands.assign_permit(_actors()[1], permit_id, stand_id, on=TODAY)["position"]


def _change_stand(permit_id, stand_id, on):
    from mototaxi_desk.services.register import stands
    return stands.change_stand(_actors()[1], permit_id, stand_id, on=on)["position"]


def _enrol(person_id):
    from mototaxi_desk.services.licensing import waiting_list
    return waiting_list.enrol(_actors()[1], person_id, on=TODAY)["id"]


def _revoke(permit_id):
    from mototaxi_desk.services.licensing import permits
    return permits.revoke(_actors()[0], permit_id, on=TODAY, reason="Quinta infração")["status"]


def _credential(permit_id, person_id):
    from mototaxi_desk.services.licensing import auxiliary
    return auxiliary.credential(_actors()[1], permit_id, person_id, on=TODAY)["id"]


def _pay_fee(fee_id):
    from mototaxi_desk.services.payments import fees
    return fees.pay(_actors()[1], fee_id, paid_on=TODAY, receipt=f"DAM {fee_id}")["status"]


def _void_notice(notice_id):
    from mototaxi_desk.services import ledger
    return ledger.void_notice(_actors()[0], notice_id, reason="Placa anotada errada",
                              on=TODAY)["status"]


def _reissue_sticker(serial):
    from mototaxi_desk.services.register import inspections
    return inspections.reissue_sticker(_actors()[0], serial, reason="Selo danificado",
                                       on=TODAY)["serial"]


def _disable_user(actor_id, actor_login, login):
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.services.context import Actor
    return users.disable_user(Actor(actor_id, actor_login, "admin"), login)["active"]


def _tick(day):
    from mototaxi_desk.services import clock
    return clock.tick(on=day)["ran"]


ACTIONS = {"tick": _tick, "file": _file, "grant": _grant, "inspect": _inspect, "notice": _notice,
           "unlicensed_notice": _unlicensed_notice,
           "print_card": _print_card, "assign": _assign, "change_stand": _change_stand,
           "enrol": _enrol, "revoke": _revoke, "credential": _credential,
           "pay_fee": _pay_fee, "void_notice": _void_notice,
           "reissue_sticker": _reissue_sticker, "disable_user": _disable_user}


def _attempt(name, args):
    """("done", value), ("refused", message) — the service's clear answer (DomainError) —
    or ("error", traceback) for anything else, e.g. a database error: the test fails on it."""
    from mototaxi_desk.domain.errors import DomainError
    try:
        return ("done", ACTIONS[name](*args))
    except DomainError as refusal:
        return ("refused", str(refusal))
    except Exception:  # noqa: BLE001 (reported to the test, which fails on it)
        return ("error", traceback.format_exc())


def _serve(index, jobs, barrier, results):
    """A counter: takes (url, data folder, rounds) jobs until None; for each, opens the
    database, makes one attempt per round after the barrier, and reports its outcomes."""
    import os

    from mototaxi_desk.store.migrations import close_database, open_database
    for url, data_dir, rounds in iter(jobs.get, None):
        os.environ["MOTOTAXI_DATA_DIR"] = data_dir  # the test's folder (signing keys)
        try:
            open_database(url)
            outcomes = []
            for name, args in rounds:
                barrier.wait(timeout=60)
                outcomes.append(_attempt(name, args))
            results.put((index, "ok", outcomes))
        except Exception:  # reported to the test, which fails on it
            results.put((index, "error", traceback.format_exc()))
        finally:
            close_database()


class CounterPool:
    """`size` counters in processes of their own, started once; run() gives them a job."""

    def __init__(self, size: int):
        import multiprocessing
        ctx = multiprocessing.get_context("spawn")
        self.size = size
        self.barrier, self.results = ctx.Barrier(size), ctx.Queue()
        self.jobs = [ctx.Queue() for _ in range(size)]
        self.workers = [ctx.Process(target=_serve, args=(i, q, self.barrier, self.results),
                                    daemon=True) for i, q in enumerate(self.jobs)]
        from .. import affinity
        for worker in self.workers:
            worker.start()
            affinity.unpin(worker.pid)  # on every core, as counters on several PCs

    def run(self, url, rounds_per_worker, timeout=120) -> list[list[tuple]]:
        """One list of rounds per counter (all the same length: they meet at the barrier);
        returns each counter's outcomes, in counter order. Fails on any unexpected error."""
        import os
        assert len(rounds_per_worker) == self.size
        assert len({len(r) for r in rounds_per_worker}) == 1, "same number of rounds each"
        self.barrier.reset()
        for queue, rounds in zip(self.jobs, rounds_per_worker):
            queue.put((url, os.environ["MOTOTAXI_DATA_DIR"], rounds))
        reports = sorted(self.results.get(timeout=timeout) for _ in self.workers)
        errors = [r[2] for r in reports if r[1] != "ok"]
        errors += [value for r in reports if r[1] == "ok" for kind, value in r[2]
                   if kind == "error"]
        assert errors == [], "\n".join(errors)
        return [r[2] for r in reports]

    def close(self) -> None:
        for queue in self.jobs:
            queue.put(None)
        for worker in self.workers:
            worker.join(timeout=30)
            if worker.is_alive():  # stuck on a lock: must not outlive the tests
                worker.kill()
                worker.join()
        for queue in [*self.jobs, self.results]:
            queue.close()
            queue.join_thread()


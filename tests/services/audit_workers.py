"""Workers for the PostgreSQL audit-chain test: each is a counter of its own (spawned process,
own connection) that appends to the chain through real services."""


def inspect_and_reissue(url, vehicle_id, rounds, on, barrier, results):
    """Alternate actions that take the sticker counter before their audit entry (an approved
    inspection) and after it (a reissue voids the old sticker first), plus a protocol and an
    entry recorded outside any transaction: without one lock taken first these could fork
    the chain or deadlock."""
    import datetime as dt

    from mototaxi_desk.domain import inspection_rules
    from mototaxi_desk.services.licensing import applications
    from mototaxi_desk.services import audit, setup
    from mototaxi_desk.services.register import inspections
    from mototaxi_desk.services.context import Actor
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.store.models import Vehicle
    open_database(url)
    try:
        supervisor = Actor(None, "supervisor", "supervisor")
        items = inspection_rules.checklist(setup.profile(), "semiannual")
        owner = Vehicle.get_by_id(vehicle_id).owner_id
        barrier.wait(timeout=60)
        done = 0
        for n in range(rounds):
            day = on + dt.timedelta(days=n)  # one approved inspection a day per vehicle
            inspection = inspections.record_inspection(supervisor, vehicle_id, {
                "kind": "semiannual", "inspected_on": day,
                "results": {i.code: "pass" for i in items}}, on=day)
            inspections.reissue_sticker(supervisor, inspection["sticker_serial"],
                                        reason="selo danificado", on=day)
            applications.file_application(supervisor, owner, "new_permit")
            audit.record(supervisor, "test.outside", "vehicle", vehicle_id, after={"round": n})
            done += 1
        results.put(("ok", done))
    except Exception as exc:  # reported to the test, which fails on it
        results.put(("error", repr(exc)))
    finally:
        close_database()


def run_workers(target, args_per_worker, timeout=120):
    """Start one spawned process per args tuple (a barrier and a queue are appended) and
    return what each put on the queue."""
    import multiprocessing
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(len(args_per_worker)), ctx.Queue()
    workers = [ctx.Process(target=target, args=(*args, barrier, results))
               for args in args_per_worker]
    for worker in workers:
        worker.start()
    outcomes = [results.get(timeout=timeout) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
    results.close()
    results.join_thread()
    return outcomes

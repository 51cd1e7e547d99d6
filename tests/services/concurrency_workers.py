"""Workers for the PostgreSQL concurrency tests: each runs in a process of its own (spawn),
with its own connection to the same database, like a second counter."""


def file_applications(url, person_id, count, barrier, results):
    from mototaxi_desk.services import applications
    from mototaxi_desk.services.context import SYSTEM
    from mototaxi_desk.store.migrations import close_database, open_database
    open_database(url)
    try:
        barrier.wait(timeout=60)
        protocols = [applications.file_application(SYSTEM, person_id, "new_permit")["protocol"]
                     for _ in range(count)]
        results.put(("ok", protocols))
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

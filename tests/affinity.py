"""Each pytest-xdist worker on a core of its own, with the PostgreSQL sessions it uses (the
suite's time, issue 40 item 6).

A test's query is a round trip: the worker sends it, the server's backend process answers,
the worker waits. On this 2-core virtual machine, a round trip between two cores costs about
100 µs (the other core's wake-up), on one core 26 µs (measured with `SELECT 1`, 06/12/2026);
the PostgreSQL tests make about 200 queries each. The worker and its backend never run at
the same moment (one waits for the other), so they lose nothing by sharing a core, and the
other worker keeps the other core.

Only where the machine allows it: Linux's sched_setaffinity, a server on this machine (the
backend's process id means nothing elsewhere) and the right to move its processes (root, or
the server's own user); otherwise the tests run as before, unpinned."""
from __future__ import annotations

import os
from pathlib import Path

_core: int | None = None  # this worker's core, once pinned
_all: set[int] = set()  # the cores it could use before


def pin_worker(config) -> None:
    """Pin this process (an xdist worker: `gw<N>`) to one core, N modulo the usable cores.
    Subprocesses started by its tests inherit the core."""
    global _core, _all
    worker = getattr(config, "workerinput", {}).get("workerid", "")
    if not worker.startswith("gw") or not hasattr(os, "sched_setaffinity"):
        return
    cores = sorted(os.sched_getaffinity(0))
    count = int(config.workerinput.get("workercount", len(cores)))
    if len(cores) < 2 or count > len(cores):
        return  # more workers than cores: the scheduler shares them better than a pin
    core = cores[int(worker[2:]) % len(cores)]
    os.sched_setaffinity(0, {core})
    _core, _all = core, set(cores)


def unpin(pid: int) -> None:
    """Give a child process every core this worker had before it was pinned: the
    concurrency tests' counters race for real, at the same moment on both cores, not by
    turns on one."""
    if _core is not None:
        try:
            os.sched_setaffinity(pid, _all)
        except OSError:  # ended already, or not ours to move: it keeps the worker's core
            pass


def follow(connection) -> None:
    """Put the server's backend process of a new psycopg2 `connection` on this worker's
    core, when that server runs on this machine (no query: libpq knows the process id)."""
    if _core is None:
        return
    try:
        host, pid = connection.info.host, connection.info.backend_pid
        if not _local(host) or Path(f"/proc/{pid}/comm").read_text().strip() != "postgres":
            return  # another machine's server: that number is no process of ours
        os.sched_setaffinity(pid, {_core})
    except Exception:  # noqa: BLE001 - not allowed, or gone: left where it is
        return


def _local(host: str | None) -> bool:
    return not host or host.startswith("/") or host in ("localhost", "127.0.0.1", "::1")

"""`check` on a large register uses the second core (issue 23: 168 s of CPU at a million
notices, one core busy, the other idle).

Three parts of it need nothing from each other: SQLite's page-level integrity_check (C code
that leaves the interpreter free: a thread of this process, on its own connection), the
seals (every sealed row's digest against the last audit entry that sealed it: a child
process, services/child_jobs.py, which reads only the entries' seals) and the rest (the
hash chain, the consistency of the records: here). Each part finds what it found before,
with the same words; `integrity.check` puts them in the same order.

Below PARALLEL_FROM audit entries, or inside a transaction (a child would not see what it
has not committed), everything stays in this thread: a child's start costs more than it
saves there. A child that cannot start or fails leaves its part to this thread.
"""
from __future__ import annotations

import logging
import threading
from typing import Callable

import peewee as pw

from ...store import connection
from ...store.models import DB, AuditLog

_log = logging.getLogger(__name__)
PARALLEL_FROM = 200_000  # audit entries (~7 s of check on a 2-core office PC's kind)


def worth_it() -> bool:
    """Whether the register is large enough, committed, and in a database another
    connection and process can open (a server, a file), for parts run beside."""
    database, url = DB.obj, connection.current_url()
    if database is None or database.in_transaction() or url is None:
        return False
    if not connection.is_postgres(database) and \
            not connection.sqlite_path(url.strip()).is_file():
        return False  # an in-memory database is this connection's alone
    return (AuditLog.select(pw.fn.MAX(AuditLog.id)).scalar() or 0) >= PARALLEL_FROM


STOP_WAIT_S = 10  # a stopped part's child is killed within 50 ms (child_jobs.POLL_S)


class Beside:
    """`call()` run in a thread of its own, started now; `result()` waits for it and gives
    what it returned (or raises what it raised). Its database connection (`reads`) is its
    own, closed when it ends; `stop()` cuts its query or kills its child (an error
    elsewhere: nobody waits for it)."""

    def __init__(self, call: Callable[[], object], *, reads: bool = True):
        self._result, self._error, self._raw = None, None, None
        self.stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(call, reads), daemon=True,
                                        name="check-beside")
        self._thread.start()

    def _run(self, call, reads: bool) -> None:
        try:
            connection.stop_queries_when(self.stopping)
            if reads:  # opened now, for stop() to cut its query from another thread
                self._raw = connection.thread_connection()
            self._result = call()
        except BaseException as exc:  # noqa: BLE001 - handed to the waiting thread
            self._error = exc
        finally:
            connection.stop_queries_when(None)
            self._raw = None
            if DB.obj is not None and not DB.obj.is_closed():
                DB.obj.close()  # this thread's connection only (peewee's are per thread)

    def result(self):
        self._thread.join()
        if self._error is not None:
            raise self._error
        return self._result

    def stop(self, wait_s: float = STOP_WAIT_S) -> None:
        """Cut its query, have its child killed, and wait for that (`wait_s` at most): a
        command ending on an error must not leave a child process running on."""
        self.stopping.set()
        raw = self._raw
        if raw is not None:
            connection.interrupt(raw)
        self._thread.join(wait_s)


def seal_problems_in_child() -> list[str] | None:
    """audit_walk.seal_problems() of the whole log, worked out by a child process (killed
    when this thread is stopped); None when the child could not do it (the caller then
    does it)."""
    from .. import child_jobs
    try:
        return child_jobs.run("seal_problems")
    except (child_jobs.ChildJobError, OSError) as exc:  # OSError: no temporary folder
        _log.warning("a conferência dos selos em outro processo falhou (%s): feita aqui", exc)
        return None

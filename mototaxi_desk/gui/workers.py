"""Work that takes longer than a keystroke runs off the GUI thread, so the window never
freezes. Each pool thread gets its own database connection (peewee connections are per
thread), which is what SQLite in WAL mode and PostgreSQL both expect."""
from __future__ import annotations

import logging
import threading
from typing import Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

_log = logging.getLogger(__name__)


class Cancelled(Exception):
    """Raised inside work the user cancelled (from its progress callback): the work's
    transaction rolls back, so nothing of it is written."""


class _Signals(QObject):
    done = Signal(object)
    failed = Signal(object)


# Qt sizes its global pool by the cores this process may use (QThread.idealThreadCount):
# one on a single-core PC or a process held to one core, two on the commonest office PC.
# The jobs mostly wait on the database, not on a core, and one slow report (or the Painel
# of a big register) would hold every later job behind it — the search, the prontuário, the
# report the clerk chose next. Each thread holds a database connection of its own while its
# job runs: a handful, not one per job.
MIN_THREADS = 6

_running: set[_Job] = set()  # the jobs started and not ended (stop_background_work)
_running_lock = threading.Lock()


class _Job(QRunnable):
    def __init__(self, work: Callable[[], object], interruptible: bool):
        super().__init__()
        self.work = work
        self.interruptible = interruptible
        self.signals = _Signals()
        self.ended = threading.Event()  # set when run() has left, connection closed
        self.stopping = threading.Event()  # stop(): its queries raise Interrupted
        self._raw = None  # this job's database connection, once open

    def run(self) -> None:
        from ..store import connection
        connection.stop_queries_when(self.stopping)
        try:
            try:
                if self.interruptible:
                    self._raw = connection.thread_connection()  # for stop() to cut a query
                if self.stopping.is_set():
                    raise Cancelled()
                result = self.work()
            except Cancelled as exc:  # asked for: not an error to log
                self.signals.failed.emit(exc)
            except Exception as exc:  # delivered to the GUI thread, which shows it
                if self.stopping.is_set():  # stopped as its window closed: nobody waits
                    self.signals.failed.emit(Cancelled())
                else:
                    _log.exception("trabalho em segundo plano falhou")
                    self.signals.failed.emit(exc)
            else:
                self.signals.done.emit(result)
        except RuntimeError:
            pass  # the window that asked was closed meanwhile: nobody to tell
        finally:
            connection.stop_queries_when(None)
            self._raw = None
            from ..store.migrations import close_database
            close_database()  # this thread's connection only (peewee's are per thread)
            with _running_lock:
                _running.discard(self)
            self.ended.set()

    def stop(self) -> None:
        """Ask an interruptible job to end now: its next query raises, the one running is
        cut; what it wrote in its transaction rolls back."""
        self.stopping.set()
        raw = self._raw
        if raw is not None:
            from ..store import connection
            connection.interrupt(raw)


class _Receiver(QObject):
    """Delivers a job's outcome to its callbacks for as long as `owner` lives: a child of
    the owner, deleted with it, so Qt drops the connections and a job that ends after its
    page was closed calls nothing (a lambda connected directly would still run, on a
    deleted label)."""

    def __init__(self, owner: QObject, on_done, on_failed):
        super().__init__(owner)
        self._on_done, self._on_failed = on_done, on_failed

    def done(self, result) -> None:
        self._on_done(result)

    def failed(self, exc) -> None:
        if self._on_failed is not None:
            self._on_failed(exc)


def stop_background_work() -> None:
    """Stop the interruptible jobs (reads: the Painel, the integrity check, a report) that
    are still running; the others (a backup, a restore, a batch print) are left to end."""
    with _running_lock:
        jobs = [job for job in _running if job.interruptible]
    for job in jobs:
        job.stop()


def end_background_work() -> None:
    """Stop the interruptible jobs and wait for every job to end. The stop is repeated
    while they run: one that reaches a query just as it starts (sent, not yet running on
    the server) is not cut by it."""
    while True:
        stop_background_work()
        if wait_for_background_work(100):
            return


def wait_for_background_work(timeout_ms: int = -1) -> bool:
    """Block until every job started here has ended (True), or `timeout_ms` passed (False).
    A window waits for its jobs as it closes: a job left running would go on reading a
    database the program is about to close or replace (and, at exit, run Python in a thread
    the interpreter is tearing down)."""
    return QThreadPool.globalInstance().waitForDone(timeout_ms)


def run_in_background(work: Callable[[], object], on_done: Callable[[object], None],
                      on_failed: Callable[[Exception], None] | None = None, *,
                      interruptible: bool = False) -> _Job:
    """Run `work()` in the pool; `on_done(result)` is called in the GUI thread. When
    on_done is a method of a widget, neither callback runs once that widget is deleted.
    `interruptible`: work that only reads (or writes in one transaction that may roll
    back), which a closing window stops rather than waits for."""
    job = _Job(work, interruptible)
    owner = getattr(on_done, "__self__", None)
    if isinstance(owner, QObject):
        job.receiver = _Receiver(owner, on_done, on_failed)
        job.signals.done.connect(job.receiver.done)
        job.signals.failed.connect(job.receiver.failed)
    else:
        job.signals.done.connect(on_done)
        if on_failed is not None:
            job.signals.failed.connect(on_failed)
    job.setAutoDelete(False)  # the caller keeps it while its signals may still fire
    with _running_lock:
        _running.add(job)
    pool().start(job)
    return job


def pool() -> QThreadPool:
    """Qt's global pool, with room for MIN_THREADS jobs at once whatever the cores."""
    instance = QThreadPool.globalInstance()
    if instance.maxThreadCount() < MIN_THREADS:
        instance.setMaxThreadCount(MIN_THREADS)
    return instance

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


class _Job(QRunnable):
    def __init__(self, work: Callable[[], object]):
        super().__init__()
        self.work = work
        self.signals = _Signals()
        self.ended = threading.Event()  # set when run() has left, connection closed

    def run(self) -> None:
        try:
            try:
                result = self.work()
            except Cancelled as exc:  # asked for: not an error to log
                self.signals.failed.emit(exc)
            except Exception as exc:  # delivered to the GUI thread, which shows it
                _log.exception("trabalho em segundo plano falhou")
                self.signals.failed.emit(exc)
            else:
                self.signals.done.emit(result)
        except RuntimeError:
            pass  # the window that asked was closed meanwhile: nobody to tell
        finally:
            from ..store.migrations import close_database
            close_database()  # this thread's connection only (peewee's are per thread)
            self.ended.set()


def run_in_background(work: Callable[[], object], on_done: Callable[[object], None],
                      on_failed: Callable[[Exception], None] | None = None) -> _Job:
    """Run `work()` in the pool; `on_done(result)` is called in the GUI thread."""
    job = _Job(work)
    job.signals.done.connect(on_done)
    if on_failed is not None:
        job.signals.failed.connect(on_failed)
    job.setAutoDelete(False)  # the caller keeps it while its signals may still fire
    QThreadPool.globalInstance().start(job)
    return job

"""The day's due-dates table built while the login shows (issue 23).

The day's first Painel brings the table of the whole register's alerts to the day (about
0.1 s of CPU at 100,000 holders; about 2 s when it must be computed whole, 4 s on
PostgreSQL:
services/views/due_dates.py). run_gui starts that work as soon as the file's integrity verdict is in,
in a child process (services/child_jobs.py: on another core, so the login, the main window
and the first searches keep this interpreter to themselves); the Painel's own job waits for
it before reading (`wait`), and builds the table itself when the child could not. The Painel
starts it again when it finds the table stale later in the day (a change of everybody's
alerts: a profile adopted, a campaign), showing the table as it was meanwhile.
"""
from __future__ import annotations

import logging

from .workers import Cancelled, run_in_background

_log = logging.getLogger(__name__)
_job = None


def start() -> None:
    """Build the table for today in the background (nothing when it is already fresh, nor
    while an earlier start still builds it: one child computing the register is enough)."""
    global _job
    from ..services import child_jobs
    if _job is not None and not _job.ended.is_set():
        return

    def failed(exc: Exception) -> None:
        if not isinstance(exc, Cancelled):
            _log.warning("a preparação dos prazos do Painel falhou: %s", exc)
    _job = run_in_background(lambda: child_jobs.run("prepare_painel"), lambda built: None,
                             failed, interruptible=True)


WAIT_AT_MOST_S = 300  # a child that never ends must not leave the Painel "carregando…"


def wait() -> None:
    """In the Painel's job: until the preparation started here has ended (at once when none
    was started or it ended; after WAIT_AT_MOST_S the Painel goes on and builds the table
    itself if need be). A closing window stops both."""
    from ..store.connection import Interrupted, stop_requested
    job = _job
    if job is None:
        return
    for _ in range(int(WAIT_AT_MOST_S * 10)):  # in slices: the Painel's own stop ends it
        if job.ended.wait(0.1):
            return
        if stop_requested():
            raise Interrupted()

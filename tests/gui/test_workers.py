"""Background work (gui/workers.py) that ends after the page that asked for it is gone."""
from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QLabel, QWidget

from mototaxi_desk.gui.workers import run_in_background


class _Page(QWidget):
    def __init__(self):
        super().__init__()
        self.title = QLabel(self)
        self.shown = []

    def show_result(self, result) -> None:
        self.shown.append(result)


def _job_after_the_page_is_deleted(qtbot, work):
    page, release = _Page(), threading.Event()
    title = page.title

    def slow():
        release.wait(10)
        return work()
    job = run_in_background(slow, page.show_result, lambda exc: title.setText(str(exc)))
    page.deleteLater()
    qtbot.waitUntil(lambda: not _alive(title))
    release.set()
    assert job.ended.wait(10)
    QThreadPool.globalInstance().waitForDone(10_000)
    qtbot.wait(50)  # the queued outcome, if anything were still connected


def _alive(widget) -> bool:
    from shiboken6 import isValid
    return isValid(widget)


def test_a_failure_after_the_page_closed_touches_nothing(qtbot):
    """The Painel's load failed after its page was deleted (a closed database at the end of
    a test) and its error callback wrote on the deleted label: the callbacks now die with
    the page (pytest-qt fails the test on any exception raised in the Qt event loop)."""
    def fails():
        raise RuntimeError("banco fechado")
    _job_after_the_page_is_deleted(qtbot, fails)


def test_a_result_after_the_page_closed_touches_nothing(qtbot):
    _job_after_the_page_is_deleted(qtbot, lambda: {"alerts": []})


def test_the_result_reaches_a_live_page(qtbot):
    page = _Page()
    run_in_background(lambda: 42, page.show_result)
    qtbot.waitUntil(lambda: page.shown == [42])
    page.deleteLater()


def _endless_query(database) -> str:
    from mototaxi_desk.store import connection
    if connection.is_postgres(database):
        return "SELECT pg_sleep(60)"
    return ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
            "SELECT count(*) FROM (SELECT x FROM c LIMIT 5000000000)")


@pytest.mark.both_backends  # cutting a query is each backend's own
def test_a_closing_window_cuts_a_long_read_and_keeps_nothing_of_it(db, qtbot, caplog):
    """Issue 23: a window closing while an interruptible job reads (the integrity check
    walking a large register, the Painel) stops it — the query running is cut, the next
    raises — instead of waiting minutes; its transaction rolls back; nothing is logged as
    a failure. Work that is not interruptible (a backup) is left to end."""
    from mototaxi_desk.gui import workers
    from mototaxi_desk.store.models import DB, Stand
    from ..conftest import row_counts
    before = row_counts()
    page, started = _Page(), threading.Event()
    failures = []

    def long_read():
        with DB.obj.atomic():
            Stand.create(number=99, name="Rascunho", location="Centro")
            started.set()
            DB.obj.execute_sql(_endless_query(DB.obj)).fetchone()
        return "acabou"
    job = run_in_background(long_read, page.show_result, failures.append, interruptible=True)
    other = run_in_background(lambda: (started.wait(10), "cópia feita")[1], page.show_result)
    assert started.wait(10)
    ending = threading.Thread(target=workers.end_background_work, daemon=True)
    ending.start()  # as a closing window does
    ending.join(20)
    assert not ending.is_alive(), "the long read was awaited, not cut"
    assert job.ended.is_set() and other.ended.is_set()
    qtbot.waitUntil(lambda: len(failures) == 1 and page.shown == ["cópia feita"])
    assert isinstance(failures[0], workers.Cancelled)
    assert not other.stopping.is_set()
    assert row_counts() == before
    assert "falhou" not in caplog.text
    page.deleteLater()


def test_a_stopped_job_raises_at_its_next_query(db, qtbot):
    """Between two queries (Python computing) a stop is seen at the next query."""
    from mototaxi_desk.gui import workers
    from mototaxi_desk.store.models import Stand
    page, computing, reached = _Page(), threading.Event(), []
    failures = []

    def computes_then_reads():
        Stand.select().count()
        computing.set()
        time.sleep(0.3)  # the Python part, between queries
        reached.append("after")
        return Stand.select().count()
    job = run_in_background(computes_then_reads, page.show_result, failures.append,
                            interruptible=True)
    assert computing.wait(10)
    job.stop()  # while it computes: no query to cut
    assert job.ended.wait(10)
    qtbot.waitUntil(lambda: len(failures) == 1)
    assert reached == ["after"] and page.shown == []
    assert isinstance(failures[0], workers.Cancelled)
    page.deleteLater()


def test_a_job_waiting_on_another_does_not_hold_the_next_one_on_a_one_core_pc(qtbot):
    """On a single-core PC Qt's pool has room for one job (QThread.idealThreadCount): a slow
    report held the clerk's next report, search or Painel until it ended (measured with the
    test workers held to one core each: the reports' tests waited 10 s and failed)."""
    pool = QThreadPool.globalInstance()
    before = pool.maxThreadCount()
    pool.setMaxThreadCount(1)  # what Qt gives a process that may use one core
    release, page = threading.Event(), _Page()
    try:
        slow = run_in_background(lambda: (release.wait(10), "relatório lento")[1],
                                 page.show_result)
        run_in_background(lambda: "busca", page.show_result)
        qtbot.waitUntil(lambda: page.shown == ["busca"], timeout=5_000)
        assert not slow.ended.is_set()  # the slow one still running meanwhile
    finally:
        release.set()
        pool.waitForDone(10_000)
        pool.setMaxThreadCount(before)
    qtbot.waitUntil(lambda: page.shown == ["busca", "relatório lento"])

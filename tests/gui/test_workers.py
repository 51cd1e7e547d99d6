"""Background work (gui/workers.py) that ends after the page that asked for it is gone."""
from __future__ import annotations

import threading

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

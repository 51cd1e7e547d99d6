"""Python's cyclic garbage collector runs in whichever thread happens to allocate when a
threshold is crossed. A background job (the Painel loading) could then free a closed
window's Qt objects off the GUI thread, which crashes Qt: a worker thread died with a
segmentation fault while "Garbage-collecting" inside a date format in the alerts. So the
automatic collection is turned off and done instead by a timer on the GUI thread, at the
same thresholds (the recipe pyqtgraph and other Qt programs use); reference counting still
frees everything that is not in a cycle at once."""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QThread, QTimer

INTERVAL_MS = 100  # a check that finds nothing due costs microseconds

_installed: _Collector | None = None


class _Collector(QObject):
    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.thresholds = gc.get_threshold()
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(collect_if_due)
        self.timer.start()


def install(app: QObject) -> None:
    """Collect on the GUI thread only, from now on (once per process; `app` owns the timer).
    Called on the GUI thread."""
    global _installed
    if _installed is not None:
        return
    assert QThread.currentThread() is app.thread(), "install() belongs to the GUI thread"
    _installed = _Collector(app)
    gc.disable()


def collect_if_due() -> int:
    """The collection the interpreter would have made by now, made here (GUI thread): the
    youngest generation past its threshold and those older ones past theirs."""
    if _installed is None:
        return 0
    counts, thresholds = gc.get_count(), _installed.thresholds
    if counts[0] <= thresholds[0]:
        return 0
    generation = 0
    if counts[1] > thresholds[1]:
        generation = 2 if counts[2] > thresholds[2] else 1
    return gc.collect(generation)


def settle_start_up() -> None:
    """The start-up's garbage (some 40,000 objects in cycles: imports, the profile parsed)
    collected now, while the login shows, and what lives on from it (modules, classes, the
    screens' code: some 80,000 objects) moved out of every later collection (gc.freeze).
    Otherwise the first full collection fell in the main window's first paint (27 ms at 2
    cores) and each later one walked them all again while the Painel loads."""
    gc.collect()
    gc.freeze()

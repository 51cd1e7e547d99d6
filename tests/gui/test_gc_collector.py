"""Garbage in reference cycles (a closed window's Qt objects among it) is freed on the GUI
thread only (mototaxi_desk/gui/gc_collector.py): an xdist worker crashed with a segmentation
fault in a Painel job "Garbage-collecting" a closed window in the job's thread."""
from __future__ import annotations

import gc
import threading

from mototaxi_desk.gui import gc_collector


class _Cycle:
    freed_in: list[str] = []

    def __init__(self):
        self.me = self

    def __del__(self):
        _Cycle.freed_in.append(threading.current_thread().name)


def test_a_background_thread_never_collects_and_the_gui_thread_does(qapp):
    assert not gc.isenabled()  # installed with the application (tests/conftest.py: qapp)
    gc.collect()
    _Cycle.freed_in.clear()
    _Cycle()  # unreachable at once, but in a cycle: only the collector frees it

    kept = []

    def allocates():  # far past the youngest generation's threshold (kept alive)
        kept.extend([i] for i in range(50 * gc.get_threshold()[0]))
    worker = threading.Thread(target=allocates, name="painel-job")
    worker.start()
    worker.join()
    assert _Cycle.freed_in == []
    assert gc_collector.collect_if_due() >= 1
    assert _Cycle.freed_in == [threading.current_thread().name] == ["MainThread"]
    kept.clear()


def test_the_timer_collects_on_the_gui_thread(qtbot):
    gc.collect()
    _Cycle.freed_in.clear()

    def freed() -> bool:
        # well past the threshold, again at each look: objects freed meanwhile (an earlier
        # test's window deleted later, a job's results) lower the count allocations raised
        for _ in range(3 * gc.get_threshold()[0]):
            _Cycle()
        return len(_Cycle.freed_in) > 0
    qtbot.waitUntil(freed, timeout=5000)
    assert set(_Cycle.freed_in) == {"MainThread"}


def test_the_start_up_s_garbage_is_freed_and_what_lives_left_out_of_later_collections(qapp):
    """settle_start_up (while the login shows): a full collection now, then what survived
    frozen, so that no later collection walks the start-up's objects again."""
    gc.collect()
    _Cycle.freed_in.clear()
    _Cycle()
    kept = [[i] for i in range(1000)]
    try:
        gc_collector.settle_start_up()
        assert _Cycle.freed_in == ["MainThread"]
        assert gc.get_freeze_count() >= len(kept)
        assert all(not gc.is_tracked(x) or x not in gc.get_objects() for x in kept[:3])
    finally:
        gc.unfreeze()  # the other tests' collections as they were

"""One reading (store/reading.py, issue 40 item 4): inside it a value is read once; outside
it, and inside a transaction, every time (a write sees what another counter committed)."""
from __future__ import annotations

from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.reading import one_reading, remembered


def _counting():
    calls = []

    def compute():
        calls.append(1)
        return len(calls)
    return calls, compute


def test_read_once_inside_every_time_outside_and_in_a_transaction(db):
    calls, compute = _counting()
    assert remembered("k", compute) == 1 and remembered("k", compute) == 2  # no reading
    with one_reading():
        assert remembered("k", compute) == 3
        with one_reading():  # nested: the outer reading's
            assert remembered("k", compute) == 3
        assert remembered("other", compute) == 4
        with write_transaction():
            assert remembered("k", compute) == 5  # a write reads afresh
        assert remembered("k", compute) == 3
    assert remembered("k", compute) == 6  # gone with the reading

"""The suite's own core pinning (tests/affinity.py): each xdist worker on a core, and the
PostgreSQL backends it opens on the same one, only where that is safe."""
from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from .. import affinity


@pytest.fixture
def pinned(monkeypatch):
    calls = []
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(os, "sched_setaffinity", lambda pid, cores: calls.append((pid, cores)),
                        raising=False)
    monkeypatch.setattr(affinity, "_core", None)
    return calls


def _config(worker: str, count: int):
    return SimpleNamespace(workerinput={"workerid": worker, "workercount": count})


def test_each_worker_gets_its_own_core(pinned):
    affinity.pin_worker(_config("gw1", 2))
    assert pinned == [(0, {1})] and affinity._core == 1


def test_more_workers_than_cores_are_left_to_the_scheduler(pinned):
    affinity.pin_worker(_config("gw0", 3))
    assert pinned == [] and affinity._core is None


def test_the_controller_or_a_run_without_workers_is_not_pinned(pinned):
    affinity.pin_worker(SimpleNamespace())
    assert pinned == [] and affinity._core is None


def _connection(host: str, pid: int):
    return SimpleNamespace(info=SimpleNamespace(host=host, backend_pid=pid))


def test_a_backend_of_a_server_elsewhere_is_never_moved(pinned, monkeypatch):
    monkeypatch.setattr(affinity, "_core", 1)
    affinity.follow(_connection("db.prefeitura.local", os.getpid()))
    assert pinned == []


def test_a_local_pid_that_is_not_postgres_is_never_moved(pinned, monkeypatch):
    monkeypatch.setattr(affinity, "_core", 1)
    affinity.follow(_connection("127.0.0.1", os.getpid()))  # this Python, not a backend
    assert pinned == []


def test_a_child_unpinned_gets_every_core_the_worker_had(pinned):
    affinity.pin_worker(_config("gw0", 2))
    affinity.unpin(4321)
    assert pinned == [(0, {0}), (4321, {0, 1})]


def test_unpinning_in_a_run_without_pins_does_nothing(pinned):
    affinity.unpin(4321)
    assert pinned == []


def test_a_child_already_gone_is_no_error(monkeypatch):
    monkeypatch.setattr(affinity, "_core", 0)
    monkeypatch.setattr(affinity, "_all", {0, 1})

    def gone(pid, cores):
        raise ProcessLookupError(pid)
    monkeypatch.setattr(os, "sched_setaffinity", gone, raising=False)
    affinity.unpin(4321)  # no exception: the test that started it goes on

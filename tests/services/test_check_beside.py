"""Issue 23: `check` on a large register runs SQLite's integrity_check in a thread and the
seals in a child process beside the rest (services/trust/check_beside.py), and finds exactly what
the check all in one thread finds, in the same order: an audit entry edited, a sealed row
edited, a dangling foreign key. A child that fails leaves its part to the check itself; an
error stops the parts beside. On SQLite and PostgreSQL."""
from __future__ import annotations

import threading

import pytest

from mototaxi_desk.services.trust import audit_walk, check_beside, integrity
from mototaxi_desk.services import child_jobs
from mototaxi_desk.demo import data as demo
from mototaxi_desk.store.models import DB, AuditLog, InfractionNotice

from .test_tamper import _sql


@pytest.fixture
def tampered(municipio, db_url):
    """A bulk register edited outside the program three ways."""
    demo.fill_bulk(8, seed=3, with_users=False, notices=25)
    assert integrity.check() == []
    entry = AuditLog.select().order_by(AuditLog.id).offset(10).first()
    _sql(db_url, "UPDATE audit_log SET entity_id = ? WHERE id = ?", ("999999", entry.id))
    notice = InfractionNotice.select().order_by(InfractionNotice.id.desc()).first()
    _sql(db_url, "UPDATE infraction_notice SET fine_cents = 1 WHERE id = ?", (notice.id,))
    if db_url.startswith("sqlite"):
        _sql(db_url, "INSERT INTO cnh (person_id, number, category, first_licence_date, "
                     "expiry_date, ear) VALUES (?, ?, ?, ?, ?, ?)",
             (999999, "12345678901", "A", "2020-01-01", "2030-01-01", 0))
    return entry, notice


def _in_one_thread(monkeypatch) -> list[str]:
    monkeypatch.setattr(check_beside, "PARALLEL_FROM", 10**12)
    return integrity.check()


@pytest.fixture
def children(monkeypatch):
    """The child jobs the check started (run as usual)."""
    started = []
    real = child_jobs.run

    def recorded(job, **kwargs):
        started.append(job)
        return real(job, **kwargs)
    monkeypatch.setattr(child_jobs, "run", recorded)
    return started


def test_the_parts_beside_find_what_one_thread_finds(tampered, db_url, monkeypatch, children):
    entry, notice = tampered
    alone = _in_one_thread(monkeypatch)
    assert children == []
    assert any(f"registro nº {entry.id} " in p for p in alone)
    assert any(p.startswith(f"Auto de infração id {notice.id} ") for p in alone)
    assert any("tabelas: cnh" in p for p in alone) == db_url.startswith("sqlite")
    walks = []
    real_walk = audit_walk.walk
    monkeypatch.setattr(audit_walk, "walk", lambda **kw: walks.append(kw) or real_walk(**kw))
    monkeypatch.setattr(check_beside, "PARALLEL_FROM", 1)
    assert integrity.check() == alone
    assert children == ["seal_problems"]
    assert [w["seals"] for w in walks] == [False]  # the seals were not read here


@pytest.mark.parametrize("failure", [
    child_jobs.ChildJobError("o processo em segundo plano terminou sem resposta"),
    OSError(28, "No space left on device")])  # no temporary folder for the child
def test_a_child_that_fails_leaves_the_seals_to_the_check(tampered, monkeypatch, failure):
    alone = _in_one_thread(monkeypatch)

    def failing(job, **kwargs):
        raise failure
    monkeypatch.setattr(child_jobs, "run", failing)
    monkeypatch.setattr(check_beside, "PARALLEL_FROM", 1)
    assert integrity.check() == alone


def test_an_error_stops_the_parts_beside(municipio, monkeypatch):
    """The check failing midway stops the child it started (child_jobs.run kills it when
    its thread's stop is asked) instead of leaving it to run on."""
    from mototaxi_desk.store import connection
    demo.fill_bulk(4, seed=3, with_users=False, notices=5)
    stopped = threading.Event()

    def until_stopped(job, **kwargs):
        while not connection.stop_requested():
            threading.Event().wait(0.01)
        stopped.set()
        raise connection.Interrupted()
    monkeypatch.setattr(child_jobs, "run", until_stopped)

    def broken():
        raise RuntimeError("falha no meio da conferência")
    monkeypatch.setattr(integrity, "number_problems", broken)
    monkeypatch.setattr(check_beside, "PARALLEL_FROM", 1)
    with pytest.raises(RuntimeError, match="falha no meio"):
        integrity.check()
    # stopped before check() gave the error back: a command ending there leaves no child
    assert stopped.is_set()
    assert not [t for t in threading.enumerate() if t.name == "check-beside"]


def test_small_registers_and_open_transactions_stay_in_one_thread(municipio, monkeypatch):
    assert not check_beside.worth_it()  # far below PARALLEL_FROM
    monkeypatch.setattr(check_beside, "PARALLEL_FROM", 1)
    assert check_beside.worth_it()
    with DB.obj.atomic():  # a child would not see what is not committed
        assert not check_beside.worth_it()

"""Issue 23: `check` reads the audit log and the sealed tables raw, in keyset batches
(services/trust/audit_walk.py, store/scan.py), and still finds what it found reading them through
the models: an audit entry edited, deleted or moved, a sealed row edited or deleted — at
the edges of the batches too — with the same messages. Its number of queries does not grow
with the rows it reads (batches of store.scan.BATCH). On SQLite and PostgreSQL."""
from __future__ import annotations

import pytest

from mototaxi_desk.services import audit
from mototaxi_desk.services.trust import audit_walk, integrity
from mototaxi_desk.demo import data as demo
from mototaxi_desk.store import scan
from mototaxi_desk.store.models import (DB, MODELS, SEALED_FIELDS, AuditLog, Fee,
                                        InfractionNotice)

from ..querycount import count_queries
from .test_tamper import _sql

COLUMNS = ("user_id", "at", "action", "entity", "entity_id", "before", "after", "prev_hash",
           "entry_hash", "seals", "machine")


@pytest.fixture
def bulk(municipio, monkeypatch):
    """A bulk register (holders, notices with fines, payments and proceedings, each with
    its sealed audit entries) read in batches of 7 rows, so every walk crosses many batch
    edges."""
    demo.fill_bulk(12, seed=3, with_users=False, notices=40)
    assert integrity.check(file_check=False) == []  # sound before anyone edits it
    monkeypatch.setattr(scan, "BATCH", 7)
    assert integrity.check(file_check=False) == []  # and in small batches
    return [i for (i,) in AuditLog.select(AuditLog.id).order_by(AuditLog.id).tuples()]


def _row(entry_id: int) -> tuple:
    sql = f"SELECT {', '.join(COLUMNS)} FROM audit_log WHERE id = {DB.obj.param}"
    return DB.obj.execute_sql(sql, (entry_id,)).fetchone()


def _broken(problems: list[str]) -> str:
    found = [p for p in problems if p.startswith("Trilha de auditoria quebrada")]
    assert len(found) == 1, problems
    return found[0]


@pytest.mark.parametrize("at", [0, 6, 7, 13])  # first in the log, last / first of a batch
def test_an_edited_entry_is_found_at_that_entry(bulk, db_url, at):
    target = AuditLog.get_by_id(bulk[at])
    _sql(db_url, "UPDATE audit_log SET entity_id = ? WHERE id = ?", ("999999", target.id))
    assert _broken(integrity.check(file_check=False)) == (
        f"Trilha de auditoria quebrada no registro nº {target.id} "
        f"({target.at:%d/%m/%Y %H:%M:%S} UTC, {target.action}): o conteúdo foi alterado "
        "depois de gravado (data, usuário, máquina, ação, entidade ou dados antes/depois não "
        "conferem com o hash).")
    assert audit.verify()["count"] == at


@pytest.mark.parametrize("at", [7, 8, 20])
def test_a_deleted_entry_breaks_the_next_link(bulk, db_url, at):
    _sql(db_url, "DELETE FROM audit_log WHERE id = ?", (bulk[at],))
    problem = _broken(integrity.check(file_check=False))
    assert f"registro nº {bulk[at + 1]} " in problem
    assert f"o elo com o registro anterior (nº {bulk[at - 1]}) não confere" in problem


def test_reordered_entries_are_found(bulk, db_url):
    """Two entries swapped across a batch edge (every column but the id)."""
    first, second = bulk[6], bulk[7]
    a, b = _row(first), _row(second)
    assignments = ", ".join(f"{c} = ?" for c in COLUMNS)
    _sql(db_url, f"UPDATE audit_log SET {assignments} WHERE id = ?", (*b, first))
    _sql(db_url, f"UPDATE audit_log SET {assignments} WHERE id = ?", (*a, second))
    problem = _broken(integrity.check(file_check=False))
    assert f"registro nº {first} " in problem and f"(nº {bulk[5]}) não confere" in problem


def test_edited_sealed_rows_are_found_in_every_batch(bulk, db_url):
    notices = list(InfractionNotice.select().order_by(InfractionNotice.id))
    edited = [notices[0], notices[7], notices[-1]]
    for notice in edited:
        _sql(db_url, "UPDATE infraction_notice SET fine_cents = 1 WHERE id = ?", (notice.id,))
    problems = [p for p in integrity.check(file_check=False) if "Auto de infração" in p]
    assert [p.split(" (auto")[0] for p in problems] == [
        f"Auto de infração id {n.id}" for n in edited]
    assert all(f"(auto nº {n.number:05d}/{n.year}) foi alterado fora do programa: não "
               "confere com o selo do registro de auditoria nº" in p
               for n, p in zip(edited, problems))


def test_a_deleted_sealed_row_is_found(bulk, db_url):
    fee = Fee.select().order_by(Fee.id.desc()).first()
    _sql(db_url, "DELETE FROM fee WHERE id = ?", (fee.id,))
    assert any(p.startswith(f"Taxa id {fee.id} foi apagado fora do programa: não confere com "
                            "o selo do registro de auditoria nº")
               for p in integrity.check(file_check=False))


def test_many_edited_rows_are_named_up_to_the_limit(bulk, db_url):
    _sql(db_url, "UPDATE infraction_notice SET points = points + 1")
    ids = [i for (i,) in InfractionNotice.select(InfractionNotice.id)
           .order_by(InfractionNotice.id).tuples()]
    problems = audit_walk.seal_problems()
    assert len(problems) == 21 and problems[-1].startswith("… e outros registros")
    assert [p.split(" (auto")[0] for p in problems[:20]] == [
        f"Auto de infração id {i}" for i in ids[:20]]


def test_checks_queries_do_not_grow_with_the_register(municipio, monkeypatch):
    """The walks read in batches: the same statements for a register twice the size, and
    with tiny batches one more statement per batch, never one per row."""
    demo.fill_bulk(10, seed=3, with_users=False, notices=30)
    with count_queries() as small:
        assert integrity.check(file_check=False) == []
    demo.fill_bulk(10, seed=5, with_users=False, notices=30)
    with count_queries() as large:
        assert integrity.check(file_check=False) == []
    assert large.queries == small.queries, large.report()
    monkeypatch.setattr(scan, "BATCH", 50)
    with count_queries() as batched:
        assert integrity.check(file_check=False) == []
    walked = AuditLog.select().count() + sum(
        model.select().count() for model in MODELS if model._meta.table_name in SEALED_FIELDS)
    assert large.queries < batched.queries <= large.queries + walked // 50 + 20


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # the file check is SQLite's
def test_the_file_check_runs_with_a_larger_cache_and_gives_it_back(municipio, db_url):
    """integrity_check runs with a larger page cache (its index lookups reread less of the
    file); the connection gets its own size back, and what the check finds is unchanged."""
    before = DB.obj.execute_sql("PRAGMA cache_size").fetchone()[0]
    assert integrity.check() == []
    assert DB.obj.execute_sql("PRAGMA cache_size").fetchone()[0] == before
    _sql(db_url, "INSERT INTO cnh (person_id, number, category, first_licence_date, "
                 "expiry_date, ear) VALUES (?, ?, ?, ?, ?, ?)",
         (999999, "12345678901", "A", "2020-01-01", "2030-01-01", 0))  # no such person
    assert integrity.file_problems() == [
        "1 registro(s) apontam para registros que não existem (tabelas: cnh)."]
    assert DB.obj.execute_sql("PRAGMA cache_size").fetchone()[0] == before

"""A connection the PostgreSQL server dropped (issue 34 item 9: a restart, a LAN or Wi-Fi blip,
measured with pg_terminate_backend) is opened anew: a read is sent again, a write that
found it dropped before it began runs on the new one, and a write cut in the middle is
refused once with "A conexão com o servidor caiu; a operação não foi gravada — tente de
novo", with nothing of it written. It used to fail every later action ("connection already
closed") until the program was restarted. Only the test's own backend is ended
(tests/dropped.py)."""
from __future__ import annotations

import pytest

from mototaxi_desk.services import audit
from mototaxi_desk.services.register import stands
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store import bulk, connection, reconnect
from mototaxi_desk.store.connection import ConnectionLost, write_transaction
from mototaxi_desk.store.models import DB, AlertDue, Stand

from ..conftest import BACKENDS, row_counts
from ..dropped import backend_pid, drop_connection, dropping_before

ON_POSTGRESQL = pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # or skipped

LOST = "A conexão com o servidor caiu; a operação não foi gravada — tente de novo."


def _stand(number: int) -> dict:
    return {"number": number, "name": f"Ponto {number}", "location": "Praça da Matriz"}


@ON_POSTGRESQL
def test_a_read_after_the_drop_is_sent_again_on_a_new_connection(municipio):
    Stand.create(number=1, name="A", location="Centro")
    ended = drop_connection()
    assert Stand.select().count() == 1  # was: "server closed the connection unexpectedly"
    assert backend_pid() != ended
    assert [s.name for s in Stand.select()] == ["A"]  # and every read after it


@ON_POSTGRESQL
def test_a_write_after_the_drop_runs_on_a_new_connection(municipio):
    """The drop came between two actions: the next action's BEGIN finds it, nothing of the
    action was sent yet, so the action runs whole on a new connection (its audit entry
    chained under the chain's lock, taken on the new connection)."""
    drop_connection()
    made = stands.create_stand(SYSTEM, _stand(3))
    assert Stand.get_by_id(made["id"]).number == 3
    assert audit.verify()["ok"]


@ON_POSTGRESQL
def test_a_drop_in_the_middle_of_a_write_is_reported_and_nothing_is_half_written(municipio,
                                                                                monkeypatch):
    """The stand was inserted, then the connection dropped before its audit entry: the
    server rolled the insert back with the session; sending the entry on a new connection
    would have audited a stand that does not exist."""
    before = row_counts()
    with monkeypatch.context() as patch, pytest.raises(ConnectionLost) as refused:
        ended = dropping_before(patch, audit, "record")
        stands.create_stand(SYSTEM, _stand(4))
    assert ended and str(refused.value) == LOST
    assert row_counts() == before  # read on a new connection: nothing of it was written
    assert not DB.obj.in_transaction()
    made = stands.create_stand(SYSTEM, _stand(4))  # the next action works: tried again
    assert Stand.get_by_id(made["id"]).name == "Ponto 4"
    assert audit.verify()["ok"]


@ON_POSTGRESQL
def test_a_drop_inside_a_nested_block_is_reported_once_from_the_outermost(municipio):
    """A savepoint's rollback on the dropped connection raises the same refusal, not
    "connection already closed"."""
    before = row_counts()
    with pytest.raises(ConnectionLost) as refused:
        with write_transaction():
            Stand.create(number=5, name="Fora", location="Centro")
            with write_transaction():
                Stand.create(number=6, name="Dentro", location="Centro")
                drop_connection()
                Stand.create(number=7, name="Depois", location="Centro")
    assert str(refused.value) == LOST
    assert row_counts() == before


@ON_POSTGRESQL
def test_a_commit_lost_on_its_way_says_the_action_may_not_have_been_written(municipio):
    """The COMMIT was sent and no answer came: the server may have committed or not. The
    message says so instead of "não foi gravada", and the COMMIT is never sent again."""
    before = row_counts()
    dropped = []

    def drop_just_before_commit():
        if not dropped:
            dropped.append(drop_connection())
    connection.before_commit(drop_just_before_commit)  # the last callback: then COMMIT
    try:
        with pytest.raises(ConnectionLost) as refused:
            with write_transaction():
                Stand.create(number=8, name="Quase", location="Centro")
    finally:
        connection._before_commit.remove(drop_just_before_commit)
    assert str(refused.value) == reconnect.LOST_UNSURE
    assert "pode não ter sido gravada" in str(refused.value)
    assert row_counts() == before  # here the server had ended before the COMMIT came
    with write_transaction():
        Stand.create(number=8, name="Agora", location="Centro")
    assert Stand.get(Stand.number == 8).name == "Agora"


@ON_POSTGRESQL
def test_a_write_outside_any_transaction_is_never_sent_twice(municipio):
    """A statement written outside a transaction (each one its own commit) that finds the
    connection dropped may have been carried out: reported as such, not repeated."""
    drop_connection()
    with pytest.raises(ConnectionLost) as refused:
        Stand.create(number=9, name="Solta", location="Centro")  # no transaction around
    assert str(refused.value) == reconnect.LOST_UNSURE
    assert Stand.select().where(Stand.number == 9).count() == 0  # sent once, to a dead end


@ON_POSTGRESQL
def test_a_bulk_insert_on_a_dropped_connection_is_the_same_refusal(municipio):
    """store/bulk.py works on the driver's own cursor (psycopg2's errors, not peewee's)."""
    before = row_counts()
    rows = [(i, "cnh", "2026-12-01", "x", "person", i, None, 0, "0001", None, "", "", "")
            for i in range(1, 4)]
    from mototaxi_desk.services.views import due_dates
    with pytest.raises(ConnectionLost) as refused:
        with write_transaction():
            Stand.create(number=10, name="Antes", location="Centro")
            drop_connection()
            bulk.insert_values(AlertDue, due_dates.COLUMNS, rows)
    assert str(refused.value) == LOST
    assert row_counts() == before


@ON_POSTGRESQL
def test_a_server_out_of_reach_is_said_in_portuguese_until_it_is_back(municipio, monkeypatch):
    """While the server restarts nobody can connect: each action says so in Portuguese
    (not a traceback), and the first one after it is back works."""
    database = DB.obj
    port = database.connect_params["port"]
    drop_connection()
    monkeypatch.setitem(database.connect_params, "port", 9)  # nothing listens there
    for _ in range(2):
        with pytest.raises(ConnectionLost) as refused:
            stands.create_stand(SYSTEM, _stand(11))
        assert str(refused.value).startswith("Sem conexão com o servidor do banco de dados (")
        assert "a operação não foi gravada — verifique a rede e tente de novo" in \
            str(refused.value)
    with pytest.raises(ConnectionLost):  # what a background job asks for first (workers.py)
        connection.thread_connection()
    monkeypatch.setitem(database.connect_params, "port", port)
    stands.create_stand(SYSTEM, _stand(11))
    assert Stand.select().where(Stand.number == 11).count() == 1


@ON_POSTGRESQL
def test_errors_on_a_live_connection_are_raised_as_they_were(municipio):
    """Only a connection the driver found closed is replaced: a bad statement or a broken
    constraint keeps its own error and its connection."""
    import peewee as pw
    pid = backend_pid()
    with pytest.raises(pw.ProgrammingError):
        DB.obj.execute_sql("SELECT no_such_column FROM stand")
    with pytest.raises(pw.IntegrityError):
        with write_transaction():
            Stand.create(number=12, name="A", location="Centro")
            Stand.create(number=12, name="B", location="Centro")
    assert backend_pid() == pid
    assert Stand.select().where(Stand.number == 12).count() == 0


@ON_POSTGRESQL
def test_a_session_lock_held_across_a_drop_is_gone_with_it(municipio):
    """A session advisory lock dies with its session; the block goes on (its work must be
    correct alone, connection.session_lock), ends without an error, and the lock is free."""
    with connection.session_lock("reconnect-test", wait_s=0):
        drop_connection()
        assert Stand.select().count() == 0
    assert connection._advisory("pg_try_advisory_lock", "reconnect-test")
    assert connection._advisory("pg_advisory_unlock", "reconnect-test")


@ON_POSTGRESQL
def test_a_link_that_died_silently_is_probed(db):
    """TCP keepalive on the program's connections: a query waiting on a link that died
    without a word (Wi-Fi gone) fails as dropped within two minutes, instead of hours."""
    parameters = DB.obj.connection().get_dsn_parameters()
    assert {key: parameters.get(key) for key in reconnect.KEEPALIVES} == \
        {key: str(value) for key, value in reconnect.KEEPALIVES.items()}
    assert reconnect.KEEPALIVES["keepalives"] == 1


@pytest.mark.parametrize("sql, again", [
    ("SELECT 1", True), ("  (SELECT 1) UNION (SELECT 2)", True), ("SHOW search_path", True),
    ("set lock_timeout = 0", True), ("INSERT INTO t VALUES (1)", False),
    ("UPDATE t SET a = 1", False), ("DELETE FROM t", False), ("WITH x AS (DELETE FROM t) "
                                                              "SELECT 1", False), ("", False)])
def test_only_reads_are_sent_again(sql, again):
    assert reconnect.rereadable(sql) is again

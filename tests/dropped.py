"""Dropping the program's own PostgreSQL connection as a server restart or a network blip
does (issue 34 item 9): the backend of this thread's connection is ended with
pg_terminate_backend, sent on a second connection of its own. Only that backend, never
another: other test workers and other programs use the same server at the same time."""
from __future__ import annotations

from contextlib import closing

from mototaxi_desk.store.models import DB

from .conftest import PG_URL


def backend_pid() -> int:
    """The server process of this thread's connection to the program's database."""
    return DB.obj.execute_sql("SELECT pg_backend_pid()").fetchone()[0]


def terminate(pid: int) -> None:
    """End backend `pid`, and wait until it has ended (PostgreSQL 14's timeout argument)."""
    import psycopg2
    with closing(psycopg2.connect(PG_URL, connect_timeout=5)) as other:
        other.autocommit = True
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s, 10000)", (pid,))
            assert cursor.fetchone()[0], f"the server did not end backend {pid}"


def drop_connection() -> int:
    """This thread's connection ended by the server; returns the ended backend's pid."""
    pid = backend_pid()
    terminate(pid)
    return pid


def dropping_before(monkeypatch, owner, name: str, when=lambda *a, **k: True) -> list[int]:
    """`owner.name` patched so that at its first call for which `when(*args)` holds, this
    thread's connection is dropped just before it runs (mid-action, inside the action's
    transaction when it is called in one). Returns the list of ended pids (one at most)."""
    original = getattr(owner, name)
    ended: list[int] = []

    def dropping(*args, **kwargs):
        if not ended and when(*args, **kwargs):
            ended.append(drop_connection())
        return original(*args, **kwargs)
    monkeypatch.setattr(owner, name, dropping)
    return ended

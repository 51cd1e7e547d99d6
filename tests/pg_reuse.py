"""PostgreSQL connections kept between the tests of a worker (the suite's time, issue 40).

A test opens the program's database once or many times (every command of a CLI story opens
and closes it), and a new PostgreSQL session costs far more than its queries: the server
forks a backend (5-13 ms here), and that backend reads the catalogue of every table it
touches for the first time (15-25 ms for the 48 tables of the schema). Schemas come back
from the pool (tests/prepared.py) under the same names, so a kept session reused for the
next test finds its catalogue cache warm.

The program's PostgresqlDatabase (store/connection.py) is patched in tests only: closing
hands the session back here after `DISCARD ALL` (outside any transaction: the session's
settings back to those of its URL, session advisory locks released, temporary tables
dropped), and opening with the same parameters takes it again after a `SELECT 1` shows it
alive. A session in a transaction, in error or dropped by the server is closed as before,
so the program's reconnection (store/reconnect.py) meets exactly what it meets in use."""
from __future__ import annotations

import threading

from . import affinity

KEEP = 6  # idle sessions kept by a worker, the oldest closed first (the server's
# max_connections is shared by both workers and every other program on it)

_lock = threading.Lock()
_idle: list[tuple[tuple, object]] = []  # (parameters, session), oldest first
_key_of: dict[int, tuple] = {}


def _key(database) -> tuple:
    return (database.database,
            tuple(sorted((k, str(v)) for k, v in database.connect_params.items())))


def install(patch) -> None:
    """Patch the program's PostgresqlDatabase with `patch` (a pytest MonkeyPatch)."""
    from mototaxi_desk.store import connection
    cls = connection.PostgresqlDatabase
    connect, close = cls._connect, cls._close

    def _connect(self):
        key = _key(self)
        while True:
            with _lock:
                conn = _take(key)
            if conn is None:
                break
            if _alive(conn):
                _key_of[id(conn)] = key
                return conn
            _key_of.pop(id(conn), None)
            conn.close()
        conn = connect(self)
        affinity.follow(conn)  # its backend on this worker's core (tests/affinity.py)
        _key_of[id(conn)] = key
        return conn

    def _close(self, conn):
        key = _key_of.pop(id(conn), None)
        if key is None or not _reset(conn):
            return close(self, conn)
        with _lock:
            _idle.append((key, conn))
            oldest = _idle.pop(0)[1] if len(_idle) > KEEP else None
        if oldest is not None:
            oldest.close()
        return None

    patch.setattr(cls, "_connect", _connect)
    patch.setattr(cls, "_close", _close)


def _take(key):
    for i in range(len(_idle) - 1, -1, -1):
        if _idle[i][0] == key:
            return _idle.pop(i)[1]
    return None


def _alive(conn) -> bool:
    try:
        with conn.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception:  # noqa: BLE001 - any failure: a new session instead
        return False


def _reset(conn) -> bool:
    """The session as a new one would be, or False when it cannot be kept."""
    import psycopg2.extensions as ext
    try:
        if conn.closed or conn.get_transaction_status() != ext.TRANSACTION_STATUS_IDLE:
            return False
        conn.autocommit = True
        with conn.cursor() as cursor:
            cursor.execute("DISCARD ALL")
        return True
    except Exception:  # noqa: BLE001 - dropped or broken: closed as before
        return False


def close_all() -> None:
    with _lock:
        sessions = [conn for _key, conn in _idle]
        _idle.clear()
    for conn in sessions:
        try:
            conn.close()
        except Exception:  # noqa: BLE001
            pass


def forget(schema: str) -> None:
    """Close the idle sessions of a schema being dropped (never asked for again)."""
    with _lock:
        gone = [conn for key, conn in _idle if f"search_path={schema}" in str(key)]
        _idle[:] = [(key, conn) for key, conn in _idle if conn not in gone]
    for conn in gone:
        conn.close()

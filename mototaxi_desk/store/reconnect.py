"""A PostgreSQL connection dropped by the server or the network (a restart, a LAN or Wi-Fi
blip, an administrator's pg_terminate_backend) is thrown away and opened anew, instead of
being kept to fail every later action with "connection already closed".

What may be done with the statement that found the connection dropped depends on where it ran:
- outside a transaction, a read (SELECT, SHOW, SET) or a BEGIN is sent once more on a new
  connection: nothing had been written, and the clerk notices nothing;
- inside a transaction, the server rolled the whole transaction back when the session
  ended. Sending the rest of it on a new connection would write half an action, so
  ConnectionLost is raised instead (a StoreError whose message the clerk sees). The
  rollback does not touch the dead connection, and the next action opens a new one;
- a COMMIT, or a write sent outside a transaction, lost on its way may or may not have
  been carried out by the server: the message says so (LOST_UNSURE), and it is never sent
  again.
A connection counts as dropped when the driver marks it closed (psycopg2 sets
`connection.closed` when libpq finds the link broken), whatever the error's text and the
language of the server's messages. An error on a live connection (a constraint, a cancelled
query) is raised as it was. SQLite has no connection to lose and does not use this.

(playhouse.shortcuts.ReconnectMixin was not enough: it matches English message fragments,
sends again any statement outside a transaction, writes included, and inside one leaves the
dead connection in place, so the rollback fails with "connection already closed" instead
of the action being reported as not written.)"""
from __future__ import annotations

import logging

import peewee as pw

from .errors import StoreError

_log = logging.getLogger(__name__)

LOST = "A conexão com o servidor caiu; a operação não foi gravada — tente de novo."
LOST_UNSURE = ("A conexão com o servidor caiu enquanto a operação era gravada; ela pode não "
               "ter sido gravada — confira e, se preciso, tente de novo.")
UNREACHABLE = ("Sem conexão com o servidor do banco de dados ({reason}); a operação não foi "
               "gravada — verifique a rede e tente de novo.")

# a link that died without a word (Wi-Fi gone, a cable pulled) is noticed by TCP keepalive
# probes after 80 s of silence (130 s where the system fixes the count at 10 probes, as
# older Windows does), instead of the system's two hours: a query waiting on it then fails
# as dropped
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 30, "keepalives_interval": 10,
              "keepalives_count": 5}

_DRIVER_ERRORS = (pw.DatabaseError, pw.InterfaceError)
# statements that leave nothing behind on the server: sent again on a new connection
_REREADABLE = frozenset({"SELECT", "SHOW", "SET"})


class ConnectionLost(StoreError):
    """The connection to the database server dropped during an action; the message says
    whether the action may have been written. The next action opens a new connection."""


def rereadable(sql: str) -> bool:
    """Whether a statement run outside a transaction may be sent again: a read, never a
    write (compound selects begin with a parenthesis on PostgreSQL)."""
    words = sql.lstrip(" \t\r\n(").split(None, 1)
    return bool(words) and words[0].upper().rstrip(";") in _REREADABLE


def _reason(exc: Exception) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


class Reconnecting:
    """Mixed into the program's peewee PostgresqlDatabase (store/connection.py): the four
    ways a statement reaches the server (execute_sql, begin, commit, rollback) deal with a
    dropped connection as this module says. The connection state is per thread (peewee's),
    so a window's connection and its background jobs' reconnect each on their own."""

    def execute_sql(self, sql, params=None, *args, **kwargs):
        self._open_if_closed()
        try:
            return super().execute_sql(sql, params, *args, **kwargs)
        except _DRIVER_ERRORS as exc:
            if not self._dropped():
                raise
            if self.in_transaction():  # the statements before it are gone with the session
                raise ConnectionLost(LOST) from exc
            self._discard(exc)
            if not rereadable(sql):
                raise ConnectionLost(LOST_UNSURE) from exc
        return self._once_more(lambda: super(Reconnecting, self).execute_sql(
            sql, params, *args, **kwargs))

    def begin(self, *args, **kwargs):
        self._open_if_closed()
        try:
            return super().begin(*args, **kwargs)
        except _DRIVER_ERRORS as exc:
            if not self._dropped():
                raise
            if self.in_transaction():  # a BEGIN after a rollback within a block
                raise ConnectionLost(LOST) from exc
            self._discard(exc)  # nothing begun: the transaction starts on a new connection
        return self._once_more(lambda: super(Reconnecting, self).begin(*args, **kwargs))

    def commit(self):
        if self._dropped():  # found dropped before the COMMIT was sent: certainly not written
            raise ConnectionLost(LOST)
        try:
            return super().commit()
        except _DRIVER_ERRORS as exc:
            if not self._dropped():
                raise
            raise ConnectionLost(LOST_UNSURE) from exc  # the server may have committed

    def rollback(self):
        if not self._dropped():
            try:
                return super().rollback()
            except _DRIVER_ERRORS:
                if not self._dropped():
                    raise
        # the server rolled the transaction back as the session ended: nothing to send.
        # Peewee has unwound its transaction stack once the outermost block rolls back;
        # only then may the connection's state be thrown away
        if not self.in_transaction():
            self._discard(None)
        return None

    def connection(self):
        """The driver's connection of this thread (a background job keeps it to cut a
        query), opened now if need be, with a server out of reach said in Portuguese."""
        self._open_if_closed()
        return super().connection()

    # --- the connection ---------------------------------------------------------------

    def _dropped(self) -> bool:
        """This thread's connection is open for peewee but closed for the driver."""
        state = self._state
        return not state.closed and state.conn is not None and bool(
            getattr(state.conn, "closed", 0))

    def _discard(self, exc: Exception | None) -> None:
        """Forget this thread's dropped connection: the next statement opens a new one."""
        if exc is not None:
            _log.warning("conexão com o servidor perdida (%s); uma nova será aberta",
                         _reason(exc))
        with self._lock:
            raw = self._state.conn
            self._state.reset()
        try:
            raw.close()  # closed already for the driver: frees what is left of it
        except Exception:  # noqa: BLE001 - nothing left to free
            pass

    def _open_if_closed(self) -> None:
        """Open this thread's connection now if it has none (after a drop, or a new
        thread), so that a server still out of reach is said in Portuguese."""
        if self._state.closed and not self.deferred:
            try:
                self.connect(reuse_if_open=True)
            except pw.OperationalError as exc:
                raise ConnectionLost(UNREACHABLE.format(reason=_reason(exc))) from exc

    def _once_more(self, call):
        """`call()` on a new connection, after the first found the old one dropped."""
        self._open_if_closed()
        try:
            return call()
        except _DRIVER_ERRORS as exc:
            if not self._dropped():
                raise
            self._discard(exc)
            raise ConnectionLost(LOST) from exc


def dropped_is_lost(database):
    """A context for work done on the driver's own cursor (store/bulk.py): an error that
    found the connection dropped becomes ConnectionLost, as for the statements peewee sends."""
    return _DroppedIsLost(database)


class _DroppedIsLost:
    def __init__(self, database):
        self.database = database

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if not isinstance(exc, Exception) or isinstance(exc, ConnectionLost):
            return False
        database = self.database
        if not isinstance(database, Reconnecting) or not database._dropped():
            return False
        if database.in_transaction():
            raise ConnectionLost(LOST) from exc
        database._discard(exc)
        raise ConnectionLost(LOST_UNSURE) from exc

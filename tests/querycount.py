"""Count the SQL statements a piece of code issues, and the rows it reads back.

    with count_queries() as counted:
        records.person_record(actor, person_id)
    assert counted.queries <= 40

A counter, not a timer: a screen whose statements or rows grow with the register (rather than
with what it shows) is caught on a database of a few thousand rows, on any machine.
"""
from __future__ import annotations

from contextlib import contextmanager

from mototaxi_desk.store.models import DB


class _CountingCursor:
    """The driver's cursor, counting the rows fetched through it."""

    def __init__(self, cursor, counter):
        self._cursor, self._counter = cursor, counter

    def fetchone(self):
        row = self._cursor.fetchone()
        if row is not None:
            self._counter.rows += 1
        return row

    def fetchmany(self, *args):
        rows = self._cursor.fetchmany(*args)
        self._counter.rows += len(rows)
        return rows

    def fetchall(self):
        rows = self._cursor.fetchall()
        self._counter.rows += len(rows)
        return rows

    def __iter__(self):
        for row in self._cursor:
            self._counter.rows += 1
            yield row

    def __getattr__(self, name):
        return getattr(self._cursor, name)


class QueryCounter:
    def __init__(self):
        self.statements: list[str] = []
        self.rows = 0

    @property
    def queries(self) -> int:
        return len(self.statements)

    def __repr__(self) -> str:
        return f"<{self.queries} queries, {self.rows} rows>"

    def report(self) -> str:
        return "\n".join(self.statements)


IGNORED = ("SAVEPOINT", "RELEASE", "ROLLBACK TO", "BEGIN", "COMMIT", "ROLLBACK")


@contextmanager
def count_queries():
    """Counts the statements run on the bound database (DB.obj) inside the block, leaving
    out transaction control (BEGIN, SAVEPOINT...), and the rows read from them."""
    database = DB.obj
    counter = QueryCounter()
    original = database.execute_sql

    def execute_sql(sql, params=None, *args, **kwargs):
        cursor = original(sql, params, *args, **kwargs)
        if sql.lstrip().upper().startswith(IGNORED):
            return cursor
        counter.statements.append(sql)
        return _CountingCursor(cursor, counter)

    database.execute_sql = execute_sql
    try:
        yield counter
    finally:
        del database.execute_sql  # the class's method again

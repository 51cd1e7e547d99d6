"""Reads that every audited action makes, as SQL written once (issue 40 items 4 and 6).

peewee composes each query anew from its nodes: on the 2-core machine about 100 µs for a
one-column read and 300 µs for a whole row, more than SQLite takes to answer it. After
every action the program reads the chain's head several times, the município's IBGE code,
the current signing key and this station's mark (services/audit.py, services/trust/
checkpoints.py, services/trust/station_marks.py): a simple action spent half its time in
those reads, most of it composing them. Here they are plain text, the same on SQLite and
PostgreSQL but for the parameter mark. So are the two writes of every audited action to
tables the clock's row journal never records (store/row_journal.UNJOURNALED): the chain's
new entry and the index of last seals. Other writes stay with peewee (its field
conversions, the row journal's hook in store/connection.py)."""
from __future__ import annotations

from .connection import is_postgres
from .models import DB
from .row_journal import UNJOURNALED

_inserts: dict[tuple, str] = {}  # (table, columns, backend) -> the statement's text
_upserts: dict[tuple, str] = {}  # (table, key, columns, rows, backend) -> the statement's text


def rows(sql: str, *params) -> list[tuple]:
    """The rows of `sql`, whose parameters are written `?` (the bound backend's mark put in)."""
    database = DB.obj
    if database.param != "?":
        sql = sql.replace("?", database.param)
    return database.execute_sql(sql, params).fetchall()


def first(sql: str, *params) -> tuple | None:
    found = rows(sql, *params)
    return found[0] if found else None


def head() -> tuple[int, str | None] | None:
    """(id, entry_hash) of the audit chain's last entry; None when it is empty."""
    return first("SELECT id, entry_hash FROM audit_log ORDER BY id DESC LIMIT 1")


def _backend(database) -> tuple[str, bool]:
    return database.param, is_postgres(database)


def insert(table: str, values: dict) -> int:
    """Insert one row of `values` (column -> a value as the driver takes it: the ids of
    foreign keys, Python dates) into a table the row journal does not record; its new id."""
    if table not in UNJOURNALED:
        raise ValueError(f"{table}: its writes go through peewee (the row journal)")
    database = DB.obj
    param, postgres = _backend(database)
    columns = tuple(values)
    key = (table, columns, param, postgres)
    sql = _inserts.get(key)
    if sql is None:
        quoted = ", ".join(f'"{c}"' for c in columns)
        sql = (f'INSERT INTO "{table}" ({quoted}) VALUES ({", ".join([param] * len(columns))})'
               + (' RETURNING "id"' if postgres else ""))
        _inserts[key] = sql
    cursor = database.execute_sql(sql, list(values.values()))
    return cursor.fetchone()[0] if postgres else cursor.lastrowid


def upsert(table: str, key: tuple[str, ...], records: list[tuple], columns: tuple[str, ...]
           ) -> None:
    """Insert `records` (tuples in the order of `columns`) into a table the row journal does not
    record, a row whose `key` columns are already there taking the new values instead."""
    if table not in UNJOURNALED:
        raise ValueError(f"{table}: its writes go through peewee (the row journal)")
    database = DB.obj
    param, postgres = _backend(database)
    shape = (table, key, columns, len(records), param, postgres)
    sql = _upserts.get(shape)
    if sql is None:
        quoted = [f'"{c}"' for c in columns]
        one = f'({", ".join([param] * len(columns))})'
        target = ", ".join(f'"{c}"' for c in key)
        sql = (f'INSERT INTO "{table}" ({", ".join(quoted)}) VALUES {", ".join([one] * len(records))}'
               f' ON CONFLICT ({target}) DO UPDATE SET '
               + ", ".join(f'{q} = EXCLUDED.{q}' for c, q in zip(columns, quoted) if c not in key))
        _upserts[shape] = sql
    database.execute_sql(sql, [value for record in records for value in record])

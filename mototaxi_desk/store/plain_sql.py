"""Reads that every audited action makes, as SQL written once (issue 40 items 4 and 6).

peewee composes each query anew from its nodes: on the 2-core machine about 100 µs for a
one-column read and 300 µs for a whole row, more than SQLite takes to answer it. After
every action the program reads the chain's head several times, the município's IBGE code,
the current signing key and this station's mark (services/audit.py, services/trust/
checkpoints.py, services/trust/station_marks.py): a simple action spent half its time in
those reads, most of it composing them. Here they are plain text, the same on SQLite and
PostgreSQL but for the parameter mark. Writes stay with peewee (its field conversions, the
clock journal's hook in store/connection.py)."""
from __future__ import annotations

from .models import DB


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

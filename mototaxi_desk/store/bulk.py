"""Many rows into one table fast, inside the caller's transaction (an import of thousands
of records). peewee's insert_many builds its SQL value by value, which costs more than the
database's own work; here one parametrised INSERT is handed to the driver's batch call
(sqlite3 executemany, psycopg2 execute_values), or on PostgreSQL a hundred rows or more go
as one COPY. Values go through each field's db_value, as peewee would send them."""
from __future__ import annotations

import datetime as dt
import decimal
import io
import math

import peewee as pw

from .models import DB
from .reconnect import dropped_is_lost


def _sqlite_value(value):
    """What sqlite3's default adapters (which peewee relies on) store for dates."""
    if isinstance(value, dt.datetime):
        return value.isoformat(" ")
    if isinstance(value, dt.date):
        return value.isoformat()
    return value


def insert_rows(model, rows: list[dict], batch: int = 1000) -> int:
    """Insert dict rows (field name -> value; every row the same fields). Returns the count."""
    if not rows:
        return 0
    database = DB.obj
    if not database.in_transaction():
        raise RuntimeError("insert_rows must run inside the action's transaction")
    names = list(rows[0])
    # the fields left out get the model's default, as peewee's own insert gives them
    defaults = {name: f.default for name, f in model._meta.fields.items()
                if name not in names and f.default is not None}
    if defaults:
        rows = [{**row, **{n: d() if callable(d) else d for n, d in defaults.items()}}
                for row in rows]
        names += list(defaults)
    fields = [model._meta.fields[name] for name in names]
    columns = ", ".join(f'"{f.column_name}"' for f in fields)
    table = f'"{model._meta.table_name}"'
    sqlite = isinstance(database, pw.SqliteDatabase)
    # a str for a text column, an int for an integer or foreign-key column, and None are
    # what db_value would send anyway: only the other values go through it (a third of the
    # time of a million-row insert was spent converting values that needed nothing)
    plain = [str if isinstance(f, (pw.CharField, pw.TextField)) else
             int if isinstance(f, (pw.IntegerField, pw.ForeignKeyField)) else None
             for f in fields]
    columns_of = list(zip(names, fields, plain))

    def convert(row):
        out = []
        for name, field, kind in columns_of:
            value = row[name]
            if value is None or type(value) is kind:
                out.append(value)
            else:
                value = field.db_value(value)
                out.append(_sqlite_value(value) if sqlite else value)
        return tuple(out)
    return _insert(database, table, columns, [convert(row) for row in rows], batch)


def _insert(database, table: str, columns: str, values: list[tuple], batch: int) -> int:
    """One parametrised INSERT handed to the driver's batch call; on PostgreSQL, many rows
    of plain values as one COPY."""
    if isinstance(database, pw.SqliteDatabase):
        cursor = database.cursor()
        marks = ", ".join("?" for _ in columns.split(", "))
        sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
        for start in range(0, len(values), batch):
            cursor.executemany(sql, values[start:start + batch])
        return len(values)
    text = _copy_text(values) if len(values) >= COPY_FROM else None
    with dropped_is_lost(database):  # the driver's errors, not peewee's: a drop said alike
        cursor = database.cursor()
        if text is not None:
            cursor.copy_expert(f"COPY {table} ({columns}) FROM STDIN", io.StringIO(text))
        else:
            from psycopg2.extras import execute_values
            execute_values(cursor, f"INSERT INTO {table} ({columns}) VALUES %s", values,
                           page_size=batch)
    return len(values)


# PostgreSQL's COPY takes the rows as one text: the server parses it without an INSERT's
# statement per page of rows, the client writes it without quoting every value as a
# literal (the due-dates table's 24,000 rows: 1.43 -> 0.56 s, client and server halved)
COPY_FROM = 100  # rows; fewer go as an INSERT (an action's few rows: as they always did)
_COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})
_COPY_AS_TEXT = {int: str, bool: lambda b: "t" if b else "f", dt.date: dt.date.isoformat}


def _copy_text(values: list[tuple]) -> str | None:
    """The rows in COPY's text format (tab between columns, \\N for NULL, backslash
    escapes), or None when a value is of a type it is not written for here (bytes, a time
    with a time zone, an infinite number...): those rows go as an INSERT, the driver
    adapting them. The usual types by one lookup of their class (a whole due-dates table:
    2.4 million cells)."""
    cell = _COPY_CELLS
    lines = []
    for row in values:
        try:
            lines.append("\t".join([cell[value.__class__](value) for value in row]))
        except KeyError:  # another type: each value through the tests
            line = _copy_line(row)
            if line is None:
                return None
            lines.append(line)
    lines.append("")
    return "\n".join(lines)


def _copy_escaped(text: str) -> str:
    """str.translate looks up every character (30 million in a whole due-dates table);
    four scans in C find the few texts that have one to escape."""
    if "\\" in text or "\t" in text or "\n" in text or "\r" in text:
        return text.translate(_COPY_ESCAPES)
    return text


_COPY_CELLS = {type(None): lambda _none: "\\N", str: _copy_escaped, **_COPY_AS_TEXT}


def _copy_line(row: tuple) -> str | None:
    """A row with a value of a class _COPY_CELLS does not hold: the other types written."""
    cells = []
    for value in row:
        kind = value.__class__
        if kind in _COPY_CELLS:
            cells.append(_COPY_CELLS[kind](value))
        elif kind is dt.datetime and value.tzinfo is None:
            cells.append(value.isoformat(" "))
        elif kind in (float, decimal.Decimal) and math.isfinite(value):
            cells.append(str(value))
        else:
            return None
    return "\t".join(cells)


def insert_table_values(table: str, columns: list[str], values: list[tuple],
                        batch: int = 1000) -> int:
    """insert_values for a table no model describes (a temporary one): its name and
    columns as written in the SQL."""
    if not values:
        return 0
    if not DB.obj.in_transaction():
        raise RuntimeError("insert_table_values must run inside the action's transaction")
    return _insert(DB.obj, table, ", ".join(columns), values, batch)


def insert_values(model, names: list[str], values: list[tuple], batch: int = 1000) -> int:
    """Insert rows given as tuples of driver-ready values in the order of `names` (field
    names): no conversion at all, for a copy of many rows whose values the caller made
    plain (dates as ISO text on SQLite). Returns the count."""
    if not values:
        return 0
    database = DB.obj
    if not database.in_transaction():
        raise RuntimeError("insert_values must run inside the action's transaction")
    columns = ", ".join(f'"{model._meta.fields[n].column_name}"' for n in names)
    return _insert(database, f'"{model._meta.table_name}"', columns, values, batch)

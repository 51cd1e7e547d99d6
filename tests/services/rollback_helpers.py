"""Doing to a database what someone does behind the program's back: SQL on it, and putting
an older copy of it in place — on SQLite the file copied over the database's, on
PostgreSQL what a pg_restore of an older dump does (every table's rows and the sequences'
positions put back as they were)."""
from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from mototaxi_desk.store import backup
from mototaxi_desk.store.models import DB

from ..conftest import backend_of
from ..prepared import TABLES, PostgresBackend


def sql(db_url: str, statement: str, params=()) -> None:
    """A statement run outside the program: on the SQLite file with sqlite3, on PostgreSQL
    as raw SQL on the connection (no model, no audit)."""
    if backend_of(db_url) == "sqlite":
        conn = sqlite3.connect(_file(db_url))
        try:
            conn.execute(statement, params)
            conn.commit()
        finally:
            conn.close()
    else:
        DB.obj.execute_sql(statement.replace("?", "%s"), params)
        if DB.obj.in_transaction():
            DB.obj.commit()


def _file(db_url: str) -> str:
    return db_url.removeprefix("sqlite:///")


def older_copy(db_url: str, tmp_path: Path):
    """A copy of the database as it is now, to be put back later."""
    if backend_of(db_url) == "sqlite":
        return backup.copy_database(Path(_file(db_url)), tmp_path / "copia-antiga.db")
    schema = PostgresBackend.schema_of(db_url)
    copy = f"{schema}_copia"
    database = DB.obj
    database.execute_sql(f'CREATE SCHEMA "{copy}"')
    for table in TABLES:
        database.execute_sql(f'CREATE TABLE "{copy}"."{table}" AS '
                             f'SELECT * FROM "{schema}"."{table}"')
    sequences = database.execute_sql(
        "SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = %s",
        (schema,)).fetchall()
    return {"schema": copy, "sequences": sequences}


def put_back_by_hand(db_url: str, copy) -> None:
    """The older copy put in place of the database, not through the program."""
    database = DB.obj
    if backend_of(db_url) == "sqlite":
        database.close()
        for suffix in ("-wal", "-shm"):
            Path(f"{_file(db_url)}{suffix}").unlink(missing_ok=True)
        shutil.copyfile(copy, _file(db_url))
        database.connect()
        return
    schema = PostgresBackend.schema_of(db_url)
    with database.atomic():
        for table in reversed(TABLES):
            database.execute_sql(f'DELETE FROM "{schema}"."{table}"')
        for table in TABLES:
            database.execute_sql(f'INSERT INTO "{schema}"."{table}" '
                                 f'SELECT * FROM "{copy["schema"]}"."{table}"')
        for sequence, value in copy["sequences"]:
            database.execute_sql(f"SELECT setval('\"{schema}\".\"{sequence}\"', "
                                 f"{value or 1}, {'true' if value else 'false'})")


def drop_copy(db_url: str, copy) -> None:
    if backend_of(db_url) != "sqlite":
        DB.obj.execute_sql(f'DROP SCHEMA IF EXISTS "{copy["schema"]}" CASCADE')

"""Database: versioned schema, migrations on open, SQLite settings, clear errors."""
import datetime as dt
import sqlite3

import pytest

from mototaxi_desk.store import connection
from mototaxi_desk.store.connection import StoreError
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import DB, MODELS, Person, PersonNameToken, SchemaVersion


def test_new_database_gets_every_table_at_latest_version(db):
    assert current_version(db) == LATEST
    tables = set(db.get_tables())
    assert {m._meta.table_name for m in MODELS} <= tables


def test_sqlite_runs_wal_foreign_keys_busy_timeout(tmp_path):
    database = open_database(str(tmp_path / "a.db"))
    try:
        assert database.execute_sql("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert database.execute_sql("PRAGMA foreign_keys").fetchone()[0] == 1
        assert database.execute_sql("PRAGMA busy_timeout").fetchone()[0] >= 5000
    finally:
        close_database()


def test_version_1_database_is_upgraded_on_open(v1_url, tmp_path):
    """A database at schema version 1 is migrated to the current version, data kept."""
    database = open_database(v1_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert [v for (v,) in SchemaVersion.select(SchemaVersion.version).order_by(
        SchemaVersion.version).tuples()] == list(range(1, LATEST + 1))
    person = Person.get(Person.cpf == "52998224725")
    assert person.name == "Conceição Araújo Sá"
    # v2 filled the name index from the rows already there
    tokens = {t for (t,) in PersonNameToken.select(PersonNameToken.token).tuples()}
    assert tokens == {"conceicao", "araujo", "sa"}
    # the upgraded schema has every table and column a new database gets
    for model in MODELS:
        columns = {c.name for c in database.get_columns(model._meta.table_name)}
        assert columns == {f.column_name for f in model._meta.sorted_fields}, model
    indexes = {tuple(i.columns) for i in database.get_indexes("permit") if i.unique}
    assert ("stand_id", "stand_position") in indexes
    if not v1_url.startswith("postgresql"):  # a copy of the file was kept before migrating
        assert list((tmp_path / "backups").glob("test-antes-migracao-v1-*.db"))
    close_database()
    # opening again changes nothing
    database = open_database(v1_url, backup_dir=tmp_path / "backups")
    assert SchemaVersion.select().count() == LATEST


def test_newer_schema_is_refused_without_change(tmp_path):
    path = tmp_path / "newer.db"
    open_database(str(path))
    SchemaVersion.create(version=LATEST + 5, changed_at=dt.datetime(2030, 1, 1))
    close_database()
    with pytest.raises(StoreError, match="versão mais nova"):
        open_database(str(path))
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == LATEST + 5


def test_foreign_tables_are_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE clientes (id INTEGER)")
    with pytest.raises(StoreError, match="não são do Mototáxi Desk"):
        open_database(str(path))


@pytest.mark.parametrize("url, words", [
    ("mysql://x@y/z", "não suportado"), ("sqlite://relative.db", "malformado"),
    ("postgresql://", "malformado"), ("postgresql://host:porta/db", "malformado"),
    ("postgresql://user@host/", "malformado"), ("   ", "vazio"),
])
def test_malformed_urls(url, words):
    with pytest.raises(StoreError, match=words):
        connection.make_database(url)


def test_sqlite_url_and_plain_path_are_the_same_file(tmp_path):
    path = tmp_path / "x.db"
    assert connection.sqlite_path(f"sqlite:///{path}") == path
    assert connection.sqlite_path(str(path)) == path


def test_unreachable_postgres_is_one_clear_error():
    with pytest.raises(StoreError) as err:
        open_database("postgresql://postgres@127.0.0.1:1/nada")
    assert "Não foi possível conectar ao PostgreSQL" in str(err.value)
    assert "\n" not in str(err.value)


def test_read_only_folder_refused(tmp_path, monkeypatch):
    """CI runs as root, who can write anywhere: the check is exercised through os.access."""
    monkeypatch.setattr(connection.os, "access", lambda path, mode: False)
    with pytest.raises(StoreError, match="somente leitura"):
        open_database(str(tmp_path / "m.db"))
    assert not (tmp_path / "m.db").exists()


def test_db_proxy_is_bound_only_after_open(tmp_path):
    close_database()
    open_database(str(tmp_path / "b.db"))
    assert DB.obj is not None
    close_database()

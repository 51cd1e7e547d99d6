"""Downgrade refused clearly (issue 35 item 6): every schema step records the version of the
program that wrote it (schema step "program versions"), so a program that meets a database a
newer release wrote names that release — "instale o Mototáxi Desk 9.1.0 ou mais novo" — and
changes nothing: the SQLite file keeps every byte, PostgreSQL gets no write. On both backends,
from the services and from the command line; a copy of a newer release is refused the same way
by a restore."""
from __future__ import annotations

import hashlib
from pathlib import Path

import psycopg2
import pytest

import mototaxi_desk
from mototaxi_desk.store import backup, migrations, schema_history
from mototaxi_desk.store.backup import BackupError
from mototaxi_desk.store.connection import StoreError
from mototaxi_desk.store.migrations import LATEST, close_database, open_database
from mototaxi_desk.store.models import SchemaVersion

from ..prepared import PostgresBackend
from .schema_steps import before_step, step_named

STEP = step_named("_step_program_versions")
NEWER = "9.1.0"


def _rows() -> list[tuple[int, str | None]]:
    return list(SchemaVersion.select(SchemaVersion.version, SchemaVersion.program_version)
                .order_by(SchemaVersion.version).tuples())


def test_a_new_database_records_the_program_that_made_it(db):
    assert _rows() == [(LATEST, mototaxi_desk.__version__)]


def test_the_step_records_the_program_on_a_database_made_before_it(db_url, tmp_path):
    """A database from before the step: its rows stay without a version (the program that
    wrote them is not known), the steps run now record this program."""
    open_database(db_url)
    close_database()
    before_step(db_url, STEP, 'ALTER TABLE "schema_version" DROP COLUMN "program_version"')
    open_database(db_url, backup_dir=tmp_path / "backups")
    assert _rows() == [(STEP - 1, None)] + [(v, mototaxi_desk.__version__)
                                             for v in range(STEP, LATEST + 1)]


def _written_by_a_newer_release(url: str, tmp_path, monkeypatch) -> None:
    """The database as release NEWER leaves it: one schema step more than this program
    knows (a table of its own), migrated by NEWER's program (this one, with its version
    and its steps as NEWER's)."""
    open_database(url)
    close_database()

    def future_step(db):
        db.execute_sql('CREATE TABLE "future_register" ("id" INTEGER PRIMARY KEY)')
    with monkeypatch.context() as newer:
        newer.setitem(migrations.STEPS, LATEST + 1, future_step)
        newer.setattr(migrations, "LATEST", LATEST + 1)
        newer.setattr(mototaxi_desk, "__version__", NEWER)
        open_database(url, backup_dir=tmp_path / "copias-da-versao-nova")
        assert _rows()[-1] == (LATEST + 1, NEWER)
        close_database()


def _state(url: str) -> dict:
    """Everything a refused opening could have written: the SQLite file's bytes (and what
    else lies beside it); on PostgreSQL every row of every table and the sequences of the
    database's schema."""
    if not url.startswith("postgres"):
        folder = Path(url).parent
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(folder.iterdir()) if p.is_file()}
    schema = PostgresBackend.schema_of(url)
    connection = psycopg2.connect(url)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = %s "
                           "ORDER BY tablename", (schema,))
            state = {}
            for (table,) in cursor.fetchall():
                cursor.execute(f"SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY "
                               f"t::text), '')) FROM \"{schema}\".\"{table}\" t")
                state[table] = cursor.fetchone()[0]
            cursor.execute("SELECT sequencename, last_value FROM pg_sequences WHERE "
                           "schemaname = %s ORDER BY 1", (schema,))
            state["sequences"] = cursor.fetchall()
        return state
    finally:
        connection.close()


def test_a_database_of_a_newer_release_is_refused_naming_it_and_left_as_it_was(
        db_url, tmp_path, monkeypatch, cli):
    _written_by_a_newer_release(db_url, tmp_path, monkeypatch)
    before = _state(db_url)
    with pytest.raises(StoreError) as refused:
        open_database(db_url, backup_dir=tmp_path / "backups")
    message = str(refused.value)
    assert f"Mototáxi Desk {NEWER} (esquema {LATEST + 1}; este programa é o " \
           f"{mototaxi_desk.__version__} e conhece até o esquema {LATEST})" in message
    assert f"Instale o Mototáxi Desk {NEWER} ou mais novo. Nada foi alterado." in message
    assert _state(db_url) == before
    code, out, err = cli("--db", db_url, "alerts")
    assert code == 1 and out == ""
    assert f"instale o mototáxi desk {NEWER} ou mais novo" in err.lower()
    assert _state(db_url) == before
    assert not (tmp_path / "backups").exists()  # not even the copy before a migration


def test_restoring_a_copy_made_by_a_newer_release_names_it(tmp_path, monkeypatch):
    copy = tmp_path / "copia-da-versao-nova.db"
    _written_by_a_newer_release(str(copy), tmp_path, monkeypatch)
    before = copy.read_bytes()
    with pytest.raises(BackupError) as refused:
        backup.check_candidate(copy, tmp_path / "conferindo.db", LATEST)
    assert f"Instale o Mototáxi Desk {NEWER} ou mais novo antes de restaurar. Nada foi " \
           "alterado." in str(refused.value)
    assert copy.read_bytes() == before


@pytest.mark.parametrize("release, says", [
    ("0.10.0", "Instale o Mototáxi Desk 0.10.0 ou mais novo."),  # numbers, not text: 10 > 3
    (None, "Instale a versão mais recente do Mototáxi Desk."),  # a step that names none
    ("0.3.0", "Instale a versão mais recente do Mototáxi Desk."),  # a newer build of 0.3.0
])
def test_the_message_names_a_release_only_when_it_is_newer(release, says, monkeypatch):
    monkeypatch.setattr(mototaxi_desk, "__version__", "0.3.0")
    message = schema_history.newer_schema_message("Este banco de dados", 30, 24, release)
    assert message.startswith("Este banco de dados foi gravado por uma versão mais nova do "
                              "programa")
    assert "(esquema 30; este programa é o 0.3.0 e conhece até o esquema 24)" in message
    assert message.endswith(f"{says} Nada foi alterado.")

"""Backup and restore services (issue 8): round trip, the replaced database kept, refusals
that leave the database in use untouched, older schemas migrated, automatic copies every
24 h, audit and the administrator's role; pg_dump on PostgreSQL."""
import datetime as dt
import re
import sqlite3
import subprocess
from pathlib import Path

import pytest

from mototaxi_desk.services.administration import backups
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.context import SYSTEM, Actor, PermissionDenied
from mototaxi_desk.store import backup, connection, pgdump
from mototaxi_desk.store.backup import BackupError
from mototaxi_desk.store.migrations import LATEST, close_database, open_database
from mototaxi_desk.store.models import AuditLog, Person

from ..conftest import MUNICIPIOS, PF, PG_URL, SRM, row_counts
from ..store.backup_helpers import (copy_of, corrupt_pages, count, digest, execute,
                                    make_municipio_file)
from ..store.old_schema import create_v1


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return make_municipio_file(tmp_path_factory.mktemp("modelo") / "mototaxi.db", holders=200)


@pytest.fixture(scope="module")
def other_municipio(tmp_path_factory):
    return make_municipio_file(tmp_path_factory.mktemp("pf") / "mototaxi.db", PF, holders=20)


@pytest.fixture
def live(template, tmp_path):
    """The município's database, closed (as the command line finds it)."""
    (tmp_path / "pc").mkdir()
    return copy_of(template, tmp_path / "pc" / "mototaxi.db")


@pytest.fixture
def opened(live):
    """The same database open and bound, as the program has it."""
    open_database(str(live))
    yield live
    close_database()


def _audits(action: str) -> list[AuditLog]:
    return list(AuditLog.select().where(AuditLog.action == action).order_by(AuditLog.id))


def test_backup_then_restore_round_trip(opened, tmp_path):
    people = Person.select().count()
    made = backups.make_backup(SYSTEM)
    assert made["path"].parent == backup.folder() and made["path"].exists()
    assert made["bytes"] > 0 and made["kind"] == "manual"
    assert _audits("backup.create")[-1].entity_id == made["path"].name

    demo.fill_bulk(25, seed=9, with_users=False, waiting=0)  # work done after the copy
    assert Person.select().count() == people + 25

    done = backups.restore(SYSTEM, opened, made["path"])
    assert Person.select().count() == people  # the program's own connection sees it at once
    assert count(opened) == people
    # the replaced database is kept, with the work done after the copy
    assert done["kept"].name.startswith("mototaxi-antes-restauracao-")
    assert count(done["kept"]) == people + 25
    with sqlite3.connect(done["kept"]) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    # the restore is in the restored database's audit log, with who did it and what was kept
    entry = _audits("backup.restore")[-1]
    assert entry.user_id is None and '"by": "sistema"' in entry.after
    assert done["kept"].name in entry.before
    assert backups.status()["copies"][0]["kind"] == "antes-restauracao"


def test_restore_into_a_closed_database_keeps_the_callers_binding(live, tmp_path, db):
    """The command line restores without the database open; a test's own database (db)
    stays bound afterwards."""
    made = backup.keep_copy(live, tmp_path / "copias", "manual")
    execute(live, "DELETE FROM person_name_token")
    bound = connection.DB.obj
    done = backups.restore(SYSTEM, live, made)
    assert connection.DB.obj is bound
    assert count(live, "person_name_token") == count(made, "person_name_token") > 0
    with sqlite3.connect(live) as conn:
        actions = [a for (a,) in conn.execute("SELECT action FROM audit_log")]
    assert actions[-1] == "backup.restore" and done["kept"].exists()


def _random(tmp_path: Path, live: Path) -> Path:
    path = tmp_path / "aleatorio.db"
    path.write_bytes(bytes((i * 131 + 7) % 256 for i in range(50_000)))
    return path


def _truncated(tmp_path: Path, live: Path) -> Path:
    path = tmp_path / "cortado.db"
    path.write_bytes(live.read_bytes()[: live.stat().st_size * 2 // 3])
    return path


def _newer(tmp_path: Path, live: Path) -> Path:
    path = copy_of(live, tmp_path / "nova-versao.db")
    execute(path, f"INSERT INTO schema_version (version, changed_at) VALUES ({LATEST + 3}, "
                  "'2031-01-01')")
    return path


def _damaged(tmp_path: Path, live: Path) -> Path:
    path = copy_of(live, tmp_path / "paginas-ruins.db")
    pages = path.stat().st_size // 4096
    corrupt_pages(path, range(pages // 2, pages // 2 + 3))
    return path


def _stub(tmp_path: Path, live: Path) -> Path:
    """Only schema_version and municipio_settings, with the right IBGE code: before, it
    replaced the real database and every command then failed."""
    path = tmp_path / "esboco.db"
    name, uf, ibge, population = MUNICIPIOS[SRM]
    execute(path, "CREATE TABLE schema_version (id INTEGER PRIMARY KEY, version INTEGER, "
                  "changed_at TEXT)",
            f"INSERT INTO schema_version (version, changed_at) VALUES ({LATEST}, '2026-01-01')",
            "CREATE TABLE municipio_settings (id INTEGER PRIMARY KEY, name TEXT, uf TEXT, "
            "ibge_code TEXT)",
            f"INSERT INTO municipio_settings (name, uf, ibge_code) VALUES ('{name}', '{uf}', "
            f"'{ibge}')")
    return path


def _column_dropped(tmp_path: Path, live: Path) -> Path:
    path = copy_of(live, tmp_path / "sem-coluna.db")
    execute(path, "ALTER TABLE person DROP COLUMN phone")
    return path


def _broken_chain(tmp_path: Path, live: Path) -> Path:
    """An audit entry edited by SQL: the chain no longer links."""
    path = copy_of(live, tmp_path / "trilha-quebrada.db")
    execute(path, "UPDATE audit_log SET action = 'user.login' WHERE id = "
                  "(SELECT MIN(id) + 1 FROM audit_log)")
    return path


def _sealed_row_edited(tmp_path: Path, live: Path) -> Path:
    """The administrator's name edited by SQL in the copy: its audit seal no longer agrees."""
    path = copy_of(live, tmp_path / "selo.db")
    execute(path, "UPDATE \"user\" SET role = 'admin', full_name = 'Outro' WHERE login = 'admin'")
    return path


def _huge(tmp_path: Path, live: Path) -> Path:
    """A sparse file beyond the size a restore accepts (nothing is read but its header)."""
    path = copy_of(live, tmp_path / "enorme.db")
    with open(path, "r+b") as handle:
        handle.truncate(backup.MAX_RESTORE_BYTES + 4096)
    return path


@pytest.mark.parametrize("make, words", [
    (lambda tmp, live, other: _stub(tmp, live), "faltam .* tabela"),
    (lambda tmp, live, other: _column_dropped(tmp, live), "person.phone"),
    (lambda tmp, live, other: _broken_chain(tmp, live), "Trilha de auditoria quebrada"),
    (lambda tmp, live, other: _huge(tmp, live), "mais que o máximo aceito"),
    (lambda tmp, live, other: _sealed_row_edited(tmp, live),
     "Usuário id 1 \\(login admin\\) foi alterado fora do programa"),
    (lambda tmp, live, other: _random(tmp, live), "não é um banco de dados SQLite"),
    (lambda tmp, live, other: _truncated(tmp, live), "danificado ou incompleto"),
    (lambda tmp, live, other: _damaged(tmp, live), "danificado ou incompleto"),
    (lambda tmp, live, other: other, re.escape("Porto Feliz/SP (IBGE 3540606), mas este banco "
                                               "é de São Raimundo das Mangabeiras/MA")),
    (lambda tmp, live, other: _newer(tmp, live), "versão mais nova"),
    (lambda tmp, live, other: tmp / "sumiu.db", "não encontrado"),
], ids=["esboco", "sem-coluna", "trilha-quebrada", "enorme", "linha-selada-alterada", "aleatorio", "truncado", "paginas-danificadas", "outro-municipio", "esquema-novo",
        "inexistente"])
def test_bad_backups_are_refused_and_nothing_changes(live, other_municipio, tmp_path, make,
                                                    words):
    bad = make(tmp_path, live, other_municipio)
    before, source_before = digest(live), digest(bad) if bad.exists() else None
    with pytest.raises(BackupError, match=words) as err:
        backups.restore(SYSTEM, live, bad)
    assert "Nada foi alterado" in str(err.value)
    assert digest(live) == before
    assert not list(live.parent.glob("*restaurando*"))  # the checked copy is cleaned up
    assert not backup.folder().exists() or not list(backup.folder().iterdir())  # nothing kept
    if source_before:
        assert digest(bad) == source_before  # the chosen file is only read


def test_an_older_copy_restores_and_the_checkpoint_follows_it(opened):
    """The signed checkpoint is ahead of an older copy: the copy is accepted (it ends before
    the checkpoint) and the checkpoint is reset to the restored chain."""
    from mototaxi_desk.services.trust import checkpoints, integrity
    from mototaxi_desk.services.register import persons
    made = backups.make_backup(SYSTEM)
    person = Person.select().first()
    persons.update_person(SYSTEM, person.id, {"phone": "(99) 98765-4321"})
    ahead = checkpoints.read()["hash"]
    backups.restore(SYSTEM, opened, made["path"])
    assert checkpoints.read()["hash"] != ahead
    assert not [p for p in integrity.check(file_check=False) if "marco" in p or "Trilha" in p
                or "fora do programa" in p]


def test_refusal_while_the_program_has_it_open(opened, other_municipio):
    before = row_counts()
    with pytest.raises(BackupError, match="IBGE"):
        backups.restore(SYSTEM, opened, other_municipio)
    assert row_counts() == before


def test_only_the_administrator_backs_up_and_restores(opened):
    made = backups.make_backup(SYSTEM)
    before = row_counts()
    for role in ("atendente", "fiscal", "supervisor"):
        actor = Actor(None, role, role)
        with pytest.raises(PermissionDenied, match="Administrador"):
            backups.make_backup(actor)
        with pytest.raises(PermissionDenied):
            backups.restore(actor, opened, made["path"])
        with pytest.raises(PermissionDenied):
            backups.set_retention(actor, 5, 1, True)
    assert row_counts() == before
    assert len(backups.status()["copies"]) == 1


def test_older_schema_backup_is_migrated_after_restore(live, tmp_path):
    old = tmp_path / "v1" / "mototaxi.db"
    old.parent.mkdir()
    create_v1(str(old))
    name, uf, ibge, population = MUNICIPIOS[SRM]
    execute(old, "INSERT INTO municipio_settings (name, uf, ibge_code, population, profile_id, "
                 f"overrides, initial_tariff_cents, created_at) VALUES ('{name}', '{uf}', "
                 f"'{ibge}', {population}, '{SRM}', '{{}}', 0, '2020-01-01')")
    done = backups.restore(SYSTEM, live, old)
    assert done["schema_version"] == 1 and done["schema_version_now"] == LATEST
    with sqlite3.connect(live) as conn:
        assert conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0] == LATEST
        assert conn.execute("SELECT name FROM person").fetchall() == [("Conceição Araújo Sá",)]
        assert conn.execute("SELECT COUNT(*) FROM person_name_token").fetchone()[0] == 3
    kinds = {c.kind for c in backup.list_backups(backup.folder(), "mototaxi")}
    assert kinds == {"antes-restauracao", "antes-migracao-v1"}


def test_a_damaged_database_in_use_is_replaced_and_kept_as_it_was(live, template, tmp_path):
    good = backup.keep_copy(live, tmp_path / "copias", "manual")
    pages = live.stat().st_size // 4096
    corrupt_pages(live, range(pages // 3, pages // 3 + 4))
    damaged = digest(live)
    with pytest.raises(connection.StoreError, match="danificado"):
        open_database(str(live))
    done = backups.restore(SYSTEM, live, good)
    assert digest(done["kept"]) == damaged  # the damaged file as it was, for a specialist
    open_database(str(live))  # whole again
    close_database()


def test_automatic_copy_every_24_hours_and_rotation(opened, monkeypatch):
    t0 = dt.datetime(2026, 3, 10, 8, 0)
    first = backups.automatic_backup(now=t0)
    assert first["kind"] == "automatica" and first["path"].exists()
    assert _audits("backup.create")[-1].user_id is None  # the system acted
    assert backups.automatic_backup(now=t0 + dt.timedelta(hours=23, minutes=59)) is None
    assert backups.automatic_backup(now=t0 + dt.timedelta(hours=24))["kind"] == "automatica"
    # a copy dated in the future (a wrong clock) does not stop the automatic copy
    assert backups.automatic_due(now=t0 - dt.timedelta(days=3))
    # turned off in the settings: no copy
    backups.set_retention(SYSTEM, 2, 0, False)
    assert _audits("backup.settings")[-1].after.count("false") == 1
    assert backups.automatic_backup(now=t0 + dt.timedelta(days=9)) is None
    backups.set_retention(SYSTEM, 2, 0, True)
    for day in range(2, 6):  # the rotation keeps two days (and the last 24 h)
        backups.automatic_backup(now=t0 + dt.timedelta(days=day))
    days = [c["taken_at"].day for c in backups.status()["copies"]]
    assert days == [15, 14]


def test_no_automatic_copy_before_the_municipio_is_set_up(tmp_path):
    open_database(str(tmp_path / "novo.db"))
    try:
        assert not backups.automatic_due()
    finally:
        close_database()


def test_backup_to_a_chosen_place(opened, tmp_path):
    folder = tmp_path / "pendrive"
    folder.mkdir()
    made = backups.make_backup(SYSTEM, folder)
    assert made["path"].parent == folder and count(made["path"]) == count(opened)
    named = backups.make_backup(SYSTEM, folder / "copia.db")
    assert named["path"] == folder / "copia.db"
    with pytest.raises(BackupError, match="Já existe"):
        backups.make_backup(SYSTEM, folder / "copia.db")
    with pytest.raises(BackupError, match="não existe"):
        backups.make_backup(SYSTEM, tmp_path / "nao" / "existe.db")
    assert backups.status()["copies"] == []  # copies elsewhere are not the folder's


# --- PostgreSQL ---------------------------------------------------------------------------

def test_pg_dump_missing_explains_what_to_do(monkeypatch, tmp_path):
    monkeypatch.setattr(pgdump, "find_pg_dump", lambda: None)
    database = connection.make_database("postgresql://mototaxi:segredo@srv.pref:5433/mt")
    with pytest.raises(BackupError) as err:
        pgdump.dump(database, tmp_path / "x.dump")
    text = str(err.value)
    assert "pg_dump" in text and "não foi encontrado" in text and "-h srv.pref -p 5433" in text
    assert "segredo" not in text
    assert "pg_restore" in pgdump.how_to_restore(database)


def test_search_path_schema_is_read_from_options():
    assert pgdump.search_path_schema("-c search_path=t_abc123") == "t_abc123"
    assert pgdump.search_path_schema(None) is None


@pytest.mark.skipif(not PG_URL, reason="MOTOTAXI_TEST_PG não definido")
@pytest.mark.skipif(pgdump.find_pg_dump() is None, reason="pg_dump ausente")
def test_postgresql_backup_runs_pg_dump(make_municipio, db, tmp_path):
    if not connection.is_postgres():
        pytest.skip("só no PostgreSQL")
    make_municipio()
    made = backups.make_backup(SYSTEM, tmp_path)
    assert made["engine"] == "postgresql"
    assert made["path"].read_bytes()[:5] == b"PGDMP"  # pg_dump's custom format
    listing = subprocess.run(["pg_restore", "--list", str(made["path"])], capture_output=True,
                             text=True, check=True).stdout
    schema = pgdump.search_path_schema(connection.DB.obj.connect_params["options"])
    assert f"TABLE DATA {schema} municipio_settings" in listing
    assert f"TABLE DATA {schema} person" in listing
    assert _audits("backup.create")[-1].entity_id == made["path"].name[:40]
    assert not backups.automatic_due()  # the server's backups are the administrator's


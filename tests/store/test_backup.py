"""Backup files: consistent copies, rotation, the checks before a restore, the integrity
check when a database opens, and the network-share detection."""
import datetime as dt
import os
import sqlite3
from pathlib import Path

import pytest

from mototaxi_desk import config
from mototaxi_desk.store import backup, location
from mototaxi_desk.store.backup import BackupError, Retention
from mototaxi_desk.store.connection import StoreError
from mototaxi_desk.store.migrations import LATEST, close_database, open_database

from .backup_helpers import copy_of, corrupt_pages, count, digest, execute, make_municipio_file


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return make_municipio_file(tmp_path_factory.mktemp("modelo") / "modelo.db", holders=300)


@pytest.fixture
def live(template, tmp_path):
    return copy_of(template, tmp_path / "mototaxi.db")


# --- copies ------------------------------------------------------------------------------

def test_copy_is_whole_and_self_contained_while_the_database_is_open(live, tmp_path):
    database = open_database(str(live))  # WAL mode, a writer holds it open
    try:
        database.execute_sql("CREATE TABLE scratch (x INTEGER)")
        database.execute_sql("INSERT INTO scratch VALUES (1), (2)")  # still in the -wal
        target = backup.keep_copy(live, tmp_path / "copias", "manual",
                                  now=dt.datetime(2026, 3, 1, 8, 30))
    finally:
        close_database()
    assert target.name == "mototaxi-manual-20260301-083000.db"
    assert not Path(f"{target}-wal").exists()
    with sqlite3.connect(target) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        assert conn.execute("SELECT COUNT(*) FROM scratch").fetchone()[0] == 2
    assert count(target) == count(live)
    # a second copy in the same second gets its own name
    again = backup.keep_copy(live, tmp_path / "copias", "manual",
                             now=dt.datetime(2026, 3, 1, 8, 30))
    assert again != target and again.exists()
    assert [b.path for b in backup.list_backups(tmp_path / "copias", "mototaxi")] == [again, target]


def test_keep_copy_of_missing_file_is_none(tmp_path):
    assert backup.keep_copy(tmp_path / "nada.db", tmp_path, "manual") is None


# --- rotation ----------------------------------------------------------------------------

def _touch(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_bytes(b"x")
    return path


def test_rotation_keeps_30_daily_and_12_monthly(tmp_path):
    """One automatic copy a day at 03:00 from 01/01/2025 to 30/06/2026, plus a manual one on
    the last day at 10:00 and odd files: what must stay is written out by hand."""
    day = dt.date(2025, 1, 1)
    while day <= dt.date(2026, 6, 30):
        _touch(tmp_path, f"mototaxi-automatica-{day:%Y%m%d}-030000.db")
        day += dt.timedelta(days=1)
    _touch(tmp_path, "mototaxi-manual-20260630-100000.db")
    special = [_touch(tmp_path, "mototaxi-antes-migracao-v4-20250101-120000.db"),
               _touch(tmp_path, "mototaxi-antes-restauracao-20250102-120000.db"),
               _touch(tmp_path, "outro-automatica-20250101-030000.db"),  # another database
               _touch(tmp_path, "mototaxi-anotacoes.txt")]
    _touch(tmp_path, "mototaxi-automatica-20260629-030000.db.parcial")  # a copy cut short

    now = dt.datetime(2026, 7, 2, 9, 0)  # the newest copy is two days old
    removed = backup.rotate(tmp_path, "mototaxi", Retention(30, 12), now)

    daily = {f"mototaxi-automatica-202606{d:02d}-030000.db" for d in range(1, 30)}
    daily.add("mototaxi-manual-20260630-100000.db")  # the newest of 30/06
    monthly = {f"mototaxi-automatica-{stamp}-030000.db" for stamp in (
        "20260531", "20260430", "20260331", "20260228", "20260131", "20251231", "20251130",
        "20251031", "20250930", "20250831", "20250731", "20250630")}
    remaining = {p.name for p in tmp_path.iterdir()}
    assert remaining == daily | monthly | {p.name for p in special}
    assert len(removed) == 546 + 1 - 42  # 546 days of automatic copies + 1 manual - kept
    assert "mototaxi-automatica-20260630-030000.db" not in remaining

    # running it again removes nothing more; a smaller setting removes more
    assert backup.rotate(tmp_path, "mototaxi", Retention(30, 12), now) == []
    backup.rotate(tmp_path, "mototaxi", Retention(7, 2), now)
    kept = sorted(b.path.name for b in backup.list_backups(tmp_path, "mototaxi")
                  if b.kind in backup.ROTATED)
    assert kept == sorted([f"mototaxi-automatica-202606{d:02d}-030000.db" for d in range(24, 30)]
                          + ["mototaxi-manual-20260630-100000.db",
                             "mototaxi-automatica-20260531-030000.db",
                             "mototaxi-automatica-20260430-030000.db"])


def test_rotation_never_removes_the_last_24_hours(tmp_path):
    morning = _touch(tmp_path, "mototaxi-automatica-20260702-060000.db")
    late = _touch(tmp_path, "mototaxi-manual-20260702-110000.db")
    yesterday = _touch(tmp_path, "mototaxi-manual-20260701-090000.db")
    older = _touch(tmp_path, "mototaxi-automatica-20260701-030000.db")
    removed = backup.rotate(tmp_path, "mototaxi", Retention(30, 12), dt.datetime(2026, 7, 2, 12))
    assert removed == [older]  # more than 24 h old and not the newest of its day
    assert morning.exists() and late.exists() and yesterday.exists()


def test_retention_settings_file(tmp_path):
    path = tmp_path / "backup.json"
    assert backup.load_retention(path) == Retention(30, 12, True)  # no file: the defaults
    backup.save_retention(Retention(10, 3, False), path)
    assert backup.load_retention(path) == Retention(10, 3, False)
    path.write_text("{ isto não é json", encoding="utf-8")
    assert backup.load_retention(path) == Retention()  # unreadable: defaults, logged
    path.write_text('{"keep_daily": 0}', encoding="utf-8")
    assert backup.load_retention(path) == Retention()
    with pytest.raises(BackupError, match="diárias"):
        backup.check_retention(0, 12, True)
    with pytest.raises(BackupError, match="mensais"):
        backup.check_retention(30, -1, True)


# --- checks before a restore ----------------------------------------------------------------

def test_candidate_checks_accept_a_good_copy_and_only_read_it(live, tmp_path):
    before = digest(live)
    info = backup.check_candidate(live, tmp_path / "work.db", LATEST)
    assert (info.ibge, info.uf, info.schema_version) == ("2111102", "MA", LATEST)
    assert digest(live) == before


def _random_file(path: Path) -> Path:
    path.write_bytes(os.urandom(40_000))
    return path


def _truncated(live: Path, path: Path) -> Path:
    path.write_bytes(live.read_bytes()[: live.stat().st_size // 2])
    return path


def _other_program(path: Path) -> Path:
    execute(path, "CREATE TABLE clientes (id INTEGER PRIMARY KEY, nome TEXT)")
    return path


def _newer_schema(live: Path, path: Path) -> Path:
    copy_of(live, path)
    execute(path, f"INSERT INTO schema_version (version, changed_at) VALUES ({LATEST + 1}, "
                  "'2030-01-01')")
    return path


@pytest.mark.parametrize("make, words", [
    (lambda live, tmp: tmp / "nao-existe.db", "não encontrado"),
    (lambda live, tmp: tmp, "não é um arquivo"),
    (lambda live, tmp: _random_file(tmp / "aleatorio.db"), "não é um banco de dados SQLite"),
    (lambda live, tmp: _truncated(live, tmp / "cortado.db"), "danificado ou incompleto"),
    (lambda live, tmp: _other_program(tmp / "outro.db"), "não do Mototáxi Desk"),
    (lambda live, tmp: _newer_schema(live, tmp / "novo.db"), "versão mais nova"),
])
def test_candidate_refusals_are_clear(live, tmp_path, make, words):
    bad = make(live, tmp_path)
    with pytest.raises(BackupError, match=words) as err:
        backup.check_candidate(bad, tmp_path / "work.db", LATEST)
    assert "Nada foi alterado" in str(err.value)


# --- integrity check when the database opens --------------------------------------------------

def test_damaged_database_is_refused_with_the_restore_command(live, tmp_path, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path / "dados"))
    newest = backup.keep_copy(live, backup.folder(), "automatica",
                              now=dt.datetime(2026, 11, 29, 7, 15))
    backup.keep_copy(live, backup.folder(), "automatica", now=dt.datetime(2026, 11, 28, 7, 15))
    (tmp_path / "outro-pc").mkdir()
    damaged = copy_of(live, tmp_path / "outro-pc" / "mototaxi.db")
    pages = damaged.stat().st_size // 4096
    corrupt_pages(damaged, range(pages // 3, pages // 3 + 4))
    before = digest(damaged)
    with pytest.raises(StoreError) as err:
        open_database(str(damaged))
    message = str(err.value)
    assert "danificado" in message and "não grava" in message
    assert f'mototaxi-desk --db "{damaged}" restore "{newest}"' in message
    assert "29/11/2026 07:15" in message
    assert digest(damaged) == before  # refused for writing: not one byte changed


def test_deferred_check_finds_the_damage_and_a_due_migration_does_not_wait(live, tmp_path,
                                                                            monkeypatch):
    """The GUI opens without the check (it runs beside the login, issue 6 start-up budget):
    quick_check_file gives the same refusal, and a migration, which writes, checks first."""
    from mototaxi_desk.store import connection, migrations
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path / "dados"))
    assert connection.quick_check_file(live) is None
    pages = live.stat().st_size // 4096
    # data pages near the end: the schema's own pages (first written) stay readable, so the
    # file opens and only a check finds the damage
    corrupt_pages(live, range(pages - 6, pages - 2))
    before = digest(live)
    open_database(str(live), check=False)  # opens: the caller checks
    close_database()
    problem = connection.quick_check_file(live)
    assert problem and "danificado" in problem and "restore" in problem
    monkeypatch.setattr(migrations, "LATEST", LATEST + 1)  # as if this program were newer
    with pytest.raises(StoreError, match="danificado"):
        open_database(str(live), check=False)
    close_database()
    assert digest(live) == before  # nothing written


def test_damaged_first_page_and_no_backup(tmp_path, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path))
    path = config.default_db_path()
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(8192))
    with pytest.raises(StoreError) as err:
        open_database(str(path))
    assert "danificado" in str(err.value)
    assert "Não há cópias" in str(err.value) and "mototaxi-desk restore ARQUIVO" in str(err.value)


def test_whole_database_opens(live):
    open_database(str(live))
    close_database()


# --- network shares ---------------------------------------------------------------------------

MOUNTS = r"""/dev/sda2 / ext4 rw,relatime 0 0
proc /proc proc rw 0 0
//fileserver/prefeitura /mnt/prefeitura cifs rw,vers=3.0 0 0
srv:/export/dados /srv/dados nfs4 rw 0 0
/dev/sdb1 /srv/dados/local ext4 rw 0 0
user@host:/home /mnt/ssh fuse.sshfs rw 0 0
//fileserver/com\040espaco /mnt/com\040espaco cifs rw 0 0
tmpfs /tmp tmpfs rw 0 0
"""


@pytest.mark.parametrize("path, expected", [
    ("/home/ana/.local/share/MototaxiDesk/mototaxi.db", None),
    ("/mnt/prefeitura/mototaxi.db", "cifs em /mnt/prefeitura (//fileserver/prefeitura)"),
    ("/mnt/prefeiturax/mototaxi.db", None),  # a sibling folder, not under the mount
    ("/srv/dados/mototaxi.db", "nfs4 em /srv/dados (srv:/export/dados)"),
    ("/srv/dados/local/mototaxi.db", None),  # a local disk mounted inside the share
    ("/mnt/ssh/m.db", "fuse.sshfs em /mnt/ssh (user@host:/home)"),
    ("/mnt/com espaco/m.db", "cifs em /mnt/com espaco (//fileserver/com espaco)"),
    ("/tmp/m.db", None),
])
def test_linux_network_mounts(path, expected):
    assert location.network_location(path, platform="linux", mounts_text=MOUNTS) == expected


def _drives(root: str) -> int:
    return {"Z:\\": location.DRIVE_REMOTE, "C:\\": 3, "E:\\": 2}.get(root, 1)


@pytest.mark.parametrize("path, expected", [
    (r"C:\Users\ana\AppData\Local\MototaxiDesk\mototaxi.db", None),
    (r"\\servidor\prefeitura\mototaxi.db", r"pasta de rede \\servidor\prefeitura"),
    ("//servidor/prefeitura/mototaxi.db", r"pasta de rede \\servidor\prefeitura"),
    (r"\\?\UNC\servidor\dados\m.db", r"pasta de rede \\servidor\dados"),
    (r"\\?\C:\dados\m.db", None),
    (r"Z:\mototaxi\mototaxi.db", "unidade de rede Z:"),
    (r"z:\mototaxi.db", "unidade de rede Z:"),
    (r"E:\pendrive\mototaxi.db", None),  # removable, not network
])
def test_windows_unc_and_mapped_drives(path, expected):
    assert location.network_location(path, platform="win32", drive_type=_drives) == expected


def test_network_warning_recommends_postgresql(monkeypatch, tmp_path):
    monkeypatch.setattr(location, "network_location", lambda *a, **k: "cifs em /mnt/x (//s/x)")
    text = location.network_warning(tmp_path / "m.db")
    assert "disco de rede" in text and "PostgreSQL" in text
    monkeypatch.setattr(location, "network_location", lambda *a, **k: None)
    assert location.network_warning(tmp_path / "m.db") is None


def test_local_database_gets_no_warning(tmp_path):
    assert location.network_warning(tmp_path / "m.db") is None

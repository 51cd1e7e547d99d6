"""`mototaxi-desk backup` and `restore`, the automatic copy and the start-up checks seen from
the command line: exit codes, one-line Portuguese refusals, nothing changed on refusal."""
import json
from pathlib import Path

from mototaxi_desk import config
from mototaxi_desk.store import location

from .store.backup_helpers import corrupt_pages, count, execute
from .test_cli import INIT


def _init(cli, db: str) -> None:
    """init, then a first command (which makes the day's automatic copy)."""
    code, _, err = cli("--db", db, *INIT)
    assert code == 0, err
    assert cli("--db", db, "search", "silva")[0] == 0


def _copies(kind: str = "") -> list[Path]:
    folder = config.data_dir() / "backups"
    return sorted(folder.glob(f"*-{kind}*.db")) if folder.exists() else []


def test_first_command_of_the_day_makes_the_automatic_copy(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    assert _copies() == []  # init makes none: the database was empty when it opened
    assert cli("--db", sqlite_db, "search", "silva")[0] == 0
    automatic = _copies("automatica")
    assert len(automatic) == 1 and automatic[0].name.startswith("municipio-automatica-")
    assert cli("--db", sqlite_db, "alerts")[0] == 0
    assert _copies("automatica") == automatic  # one a day, not one per command


def test_backup_list_and_restore_round_trip(cli, sqlite_db, tmp_path):
    _init(cli, sqlite_db)
    code, out, err = cli("--db", sqlite_db, "--json", "backup")
    assert code == 0, err
    made = json.loads(out)
    assert Path(made["path"]).exists() and made["kind"] == "manual"
    code, out, _ = cli("--db", sqlite_db, "backup", "--list")
    assert code == 0 and "Manual" in out and "Automática" in out and "2 cópia(s)" in out

    people = count(Path(sqlite_db))
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.store.models import MunicipioSettings
    open_database(sqlite_db)  # a training database, so `demo` may add to it
    MunicipioSettings.update(is_demo=True).execute()
    close_database()
    assert cli("--db", sqlite_db, "demo", "--holders", "2")[0] == 0
    assert count(Path(sqlite_db)) > people
    code, out, err = cli("--db", sqlite_db, "restore", made["path"])
    assert code == 0, err
    assert "Cópia restaurada" in out and "O banco anterior foi guardado em" in out
    assert count(Path(sqlite_db)) == people
    assert len(_copies("antes-restauracao")) == 1


def test_backup_to_a_folder_and_refusals(cli, sqlite_db, tmp_path):
    _init(cli, sqlite_db)
    folder = tmp_path / "pendrive"
    folder.mkdir()
    code, out, _ = cli("--db", sqlite_db, "backup", "--to", str(folder))
    assert code == 0 and str(folder) in out
    existing = next(folder.iterdir())
    code, _, err = cli("--db", sqlite_db, "backup", "--to", str(existing))
    assert code == 1 and "Já existe" in err and len(err.strip().splitlines()) == 1


def test_restore_refusals_leave_the_database_untouched(cli, sqlite_db, tmp_path):
    _init(cli, sqlite_db)
    random_file = tmp_path / "aleatorio.db"
    random_file.write_bytes(bytes(range(256)) * 200)
    newer = tmp_path / "novo.db"
    newer.write_bytes(Path(sqlite_db).read_bytes())
    execute(newer, "INSERT INTO schema_version (version, changed_at) VALUES (99, '2031-01-01')")
    truncated = tmp_path / "cortado.db"
    truncated.write_bytes(_copies("automatica")[0].read_bytes()[:20_000])
    before = _data(Path(sqlite_db))
    for path, words in ((random_file, "não é um banco de dados SQLite"),
                        (newer, "versão mais nova"),
                        (truncated, "danificado ou incompleto"),
                        (tmp_path / "sumiu.db", "não encontrado")):
        code, out, err = cli("--db", sqlite_db, "restore", str(path))
        assert code == 1 and words in err and "Nada foi alterado" in err, err
        assert len(err.strip().splitlines()) == 1 and out == ""
    assert _data(Path(sqlite_db)) == before
    assert _logins(Path(sqlite_db)) >= 4  # each restore was asked by a named user


def _data(path: Path) -> list[str]:
    """Every row but the audit log's and its index of last seals (each command's login is
    audited, and seals the user's row again), and the station's mark of its head
    (services/trust/station_marks.py)."""
    import sqlite3
    conn = sqlite3.connect(str(path))
    try:
        return [line for line in conn.iterdump() if 'INSERT INTO "audit_log"' not in line
                and 'INSERT INTO "row_seal"' not in line
                and 'INSERT INTO "station_mark"' not in line]
    finally:
        conn.close()


def _logins(path: Path) -> int:
    import sqlite3
    conn = sqlite3.connect(str(path))
    try:
        return conn.execute("SELECT COUNT(*) FROM audit_log WHERE action = 'user.login' "
                            "AND after LIKE '%restore%'").fetchone()[0]
    finally:
        conn.close()


def test_damaged_database_names_the_restore_command(cli, sqlite_db):
    _init(cli, sqlite_db)
    newest = _copies("automatica")[-1]
    path = Path(sqlite_db)
    pages = path.stat().st_size // 4096
    corrupt_pages(path, range(pages // 2, pages // 2 + 3))
    # a command that writes checks the whole file first (a read-only one skips that check)
    code, _, err = cli("--db", sqlite_db, "person", "edit", "529.982.247-25", "--phone", "")
    assert code == 1 and "danificado" in err
    assert f'mototaxi-desk --db "{path}" restore "{newest}"' in err
    # the command it names works, and the damaged file is kept
    code, out, err = cli("--db", sqlite_db, "restore", str(newest))
    assert code == 0, err
    assert cli("--db", sqlite_db, "search", "silva")[0] == 0
    assert _copies("antes-restauracao")


def test_postgresql_restore_explains_pg_restore(cli):
    code, _, err = cli("--db", "postgresql://mototaxi:segredo@srv:5432/mt", "restore", "x.dump")
    assert code == 1 and "pg_restore" in err and "segredo" not in err
    assert "Nada foi alterado" in err


def test_network_share_warning_is_printed(cli, sqlite_db, monkeypatch):
    _init(cli, sqlite_db)
    monkeypatch.setattr(location, "network_location", lambda *a, **k: r"pasta de rede \\srv\x")
    code, _, err = cli("--db", sqlite_db, "search", "silva")
    assert code == 0
    assert err.startswith("Aviso:") and "PostgreSQL" in err and r"\\srv\x" in err


def test_an_older_copy_put_in_place_by_hand_is_named_until_acknowledged(cli, sqlite_db):
    """Issue 34 item 4: the day's automatic copy copied over the database by hand, with the
    station's checkpoint file deleted, is named by `check`; an administrator's `audit
    acknowledge` accepts it (audited) and `check` is clean after."""
    import shutil
    import sqlite3

    from mototaxi_desk.store.migrations import close_database, open_database

    from mototaxi_desk.services.trust import checkpoints
    _init(cli, sqlite_db)
    older = _copies("automatica")[0]
    for _ in range(2):  # the register goes on after the copy
        assert cli("--db", sqlite_db, "backup")[0] == 0
    open_database(sqlite_db)
    checkpoint = checkpoints.path()
    close_database()
    for suffix in ("-wal", "-shm"):
        Path(f"{sqlite_db}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(older, sqlite_db)
    checkpoint.unlink()

    code, out, _ = cli("--db", sqlite_db, "check", "--quick")
    assert code == 1 and f"({checkpoint}) foi apagado fora do programa" in out
    assert "ou o banco foi substituído por uma cópia mais antiga" in out
    assert "mototaxi-desk audit acknowledge" in out
    code, out, err = cli("--db", sqlite_db, "audit", "acknowledge")
    assert code == 0 and "passa a ser a referência desta estação" in out, err
    assert cli("--db", sqlite_db, "check", "--quick")[1] == "Banco de dados íntegro.\n"
    with sqlite3.connect(sqlite_db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM audit_log WHERE action = "
                            "'audit.acknowledge'").fetchone()[0] == 1


def test_audit_verify_compares_a_printed_head(cli, sqlite_db):
    import sqlite3
    _init(cli, sqlite_db)
    with sqlite3.connect(sqlite_db) as conn:
        number, digest = conn.execute("SELECT id, entry_hash FROM audit_log ORDER BY id DESC "
                                      "LIMIT 1").fetchone()
    code, out, _ = cli("--db", sqlite_db, "audit", "verify", "--marco", f"{number}:{digest[:16]}")
    assert code == 0 and f"Marco impresso {number}:{digest[:16]}: confere com a trilha." in out
    wrong = "0" * 16 if not digest.startswith("0" * 16) else "f" * 16
    code, out, _ = cli("--db", sqlite_db, "audit", "verify", "--marco", f"{number}:{wrong}")
    assert code == 1 and f"O registro de auditoria nº {number} não é o do marco impresso" in out
    code, _, err = cli("--db", sqlite_db, "audit", "verify", "--marco", "mil")
    assert code == 1 and "--marco: use NÚMERO:HASH" in err and len(err.strip().splitlines()) == 1

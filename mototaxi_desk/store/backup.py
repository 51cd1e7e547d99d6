"""Backups of the SQLite database: consistent copies (SQLite's online backup API), the backups
folder and its rotation, and the checks a file must pass before it replaces the database in
use. It works on files with the sqlite3 module, not through the models, so restoring works
even when the database in use is damaged and cannot be opened.

Names: `<database>-<kind>-AAAAMMDD-HHMMSS.db` (local time), kind one of `automatica`,
`manual`, `antes-restauracao`, `antes-migracao-vN`. Only automatic and manual copies rotate;
they stay: every copy of the last 24 hours, the newest copy of each of the last `keep_daily`
days that have one, then the newest of each of the `keep_monthly` months before those (a
copy kept as a daily one does not count for its month, as in borg prune). Copies taken
before a restore or a migration are never removed by the program.
"""
from __future__ import annotations

import datetime as dt
import json
import logging
import re
import shutil
import sqlite3
from dataclasses import asdict, dataclass
from pathlib import Path

from .. import config, settings_registry
from ..domain import input_limits, output_files
from ..domain.errors import DomainError
from ..domain.os_errors import os_error_text
from . import schema_history
from .errors import StoreError
from ..domain import wallclock

_log = logging.getLogger(__name__)

FOLDER_NAME = "backups"
SETTINGS_FILE = settings_registry.BACKUP_JSON
SQLITE_MAGIC = b"SQLite format 3\x00"
ROTATED = ("automatica", "manual")
KIND_LABELS = {"automatica": "Automática", "manual": "Manual",
               "antes-restauracao": "Banco substituído numa restauração",
               "antes-migracao": "Antes de atualizar o programa"}
_NAME = re.compile(r"^(?P<stem>.+)-(?P<kind>automatica|manual|antes-restauracao|"
                   r"antes-migracao-v\d+)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?\.db$")
PARTIAL_SUFFIX = ".parcial"  # copies cut short by earlier versions
RECENT = dt.timedelta(hours=24)
LEFT_BEHIND = dt.timedelta(hours=1)  # a temporary file this old is no copy in progress


class BackupError(StoreError):
    """A backup or restore refused or failed; the message is for the user and says that
    nothing was changed when that is so."""


@dataclass(frozen=True)
class BackupFile:
    path: Path
    kind: str              # automatica, manual, antes-restauracao, antes-migracao-vN
    taken_at: dt.datetime  # local time, read from the name
    size: int
    sequence: int = 0      # the second copy of the same second is "-1", and so on
    modified: int = 0      # file time (ns): orders copies of the same second and kind

    @property
    def order(self) -> tuple:
        return (self.taken_at, self.modified, self.sequence)

    @property
    def kind_label(self) -> str:
        if self.kind.startswith("antes-migracao-v"):
            return f"{KIND_LABELS['antes-migracao']} (esquema {self.kind.rsplit('-v', 1)[1]})"
        return KIND_LABELS.get(self.kind, self.kind)


_DEFAULT = {s.name: s.default for s in settings_registry.stored_in(SETTINGS_FILE)}


@dataclass(frozen=True)
class Retention:  # backup.json; names and defaults declared in settings_registry
    keep_daily: int = _DEFAULT["keep_daily"]
    keep_monthly: int = _DEFAULT["keep_monthly"]
    automatic: bool = _DEFAULT["automatic"]  # a copy when the program opens and the last is 24 h old


def folder() -> Path:
    return config.data_dir() / FOLDER_NAME


# --- settings (a small JSON file in the data folder: no schema change) ------------------------

def load_retention(path: Path | None = None) -> Retention:
    path = path or config.data_dir() / SETTINGS_FILE
    try:
        data = json.loads(input_limits.read_text(path, input_limits.SMALL_JSON))
        return check_retention(int(data.get("keep_daily", _DEFAULT["keep_daily"])),
                               int(data.get("keep_monthly", _DEFAULT["keep_monthly"])),
                               bool(data.get("automatic", _DEFAULT["automatic"])))
    except FileNotFoundError:
        return Retention()
    except (OSError, ValueError, TypeError, AttributeError, StoreError, DomainError) as exc:
        _log.warning("configuração de cópias ilegível em %s (%s); usando o padrão", path, exc)
        return Retention()


def check_retention(keep_daily: int, keep_monthly: int, automatic: bool) -> Retention:
    if not 1 <= keep_daily <= 366:
        raise BackupError("Cópias diárias a manter: informe de 1 a 366.")
    if not 0 <= keep_monthly <= 120:
        raise BackupError("Cópias mensais a manter: informe de 0 a 120.")
    return Retention(keep_daily, keep_monthly, automatic)


def save_retention(retention: Retention, path: Path | None = None) -> Path:
    path = path or config.data_dir() / SETTINGS_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    return output_files.write_text(path, json.dumps(asdict(retention), indent=2) + "\n")


# --- copies ------------------------------------------------------------------------------------

def copy_database(source: Path, target: Path) -> Path:
    """A consistent copy of `source` even while the program writes to it (online backup API),
    as one self-contained file (rollback journal, no -wal beside it). It is written under a
    temporary name, flushed to disk and renamed when complete (domain/output_files.py: a
    regular file only), so a copy cut short never looks finished."""
    src = sqlite3.connect(str(source), timeout=30)
    try:
        with output_files.replacing(target) as partial:
            dest = sqlite3.connect(str(partial))
            try:
                src.backup(dest)
                dest.execute("PRAGMA journal_mode=DELETE")
            finally:
                dest.close()
    finally:
        src.close()
    return target


def backup_name(path: Path, kind: str, when: dt.datetime, directory: Path) -> Path:
    base = f"{path.stem}-{kind}-{when:%Y%m%d-%H%M%S}"
    target, n = directory / f"{base}.db", 1
    while target.exists():  # two copies in the same second
        target, n = directory / f"{base}-{n}.db", n + 1
    return target


def keep_copy(path: Path, backup_dir: Path | None, label: str,
              now: dt.datetime | None = None) -> Path | None:
    """A consistent copy of an SQLite file in the backups folder, e.g. before a migration;
    None when there is no file yet."""
    if not path.exists():
        return None
    directory = backup_dir or folder()
    directory.mkdir(parents=True, exist_ok=True)
    return copy_database(path, backup_name(path, label, now or wallclock.now(), directory))


def _keep_damaged(path: Path, directory: Path, now: dt.datetime) -> Path:
    """The file as it is on disk (with its -wal), for a database too damaged to be read by
    the backup API: byte copies are what can still be rescued."""
    target = backup_name(path, "antes-restauracao", now, directory)
    with output_files.replacing(target) as partial:
        shutil.copyfile(path, partial)
    wal = Path(f"{path}-wal")
    if wal.exists():
        with output_files.replacing(Path(f"{target}-wal")) as partial:
            shutil.copyfile(wal, partial)
    return target


def list_backups(directory: Path, stem: str) -> list[BackupFile]:
    """The copies of the database named `stem` in `directory`, newest first."""
    found = []
    try:
        entries = list(directory.iterdir())
    except OSError:
        return []
    for entry in entries:
        match = _NAME.match(entry.name)
        if not match or match["stem"] != stem or not entry.is_file():
            continue
        try:
            when = dt.datetime.strptime(match["stamp"], "%Y%m%d-%H%M%S")
            stat = entry.stat()
        except (ValueError, OSError):
            continue
        found.append(BackupFile(entry, match["kind"], when, stat.st_size,
                                int(match["n"] or 0), stat.st_mtime_ns))
    return sorted(found, key=lambda b: b.order, reverse=True)


def to_remove(backups: list[BackupFile], retention: Retention,
              now: dt.datetime) -> list[BackupFile]:
    """The automatic and manual copies the rotation lets go (see the module docstring).
    Copies of the last 24 hours all stay: a copy made at 11:00 does not replace the one
    of 06:00 while someone may still want to go back to the morning."""
    rotated = sorted((b for b in backups if b.kind in ROTATED),
                     key=lambda b: b.order, reverse=True)
    kept: set[Path] = set()
    for period, count in ((lambda b: b.taken_at.date(), retention.keep_daily),
                          (lambda b: (b.taken_at.year, b.taken_at.month), retention.keep_monthly)):
        last, taken = None, 0
        for item in rotated:
            if taken >= count:
                break
            if period(item) == last:
                continue
            last = period(item)
            if item.path not in kept:
                kept.add(item.path)
                taken += 1
    recent = now - RECENT
    return [b for b in rotated if b.path not in kept and b.taken_at < recent]


def rotate(directory: Path, stem: str, retention: Retention,
           now: dt.datetime | None = None) -> list[Path]:
    """Remove the copies the rotation lets go and copies left half-written; returns them."""
    removed = []
    for item in to_remove(list_backups(directory, stem), retention, now or wallclock.now()):
        try:
            item.path.unlink()
            removed.append(item.path)
        except OSError as exc:
            _log.warning("não foi possível remover a cópia antiga %s: %s", item.path, exc)
    for partial in directory.glob(f"{stem}-*.db{PARTIAL_SUFFIX}"):
        partial.unlink(missing_ok=True)
    left_behind = (now or wallclock.now()).timestamp() - LEFT_BEHIND.total_seconds()
    for partial in directory.glob(f".{stem}-*.db.*.tmp"):  # output_files' temporary files
        try:
            if partial.stat().st_mtime < left_behind:
                partial.unlink()
        except OSError:
            pass
    return removed


# --- restore -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class CandidateInfo:
    schema_version: int
    municipio: str
    uf: str
    ibge: str


def _first_line(exc: Exception) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


# A restore copies the file before checking it: a file larger than this is refused first
# (domain/input_limits.py says why).
MAX_RESTORE_BYTES = input_limits.RESTORE.bytes
_HEADER_BYTES = 100


def _megabytes(size: int) -> str:
    return f"{size / 1024**2:,.0f} MB".replace(",", ".")


def check_file_shape(source: Path, work_dir: Path) -> int:
    """Before any byte is copied: the file's size (not empty, not beyond MAX_RESTORE_BYTES,
    room for the copy on the target's disk) and its SQLite header (magic, page size, the
    size a whole number of pages and the header's page count). Returns the size."""
    name = f"'{source}'"
    size = source.stat().st_size
    if size < 512:
        raise BackupError(f"{name} é pequeno demais ({size} bytes) para ser uma cópia do "
                          "banco de dados. Nada foi alterado.")
    if size > MAX_RESTORE_BYTES:
        raise BackupError(f"{name} tem {_megabytes(size)}, mais que o máximo aceito numa "
                          f"restauração ({_megabytes(MAX_RESTORE_BYTES)}): não é uma cópia do "
                          "Mototáxi Desk. Nada foi alterado.")
    with open(source, "rb") as handle:
        head = handle.read(_HEADER_BYTES)
    if len(head) < _HEADER_BYTES or head[:len(SQLITE_MAGIC)] != SQLITE_MAGIC:
        raise BackupError(f"{name} não é um banco de dados SQLite, portanto não é uma cópia "
                          "do Mototáxi Desk. Nada foi alterado.")
    page_size = int.from_bytes(head[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise BackupError(f"{name} tem o cabeçalho SQLite danificado (tamanho de página "
                          f"{page_size}). Nada foi alterado.")
    wal = Path(f"{source}-wal").exists()
    pages = int.from_bytes(head[28:32], "big")
    header_valid = head[24:28] == head[92:96] and pages > 0
    if size % page_size or (not wal and header_valid and pages * page_size != size):
        raise BackupError(f"{name} está danificado ou incompleto (tem {size} bytes; o "
                          f"cabeçalho indica {pages} páginas de {page_size}). Nada foi "
                          "alterado.")
    free = shutil.disk_usage(work_dir).free
    if free < 2 * size:
        raise BackupError(f"Não há espaço em disco para conferir {name} "
                          f"({_megabytes(size)}; livres {_megabytes(free)}). Nada foi "
                          "alterado.")
    return size


def check_candidate(source: Path, work: Path, latest: int) -> CandidateInfo:
    """Copy `source` to `work` and check the copy: an SQLite file, whole (integrity_check), a
    Mototáxi Desk database with its município, schema not newer than `latest`. The original
    is only read. BackupError (Portuguese, names the file) when any check fails."""
    name = f"'{source}'"
    if not source.exists():
        raise BackupError(f"Arquivo de cópia não encontrado: {name}. Nada foi alterado.")
    if not source.is_file():
        raise BackupError(f"{name} não é um arquivo. Nada foi alterado.")
    try:
        check_file_shape(source, work.parent)
        shutil.copyfile(source, work)
        if Path(f"{source}-wal").exists():  # commits not yet folded into the file itself
            input_limits.check(f"{source}-wal", input_limits.RESTORE)  # never a FIFO, a device
            shutil.copyfile(f"{source}-wal", f"{work}-wal")
    except input_limits.InputRefused as exc:
        raise BackupError(f"{exc} Nada foi alterado.") from None
    except OSError as exc:
        raise BackupError(f"Não foi possível ler {name}: {os_error_text(exc)}. "
                          "Nada foi alterado.") from None
    conn = sqlite3.connect(str(work))
    try:
        problems = [row[0] for row in conn.execute("PRAGMA integrity_check(5)")]
        if problems != ["ok"]:
            raise BackupError(f"{name} está danificado ou incompleto (verificação de "
                              f"integridade: {problems[0]}). Nada foi alterado.")
        tables = {row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"schema_version", "municipio_settings"} <= tables:
            raise BackupError(f"{name} é um banco SQLite, mas não do Mototáxi Desk. "
                              "Nada foi alterado.")
        version = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
        if version is None:
            raise BackupError(f"{name} não tem a versão do esquema do Mototáxi Desk. "
                              "Nada foi alterado.")
        if int(version) > latest:
            raise BackupError(schema_history.newer_schema_message(
                name, int(version), latest, schema_history.written_by_file(work, int(version)),
                then="antes de restaurar"))
        row = conn.execute("SELECT name, uf, ibge_code FROM municipio_settings "
                           "ORDER BY id LIMIT 1").fetchone()
        if row is None:
            raise BackupError(f"{name} não tem município configurado (banco vazio). "
                              "Nada foi alterado.")
        return CandidateInfo(int(version), row[0], row[1], row[2])
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{name} está danificado ou incompleto ({_first_line(exc)}). "
                          "Nada foi alterado.") from None
    finally:
        conn.close()


def current_identity(path: Path) -> CandidateInfo | None:
    """The município of the database in use, read directly from the file; None when there is
    no file, no município yet, or the file is too damaged to say."""
    if not path.exists():
        return None
    try:
        conn = sqlite3.connect(str(path), timeout=30)
        try:
            row = conn.execute("SELECT name, uf, ibge_code FROM municipio_settings "
                               "ORDER BY id LIMIT 1").fetchone()
            version = conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return None
    return CandidateInfo(int(version or 0), *row) if row else None


def _is_whole(path: Path) -> bool:
    try:
        conn = sqlite3.connect(str(path), timeout=30)
        try:
            return conn.execute("PRAGMA quick_check(1)").fetchone()[0] == "ok"
        finally:
            conn.close()
    except sqlite3.OperationalError:
        raise  # locked or unreadable: not a reason to treat it as damaged
    except sqlite3.DatabaseError:
        return False


def _install(checked: Path, target: Path) -> None:
    """Write the checked copy into the database file. The backup API writes every page in one
    transaction, so other connections (the program's other threads) see the restored
    content at their next read; a file too damaged to be written that way is replaced."""
    src = sqlite3.connect(str(checked))
    try:
        dest = sqlite3.connect(str(target), timeout=30)
        try:
            src.backup(dest)
            return
        finally:
            dest.close()
    except sqlite3.OperationalError as exc:  # locked or busy: never replace a file in use
        raise BackupError(f"O banco de dados está em uso por outro programa ou janela "
                          f"({_first_line(exc)}); feche-os e tente de novo. O banco em uso não "
                          "foi alterado.") from None
    except sqlite3.DatabaseError as exc:  # the old file is too damaged to be written to
        _log.warning("restauração pela API de cópia falhou (%s); substituindo o arquivo",
                     _first_line(exc))
    finally:
        src.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(checked, target)


def restore_file(source: Path, target: Path, latest: int, directory: Path | None = None,
                 now: dt.datetime | None = None, verify=None) -> dict:
    """Replace the database file `target` by the backup `source`, after every check passed;
    the replaced database is kept in the backups folder first. `verify(work)` runs the
    program's own checks on the checked copy (schema, records, audit chain; it may migrate
    the copy) and raises BackupError to refuse. Returns what was done."""
    source, target = Path(source), Path(target)
    directory = directory or folder()
    now = now or wallclock.now()
    if source.exists() and target.exists() and source.resolve() == target.resolve():
        raise BackupError(f"'{source}' é o próprio banco de dados em uso. Nada foi alterado.")
    if target.is_dir():
        raise BackupError(f"'{target}' é uma pasta, não um banco de dados. Nada foi alterado.")
    work = target.with_name(f".{target.name}.restaurando")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        info = check_candidate(source, work, latest)
        current = current_identity(target)
        if current is not None and current.ibge != info.ibge:
            raise BackupError(
                f"A cópia é de {info.municipio}/{info.uf} (IBGE {info.ibge}), mas este banco é "
                f"de {current.municipio}/{current.uf} (IBGE {current.ibge}). "
                "Nada foi alterado.")
        warnings = verify(work) if verify is not None else []
        directory.mkdir(parents=True, exist_ok=True)
        if verify is not None and info.schema_version < latest:  # the copy as it came
            copy_database(source, backup_name(target, f"antes-migracao-v{info.schema_version}",
                                              now, directory))
        kept = None
        if target.exists():
            kept = (keep_copy(target, directory, "antes-restauracao", now) if _is_whole(target)
                    else _keep_damaged(target, directory, now))
        _install(work, target)
    except OSError as exc:
        raise BackupError(f"Não foi possível restaurar: {os_error_text(exc)}. "
                          "O banco em uso não foi alterado.") from None
    except output_files.OutputError as exc:  # the copy of the database in use not written
        raise BackupError(f"Não foi possível restaurar: {exc} O banco em uso não foi "
                          "alterado.") from None
    except sqlite3.OperationalError as exc:  # the database in use is locked by someone else
        raise BackupError(f"O banco de dados em uso não pôde ser lido ({_first_line(exc)}); "
                          "feche as outras janelas do programa e tente de novo. "
                          "Nada foi alterado.") from None
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{work}{suffix}").unlink(missing_ok=True)
    return {"source": source, "database": target, "kept": kept,
            "schema_version": info.schema_version, "municipio": info.municipio,
            "uf": info.uf, "ibge": info.ibge, "warnings": warnings or [],
            "replaced": None if current is None else asdict(current)}


def damaged_message(path: Path, detail: str) -> str:
    """What to tell the user when the database in use fails its integrity check: the
    command that restores the newest copy, or where to look when there is none."""
    copies = list_backups(folder(), path.stem)
    db_option = "" if path == config.default_db_path() else f' --db "{path}"'
    text = (f"O banco de dados {path} está danificado ({detail}). Para não aumentar o dano, o "
            "programa não grava nele. ")
    if copies:
        newest = copies[0]
        return text + (f"Restaure a cópia de segurança mais recente, de "
                       f"{newest.taken_at:%d/%m/%Y %H:%M}: mototaxi-desk{db_option} restore "
                       f"\"{newest.path}\" (o arquivo danificado é guardado antes).")
    return text + (f"Não há cópias em {folder()}; traga uma cópia (por exemplo, de um pen "
                   f"drive) e use: mototaxi-desk{db_option} restore ARQUIVO.")

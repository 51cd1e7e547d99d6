"""Backups and restore of the município's database (issue 8): a copy on request (admin), an
automatic one when the program opens and the last copy is 24 h old, the rotation of the
backups folder, and the restore of a checked copy. Each is audited; the files themselves are
handled by store.backup (SQLite) and store.pgdump (PostgreSQL).

Settings: `<data folder>/backup.json` — {"keep_daily": 30, "keep_monthly": 12,
"automatic": true} — edited on the Configurações page (Cópias de segurança) or by hand.
"""
from __future__ import annotations

import datetime as dt
import logging
import sqlite3
import time
from pathlib import Path

import peewee as pw

from ...domain.os_errors import os_error_text
from ...store import backup, connection, pgdump
from .. import permissions
from ...store.connection import write_transaction
from ...store.migrations import LATEST, close_database, ensure_schema, open_database
from ...store.models import DB
from .. import audit, setup
from ..context import SYSTEM, Actor
from ...domain import wallclock

_log = logging.getLogger(__name__)

AUTOMATIC_EVERY = dt.timedelta(hours=24)


def _sqlite_path() -> Path | None:
    """The file of the bound database, None on PostgreSQL."""
    database = DB.obj
    return Path(database.database) if isinstance(database, pw.SqliteDatabase) else None


def _copy_dict(item: backup.BackupFile) -> dict:
    return {"path": item.path, "name": item.path.name, "kind": item.kind,
            "kind_label": item.kind_label, "taken_at": item.taken_at, "bytes": item.size}


def status() -> dict:
    """What the Cópias de segurança tab shows: engine, folder, copies newest first, the last
    copy's time, the rotation settings."""
    path = _sqlite_path()
    retention = backup.load_retention()
    folder = backup.folder()
    data = {"engine": "sqlite" if path else "postgresql", "database": path, "folder": folder,
            "retention": retention, "copies": [], "last": None,
            "pg_dump": None if path else pgdump.find_pg_dump()}
    if path is not None:
        data["copies"] = [_copy_dict(c) for c in backup.list_backups(folder, path.stem)]
        data["last"] = data["copies"][0]["taken_at"] if data["copies"] else None
    return data


def set_retention(actor: Actor, keep_daily: int, keep_monthly: int, automatic: bool) -> dict:
    permissions.require(actor, "backup.settings")
    before = backup.load_retention()
    retention = backup.check_retention(int(keep_daily), int(keep_monthly), bool(automatic))
    with write_transaction():  # a file that cannot be written rolls the audit entry back
        audit.record(actor, "backup.settings", "backup", "", before=before.__dict__,
                     after=retention.__dict__)
        try:
            backup.save_retention(retention)
        except OSError as exc:
            raise backup.BackupError(f"Não foi possível gravar a configuração das cópias: "
                                     f"{os_error_text(exc)}.") from None
    return retention.__dict__


def _target(to: Path | None, default_dir: Path, default_name: str) -> Path:
    """Where a copy goes: the folder's usual name, or --to (a folder or a new file)."""
    if to is None:
        default_dir.mkdir(parents=True, exist_ok=True)
        return default_dir / default_name
    to = Path(to)
    if to.is_dir():
        return to / default_name
    if to.exists():
        raise backup.BackupError(f"Já existe o arquivo '{to}'; escolha outro nome. "
                                 "Nada foi gravado.")
    if not to.parent.is_dir():
        raise backup.BackupError(f"A pasta '{to.parent}' não existe. Nada foi gravado.")
    return to


def make_backup(actor: Actor, to: Path | None = None, *, kind: str = "manual",
                now: dt.datetime | None = None) -> dict:
    """A copy of the database now (admin): SQLite by the online backup API into the backups
    folder (then rotated) or into `to`; PostgreSQL by pg_dump. Audited."""
    permissions.require(actor, "backup.make")
    now = now or wallclock.now()
    start = time.perf_counter()
    path = _sqlite_path()
    folder = backup.folder()
    removed: list[Path] = []
    target = to
    try:
        if path is None:
            name = f"{DB.obj.database}-{kind}-{now:%Y%m%d-%H%M%S}.dump"
            target = pgdump.dump(DB.obj, _target(to, folder, name))
        else:
            if to is None:
                folder.mkdir(parents=True, exist_ok=True)
                target = backup.backup_name(path, kind, now, folder)
            else:
                target = _target(to, folder, backup.backup_name(path, kind, now, folder).name)
            backup.copy_database(path, target)
            if target.parent.resolve() == folder.resolve():
                removed = backup.rotate(folder, path.stem, backup.load_retention(), now)
    except OSError as exc:
        raise backup.BackupError(f"Não foi possível gravar a cópia: {os_error_text(exc)}.") \
            from None
    except sqlite3.Error:  # SQLite could not create the file there (e.g. under /proc)
        raise backup.BackupError(f"Não foi possível gravar a cópia em "
                                 f"'{connection.shown_path(target)}': o local não aceita um "
                                 "arquivo novo. Escolha outra pasta; nada foi gravado.") \
            from None
    seconds = time.perf_counter() - start
    size = target.stat().st_size
    result = {"path": target, "bytes": size, "seconds": round(seconds, 3), "kind": kind,
              "engine": "sqlite" if path else "postgresql",
              "removed": [p.name for p in removed]}
    with write_transaction():
        audit.record(actor, "backup.create", "backup", target.name[:40],
                     after={**result, "path": str(target)})
    _log.info("cópia de segurança %s (%d bytes, %.2f s)", target, size, seconds)
    return result


def automatic_due(now: dt.datetime | None = None) -> bool:
    """SQLite, a município set up, automatic copies on, the computer's date trusted, and no
    copy in the last 24 h (a copy dated in the future, from a wrong clock, does not count)."""
    path = _sqlite_path()
    if path is None or not backup.load_retention().automatic or not setup.is_initialised():
        return False
    if now is None and wallclock.held() is not None:
        return False  # read-only until the date is trusted (clock_trust): nothing to keep
    now = now or wallclock.now()
    # the newest copy not dated in the future: one named by a clock set ahead would be the
    # newest for ever, and every opening would make another beside it
    taken = [c.taken_at for c in backup.list_backups(backup.folder(), path.stem)
             if c.taken_at <= now]
    return not taken or now - max(taken) >= AUTOMATIC_EVERY


def automatic_backup(now: dt.datetime | None = None) -> dict | None:
    """The copy made when the program opens (acting as the system); None when not due."""
    if not automatic_due(now):
        return None
    return make_backup(SYSTEM, kind="automatica", now=now)


def verify_copy(work: Path, source: Path) -> list[str]:
    """The program's own checks on the checked copy of a backup, before it replaces anything:
    brought to the current schema (the copy only), every table and column the models expect,
    then the trust checks of `check` (integrity.trust_problems: the rules load, the keys are
    trusted, the audit chain links, the sealed rows agree with it). BackupError names the
    reason. Returns the consistency warnings (records not written together, gaps in
    numbers): reported, not refused — a copy is still the best a município may have after a
    loss. The copy is bound for this thread only (the window keeps its database)."""
    copy = pw.SqliteDatabase(str(work), pragmas={"foreign_keys": 1})
    try:
        copy.connect()
        with DB.bound_here(copy):
            return _check_copy(copy, f"'{source}'", source)
    finally:
        copy.close()


def _first(exc: Exception) -> str:
    return str(exc).splitlines()[0] if str(exc).strip() else type(exc).__name__


def _check_copy(copy: pw.Database, name: str, source: Path) -> list[str]:
    from ...store.connection import StoreError
    from ...store.migrations import schema_mismatches
    from ..trust import integrity
    try:
        ensure_schema(copy, keep=False)
    except (StoreError, pw.PeeweeException) as exc:
        raise backup.BackupError(f"{name} não tem o esquema do Mototáxi Desk e não pôde ser "
                                 f"atualizada ({_first(exc)}). Nada foi alterado.") from None
    missing = schema_mismatches(copy)
    if missing:
        raise backup.BackupError(f"{name} não tem o esquema completo do Mototáxi Desk: "
                                 f"{'; '.join(missing)}. Nada foi alterado.")
    try:
        problems = integrity.trust_problems(restoring=True)
        warnings = [] if problems else integrity.consistency_problems()
    except Exception as exc:  # noqa: BLE001 - any failure to read the copy refuses it
        _log.warning("cópia %s não pôde ser conferida", source, exc_info=True)
        raise backup.BackupError(f"{name} não pôde ser conferida ({_first(exc)}). "
                                 "Nada foi alterado.") from None
    if problems:
        shown = " ".join(problems[:3])
        more = f" (e mais {len(problems) - 3} problema(s))" if len(problems) > 3 else ""
        raise backup.BackupError(f"{name} não passou na verificação de integridade: "
                                 f"{shown}{more} Nada foi alterado.")
    return warnings


def restore(actor: Actor, database: Path, source: Path, *,
            now: dt.datetime | None = None) -> dict:
    """Replace the SQLite file `database` by the copy `source` (admin). Every check runs on a
    copy of `source` before anything changes; the replaced database is kept in the backups
    folder; an older schema is then migrated. The restore is audited in the restored
    database (the acting login in the entry: its user id belongs to the replaced one)."""
    permissions.require(actor, "backup.restore")
    database = Path(database)
    result = backup.restore_file(Path(source), database, LATEST, now=now,
                                 verify=lambda work: verify_copy(work, Path(source)))
    previous = DB.obj
    bound = _sqlite_path()
    reuse = bound is not None and bound.resolve() == database.resolve()
    if reuse:
        ensure_schema(DB.obj)
    else:
        open_database(str(database))
    try:
        result["schema_version_now"] = LATEST
        from ..trust import checkpoints  # the restored chain is legitimately shorter
        with write_transaction():  # what this station's marks said, kept in the entry
            audit.record(Actor(None, actor.login, actor.role), "backup.restore", "backup",
                         database.name[:40],
                         before={"replaced": result["replaced"],
                                 "kept": str(result["kept"]) if result["kept"] else None,
                                 "marcos": checkpoints.marks_summary()},
                         after={"source": str(result["source"]), "by": actor.login,
                                "schema_version": result["schema_version"],
                                "ibge": result["ibge"]})
        checkpoints.write(reset=True)
    finally:
        if not reuse:
            close_database()
            if previous is not None:
                DB.initialize(previous)  # the caller's database stays bound
    _log.info("banco %s restaurado de %s (anterior guardado em %s)", database,
              result["source"], result["kept"])
    return result

"""What the database remembers of the stations' audit checkpoints (issue 34 item 4).

Each station keeps the audit chain's head it saw in signed files outside the database
(services/trust/checkpoints.py). Deleting those files together with the last audit entries, or
copying an older database over the file, left nothing to compare with. So the database
keeps, in station_mark, the head each station saw at its last action — written inside the
action's own transaction, just before it commits — and `check` asks: is every station's head
still in the chain, and does this station, which the database knows, still have its file?

A station is this PC's name, its user, its data folder and the database it opened: two
Windows accounts on one PC are two stations, and a new one (no file, no row) is no error.
The row is made only once the station's checkpoint file exists, so a station killed
between its first commit and its first file is never taken for one whose file was deleted.
The head moves forward only over a chain that still holds the previous one; a restore or
an administrator's acknowledgement (services/trust/acknowledgement.py, audited) resets it.

Where the station keeps its checkpoint files is here too: the data folder and the user's
configuration folder; the demo database's own folder; the self-test's temporary one.
"""
from __future__ import annotations

import contextlib
import functools
import getpass
import hashlib
import socket
import threading
from pathlib import Path

import peewee as pw

from ... import config
from ...store import plain_sql
from ...store.models import DB, AuditLog, StationMark, utcnow

_state = threading.local()


def database_identity() -> str:
    """The bound database as this station reaches it: the SQLite file's resolved path, or
    PostgreSQL's host, port, name and options (the schema)."""
    database = DB.obj
    if isinstance(database, pw.SqliteDatabase):
        return resolved(database.database)
    params = getattr(database, "connect_params", {})
    return (f"{params.get('host')}:{params.get('port')}/{database.database}"
            f"?{params.get('options', '')}")


@functools.lru_cache(maxsize=32)
def resolved(file: str) -> str:
    return str(Path(file).resolve())


# --- where this station keeps its checkpoint files (services/trust/checkpoints.py) --------------------

def ibge_code() -> str | None:
    """The município's IBGE code (None before it is set up): part of the files' names."""
    row = plain_sql.first("SELECT ibge_code FROM municipio_settings LIMIT 1")
    return row[0] if row else None


_override_dir: Path | None = None


@contextlib.contextmanager
def kept_in(folder: Path):
    """Keep both checkpoint files in `folder` for a while (the self-test's temporary
    database: nothing of it in the station's folders)."""
    global _override_dir
    previous, _override_dir = _override_dir, Path(folder)
    try:
        yield
    finally:
        _override_dir = previous


def _folders() -> tuple[Path, Path]:
    """(data folder, second folder) of this database's checkpoint files."""
    if _override_dir is not None:
        return _override_dir, _override_dir / "marcos"
    demo = config.demo_db_path()
    if database_identity() == resolved(str(demo)):  # its own folder, as its keys
        return demo.parent, demo.parent / "marcos"
    return config.data_dir(), config.second_marks_dir()


def _name(ibge: str) -> str:
    tag = hashlib.sha256(database_identity().encode()).hexdigest()[:12]
    return f"auditoria-marco-{ibge}-{tag}.json"


def path(ibge: str | None = None) -> Path | None:
    """This database's checkpoint file in the data folder (None before the município is
    set up)."""
    ibge = ibge or ibge_code()
    return None if ibge is None else _folders()[0] / _name(ibge)


def second_path(ibge: str | None = None) -> Path | None:
    """Its copy in the second folder."""
    ibge = ibge or ibge_code()
    return None if ibge is None else _folders()[1] / _name(ibge)


# --- who this station is ----------------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def _host() -> str:
    """This PC's name (as services/audit.py writes it in each entry)."""
    try:
        return (socket.gethostname() or "desconhecida")[:255]
    except OSError:
        return "desconhecida"


def _os_user() -> str:
    try:
        return getpass.getuser()[:255]
    except Exception:  # noqa: BLE001 - no user name in the environment nor the system
        return ""


def identity() -> dict:
    """{"station": its 32-hex id, "machine", "os_user", "folder"} of this station on the
    bound database."""
    folder = resolved(str(config.data_dir()))
    return {"station": _station_id(_host(), _os_user(), folder, database_identity()),
            "machine": _host(), "os_user": _os_user(), "folder": folder}


@functools.lru_cache(maxsize=32)
def _station_id(machine: str, os_user: str, folder: str, database: str) -> str:
    return hashlib.sha256("\0".join((machine, os_user, folder, database)).encode()
                          ).hexdigest()[:32]


def holds(audit_id, entry_hash) -> bool:
    """Whether the chain still has entry `audit_id` with that hash."""
    row = plain_sql.first("SELECT entry_hash FROM audit_log WHERE id = ?", audit_id)
    return row is not None and row[0] == entry_hash


def here() -> StationMark | None:
    """This station's row (None: the database does not know it)."""
    return StationMark.get_or_none(StationMark.station == identity()["station"])


def rows() -> list[StationMark]:
    return list(StationMark.select().order_by(StationMark.seen_at, StationMark.station))


# --- written in the action's transaction ------------------------------------------------------

def head_moved() -> None:
    """An audit entry was appended in this thread's transaction (services/audit.py)."""
    _state.moved = True


def note_before_commit() -> None:
    """The before-commit hook (registered by services/audit.py after the seals, whose entry
    may be the last): note the head when this transaction appended to the chain."""
    if getattr(_state, "moved", False):
        _state.moved = False
        note()


def note(*, reset: bool = False) -> None:
    """This station saw the chain's head now (inside the write transaction). Skipped while
    the station's previous head is no longer in the chain (the evidence stays for `check`)
    unless reset (a restore, an acknowledgement), and before the station's checkpoint file
    first exists."""
    head = plain_sql.head()
    if head is None:
        return
    me = identity()
    row = plain_sql.first("SELECT audit_id, entry_hash, entries FROM station_mark "
                          "WHERE station = ?", me["station"])
    if row is not None and (row[0], row[1]) == head:
        return
    if row is None and not reset:
        file = path()
        if file is None or not file.exists():
            return
    if row is None or reset:
        entries = AuditLog.select().count()
    else:  # an indexed range, not the whole log, after every action (under the chain lock)
        held, since = _held_and_since(row[0], row[1], head[0])
        if not held:
            return
        entries = row[2] + since
    values = {"machine": me["machine"], "os_user": me["os_user"], "folder": me["folder"],
              "audit_id": head[0], "entry_hash": head[1] or "", "entries": entries,
              "seen_at": utcnow()}
    if row is None:
        StationMark.insert(station=me["station"], **values).execute()
    else:
        StationMark.update(**values).where(StationMark.station == me["station"]).execute()


def _held_and_since(audit_id: int, entry_hash: str, head_id: int) -> tuple[bool, int]:
    """(holds(audit_id, entry_hash), entries after it up to the head) in one statement: a
    two-sided range, an index scan even on a table the planner never analyzed."""
    held, since = plain_sql.first(
        "SELECT SUM(CASE WHEN id = ? AND entry_hash = ? THEN 1 ELSE 0 END), "
        "SUM(CASE WHEN id > ? THEN 1 ELSE 0 END) FROM audit_log WHERE id >= ? AND id <= ?",
        audit_id, entry_hash, audit_id, audit_id, head_id) or (0, 0)
    return bool(held), int(since or 0)


def forget_others_not_held() -> list[dict]:
    """Remove the rows of the other stations whose head is no longer in the chain (an
    acknowledgement: their own files still speak at those stations until acknowledged
    there). Returns what they said."""
    mine = identity()["station"]
    gone = [row for row in rows()
            if row.station != mine and not holds(row.audit_id, row.entry_hash)]
    for row in gone:
        StationMark.delete().where(StationMark.station == row.station).execute()
    return [describe(row) for row in gone]


def describe(row: StationMark) -> dict:
    return {"station": row.station, "machine": row.machine, "os_user": row.os_user,
            "id": row.audit_id, "hash": row.entry_hash, "count": row.entries,
            "at": row.seen_at.isoformat(timespec="seconds") if row.seen_at else None}

"""Signed checkpoints of the audit chain's head, kept outside the database, and what `check`
makes of them (issue 18; issue 34 item 4: the evidence of the evidence).

The chain shows an entry edited, removed or slipped in between others, but not the last
entries removed: the shorter chain still links. So after every action this station writes
the head it saw — entry id, its hash, the count — signed with the município's key when it
holds it (services/trust/keys.py), to two files of the same name,
`auditoria-marco-<IBGE>-<banco>.json`: one in the data folder, one in the user's
configuration folder (config.second_marks_dir()); the demo database keeps both in its own
folder, so deleting that folder starts a new demo. Inside the action's transaction the
database notes the head each station saw (services/trust/station_marks.py).

`check` compares them all with the chain: each head must still be there with the same hash
(else entries were deleted, or the database was put back to an older copy by hand), each
file's signature must verify with a key this station trusts, and a station the database
knows must still have its data-folder file (else it was deleted).

The marks only move forward over a chain that still holds the previous one, so deleting the
last entries and working on does not overwrite the evidence; a deleted data-folder file is
not written again while the database knows the station. Only a restore through the program
(services/administration/backups.py) or an administrator's acknowledgement (services/trust/acknowledgement.py),
both audited, lowers them.

What this cannot see: whoever deletes the last entries and also the station's two files and
its station_mark row (at every station that saw those entries), or replaces the database by
an older copy and deletes both files at a station that copy did not know yet. The printed
reports carry the chain's head (services/trust/published_head.py) for a comparison no station can
rewrite.
"""
from __future__ import annotations

import datetime as dt
import functools
import json
import logging
from pathlib import Path


from ...domain import input_limits, wallclock
from ...domain.errors import DomainError
from ...domain.output_files import write_atomic
from ...store import plain_sql
from ...store.models import DB, AuditLog
from . import station_marks
from .station_marks import database_identity, holds, ibge_code, kept_in, path, second_path

__all__ = ["kept_in", "path", "second_path"]  # where the files live: station_marks.py

_log = logging.getLogger(__name__)
FORMAT = "mototaxi-desk-audit-checkpoint/1"
ACKNOWLEDGE_HINT = ("Se isso foi feito de propósito (uma restauração no servidor PostgreSQL, a "
                    "estação reinstalada), um administrador reconhece a trilha atual nesta "
                    "estação com 'mototaxi-desk audit acknowledge'.")


def _payload(data: dict) -> bytes:
    fields = {k: data[k] for k in ("format", "ibge", "database", "id", "hash", "count", "at")}
    return json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()


def _private_key(ibge: str):
    """(key_ref, private key) when this station holds the current key, else None. Never
    creates a key (this runs after every action)."""
    from . import key_files as keys
    row = plain_sql.first("SELECT key_id, fingerprint FROM signing_key "
                          "WHERE retired_at IS NULL ORDER BY key_id DESC LIMIT 1")
    if row is None:
        return None
    key_id, fingerprint = row
    key_path = keys._key_path(ibge, fingerprint)
    try:
        stat = key_path.stat()
        private = _load_key(str(key_path), stat.st_mtime_ns, stat.st_size)
    except (OSError, ValueError, input_limits.InputRefused):
        return None
    from ...printing import qr
    return qr.key_ref(ibge, key_id), private


@functools.lru_cache(maxsize=8)
def _load_key(file: str, _mtime_ns: int, _size: int):
    """The key file read once per version of it (its time and size are the cache's key):
    this runs after every action."""
    from ...printing import qr
    return qr.load_private_pem(input_limits.read_bytes(file, input_limits.KEY_FILE))


def read(file: Path | None = None) -> dict | None:
    """The checkpoint in `file` (the data folder's by default); None when there is none,
    {"unreadable": True} when it is not one."""
    file = file or path()
    if file is None or not file.exists():
        return None
    try:
        data = json.loads(input_limits.read_text(file, input_limits.SMALL_JSON))
    except (OSError, ValueError, input_limits.InputRefused):
        return {"unreadable": True}
    well_formed = (isinstance(data, dict) and type(data.get("id")) is int
                   and isinstance(data.get("hash"), str) and type(data.get("count")) is int)
    return data if well_formed else {"unreadable": True}


def _head(previous: dict | None = None) -> tuple[int, str, int] | None:
    """(id, hash, count) of the chain's last entry. The count is the previous checkpoint's
    plus the entries after it, an indexed range, when that checkpoint still holds; counting
    the whole log after every action would grow with the register (issue 23)."""
    last = plain_sql.head()
    if last is None:
        return None
    if previous:
        # bounded by the head read: an entry appended since is the next checkpoint's, and
        # a two-sided range is an index scan even on a table the planner never analyzed
        (since,) = plain_sql.first("SELECT COUNT(*) FROM audit_log WHERE id > ? AND id <= ?",
                                   previous["id"], last[0])
        return last[0], last[1] or "", previous["count"] + since
    return last[0], last[1] or "", plain_sql.first("SELECT COUNT(*) FROM audit_log")[0]


def write(*, reset: bool = False) -> dict | None:
    """Record the chain's head outside the database, in both files (after an action).
    Skipped while a file's head is no longer in the chain, or while the data-folder file is
    missing at a station the database knows (the evidence is kept for `check`), unless
    reset (a restore, an acknowledgement)."""
    ibge = ibge_code()
    if ibge is None:
        return None
    files = (path(ibge), second_path(ibge))
    saved = [read(file) for file in files]
    previous = None
    if not reset:
        present = [data for data in saved if data]
        if any(data.get("unreadable") for data in present) or not all(
                holds(*head) for head in {(data["id"], data["hash"]) for data in present}):
            return None
        if saved[0] is None and station_marks.here() is not None:
            return None
        previous = max(present, key=lambda data: data["id"], default=None)
    head = _head(previous)
    if head is None:
        return None
    if previous and previous["id"] == head[0] and all(saved):
        return previous
    data = {"format": FORMAT, "ibge": ibge, "database": database_identity(),
            "id": head[0], "hash": head[1], "count": head[2],
            "at": wallclock.utcnow_aware().isoformat(timespec="seconds")}
    signer = _private_key(ibge)
    if signer is not None:
        from ...printing import qr
        data["key_id"] = signer[0]
        data["signature"] = qr.sign_bytes(_payload(data), signer[1]).hex()
    text = json.dumps(data, indent=1).encode("utf-8")
    for file in files:
        file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(file, text, mode=0o600)
    return data


def after_action() -> None:
    """The post-commit hook: never lets a failure here fail the action already committed."""
    try:
        if DB.obj is not None and not DB.obj.is_closed():
            write()
    except Exception:  # noqa: BLE001 - a checkpoint is evidence, not part of the action
        _log.warning("marco da trilha de auditoria não gravado", exc_info=True)


# --- what `check` says ------------------------------------------------------------------------

def when_text(value) -> str:
    """A mark's time (ISO text or a naive UTC datetime) as dd/mm/aaaa hh:mm:ss."""
    if isinstance(value, str):
        try:
            value = dt.datetime.fromisoformat(value)
        except ValueError:
            return value
    return f"{value:%d/%m/%Y %H:%M:%S}" if isinstance(value, dt.datetime) else str(value)


def _file_problem(file: Path, data: dict) -> str | None:
    """A checkpoint file that does not read, or whose signature does not verify."""
    if data.get("unreadable"):
        return (f"O marco da trilha de auditoria ({file}) está ilegível: foi alterado fora do "
                "programa.")
    if data.get("signature"):
        from ...printing import qr
        from . import key_files as keys
        try:
            public = keys.public_keys().get(data.get("key_id"))
            signature = bytes.fromhex(data["signature"])
        except (DomainError, ValueError, TypeError):
            public, signature = None, b""
        if public is not None and not qr.verify_bytes(_payload(data), signature, public):
            return (f"O marco da trilha de auditoria ({file}) não confere com a assinatura do "
                    "município: foi alterado fora do programa.")
    return None


def _marks(restoring: bool) -> tuple[list[str], list[tuple[str, dict, bool]]]:
    """(problems of the files themselves, [(who, mark, from a file)] to compare with the
    chain): this station's files, then every station's row in the database."""
    problems, marks = [], []
    ibge = ibge_code()
    if ibge is None:
        return [], []
    first = path(ibge)
    for file in (first, second_path(ibge)):
        data = read(file)
        if data is None:
            continue
        problem = _file_problem(file, data)
        if problem:
            problems.append(problem)
            continue
        who = "o marco assinado desta estação" if data.get("signature") else \
            "o marco desta estação"
        marks.append((who, data, True))
    mine = None if restoring else station_marks.identity()["station"]
    for row in station_marks.rows():
        if row.station == mine and read(first) is None:
            problems.append(
                f"O marco da trilha de auditoria desta estação ({first}) foi apagado fora do "
                f"programa: o banco registra que esta estação viu {row.entries} registros "
                f"até o nº {row.audit_id} em {when_text(row.seen_at)} UTC.")
        user = f" (usuário {row.os_user})" if row.os_user else ""
        who = ("o marco desta estação guardado no banco" if row.station == mine else
               f"o marco da estação {row.machine or '?'}{user} guardado no banco")
        marks.append((who, station_marks.describe(row), False))
    return problems, marks


def _not_held(who: str, mark: dict) -> str | None:
    """Whether the chain still has the mark's entry with its hash; if not, the facts in
    words exact on both databases: entries are counted, not inferred from their numbers
    (PostgreSQL's may skip; SQLite may give a deleted entry's number to a later one)."""
    number = mark["id"]
    row = AuditLog.select(AuditLog.entry_hash).where(AuditLog.id == number).first()
    if row is not None and row.entry_hash == mark["hash"]:
        return None
    up_to = AuditLog.select().where(AuditLog.id <= number).count()
    last = AuditLog.select(AuditLog.id).order_by(AuditLog.id.desc()).scalar() or 0
    said = (f"{who}, de {when_text(mark['at'])} UTC, registra {mark['count']} registros até o "
            f"nº {number}")
    why = ("ou o banco foi substituído por uma cópia mais antiga sem passar pela restauração "
           "do programa.")
    if row is not None:
        return (f"Trilha de auditoria reescrita: {said}, mas o registro nº {number} não é mais "
                f"o que ele registrou (hoje há {up_to} registros até esse número): registros "
                f"foram apagados e outros gravados no lugar, ou reescritos, fora do programa, "
                f"{why}")
    if last < number:
        return (f"Trilha de auditoria truncada: {said}, mas a trilha termina no nº {last}, com "
                f"{up_to} registros: os últimos registros foram apagados fora do programa, "
                f"{why}")
    return (f"Trilha de auditoria truncada: {said}, mas o nº {number} não existe mais (há "
            f"{up_to} registros até esse número; a trilha segue até o nº {last}, com registros "
            f"gravados depois): registros foram apagados fora do programa, {why}")


def problems(*, restoring: bool = False) -> list[str]:
    """What the checkpoints say about the chain now (empty: all agree, or none yet).
    restoring=True: the database is a copy being checked for a restore, which may end
    before this station's checkpoint (only the marks it holds itself must agree)."""
    found, marks = _marks(restoring)
    last = AuditLog.select(AuditLog.id).order_by(AuditLog.id.desc()).scalar() or 0
    reported = set()
    for who, mark, from_file in marks:
        key = (mark["id"], mark["hash"])
        if key in reported or (restoring and from_file and mark["id"] > last):
            continue  # an older copy ends before this station's files
        problem = _not_held(who, mark)
        if problem:
            reported.add(key)
            found.append(problem)
    if found and not restoring:  # said once, after them all
        found[-1] += " " + ACKNOWLEDGE_HINT
    return found


def lost_up_to() -> int | None:
    """The highest entry number a mark saw that the chain no longer holds as it was: audit
    entries up to it were deleted (or the database put back to an older copy), so a row's
    last seal may have been among them (services/audit_walk.seal_problems). None when every
    mark agrees."""
    _, marks = _marks(restoring=False)
    broken = [mark["id"] for _, mark, _ in marks if not holds(mark["id"], mark["hash"])]
    return max(broken, default=None)


def marks_summary() -> dict:
    """What this station's marks say (for the restore's audit entry)."""
    ibge = ibge_code()
    if ibge is None:
        return {}
    mine = station_marks.here()
    return {"arquivos": {str(f): read(f) for f in (path(ibge), second_path(ibge))},
            "banco": station_marks.describe(mine) if mine else None}

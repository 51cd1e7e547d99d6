"""Signed checkpoints of the audit chain's head, kept outside the database.

The chain shows an entry edited, removed or slipped in between others, but not the last
entries removed: the shorter chain still links. So after every action this station writes
the head it saw — entry id, its hash, the count — to `<pasta de dados>/auditoria-marco-
<IBGE>-<banco>.json` (next to the backups folder), signed with the município's key when this
station holds it (services/keys.py). `check` reads it back: the entry must still be there
with the same hash, and the signature must verify with a key this station trusts.

A checkpoint is only moved forward over a chain that still holds the previous one: removing
the last rows and then working on does not overwrite the evidence. A restore resets it (the
restored chain is legitimately shorter), audited as backup.restore.
"""
from __future__ import annotations

import functools
import hashlib
import json
import logging
from pathlib import Path

import peewee as pw

from .. import config
from ..store.models import DB, AuditLog, MunicipioSettings, SigningKey
from ..domain import input_limits
from ..domain.output_files import write_atomic
from ..domain import wallclock

_log = logging.getLogger(__name__)
FORMAT = "mototaxi-desk-audit-checkpoint/1"


def _database_identity() -> str:
    database = DB.obj
    if isinstance(database, pw.SqliteDatabase):
        return _resolved(database.database)
    params = getattr(database, "connect_params", {})
    return (f"{params.get('host')}:{params.get('port')}/{database.database}"
            f"?{params.get('options', '')}")


@functools.lru_cache(maxsize=32)
def _resolved(file: str) -> str:
    return str(Path(file).resolve())


def _ibge() -> str | None:
    row = MunicipioSettings.select(MunicipioSettings.ibge_code).first()
    return row.ibge_code if row else None


def path(ibge: str | None = None) -> Path | None:
    """This database's checkpoint file (None before the município is set up)."""
    ibge = ibge or _ibge()
    if ibge is None:
        return None
    tag = hashlib.sha256(_database_identity().encode()).hexdigest()[:12]
    return config.data_dir() / f"auditoria-marco-{ibge}-{tag}.json"


def _payload(data: dict) -> bytes:
    fields = {k: data[k] for k in ("format", "ibge", "database", "id", "hash", "count", "at")}
    return json.dumps(fields, sort_keys=True, separators=(",", ":")).encode()


def _private_key(ibge: str):
    """(key_ref, private key) when this station holds the current key, else None. Never
    creates a key (this runs after every action)."""
    from . import key_files as keys
    row = (SigningKey.select(SigningKey.key_id, SigningKey.fingerprint)
           .where(SigningKey.retired_at.is_null())
           .order_by(SigningKey.key_id.desc()).tuples().first())
    if row is None:
        return None
    key_id, fingerprint = row
    key_path = keys._key_path(ibge, fingerprint)
    try:
        stat = key_path.stat()
        private = _load_key(str(key_path), stat.st_mtime_ns, stat.st_size)
    except (OSError, ValueError, input_limits.InputRefused):
        return None
    from ..printing import qr
    return qr.key_ref(ibge, key_id), private


@functools.lru_cache(maxsize=8)
def _load_key(file: str, _mtime_ns: int, _size: int):
    """The key file read once per version of it (its time and size are the cache's key):
    this runs after every action."""
    from ..printing import qr
    return qr.load_private_pem(input_limits.read_bytes(file, input_limits.KEY_FILE))


def read(file: Path | None = None) -> dict | None:
    file = file or path()
    if file is None or not file.exists():
        return None
    try:
        data = json.loads(input_limits.read_text(file, input_limits.SMALL_JSON))
    except (OSError, ValueError, input_limits.InputRefused):
        return {"unreadable": True}
    return data if isinstance(data, dict) else {"unreadable": True}


def _head(previous: dict | None = None) -> tuple[int, str, int] | None:
    """(id, hash, count) of the chain's last entry. The count is the previous checkpoint's
    plus the entries after it, an indexed range, when that checkpoint still holds; counting
    the whole log after every action would grow with the register (issue 23)."""
    last = AuditLog.select(AuditLog.id, AuditLog.entry_hash).order_by(
        AuditLog.id.desc()).limit(1).tuples().first()
    if last is None:
        return None
    if previous and isinstance(previous.get("count"), int) and isinstance(previous.get("id"), int):
        since = AuditLog.select().where(AuditLog.id > previous["id"]).count()
        return last[0], last[1] or "", previous["count"] + since
    return last[0], last[1] or "", AuditLog.select().count()


def _still_there(data: dict) -> bool:
    row = AuditLog.select(AuditLog.entry_hash).where(AuditLog.id == data.get("id")).first()
    return row is not None and row.entry_hash == data.get("hash")


def write(*, reset: bool = False) -> dict | None:
    """Record the chain's head outside the database (after an action). Skipped when the
    previous checkpoint's entry is no longer in the chain (the evidence is kept for `check`)
    unless reset (a restore)."""
    ibge = _ibge()
    file = path(ibge)
    if file is None:
        return None
    previous = read(file)
    if previous and not reset:
        if previous.get("unreadable") or not _still_there(previous):
            return None
    head = _head(None if reset else previous)
    if head is None:
        return None
    if previous and not reset and previous.get("id") == head[0]:
        return previous
    data = {"format": FORMAT, "ibge": ibge, "database": _database_identity(),
            "id": head[0], "hash": head[1], "count": head[2],
            "at": wallclock.utcnow_aware().isoformat(timespec="seconds")}
    signer = _private_key(ibge)
    if signer is not None:
        from ..printing import qr
        data["key_id"] = signer[0]
        data["signature"] = qr.sign_bytes(_payload(data), signer[1]).hex()
    file.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(file, json.dumps(data, indent=1).encode("utf-8"), mode=0o600)
    return data


def after_action() -> None:
    """The post-commit hook: never lets a failure here fail the action already committed."""
    try:
        if DB.obj is not None and not DB.obj.is_closed():
            write()
    except Exception:  # noqa: BLE001 - a checkpoint is evidence, not part of the action
        _log.warning("marco da trilha de auditoria não gravado", exc_info=True)


def problems(*, restoring: bool = False) -> list[str]:
    """What the checkpoint says about the chain now (empty: agrees, or no checkpoint)."""
    file = path()
    data = read(file)
    if not data:
        return []
    if data.get("unreadable"):
        return [f"O marco da trilha de auditoria ({file}) está ilegível: foi alterado fora do "
                "programa."]
    if data.get("signature"):
        from ..domain.errors import DomainError
        from ..printing import qr
        from . import key_files as keys
        try:
            public = keys.public_keys().get(data.get("key_id"))
        except DomainError:
            public = None
        if public is not None and not qr.verify_bytes(_payload(data),
                                                     bytes.fromhex(data["signature"]), public):
            return [f"O marco da trilha de auditoria ({file}) não confere com a assinatura do "
                    "município: foi alterado fora do programa."]
    head = _head()
    last_id = head[0] if head else 0
    if restoring and data["id"] > last_id:
        return []  # an older copy: it ends before the checkpoint
    row = AuditLog.select(AuditLog.entry_hash).where(AuditLog.id == data["id"]).first()
    when = str(data.get("at", ""))[:19].replace("T", " ")
    if row is None:
        return [f"Trilha de auditoria truncada: o marco assinado de {when} UTC registra "
                f"{data['count']} registros até o nº {data['id']}, mas o banco termina no nº "
                f"{last_id}; os últimos registros foram apagados fora do programa."]
    if row.entry_hash != data["hash"]:
        return [f"Trilha de auditoria reescrita: o registro nº {data['id']} não é o que o "
                f"marco assinado de {when} UTC registrou."]
    return []

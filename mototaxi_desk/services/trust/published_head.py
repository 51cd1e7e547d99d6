"""The audit chain's head published where no station can rewrite it (issue 34 item 4): at the
foot of every printed report — count, number, date and the first digits of its hash. An
auditor keeps the paper and later asks whether the chain still holds that entry with that
hash (`mototaxi-desk audit verify --marco N:HASH`): entries deleted at every station's
files and in the database still show there."""
from __future__ import annotations

from ...domain.errors import DomainError
from ...store.models import AuditLog
from .checkpoints import when_text

HASH_DIGITS = 16  # hex digits printed: 64 bits, compared by eye


def head() -> dict | None:
    """The chain's head now: {"id", "hash", "count", "at"} (None for an empty chain)."""
    last = AuditLog.select(AuditLog.id, AuditLog.entry_hash, AuditLog.at).order_by(
        AuditLog.id.desc()).limit(1).first()
    if last is None:
        return None
    return {"id": last.id, "hash": last.entry_hash or "", "count": AuditLog.select().count(),
            "at": last.at}


def line() -> str:
    """The head as printed at the foot of a report: an auditor keeps the paper and later
    compares it (`mototaxi-desk audit verify --marco N:HASH`)."""
    now = head()
    if now is None:
        return ""
    short = now["hash"][:HASH_DIGITS]
    return (f"Trilha de auditoria ao imprimir: {now['count']} registros, último nº "
            f"{now['id']} ({when_text(now['at'])} UTC), hash {short}. Para conferir depois: "
            f"mototaxi-desk audit verify --marco {now['id']}:{short}")


def compare(number: int, hash_prefix: str) -> str | None:
    """A printed head against the chain now: None when entry `number` is still there with
    a hash beginning with `hash_prefix`, else what is wrong (Portuguese)."""
    prefix = hash_prefix.strip().lower()
    if len(prefix) < 8 or any(c not in "0123456789abcdef" for c in prefix):
        raise DomainError("Marco: informe NÚMERO:HASH, com ao menos 8 dígitos hexadecimais "
                          "do hash impresso.")
    row = AuditLog.select(AuditLog.entry_hash).where(AuditLog.id == number).first()
    if row is None:
        last = AuditLog.select(AuditLog.id).order_by(AuditLog.id.desc()).scalar() or 0
        return (f"O registro de auditoria nº {number} do marco impresso não existe mais (a "
                f"trilha termina no nº {last}): registros foram apagados fora do programa, ou "
                "o banco foi substituído por uma cópia mais antiga.")
    if not (row.entry_hash or "").startswith(prefix):
        return (f"O registro de auditoria nº {number} não é o do marco impresso (hash "
                f"{(row.entry_hash or '')[:len(prefix)]}, impresso {prefix}): a trilha foi "
                "reescrita fora do programa, ou o banco foi substituído por outro.")
    return None

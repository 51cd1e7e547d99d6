"""The município's QR signing keys (Ed25519).

Where the private key lives — a file in the data folder, not the database:
- `<data folder>/keys/qr-<IBGE>-<fingerprint>.pem`, PKCS#8, created with permissions 0600
  (folder 0700), written once and never printed, logged, exported or put in the audit log;
- the database holds only public keys with their key id, so every counter verifies, and a
  database backup or dump — which travels (pen drives, e-mail to the IT person, PostgreSQL
  read access for every counter login) — never carries the means to forge a card;
- the price: with several counters on PostgreSQL, only a machine holding the file can print
  signed documents; the admin copies the file to the others (same folder), or prints there.
  A printing machine without it gets a clear message naming the file it needs.
- rotation (`mototaxi-desk keys rotate`) makes a new key pair and retires the old one; the
  old public key stays, so the cards it signed keep verifying (key id in each payload).

The file name carries the IBGE code and the key's fingerprint, so the real and the demo
database (or two municípios) share one keys folder without clashing.
"""
from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

from .. import config
from ..domain.errors import DomainError
from ..printing import qr
from ..store.connection import write_transaction
from ..store.models import SigningKey, utcnow
from . import audit, permissions, setup
from .context import SYSTEM, Actor

_override_dir: Path | None = None


def key_dir() -> Path:
    return _override_dir or config.data_dir() / "keys"


@contextlib.contextmanager
def using_key_dir(folder: Path):
    """Keep keys in another folder for a while (the self-test's temporary folder)."""
    global _override_dir
    previous, _override_dir = _override_dir, Path(folder)
    try:
        yield
    finally:
        _override_dir = previous


def fingerprint(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def _key_path(ibge: str, print_: str) -> Path:
    return key_dir() / f"qr-{ibge}-{print_[:16]}.pem"


def _write_private(path: Path, pem: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    with contextlib.suppress(OSError):
        os.chmod(path.parent, 0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, pem)
    finally:
        os.close(fd)
    with contextlib.suppress(OSError):  # umask cannot widen it; Windows ignores most bits
        os.chmod(path, 0o600)


def _current() -> SigningKey | None:
    return (SigningKey.select().where(SigningKey.retired_at.is_null())
            .order_by(SigningKey.key_id.desc()).first())


def _create(actor: Actor, *, audited: bool = True) -> SigningKey:
    """A new key pair: the private half to its file, the public half to the database.
    Call inside the action's transaction."""
    ibge = setup.settings().ibge_code
    private = qr.new_private_key()
    raw = qr.public_raw(private)
    print_ = fingerprint(raw)
    _write_private(_key_path(ibge, print_), qr.private_pem(private))
    last = SigningKey.select(SigningKey.key_id).order_by(SigningKey.key_id.desc()).scalar() or 0
    if last >= 0xFFFF:
        raise DomainError("Limite de chaves de assinatura atingido.")
    row = SigningKey.create(key_id=last + 1, public_key=raw.hex(), fingerprint=print_,
                            created_by=actor.user_id)
    if audited:
        audit.record(actor, "key.create", "signing_key", row.key_id,
                     after={"key_id": row.key_id, "fingerprint": print_})
    return row


def ensure_key(actor: Actor = SYSTEM, *, at_init: bool = False) -> int:
    """The current key id, creating the first key pair if the database has none (at `init`,
    where it is part of the set-up entry of the audit log, or on first use for a database
    set up before signed QR codes existed, audited as key.create)."""
    with write_transaction():
        row = _current()
        if row is None:
            row = _create(actor, audited=not at_init)
        return row.key_id


def signing_key(actor: Actor = SYSTEM) -> tuple[int, qr.Ed25519PrivateKey]:
    """(key id, private key) of the current key; DomainError if this machine lacks the file."""
    key_id = ensure_key(actor)
    row = SigningKey.get(SigningKey.key_id == key_id)
    path = _key_path(setup.settings().ibge_code, row.fingerprint)
    try:
        private = qr.load_private_pem(path.read_bytes())
    except FileNotFoundError:
        raise DomainError(f"A chave privada de assinatura nº {key_id} não está nesta estação "
                          f"(arquivo {path}). Copie-a da estação onde foi criada para esta "
                          "pasta, ou imprima naquela estação.") from None
    except (OSError, ValueError) as exc:
        raise DomainError(f"Não foi possível ler a chave privada de assinatura ({path.name}): "
                          f"{type(exc).__name__}.") from None
    if qr.public_raw(private).hex() != row.public_key:
        raise DomainError(f"O arquivo {path.name} não corresponde à chave nº {key_id}.")
    return key_id, private


def public_keys() -> dict[int, bytes]:
    """Every key id -> raw public key, retired ones included (they still verify)."""
    return {k: bytes.fromhex(h) for k, h in
            SigningKey.select(SigningKey.key_id, SigningKey.public_key).tuples()}


def list_keys() -> list[dict]:
    ibge = setup.settings().ibge_code
    return [{"key_id": k.key_id, "fingerprint": k.fingerprint, "created_at": k.created_at,
             "retired_at": k.retired_at, "current": k.retired_at is None,
             "private_key_here": _key_path(ibge, k.fingerprint).exists()}
            for k in SigningKey.select().order_by(SigningKey.key_id)]


def export_public() -> dict:
    """The public keys (PEM) with their ids, for an inspector's offline verifier."""
    ensure_key()
    row = setup.settings()
    keys = [{**info, "pem": qr.public_pem(bytes.fromhex(
        SigningKey.get(SigningKey.key_id == info["key_id"]).public_key))}
        for info in list_keys()]
    for info in keys:
        info.pop("private_key_here")
    return {"municipio": row.name, "uf": row.uf, "ibge": row.ibge_code,
            "algorithm": "Ed25519", "qr_prefix": qr.PREFIX, "keys": keys}


def rotate(actor: Actor) -> dict:
    """Retire the current key and create a new one (admin). Documents signed before keep
    verifying with the retired public key."""
    permissions.require(actor, "keys.rotate")
    with write_transaction():
        old = _current()
        if old is not None:
            old.retired_at = utcnow()
            old.save()
            audit.record(actor, "key.retire", "signing_key", old.key_id,
                         after={"key_id": old.key_id, "fingerprint": old.fingerprint})
        new = _create(actor)
    return {"retired": old.key_id if old else None, "key_id": new.key_id,
            "fingerprint": new.fingerprint}

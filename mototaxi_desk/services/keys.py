"""The município's QR signing keys (Ed25519), and the keys this station trusts.

Where the private key lives — a file in the data folder, not the database:
- `<keys folder>/qr-<IBGE>-<fingerprint>.pem`, PKCS#8, created with permissions 0600
  (folder 0700), written once and never printed, logged, exported or put in the audit log;
- the database holds the public keys with their serial, so every counter sees them, and a
  database backup or dump — which travels (pen drives, e-mail to the IT person, PostgreSQL
  read access for every counter login) — never carries the means to forge a card;
- rotation (`mototaxi-desk keys rotate`) makes a new key pair and retires the old one; the
  old public key stays trusted, so the cards it signed keep verifying.

Trust is pinned outside the database (ARCHITECTURE "Trust is pinned outside the database"):
the public keys this station accepts are in `<keys folder>/trusted-<IBGE>.json`, written
when a key is made or rotated here, and copied (`keys trust FILE`) to stations that only
verify. Verification reads this file, never the database's list: someone who can write to
the database (every counter on PostgreSQL) and adds a "retired" key of his own signs cards
that are refused, and `check` names the key. A station whose folder predates the file pins
the keys whose private halves it holds (holding the private key proves them).

A key is known across municípios by IBGE code + serial ("2111102-1"): every QR record
carries both, so a genuine document of another município is told apart from a forgery, and
the cards printed before this scheme (serial 1, 2...) keep verifying.

The demo database keeps its keys in `<data folder>/demo/keys`: a demo key is never trusted
for the real município that shares its IBGE code.
"""
from __future__ import annotations

import contextlib
import json
from pathlib import Path

from ..domain import input_limits
from ..domain.errors import DomainError
from ..printing import qr
from ..store.connection import write_transaction
from ..store.models import MunicipioSettings, SigningKey, utcnow
from . import audit, permissions
from .context import SYSTEM, Actor
from .key_files import (  # noqa: F401 (also read as keys.X by the other modules)
    TRUST_FORMAT, _adopt_legacy_private, _check_trust, _entry, _ibge, _key_path, _pin,
    _private_holds, _read_trust, _save_trust,
    _secure_folder, _write_private, fingerprint, fingerprint_text, key_dir, public_keys,
    trust_path, trusted, using_key_dir)



def untrusted_refs() -> list[str]:
    """Keys in the database that this station does not trust (or trusts with another
    public half): a write to the database alone, refused by verification."""
    ibge = _ibge()
    pinned = {k["key_id"]: k["public_key"] for k in trusted(ibge)["keys"]}
    return [qr.key_ref(ibge, row.key_id) for row in SigningKey.select().order_by(
        SigningKey.key_id) if pinned.get(qr.key_ref(ibge, row.key_id)) != row.public_key]


def install_trusted(actor: Actor, source: Path) -> dict:
    """Install a trust file copied from the station that signs (admin): same município,
    every key it held before still in it, unchanged. Audited."""
    permissions.require(actor, "keys.trust")
    try:
        data = json.loads(input_limits.read_text(source, input_limits.KEY_FILE))
    except (OSError, ValueError) as exc:
        raise DomainError(f"Não foi possível ler {source}: {type(exc).__name__}.") from None
    _check_trust(data, source)
    ibge = _ibge()
    if data["ibge"] != ibge:
        raise DomainError(f"O arquivo é do município de IBGE {data['ibge']}; este banco é do "
                          f"IBGE {ibge}. Nada foi alterado.")
    current = _read_trust(trust_path(ibge))
    if current is not None:
        new = {k["key_id"]: k["public_key"] for k in data["keys"]}
        lost = [k["key_id"] for k in current["keys"] if new.get(k["key_id"]) != k["public_key"]]
        if lost:
            raise DomainError("O arquivo não traz as chaves já confiáveis desta estação "
                              f"({', '.join(lost)}) como estão: nada foi alterado.")
    _save_trust(data, ibge)
    with write_transaction():
        audit.record(actor, "key.trust", "signing_key", None,
                     after={"keys": [[k["key_id"], k["fingerprint"]] for k in data["keys"]]})
    return trust_summary()


def trust_summary() -> dict:
    """What Configurações and `keys list` show: each trusted key with its fingerprint, the
    current one first, and the database's keys this station does not trust."""
    data = trusted()
    keys = sorted(data["keys"], key=lambda k: (k["retired_at"] is not None, -k["serial"]))
    return {"ibge": data["ibge"], "path": str(trust_path(data["ibge"])),
            "keys": [{**k, "fingerprint_text": fingerprint_text(k["fingerprint"]),
                      "current": k["retired_at"] is None} for k in keys],
            "untrusted": untrusted_refs()}


def current_fingerprint_text() -> str:
    """The current key's fingerprint as printed on the stand roster ('' if none)."""
    with contextlib.suppress(DomainError):
        for key in trust_summary()["keys"]:
            if key["current"]:
                return f"{key['key_id']} · {key['fingerprint_text']}"
    return ""


# --- the signing key (database + private file) -----------------------------------------------

def _current() -> SigningKey | None:
    return (SigningKey.select().where(SigningKey.retired_at.is_null())
            .order_by(SigningKey.key_id.desc()).first())


def _create(actor: Actor, *, audited: bool = True) -> SigningKey:
    """A new key pair: the private half to its file, the public half to the database and
    to this station's trust file. Call inside the action's transaction."""
    ibge = _ibge()
    private = qr.new_private_key()
    raw = qr.public_raw(private)
    print_ = fingerprint(raw)
    _write_private(_key_path(ibge, print_), qr.private_pem(private))
    last = SigningKey.select(SigningKey.key_id).order_by(SigningKey.key_id.desc()).scalar() or 0
    pinned = _read_trust(trust_path(ibge))
    if pinned is not None:  # a serial this station trusts is never given to another key
        last = max([last] + [k["serial"] for k in pinned["keys"]])
    if last >= 0xFFFF:
        raise DomainError("Limite de chaves de assinatura atingido.")
    row = SigningKey.create(key_id=last + 1, public_key=raw.hex(), fingerprint=print_,
                            created_by=actor.user_id)
    _pin([row], ibge)
    if audited:
        audit.record(actor, "key.create", "signing_key", row.key_id,
                     after={"key_id": qr.key_ref(ibge, row.key_id), "fingerprint": print_})
    return row


def ensure_key(actor: Actor = SYSTEM, *, at_init: bool = False) -> int:
    """The current key's serial, creating the first key pair if the database has none (at
    `init`, where it is part of the set-up entry of the audit log, or on first use for a
    database set up before signed QR codes existed, audited as key.create)."""
    with write_transaction():
        row = _current()
        if row is None:
            row = _create(actor, audited=not at_init)
        return row.key_id


def signing_key(actor: Actor = SYSTEM) -> tuple[int, qr.Ed25519PrivateKey]:
    """(serial, private key) of the current key; DomainError if this machine lacks the file
    or does not trust the key."""
    key_id = ensure_key(actor)
    row = SigningKey.get(SigningKey.key_id == key_id)
    ibge = _ibge()
    path = _key_path(ibge, row.fingerprint)
    _adopt_legacy_private(path)
    try:
        private = qr.load_private_pem(input_limits.read_bytes(path, input_limits.KEY_FILE))
    except FileNotFoundError:
        raise DomainError(f"A chave privada de assinatura nº {key_id} não está nesta estação "
                          f"(arquivo {path}). Copie-a da estação onde foi criada para esta "
                          "pasta, ou imprima naquela estação.") from None
    except (OSError, ValueError) as exc:
        raise DomainError(f"Não foi possível ler a chave privada de assinatura ({path.name}): "
                          f"{type(exc).__name__}.") from None
    if qr.public_raw(private).hex() != row.public_key:
        raise DomainError(f"O arquivo {path.name} não corresponde à chave nº {key_id}.")
    if qr.key_ref(ibge, key_id) not in public_keys():
        _pin([row], ibge)  # holding the private half proves the key (a folder from before)
    return key_id, private


def list_keys() -> list[dict]:
    ibge = _ibge()
    pinned = {k["key_id"]: k["public_key"] for k in _trusted_or_empty(ibge)}
    return [{"key_id": k.key_id, "key_ref": qr.key_ref(ibge, k.key_id),
             "fingerprint": k.fingerprint, "fingerprint_text": fingerprint_text(k.fingerprint),
             "created_at": k.created_at, "retired_at": k.retired_at,
             "current": k.retired_at is None,
             "trusted": pinned.get(qr.key_ref(ibge, k.key_id)) == k.public_key,
             "private_key_here": _key_path(ibge, k.fingerprint).exists()}
            for k in SigningKey.select().order_by(SigningKey.key_id)]


def _trusted_or_empty(ibge: str) -> list[dict]:
    try:
        return trusted(ibge)["keys"]
    except DomainError:
        return []


def export_public() -> dict:
    """The public keys this station trusts (PEM) with their ids, for an offline verifier."""
    ensure_key()
    data = trusted()
    row = MunicipioSettings.select().first()
    keys = [{"key_id": k["key_id"], "serial": k["serial"], "fingerprint": k["fingerprint"],
             "fingerprint_text": fingerprint_text(k["fingerprint"]),
             "current": k["retired_at"] is None, "retired_at": k["retired_at"],
             "pem": qr.public_pem(bytes.fromhex(k["public_key"])),
             "public_key": k["public_key"]} for k in data["keys"]]
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
            _pin([old], _ibge())
            audit.record(actor, "key.retire", "signing_key", old.key_id,
                         after={"key_id": old.key_id, "fingerprint": old.fingerprint})
        new = _create(actor)
    return {"retired": old.key_id if old else None, "key_id": new.key_id,
            "key_ref": qr.key_ref(_ibge(), new.key_id), "fingerprint": new.fingerprint}


def sign_status(payload: bytes) -> dict:
    """Sign a status list with the current key: {key_id, signature (hex)}."""
    serial, private = signing_key()
    return {"key_id": qr.key_ref(_ibge(), serial),
            "signature": qr.sign_bytes(payload, private).hex()}

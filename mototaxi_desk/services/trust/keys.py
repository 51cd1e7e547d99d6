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
the public keys this station accepts are in `<keys folder>/trusted-<IBGE>.json` (format in
services/trust/trust_file.py). A document verifies only with a key that is both in that file and
in this município's database with the same public half: someone who can write to the
database (every counter on PostgreSQL) and adds a "retired" key of his own signs cards that
are refused, and `check` names the key; a key pinned here but absent from the database (or
replaced in it) verifies nothing, and `check` names it too.

Trust anchors grow only by an admin's act (issue 34):
- trust on first use: the first key of a município at a station that trusts none of its
  keys yet (no trust file for that IBGE, or one without keys) is pinned by `init`; a station
  whose folder predates the file pins the keys whose private halves it holds. Once the file
  holds a key, `init` never writes to it — a scratch database set up with the município's
  own IBGE code has a key this station does not trust, and cannot print with it here;
- rotation: the current key, trusted here and held here, signs the statement that the new
  key succeeds it, kept in the file; a station that receives the file checks it
  (`keys trust FILE`, admin) without comparing fingerprints;
- anything else (a first install at a station that only verifies, a file from before the
  statements, a key made after the previous one was lost) needs an admin who confirms each
  new key's fingerprint (`keys trust ... --confirm`, or the dialog in Configurações).
Holding a private key file proves nothing once the file holds keys: anyone at the station
can make one.

A key is known across municípios by IBGE code + serial ("2111102-1"): every QR record
carries both, so a genuine document of another município is told apart from a forgery, and
the cards printed before this scheme (serial 1, 2...) keep verifying.

The demo database keeps its keys in `<data folder>/demo/keys`: a demo key is never trusted
for the real município that shares its IBGE code.
"""
from __future__ import annotations

import contextlib
import json
from collections.abc import Iterable
from pathlib import Path

from ...domain import input_limits
from ...domain.errors import DomainError
from ...domain.os_errors import os_error_text
from ...printing import qr
from ...store.connection import write_transaction
from ...store.models import MunicipioSettings, SigningKey, utcnow
from .. import audit, permissions, refusals
from . import trust_file
from ..context import SYSTEM, Actor
from .key_files import (  # noqa: F401 (also read as keys.X by the other modules)
    TRUST_FORMAT, _adopt_legacy_private, _anchors, _entry, _ibge, _key_path, _mark_retired,
    _pin_first, _pin_successor, _private_holds, _read_trust, _save_trust, _secure_folder,
    _with_names, _write_private, fingerprint, fingerprint_text, key_dir, public_keys,
    trust_path, trusted, using_key_dir, verifying_keys)


class NeedsConfirmation(DomainError):
    """New keys that only an admin's confirmation of their fingerprints adds (`keys`)."""

    def __init__(self, message: str, keys: list[dict]):
        super().__init__(message)
        self.keys = keys


def untrusted_refs() -> list[str]:
    """Keys in the database that this station does not trust (or trusts with another
    public half): a write to the database alone, refused by verification."""
    ibge = _ibge()
    pinned = {k["key_id"]: k["public_key"] for k in trusted(ibge)["keys"]}
    return [qr.key_ref(ibge, row.key_id) for row in SigningKey.select().order_by(
        SigningKey.key_id) if pinned.get(qr.key_ref(ibge, row.key_id)) != row.public_key]


def missing_refs() -> list[str]:
    """Keys this station trusts that this database lacks (a key row deleted, or a database
    that is not the município's): documents signed with them are refused here."""
    ibge = _ibge()
    present = {qr.key_ref(ibge, serial) for (serial,) in SigningKey.select(
        SigningKey.key_id).tuples()}
    return [k["key_id"] for k in trusted(ibge)["keys"] if k["key_id"] not in present]


# --- adding keys to this station's trust (admin) ---------------------------------------------

def _incoming(source: Path | None, ibge: str) -> dict:
    """The keys offered: a trust file copied from another station, or (None) this station's
    own keys plus the database's keys whose serial it does not know."""
    if source is None:
        current = _anchors(ibge)
        kept = list(current["keys"]) if current else []
        known = {k["key_id"] for k in kept} | {k["public_key"] for k in kept}
        offered = [_entry(row, ibge) for row in SigningKey.select().order_by(SigningKey.key_id)]
        return _with_names({"format": TRUST_FORMAT, "ibge": ibge, "keys": kept + [
            k for k in offered if not {k["key_id"], k["public_key"]} & known]})
    try:
        data = json.loads(input_limits.read_text(source, input_limits.KEY_FILE))
    except (OSError, ValueError) as exc:
        raise DomainError(f"Não foi possível ler {source}: {type(exc).__name__}.") from None
    data = trust_file.parse(data, source)
    if data["ibge"] != ibge:
        raise DomainError(f"O arquivo é do município de IBGE {data['ibge']}; este banco é do "
                          f"IBGE {ibge}. Nada foi alterado.")
    return data


def _shown(entry: dict) -> dict:
    return {"key_id": entry["key_id"], "fingerprint": entry["fingerprint"],
            "fingerprint_text": fingerprint_text(entry["fingerprint"]),
            "signed_by": entry.get("signed_by")}


def trust_plan(actor: Actor, source: Path | None) -> dict:
    """What installing `source` (None: the database's keys) would add to this station's
    trust, shown to the admin before he confirms: `signed` (by a key trusted here, added
    without a fingerprint check) and `unsigned` (each needs its fingerprint confirmed).
    DomainError for a file that cannot be installed at all."""
    permissions.require(actor, "keys.trust")
    ibge = _ibge()
    plan = trust_file.plan(_anchors(ibge), _incoming(source, ibge))
    return {"ibge": ibge, "kept": plan["kept"],
            "signed": [_shown(k) for k in plan["signed"]],
            "unsigned": [_shown(k) for k in plan["unsigned"]]}


def _needs_confirmation(keys: list[dict]) -> str:
    listed = "; ".join(f"{k['key_id']} (impressão digital {fingerprint_text(k['fingerprint'])})"
                       for k in keys)
    return ("Chave(s) nova(s) sem a assinatura de uma chave já confiável nesta estação: "
            f"{listed}. Compare cada impressão digital com a de Configurações → Verificação dos "
            "documentos da estação que assina (ou com a impressa na relação do ponto) e "
            "confirme-a. Nada foi alterado.")


_ENTRY_FIELDS = ("key_id", "serial", "public_key", "fingerprint", "created_at", "retired_at",
                 "succeeds")


def install_trusted(actor: Actor, source: Path | None, *, confirm: Iterable[str] = ()) -> dict:
    """Add to this station's trust the new keys of a trust file copied from the station that
    signs (None: the keys of this database it does not trust yet). Admin; each new key must
    be signed by a key trusted here (a rotation) or its fingerprint confirmed (`confirm`);
    the keys trusted before stay, unchanged. Audited, refusals too."""
    permissions.require(actor, "keys.trust")
    ibge = _ibge()
    current = _anchors(ibge)
    incoming = _incoming(source, ibge)
    plan = trust_file.plan(current, incoming)
    confirmed = trust_file.confirmed(plan["unsigned"], confirm)
    missing = [k for k in plan["unsigned"] if k not in confirmed]
    if missing:
        message = _needs_confirmation(missing)
        refusals.note(actor, "keys.trust", message)
        raise NeedsConfirmation(message, [_shown(k) for k in missing])
    added = plan["signed"] + plan["unsigned"]
    if source is None and not added:
        raise DomainError("Todas as chaves deste banco já são confiáveis nesta estação (ou "
                          "conflitam com uma chave confiável: veja 'mototaxi-desk check'). "
                          "Nada foi alterado.")
    data = _with_names(current or {"format": TRUST_FORMAT, "ibge": ibge, "keys": []})
    retired = {k["key_id"]: k["retired_at"] for k in incoming["keys"]}
    for entry in data["keys"]:  # a retirement only ever moves forward
        entry["retired_at"] = entry["retired_at"] or retired.get(entry["key_id"])
    data["keys"] += [{f: k[f] for f in _ENTRY_FIELDS if f in k} for k in added]
    trust_file.parse(data, trust_path(ibge))  # what is saved loads again
    with write_transaction():  # the file written last: a failed write is not audited as done
        audit.record(actor, "key.trust", "signing_key", None, after={
            "source": str(source) if source is not None else "banco de dados",
            "keys": [[k["key_id"], k["fingerprint"]] for k in data["keys"]],
            "signed": [[k["key_id"], k["fingerprint"], k["signed_by"]] for k in plan["signed"]],
            "confirmed": [[k["key_id"], k["fingerprint"]] for k in plan["unsigned"]]})
        try:
            _save_trust(data, ibge)
        except OSError as exc:
            raise DomainError(f"Não foi possível gravar {trust_path(ibge)}: "
                              f"{os_error_text(exc)}. Nada foi alterado.") from None
    return {**trust_summary(), "added": [_shown(k) for k in added]}


def trust_summary() -> dict:
    """What Configurações and `keys list` show: each trusted key with its fingerprint, the
    current one first; the database's keys this station does not trust, and the trusted
    keys the database lacks."""
    data = trusted()
    keys = sorted(data["keys"], key=lambda k: (k["retired_at"] is not None, -k["serial"]))
    return {"ibge": data["ibge"], "path": str(trust_path(data["ibge"])),
            "keys": [{**k, "fingerprint_text": fingerprint_text(k["fingerprint"]),
                      "current": k["retired_at"] is None} for k in keys],
            "untrusted": untrusted_refs(), "missing": missing_refs()}


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


def _create(actor: Actor, *, audited: bool = True, signer=None) -> SigningKey:
    """A new key pair: the private half to its file, the public half to the database. This
    station trusts it when `signer` — (the old key's row, its private key) at a rotation —
    signs that it succeeds the old one, or on first use (no key of this município trusted
    here yet: `init` of a new município). Call inside the action's transaction."""
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
    trusted_as = None
    if signer is not None:
        _pin_successor(row, *signer, ibge)
        trusted_as = "rotation"
    elif _anchors(ibge) is None:
        _pin_first([row], ibge)
        trusted_as = "first_use"
    if audited:
        audit.record(actor, "key.create", "signing_key", row.key_id,
                     after={"key_id": qr.key_ref(ibge, row.key_id), "fingerprint": print_,
                            "trusted_here": trusted_as})
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


def current_key_status() -> dict:
    """The current key and whether this station trusts it (what `init` tells: a database
    set up with an IBGE code this station already trusts other keys of)."""
    ibge = _ibge()
    row = _current()
    pinned = {k["key_id"]: k["public_key"] for k in _trusted_or_empty(ibge)}
    ref = qr.key_ref(ibge, row.key_id) if row else None
    return {"key_ref": ref, "fingerprint_text": fingerprint_text(row.fingerprint) if row else "",
            "trusted": row is not None and pinned.get(ref) == row.public_key,
            "path": str(trust_path(ibge))}


def _untrusted_key(ref: str) -> DomainError:
    return DomainError(
        f"A chave de assinatura {ref} deste banco de dados não é confiável nesta estação "
        f"(arquivo {trust_path()}): documentos assinados com ela seriam recusados. Se este é "
        "o banco do município, um administrador confere a impressão digital e a instala com "
        "'mototaxi-desk keys trust --from-database --confirm IMPRESSÃO_DIGITAL'.")


def _private_of(row: SigningKey, ibge: str) -> qr.Ed25519PrivateKey:
    path = _key_path(ibge, row.fingerprint)
    _adopt_legacy_private(path)
    try:
        private = qr.load_private_pem(input_limits.read_bytes(path, input_limits.KEY_FILE))
    except FileNotFoundError:
        raise DomainError(f"A chave privada de assinatura nº {row.key_id} não está nesta "
                          f"estação (arquivo {path}). Copie-a da estação onde foi criada para "
                          "esta pasta, ou imprima naquela estação.") from None
    except (OSError, ValueError) as exc:
        raise DomainError(f"Não foi possível ler a chave privada de assinatura ({path.name}): "
                          f"{type(exc).__name__}.") from None
    if qr.public_raw(private).hex() != row.public_key:
        raise DomainError(f"O arquivo {path.name} não corresponde à chave nº {row.key_id}.")
    return private


def signing_key(actor: Actor = SYSTEM) -> tuple[int, qr.Ed25519PrivateKey]:
    """(serial, private key) of the current key; DomainError if this machine lacks the file
    or does not trust the key (holding its private half proves nothing: anyone at the
    station can make a key pair — only a station without trusted keys of this município
    pins the keys it holds, see trusted())."""
    key_id = ensure_key(actor)
    row = SigningKey.get(SigningKey.key_id == key_id)
    ibge = _ibge()
    private = _private_of(row, ibge)
    ref = qr.key_ref(ibge, key_id)
    if public_keys().get(ref) != bytes.fromhex(row.public_key):
        raise _untrusted_key(ref)
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
    """The public keys (PEM) with their ids, for an offline verifier: only the keys that
    verify here — trusted by this station and in this database (verifying_keys)."""
    ensure_key()
    data = trusted()
    verifying = verifying_keys()
    row = MunicipioSettings.select().first()
    keys = [{"key_id": k["key_id"], "serial": k["serial"], "fingerprint": k["fingerprint"],
             "fingerprint_text": fingerprint_text(k["fingerprint"]),
             "current": k["retired_at"] is None, "retired_at": k["retired_at"],
             "pem": qr.public_pem(bytes.fromhex(k["public_key"])),
             "public_key": k["public_key"]} for k in data["keys"] if k["key_id"] in verifying]
    return {"municipio": row.name, "uf": row.uf, "ibge": row.ibge_code,
            "algorithm": "Ed25519", "qr_prefix": qr.PREFIX, "keys": keys}


def _signer(old: SigningKey | None, ibge: str):
    """(old row, its private key) when the current key may sign its successor here: trusted
    by this station and held by it; else None."""
    if old is None:
        return None
    with contextlib.suppress(DomainError):
        if public_keys().get(qr.key_ref(ibge, old.key_id)) == bytes.fromhex(old.public_key):
            return old, _private_of(old, ibge)
    return None


def rotate(actor: Actor, *, unsigned: bool = False) -> dict:
    """Retire the current key and create a new one (admin), which the current key signs as
    its successor: this station trusts it, and so does every station that receives the
    trust file. Documents signed before keep verifying with the retired public key.
    Refused when the current key cannot sign here (not trusted here, or its private half is
    elsewhere or lost) unless `unsigned`: the new key is then trusted nowhere until an admin
    confirms its fingerprint (`keys trust --from-database`)."""
    permissions.require(actor, "keys.rotate")
    with write_transaction():
        ibge = _ibge()
        old = _current()
        signer = _signer(old, ibge)
        if signer is None and not unsigned and _anchors(ibge) is not None:
            ref = qr.key_ref(ibge, old.key_id) if old else "atual"
            raise DomainError(
                f"A chave {ref} não pode assinar a chave nova nesta estação (ela não é "
                "confiável aqui, ou a chave privada não está aqui): troque a chave na estação "
                "que a tem. Se ela foi perdida, use --unsigned e depois confirme a impressão "
                "digital da chave nova com 'keys trust --from-database'. Nada foi alterado.")
        if old is not None:
            old.retired_at = utcnow()
            old.save()
            _mark_retired(old, ibge)
            audit.record(actor, "key.retire", "signing_key", old.key_id,
                         after={"key_id": old.key_id, "fingerprint": old.fingerprint})
        new = _create(actor, signer=signer)
    status = current_key_status()
    return {"retired": old.key_id if old else None, "key_id": new.key_id,
            "key_ref": qr.key_ref(ibge, new.key_id), "fingerprint": new.fingerprint,
            "fingerprint_text": fingerprint_text(new.fingerprint),
            "signed_by": qr.key_ref(ibge, old.key_id) if signer else None,
            "trusted": status["trusted"]}


def sign_status(payload: bytes) -> dict:
    """Sign a status list with the current key: {key_id, signature (hex)}."""
    serial, private = signing_key()
    return {"key_id": qr.key_ref(_ibge(), serial),
            "signature": qr.sign_bytes(payload, private).hex()}

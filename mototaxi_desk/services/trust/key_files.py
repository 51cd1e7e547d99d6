"""The key files this station holds and trusts (services/trust/keys.py tells the scheme): where
they live, the pinned public keys, reading them. Apart from keys.py (which makes, rotates
and audits keys) so that what runs after every audited action — the signed checkpoint of
the audit chain — reads them without importing the audit back."""
from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from ... import config
from ...domain.errors import DomainError
from ...printing import qr
from ...store.connection import sqlite_path
from ...store.models import DB, MunicipioSettings, SigningKey
from ...domain import input_limits
from ...domain.output_files import write_atomic, write_new
from . import trust_file
from .trust_file import TRUST_FORMAT, fingerprint  # noqa: F401 (read as key_files.X)

_override_dir: Path | None = None


def _legacy_dir() -> Path:
    return config.data_dir() / "keys"


def _is_demo_database() -> bool:
    database = getattr(DB, "obj", None)
    name = getattr(database, "database", None)
    if not isinstance(name, str) or not name or database.__class__.__name__ != \
            "SqliteDatabase":
        return False
    try:
        return sqlite_path(name).resolve() == config.demo_db_path().resolve()
    except OSError:
        return False


def key_dir() -> Path:
    if _override_dir is not None:
        return _override_dir
    return config.demo_db_path().parent / "keys" if _is_demo_database() else _legacy_dir()


@contextlib.contextmanager
def using_key_dir(folder: Path):
    """Keep keys in another folder for a while (the self-test's temporary folder)."""
    global _override_dir
    previous, _override_dir = _override_dir, Path(folder)
    try:
        yield
    finally:
        _override_dir = previous


def fingerprint_text(print_: str) -> str:
    """The first 64 bits of a fingerprint as people compare it: 'A1B2 C3D4 E5F6 0718'."""
    head = print_[:16].upper()
    return " ".join(head[i:i + 4] for i in range(0, 16, 4))


def _ibge() -> str:
    row = MunicipioSettings.select(MunicipioSettings.ibge_code).first()
    if row is None:
        raise DomainError("Banco de dados não configurado: execute 'mototaxi-desk init' primeiro.")
    return row.ibge_code


def _key_path(ibge: str, print_: str) -> Path:
    return key_dir() / f"qr-{ibge}-{print_[:16]}.pem"


def trust_path(ibge: str | None = None) -> Path:
    return key_dir() / f"trusted-{ibge or _ibge()}.json"


def _secure_folder(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    with contextlib.suppress(OSError):
        os.chmod(folder, 0o700)


def _write_private(path: Path, pem: bytes) -> None:
    _secure_folder(path.parent)
    write_new(path, pem, mode=0o600)  # never over another key; whole or not at all


# --- the trusted keys (data folder) ----------------------------------------------------------

def _read_trust(path: Path) -> dict | None:
    """The station's trust file (format 2 in memory, services/trust/trust_file.py), None if none."""
    try:
        data = json.loads(input_limits.read_text(path, input_limits.KEY_FILE))
    except FileNotFoundError:
        return None
    except input_limits.InputRefused as exc:
        raise DomainError(f"O arquivo de chaves confiáveis está ilegível: {exc}") from None
    except (OSError, ValueError) as exc:
        raise DomainError(f"O arquivo de chaves confiáveis {path} está ilegível "
                          f"({type(exc).__name__}); copie-o de novo da estação que assina "
                          "os documentos.") from None
    return trust_file.parse(data, path)


def _anchors(ibge: str) -> dict | None:
    """The trust file when it holds a key: from then on nothing pins a key without an
    admin's act (a rotation signed by a trusted key, or a confirmed fingerprint)."""
    data = _read_trust(trust_path(ibge))
    return data if data is not None and data["keys"] else None


def _save_trust(data: dict, ibge: str) -> None:
    path = trust_path(ibge)
    _secure_folder(path.parent)
    data["format"] = TRUST_FORMAT
    data["keys"].sort(key=lambda k: k["serial"])
    write_atomic(path, (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode(),
                 mode=0o644)


def _entry(row: SigningKey, ibge: str) -> dict:
    return {"key_id": qr.key_ref(ibge, row.key_id), "serial": row.key_id,
            "public_key": row.public_key, "fingerprint": row.fingerprint,
            "created_at": row.created_at.isoformat(timespec="seconds") + "Z",
            "retired_at": row.retired_at.isoformat(timespec="seconds") + "Z"
            if row.retired_at else None}


def _with_names(data: dict) -> dict:
    settings = MunicipioSettings.select().first()
    if settings is not None:
        data["municipio"], data["uf"] = settings.name, settings.uf
    return data


def _pin_first(rows: list[SigningKey], ibge: str) -> dict:
    """Trust on first use: the first keys of a município at a station that trusts none of
    its keys yet (no trust file, or one without keys) — at `init`, or from the private keys
    held here. Never adds to a file that holds keys."""
    if _anchors(ibge) is not None:
        raise DomainError("Esta estação já tem chaves confiáveis deste município: uma chave "
                          "nova só entra por rotação ou com 'keys trust'. Nada foi alterado.")
    data = _with_names({"format": TRUST_FORMAT, "ibge": ibge,
                        "keys": [_entry(row, ibge) for row in rows]})
    _save_trust(data, ibge)
    return data


def _pin_successor(new: SigningKey, old: SigningKey, old_private, ibge: str) -> dict:
    """Pin a rotation's new key with the statement, signed by the old key (trusted here,
    its private half held here), that the new one succeeds it."""
    data = _anchors(ibge)
    pinned = {k["key_id"]: k for k in data["keys"]} if data else {}
    old_entry, entry = _entry(old, ibge), _entry(new, ibge)
    if pinned.get(old_entry["key_id"], {}).get("public_key") != old.public_key or \
            entry["key_id"] in pinned:
        raise DomainError(f"A chave {old_entry['key_id']} não é confiável nesta estação: "
                          "ela não pode assinar a chave nova. Nada foi alterado.")
    entry["succeeds"] = trust_file.sign_succession(ibge, old_entry, entry, old_private)
    data["keys"].append(entry)
    _save_trust(_with_names(data), ibge)
    return data


def _mark_retired(row: SigningKey, ibge: str) -> None:
    """Note a pinned key's retirement in the trust file (a key not pinned here: nothing)."""
    data = _anchors(ibge)
    ref = qr.key_ref(ibge, row.key_id)
    for entry in data["keys"] if data else []:
        if entry["key_id"] == ref and entry["public_key"] == row.public_key:
            entry["retired_at"] = _entry(row, ibge)["retired_at"]
            _save_trust(data, ibge)


def _private_holds(ibge: str, row: SigningKey) -> bool:
    path = _key_path(ibge, row.fingerprint)
    _adopt_legacy_private(path)
    try:
        pem = input_limits.read_bytes(path, input_limits.KEY_FILE)
        return qr.public_raw(qr.load_private_pem(pem)).hex() == row.public_key
    except (OSError, ValueError, DomainError):
        return False


def _adopt_legacy_private(path: Path) -> None:
    """The demo's keys lived in the common keys folder before it had its own: move the
    demo's private key file (its name carries its fingerprint) into the demo folder."""
    legacy = _legacy_dir() / path.name
    if path.parent != legacy.parent and not path.exists() and legacy.exists():
        _secure_folder(path.parent)
        with contextlib.suppress(OSError):
            os.replace(legacy, path)


def trusted(ibge: str | None = None) -> dict:
    """This station's trust file (format, ibge, keys). A station without one (or with one
    that holds no key) pins on first use the private keys it holds — the station where the
    município was set up, from before the file existed; DomainError when it holds none (it
    must receive the file: `keys trust`)."""
    ibge = ibge or _ibge()
    data = _anchors(ibge)
    if data is not None:
        return data
    held = [row for row in SigningKey.select().order_by(SigningKey.key_id)
            if _private_holds(ibge, row)]
    if not held:
        raise DomainError(
            f"Esta estação não tem as chaves confiáveis do município (arquivo "
            f"{trust_path(ibge)}). Copie esse arquivo da estação que assina os documentos "
            "e instale-o com 'mototaxi-desk keys trust ARQUIVO', conferindo a impressão "
            "digital mostrada em Configurações e na relação do ponto.")
    return _pin_first(held, ibge)


def public_keys() -> dict[str, bytes]:
    """key_ref -> raw public key of every key this station trusts (retired ones too)."""
    return {k["key_id"]: bytes.fromhex(k["public_key"]) for k in trusted()["keys"]}


def verifying_keys() -> dict[str, bytes]:
    """The keys a document may be signed with here: trusted by this station AND in this
    município's database with the same public half. A key pinned by a database that is not
    this one (a scratch `init` of the same IBGE, before this was closed) verifies nothing."""
    ibge = _ibge()
    pinned = public_keys()
    found = {}
    for serial, public in SigningKey.select(SigningKey.key_id, SigningKey.public_key).tuples():
        ref = qr.key_ref(ibge, serial)
        if ref in pinned and pinned[ref].hex() == public:
            found[ref] = pinned[ref]
    return found

"""Where this station keeps the município's A1 (issue 41 item 1), never in clear.

The certificate and its private key are kept as one PKCS#12 (without the admin's password)
encrypted with AES-256-GCM under a random 32-byte key made at install:
`<data folder>/certificado/a1.cifrado`. The admin's password is used once to open the file
and never stored. The AES key is not beside the file:
- Windows: protected with DPAPI for the Windows user (CryptProtectData, no extra library):
  `<data folder>/certificado/chave.dpapi`; only that user, logged on to that computer, can
  unwrap it — a copy of the data folder (a backup, a stolen disk) opens nothing.
- elsewhere: in the user's configuration folder (`~/.config/MototaxiDesk/certificado.chave`,
  mode 0600; MOTOTAXI_CONFIG_DIR moves it), apart from the data folder and its backups.
(The keyring library would do the same through the system's vault, but it is not among the
program's dependencies; DPAPI is what keyring itself uses on Windows.)

`certificado/certificado.json` holds only public facts (holder, CNPJ, dates, fingerprint)
and the timestamp server's address. Each station installs the A1 itself."""
from __future__ import annotations

import base64
import contextlib
import ctypes
import json
import os
import secrets
from pathlib import Path

import platformdirs

from ... import config
from ...domain.errors import DomainError
from ...domain.output_files import write_atomic

AAD = b"mototaxi-desk A1 v1"
SECRET_FILE = "a1.cifrado"
DPAPI_FILE = "chave.dpapi"
KEY_FILE = "certificado.chave"
FACTS_FILE = "certificado.json"  # settings_registry.CERTIFICADO_JSON
_DPAPI_ENTROPY = b"MototaxiDesk certificado A1"
_CRYPTPROTECT_UI_FORBIDDEN = 0x1


def folder() -> Path:
    return config.data_dir() / "certificado"


def key_path() -> Path:
    """The AES key's file off Windows (see the module docstring)."""
    override = os.environ.get("MOTOTAXI_CONFIG_DIR")
    base = Path(override) if override else Path(
        platformdirs.user_config_dir(config.APP_NAME, appauthor=False, roaming=True))
    return base / KEY_FILE


def _uses_dpapi() -> bool:
    return os.name == "nt"


class _Blob(ctypes.Structure):
    _fields_ = [("cbData", ctypes.c_uint32), ("pbData", ctypes.POINTER(ctypes.c_char))]


def _dpapi(data: bytes, *, protect: bool) -> bytes:
    """CryptProtectData / CryptUnprotectData of the current Windows user."""
    crypt32 = ctypes.windll.crypt32  # type: ignore[attr-defined]
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    kernel32.LocalFree.argtypes = [ctypes.c_void_p]
    kernel32.LocalFree.restype = ctypes.c_void_p
    data_buffer = ctypes.create_string_buffer(data, len(data))  # alive for the call
    entropy_buffer = ctypes.create_string_buffer(_DPAPI_ENTROPY, len(_DPAPI_ENTROPY))
    source = _Blob(len(data), ctypes.cast(data_buffer, ctypes.POINTER(ctypes.c_char)))
    entropy = _Blob(len(_DPAPI_ENTROPY),
                    ctypes.cast(entropy_buffer, ctypes.POINTER(ctypes.c_char)))
    out = _Blob()
    call = crypt32.CryptProtectData if protect else crypt32.CryptUnprotectData
    ok = call(ctypes.byref(source), None, ctypes.byref(entropy), None, None,
              _CRYPTPROTECT_UI_FORBIDDEN, ctypes.byref(out))
    if not ok:
        raise DomainError("O Windows não abriu a chave do certificado (DPAPI): instale o "
                          "certificado de novo com este usuário do Windows.")
    try:
        return ctypes.string_at(out.pbData, out.cbData)
    finally:
        kernel32.LocalFree(ctypes.cast(out.pbData, ctypes.c_void_p))


def _save_key(key: bytes) -> None:
    if _uses_dpapi():
        write_atomic(folder() / DPAPI_FILE, _dpapi(key, protect=True), mode=0o600)
        return
    path = key_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, base64.b64encode(key) + b"\n", mode=0o600)


def _load_key() -> bytes:
    try:
        if _uses_dpapi():
            return _dpapi((folder() / DPAPI_FILE).read_bytes(), protect=False)
        return base64.b64decode(key_path().read_bytes().strip(), validate=True)
    except (OSError, ValueError):
        raise DomainError("A chave do certificado desta estação não foi encontrada "
                          f"({key_path() if not _uses_dpapi() else folder() / DPAPI_FILE}); "
                          "instale o certificado de novo.") from None


def store(pkcs12_plain: bytes, facts: dict) -> None:
    """Keep the A1 (a PKCS#12 without password, only in memory) encrypted, and its facts."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    key = secrets.token_bytes(32)
    nonce = secrets.token_bytes(12)
    folder().mkdir(parents=True, exist_ok=True)
    _save_key(key)
    write_atomic(folder() / SECRET_FILE, nonce + AESGCM(key).encrypt(nonce, pkcs12_plain, AAD),
                 mode=0o600)
    save_facts(facts)


def load() -> bytes:
    """The PKCS#12 (without password) back, in memory."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    try:
        blob = (folder() / SECRET_FILE).read_bytes()
    except OSError:
        raise DomainError("Nenhum certificado instalado nesta estação.") from None
    try:
        return AESGCM(_load_key()).decrypt(blob[:12], blob[12:], AAD)
    except (InvalidTag, ValueError):
        raise DomainError("O certificado guardado não abre com a chave desta estação "
                          "(arquivo alterado ou de outra estação); instale-o de novo.") from None


def stamp() -> tuple[int, int] | None:
    """(mtime_ns, size) of the encrypted file: what a cached signer is checked against."""
    try:
        info = (folder() / SECRET_FILE).stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def facts() -> dict | None:
    try:
        return json.loads((folder() / FACTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def save_facts(data: dict) -> None:
    folder().mkdir(parents=True, exist_ok=True)
    write_atomic(folder() / FACTS_FILE,
                 json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8"))


def erase() -> None:
    """Remove the A1 and its key (the facts file keeps only the timestamp server)."""
    for path in (folder() / SECRET_FILE, folder() / DPAPI_FILE, key_path()):
        with contextlib.suppress(FileNotFoundError):
            path.unlink()

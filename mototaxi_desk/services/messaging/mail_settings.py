"""Where this station keeps the município's SMTP server (issue 41 item 3): host, port,
security, user and sender in `<data folder>/correio/correio.json` (no secret in it), and the
password encrypted as the A1 is (certificate_vault.py): AES-256-GCM under a random key that
is not beside the file — Windows: the key protected with DPAPI for the Windows user
(`correio/chave.dpapi`); elsewhere in the user's configuration folder
(`~/.config/MototaxiDesk/correio.chave`, 0600; MOTOTAXI_CONFIG_DIR moves it). A copy of the
data folder (a backup, a stolen disk) carries no usable password. Each station that sends
e-mail is set up once (window or `mail setup`)."""
from __future__ import annotations

import base64
import contextlib
import json
import os
import secrets
from pathlib import Path

import platformdirs

from ... import config, settings_registry
from ...domain.errors import DomainError
from ...domain.mail_rules import SmtpSettings
from ...domain.output_files import write_atomic
from ..administration import certificate_vault

AAD = b"mototaxi-desk SMTP v1"
FOLDER = settings_registry.CORREIO_JSON.split("/")[0]
FACTS_FILE = settings_registry.CORREIO_JSON.split("/")[1]
SECRET_FILE = "senha.cifrada"
DPAPI_FILE = "chave.dpapi"
KEY_FILE = "correio.chave"
NAMES = tuple(s.name for s in settings_registry.stored_in(settings_registry.CORREIO_JSON))


def folder() -> Path:
    return config.data_dir() / FOLDER


def key_path() -> Path:
    override = os.environ.get("MOTOTAXI_CONFIG_DIR")
    base = Path(override) if override else Path(
        platformdirs.user_config_dir(config.APP_NAME, appauthor=False, roaming=True))
    return base / KEY_FILE


def read() -> SmtpSettings | None:
    """The settings, or None when this station has none."""
    try:
        data = json.loads((folder() / FACTS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not data.get("host"):
        return None
    defaults = {n: settings_registry.default(settings_registry.CORREIO_JSON, n) for n in NAMES}
    merged = {**defaults, **{k: data[k] for k in NAMES if k in data}}
    return SmtpSettings(str(merged["host"]), int(merged["port"]), str(merged["security"]),
                        str(merged["user"]), str(merged["sender"]))


def save(settings: SmtpSettings, password: str | None) -> None:
    """Keep the settings; the password encrypted (None: keep the one saved; '': none)."""
    folder().mkdir(parents=True, exist_ok=True)
    if password is not None:
        _store_password(password)
    write_atomic(folder() / FACTS_FILE,
                 json.dumps(settings.as_dict(), ensure_ascii=False, indent=1).encode("utf-8"))


def has_password() -> bool:
    return (folder() / SECRET_FILE).is_file()


def password() -> str:
    """The SMTP password back, in memory ('' when none was given)."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    try:
        blob = (folder() / SECRET_FILE).read_bytes()
    except OSError:
        return ""
    try:
        return AESGCM(_load_key()).decrypt(blob[:12], blob[12:], AAD).decode("utf-8")
    except (InvalidTag, ValueError):
        raise DomainError("A senha do servidor de e-mail não abre com a chave desta estação; "
                          "configure o e-mail de novo.") from None


def _store_password(text: str) -> None:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    if not text:
        with contextlib.suppress(FileNotFoundError):
            (folder() / SECRET_FILE).unlink()
        return
    key, nonce = secrets.token_bytes(32), secrets.token_bytes(12)
    _save_key(key)
    write_atomic(folder() / SECRET_FILE,
                 nonce + AESGCM(key).encrypt(nonce, text.encode("utf-8"), AAD), mode=0o600)


def _save_key(key: bytes) -> None:
    if certificate_vault._uses_dpapi():
        write_atomic(folder() / DPAPI_FILE, certificate_vault._dpapi(key, protect=True),
                     mode=0o600)
        return
    path = key_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, base64.b64encode(key) + b"\n", mode=0o600)


def _load_key() -> bytes:
    try:
        if certificate_vault._uses_dpapi():
            return certificate_vault._dpapi((folder() / DPAPI_FILE).read_bytes(),
                                            protect=False)
        return base64.b64decode(key_path().read_bytes().strip(), validate=True)
    except (OSError, ValueError):
        raise DomainError("A chave da senha do e-mail desta estação não foi encontrada; "
                          "configure o e-mail de novo.") from None

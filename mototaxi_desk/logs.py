"""One log file per user in the data folder. Never log CPF, passwords or keys: every record
passes through RedactFilter on its way to the file, so even peewee's DEBUG lines (the SQL and
its parameters) and tracebacks reach the file with CPFs, password hashes, passwords in
database URLs and private keys masked."""
from __future__ import annotations

import logging
import logging.handlers
import re

from . import config

_REDACTIONS = [
    # a PEM block (a private key printed by accident)
    (re.compile(r"-----BEGIN [A-Z ]+-----.*?-----END [A-Z ]+-----", re.S), "[chave omitida]"),
    # argon2 hashes of passwords
    (re.compile(r"\$argon2[a-z]*\$[^\s'\",)]+"), "[hash omitido]"),
    # the password of a database URL: postgresql://user:SECRET@host
    (re.compile(r"(?P<head>[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]+@", re.I), r"\g<head>***@"),
    # password=..., senha: ... (key-value text)
    (re.compile(r"(?P<head>\b(?:password|passwd|senha|pwd)\b\s*[=:]\s*)['\"]?[^\s'\",)]+",
                re.I), r"\g<head>***"),
    # CPF: ###.###.###-## or 11 digits in a row (also masks RENAVAM and phone numbers, harmless)
    (re.compile(r"(?<!\d)\d{3}\.\d{3}\.\d{3}-\d{2}(?!\d)"), "***.***.***-**"),
    (re.compile(r"(?<!\d)\d{11}(?!\d)"), "***********"),
]


def redact(text: str) -> str:
    for pattern, replacement in _REDACTIONS:
        text = pattern.sub(replacement, text)
    return text


class RedactFilter(logging.Filter):
    """Replaces the record's message (with its arguments), traceback and stack by their
    redacted text before any handler formats it."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # noqa: BLE001 - a bad format string must not lose the record
            message = f"{record.msg!r} {record.args!r}"
        record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def setup_logging(level: int = logging.INFO) -> None:
    root = logging.getLogger()
    if any(getattr(h, "_mototaxi", False) for h in root.handlers):
        return
    try:
        folder = config.data_dir() / "logs"
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            folder / "mototaxi-desk.log", maxBytes=2_000_000, backupCount=5, encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()  # a read-only data folder must not stop the program
        handler.setLevel(logging.WARNING)
    handler._mototaxi = True
    handler.addFilter(RedactFilter())
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    root.setLevel(level)

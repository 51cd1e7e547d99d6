"""Every file the program reads has a size limit, checked before a byte is read (issue 34
item 6): `/dev/zero` given as a profile took 13 GB of memory, `/dev/urandom` never ended.

A file is read only when it is a regular file (a device, a FIFO, a folder is refused by its
type, without waiting on it) no larger than its limit, and the reading itself stops one byte
past the limit, so a file that grows meanwhile is still bounded. The limits are here, with
their reasons; README ("Limites") and docs/instalacao.md list them for the município.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from .errors import DomainError

MB = 1_000_000


@dataclass(frozen=True)
class Limit:
    bytes: int
    what: str  # "um perfil de regras": how a refusal names the kind of file

    @property
    def text(self) -> str:
        return size_text(self.bytes)


# A rule profile (TOML): the largest shipped one, with every article of its law, is 41 KB.
PROFILE = Limit(1 * MB, "um perfil de regras")
# A register to import (XLSX or CSV), read whole to be checked before anything is written:
# 100,000 holders in the 20 columns of tests/services/import_samples.py are 22 MB as CSV and
# 10 MB as XLSX; with every column the import knows, about twice that.
IMPORT = Limit(100 * MB, "uma planilha de importação")
# The cells of an import once read (an XLSX is compressed: 100 MB of file can hold a
# thousand times more cells): 100,000 holders × 40 columns are 4 million.
IMPORT_CELLS = 10_000_000
# A column mapping saved for the import (JSON, one line per column).
MAPPING = Limit(1 * MB, "um mapeamento de colunas")
# A bank's return (FEBRABAN, 150 characters a line): 330,000 payments in one file.
BANK_RETURN = Limit(50 * MB, "um arquivo de retorno bancário")
# Keys: a trust file lists the município's public keys (about 200 bytes each) and a PEM
# private key is under 200 bytes; checkpoints and settings are a few hundred bytes.
KEY_FILE = Limit(1 * MB, "um arquivo de chaves")
SMALL_JSON = Limit(1 * MB, "um arquivo de configuração")
# Images: the brasão is stored up to 1 MB (services/setup.py) and a photo up to 2 MB once
# framed (services/register/persons.py); the photo chosen to be framed comes from a camera or phone.
BRASAO = Limit(1 * MB, "o brasão")
PHOTO_SOURCE = Limit(50 * MB, "uma foto")
# A backup to restore: a register of 100,000 holders is about 200 MB (benchmarks/backup.py);
# the file is copied and checked whole before it replaces anything.
RESTORE = Limit(8 * 1024**3, "uma cópia de segurança")


class InputRefused(DomainError):
    """A file not read: not a regular file, or larger than its limit. Names the path."""


def size_text(size: int) -> str:
    if size >= 1024**3:
        return f"{size / 1024**3:.1f} GB".replace(".", ",")
    if size >= MB:
        return f"{size / MB:,.0f} MB".replace(",", ".")
    if size >= 1000:
        return f"{size / 1000:.0f} KB"
    return f"{size} bytes"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "é uma pasta"
    if stat.S_ISFIFO(mode):
        return "é um canal FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "é um dispositivo"
    if stat.S_ISSOCK(mode):
        return "é um soquete"
    return "não é um arquivo comum"


def _check(path: Path, info: os.stat_result, limit: Limit) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise InputRefused(f"{path} não é um arquivo comum ({_kind(info.st_mode)}); informe "
                           "um arquivo comum. Nada foi lido.")
    if info.st_size > limit.bytes:
        raise InputRefused(f"{path} tem {size_text(info.st_size)}, mais que o máximo de "
                           f"{limit.text} para {limit.what}. Nada foi lido.")


def check(path: str | os.PathLike, limit: Limit) -> os.stat_result:
    """Refuse a path that is not a regular file within `limit` (following a link to its
    target); its stat. OSError (missing, no permission) passes to the caller."""
    path = Path(path)
    info = os.stat(path)
    _check(path, info, limit)
    return info


def read_bytes(path: str | os.PathLike, limit: Limit) -> bytes:
    """The whole file, checked by `check` before it is opened and again on the open file
    (a FIFO put in its place meanwhile is opened without blocking, then refused), read to
    at most limit + 1 bytes. InputRefused, or the OSError of opening or reading."""
    path = Path(path)
    check(path, limit)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0) | \
        getattr(os, "O_NOCTTY", 0)
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(handle.fileno())
        _check(path, info, limit)
        expected = min(info.st_size, limit.bytes)
        data = handle.read(expected + 1)
        if len(data) > expected:  # it grew since: read on, never past the limit
            data += handle.read(limit.bytes + 1 - len(data))
    if len(data) > limit.bytes:
        raise InputRefused(f"{path} passou de {limit.text} enquanto era lido; o máximo para "
                           f"{limit.what} é {limit.text}. Nada foi lido.")
    return data


def read_text(path: str | os.PathLike, limit: Limit, encoding: str = "utf-8") -> str:
    """`read_bytes` decoded (UnicodeDecodeError passes to the caller); newlines as
    Path.read_text gives them (universal newlines)."""
    text = read_bytes(path, limit).decode(encoding)
    return text.replace("\r\n", "\n").replace("\r", "\n")

"""The one way the program writes a file (issue 34 item 5): a regular file, written whole or
not at all, every write checked, or a Portuguese refusal naming the path.

- The target must be a regular file or not exist. A device (`/dev/full`), a FIFO, a folder
  or a symbolic link is refused before anything is opened: renaming a temporary file over a
  device node would replace the node, over a link it would replace the link (never its
  target), and opening a FIFO for writing blocks until someone reads it.
- The bytes go to a temporary file in the same folder; every `os.write` is checked (a short
  write is continued, none at all is an error), the file is `fsync`ed, renamed over the
  target with `os.replace`, and on POSIX the folder is `fsync`ed so the rename survives a
  power cut. A kill at any point leaves the previous file (or none), never half of one.
- Any OSError (no space, quota, I/O error, permission...) becomes `OutputError`, a
  DomainError with the path and the reason in Portuguese; the temporary file is removed.

Callers that issue something with a file (a printed copy, an audited export) write it first
and commit the issue only after `write_atomic` returned (services/documents/issuing.py).
Files the program produces by other means (SQLite's backup API, pg_dump) are made at a
temporary path by `replacing(path)`, which then finishes them the same way.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

from .errors import DomainError
from .os_errors import os_error_text


class OutputError(DomainError):
    """A file the program was asked to write was refused or could not be written; nothing
    was left at the path (a file already there is as it was). `str()` names the path."""


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in Portuguese; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return "é um atalho (link simbólico); o programa não grava através de atalhos"
    if stat.S_ISDIR(mode):
        return "é uma pasta, não um arquivo"
    if stat.S_ISFIFO(mode):
        return "é um canal (FIFO), não um arquivo comum"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "é um dispositivo, não um arquivo comum"
    if stat.S_ISSOCK(mode):
        return "é um soquete, não um arquivo comum"
    return "não é um arquivo comum"


def check_target(path: str | os.PathLike) -> os.stat_result | None:
    """Refuse a target that is not a regular file (see the module docstring), without
    opening it or following a link. Returns its lstat, or None when it does not exist."""
    path = Path(path)
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise OutputError(f"Não foi possível gravar {path}: {os_error_text(exc)}.") from None
    problem = _kind(info.st_mode)
    if problem:
        raise OutputError(f"Não foi possível gravar {path}: {problem}. Nada foi gravado; "
                          "escolha um arquivo comum.")
    return info


def _new_mode(existing: os.stat_result | None) -> int:
    """The mode a plain open() would give: the existing file's, else 0666 less the umask
    (mkstemp makes 0600 files)."""
    if existing is not None:
        return existing.st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:  # a write that moved nothing would loop forever
            raise OSError(errno.EIO, "write returned 0")
        view = view[written:]


def _fsync_folder(folder: Path) -> None:
    """The rename is durable only once the folder is on disk (POSIX; Windows has no way
    to open a folder for that and commits the rename with the file's metadata)."""
    if os.name == "nt":
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EBADF):
            raise  # some file systems (network shares, FAT) cannot sync a folder: not an error
    finally:
        os.close(fd)


def _failed(path: Path, exc: OSError) -> OutputError:
    return OutputError(f"Não foi possível gravar {path}: {os_error_text(exc)}. O arquivo não "
                       "foi gravado.")


def _finish(temp: Path, path: Path) -> None:
    """Rename the finished temporary file over the target (checked again: a FIFO or a link
    put there meanwhile is still refused), then make the rename durable."""
    check_target(path)
    os.replace(temp, path)
    _fsync_folder(path.parent)


def write_atomic(path: str | os.PathLike, data: bytes, *, mode: int | None = None) -> Path:
    """Write `data` to `path` (see the module docstring). `mode` sets the new file's
    permissions (0o600 for private files); by default an existing file keeps its own.
    Returns the path; OutputError when refused or failed."""
    path = Path(path)
    existing = check_target(path)
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise _failed(path, exc) from None
    temp = Path(name)
    try:
        with contextlib.suppress(OSError):  # Windows keeps its own permissions
            os.chmod(temp, _new_mode(existing) if mode is None else mode)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        _finish(temp, path)
    except OSError as exc:
        _discard(temp)
        raise _failed(path, exc) from None
    except BaseException:
        _discard(temp)
        raise
    return path


def write_text(path: str | os.PathLike, text: str, *, mode: int | None = None) -> Path:
    """`write_atomic` of a text in UTF-8 (newlines as given)."""
    return write_atomic(path, text.encode("utf-8"), mode=mode)


def write_new(path: str | os.PathLike, data: bytes, *, mode: int | None = None) -> Path:
    """Write `data` to `path`, which must not exist (a private key, an export beside earlier
    ones): as `write_atomic`, but the finished file is linked at the path only if nothing is
    there (OutputError "já existe" otherwise), so nothing is ever replaced."""
    path = Path(path)
    if check_target(path) is not None:
        raise OutputError(f"Não foi possível gravar {path}: já existe um arquivo com esse "
                          "nome. Nada foi gravado.")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise _failed(path, exc) from None
    temp = Path(name)
    try:
        with contextlib.suppress(OSError):
            os.chmod(temp, _new_mode(None) if mode is None else mode)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        _place_new(temp, path)
        _fsync_folder(path.parent)
    except FileExistsError:
        _discard(temp)
        raise OutputError(f"Não foi possível gravar {path}: já existe um arquivo com esse "
                          "nome. Nada foi gravado.") from None
    except OSError as exc:
        _discard(temp)
        raise _failed(path, exc) from None
    except BaseException:
        _discard(temp)
        raise
    _discard(temp)  # the link at `path` keeps the file
    return path


def _place_new(temp: Path, path: Path) -> None:
    """Put the finished file at `path` only if the name is free: a hard link fails when
    anything is there (POSIX); Windows' rename does the same. A file system without hard
    links (a FAT pen drive) gets the rename after a last check."""
    if os.name == "nt":
        os.rename(temp, path)
        return
    try:
        os.link(temp, path)
    except FileExistsError:
        raise
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK,
                             errno.EXDEV):
            raise
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, "exists", str(path)) from None
        os.rename(temp, path)


@contextlib.contextmanager
def replacing(path: str | os.PathLike, *, mode: int | None = None) -> Iterator[Path]:
    """For a file made by another writer (SQLite's backup API, pg_dump, a copy): yields an
    empty temporary file in the target's folder for it to fill; when the block ends
    without an error the file is flushed to disk and renamed over `path` (checked as by
    `write_atomic`). On an error the temporary file is removed and `path` is untouched;
    an OSError becomes OutputError."""
    path = Path(path)
    existing = check_target(path)
    try:
        fd, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
    except OSError as exc:
        raise _failed(path, exc) from None
    temp = Path(name)
    try:
        with contextlib.suppress(OSError):
            os.chmod(temp, _new_mode(existing) if mode is None else mode)
        yield temp
        fd = os.open(temp, os.O_RDWR | getattr(os, "O_BINARY", 0))  # Windows syncs writers only
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        _finish(temp, path)
    except OSError as exc:
        _discard(temp)
        raise _failed(path, exc) from None
    except BaseException:
        _discard(temp)
        raise


def _discard(temp: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temp)

"""Files written whole or not at all: a kill or a power cut while writing leaves the previous
file (or none), never half of one — a temporary file in the same folder, flushed to disk,
then renamed over the target."""
from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def _mode(path: Path) -> int:
    """The mode a plain open() would give: the existing file's, else 0666 less the umask
    (mkstemp makes 0600 files)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, data: bytes, *, mode: int | None = None) -> None:
    path = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with contextlib.suppress(OSError):  # Windows keeps its own permissions
            os.chmod(temp, _mode(path) if mode is None else mode)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise

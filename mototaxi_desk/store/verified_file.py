"""An SQLite file verified whole when the program closed need not be read whole again when it
next opens, if nothing touched it since (issue 23).

`PRAGMA quick_check` reads every page: 1.6 s of CPU on a 100,000-holder file (1.3 GiB) with
the pages in memory, and on the day's first start, when they are not, as long as the disk
takes to read the file; the person who pressed Entrar waited for it. So the window checks the
file as it closes (the window is gone by then: nobody waits) and, when sound, notes its size
and modification time in the data folder. The next opening compares: the same size and time,
no write-ahead log holding changes and a verification at most MAX_AGE old, and the file is
taken as verified; anything else (a crash, a command-line action, a copy restored, another
program writing, an old note) and it is checked whole before anyone logs in, as always.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

from .. import config
from ..domain import input_limits, output_files
from .connection import quick_check_file
from ..domain import wallclock

MAX_AGE = dt.timedelta(days=30)  # a check now and then even of a file nobody changed
FORMAT = "mototaxi-desk-verified-file/1"


def note_path(path: Path) -> Path:
    tag = hashlib.sha256(str(Path(path).resolve()).encode()).hexdigest()[:12]
    return config.data_dir() / f"arquivo-verificado-{tag}.json"


def _state(path: Path) -> dict | None:
    """The file's size and modification time; None when it is missing or a write-ahead log
    beside it holds changes not yet in the file."""
    try:
        stat = Path(path).stat()
        wal = Path(f"{path}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            return None
    except OSError:
        return None
    return {"size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


def unchanged_since_verified(path: Path, now: dt.datetime | None = None) -> bool:
    """The file is as the program left it after verifying it whole (see the module)."""
    state = _state(path)
    if state is None:
        return False
    try:
        note = json.loads(input_limits.read_text(note_path(path), input_limits.SMALL_JSON))
        verified_at = dt.datetime.fromisoformat(note["verified_at"])
        same = (note["format"] == FORMAT and note["path"] == str(Path(path).resolve())
                and note["size"] == state["size"] and note["mtime_ns"] == state["mtime_ns"])
    except (OSError, ValueError, KeyError, TypeError, input_limits.InputRefused):
        return False
    age = (now or wallclock.now()) - verified_at
    return same and dt.timedelta(0) <= age <= MAX_AGE


def verify_and_note(path: Path, now: dt.datetime | None = None) -> str | None:
    """quick_check the closed file (None when sound, else the message); when sound and
    unchanged meanwhile, note it for the next opening, else forget any note. A file another
    process still writes to (changes in its write-ahead log) is left for the next opening."""
    before = _state(path)
    if before is None:
        _forget(path)
        return None
    problem = quick_check_file(path)
    if problem is not None or _state(path) != before:
        _forget(path)
        return problem
    data = {"format": FORMAT, "path": str(Path(path).resolve()), **before,
            "verified_at": (now or wallclock.now()).isoformat(timespec="seconds")}
    note = note_path(path)
    try:
        note.parent.mkdir(parents=True, exist_ok=True)
        output_files.write_text(note, json.dumps(data))
    except (OSError, output_files.OutputError):  # a folder full or read-only: checked next time
        _forget(path)
    return None


def _forget(path: Path) -> None:
    """The note no longer describes the file (or could not be written): none is kept."""
    try:
        note_path(path).unlink(missing_ok=True)
    except OSError:
        pass

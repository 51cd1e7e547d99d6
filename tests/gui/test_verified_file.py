"""The SQLite file is checked whole as the window closes, so the next start need not read it
whole again before the login (issue 23: 1.6 s of CPU at 100,000 holders, much more with a
cold disk, waited for at Entrar); anything that touched the file since — a command-line
action, damaged pages, an old note — and the next start checks it as always."""
from __future__ import annotations

import datetime as dt
import os
import sqlite3
import sys
from pathlib import Path

from PySide6.QtWidgets import QDialog

from mototaxi_desk.gui import app as gui_app
from mototaxi_desk.gui import startup_checks
from mototaxi_desk.store import verified_file
from mototaxi_desk.store.connection import quick_check_file

from ..store.backup_helpers import corrupt_pages
from ..test_cli import INIT


def _start(monkeypatch) -> list:
    """The program started and the login given up; returns the files checked at start."""
    checked = []

    def check(path):
        checked.append(Path(path))
        return quick_check_file(path)
    monkeypatch.setattr(startup_checks, "quick_check_file", check)
    monkeypatch.setattr(gui_app.LoginDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # run_gui installs its own
    return checked


def test_a_file_checked_at_close_is_not_read_whole_at_the_next_start(qtbot, cli, sqlite_db,
                                                                    monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    checked = _start(monkeypatch)
    assert gui_app.run_gui(sqlite_db) == 0
    assert checked == [Path(sqlite_db)]  # the command line's writes: checked before the login
    assert verified_file.unchanged_since_verified(Path(sqlite_db))  # and again at the close
    assert gui_app.run_gui(sqlite_db) == 0
    assert checked == [Path(sqlite_db)]  # not this time

    # a command-line action: it need not check the file either; it writes to it, so the
    # next start checks it
    import peewee
    statements = []
    execute = peewee.SqliteDatabase.execute_sql
    monkeypatch.setattr(peewee.SqliteDatabase, "execute_sql", lambda db, sql, *a, **k: (
        statements.append(sql), execute(db, sql, *a, **k))[1])
    assert cli("--db", sqlite_db, "settings", "set", "stand.max_vehicles", "9")[0] == 0
    assert statements and not any("quick_check" in sql for sql in statements)
    assert not verified_file.unchanged_since_verified(Path(sqlite_db))
    assert gui_app.run_gui(sqlite_db) == 0
    assert checked == [Path(sqlite_db)] * 2


def test_damaged_pages_after_the_close_are_found_at_the_next_start(qtbot, cli, sqlite_db,
                                                                  monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    _start(monkeypatch)
    assert gui_app.run_gui(sqlite_db) == 0
    path = Path(sqlite_db)
    pages = path.stat().st_size // 4096
    corrupt_pages(path, range(pages // 2, pages // 2 + 3))
    shown = []
    monkeypatch.setattr(gui_app.QMessageBox, "critical",
                        lambda parent, title, text: shown.append(text))
    assert gui_app.run_gui(sqlite_db) == 1
    assert "danificado" in shown[0]
    assert not verified_file.unchanged_since_verified(path)


def test_the_note_counts_only_for_the_same_file_state_and_a_month(tmp_path):
    path = tmp_path / "m.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE t (x)")
    raw.close()
    now = dt.datetime(2026, 12, 1, 18, 0)
    assert verified_file.verify_and_note(path, now=now) is None
    assert verified_file.unchanged_since_verified(path, now=now + dt.timedelta(days=30))
    assert not verified_file.unchanged_since_verified(path, now=now + dt.timedelta(days=31))
    assert not verified_file.unchanged_since_verified(path, now=now - dt.timedelta(hours=1))
    stat = path.stat()  # the same size, another time (a page written in place)
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))
    assert not verified_file.unchanged_since_verified(path, now=now)
    assert verified_file.verify_and_note(path, now=now) is None
    Path(f"{path}-wal").write_bytes(b"x" * 32)  # changes not yet in the file
    assert not verified_file.unchanged_since_verified(path, now=now)


def test_a_note_that_cannot_be_written_is_no_error(tmp_path, monkeypatch):
    """A data folder full or a note held by an antivirus: the next start checks, the
    program's exit is not disturbed."""
    path = tmp_path / "m.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE t (x)")
    raw.close()

    def held(*args):
        raise PermissionError("arquivo em uso por outro processo")
    monkeypatch.setattr(os, "replace", held)
    assert verified_file.verify_and_note(path) is None
    assert not verified_file.unchanged_since_verified(path)

"""What the program does right after opening the database, before the login: check the
SQLite file's integrity, warn when it is on a network share, and make the automatic copy
(once the login is on screen) when the last one is 24 h old. The check and the copy run off
the GUI thread (the check takes 1.6 s of CPU on a 100,000-holder file, and as long as a cold
disk takes to read it), so the login shows at once; the login waits for the check's verdict, and a damaged file gets the
message that names the restore command, nothing else. A file the window checked whole as it
last closed, unchanged since, is not read whole again (store/verified_file.py)."""
from __future__ import annotations

import logging
import threading
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from ..store import verified_file
from ..store.connection import location_warning, quick_check_file
from .workers import run_in_background

_log = logging.getLogger(__name__)
_jobs: list = []  # keeps the background job alive while it runs


class IntegrityCheck:
    """PRAGMA quick_check of the database file in a thread of its own; `wait()` gives the
    verdict: None when sound, else the message for the user."""

    def __init__(self, path: Path | None):
        self.problem: str | None = None
        self._done = threading.Event()
        if path is None:  # PostgreSQL: the server keeps its own files sound
            self._done.set()
        elif verified_file.unchanged_since_verified(path):  # checked as the program closed
            self._done.set()
        else:
            threading.Thread(target=self._run, args=(path,), daemon=True,
                             name="integrity-check").start()

    def _run(self, path: Path) -> None:
        try:
            self.problem = quick_check_file(path)
        except Exception as exc:  # noqa: BLE001 - an unreadable file is a refusal too
            self.problem = f"O banco de dados {path} não pôde ser conferido: {exc}"
        finally:
            self._done.set()

    def wait(self) -> str | None:
        self._done.wait()
        return self.problem

    def finished(self, timeout: float) -> bool:
        return self._done.wait(timeout)


def after_open(url: str, *, demo: bool, parent=None, ask: bool = True,
               integrity: IntegrityCheck | None = None) -> str | None:
    """Shows the network warning (returned too) and starts the automatic copy, once the
    integrity check (when given) has passed."""
    warning = location_warning(url)
    if warning and ask:
        QMessageBox.warning(parent, "Mototáxi Desk — banco de dados em pasta de rede", warning)
    if not demo:  # the demo database is thrown away, not backed up
        def copy():
            if integrity is not None and integrity.wait():
                return None  # a damaged file is not copied over the good copies
            from ..services.administration import backups  # here, not before the login shows (issue 6)
            return backups.automatic_backup()
        # started when the event loop first turns, i.e. once the login (or the set-up
        # wizard) is on screen: the copy's audit entry signs the audit checkpoint, which
        # imports the signing and QR modules the login must not wait for (see
        # tests/gui/test_startup_imports.py)
        QTimer.singleShot(0, lambda: _jobs.append(
            run_in_background(copy, _backup_done, _backup_failed)))
    return warning


def _backup_done(result) -> None:
    if result is not None:
        _log.info("cópia automática feita: %s", result["path"])


def _backup_failed(exc: Exception) -> None:
    _log.warning("a cópia de segurança automática falhou: %s", exc)


def pass_time(on=None) -> dict | None:
    """The register brought to today (services/clock.py): when the window opens and on the
    first check of each new day while it stays open — once the computer's date is assessed
    (services/trust/clock_trust.py: a date not trusted holds the program at the register's day, and
    the step does nothing). A failure is logged, never fatal: the next opening or day tries
    again."""
    from ..domain.errors import DomainError
    from ..services import clock
    from ..services.trust import clock_trust  # with the screens' services, after the login
    from ..store.connection import DatabaseBusy, StoreError
    from . import painel_preparation
    for attempt in (1, 2):
        try:
            if not clock_trust.assess()["trusted"]:
                _log.warning("data do computador não confirmada: %s",
                             clock_trust.state()["message"])
                on = None  # the held day: nothing to do
            return clock.tick(on=on)
        except DatabaseBusy as exc:  # the write lock held past the timeout: the day's table
            # written by the child that builds it on a slow disk; once it ends, again
            _log.warning("a atualização diária das situações esperou demais: %s", exc)
            if attempt == 1:
                painel_preparation.wait()
        except (DomainError, StoreError) as exc:
            _log.warning("a atualização diária das situações falhou: %s", exc)
            return None
    return None

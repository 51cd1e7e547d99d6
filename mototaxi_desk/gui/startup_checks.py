"""What the program does right after opening the database, before the login: warn when the
SQLite file is on a network share, and make the automatic copy when the last one is 24 h old
(off the GUI thread, so the login shows at once). A damaged file never gets here: opening it
fails with the message that names the restore command, shown by run_gui."""
from __future__ import annotations

import logging

from PySide6.QtWidgets import QMessageBox

from ..store.connection import location_warning
from .workers import run_in_background

_log = logging.getLogger(__name__)
_jobs: list = []  # keeps the background job alive while it runs


def after_open(url: str, *, demo: bool, parent=None, ask: bool = True) -> str | None:
    """Shows the network warning (returned too) and starts the automatic copy."""
    warning = location_warning(url)
    if warning and ask:
        QMessageBox.warning(parent, "Mototáxi Desk — banco de dados em pasta de rede", warning)
    if not demo:  # the demo database is thrown away, not backed up
        from ..services import backups
        _jobs.append(run_in_background(backups.automatic_backup, _backup_done, _backup_failed))
    return warning


def _backup_done(result) -> None:
    if result is not None:
        _log.info("cópia automática feita: %s", result["path"])


def _backup_failed(exc: Exception) -> None:
    _log.warning("a cópia de segurança automática falhou: %s", exc)

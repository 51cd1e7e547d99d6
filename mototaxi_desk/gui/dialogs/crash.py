"""Unexpected errors: written to the log file in the data folder and shown in a dialog with
the details collapsed and a "Copiar detalhes" button. The dialog only informs: it never
closes the main window nor touches what was typed. A known refusal (DomainError) that
escapes a slot is shown as a simple warning with its message, not as a crash; so is a
connection to the PostgreSQL server that dropped during the action (ConnectionLost: the
action was not written, and the next one works on a new connection)."""
from __future__ import annotations

import logging
import sys
import traceback

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QDialog, QLabel, QMessageBox, QVBoxLayout

from ... import __version__, config
from ...domain.errors import DomainError
from ...logs import setup_logging
from ...store.reconnect import ConnectionLost

log = logging.getLogger("mototaxi_desk.gui")
_showing = False
_lost_showing = False  # a "conexão caiu" warning is open


def log_file() -> str:
    return str(config.data_dir() / "logs" / "mototaxi-desk.log")


class CrashDialog(QDialog):
    def __init__(self, details: str, parent=None):
        # loaded when a crash is shown: their first use costs ~25 ms at every start-up
        from PySide6.QtWidgets import QHBoxLayout, QPlainTextEdit, QPushButton, QStyle
        super().__init__(parent)
        self.setWindowTitle("Mototáxi Desk — Erro inesperado")
        self.details_text = details
        icon = QLabel()
        icon.setPixmap(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxCritical).pixmap(48, 48))
        self.message = QLabel(
            "<b>Ocorreu um erro inesperado.</b><br>A operação em andamento não foi concluída, "
            "mas o programa continua aberto e o que já foi digitado foi mantido.<br><br>"
            "O erro foi registrado no arquivo de log:<br>"
            f"<code>{log_file()}</code><br><br>"
            "Se ele se repetir, copie os detalhes e envie ao responsável pela informática.")
        self.message.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(icon, 0)
        top.addWidget(self.message, 1)
        self.details = QPlainTextEdit(details)
        self.details.setReadOnly(True)
        self.details.setMinimumHeight(180)
        self.details.hide()
        self.toggle_button = QPushButton("&Mostrar detalhes")
        self.toggle_button.setCheckable(True)
        self.toggle_button.toggled.connect(self._toggle)
        self.copy_button = QPushButton("Co&piar detalhes")
        self.copy_button.clicked.connect(self.copy_details)
        self.continue_button = QPushButton("&Continuar")
        self.continue_button.setDefault(True)
        self.continue_button.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        buttons.addWidget(self.toggle_button)
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)
        buttons.addWidget(self.continue_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.details, 1)
        layout.addLayout(buttons)
        self.setMinimumWidth(560)

    def _toggle(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.toggle_button.setText("&Ocultar detalhes" if shown else "&Mostrar detalhes")
        self.adjustSize()

    def copy_details(self) -> None:
        QGuiApplication.clipboard().setText(self.details_text)
        self.copy_button.setText("Copiado!")


def crash_details(exc_type, exc, tb) -> str:
    text = "".join(traceback.format_exception(exc_type, exc, tb))
    return f"Mototáxi Desk {__version__}\nPython {sys.version.split()[0]}\n\n{text}"


def _active_window():
    app = QApplication.instance()
    return app.activeWindow() if app else None


def handle_exception(exc_type, exc, tb, *, show: bool = True):
    """The sys.excepthook of the program. Returns the dialog it built (shown modally when
    `show`); tests call it with show=False and inspect the dialog."""
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return None
    parent = _active_window()
    if isinstance(exc, ConnectionLost):  # the next action reconnects (store/reconnect.py)
        setup_logging()
        log.warning("Conexão com o servidor perdida numa ação da tela: %s", exc)
        if _lost_showing:  # the server still out of reach: one box says it
            return None
        return _warning(exc, parent, show, lost=True)
    if isinstance(exc, DomainError):
        log.info("Recusa não tratada na tela: %s", exc)
        return _warning(exc, parent, show)
    setup_logging()  # idempotent: the log file of the data folder
    details = crash_details(exc_type, exc, tb)
    log.error("Erro inesperado\n%s", details)
    global _showing
    if _showing:  # an error while the dialog is open: logged, one dialog is enough
        return None
    dialog = CrashDialog(details, parent)
    if show:
        _showing = True
        try:
            dialog.exec()
        finally:
            _showing = False
    return dialog


def _warning(exc: Exception, parent, show: bool, *, lost: bool = False) -> QMessageBox:
    """A known failure as a simple warning with its message."""
    box = QMessageBox(QMessageBox.Icon.Warning, "Mototáxi Desk", str(exc), parent=parent)
    box.addButton("OK", QMessageBox.ButtonRole.AcceptRole)
    if show:
        global _lost_showing
        _lost_showing = _lost_showing or lost
        try:
            box.exec()
        finally:
            if lost:
                _lost_showing = False
    return box


def install_excepthook() -> None:
    sys.excepthook = handle_exception

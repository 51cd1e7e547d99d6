"""The program's look, applied once to the QApplication: Portuguese for Qt's own dialogs,
10-point text (UX.md), every window fitted to its screen (screen_fit), and the stylesheet
with the status colours."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from . import screen_fit

MIN_POINT_SIZE = 10.0  # UX.md: text ≥ 10 pt


def in_documents(file_name: str) -> str:
    """A default file path for a save dialog: the user's Documentos folder, never the
    program's working folder (UX.md)."""
    from pathlib import Path

    from PySide6.QtCore import QStandardPaths
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return str(Path(folder or Path.home()) / file_name)


def apply(app: QApplication) -> None:
    from .app import install_translations
    install_translations(app)
    font = app.font()
    if font.pointSizeF() < MIN_POINT_SIZE:
        font.setPointSizeF(MIN_POINT_SIZE)
        app.setFont(font)
    screen_fit.install(app)

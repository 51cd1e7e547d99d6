"""The program's look, applied once to the QApplication: Portuguese for Qt's own dialogs,
10-point text (UX.md), every window fitted to its screen (screen_fit), and the stylesheet
with the status colours."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from . import screen_fit

MIN_POINT_SIZE = 10.0  # UX.md: text ≥ 10 pt
ACCENT = "#2f6fb0"

# Sizes in points or em follow the font at 125% and 150%; the status colours (Ativa green,
# Suspensa amber, Vencida grey, Revogada red) are the tables' rows (widgets/common.py).
STYLESHEET = f"""
QListWidget#navigation {{
    background: #f3f6f9; border: none; border-right: 1px solid #d5dde5; outline: none;
}}
QListWidget#navigation::item {{ padding: 4px 6px; border-left: 3px solid transparent; }}
QListWidget#navigation::item:hover {{ background: #e6edf4; }}
QListWidget#navigation::item:selected {{
    background: #dbe8f6; color: #1b2733; border-left: 3px solid {ACCENT}; font-weight: bold;
}}
QTableView {{
    gridline-color: #e3e7eb; alternate-background-color: #f6f8fa;
    selection-background-color: #cfe0f3; selection-color: #111;
}}
QHeaderView::section {{
    background: #eef2f5; padding: 3px 6px; border: none;
    border-right: 1px solid #dde3e9; border-bottom: 1px solid #c9d3dc; font-weight: bold;
}}
QLineEdit[readOnly="true"], QPlainTextEdit[readOnly="true"] {{
    background: #eceff1; color: #37474f; border: 1px solid #cfd8dc;
}}
QToolBar {{ spacing: 6px; border: none; }}
QStatusBar {{ background: #f3f6f9; }}
"""


def in_documents(file_name: str) -> str:
    """A default file path for a save dialog: the user's Documentos folder, never the
    program's working folder (UX.md)."""
    from pathlib import Path

    from PySide6.QtCore import QStandardPaths
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    return str(Path(folder or Path.home()) / file_name)


def apply(app: QApplication) -> None:
    from .translations import install_translations
    install_translations(app)
    font = app.font()
    if font.pointSizeF() < MIN_POINT_SIZE:
        font.setPointSizeF(MIN_POINT_SIZE)
        app.setFont(font)
    screen_fit.install(app)
    from . import dialog_lifetime
    dialog_lifetime.install()
    from .widgets import typed_limits
    typed_limits.install()
    if app.styleSheet() != STYLESHEET:  # set again, Qt polishes every widget alive anew
        app.setStyleSheet(STYLESHEET)

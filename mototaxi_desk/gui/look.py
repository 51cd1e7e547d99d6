"""The program's look, applied once to the QApplication: Portuguese for Qt's own dialogs,
10-point text (UX.md), every window fitted to its screen (screen_fit), and the stylesheet
with the status colours."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from . import screen_fit

MIN_POINT_SIZE = 10.0  # UX.md: text ≥ 10 pt


def apply(app: QApplication) -> None:
    from .app import install_translations
    install_translations(app)
    font = app.font()
    if font.pointSizeF() < MIN_POINT_SIZE:
        font.setPointSizeF(MIN_POINT_SIZE)
        app.setFont(font)
    screen_fit.install(app)

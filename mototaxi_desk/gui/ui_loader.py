"""Screens with a fixed layout live in ui/*.ui (Qt Designer) and are loaded at run time."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QFile, QIODevice
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QWidget

UI_DIR = Path(__file__).resolve().parents[2] / "ui"


def load_ui(name: str, parent: QWidget | None = None) -> QWidget:
    """The widget tree of ui/<name>; its children are reached with findChild or attributes
    named after the objectName set in Designer."""
    path = UI_DIR / name
    file = QFile(str(path))
    if not file.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"Arquivo de tela ausente: {path}")
    try:
        widget = QUiLoader().load(file, parent)
    finally:
        file.close()
    if widget is None:
        raise RuntimeError(f"Arquivo de tela inválido: {path}")
    return widget

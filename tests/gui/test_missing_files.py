"""The program opened from a damaged installation shows which file is missing in a message
box and leaves, instead of vanishing (a Windows shortcut has no console to print to)."""
from __future__ import annotations

import sys

from mototaxi_desk.gui import app as gui_app
from mototaxi_desk.gui import ui_loader

from ..test_cli import INIT


def test_missing_screen_file_is_a_message_box(qtbot, cli, sqlite_db, tmp_path, monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    monkeypatch.setattr(ui_loader, "UI_DIR", tmp_path / "ui-apagada")
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # run_gui installs its own
    shown = []
    monkeypatch.setattr(gui_app.QMessageBox, "critical",
                        lambda parent, title, text: shown.append(text))
    assert gui_app.run_gui(sqlite_db) == 1
    assert len(shown) == 1
    assert shown[0].startswith("Arquivo de tela ausente:") and "login_dialog.ui" in shown[0]

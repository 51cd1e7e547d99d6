"""The program opened from a damaged installation shows which file is missing in a message
box and leaves, instead of vanishing (a Windows shortcut has no console to print to)."""
from __future__ import annotations

import functools
import sys

from PySide6.QtWidgets import QDialog

from mototaxi_desk.domain import profiles
from mototaxi_desk.gui import account
from mototaxi_desk.gui import app as gui_app
from mototaxi_desk.services import users

from ..test_cli import INIT


def test_missing_profile_file_is_a_message_box(qtbot, cli, sqlite_db, tmp_path, monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    empty = tmp_path / "perfis-apagados"
    empty.mkdir()
    monkeypatch.setattr(profiles, "load_profile",  # services look it up at call time
                        functools.partial(profiles.load_profile, directory=empty))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # run_gui installs its own

    def enter(dialog):  # the clerk types the password and presses Entrar
        dialog.actor = users.authenticate("admin", "senha-forte-1")  # the cli fixture's
        return QDialog.DialogCode.Accepted
    monkeypatch.setattr(gui_app.LoginDialog, "exec", enter)
    monkeypatch.setattr(account, "first_login_password_change", lambda actor: True)
    shown = []
    monkeypatch.setattr(gui_app.QMessageBox, "critical",
                        lambda parent, title, text: shown.append(text))
    assert gui_app.run_gui(sqlite_db) == 1  # the main window needs the município's profile
    assert len(shown) == 1
    assert "sao-raimundo-das-mangabeiras-2019.toml não encontrado" in shown[0]
    assert "reinstale" in shown[0]

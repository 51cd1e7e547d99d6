"""The program opened on rules it cannot trust (a profile version edited in the database by
hand) says so in a message box and leaves, instead of vanishing (a Windows shortcut has no
console to print to)."""
from __future__ import annotations

import sqlite3
import sys

from PySide6.QtWidgets import QDialog

from mototaxi_desk.gui import account
from mototaxi_desk.gui import app as gui_app
from mototaxi_desk.services.administration import profile_versions, users

from ..test_cli import INIT


def test_tampered_profile_version_is_a_message_box(qtbot, cli, sqlite_db, monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    with sqlite3.connect(sqlite_db) as raw:
        raw.execute("UPDATE profile_version SET text = text || ' '")
    monkeypatch.setattr(profile_versions, "_parsed", {})
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
    assert "versão 1 do perfil de regras" in shown[0] and "SHA-256" in shown[0]

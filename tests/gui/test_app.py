"""The minimal window of the foundation: login, what is in the database, search."""
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from mototaxi_desk.gui.app import LoginDialog
from mototaxi_desk.gui.ui_loader import UI_DIR, load_ui
from mototaxi_desk.services import demo


@pytest.mark.parametrize("ui_file", sorted(p.name for p in UI_DIR.glob("*.ui")))
def test_every_ui_file_loads(qtbot, ui_file):
    widget = load_ui(ui_file)
    qtbot.addWidget(widget)
    assert isinstance(widget, QWidget)


def test_login_dialog_refuses_then_accepts(qtbot, demo_data):
    dialog = LoginDialog("Informe usuário e senha.")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.login, "atendente")
    qtbot.keyClicks(dialog.password, "errada")
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert "incorretos" in dialog.message.text()
    assert dialog.password.text() == "" and dialog.actor is None
    qtbot.keyClicks(dialog.password, demo.DEMO_PASSWORD)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert dialog.actor is not None and dialog.actor.role == "atendente"


def test_screenshots_render(tmp_path, monkeypatch):
    from mototaxi_desk.gui import screenshots
    assert screenshots.main(str(tmp_path)) == 0
    names = {p.name for p in Path(tmp_path).glob("*.png")}
    assert names >= {"login.png", "painel.png", "prontuario.png", "pontos.png",
                     "lista-de-espera.png", "busca.png"}

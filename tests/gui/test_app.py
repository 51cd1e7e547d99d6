"""The minimal window of the foundation: login, what is in the database, search."""

import pytest

from PySide6.QtCore import Qt

from mototaxi_desk.gui.app import LoginDialog
from mototaxi_desk.demo import data as demo

from ..conftest import ROOT


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


def test_screenshots_render(tmp_path):
    """`make screenshots` in a process of its own, as the Makefile runs it."""
    import os
    import subprocess
    import sys
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MOTOTAXI_DATA_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"),
                             str(tmp_path / "shots")], capture_output=True, text=True,
                            env=env, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]  # its exit included (gui/shutdown.py)
    names = {p.name for p in (tmp_path / "shots").glob("*.png")}
    assert names >= {"login.png", "painel.png", "prontuario.png", "pontos.png",
                     "lista-de-espera.png", "busca.png", "requerimentos.png", "infracoes.png",
                     "veiculos.png", "vistorias.png", "configuracoes-numeros.png"}


def test_the_login_loads_the_documents_off_the_gui_thread_after_the_screens(monkeypatch, srm):
    """Issue 40 item 4: while the password is typed, the screens' modules load on the GUI
    thread, then ReportLab, the fonts and the holidays in the background
    (services/documents/preload.py): a clerk's first guia 360 -> 35 ms."""
    from mototaxi_desk.gui import app as gui_app, workers
    started = []
    monkeypatch.setattr(workers, "run_in_background",
                        lambda work, on_done, *a, **k: started.append(work))
    gui_app._preload_screens()
    assert started == [gui_app._preload_documents]


def test_a_failed_documents_preload_is_only_logged(monkeypatch, caplog):
    from mototaxi_desk.gui import app as gui_app
    from mototaxi_desk.services.documents import preload

    def broken():
        raise OSError("fonte ilegível")
    monkeypatch.setattr(preload, "preload", broken)
    gui_app._preload_documents()  # no exception: the document itself says what fails
    assert "pré-carregamento dos documentos falhou" in caplog.text


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_the_login_shows_before_qts_own_enums_are_made(srm, db_url, tmp_path):
    """Issue 40 item 5: PySide6 makes all ~100 enums of Qt's own namespace (Qt.WindowType,
    Qt.FocusPolicy...) the first time any of them is used: 15 ms, 7 % of the program's start
    to a usable login on a counter PC. Nothing before the login shows uses them (the screen
    fit, the dialogs' lifetime, the login's buttons); they are made while the password is
    typed. The program itself, in a fresh interpreter, up to the login's show."""
    import os
    import subprocess
    import sys
    code = (
        "import enum, os, sys\n"
        "made = []\n"
        "create = enum.EnumType._create_\n"
        "def watched(cls, class_name, *args, **kwargs):\n"
        "    made.append(class_name)\n"
        "    return create(cls, class_name, *args, **kwargs)\n"
        "enum.EnumType._create_ = watched\n"
        "from mototaxi_desk import __main__ as program\n"
        "from mototaxi_desk.gui.dialogs import login\n"
        "def shown(self):\n"
        "    print(len(made), 'FocusPolicy' in made, 'WindowType' in made, flush=True)\n"
        "    os._exit(0)\n"
        "login.LoginDialog.show = shown\n"
        "program.main(['--db', sys.argv[1]])\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MOTOTAXI_DATA_DIR": str(tmp_path)}
    out = subprocess.run([sys.executable, "-c", code, db_url], capture_output=True, text=True,
                         env=env, timeout=120).stdout.split()
    assert len(out) == 3 and int(out[0]) > 0, out  # the hook saw the enums that were made
    assert out[1:] == ["False", "False"]

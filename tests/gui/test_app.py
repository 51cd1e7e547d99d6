"""The minimal window of the foundation: login, what is in the database, search."""

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

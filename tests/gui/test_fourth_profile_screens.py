"""Issue #13: the screens say what the law in force grants — Acari's autorização and its
autorizatários (tests/profiles/acari-rn-2021.toml, Art. 1º) — and hide the waiting list of a
law that has none (Art. 2º)."""
import datetime as dt
from pathlib import Path

from PySide6.QtCore import Qt

from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import setup
from mototaxi_desk.services.administration import users

ACARI = Path(__file__).resolve().parents[1] / "profiles" / "acari-rn-2021.toml"


def test_autorizatarios_and_no_waiting_list(qtbot, db, tmp_path):
    setup.initialise(profile_id=str(ACARI), municipio="Acari", uf="RN", ibge="2400109",
                     population=11_000, fiscal_unit_value="1,00",
                     admin_password="senha-forte-1", today=dt.date(2026, 3, 2))
    demo.fill(6, seed=5)
    win = MainWindow(users.authenticate("supervisor", demo.DEMO_PASSWORD))
    qtbot.addWidget(win)
    titles = [win.nav.item(i).text() for i in range(win.nav.count())]
    assert "Autorizatários" in titles and "Permissionários" not in titles
    waiting = win.nav.item(win.pages.index(win.waiting_page))
    assert waiting.isHidden()
    model = win.holders_page.model
    headers = [model.headerData(i, Qt.Orientation.Horizontal) for i in range(model.columnCount())]
    assert "Autorizatário" in headers
    win.resize(1366, 768)
    win.nav.setCurrentRow(win.pages.index(win.holders_page))
    win.holders_page.refresh()
    win.grab().save(str(tmp_path / "autorizatarios.png"))

"""Render every screen to PNG on a throw-away demo database: `make screenshots` writes
docs/screenshots/. Looking at them is part of finishing a screen."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(out: str = "docs/screenshots") -> int:
    from PySide6.QtWidgets import QApplication

    from ..services import demo, users
    from ..store.migrations import close_database, open_database
    from ..store.models import Permit
    from .app import LoginDialog, install_translations
    from .main_window import MainWindow

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    install_translations(app)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MOTOTAXI_DATA_DIR"] = tmp  # window settings of the shot stay out of yours
        open_database(f"{tmp}/demo.db", backup_dir=Path(tmp))
        try:
            demo.ensure_demo_database()
            login = LoginDialog("Banco de DEMONSTRAÇÃO (dados fictícios).<br>Entre com o "
                                f"usuário admin e a senha {demo.DEMO_PASSWORD}.")
            login.show()
            login.grab().save(str(folder / "login.png"))
            window = MainWindow(users.authenticate("supervisor", demo.DEMO_PASSWORD))
            window.resize(1366, 768)
            window.show()
            shots = {"painel.png": lambda: window.nav.setCurrentRow(0)}
            holder = Permit.select().where(Permit.status == "active").order_by(Permit.id).first()
            shots["prontuario.png"] = lambda: window.open_person(holder.holder_id)
            shots["pontos.png"] = lambda: window.nav.setCurrentRow(
                window.pages.index(window.stands_page))
            shots["lista-de-espera.png"] = lambda: window.nav.setCurrentRow(
                window.pages.index(window.waiting_page))
            for name, show in shots.items():
                show()
                app.processEvents()
                window.grab().save(str(folder / name))
            window.search_box.setText("silva")
            window.search_box.run_search()
            app.processEvents()
            window.grab().save(str(folder / "busca.png"))
        finally:
            close_database()
    print(f"Capturas em {folder.resolve()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

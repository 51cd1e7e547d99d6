"""Render the screens to PNG (screenshots/) on a throw-away demo database: `make screenshots`.
Looking at them is part of finishing a screen."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(out: str = "screenshots") -> int:
    from PySide6.QtWidgets import QApplication

    from ..services import demo, users
    from ..store.migrations import close_database, open_database
    from .app import LoginDialog, MainWindow, install_translations

    folder = Path(out)
    folder.mkdir(exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    install_translations(app)
    with tempfile.TemporaryDirectory() as tmp:
        open_database(f"{tmp}/demo.db", backup_dir=Path(tmp))
        try:
            demo.ensure_demo_database()
            login = LoginDialog("Banco de DEMONSTRAÇÃO (dados fictícios).<br>Entre com o "
                                f"usuário admin e a senha {demo.DEMO_PASSWORD}.")
            login.show()
            login.grab().save(str(folder / "login.png"))
            window = MainWindow(users.authenticate("admin", demo.DEMO_PASSWORD))
            window.resize(1366, 768)
            window.show()
            window.search_box.setText("silva")
            app.processEvents()
            window.grab().save(str(folder / "main-window.png"))
        finally:
            close_database()
    print(f"Capturas em {folder.resolve()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))

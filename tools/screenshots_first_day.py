"""The screens of a new município's first day (issue 36) to PNG, from an empty database set
up as `init` does (not the demo): the Painel's "Primeiros passos", the search with no hit
offering to register the CPF, "Nova pessoa", Permissionários' and the record's "Nova
pessoa", the record's Veículos tab with "Cadastrar veículo", the application's documents
with "Marcar todos", the vehicle form offering to register an owner nobody was found for. `python tools/screenshots_first_day.py FOLDER SCALE` (1 or 1.25).
A developer's tool: it is not shipped with the program."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import office_screen  # noqa: E402 (the same office screen)


def main(out: str = "docs/screenshots", scale: str = "1") -> int:
    office_screen(float(scale))
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.gui import look, prompts
    from mototaxi_desk.gui.widgets import unsaved
    from mototaxi_desk.services.licensing import applications
    from mototaxi_desk.services.register import persons
    from mototaxi_desk.services import setup
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.services.context import SYSTEM
    from mototaxi_desk.store.migrations import close_database, open_database

    unsaved.ask_discard = lambda _parent: True
    prompts.show_preview = lambda _parent, _result, **_: None
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    look.apply(app)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MOTOTAXI_DATA_DIR"] = tmp
        open_database(f"{tmp}/municipio.db", backup_dir=Path(tmp))
        try:
            setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                             municipio="São Raimundo das Mangabeiras", uf="MA", ibge="2111102",
                             population=18540, fiscal_unit_value="48,26",
                             admin_password="senha-forte-1", provisional_password=False)
            admin = users.authenticate("admin", "senha-forte-1")
            from mototaxi_desk.gui.main_window import MainWindow
            window = MainWindow(admin)
            window.showMaximized()

            def settle():
                for _ in range(20):
                    app.processEvents()

            def shot(widget, name):
                settle()
                widget.grab().save(str(folder / name))

            done = []  # the Painel's figures load off the GUI thread: wait for them
            window.dashboard.loaded.connect(lambda: done.append(True))
            window.dashboard.refresh()
            while not done:
                app.processEvents()
            shot(window, "painel-primeiros-passos.png")
            box = window.search_box
            box.setFocus()
            box.setText("529.982.247-25")
            box.run_search()
            settle()
            shot(box.completer_.popup(), "busca-sem-resultado.png")
            box.completer_.popup().hide()
            form = window.register_from_search(box.offer)
            shot(form, "nova-pessoa.png")
            form.reject()
            vehicle_form = window.new_vehicle(plate="QRS1D23")  # a plate nobody has
            vehicle_form.owner_search.setText("111.444.777-35")
            vehicle_form.search_owner()  # nobody: "Cadastrar pessoa" where the list was
            shot(vehicle_form, "veiculo-proprietario-novo.png")
            vehicle_form.reject()
            window.nav.setCurrentRow(window.row_of("holders_page"))
            shot(window, "permissionarios-nova-pessoa.png")
            person = persons.register_person(SYSTEM, {"cpf": "52998224725",
                                                      "name": "Raimundo Nonato Pereira"})
            window.open_person(person["id"])
            page = window.person_page
            page.tabs.setCurrentIndex(page._titles.index("Veículos"))
            shot(window, "prontuario-veiculos-cadastrar.png")
            app_row = applications.file_application(admin, person["id"], "new_permit")
            applications.set_checklist_items(admin, app_row["id"],
                                             [c["code"] for c in app_row["checklist"][:3]],
                                             received=True)
            page.refresh()
            detail = page.open_item("applications", 0)
            shot(detail, "requerimento-documentos.png")
            detail.close()
        finally:
            close_database()
    return 0


if __name__ == "__main__":
    from mototaxi_desk.gui.shutdown import delete_windows
    code = main(*sys.argv[1:])
    delete_windows()
    sys.exit(code)

"""Screens of issue 36 from an empty município (never the demo): the person's record with its
"Próximos passos" right after a grant, and the inspection form refused for the grant's fee
with the offer to pay it; the grant dialog with its fee announced and, after it, what comes
next. `python tools/screenshots_next_steps.py FOLDER SCALE` (SCALE 1 or 1.25) writes
proximos-passos.png, vistoria-debito.png, outorga-taxa.png and outorga-proximos-passos.png.
A developer's tool."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from screenshots import office_screen  # noqa: E402 (the office screen before Qt starts)


def main(out: str = "docs/screenshots", scale: str = "1") -> int:
    office_screen(float(scale))
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.gui import look, prompts
    from mototaxi_desk.gui.widgets import unsaved
    unsaved.ask_discard = lambda _parent: True
    prompts.ask_yes_no = lambda _parent, _title, _text: True
    prompts.show_preview = lambda _parent, _result, **_: None
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    look.apply(app)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MOTOTAXI_DATA_DIR"] = tmp
        from mototaxi_desk.store.migrations import close_database, open_database
        open_database(f"{tmp}/municipio.db", backup_dir=Path(tmp))
        try:
            _shots(app, folder)
        finally:
            close_database()
    return 0


def _shots(app, folder: Path) -> None:
    import datetime as dt

    from mototaxi_desk.domain import wallclock
    from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
    from mototaxi_desk.gui.main_window import MainWindow
    from mototaxi_desk.services.licensing import applications
    from mototaxi_desk.services.register import persons, vehicles
    from mototaxi_desk.services import setup
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.services.context import SYSTEM

    password = "senha-forte-1"
    setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                     municipio="São Raimundo das Mangabeiras", uf="MA", ibge="2111102",
                     population=18540, fiscal_unit_value="48,26", admin_password=password)
    users.add_user(SYSTEM, "supervisor", "Ana Supervisora", "supervisor", password)
    boss = users.authenticate("supervisor", password)
    today = wallclock.today()
    person = persons.register_person(boss, {
        "cpf": "52998224725", "name": "Raimunda Nonata Sousa",
        "birth_date": dt.date(1984, 7, 2), "blood": "O+"})
    persons.set_cnh(boss, person["id"], {
        "number": "57368193049", "category": "A", "first_licence_date": dt.date(2008, 5, 1),
        "expiry_date": today + dt.timedelta(days=25), "ear": True})
    vehicles.register_vehicle(boss, person["id"], {
        "plate": "QRS1D23", "renavam": "94580730210", "chassis": "9C2KC1670PR000123",
        "make": "Honda", "model": "CG 160 Fan", "manufacture_year": today.year - 1,
        "model_year": today.year, "cc": 160, "colour": "Vermelha", "insurer": "Seguradora",
        "insurance_policy": "AP-1", "insurance_cover": "10.000,00",
        "insurance_expiry": (today + dt.timedelta(days=300)).strftime("%d/%m/%Y")})
    app_ = applications.file_application(boss, person["id"], "new_permit")
    applications.set_checklist_items(boss, app_["id"], [c["code"] for c in app_["checklist"]],
                                     received=True)
    applications.change_status(boss, app_["id"], "deferido")
    from mototaxi_desk.gui.dialogs.grant import GrantDialog
    grant = GrantDialog(boss, applications.application(app_["id"]))
    grant.act.setText("Portaria 9/2026")
    grant.show()
    app.processEvents()
    grant.grab().save(str(folder / "outorga-taxa.png"))  # the fee, before "Outorgar"
    grant.grant()
    for _ in range(5):
        app.processEvents()
    grant.grab().save(str(folder / "outorga-proximos-passos.png"))
    print("outorga", grant.width(), grant.height(), file=sys.stderr)
    grant.close()

    window = MainWindow(boss)
    window.showMaximized()
    window.open_person(person["id"])
    for _ in range(5):
        app.processEvents()
    window.grab().save(str(folder / "proximos-passos.png"))

    form = InspectionForm(boss, plate="QRS1D23", parent=window)
    form.pass_all()
    form.show()
    for _ in range(5):
        app.processEvents()
    form.grab().save(str(folder / "vistoria-debito.png"))
    print("vistoria-debito", form.width(), form.height(), file=sys.stderr)
    form.close()
    window.close()


if __name__ == "__main__":
    from mototaxi_desk.gui.shutdown import delete_windows
    code = main(*sys.argv[1:])
    delete_windows()  # before the interpreter's exit deletes them in no order (a crash)
    sys.exit(code)

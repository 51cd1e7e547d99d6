"""Screens of issue 41 items 3 and 4 from an empty município (never the demo), with a local
SMTP server (aiosmtpd, as the tests use): Configurações → E-mail after the test message,
the person form with the e-mail consent, "Enviar por e-mail…" from the record and the
reminder campaign listing who receives it. `python tools/screenshots_mail.py FOLDER SCALE`
(SCALE 1 or 1.25) writes configuracoes-email.png, cadastro-consentimento-email.png,
email-documento.png and email-lembretes.png. A developer's tool."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))
from screenshots import office_screen, sized  # noqa: E402 (the office screen before Qt starts)


def main(out: str = "docs/screenshots", scale: str = "1") -> int:
    office_screen(float(scale))
    from PySide6.QtWidgets import QApplication

    from mototaxi_desk.gui import look
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv)
    look.apply(app)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MOTOTAXI_DATA_DIR"] = tmp
        os.environ["MOTOTAXI_CONFIG_DIR"] = f"{tmp}/config"
        from mototaxi_desk.store.migrations import close_database, open_database
        open_database(f"{tmp}/municipio.db", backup_dir=Path(tmp))
        try:
            from tests.smtp_sink import smtp_server
            with smtp_server() as server:
                _shots(app, folder, server.port)
        finally:
            close_database()
    return 0


def _shots(app, folder: Path, port: int) -> None:
    import datetime as dt

    from mototaxi_desk.domain import wallclock
    from mototaxi_desk.gui.dialogs.mail_send import RemindersDialog, SendDocumentDialog
    from mototaxi_desk.gui.dialogs.person_forms import PersonEditDialog
    from mototaxi_desk.gui.pages.settings import SettingsPage
    from mototaxi_desk.services.messaging import mail
    from mototaxi_desk.services.register import persons
    from mototaxi_desk.services import setup
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.services.context import SYSTEM
    from mototaxi_desk.store.models import Cnh
    from tests.services.ledger_helpers import holder_permit

    password = "senha-forte-1"
    setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                     municipio="São Raimundo das Mangabeiras", uf="MA", ibge="2111102",
                     population=18540, fiscal_unit_value="48,26", admin_password=password)
    users.add_user(SYSTEM, "atendente", "Bia Atendente", "atendente", password)
    admin = users.authenticate("admin", password)
    clerk = users.authenticate("atendente", password)
    mail.configure(admin, host="127.0.0.1", port=str(port), security="none",
                   user="prefeitura", sender="mototaxi@saoraimundo.ma.gov.br",
                   password="senha-do-smtp-9")
    today = wallclock.today()
    people = []
    for index, name in enumerate(("Raimunda Nonata Sousa", "José Ribamar Costa",
                                  "Francisca Alves Lima")):
        person, permit = holder_permit(name, on=today - dt.timedelta(days=40))
        Cnh.update(expiry_date=today + dt.timedelta(days=6 + index)).where(
            Cnh.person == person["id"]).execute()
        persons.update_person(clerk, person["id"], {
            "email": f"{name.split()[0].lower()}@exemplo.com.br"})
        if index < 2:
            mail.set_consent(clerk, person["id"], True)
        people.append((person, permit))

    page = SettingsPage(admin)
    sized(page, 1180, 690)
    page.show()
    page.tabs.setCurrentWidget(page.mail_tab)
    page.mail_tab.ui.test_address.setText("ti@saoraimundo.ma.gov.br")
    page.mail_tab.send_test()
    app.processEvents()
    page.grab().save(str(folder / "configuracoes-email.png"))
    page.close()

    person, _permit = people[0]
    form = PersonEditDialog(clerk, person["id"])
    form.show()
    app.processEvents()
    form.grab().save(str(folder / "cadastro-consentimento-email.png"))
    form.close()

    dialog = SendDocumentDialog(clerk, person["id"])
    dialog.show()
    app.processEvents()
    dialog.grab().save(str(folder / "email-documento.png"))
    dialog.close()

    campaign = RemindersDialog(clerk, "cnh")
    campaign.show()
    app.processEvents()
    campaign.grab().save(str(folder / "email-lembretes.png"))
    campaign.close()


if __name__ == "__main__":
    from mototaxi_desk.gui.shutdown import delete_windows
    code = main(*sys.argv[1:])
    delete_windows()  # before the interpreter's exit deletes them in no order (a crash)
    sys.exit(code)

"""E-mail through the window (issue 41 items 3 and 4), from a município made by
make_municipio: Configurações → E-mail refuses a port that is not a number naming the field
(nothing kept), saves the server, sends the test message to a local SMTP server (aiosmtpd);
the person form records the consent (LGPD) with its date; "Mais ▾ → Enviar por e-mail…"
sends the termo, received byte-identical to the delivery kept; the reminder campaign lists
who would receive it and sends with its progress bar. Rendered at 1366×768 (100% and 125%)."""
import datetime as dt
import hashlib

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.services.messaging import mail
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import Cnh, EmailDelivery

from ..conftest import row_counts
from ..factories import CLERK
from ..services.ledger_helpers import holder_permit
from ..smtp_sink import PASSWORD, USER, attachment, smtp_server

ADMIN = Actor(None, "admin", "admin")
SIZES = (("100", (1366, 768)), ("125", (1093, 614)))  # 125%: the same screen's logical px


@pytest.fixture
def sink(municipio, tmp_path, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    with smtp_server() as server:
        yield server


def _shots(widget, tmp_path, name):
    for scale, size in SIZES:
        widget.resize(*size)
        assert widget.grab().save(str(tmp_path / f"{name}-{scale}.png"))


def _dialog_shot(dialog, tmp_path, name):
    """A dialog at its own size, which fits the 125% screen (1093×614 logical px) too."""
    dialog.show()
    dialog.adjustSize()
    hint = dialog.sizeHint().expandedTo(dialog.minimumSize())
    assert hint.width() <= SIZES[1][1][0] and hint.height() <= SIZES[1][1][1], hint
    dialog.resize(hint)
    assert dialog.grab().save(str(tmp_path / f"{name}.png"))


def test_the_server_is_set_and_tested_from_configuracoes(qtbot, sink, tmp_path):
    page = SettingsPage(ADMIN)
    qtbot.addWidget(page)
    tab = page.mail_tab
    page.tabs.setCurrentWidget(tab)
    ui = tab.ui
    ui.host.setText("127.0.0.1")
    ui.port.setText("vinte e cinco")
    ui.security.setCurrentIndex(ui.security.findData("none"))
    ui.user.setText(USER)
    ui.password.setText(PASSWORD)
    ui.sender.setText("mototaxi@prefeitura.example")
    before = row_counts()
    qtbot.mouseClick(ui.save, Qt.MouseButton.LeftButton)
    assert ui.message.text().startswith("Porta: informe um número")
    assert row_counts() == before and not mail.show()["configured"]
    ui.port.setText(str(sink.port))
    ui.password.setText(PASSWORD)
    qtbot.mouseClick(ui.save, Qt.MouseButton.LeftButton)
    assert "Servidor de e-mail salvo" in ui.message.text()
    assert ui.password.text() == "" and "cifrada" in ui.password.placeholderText()
    ui.test_address.setText("sem-arroba")
    qtbot.mouseClick(ui.send_test, Qt.MouseButton.LeftButton)
    assert ui.message.text().startswith("E-mail de teste: e-mail inválido")
    ui.test_address.setText("ti@prefeitura.example")
    qtbot.mouseClick(ui.send_test, Qt.MouseButton.LeftButton)
    assert "Mensagem de teste enviada: 250" in ui.message.text()
    assert sink.messages[-1]["To"] == "ti@prefeitura.example"
    _shots(page, tmp_path, "configuracoes-email")


def test_a_clerk_sees_the_server_but_does_not_change_it(qtbot, sink):
    page = SettingsPage(CLERK)
    qtbot.addWidget(page)
    ui = page.mail_tab.ui
    assert not ui.host.isEnabled() and not ui.save.isEnabled() and not ui.send_test.isEnabled()
    assert ui.send_reminders.isEnabled()


def _configured(sink):
    mail.configure(ADMIN, host="127.0.0.1", port=str(sink.port), security="none", user=USER,
                   sender="mototaxi@prefeitura.example", password=PASSWORD)


def test_consent_in_the_person_form_and_a_termo_sent_from_the_record(qtbot, sink, tmp_path):
    """LGPD Art. 7º I: the consent recorded with its date in the person form; the termo
    (SRM Art. 9) sent from "Mais ▾", the attachment as kept, the e-mail no notification."""
    from mototaxi_desk.gui.dialogs.person_forms import PersonEditDialog
    _configured(sink)
    person, permit = holder_permit(on=dt.date.today() - dt.timedelta(days=30))
    dialog = PersonEditDialog(CLERK, person["id"])
    qtbot.addWidget(dialog)
    assert dialog.consent.currentText() == "não registrado"
    dialog.ui.email.setText("raimundo@example.com")
    dialog.ui.cep.setText("65840-000")
    dialog.consent.setCurrentIndex(dialog.consent.findData(True))
    assert dialog.consent_on.date() == dt.date.today()
    _dialog_shot(dialog, tmp_path, "cadastro-consentimento-email")
    assert dialog.save(), dialog.ui.message.text()
    assert mail.consent_of(person["id"])["consent"] is True
    assert persons.person(person["id"])["email"] == "raimundo@example.com"

    page = PersonPage(CLERK)
    qtbot.addWidget(page)
    page.open_person(person["id"])
    action = page.mail_action
    assert action.isEnabled()
    action.trigger()
    form = page.mail_dialog
    assert form.address.text() == "raimundo@example.com" and form.consent.text().startswith("sim")
    assert form.document.currentData() == "termo"
    assert form._key() == str(permit["order_number"])
    _dialog_shot(form, tmp_path, "email-documento")
    qtbot.mouseClick(form.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.result_value is not None, timeout=20000)
    assert form.result_value["status"] == "sent", form.message.text()
    assert "Enviado para raimundo@example.com" in form.message.text()
    _, data = attachment(sink.messages[-1])
    row = EmailDelivery.get_by_id(form.result_value["id"])
    assert bytes(row.attachment) == data
    assert hashlib.sha256(data).hexdigest() == row.sha256
    form.reminder.setCurrentIndex(form.reminder.findData("cnh"))  # the CNH is years away
    qtbot.mouseClick(form.reminder_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.reminder_value is not None, timeout=20000)
    assert form.message.text() == "Nenhum prazo desse tipo nos próximos 30 dias."
    Cnh.update(expiry_date=dt.date.today() + dt.timedelta(days=9)).where(
        Cnh.person == person["id"]).execute()
    form.reminder_value = None
    qtbot.mouseClick(form.reminder_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: form.reminder_value is not None, timeout=20000)
    assert form.message.text() == "Lembrete enviado.", form.message.text()
    assert "Validade da CNH" in sink.messages[-1].get_content()
    form.close()


def test_the_reminder_campaign_lists_then_sends_with_progress(qtbot, sink, tmp_path):
    _configured(sink)
    names = []
    for index, name in enumerate(("Ana Lembrada", "Bia Lembrada", "Cida Sem Consentimento")):
        person, _ = holder_permit(name, on=dt.date.today() - dt.timedelta(days=30))
        Cnh.update(expiry_date=dt.date.today() + dt.timedelta(days=5 + index)).where(
            Cnh.person == person["id"]).execute()
        persons.update_person(CLERK, person["id"], {"email": f"p{index}@example.com"})
        if index < 2:
            mail.set_consent(CLERK, person["id"], True)
        names.append(name)
    page = SettingsPage(CLERK)
    qtbot.addWidget(page)
    tab = page.mail_tab
    tab.ui.reminder_kind.setCurrentIndex(tab.ui.reminder_kind.findData("cnh"))
    dialog = tab.open_reminders()
    listed = dialog.list.toPlainText()
    assert "Receberão (2)" in listed and "Cida Sem Consentimento: sem consentimento" in listed
    assert not sink.messages
    _dialog_shot(dialog, tmp_path, "email-lembretes")
    steps = []
    dialog._relay.step.connect(lambda done, total: steps.append((done, total)))
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
    assert dialog.cancel_button.isEnabled() and not dialog.close_button.isEnabled()
    qtbot.waitUntil(lambda: dialog.result_value is not None, timeout=20000)
    assert dialog.result_value["sent"] == 2 and "Enviados: 2" in dialog.message.text()
    assert steps == [(1, 2), (2, 2)] and dialog.bar.value() == 2
    assert {m["To"] for m in sink.messages} == {"p0@example.com", "p1@example.com"}
    dialog.close()


def test_cancel_stops_the_campaign_between_messages(qtbot, sink):
    _configured(sink)
    for index, name in enumerate(("Ana", "Bia", "Cida")):
        person, _ = holder_permit(f"{name} Lembrada",
                                  on=dt.date.today() - dt.timedelta(days=30))
        Cnh.update(expiry_date=dt.date.today() + dt.timedelta(days=5)).where(
            Cnh.person == person["id"]).execute()
        persons.update_person(CLERK, person["id"], {"email": f"c{index}@example.com"})
        mail.set_consent(CLERK, person["id"], True)
    from mototaxi_desk.gui.dialogs.mail_send import RemindersDialog
    dialog = RemindersDialog(CLERK, "cnh")
    qtbot.addWidget(dialog)
    dialog._relay.step.connect(lambda done, total: dialog.cancel())  # after the first
    qtbot.mouseClick(dialog.send_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.result_value is not None, timeout=20000)
    result = dialog.result_value
    assert result["cancelled"] and result["sent"] < 3 and len(sink.messages) == result["sent"]
    assert "cancelado" in dialog.message.text()
    assert EmailDelivery.select().count() == result["sent"]

"""Requerimentos: the wizard files a request (protocol shown, ticks saved, receipt printed),
a refused filing keeps what was typed and writes nothing, the supervisor defers and grants
(card printed, its QR verifies), an atendente never gets the decide buttons; and the clerk
flow from login to the printed card."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from validate_docbr import CPF, RENAVAM

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.gui.dialogs.application_detail import ApplicationDetailDialog
from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
from mototaxi_desk.gui.pages.applications import ApplicationsPage
from mototaxi_desk.services.licensing import applications, eligibility
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import Application, Permit, Person, PrintLog

from ..conftest import row_counts
from ..printing import pdf_tools


def _actor(role):
    return users.authenticate(role, demo.DEMO_PASSWORD)


def _debtor() -> Person:
    for person in Person.select().order_by(Person.id):
        try:
            fees.check_no_debts(person.id, "o requerimento")
        except DomainError:
            return person
    pytest.fail("a demonstração deveria ter devedores")


def _eligible() -> Person:
    profile, today = setup.profile(), dt.date.today()
    for person in Person.select().order_by(Person.id):
        if Permit.select().where(Permit.holder == person.id).exists():
            continue
        try:
            eligibility.check_person(profile, person.id, today)
            fees.check_no_debts(person.id, "x")
        except DomainError:
            continue
        return person
    pytest.fail("a demonstração deveria ter uma pessoa apta sem permissão")


def _to_summary(wizard, ticks=0):
    wizard.type_page.select("new_permit")
    wizard.next()
    assert wizard.currentPage() is wizard.applicant_page
    wizard.next()
    assert wizard.currentPage() is wizard.checklist_page
    for row in range(ticks):
        wizard.checklist_page.items.item(row).setCheckState(Qt.CheckState.Checked)
    wizard.next()
    assert wizard.currentPage() is wizard.summary_page


def test_wizard_registers_person_files_and_saves_ticks(qtbot, demo_data):
    wizard = NewApplicationWizard(_actor("atendente"))
    qtbot.addWidget(wizard)
    wizard.show()
    allowed = {c for c, _ in applications.TYPE_LABELS.items()
               if setup.profile().application(c).allowed}
    listed = {wizard.type_page.types.item(r).data(Qt.ItemDataRole.UserRole)
              for r in range(wizard.type_page.types.count())}
    assert listed == allowed
    wizard.type_page.select("new_permit")
    wizard.next()
    page = wizard.applicant_page
    page.new_group.setChecked(True)
    qtbot.keyClicks(page.cpf.edit, "12345678900")  # bad check digits: red, message
    assert not page.cpf.validate() and "CPF inválido" in page.cpf.message.text()
    cpf = CPF().generate()
    page.cpf.edit.clear()
    qtbot.keyClicks(page.cpf.edit, cpf)
    assert page.cpf.validate() and page.cpf.text() == CPF().mask(cpf)
    page.name.edit.setText("Josué Conceição Ribeiro")  # keyClicks types ASCII only
    page.name.edit.textEdited.emit(page.name.edit.text())
    assert page.isComplete()
    wizard.next()
    assert wizard.currentPage() is wizard.cnh_page  # the new person's CNH: may stay blank
    wizard.next()
    assert wizard.currentPage() is wizard.checklist_page
    for row in range(3):
        wizard.checklist_page.items.item(row).setCheckState(Qt.CheckState.Checked)
    wizard.next()
    assert "Josué Conceição Ribeiro" in wizard.summary_page.summary.text()
    wizard.next()  # Protocolar
    assert wizard.currentPage() is wizard.done_page, wizard.summary_page.message.text()
    app = wizard.application
    assert app["protocol"] in wizard.done_page.protocol.text()
    stored = applications.as_dict(Application.get_by_id(app["id"]))
    assert stored["person_name"] == "Josué Conceição Ribeiro"
    assert [c["received"] for c in stored["checklist"]][:4] == [True, True, True, False]
    receipt = wizard.print_receipt(show=False)
    assert receipt["pdf"].startswith(b"%PDF")
    text = pdf_tools.text(receipt["pdf"])
    assert app["protocol"] in text and "atendente" in text and "✓ recebido" in text
    assert f"***.{cpf[3:6]}.{cpf[6:9]}-**" in text
    assert PrintLog.select().where(PrintLog.document == "receipt").count() == 1


def test_refused_filing_keeps_the_data_and_writes_nothing(qtbot, demo_data):
    debtor = _debtor()
    wizard = NewApplicationWizard(_actor("atendente"), person_id=debtor.id)
    qtbot.addWidget(wizard)
    wizard.show()
    assert "Atenção" in wizard.applicant_page.warning.text()
    _to_summary(wizard, ticks=2)
    wizard.summary_page.notes.setText("Trouxe cópias autenticadas")
    before = row_counts()
    wizard.next()
    assert wizard.currentPage() is wizard.summary_page
    assert "Art. 50" in wizard.summary_page.message.text()
    assert wizard.summary_page.notes.text() == "Trouxe cópias autenticadas"
    assert len(wizard.checklist_page.ticked()) == 2
    assert row_counts() == before


def test_atendente_cannot_decide(qtbot, demo_data):
    person = _eligible()
    app = applications.file_application(_actor("atendente"), person.id, "new_permit")
    dialog = ApplicationDetailDialog(_actor("atendente"), app["id"])
    qtbot.addWidget(dialog)
    assert dialog.analysis_button.isEnabled() and dialog.pending_button.isEnabled()
    assert not dialog.defer_button.isEnabled() and not dialog.refuse_button.isEnabled()
    assert not dialog.grant_button.isEnabled()
    before = row_counts()
    assert not dialog.move("pendente")  # a reason is required
    assert "Motivo" in dialog.message.text() and row_counts() == before
    dialog.reason.setText("Falta a certidão criminal")
    assert dialog.move("pendente") and dialog.app["status"] == "pendente"


def test_page_lists_and_filters(qtbot, demo_data):
    page = ApplicationsPage(_actor("supervisor"))
    qtbot.addWidget(page)
    page.refresh()
    assert page.model.rows
    page.status_filter.setCurrentIndex(page.status_filter.findData("deferido"))
    assert all(r["status"] == "deferido" for r in page.model.rows)


def _register_vehicle(grant, qtbot):
    grant.new_box.setChecked(True)
    qtbot.keyClicks(grant.plate.edit, "QXZ1E23")
    qtbot.keyClicks(grant.renavam.edit, RENAVAM().generate())
    qtbot.keyClicks(grant.chassis.edit, "9C2KC2200RR123456")
    qtbot.keyClicks(grant.make.edit, "Honda")
    qtbot.keyClicks(grant.model.edit, "CG 160 Fan")
    qtbot.keyClicks(grant.cover.edit, "20.000,00")
    grant.insurer.setText("Seguradora Boa Viagem")


def test_clerk_flow_login_file_defer_grant_print_card(qtbot, demo_data):
    """Login as atendente → new application → checklist → supervisor defers → grant on a
    stand → card printed and its QR verifies → fiscal records a notice → the ledger shows the
    fine and points → the accepted defence voids it (issue #6, end-to-end clerk flow)."""
    from mototaxi_desk.gui.app import LoginDialog
    login = LoginDialog("Informe usuário e senha.")
    qtbot.addWidget(login)
    qtbot.keyClicks(login.login, "atendente")
    qtbot.keyClicks(login.password, demo.DEMO_PASSWORD)
    login.try_login()
    clerk = login.actor
    assert clerk is not None and clerk.role == "atendente"

    person = _eligible()
    wizard = NewApplicationWizard(clerk, person_id=person.id)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.type_page.select("new_permit")
    wizard.next()
    wizard.next()
    wizard.checklist_page.set_all(True)
    wizard.next()
    wizard.next()
    assert wizard.currentPage() is wizard.done_page, wizard.summary_page.message.text()
    app_id = wizard.application["id"]

    boss = _actor("supervisor")
    detail = ApplicationDetailDialog(boss, app_id)
    qtbot.addWidget(detail)
    assert detail.move("deferido"), detail.message.text()
    assert detail.grant_button.isEnabled() and "Outorgar" in detail.message.text()

    grant = detail.grant_dialog()
    qtbot.addWidget(grant)
    _register_vehicle(grant, qtbot)
    grant.plate.edit.clear()
    qtbot.keyClicks(grant.plate.edit, "QX")  # incomplete plate: refused in the form
    before = row_counts()
    assert grant.grant() is None and row_counts() == before
    assert "placa" in grant.plate.message.text().lower()
    grant.plate.edit.clear()
    qtbot.keyClicks(grant.plate.edit, "QXZ1E23")
    stand_id = grant.stand.itemData(1)
    grant.stand.setCurrentIndex(1)
    grant.act.setText("Portaria nº 7/2026")
    result = grant.grant()
    assert result and result["granted"], grant.message.text()
    permit = Permit.get_by_id(result["id"])
    assert permit.holder_id == person.id and permit.stand_id == stand_id
    assert Application.get_by_id(app_id).permit_id == permit.id
    assert grant.card_button.isEnabled() and "outorgada" in grant.message.text()

    card = grant.print_card(show=False)
    assert card["document"] == "card" and card["pdf"].startswith(b"%PDF")
    texts = pdf_tools.qr_texts(card["pdf"], 0, 150)
    assert len(texts) == 1
    assert documents.verify(texts[0])["reason"] == "not_issued"  # shown, not yet printed
    documents.confirm(boss, card)
    verified = documents.verify(texts[0])
    assert verified["valid"], verified["message"]
    assert verified["data"]["number"] == permit.order_number
    termo = grant.print_termo(show=False)
    assert "Portaria" in pdf_tools.text(termo["pdf"])
    _fiscal_notice_then_defence_voids_it(qtbot, permit)


def _login(qtbot, role):
    from mototaxi_desk.gui.app import LoginDialog
    login = LoginDialog("Informe usuário e senha.")
    qtbot.addWidget(login)
    qtbot.keyClicks(login.login, role)
    qtbot.keyClicks(login.password, demo.DEMO_PASSWORD)
    login.try_login()
    assert login.actor is not None and login.actor.role == role
    return login.actor


def _fiscal_notice_then_defence_voids_it(qtbot, permit):
    """The rest of the clerk flow: the fiscal records a notice on the new permit, the
    person's ledger shows the fine and the points, the supervisor accepts the defence and
    the notice is void (nothing open, no points)."""
    from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
    from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog
    from mototaxi_desk.gui.pages.person import PersonPage
    from mototaxi_desk.store.models import InfractionNotice, PenaltyCharge

    fiscal = _login(qtbot, "fiscal")
    entry = NoticeEntryDialog(fiscal)
    qtbot.addWidget(entry)
    entry.choose_item("36-II")
    entry.permit_edit.setText("QXZ1E23")
    assert entry.find_permit() and entry.permit["id"] == permit.id
    entry.place.setText("Praça da Matriz")
    entry.agent_name.setText("Antônio Fiscal")
    entry.agent_registration.setText("MAT-1234")
    now = dt.datetime.now().replace(second=0, microsecond=0)  # the permit is today's:
    entry.occurred_at.setDateTime(max(now - dt.timedelta(minutes=20),  # not before it, even
                                      dt.datetime.combine(now.date(), dt.time())))  # at 00:10
    assert entry.save(), entry.message.text()
    notice = entry.result_notice
    assert notice["fine_cents"] > 0 and notice["stage"] == "awaiting_notification"

    boss = _login(qtbot, "supervisor")
    record = PersonPage(boss)
    qtbot.addWidget(record)
    record.open_person(permit.holder_id)
    tab = record.ledger_tab
    assert [r["number"] for r in tab.model.rows] == [notice["number"]]
    assert notice["fine_text"] in tab.summary.text()
    # SRM Art. 38 counts infractions in 12 months (no points in this law)
    assert "1 infração(ões) contada(s)" in tab.summary.text()

    detail = NoticeDetailDialog(boss, notice["id"])
    qtbot.addWidget(detail)
    form = detail.open_notify()  # SRM Art. 34 §2º: the defence term runs from notification
    assert form.submit(), form.message.text()
    assert detail.notice["stage"] == "defence_open"
    form = detail.open_defence()
    form.widget("text").setPlainText("Veículo estava limpo; fotos anexas.")
    assert form.submit(), form.message.text()
    form = detail.open_judge()
    form.widget("accepted").setCurrentIndex(1)  # Acolhida
    form.widget("reason").setPlainText("Fotos comprovam a conservação.")
    assert form.submit(), form.message.text()
    assert InfractionNotice.get_by_id(notice["id"]).status == "voided"
    assert all(c.status == "voided" for c in PenaltyCharge.select().where(
        PenaltyCharge.notice == notice["id"]))
    record.open_person(permit.holder_id)
    assert notice["fine_text"] not in record.ledger_tab.summary.text()
    assert "0 infração(ões) contada(s)" in record.ledger_tab.summary.text()

"""The prontuário's "Mais ▾" menu driven through the real widgets, on a database made by the
set-up service (not the demo): each act offered only where the município's law has it and
enabled only where it applies (the reason otherwise), each form showing the rule, the fee and
the consequences, refusing with the article and writing nothing, and printing what the law
requires."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from mototaxi_desk.domain import dates
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services import ledger
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.store.models import (AuxiliaryDriver, Permit, PrintLog, Sanction,
                                        SanctionNotice, WaitingListEntry)

from ..conftest import program_update, row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle
from ..services.ledger_helpers import FISCAL, holder_permit, notice_data

TODAY = dt.date.today()


@pytest.fixture
def db_url(tmp_path):
    """The window's tests run on SQLite only (the services and commands run on both)."""
    return str(tmp_path / "test.db")


def _page(qtbot, actor, person_id) -> PersonPage:
    page = PersonPage(actor)
    qtbot.addWidget(page)
    page.open_person(person_id)
    return page


def _holder(**kwargs):
    holder, permit = holder_permit(on=TODAY, **kwargs)
    return holder, permit


def _pay_all(person_id):
    for debt in fees.open_debts(person_id):
        if debt["source"] == "fee":
            fees.pay(CLERK, debt["id"], paid_on=TODAY, receipt=f"DAM {debt['id']}")
        else:
            ledger.pay_charge(CLERK, debt["id"], paid_on=TODAY, receipt="DAM",
                              amount=debt["amount_text"])


def _open(page, key):
    action = page.more_actions[key]
    assert action.isEnabled(), action.toolTip()
    action.trigger()
    form = page.form
    assert form.objectName() == f"permit_act_{key}"
    return form


def _confirm(qtbot, form):
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)


def _type_cpf(qtbot, form, person_id):
    from mototaxi_desk.store.models import Person
    form.ui.cpf.editor.setFocus()
    qtbot.keyClicks(form.ui.cpf.editor, Person.get_by_id(person_id).cpf)


def test_menu_offers_the_laws_acts_and_says_why_not_srm(qtbot, srm):
    """SRM: suspension and revocation only by the count of Art. 38 I-II, so not in the menu;
    a clerk sees the supervisor's acts disabled with the reason."""
    holder, _ = _holder()
    page = _page(qtbot, SUPERVISOR, holder["id"])
    assert page.more_button.isEnabled() and page.more_button.text() == "&Mais ▾"
    keys = list(page.more_actions)
    assert keys == ["transfer", "interrupt", "extend", "resume", "desist", "license", "cassate",
                    "reinstate", "aux_issue", "aux_renew", "aux_end", "aux_cassate",
                    "stoppage", "summon", "print_act", "aux_card"]
    assert page.more_actions["transfer"].isEnabled()
    resume = page.more_actions["resume"]
    assert not resume.isEnabled()
    assert resume.toolTip() == resume.statusTip() == "Nenhuma permissão interrompida ou suspensa."
    clerk = _page(qtbot, CLERK, holder["id"])
    assert not clerk.more_actions["transfer"].isEnabled()
    assert clerk.more_actions["transfer"].toolTip() == "Seu perfil não pode transferir permissões."
    assert clerk.more_actions["aux_issue"].isEnabled()
    assert clerk.permit_act("transfer") is None


def test_menu_of_l1745_and_pf(qtbot, make_municipio):
    """L1745: no interruption nor desistência; PF: no transfer (Art. 12), no suspension."""
    make_municipio("lei-1745-2011", today=dt.date(2026, 1, 2))
    holder, _ = _holder()
    page = _page(qtbot, SUPERVISOR, holder["id"])
    assert {"interrupt", "extend", "desist", "revoke"}.isdisjoint(page.more_actions)
    assert {"transfer", "suspend", "cassate", "aux_issue"} <= set(page.more_actions)


def test_transfer_refused_before_3_years_then_done_with_termo_srm_art_4_par_9(qtbot, srm):
    holder, permit = _holder()
    _pay_all(holder["id"])
    new = make_person("Nova Titular Sá", today=TODAY)
    vehicle = make_vehicle(new["id"], year=TODAY.year - 1, today=TODAY)
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "transfer")
    assert "Art. 4 §9º" in form.ui.preview.toPlainText()
    assert "15 UFM, Art. 47 IX" in form.ui.preview.toPlainText()
    _type_cpf(qtbot, form, new["id"])
    assert "Nova Titular Sá" in form.ui.holder_info.text()
    assert form.ui.vehicle.currentData() == vehicle["id"]
    assert "3 anos" in form.ui.message.text()  # shown before confirming
    before = row_counts()
    _confirm(qtbot, form)
    assert form.isVisible() and "3 anos" in form.ui.message.text() and row_counts() == before
    Permit.update(held_since=dates.add_years(TODAY, -4)).where(
        Permit.id == permit["id"]).execute()
    form.refresh()
    preview = form.ui.preview.toPlainText()
    assert form.ui.message.text() == ""
    assert "Raimundo Nonato Sá → Nova Titular Sá" in preview and "nova outorga" in preview
    qtbot.keyClicks(form.ui.act_number, "Portaria 7/2026")
    _confirm(qtbot, form)
    assert not form.isVisible()
    assert Permit.get_by_id(permit["id"]).holder_id == new["id"]
    assert "transferida para Nova Titular Sá" in page.message.text()
    assert form.printed["document"] == "permit_act"
    assert PrintLog.get(PrintLog.document == "permit_act").copy == 1


def test_transfer_to_a_barred_or_indebted_person_shows_at_once_srm_art_50(qtbot, srm):
    """UX: a debt shows when the person is chosen, before the clerk fills the rest."""
    holder, _ = _holder()
    debtor, _ = _holder(name="Devedor Santos")  # his own card fee is open (Art. 47 I)
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "transfer")
    from mototaxi_desk.store.models import Fee
    program_update(Fee, Fee.person == debtor["id"], status="open")  # sealed (issue 34)
    _type_cpf(qtbot, form, debtor["id"])
    assert "débitos em aberto" in form.ui.holder_info.text()
    assert "Art. 50" in form.ui.holder_info.text()
    # a vehicle of the new holder is registered from the form
    qtbot.mouseClick(form.ui.new_vehicle, Qt.MouseButton.LeftButton)
    assert form.vehicle_form.owner_id == debtor["id"] and form.vehicle_form.isVisible()
    form.vehicle_form.reject()
    form.ui.cpf.editor.clear()
    qtbot.keyClicks(form.ui.cpf.editor, "11111111111")
    assert form.ui.cpf.has_error() and form.ui.vehicle.count() == 0
    before = row_counts()
    _confirm(qtbot, form)
    assert "Novo permissionário" in form.ui.message.text() and row_counts() == before


def test_interruption_extension_and_return_srm_art_29(qtbot, srm):
    holder, permit = _holder()
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "interrupt")
    form.ui.days.setValue(31)
    assert "máximo de 30" in form.ui.message.text() and "Art. 29" in form.ui.message.text()
    before = row_counts()
    _confirm(qtbot, form)
    assert form.isVisible() and row_counts() == before
    form.ui.days.setValue(20)
    until = TODAY + dt.timedelta(days=19)
    assert form.ui.until.text() == f"<b>{until:%d/%m/%Y}</b>"
    assert "Art. 29 §ú" in form.ui.preview.toPlainText()  # unauthorised: cassation
    qtbot.keyClicks(form.ui.reason, "Cirurgia")
    qtbot.keyClick(form.ui.reason, Qt.Key.Key_Return)  # Enter confirms (default button)
    assert Permit.get_by_id(permit["id"]).status == "interrupted"
    assert form.printed["label"] == "Autorização de interrupção"
    form = _open(page, "extend")
    assert not form.ui.start.isVisible() and not form.ui.reason.isVisible()
    form.ui.days.setValue(31)
    assert "no máximo 30" in form.ui.message.text()
    form.ui.days.setValue(10)
    _confirm(qtbot, form)
    assert Permit.get_by_id(permit["id"]).status_until == until + dt.timedelta(days=10)
    form = _open(page, "resume")
    assert not form.ui.print_check.isChecked()
    _confirm(qtbot, form)
    assert Permit.get_by_id(permit["id"]).status == "active"
    assert "Ativa" in page.message.text()


def test_cassation_by_decision_then_reinstatement_srm_arts_38_iii_and_49(qtbot, srm):
    holder, permit = _holder()
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "cassate")
    codes = [form.ui.ground.itemData(i) for i in range(form.ui.ground.count())]
    assert codes[0] == "38-III-a" and "29-pu" in codes
    assert not form.ui.days.isVisible()
    form.ui.ground.setCurrentIndex(codes.index("38-III-b"))
    text = form.ui.preview.toPlainText()
    assert "Chefe do Poder Executivo" in text and "Art. 41 §ú" in text
    assert "impedido(a)" in text and "Art. 38 §1º" in text and "10 dias" in text
    before = row_counts()
    _confirm(qtbot, form)  # no act number
    assert form.ui.message.text() == "Nº do ato: campo obrigatório."
    assert "border" in form.ui.act_number.styleSheet() and row_counts() == before
    qtbot.keyClicks(form.ui.act_number, "Decreto 12/2026")
    form.ui.reason.setFocus()
    qtbot.keyClicks(form.ui.reason, "Condenacao criminal transitada em julgado")
    _confirm(qtbot, form)
    assert Permit.get_by_id(permit["id"]).status == "cassated"
    assert form.printed["label"] == "Notificação de cassação"
    assert "Cassação da permissão aplicada" in page.message.text()
    assert page.more_actions["reinstate"].isEnabled()
    assert not page.more_actions["transfer"].isEnabled()
    form = _open(page, "reinstate")
    before = row_counts()
    _confirm(qtbot, form)
    assert "Motivo" in form.ui.message.text() and row_counts() == before
    qtbot.keyClicks(form.ui.reason, "Recurso acolhido")
    _confirm(qtbot, form)
    assert Permit.get_by_id(permit["id"]).status == "active"
    assert Sanction.get(Sanction.permit == permit["id"]).status == "undone"


def test_l1745_suspension_on_a_notice_at_most_30_days_art_17_par_3(qtbot, make_municipio):
    make_municipio("lei-1745-2011", today=dt.date(2026, 1, 2))
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=3))
    notice = ledger.record_notice(FISCAL, notice_data(
        permit, _first_code(), dt.datetime.combine(TODAY - dt.timedelta(days=2), dt.time(9)),
        infractor_signed=True, fine_units="10"), on=TODAY)
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "suspend")
    assert form.ui.days.maximum() == 30 and "até 30 dias" in form.ui.preview.toPlainText()
    assert form.ui.notices.count() == 1
    form.ui.notices.item(0).setCheckState(Qt.CheckState.Checked)
    form.ui.days.setValue(15)
    qtbot.keyClicks(form.ui.act_number, "Portaria 3/2026")
    form.ui.reason.setFocus()
    qtbot.keyClicks(form.ui.reason, "Cobranca acima da tarifa")
    assert "Suspensa até" in form.ui.preview.toPlainText()
    _confirm(qtbot, form)
    sanction = Sanction.get(Sanction.permit == permit["id"])
    assert sanction.until == TODAY + dt.timedelta(days=14)
    assert SanctionNotice.get(SanctionNotice.sanction == sanction.id).notice_id == notice["id"]


def _first_code():
    from mototaxi_desk.services import setup
    return next(i.code for i in setup.profile().infractions if i.class_code == "multa")


def test_desistance_calls_the_next_on_the_waiting_list_pf_art_12(qtbot, make_municipio):
    make_municipio("porto-feliz-2017", today=dt.date(2026, 1, 2))
    holder, permit = _holder()
    first = make_person("Primeira da Fila", today=TODAY)
    waiting_list.enrol(CLERK, first["id"], on=TODAY)
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "desist")
    assert "Primeira da Fila" in form.ui.preview.toPlainText()  # Art. 12 §ú, shown before
    form.ui.reason.clear()
    before = row_counts()
    _confirm(qtbot, form)
    assert "Motivo" in form.ui.message.text() and row_counts() == before
    qtbot.keyClicks(form.ui.reason, "Mudou de cidade")
    _confirm(qtbot, form)
    assert Permit.get_by_id(permit["id"]).status == "withdrawn"
    assert WaitingListEntry.get(WaitingListEntry.person == first["id"]).status == "called"
    assert form.printed["label"] == "Termo de desistência"


def test_auxiliary_credential_card_renewal_and_end_srm_arts_21_23_47(qtbot, srm):
    holder, permit = _holder()
    helper = make_person("Auxiliar Costa", today=TODAY)
    from mototaxi_desk.store.models import Fee
    program_update(Fee, Fee.person == holder["id"], status="open")  # sealed (issue 34)
    page = _page(qtbot, CLERK, holder["id"])
    form = _open(page, "aux_issue")
    assert "1 UFM, Art. 47 II" in form.ui.preview.toPlainText()
    assert "Art. 23 III" in form.ui.preview.toPlainText()
    _type_cpf(qtbot, form, helper["id"])
    assert "Auxiliar Costa" in form.ui.person_info.text()
    assert "Art. 50" in form.ui.message.text()  # the holder's open fee, shown at once
    before = row_counts()
    _confirm(qtbot, form)
    assert form.isVisible() and row_counts() == before
    _pay_all(holder["id"])
    form.refresh()
    assert "credenciado(a) como condutor auxiliar" in form.ui.preview.toPlainText()
    _confirm(qtbot, form)
    credential = AuxiliaryDriver.get(AuxiliaryDriver.person == helper["id"])
    assert form.printed["document"] == "aux_card"
    assert "credenciado(a) como condutor auxiliar" in page.message.text()
    renew = _open(page, "aux_renew")
    assert "Art. 50" in renew.intro.text()  # the card fee of the credential is open
    before = row_counts()
    _confirm(qtbot, renew)
    assert "Art. 50" in renew.message.text() and row_counts() == before
    _pay_all(holder["id"])
    renew.refresh()
    _confirm(qtbot, renew)
    assert "renovada até" in page.message.text()
    end = _open(page, "aux_end")
    before = row_counts()
    _confirm(qtbot, end)
    assert "Motivo do encerramento" in end.message.text() and row_counts() == before
    qtbot.keyClicks(end.widget("reason"), "Dispensado")
    _confirm(qtbot, end)
    assert not AuxiliaryDriver.get_by_id(credential.id).active
    assert not page.more_actions["aux_end"].isEnabled()


def test_forms_fit_1366x768_at_125_percent(qtbot, srm):
    """At 125% a 1366×768 screen is 1093×614 logical pixels: every form fits."""
    holder, _ = _holder()
    page = _page(qtbot, SUPERVISOR, holder["id"])
    for key in ("transfer", "interrupt", "cassate", "desist"):
        form = _open(page, key)
        QApplication.processEvents()
        hint = form.sizeHint()
        assert hint.width() <= 1093 and hint.height() <= 600, (key, hint)
        form.reject()

"""The "município vazio" (issue 15): a município set up by the first-run wizard runs its whole
service through the window, once per shipped profile, on SQLite. The test body drives the
real widgets only (it calls services only to read results): two pontos on the Pontos page →
12 people registered with their CNH in the new-application wizard, their applications filed
→ deferred and granted from the application's dialog until the population cap → the next
ones go to the waiting list → a transfer → an interruption and the return → an infraction
notice and a sanction by decision → reinstatement → an auxiliary driver's credential with
its card → a desistência and the call-up of the next on the waiting list, who gets the
permit; after each act, the Painel's due-dates table equals the alerts computed afresh
(issue 23). Steps the law does not provide (L1745 has no interruption nor desistência, PF no
transfer) are left out; the menu then does not offer them. The same story through the
command line on PostgreSQL: tests/test_cli_municipio_vazio.py."""
from __future__ import annotations

import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard
from validate_docbr import CNH, CPF, RENAVAM

from mototaxi_desk.domain import validators
from mototaxi_desk.domain.profiles import load_profile
from mototaxi_desk.gui.dialogs.setup_wizard import PAGE_ADMIN, PAGE_PROFILE, SetupWizard
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services import due_dates, permit_actions
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import (Application, AuxiliaryDriver, InfractionNotice, Permit,
                                        Person, Stand, User, WaitingListEntry)

from ..conftest import MUNICIPIOS
from ..due_check import assert_due_table_current

PROFILES = ["porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019", "lei-1745-2011"]
CAP = 6
PEOPLE = 12
DECIDED = ("suspend", "revoke", "cassate")
TODAY = dt.date.today()


@pytest.fixture
def db_url(tmp_path):
    """On SQLite (the command-line story runs on PostgreSQL)."""
    return str(tmp_path / "municipio.db")


def _click(qtbot, button):
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _first_run(qtbot, profile_id, profile) -> Actor:
    name, uf, ibge, _population = MUNICIPIOS[profile_id]
    wizard = SetupWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.name.editor.setText(name)  # QTest types ASCII only
    wizard.uf.editor.setCurrentIndex(wizard.uf.editor.findData(uf))
    qtbot.keyClicks(wizard.ibge.editor, ibge)
    qtbot.keyClicks(wizard.population.editor, str(CAP * profile.cap.inhabitants_per_permit))
    wizard.next()
    assert wizard.currentId() == PAGE_PROFILE
    wizard.profile.editor.setCurrentIndex(wizard.profile.editor.findData(profile_id))
    assert f"limite é de <b>{CAP}</b>" in wizard.cap.text()
    if wizard.unit_value.isVisibleTo(wizard):
        qtbot.keyClicks(wizard.unit_value.editor, "48,26")
    wizard.next()
    assert wizard.currentId() == PAGE_ADMIN
    qtbot.keyClicks(wizard.admin_name.editor, "Maria das Dores Lima")
    qtbot.keyClicks(wizard.password.editor, "senha-forte-1")
    qtbot.keyClicks(wizard.password_again.editor, "senha-forte-1")
    wizard.button(QWizard.WizardButton.FinishButton).click()
    assert wizard.result() == wizard.DialogCode.Accepted
    user = User.get(User.login == "admin")
    return Actor(user.id, user.login, user.role)


def _pontos(window, qtbot, profile) -> None:
    page = window.stands_page
    window.nav.setCurrentRow(window.pages.index(page))
    for number, place, lat in ((1, "Praca da Matriz", "-7,0219"), (2, "Rodoviaria", "-7,0300")):
        _click(qtbot, page.buttons["create"])
        form = page.form
        assert form.ui.number.value() == number
        qtbot.keyClicks(form.ui.name.editor, place)
        qtbot.keyClicks(form.ui.location.editor, "Centro")
        if not profile.stand.max_vehicles:  # the law sets each ponto's size (L1745 Art. 5)
            form.ui.min_vehicles.setValue(1)
            form.ui.max_vehicles.setValue(5)
        qtbot.keyClicks(form.ui.latitude.editor, lat)
        qtbot.keyClicks(form.ui.longitude.editor, "-45,4811")
        qtbot.keyClick(form.ui.longitude.editor, Qt.Key.Key_Return)  # Enter saves
        assert form.result(), form.ui.message.text()
    assert [r["number"] for r in page.stand_model.rows] == [1, 2]


def _file_new_person(window, qtbot, n: int) -> dict:
    """Ctrl+N → nova permissão → the CPF typed in the search is carried into "Cadastrar
    pessoa nova" → name, birth → CNH → every document → Protocolar → Concluir."""
    window.nav.setCurrentRow(window.pages.index(window.applications_page))
    window.new_application()
    wizard = window.applications_page.wizard
    wizard.type_page.select("new_permit")
    wizard.next()
    page = wizard.applicant_page
    cpf, name = CPF().generate(), f"Mototaxista {chr(65 + n)} da Silva"
    qtbot.keyClicks(page.query, cpf)
    page.new_group.setChecked(True)
    assert page.cpf.raw() == validators.format_cpf(cpf)
    qtbot.keyClicks(page.name.edit, name)
    qtbot.keyClicks(page.birth.editor, "20051985")
    wizard.next()
    cnh = wizard.cnh_page.ui
    qtbot.keyClicks(cnh.number.editor, CNH().generate())
    qtbot.keyClicks(cnh.first_licence.editor, "01032012")
    qtbot.keyClicks(cnh.expiry.editor, (TODAY + dt.timedelta(days=900)).strftime("%d%m%Y"))
    cnh.ear.setChecked(True)
    assert cnh.problems.text() == ""
    wizard.next()
    _click(qtbot, wizard.checklist_page.all_button)
    wizard.next()
    wizard.next()  # Protocolar
    assert wizard.currentPage() is wizard.done_page, wizard.summary_page.message.text()
    _click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))  # the record opens
    person = Person.get(Person.cpf == cpf)
    assert window.person_page.person_id == person.id
    return {"id": person.id, "cpf": cpf, "name": name,
            "app": Application.get(Application.person == person.id).id}


def _defer_and_grant(window, qtbot, person: dict, n: int, stand_row: int):
    page = window.applications_page
    window.nav.setCurrentRow(window.pages.index(page))
    row = [r["id"] for r in page.model.rows].index(person["app"])
    page.view.selectRow(row)
    _click(qtbot, page.open_button)
    detail = page.dialog
    if detail.defer_button.isEnabled():
        _click(qtbot, detail.defer_button)
    _click(qtbot, detail.grant_button)
    grant = detail.grant_form
    if grant.new_box.isChecked():  # his motorcycle, registered in the grant
        qtbot.keyClicks(grant.plate.edit, f"MTX{n % 10}{chr(65 + n)}{n:02d}")
        qtbot.keyClicks(grant.renavam.edit, RENAVAM().generate())
        qtbot.keyClicks(grant.chassis.edit, f"9C2KC{n:012d}")
        qtbot.keyClicks(grant.make.edit, "Honda")
        qtbot.keyClicks(grant.model.edit, "CG 160")
        qtbot.keyClicks(grant.insurer, "Seguradora")
        qtbot.keyClicks(grant.policy, f"AP-{n}")
        qtbot.keyClicks(grant.cover.edit, "20.000,00")
        grant.manufacture_year.setValue(TODAY.year - 1)
    grant.stand.setCurrentIndex(min(stand_row, grant.stand.count() - 1))
    qtbot.keyClicks(grant.act, f"Portaria {n + 1}")
    _click(qtbot, grant.grant_button)
    result = grant.result_data
    assert result is not None, grant.message.text()
    grant.close()
    detail.close()
    return result


def _record(window, person_id):
    window.open_person(person_id)
    return window.person_page


def _pay_everything(window, qtbot, person_id) -> None:
    page = _record(window, person_id)
    while page.available.get("pay", {}).get("enabled"):
        form = page.pay()
        qtbot.keyClicks(form.widget("receipt"), "DAM 1")
        _click(qtbot, form.ok_button)
        assert not form.isVisible(), form.message.text()


def _act(page, key):
    action = page.more_actions[key]
    assert action.isEnabled(), action.toolTip()
    action.trigger()
    return page.form


@pytest.mark.parametrize("profile_id", PROFILES)
def test_municipio_vazio_through_the_window(qtbot, db, profile_id, prompts):
    profile = load_profile(profile_id)
    acts = set(permit_actions.offered(profile))
    admin = _first_run(qtbot, profile_id, profile)
    window = MainWindow(admin)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    _pontos(window, qtbot, profile)
    assert Stand.select().count() == 2
    due_dates.rebuild(TODAY)  # what the day's first Painel does; every action keeps it after

    people = [_file_new_person(window, qtbot, n) for n in range(PEOPLE)]
    assert Application.select().where(Application.status == "protocolado").count() == PEOPLE
    assert_due_table_current(TODAY, where="persons, CNHs, vehicles, applications")

    for n, person in enumerate(people):
        result = _defer_and_grant(window, qtbot, person, n, stand_row=1 + n % 2)
        if n < CAP:
            assert result["granted"], result
            person["permit"] = result["id"]
            _pay_everything(window, qtbot, person["id"])  # the fees of the grant
        else:
            assert not result["granted"]
    waiting = [e.person_id for e in WaitingListEntry.select().where(
        WaitingListEntry.status == "waiting").order_by(WaitingListEntry.id)]
    assert waiting == [p["id"] for p in people[CAP:]]
    assert Permit.select().count() == CAP
    assert_due_table_current(TODAY, where="grants")

    record = _record(window, people[1]["id"])
    if "transfer" in acts:  # to the last one waiting, who brought his motorcycle
        newcomer = people[-1]
        form = _act(record, "transfer")
        form.ui.cpf.editor.setFocus()
        qtbot.keyClicks(form.ui.cpf.editor, newcomer["cpf"])
        if profile.transfer.min_years_held:  # SRM Art. 4 §8º: on the holder's death
            assert "3 anos" in form.ui.message.text()
            form.ui.on_death.setChecked(True)
        qtbot.keyClicks(form.ui.act_number, "Portaria 20")
        _click(qtbot, form.ok_button)
        assert not form.isVisible(), form.ui.message.text()
        assert Permit.get_by_id(people[1]["permit"]).holder_id == newcomer["id"]
    else:
        assert "transfer" not in record.more_actions
    assert_due_table_current(TODAY, where="transfer")

    record = _record(window, people[2]["id"])
    if "interrupt" in acts:
        form = _act(record, "interrupt")
        form.ui.days.setValue(10)
        qtbot.keyClicks(form.ui.act_number, "Portaria 21")
        _click(qtbot, form.ok_button)
        assert Permit.get_by_id(people[2]["permit"]).status == "interrupted"
        _click(qtbot, _act(record, "resume").ok_button)
        assert Permit.get_by_id(people[2]["permit"]).status == "active"
    else:
        assert "interrupt" not in record.more_actions
    assert_due_table_current(TODAY, where="interruption")

    # the fiscal's notice (typed by the admin here) on the permit of people[3]
    window.nav.setCurrentRow(window.pages.index(window.infractions_page))
    _click(qtbot, window.infractions_page.new_button)
    entry = window.infractions_page.entry
    item = profile.infractions[0]
    entry.choose_item(item.code)
    qtbot.keyClicks(entry.permit_edit, str(Permit.get_by_id(people[3]["permit"]).order_number))
    qtbot.keyClick(entry.permit_edit, Qt.Key.Key_Return)  # looks the permit up
    qtbot.keyClicks(entry.place, "Praca da Matriz")
    qtbot.keyClicks(entry.agent_name, "Jose Fiscal Souza")
    qtbot.keyClicks(entry.agent_registration, "M-77")
    entry.signed.setChecked(True)
    if entry.units.isEnabled():
        qtbot.keyClicks(entry.units, str(profile.penalty_class(item.class_code).fine_units
                                         or 10))
    _click(qtbot, entry.save_button)
    assert InfractionNotice.select().count() == 1, entry.message.text()
    entry.close()
    notice_dialog = getattr(window.infractions_page, "dialog", None)
    if notice_dialog is not None:
        notice_dialog.close()
    assert_due_table_current(TODAY, where="notice")

    decided = next(a for a in DECIDED if a in acts)
    record = _record(window, people[3]["id"])
    form = _act(record, decided)
    if form.ui.days.isVisibleTo(form):
        form.ui.days.setValue(15)
    qtbot.keyClicks(form.ui.act_number, "Decreto 5")
    form.ui.reason.setFocus()
    qtbot.keyClicks(form.ui.reason, "Decisao no processo 12")
    if not profile.defence.defence_days and form.ui.notices.count():
        form.ui.notices.item(0).setCheckState(Qt.CheckState.Checked)
    _click(qtbot, form.ok_button)
    assert not form.isVisible(), form.ui.message.text()
    assert Permit.get_by_id(people[3]["permit"]).status != "active"
    assert_due_table_current(TODAY, where="sanction")
    form = _act(record, "reinstate")
    qtbot.keyClicks(form.ui.reason, "Recurso provido")
    _click(qtbot, form.ok_button)
    assert Permit.get_by_id(people[3]["permit"]).status == "active"

    # an auxiliary driver (one of those waiting) and his card
    helper = people[-2]
    record = _record(window, people[4]["id"])
    form = _act(record, "aux_issue")
    form.ui.cpf.editor.setFocus()
    qtbot.keyClicks(form.ui.cpf.editor, helper["cpf"])
    _click(qtbot, form.ok_button)
    assert not form.isVisible(), form.ui.message.text()
    assert AuxiliaryDriver.get(AuxiliaryDriver.person == helper["id"]).active
    assert any(p.get("document") == "aux_card" for p in prompts.previews)
    assert_due_table_current(TODAY, where="auxiliary driver")

    if "desist" not in acts:
        assert "desist" not in _record(window, people[5]["id"]).more_actions
        return
    record = _record(window, people[5]["id"])
    form = _act(record, "desist")
    _click(qtbot, form.ok_button)
    assert Permit.get_by_id(people[5]["permit"]).status == "withdrawn"
    assert_due_table_current(TODAY, where="desistência")
    waiting_page = window.waiting_page
    window.nav.setCurrentRow(window.pages.index(waiting_page))
    if not waiting_page.called_model.rows:  # called by the law (PF Art. 12 §ú) or now
        _click(qtbot, waiting_page.call_button)
    called = waiting_page.called_model.rows[0]["person_id"]
    assert called == people[CAP]["id"]
    person = next(p for p in people if p["id"] == called)
    assert_due_table_current(TODAY, where="waiting-list call")
    result = _defer_and_grant(window, qtbot, person, CAP, stand_row=2)
    assert result["granted"], result
    assert_due_table_current(TODAY, where="grant to the one called")

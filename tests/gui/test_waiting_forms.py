"""Lista de espera from an empty município under Lei 1.745 (ranked list, Art. 12 §2º and
Art. 13), through the real widgets (issue 15 item 3): enrol with the ranking inputs the
profile needs, the order following them, edit an entry, remove with a reason, refuse who is
on the list already, and from a call-up go to the application and then the grant. One page
for the module."""
import datetime as dt
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from mototaxi_desk.gui.dialogs.grant import GrantDialog
from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
from mototaxi_desk.gui.dialogs.waiting_forms import WaitingEnrolDialog, WaitingRemoveDialog
from mototaxi_desk.gui.pages.waiting import WaitingListPage
from mototaxi_desk.services.licensing import applications, waiting_list
from mototaxi_desk.store.models import AuditLog, Permit, WaitingListEntry

from ..conftest import L1745, row_counts
from ..factories import make_vehicle
from .town import _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)

TOWN_PROFILE = L1745


@pytest.fixture(scope="module")
def page(town, qapp):
    waiting = WaitingListPage(town.actor("supervisor"))
    waiting.resize(1200, 700)
    waiting.show()
    waiting.refresh()
    yield waiting
    waiting.close()
    waiting.deleteLater()


def _click(qtbot, button):
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _enrol(page, qtbot, person, seniority, dependents, condition) -> WaitingEnrolDialog:
    page.refresh()
    _click(qtbot, page.enrol_button)
    form = page.form
    qtbot.keyClicks(form.ui.person_query, person["cpf"])
    qtbot.keyClick(form.ui.person_query, Qt.Key.Key_Return)
    assert form.ui.person.currentData() == person["id"]
    for name, value in (("seniority_years", seniority), ("dependents", dependents),
                        ("vehicle_condition", condition)):
        spin = form.findChild(QSpinBox, f"ranking_{name}")
        spin.selectAll()
        qtbot.keyClicks(spin, str(value))
    return form


def _select_in(view, person_id):
    rows = [r["person_id"] for r in view.model().rows]
    view.setFocus()
    view.selectRow(rows.index(person_id))


def test_enrol_with_the_l1745_art_12_par_2_ranking_inputs_orders_the_list(page, qtbot):
    """L1745 Art. 12 §2º I: more years in the service come first."""
    junior, senior = new_person("Joao Novato Silva"), new_person("Jose Veterano Souza")
    form = _enrol(page, qtbot, junior, 2, 1, 7)
    assert "classificação do edital (Art. 13)" in form.ui.intro.text()
    assert "sorteio" in form.ui.ranking_note.text()
    assert form.ui.person_state.text() == "Pode ser inscrita."
    qtbot.keyClicks(form.ui.notes, "Trouxe declaracao do sindicato")
    _click(qtbot, form.save_button)
    assert form.result(), form.ui.message.text()
    entry = WaitingListEntry.get(WaitingListEntry.person == junior["id"])
    assert (entry.seniority_years, entry.dependents, entry.vehicle_condition) == (2, 1, 7)
    assert entry.notes == "Trouxe declaracao do sindicato"
    form = _enrol(page, qtbot, senior, 9, 0, 5)
    qtbot.keyClick(form.ui.person_query, Qt.Key.Key_Return)  # a second Enter: the same person
    _click(qtbot, form.save_button)
    order = [r["person_id"] for r in page.model.rows]
    assert order.index(senior["id"]) < order.index(junior["id"])
    assert "inscrito(a) na lista de espera" in page.message.text()


def test_l1745_art_13_someone_on_the_list_is_refused_as_soon_as_chosen(page, qtbot):
    person = new_person("Maria Ja Inscrita")
    waiting_list.enrol(page.actor, person["id"], seniority_years=1)
    page.refresh()
    _click(qtbot, page.enrol_button)
    form = page.form
    qtbot.keyClicks(form.ui.person_query, person["cpf"])
    qtbot.keyClick(form.ui.person_query, Qt.Key.Key_Return)
    assert "já está na lista de espera" in form.ui.person_state.text()
    assert "(Art. 13)" in form.ui.person_state.text()
    assert not form.save_button.isEnabled()
    form.close()


def test_bad_ranking_input_is_refused_by_the_service_and_writes_nothing(page):
    person = new_person()
    before = row_counts()
    with pytest.raises(Exception, match="Dependentes"):
        waiting_list.enrol(page.actor, person["id"], dependents="muitos")
    with pytest.raises(Exception, match="0 a 10"):
        waiting_list.enrol(page.actor, person["id"], vehicle_condition=11)
    assert row_counts() == before


def test_edit_an_entry_audits_before_and_after_and_reorders(page, qtbot):
    first, second = new_person("Antonio Primeiro"), new_person("Bento Segundo")
    for person, years in ((first, 30), (second, 29)):
        waiting_list.enrol(page.actor, person["id"], seniority_years=years)
    page.refresh()
    _select_in(page.view, second["id"])
    _click(qtbot, page.edit_button)
    form = page.form
    assert not form.ui.person_query.isEnabled()
    spin = form.findChild(QSpinBox, "ranking_seniority_years")
    assert spin.value() == 29
    spin.selectAll()
    qtbot.keyClicks(spin, "31")
    _click(qtbot, form.save_button)
    assert form.result(), form.ui.message.text()
    entry = WaitingListEntry.get(WaitingListEntry.person == second["id"])
    log = AuditLog.select().where((AuditLog.action == "waiting_list.edit") &
                                  (AuditLog.entity_id == str(entry.id))).get()
    assert json.loads(log.before)["seniority_years"] == 29
    assert json.loads(log.after)["seniority_years"] == 31
    order = [r["person_id"] for r in page.model.rows]
    assert order.index(second["id"]) < order.index(first["id"])


def test_remove_asks_the_reason(page, qtbot):
    person = new_person("Carlos Desistente")
    waiting_list.enrol(page.actor, person["id"])
    page.refresh()
    _select_in(page.view, person["id"])
    _click(qtbot, page.remove_button)
    form = page.form
    assert isinstance(form, WaitingRemoveDialog)
    form.ui.reason_kind.setCurrentIndex(form.ui.reason_kind.findData("Outro motivo"))
    before = row_counts()
    _click(qtbot, form.save_button)
    assert "Detalhes" in form.ui.message.text() and row_counts() == before
    form.ui.reason_kind.setCurrentIndex(0)  # Desistência do inscrito
    qtbot.keyClicks(form.ui.details, "pedido por escrito")
    _click(qtbot, form.save_button)
    entry = WaitingListEntry.get(WaitingListEntry.person == person["id"])
    assert entry.status == "left"
    log = AuditLog.select().where((AuditLog.action == "waiting_list.leave") &
                                  (AuditLog.entity_id == str(entry.id))).get()
    assert json.loads(log.after)["reason"] == "Desistência do inscrito: pedido por escrito"
    assert person["id"] not in [r["person_id"] for r in page.model.rows]


def test_from_a_call_up_to_the_application_and_the_grant(page, qtbot, town):
    """L1745 Art. 13: the first of the classification is called; from the call-up the clerk
    files the new-permit application, and once it is deferred the grant opens from there."""
    for entry in WaitingListEntry.select().where(WaitingListEntry.status == "waiting"):
        waiting_list.leave(page.actor, entry.id, reason="limpeza do teste")
    person = new_person("Francisco Convocado")
    waiting_list.enrol(page.actor, person["id"], seniority_years=5)
    page.refresh()
    page.confirm = lambda text: "Francisco Convocado" in text
    _click(qtbot, page.call_button)
    assert [r["person_id"] for r in page.called_model.rows] == [person["id"]]
    _select_in(page.called_view, person["id"])
    assert page.apply_button.text() == "Re&querimento de permissão…"
    _click(qtbot, page.apply_button)
    wizard = page.form
    assert isinstance(wizard, NewApplicationWizard)
    assert wizard.app_type() == "new_permit"
    assert wizard.applicant_page.person_id == person["id"]
    wizard.next()  # the type chosen: new permit
    assert wizard.currentPage() is wizard.applicant_page
    assert wizard.applicant_page.warning.text() == ""  # nothing blocks this applicant
    wizard.next()
    wizard.next()  # the checklist (nothing ticked now)
    wizard.next()  # Protocolar
    assert wizard.application is not None, wizard.summary_page.message.text()
    wizard.mark_clean()
    wizard.close()
    app = wizard.application
    for item in app["checklist"]:
        applications.set_checklist_item(page.actor, app["id"], item["code"], received=True)
    applications.change_status(page.actor, app["id"], "deferido", reason="ok")
    vehicle = make_vehicle(person["id"])
    page.refresh()
    _select_in(page.called_view, person["id"])
    assert page.apply_button.text() == "&Outorgar permissão…"
    _click(qtbot, page.apply_button)
    grant = page.form
    assert isinstance(grant, GrantDialog)
    assert grant.vehicle.currentData() == vehicle["id"]
    qtbot.keyClicks(grant.act, "Decreto 5/2026")
    _click(qtbot, grant.grant_button)
    assert grant.result_data and grant.result_data["granted"], grant.message.text()
    assert Permit.get(Permit.holder == person["id"]).status == "active"
    assert WaitingListEntry.get(WaitingListEntry.person == person["id"]).status == "granted"
    grant.close()
    page.refresh()
    assert person["id"] not in [r["person_id"] for r in page.called_model.rows]
    assert dt.date.today()  # the day of the grant is the issue date

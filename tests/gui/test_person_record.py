"""The person's record from an empty município (issue 15 items 1 and 6): "Editar cadastro"
and "CNH" (Designer forms), audited with before/after, the name index refreshed, bad input
refused with the field named and nothing written; every tab of the record opens its item
with Enter. One record page for the module."""
import datetime as dt
import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from shiboken6 import Shiboken
from validate_docbr import CNH

from mototaxi_desk.domain import inspection_rules, wallclock
from mototaxi_desk.gui.dialogs.application_detail import ApplicationDetailDialog
from mototaxi_desk.gui.dialogs.person_forms import CnhDialog, PersonEditDialog
from mototaxi_desk.gui.dialogs.record_items import DetailDialog
from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.services.licensing import applications, permits
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.register import inspections, stands
from mototaxi_desk.services.views import search
from mototaxi_desk.services import setup
from mototaxi_desk.store.models import AuditLog, Cnh, Permit, Person

from ..conftest import row_counts
from ..factories import make_vehicle
from .town import _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def page(town, qapp):
    record = PersonPage(town.actor("atendente"))
    record.resize(1200, 700)
    record.show()
    yield record
    record.close()
    record.deleteLater()


def _open(page, person_id):
    if page.form is not None and Shiboken.isValid(page.form):  # a finished one is deleted
        page.form.close()
        page.form = None
    page.open_person(person_id)
    return page


def _click(qtbot, button):
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _retype(qtbot, editor, text):
    editor.selectAll()
    editor.clear()
    qtbot.keyClicks(editor, text)


def test_edit_personal_data_audits_before_after_and_refreshes_the_name_index(page, qtbot):
    person = new_person("Maria Aparecida Souza")
    _open(page, person["id"])
    _click(qtbot, page.buttons["edit"])
    form = page.form
    assert isinstance(form, PersonEditDialog)
    ui = form.ui
    _retype(qtbot, ui.name.editor, "Maria Aparecida Souza Lima")
    _retype(qtbot, ui.birth.editor, "15031990")
    ui.blood.setCurrentIndex(ui.blood.findData("O+"))
    _retype(qtbot, ui.rg.editor if hasattr(ui.rg, "editor") else ui.rg, "1234567")
    _retype(qtbot, ui.street, "Rua do Comercio")
    _retype(qtbot, ui.cep.editor, "65840000")
    ui.uf.setCurrentIndex(ui.uf.findData("MA"))
    _retype(qtbot, ui.phone.editor, "99987654321")
    _retype(qtbot, ui.email.editor, "maria@exemplo.com")
    qtbot.keyClick(ui.email.editor, Qt.Key.Key_Return)  # Enter: the default button (Salvar)
    assert form.result(), ui.message.text()
    stored = Person.get_by_id(person["id"])
    assert stored.name == "Maria Aparecida Souza Lima"
    assert stored.birth_date == dt.date(1990, 3, 15)
    assert (stored.blood_type, stored.rh_factor, stored.cep, stored.uf) == ("O", "+", "65840000",
                                                                          "MA")
    entry = AuditLog.select().where((AuditLog.action == "person.update") &
                                    (AuditLog.entity_id == str(person["id"]))).get()
    before, after = json.loads(entry.before), json.loads(entry.after)
    assert before["name"] == "Maria Aparecida Souza" and after["name"].endswith("Lima")
    assert entry.user_id == page.actor.user_id
    assert person["id"] in [h["person_id"] for h in search.search("lima aparecida")]
    assert "Maria Aparecida Souza Lima" in page.header.text()
    assert "atualizado" in page.message.text()


def test_edit_refuses_bad_input_naming_the_field_and_writes_nothing(page, qtbot):
    person = new_person()
    _open(page, person["id"])
    _click(qtbot, page.buttons["edit"])
    ui = page.form.ui
    _retype(qtbot, ui.birth.editor, "31021990")  # no 31 February
    _retype(qtbot, ui.email.editor, "maria@")
    before = row_counts()
    _click(qtbot, page.form.save_button)
    assert page.form.isVisible()
    assert "e-mail inválido" in ui.email.message.text().lower()
    _retype(qtbot, ui.email.editor, "maria@exemplo.com")
    _click(qtbot, page.form.save_button)
    assert ui.message.text().startswith("Data de nascimento:")
    assert ui.birth.has_error() and ui.birth.editor.text() == "31/02/1990"  # typing kept
    _retype(qtbot, ui.name.editor, "Jo4o")
    _click(qtbot, page.form.save_button)
    assert "números" in ui.name.message.text()
    assert row_counts() == before
    page.form.close()


def test_cnh_from_the_record_shows_what_srm_art_20_iii_still_asks(page, qtbot):
    """SRM Art. 20 III: category A for at least 2 years, with EAR. A CNH that does not meet
    it yet is recorded (the grant refuses it), and the clerk sees why at once."""
    person = new_person(cnh=False)
    _open(page, person["id"])
    assert "sem CNH registrada" in page.header.text()
    _click(qtbot, page.buttons["cnh"])
    form = page.form
    assert isinstance(form, CnhDialog)
    ui = form.ui
    assert "Art. 20" in ui.rule.text() and "2 anos" in ui.rule.text()
    number = CNH().generate()
    qtbot.keyClicks(ui.number.editor, number)
    ui.category.setCurrentIndex(ui.category.findData("A"))
    recent = dt.date.today() - dt.timedelta(days=200)
    qtbot.keyClicks(ui.first_licence.editor, recent.strftime("%d%m%Y"))
    expiry = dt.date.today() + dt.timedelta(days=900)
    qtbot.keyClicks(ui.expiry.editor, expiry.strftime("%d%m%Y"))
    assert "pelo menos 2 anos" in ui.problems.text() and "EAR" in ui.problems.text()
    ui.ear.setChecked(True)
    assert "EAR" not in ui.problems.text()
    _click(qtbot, form.save_button)
    cnh = Cnh.get(Cnh.person == person["id"])
    assert (cnh.number, cnh.category, cnh.first_licence_date, cnh.expiry_date, cnh.ear) == (
        number, "A", recent, expiry, True)
    assert AuditLog.select().where((AuditLog.action == "person.cnh") &
                                   (AuditLog.entity_id == str(cnh.id))).exists()
    assert f"CNH {number}" in page.header.text() and "registrada" in page.message.text()


def test_cnh_with_bad_check_digits_or_dates_writes_nothing(page, qtbot):
    person = new_person(cnh=False)
    _open(page, person["id"])
    _click(qtbot, page.buttons["cnh"])
    ui = page.form.ui
    qtbot.keyClicks(ui.number.editor, "12345678901")  # check digits do not match
    assert ui.number.has_error()
    before = row_counts()
    _click(qtbot, page.form.save_button)
    assert "CNH" in page.form.message.text() and row_counts() == before
    _retype(qtbot, ui.number.editor, CNH().generate())
    qtbot.keyClicks(ui.first_licence.editor, "01012020")
    qtbot.keyClicks(ui.expiry.editor, "01012019")  # before the first licence
    _click(qtbot, page.form.save_button)
    assert page.form.message.text().startswith("Validade da CNH:")
    assert row_counts() == before
    page.form.close()


def test_the_person_forms_on_29_february(page, qtbot, clock_at):
    """Issue 34 item 8: on 29/02/2028 the CNH form raised before it opened (its "at most 15
    years ahead" was today.replace(year=2043)). 15 years from 29/02/2028 end on 01/03/2043
    (CC Art. 132 §3º); 16 years back, 29/02/2012 exists; a year's insurance, to 01/03/2029."""
    clock_at(dt.date(2028, 2, 29))
    person = new_person("Fevereiro Bissexto", cnh=False)
    _open(page, person["id"])
    _click(qtbot, page.buttons["cnh"])
    form = page.form
    assert isinstance(form, CnhDialog)
    ui = form.ui
    number = CNH().generate()
    qtbot.keyClicks(ui.number.editor, number)
    ui.category.setCurrentIndex(ui.category.findData("A"))
    qtbot.keyClicks(ui.first_licence.editor, "29022020")
    ui.ear.setChecked(True)
    qtbot.keyClicks(ui.expiry.editor, "02032043")  # a day past the range
    before = row_counts()
    _click(qtbot, form.save_button)
    assert form.isVisible() and form.message.text().startswith("Validade da CNH:")
    assert "01/03/2043" in form.message.text() and row_counts() == before
    _retype(qtbot, ui.expiry.editor, "01032043")
    _click(qtbot, form.save_button)
    cnh = Cnh.get(Cnh.person == person["id"])
    assert (cnh.first_licence_date, cnh.expiry_date) == (dt.date(2020, 2, 29),
                                                         dt.date(2043, 3, 1))

    _click(qtbot, page.buttons["edit"])
    edit = page.form
    assert isinstance(edit, PersonEditDialog)
    _retype(qtbot, edit.ui.birth.editor, "01032012")  # 15 years old on 29/02/2028
    _click(qtbot, edit.save_button)
    assert edit.ui.message.text().startswith("Data de nascimento:")
    assert "29/02/2012" in edit.ui.message.text()
    _retype(qtbot, edit.ui.birth.editor, "29022012")
    _retype(qtbot, edit.ui.cep.editor, "65840000")  # an empty CEP is refused (as "-")
    _click(qtbot, edit.save_button)
    assert Person.get_by_id(person["id"]).birth_date == dt.date(2012, 2, 29)

    vehicle = VehicleForm(page.actor, owner_id=person["id"])
    qtbot.addWidget(vehicle)
    assert vehicle.expiry.value() == dt.date(2029, 3, 1)
    vehicle.close()


def test_a_fiscal_sees_the_record_but_cannot_edit_it(town, qtbot):
    person = new_person()
    record = PersonPage(town.actor("fiscal"))
    qtbot.addWidget(record)
    record.open_person(person["id"])
    for key in ("edit", "cnh"):
        assert not record.buttons[key].isEnabled()
        assert "não pode" in record.buttons[key].toolTip()
    assert record.edit_person() is None and record.edit_cnh() is None


@pytest.fixture(scope="module")
def holder(town):
    """A holder with everything a record shows: permit on a stand, vehicle, a deferred
    application, an open fee, an inspection."""
    supervisor, clerk = town.actor("supervisor"), town.actor("atendente")
    person = new_person("Joana Batista Ferreira")
    stand = stands.create_stand(supervisor, {"number": 1, "name": "Praça da Matriz",
                                             "location": "Praça da Matriz, centro"})
    vehicle = make_vehicle(person["id"])
    app = applications.file_application(clerk, person["id"], "new_permit")
    for item in app["checklist"]:
        applications.set_checklist_item(clerk, app["id"], item["code"], received=True)
    applications.change_status(supervisor, app["id"], "deferido", reason="Documentos conferidos")
    permit = permits.grant_permit(supervisor, holder_id=person["id"], vehicle_id=vehicle["id"],
                                  stand_id=stand["id"], application_id=app["id"],
                                  act_number="Portaria 1/2026")
    assert permit["granted"], permit
    for debt in fees.open_debts(person["id"]):  # SRM Art. 17 §1º: no debts to inspect
        fees.pay(clerk, debt["id"], paid_on=dt.date.today(), receipt="DAM 1")
    inspections.record_inspection(supervisor, vehicle["id"], {
        "kind": "annual", "inspected_on": dt.date.today(),
        "results": {item.code: "pass" for item in
                    inspection_rules.checklist(setup.profile(), "annual")}})
    if not fees.open_debts(person["id"]):  # an open fee for the Débitos tab
        fees.charge(supervisor, person["id"], "card", on=dt.date.today(),
                    permit_id=permit["id"])
    return {"person": person, "permit": permit, "vehicle": vehicle, "application": app}


def _enter_on(qtbot, page, key, row=0):
    """Select the row of the tab's table and press Enter on it."""
    view = page.views[key]
    page.tabs.setCurrentWidget(view)
    view.setFocus()
    view.selectRow(row)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    return page.form


def test_the_historys_changes_read_in_words_and_local_time(page, qtbot, holder, brasilia):
    """The Histórico's "O que mudou" names each field in Portuguese, its codes in words, its
    dates dd/mm/aaaa and a stored (UTC) time in the computer's time: the grant reads
    "Situação: Ativa", never "status: active" or the UTC hour."""
    _open(page, holder["person"]["id"])
    row = next(i for i, h in enumerate(page.history.rows)
               if h["action"] == "Permissão outorgada")
    opened = _enter_on(qtbot, page, "history", row)
    changes = {r["field"]: r["after"] for r in opened.table_model.rows}
    assert changes["Situação"] == "Ativa"
    assert re.fullmatch(r"\d{2}/\d{2}/\d{4}", changes["Válido até"])
    created = Permit.get_by_id(holder["permit"]["id"]).created_at
    assert changes["Cadastrado em"] == f"{wallclock.local(created):%d/%m/%Y %H:%M}"
    assert wallclock.local(created) != created
    assert not [field for field in changes if re.fullmatch(r"[a-z_]+", field)]
    qtbot.keyClick(opened, Qt.Key.Key_Escape)


@pytest.mark.parametrize("key, kind, text", [
    ("permits", DetailDialog, "Outorga"),
    ("vehicles", VehicleForm, ""),
    ("applications", ApplicationDetailDialog, ""),
    ("inspections", DetailDialog, "Conforme"),
    ("history", DetailDialog, ""),
    ("fees", None, ""),
])
def test_enter_opens_the_item_of_every_tab(page, qtbot, holder, key, kind, text):
    _open(page, holder["person"]["id"])
    assert page.views[key].model().rowCount(), key
    opened = _enter_on(qtbot, page, key)
    assert opened is not None and opened.isVisible()
    if kind is not None:
        assert isinstance(opened, kind)
    if key == "permits":
        assert holder["permit"]["order_text"] in opened.windowTitle()
        assert any(r["what"] == "Outorga" and r["act_number"] == "Portaria 1/2026"
                   for r in opened.table_model.rows)
    if key == "inspections":
        assert all(r["result"] == text for r in opened.table_model.rows)
    if key == "applications":
        assert opened.application_id == holder["application"]["id"]
    if key == "fees":  # the open fee: the payment form with that fee chosen
        debts = fees.open_debts(holder["person"]["id"])
        assert opened.widget("debt").currentData() == debts[0]["id"]
    qtbot.keyClick(opened, Qt.Key.Key_Escape)
    assert not opened.isVisible()
    QApplication.processEvents()

"""The law's acts of issue 16 reached from the prontuário's "Mais ▾" menu, through the real
widgets, on a database made by the set-up service: the cassation of an auxiliary's own
credential (SRM Art. 38 IV and §3º; not under PF, Art. 30), a service found interrupted
without authorisation (PF Art. 12: reverts after 30 days) and a summons to present the
vehicle for inspection (L1745 Art. 10 and §ú) — each showing its rule before the clerk
confirms, refusing bad input in the form with nothing written."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.domain import dates
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.services.licensing import auxiliary
from mototaxi_desk.services import clock
from mototaxi_desk.services.payments import fees
from mototaxi_desk.store.models import AuxiliaryDriver, InspectionSummons, Permit, PersonBar

from ..conftest import program_update, row_counts
from ..factories import CLERK, SUPERVISOR, make_person
from ..services.ledger_helpers import holder_permit

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


def _open(page, key):
    action = page.more_actions[key]
    assert action.isEnabled(), action.toolTip()
    action.trigger()
    form = page.form
    assert form.objectName() == f"permit_act_{key}"
    return form


def _confirm(qtbot, form):
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)


def _type_date(qtbot, field, day: dt.date):
    field.editor.clear()
    qtbot.keyClicks(field.editor, f"{day:%d%m%Y}")
    field.changed.emit(field.editor.text())


def _with_auxiliary():
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=30))
    helper = make_person("Auxiliar Costa", today=TODAY)
    for debt in fees.open_debts(holder["id"]):
        fees.pay(CLERK, debt["id"], paid_on=TODAY, receipt="DAM 1")
    aux = auxiliary.credential(SUPERVISOR, permit["id"], helper["id"], on=TODAY)
    return holder, permit, helper, aux


def test_auxiliary_credential_cassated_from_the_menu_srm_art_38_iv_par_3(qtbot, srm):
    """SRM Art. 38 IV: the supervisor cassates the auxiliary's own credential from the
    holder's record; §3º: the auxiliary (not the holder) may get another only after 2 years.
    Without the reason the form refuses, marks the field and writes nothing."""
    holder, permit, helper, aux = _with_auxiliary()
    clerk = _page(qtbot, CLERK, holder["id"])
    assert not clerk.more_actions["aux_cassate"].isEnabled()
    assert "cassar credenciamentos" in clerk.more_actions["aux_cassate"].toolTip()
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "aux_cassate")
    preview = form.intro.text()
    assert "Art. 38 IV; §3º" in preview and "após 2 anos" in preview
    assert "cassada: Auxiliar Costa" in preview and "novo credenciamento" in preview
    before = row_counts()
    _confirm(qtbot, form)
    assert form.isVisible() and "Motivo da cassação" in form.message.text()
    assert form.widget("reason").styleSheet() != ""  # the field marked
    assert row_counts() == before
    qtbot.keyClicks(form.widget("reason"), "Conduziu outro veiculo (Art. 38 IV)")
    qtbot.keyClicks(form.widget("act_number"), "Portaria 9/2026")
    _confirm(qtbot, form)
    assert not form.isVisible()
    assert not AuxiliaryDriver.get_by_id(aux["id"]).active
    bar = PersonBar.get(PersonBar.person == helper["id"])
    assert bar.until == dates.add_years(TODAY, 2)
    assert not PersonBar.select().where(PersonBar.person == holder["id"]).exists()
    assert Permit.get_by_id(permit["id"]).status == "active"
    assert "cassada (Art. 38 IV; §3º)" in page.message.text()
    assert not page.more_actions["aux_cassate"].isEnabled()
    # the permit's history names the act in words
    detail = page.open_item("permits", 0)
    assert "Credencial de condutor auxiliar cassada" in [
        r["what"] for r in detail.table_model.rows]
    detail.reject()
    # the bar shows on the auxiliary's record as soon as it opens, not on the holder's
    until = dates.add_years(TODAY, 2)
    assert _bar_badges(page) == []
    helper_page = _page(qtbot, SUPERVISOR, helper["id"])
    assert _bar_badges(helper_page) == [
        f"Impedido(a) de novo credenciamento como condutor auxiliar até {until:%d/%m/%Y} "
        "(cassação do credenciamento de condutor auxiliar, Art. 38 IV; §3º)"]


def _bar_badges(page) -> list[str]:
    from PySide6.QtWidgets import QLabel
    return [page.badges.itemAt(i).widget().text() for i in range(page.badges.count())
            if isinstance(page.badges.itemAt(i).widget(), QLabel)
            and page.badges.itemAt(i).widget().objectName() == "bar_badge"]


def test_pf_menu_has_no_auxiliary_cassation_nor_summons_art_30(qtbot, pf):
    """PF Art. 30: the holder answers for his prepostos (no cassation of their own); PF has
    no vistoria on demand. The unauthorised stoppage (Art. 12) is there."""
    holder, _ = holder_permit(on=TODAY - dt.timedelta(days=30))
    page = _page(qtbot, SUPERVISOR, holder["id"])
    assert "aux_cassate" not in page.more_actions and "summon" not in page.more_actions
    assert page.more_actions["stoppage"].isEnabled()


def test_stoppage_recorded_from_the_menu_then_reverts_pf_art_12(qtbot, pf):
    """PF Art. 12: the fiscal records from the record that the service stopped; the form says
    the permit reverts after more than 30 days; a date in the future is refused in the form
    with nothing written; the daily step then reverts it on the 31st day."""
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=60))
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "stoppage")
    assert "mais de 30 dias consecutivos" in form.intro.text() and "Art. 12" in form.intro.text()
    _type_date(qtbot, form.widget("since"), TODAY + dt.timedelta(days=2))
    before = row_counts()
    _confirm(qtbot, form)
    assert form.isVisible() and "Serviço interrompido desde" in form.message.text()
    assert row_counts() == before
    since = TODAY - dt.timedelta(days=3)
    _type_date(qtbot, form.widget("since"), since)
    qtbot.keyClicks(form.widget("reason"), "Ponto vazio")
    _confirm(qtbot, form)
    assert not form.isVisible()
    reverts = since + dt.timedelta(days=30)
    assert Permit.get_by_id(permit["id"]).status == "interrupted"
    assert f"será revertida em {reverts:%d/%m/%Y} (Art. 12)" in page.message.text()
    assert page.more_actions["resume"].isEnabled()  # the return is recorded from there
    detail = page.open_item("permits", 0)
    assert ("Interrupção sem autorização", "Ponto vazio") in [
        (r["what"], r["reason"]) for r in detail.table_model.rows]
    detail.reject()
    # the record's "Prazos" tab lists the day it reverts (alerts, PF Art. 12)
    assert [(d["due_date"], d["article"]) for d in page.due.rows
            if d["kind"] == "stoppage"] == [(reverts, "Art. 12")]
    assert not page.more_actions["stoppage"].isEnabled()
    clock.tick(on=reverts)
    assert Permit.get_by_id(permit["id"]).status == "lapsed"


def test_summons_from_the_menu_and_a_second_one_refused_l1745_art_10(qtbot, make_municipio):
    """L1745 Art. 10: the holder is summoned to present the vehicle by a deadline; the form
    says that missing it is a cause of cassation (§ú); a deadline not after today, or a
    second summons while one is open, is refused in the form with nothing written."""
    make_municipio("lei-1745-2011", today=dt.date(2026, 1, 2))
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=30))
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "summon")
    assert "Art. 10 §ú" in form.intro.text() and "cassação" in form.intro.text()
    _type_date(qtbot, form.widget("deadline"), TODAY)
    before = row_counts()
    _confirm(qtbot, form)
    assert form.isVisible() and "Prazo para apresentar o veículo" in form.message.text()
    assert row_counts() == before
    deadline = TODAY + dt.timedelta(days=15)
    _type_date(qtbot, form.widget("deadline"), deadline)
    qtbot.keyClicks(form.widget("act_number"), "Intimacao 3/2026")
    assert "Intimado(a) a apresentar o veículo" in form.intro.text()
    _confirm(qtbot, form)
    assert not form.isVisible()
    row = InspectionSummons.get(InspectionSummons.permit == permit["id"])
    assert (row.deadline, row.status, row.act_number) == (deadline, "open", "Intimacao 3/2026")
    assert f"até {deadline:%d/%m/%Y} (Art. 10)" in page.message.text()
    # the record's "Prazos" tab lists the summons' deadline (alerts, L1745 Art. 10)
    assert [(d["due_date"], d["article"]) for d in page.due.rows
            if d["kind"] == "summons"] == [(deadline, "Art. 10")]
    again = _open(page, "summon")
    assert "já tem intimação" in again.intro.text()
    before = row_counts()
    _confirm(qtbot, again)
    assert again.isVisible() and "já tem intimação" in again.message.text()
    assert row_counts() == before


def _family_law(monkeypatch, rule="holder_or_family"):
    """The município's law accepts the spouse's or a relative's vehicle (vehicle.owner_rule
    "holder_or_family", with its own article), or anyone's ("any"), as a profile may say."""
    import dataclasses

    from mototaxi_desk.services import setup
    original = setup.profile

    def family(*args, **kwargs):
        profile = original(*args, **kwargs)
        return dataclasses.replace(profile, vehicle=dataclasses.replace(
            profile.vehicle, owner_rule=rule, owner_article="Art. 99"))
    monkeypatch.setattr(setup, "profile", family)


def _deferred(name):
    from mototaxi_desk.services.licensing import applications
    person = make_person(name, today=TODAY)
    app = applications.file_application(SUPERVISOR, person["id"], "new_permit")
    for item in app["checklist"]:
        applications.set_checklist_item(SUPERVISOR, app["id"], item["code"], received=True)
    applications.change_status(SUPERVISOR, app["id"], "deferido", reason="ok")
    return person, applications.as_dict(applications.get_application(app["id"]))


def _grant_dialog(qtbot, app):
    from mototaxi_desk.gui.dialogs.grant import GrantDialog
    dialog = GrantDialog(SUPERVISOR, app)
    qtbot.addWidget(dialog)
    return dialog


def test_grant_with_a_relatives_vehicle_states_the_relation_owner_rule(qtbot, pf, monkeypatch):
    """vehicle.owner_rule "holder_or_family" (the profile's article): the grant form finds
    the brother's vehicle by its plate and asks the relation; without it the grant is
    refused with the article and nothing is written; with it the permit is granted and the
    relation kept in the history (for the renewals)."""
    from mototaxi_desk.services.licensing import permit_history
    from mototaxi_desk.store.models import Vehicle
    _family_law(monkeypatch)
    holder, app = _deferred("Titular Da Família")
    brother = make_person("Irmão Dono", today=TODAY)
    from ..factories import make_vehicle
    vehicle = make_vehicle(brother["id"], today=TODAY)
    plate = Vehicle.get_by_id(vehicle["id"]).plate_original
    grant = _grant_dialog(qtbot, app)
    owner = grant.other_owner
    assert owner.enabled and "Art. 99" in owner.hint.text()
    assert grant.new_box.isChecked()  # no vehicle of his own: register one, or find one
    qtbot.keyClicks(owner.plate.edit, "ZZZ9Z99")  # no such vehicle
    qtbot.mouseClick(owner.find_button, Qt.MouseButton.LeftButton)
    assert "Nenhum veículo cadastrado com a placa" in owner.info.text()
    owner.plate.edit.clear()
    qtbot.keyClicks(owner.plate.edit, plate.replace("-", ""))
    qtbot.mouseClick(owner.find_button, Qt.MouseButton.LeftButton)
    assert grant.vehicle.currentData() == vehicle["id"] and not grant.new_box.isChecked()
    assert "Irmão Dono" in owner.info.text() and owner.relation.isEnabled()
    before = row_counts()
    assert grant.grant() is None
    assert "informe o parentesco" in grant.message.text() and "Art. 99" in grant.message.text()
    assert row_counts() == before
    owner.relation.setCurrentIndex(owner.relation.findData("irmao"))
    result = grant.grant()
    assert result and result["granted"], grant.message.text()
    assert Permit.get_by_id(result["id"]).vehicle_id == vehicle["id"]
    history = permit_history.history(result["id"])
    assert history[0]["details"]["owner_relation"] == "irmao"


def test_grant_form_offers_no_other_owner_where_the_law_wants_the_holders_pf_art_15_vii(
        qtbot, pf):
    """PF Art. 15 VII: the vehicle is the holder's own — the grant form has no plate of
    another owner nor a relation to state."""
    _, app = _deferred("Titular Proprietário")
    grant = _grant_dialog(qtbot, app)
    assert not grant.other_owner.enabled
    assert grant.other_owner.owner_relation() is None
    assert grant.other_owner.row.parent() is None  # never added to the form


def test_substitution_by_a_relatives_vehicle_states_the_relation_owner_rule(
        qtbot, pf, monkeypatch):
    """The substitution (PF Art. 17) asks the relation again for a relative's vehicle
    (vehicle.owner_rule "holder_or_family"): refused without it, nothing written."""
    from mototaxi_desk.gui.dialogs.vehicle_form import SubstituteDialog
    from mototaxi_desk.services.licensing import permits
    from mototaxi_desk.store.models import Vehicle

    from ..factories import make_vehicle
    _family_law(monkeypatch)
    holder = make_person("Titular Da Família", today=TODAY)
    brother = make_person("Irmão Dono", today=TODAY)
    old = make_vehicle(brother["id"], year=TODAY.year - 2, today=TODAY)
    permit = permits.grant_permit(SUPERVISOR, holder_id=holder["id"], vehicle_id=old["id"],
                                  on=TODAY, owner_relation="irmao")
    newer = make_vehicle(brother["id"], year=TODAY.year, today=TODAY)
    dialog = SubstituteDialog(SUPERVISOR, permit["id"])
    qtbot.addWidget(dialog)
    owner = dialog.other_owner
    qtbot.keyClicks(owner.plate.edit, Vehicle.get_by_id(newer["id"]).plate_original
                    .replace("-", ""))
    qtbot.mouseClick(owner.find_button, Qt.MouseButton.LeftButton)
    assert dialog.vehicle_combo.currentData() == newer["id"]
    before = row_counts()
    assert not dialog.save()
    assert "informe o parentesco" in dialog.message.text() and row_counts() == before
    owner.relation.setCurrentIndex(owner.relation.findData("irmao"))
    assert dialog.save(), dialog.message.text()
    assert Permit.get_by_id(permit["id"]).vehicle_id == newer["id"]


def test_l1745_renews_a_suspended_permit_from_the_record_art_9(qtbot, make_municipio):
    """L1745 Art. 9 (renewed by 31 March) and Art. 17 §3º (suspension): the record's
    "Renovar…" applies to a suspended permit whose renewal is due; the form shows the new
    validity; the permit stays suspended. Under SRM the button says why not."""
    make_municipio("lei-1745-2011", today=dt.date(2026, 1, 2))
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=30))
    program_update(Permit, Permit.id == permit["id"],  # sealed (issue 34)
                   valid_until=TODAY + dt.timedelta(days=20))
    from mototaxi_desk.services.licensing import permits
    permits.suspend(SUPERVISOR, permit["id"], until=TODAY + dt.timedelta(days=25),
                    on=TODAY, reason="Art. 17 III")
    page = _page(qtbot, SUPERVISOR, holder["id"])
    button = page.buttons["renew"]
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    form = page.form
    assert "nova validade" in form.intro.text() and "Art. 9" in form.intro.text()
    qtbot.keyClicks(form.widget("act"), "Portaria 8/2026")
    _confirm(qtbot, form)
    row = Permit.get_by_id(permit["id"])
    assert row.status == "suspended" and row.valid_until > TODAY + dt.timedelta(days=20)
    assert "renovada até" in page.message.text()


def test_srm_does_not_renew_a_suspended_permit_and_says_why_art_51(qtbot, srm):
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=30))
    program_update(Permit, Permit.id == permit["id"],  # sealed (issue 34)
                   valid_until=TODAY + dt.timedelta(days=20))
    from mototaxi_desk.services.licensing import permits
    permits.suspend(SUPERVISOR, permit["id"], until=TODAY + dt.timedelta(days=25),
                    on=TODAY, reason="Art. 38 I")
    page = _page(qtbot, SUPERVISOR, holder["id"])
    assert not page.buttons["renew"].isEnabled()
    assert page.buttons["renew"].toolTip() == "Nenhuma permissão ativa ou vencida para renovar."


def _notice_against(person_id, code, when, **extra):
    """A notice against someone without a permit (L1745 Art. 8 §3º, or a graded fine)."""
    from mototaxi_desk.services import ledger

    from ..services.ledger_helpers import FISCAL
    data = {"holder_id": person_id, "infraction_code": code, "occurred_at": when,
            "place": "Centro", "agent_name": "Antônio Fiscal", "agent_registration": "M1",
            "plate": "ABC1D23", **extra}
    return ledger.record_notice(FISCAL, data, on=TODAY)


def test_l1745_waiting_list_shows_the_ranking_criteria_art_12_par_2(qtbot, make_municipio):
    """L1745 Art. 12 §2º: the list is ranked by seniority, then fewer infractions per year
    weighted by gravity (I, read from the ledger), family situation, vehicle condition,
    lottery — the page shows each criterion beside the name, so the clerk sees why the
    order is what it is; the PF list (enrolment order, Art. 12 §ú) shows none."""
    from mototaxi_desk.gui.pages.waiting import WaitingListPage
    from mototaxi_desk.services.licensing import waiting_list
    make_municipio("lei-1745-2011", today=dt.date(2026, 1, 2))
    fined = make_person("Multado Duas Vezes", today=TODAY)
    clean = make_person("Sem Multa", today=TODAY)
    for person in (fined, clean):
        waiting_list.enrol(CLERK, person["id"], on=TODAY, seniority_years=5, dependents=2,
                           vehicle_condition=8)
    when = TODAY - dt.timedelta(days=3)
    for hour in (9, 11):
        _notice_against(fined["id"], "2-2-V", f"{when:%d/%m/%Y} {hour}:00", fine_units="10")
    page = WaitingListPage(SUPERVISOR)
    qtbot.addWidget(page)
    page.refresh()
    model = page.model
    headers = [model.headerData(i, Qt.Orientation.Horizontal)
               for i in range(model.columnCount())]
    assert headers[4:9] == ["Anos de serviço", "Infrações por ano (ponderadas)", "Dependentes",
                            "Estado do veículo", "Sorteio"]
    shown = [[model.data(model.index(r, c)) for c in (1, 4, 5)]
             for r in range(model.rowCount())]
    assert shown == [["Sem Multa", "5", "0"], ["Multado Duas Vezes", "5", "1,2"]]


def test_pf_waiting_list_has_no_ranking_columns_art_12_par_u(qtbot, pf):
    from mototaxi_desk.gui.pages.waiting import WaitingListPage
    page = WaitingListPage(SUPERVISOR)
    qtbot.addWidget(page)
    headers = [page.model.headerData(i, Qt.Orientation.Horizontal)
               for i in range(page.model.columnCount())]
    assert headers == ["Ordem", "Nome", "CPF", "Inscrição", "Situação", "Prazo da convocação"]


def test_l1745_missed_summons_then_cassation_by_decree_from_the_menu_art_10_par_u(
        qtbot, make_municipio):
    """L1745 Art. 10 §ú: "será cassado o alvará do permissionário que não apresentar seu
    veículo à vistoria, desde que intimado": the summons made from the record; the daily step
    finds it missed; the record's Prazos tab proposes the cassation (§ú); the supervisor
    cassates by decree (Art. 18) from "Cassar por decisão…" on the ground 10-pu."""
    from mototaxi_desk.services.licensing import summons
    make_municipio("lei-1745-2011", today=dt.date(2026, 1, 2))
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=60))
    summons.summon(SUPERVISOR, permit["id"], deadline=TODAY - dt.timedelta(days=5),
                   on=TODAY - dt.timedelta(days=20), act_number="Intimação 2/2026")
    changes = clock.tick(on=TODAY)["changes"]
    assert [(c["kind"], c["effective_on"]) for c in changes] == [
        ("summons_missed", TODAY - dt.timedelta(days=4))]
    page = _page(qtbot, SUPERVISOR, holder["id"])
    [due] = [d for d in page.due.rows if d["kind"] == "summons_missed"]
    assert due["article"] == "Art. 10 §ú" and due["urgency"] == "overdue"
    form = _open(page, "cassate")
    codes = [form.ui.ground.itemData(i) for i in range(form.ui.ground.count())]
    form.ui.ground.setCurrentIndex(codes.index("10-pu"))
    assert "Art. 10 §ú" in form.ui.preview.toPlainText()
    qtbot.keyClicks(form.ui.act_number, "Decreto 31/2026")
    form.ui.reason.setFocus()
    qtbot.keyClicks(form.ui.reason, "Nao apresentou o veiculo no prazo da intimacao")
    _confirm(qtbot, form)
    assert not form.isVisible(), form.ui.message.text()
    assert Permit.get_by_id(permit["id"]).status == "cassated"
    assert not [d for d in page.due.rows if d["kind"] == "summons_missed"]  # decided
    # L1745 Art. 17 §1º: the cassated holder gets no new permit, ever — on his record
    assert _bar_badges(page) == ["Impedido(a) de nova permissão por tempo indeterminado "
                                 "(cassação da permissão, Art. 17 §1º)"]


def test_the_new_forms_fit_1366x768_at_125_percent(qtbot, srm):
    """UX: at 125% a 1366×768 screen is 1093×614 logical pixels — the cassation of a
    credential, the stoppage and the summons forms fit without scrolling."""
    from PySide6.QtWidgets import QApplication
    holder, _permit, _helper, _aux = _with_auxiliary()
    page = _page(qtbot, SUPERVISOR, holder["id"])
    for key in ("aux_cassate", "stoppage", "summon"):
        form = _open(page, key)
        QApplication.processEvents()
        hint = form.sizeHint()
        assert hint.width() <= 1093 and hint.height() <= 600, (key, hint)
        form.reject()


def test_transfer_to_a_holder_driving_a_relatives_vehicle_owner_rule(qtbot, srm, monkeypatch):
    """Transfer (SRM Art. 4 §9º) where the law accepts a relative's vehicle (owner_rule
    "holder_or_family"): the new holder's brother's vehicle is found by its plate in the
    transfer form; without the relation the preview refuses with the article and confirming
    writes nothing; with it the permit passes with that vehicle and the relation is kept."""
    from mototaxi_desk.services.licensing import permit_history
    from mototaxi_desk.store.models import Person, Vehicle

    from ..factories import make_vehicle
    _family_law(monkeypatch)
    holder, permit = holder_permit(on=TODAY - dt.timedelta(days=30))
    Permit.update(held_since=dates.add_years(TODAY, -4)).where(
        Permit.id == permit["id"]).execute()
    new = make_person("Nova Titular", today=TODAY)
    brother = make_person("Irmão Da Nova", today=TODAY)
    vehicle = make_vehicle(brother["id"], today=TODAY)
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "transfer")
    owner = form.other_owner
    assert owner.enabled and not owner.row.isEnabled()  # the new holder first
    form.ui.cpf.editor.setFocus()
    qtbot.keyClicks(form.ui.cpf.editor, Person.get_by_id(new["id"]).cpf)
    assert owner.row.isEnabled()
    qtbot.keyClicks(owner.plate.edit, Vehicle.get_by_id(vehicle["id"]).plate_original
                    .replace("-", ""))
    qtbot.mouseClick(owner.find_button, Qt.MouseButton.LeftButton)
    assert form.ui.vehicle.currentData() == vehicle["id"]
    assert "Irmão Da Nova" in owner.info.text()
    assert "informe o parentesco" in form.ui.message.text() and "Art. 99" in form.ui.message.text()
    qtbot.keyClicks(form.ui.act_number, "Portaria 7/2026")
    before = row_counts()
    _confirm(qtbot, form)
    assert form.isVisible() and "informe o parentesco" in form.ui.message.text()
    assert row_counts() == before
    owner.relation.setCurrentIndex(owner.relation.findData("irmao"))
    assert form.ui.message.text() == ""
    _confirm(qtbot, form)
    assert not form.isVisible(), form.ui.message.text()
    row = Permit.get_by_id(permit["id"])
    assert (row.holder_id, row.vehicle_id) == (new["id"], vehicle["id"])
    transfer = [h for h in permit_history.history(permit["id"]) if h["action"] == "transfer"]
    assert transfer[-1]["details"]["owner_relation"] == "irmao"


def test_grant_with_anyones_vehicle_asks_no_relation_owner_rule_any(qtbot, pf, monkeypatch):
    """vehicle.owner_rule "any" (a fourth município's law): another owner's vehicle is found
    by its plate, the form asks no relation, and the permit is granted."""
    from mototaxi_desk.store.models import Vehicle

    from ..factories import make_vehicle
    _family_law(monkeypatch, rule="any")
    _, app = _deferred("Titular Sem Moto")
    lender = make_person("Dono Qualquer", today=TODAY)
    vehicle = make_vehicle(lender["id"], today=TODAY)
    grant = _grant_dialog(qtbot, app)
    owner = grant.other_owner
    assert "não exige que o veículo seja do permissionário (Art. 99)" in owner.hint.text()
    qtbot.keyClicks(owner.plate.edit, Vehicle.get_by_id(vehicle["id"]).plate_original
                    .replace("-", ""))
    qtbot.mouseClick(owner.find_button, Qt.MouseButton.LeftButton)
    assert "Dono Qualquer" in owner.info.text() and not owner.relation.isEnabled()
    result = grant.grant()
    assert result and result["granted"], grant.message.text()
    assert Permit.get_by_id(result["id"]).vehicle_id == vehicle["id"]


def test_the_preview_of_a_small_form_is_never_cut(qtbot, srm):
    """UX: the preview (rule, fee, what changes) wraps; with long names its last line was
    cut, the dialog sized for the label's natural width. Shown, the form fits it."""
    from PySide6.QtWidgets import QApplication
    holder, permit = holder_permit(name="Jônatas D'Ávila Sá", on=TODAY - dt.timedelta(days=30))
    helper = make_person("Luís Cavalcanti D'Ávila", today=TODAY)
    for debt in fees.open_debts(holder["id"]):
        fees.pay(CLERK, debt["id"], paid_on=TODAY, receipt="DAM 1")
    auxiliary.credential(SUPERVISOR, permit["id"], helper["id"], on=TODAY)
    page = _page(qtbot, SUPERVISOR, holder["id"])
    form = _open(page, "aux_cassate")
    QApplication.processEvents()
    intro = form.intro
    assert "fica impedido(a) de novo credenciamento" in intro.text()
    assert intro.height() >= intro.heightForWidth(intro.width()), (intro.size(), form.size())

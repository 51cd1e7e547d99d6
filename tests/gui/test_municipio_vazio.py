"""The "município vazio" (issue 15): a município set up by the first-run wizard runs its whole
service through the window, once per shipped profile, on SQLite. The test body drives the
real widgets only (it calls services only to read results): two pontos on the Pontos page →
12 people registered with their CNH in the new-application wizard, their applications filed
→ deferred and granted from the application's dialog until the population cap → the next
ones go to the waiting list → a transfer → an interruption and the return → an infraction
notice and a sanction by decision → reinstatement → an auxiliary driver's credential with
its card → a desistência and the call-up of the next on the waiting list, who refuses
("Retirar da lista…", "Recusou a convocação"): the next is called by the law itself where
it says so (PF Art. 12 §ú), by the clerk elsewhere, and gets the freed permit → in the
notice's dialog a notice notified, its defence judged and its appeal (issue 37) → a vehicle
impounded and released with its costs paid → "Mudar de ponto…" (refused where the law
refuses it, with its fee where it allows it); after each act, the Painel's due-dates table
equals the alerts computed afresh (issue 23). Steps the law does not provide (L1745 has
no interruption nor desistência, PF no transfer) are left out; the menu then does not offer
them. The same story through the command line on PostgreSQL: tests/test_cli_municipio_vazio.py."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton, QWizard
from validate_docbr import CNH, CPF, RENAVAM

from mototaxi_desk.domain import validators
from mototaxi_desk.domain.dates import add_months
from mototaxi_desk.domain.money import format_money
from mototaxi_desk.domain.profiles import load_profile
from mototaxi_desk.gui.dialogs.setup_wizard import PAGE_ADMIN, PAGE_PROFILE, SetupWizard
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services.views import due_dates
from mototaxi_desk.services import permit_actions
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import (Application, AuxiliaryDriver, Fee, Impound,
                                        InfractionNotice, Permit, Person, Stand, User,
                                        WaitingListEntry)

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
def test_municipio_vazio_through_the_window(qtbot, db, profile_id, prompts, clock_at):
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
    _enter_notice(window, qtbot, profile, people[3], profile.infractions[0]).close()
    assert InfractionNotice.select().count() == 1
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

    # a desistência (where the law has it) frees a place; the one called from the waiting
    # list refuses and the next is called (issue 37), then gets the permit
    if "desist" in acts:
        record = _record(window, people[5]["id"])
        form = _act(record, "desist")
        _click(qtbot, form.ok_button)
        assert Permit.get_by_id(people[5]["permit"]).status == "withdrawn"
        assert_due_table_current(TODAY, where="desistência")
    else:
        assert "desist" not in _record(window, people[5]["id"]).more_actions
    following = _refused_call_up(window, qtbot, profile, people, vacancy="desist" in acts)
    if "desist" in acts:
        # his application was deferred before the cap was reached: it is granted now
        result = _defer_and_grant(window, qtbot, following, people.index(following),
                                  stand_row=2)
        assert result["granted"], result
        assert_due_table_current(TODAY, where="grant to the one called")

    # the notice's dialog, the impound and the stand move (issue 37), late in the day so
    # that every hour below is past
    clock_at(dt.datetime.combine(TODAY, dt.time(23, 0)))
    _defence_and_appeal(window, qtbot, profile, people[0])
    _impound_and_release(window, qtbot, profile, people[4], clock_at)
    _stand_move(window, qtbot, profile, people[0], clock_at)


# --- issue 37: the notice's dialog, the impound, the stand move, the refused call-up ---------
def _button(parent, text: str) -> QPushButton:
    """The push button a clerk reads as `text` (its Alt letter's '&' left out)."""
    found = [b for b in parent.findChildren(QPushButton) if b.text().replace("&", "") == text]
    assert len(found) == 1, (text, [b.text() for b in parent.findChildren(QPushButton)])
    return found[0]


def _choose(combo, starts: str) -> None:
    """The item a clerk picks by the words it begins with."""
    texts = [combo.itemText(i) for i in range(combo.count())]
    index = next((i for i, t in enumerate(texts) if t.startswith(starts)), -1)
    assert index >= 0, (starts, texts)
    combo.setCurrentIndex(index)


def _enter_notice(window, qtbot, profile, holder: dict, item, *, signed: bool = True):
    """The fiscal's auto de infração typed on the Infrações page (by the admin here); once
    saved its dialog opens, which is returned."""
    page = window.infractions_page
    window.nav.setCurrentRow(window.pages.index(page))
    before = InfractionNotice.select().count()
    _click(qtbot, page.new_button)
    entry = page.entry
    entry.choose_item(item.code)
    qtbot.keyClicks(entry.permit_edit, str(Permit.get_by_id(holder["permit"]).order_number))
    qtbot.keyClick(entry.permit_edit, Qt.Key.Key_Return)  # looks the permit up
    qtbot.keyClicks(entry.place, "Praca da Matriz")
    qtbot.keyClicks(entry.agent_name, "Jose Fiscal Souza")
    qtbot.keyClicks(entry.agent_registration, "M-77")
    entry.signed.setChecked(signed)
    if entry.units.isEnabled():
        qtbot.keyClicks(entry.units, str(profile.penalty_class(item.class_code).fine_units
                                         or 10))
    _click(qtbot, entry.save_button)
    assert InfractionNotice.select().count() == before + 1, entry.message.text()
    entry.close()
    assert page.dialog.notice_id == entry.result_notice["id"]
    return page.dialog


def _refused_call_up(window, qtbot, profile, people, *, vacancy: bool) -> dict:
    """The first waiting is called (by the law itself where it says so, PF Art. 12 §ú; by the
    clerk elsewhere) and refuses: 'Retirar da lista…' with 'Recusou a convocação'. PF Art. 12
    §ú: "Será automaticamente convocado o próximo requerente" — the window says who; SRM
    Art. 3 and L1745 Art. 13: the clerk calls the next. Returns the next one called."""
    page = window.waiting_page
    window.nav.setCurrentRow(window.pages.index(page))
    automatic = profile.waiting_list.mode == "automatic"
    assert bool(page.called_model.rows) == (automatic and vacancy)
    order = [r["person_id"] for r in (*page.called_model.rows, *page.model.rows)]
    # a tie for the first place is drawn by lot when calling (L1745 Art. 12 §2º)
    drawn = any(r.get("lottery_pending") for r in page.model.rows)
    if not page.called_model.rows:  # the first in the list's order ("Ordem")
        _click(qtbot, _button(page, "Convocar o próximo…"))
    (call,) = page.called_model.rows
    first = next(p for p in people if p["id"] == call["person_id"])
    assert first["id"] == order[0] or drawn, (first, order)
    if automatic:  # PF Art. 12: the list in the order of enrolment
        assert first is people[CAP]
    assert_due_table_current(TODAY, where="waiting-list call")
    page.called_view.selectRow(0)
    _click(qtbot, _button(page, "Retirar da lista…"))
    form = page.form
    _choose(form.ui.reason_kind, "Recusou a convocação")
    _click(qtbot, form.save_button)
    assert not form.isVisible(), form.ui.message.text()
    left = WaitingListEntry.get(WaitingListEntry.person == first["id"])
    assert left.status == "left"
    told = page.message.text()
    if automatic and vacancy:  # PF Art. 12 §ú: called at once, and the window names him
        assert f"{page.called_model.rows[0]['person_name']} convocado(a) em seguida " \
               f"({profile.waiting_list.article})" in told, told
    else:  # the clerk calls (SRM Art. 3, L1745 Art. 13; PF without a free place)
        assert profile.waiting_list.article in told, told
        assert page.called_model.rows == []
        _click(qtbot, _button(page, "Convocar o próximo…"))
    (call,) = page.called_model.rows
    following = next(p for p in people if p["id"] == call["person_id"])
    assert following is not first and following["id"] in order
    assert following["id"] == order[1] or drawn, (following, order)
    assert_due_table_current(TODAY, where="refused call-up")
    return following


def _judge(qtbot, dialog, accept: bool, reason: str) -> None:
    _click(qtbot, _button(dialog, "Julgar…"))
    form = dialog.form
    _choose(form.widget("accepted"), "Acolhida" if accept else "Rejeitada")
    form.widget("reason").setFocus()
    qtbot.keyClicks(form.widget("reason"), reason)
    _click(qtbot, form.ok_button)
    assert not form.isVisible(), form.message.text()


def _file(qtbot, dialog, stage: str, text: str) -> None:
    _click(qtbot, _button(dialog, "Protocolar defesa/recurso…"))
    form = dialog.form
    _choose(form.widget("stage"), stage)
    form.widget("text").setFocus()
    qtbot.keyClicks(form.widget("text"), text)
    qtbot.keyClicks(form.widget("attachments"), "escala.pdf")
    _click(qtbot, form.ok_button)
    assert not form.isVisible(), form.message.text()


def _defence_and_appeal(window, qtbot, profile, holder: dict) -> None:
    """A notice not signed, then notified; a defence filed and judged, an appeal, in the
    notice's dialog (SRM Arts. 35 §§1º-2º and 49: the defence rejected, the appeal granted;
    PF Arts. 34 and 38: the defence judged by the JARI is the last word, accepted; L1745 Art.
    19: no defence stage, the appeal within 15 days of the notification, granted)."""
    rule = profile.defence
    dialog = _enter_notice(window, qtbot, profile, holder, profile.infractions[0],
                           signed=False)
    notice_id = dialog.notice_id
    defend = _button(dialog, "Protocolar defesa/recurso…")
    assert not defend.isEnabled()  # the term runs from the notification
    _click(qtbot, _button(dialog, "Registrar notificação…"))
    form = dialog.form
    _choose(form.widget("channel"), "Pessoalmente")
    _click(qtbot, form.ok_button)
    assert not form.isVisible(), form.message.text()
    assert InfractionNotice.get_by_id(notice_id).notified_on == TODAY
    assert defend.isEnabled()
    if rule.defence_days:
        _file(qtbot, dialog, "Defesa prévia", "Nao estava em servico")
        (filed,) = dialog.notice["proceedings"]
        assert filed["stage"] == "defence" and not filed["decision"]  # pending
        accept = not rule.appeal_days  # where there is an appeal, the defence is rejected
        _judge(qtbot, dialog, accept, "Escala confere" if accept else "Escala nao confere")
        assert dialog.notice["proceedings"][0]["decision"] == ("accepted" if accept
                                                               else "rejected")
    else:  # L1745: the dialog offers the appeal only (Art. 19)
        _click(qtbot, defend)
        stages = dialog.form.widget("stage")
        assert [stages.itemText(i) for i in range(stages.count())] == [
            f"Recurso ({rule.appeal_article})"]
        dialog.form.reject()
    if rule.appeal_days:
        _file(qtbot, dialog, "Recurso", "A escala prova a folga")
        assert dialog.notice["proceedings"][-1]["stage"] == "appeal"
        _judge(qtbot, dialog, True, "Recurso provido")
    # accepted: the notice and its fine fall (SRM Art. 35 §2º)
    assert InfractionNotice.get_by_id(notice_id).status == "voided"
    assert "Anulado" in dialog.status.text()
    assert not _button(dialog, "Julgar…").isEnabled()
    assert all(c["status"] != "open" for c in dialog.notice["charges"])
    dialog.close()
    assert_due_table_current(TODAY, where="defence and appeal judged")


def _impound_and_release(window, qtbot, profile, holder: dict, clock_at) -> None:
    """The vehicle impounded from a notice whose catalogue item has the measure, then
    released with its costs paid, in the notice's dialog (SRM Arts. 46-48: fines, removal,
    0,20 UFM a day of storage; PF Art. 36 III: fines and removal; L1745 Art. 8 §§2º-3º: the
    alvará shown, fine and removal paid)."""
    rule = profile.impound
    item = next(i for i in profile.infractions if i.measure)
    dialog = _enter_notice(window, qtbot, profile, holder, item)
    notice = dialog.notice
    _click(qtbot, _button(dialog, "Apreender veículo…"))
    form = dialog.form
    qtbot.keyClicks(form.widget("boletim"), "BO 12")
    _click(qtbot, form.ok_button)
    assert not form.isVisible(), form.message.text()
    (held,) = dialog.impound_rows
    assert held["status"] == "held" and held["plate"] == notice["plate"]
    assert not _button(dialog, "Apreender veículo…").isEnabled()  # already held

    clock_at(dt.datetime.combine(TODAY, dt.time(23, 30)))  # released the same day
    fine = notice["fine_cents"]
    if fine:  # the fine is paid first (PF Art. 32 §ú: a class C item has none)
        _click(qtbot, _button(dialog, "Liberar veículo…"))
        form = dialog.form
        assert notice["fine_text"] in form.intro.text()
        qtbot.keyClicks(form.widget("removal"), "150,00")
        _click(qtbot, form.ok_button)
        assert "multas em aberto" in form.message.text() and rule.article in form.message.text()
        form.widget("removal").clear()  # nothing typed is left to discard
        form.reject()
        _click(qtbot, _button(dialog, "Pagar multa…"))
        form = dialog.form
        qtbot.keyClicks(form.widget("receipt"), "DAM multa")
        _click(qtbot, form.ok_button)
        assert not form.isVisible(), form.message.text()
    _click(qtbot, _button(dialog, "Liberar veículo…"))
    form = dialog.form
    qtbot.keyClicks(form.widget("removal"), "150,00")
    qtbot.keyClicks(form.widget("removal_receipt"), "R-1")
    qtbot.keyClicks(form.widget("storage_receipt"), "E-1")
    storage = round(Decimal(rule.storage_fee_units_per_day) * 4826)  # one day, 48,26 a unit
    assert form.quote["storage_days"] == 1
    assert f"Total: {format_money(15000 + storage)}" in form.intro.text()
    if "permit" in rule.release_requires:  # L1745 Art. 8 §3º: the alvará shown
        _click(qtbot, form.ok_button)
        assert "alvará" in form.message.text() and rule.article in form.message.text()
    form.widget("permit_shown").setChecked(True)
    _click(qtbot, form.ok_button)
    assert not form.isVisible(), form.message.text()
    assert Impound.get_by_id(held["id"]).status == "released"
    assert "liberado" in dialog.message.text()
    _click(qtbot, _button(dialog, "Imprimir recibo de liberação"))
    assert dialog.last_print["document"] == "release"
    dialog.close()
    assert_due_table_current(TODAY, where="impound released")


def _stand_move(window, qtbot, profile, holder: dict, clock_at) -> None:
    """'Mudar de ponto…' on the record: SRM Art. 20 XVIII refuses it before 12 months at the
    stand, and moves it after them with the fee of Art. 47 IV (3 UFM); PF Art. 10 has no
    such request (the Secretaria sets the stands); L1745 Art. 15 moves it where the other
    stand has a vacancy, with the fee of 10 UFICA."""
    record = _record(window, holder["id"])
    old = Permit.get_by_id(holder["permit"]).stand_id
    form = _move_form(qtbot, record)
    _click(qtbot, form.ok_button)
    application = profile.application("stand_change")
    told = form.message.text()
    if not application.allowed:
        assert "não prevê pedido de mudança de ponto" in told and application.article in told
    elif profile.stand.change_min_months:
        assert f"após {profile.stand.change_min_months} meses" in told
        assert application.article in told
    else:
        _moved(profile, holder, form, record)
    if form.isVisible():
        assert Permit.get_by_id(holder["permit"]).stand_id == old
        form.reject()
    assert_due_table_current(TODAY, where="stand move")
    if not (application.allowed and profile.stand.change_min_months):
        return
    # the last step, as the clock is moved on: the 12 months at the stand have passed
    since = Permit.get_by_id(holder["permit"]).stand_since
    clock_at(dt.datetime.combine(add_months(since, profile.stand.change_min_months),
                                 dt.time(10, 0)))
    record = _record(window, holder["id"])
    form = _move_form(qtbot, record)
    _click(qtbot, form.ok_button)
    _moved(profile, holder, form, record)


def _move_form(qtbot, record):
    _click(qtbot, _button(record, "Mudar de ponto…"))
    form = record.form
    assert "Rodoviaria" in form.widget("stand").currentText()  # the other stand, with room
    return form


def _moved(profile, holder: dict, form, record) -> None:
    """Moved to the Rodoviária, and the law's fee charged with its article."""
    assert not form.isVisible(), form.message.text()
    assert Stand.get_by_id(Permit.get_by_id(holder["permit"]).stand_id).number == 2
    rule = profile.fees[profile.stand.change_fee_key]
    fee = Fee.get(Fee.person == holder["id"], Fee.code == profile.stand.change_fee_key)
    assert (fee.article, fee.amount_cents) == (rule.article, round(Decimal(rule.units) * 4826))
    assert f"lançada a taxa {format_money(fee.amount_cents)}" in record.message.text()

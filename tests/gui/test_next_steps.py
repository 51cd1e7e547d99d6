"""The counter guides the clerk (issue 36 item 1), from a município set up by `init` (never
the demo), widgets found by their words: the grant announces its fee and says what comes
next; the record's "Próximos passos" lists the fee, the card and the vistoria with the
button that opens each form; the inspection form refused for a debt (SRM Art. 17 §1º)
offers to pay it or issue its guia and then records the vistoria, its result line never
"APROVADA" under the refusal and its fee announced; the 2ª via refused for a debt (SRM Art.
50) is paid in the same form and then printed."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from mototaxi_desk.domain import wallclock
from mototaxi_desk.gui.dialogs.grant import GrantDialog
from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.services.licensing import applications
from mototaxi_desk.services.payments import collection, fees
from mototaxi_desk.services.views import counter
from mototaxi_desk.services import documents
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store.models import Fee, Guia

from ..factories import make_vehicle
from .town import _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)


def button(widget, words: str) -> QPushButton:
    """The visible button a clerk would read as `words` (mnemonic marks aside)."""
    found = [b for b in widget.findChildren(QPushButton)
             if b.text().replace("&", "") == words and b.isVisible()]
    assert found, f"sem botão “{words}” em {type(widget).__name__}"
    return found[0]


def click(qtbot, target):
    assert target.isEnabled(), target.toolTip()
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)


def _deferred(town, name):
    """A person with a vehicle and a deferred new-permit application, as the counter makes
    them (documents received, supervisor's decision)."""
    person = new_person(name)
    vehicle = make_vehicle(person["id"], today=wallclock.today())
    clerk, boss = town.actor("atendente"), town.actor("supervisor")
    app = applications.file_application(clerk, person["id"], "new_permit")
    applications.set_checklist_items(clerk, app["id"], [c["code"] for c in app["checklist"]],
                                     received=True)
    applications.change_status(boss, app["id"], "deferido")
    return person, vehicle, applications.application(app["id"])


def _grant(qtbot, town, name):
    person, vehicle, app = _deferred(town, name)
    dialog = GrantDialog(town.actor("supervisor"), app)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.act, "Portaria 9/2026")
    return person, vehicle, dialog


def test_the_grant_announces_its_fee_and_says_what_is_next(qtbot, town):
    """SRM Art. 47 I: the card's issue costs 1 UFM — said before "Outorgar"; after it the
    message names the fee to pay, the card and termo to print and the vistoria."""
    person, vehicle, dialog = _grant(qtbot, town, "Rosilene Ferreira Matos")
    assert "Este ato cobra R$ 48,26" in dialog.ui.intro.text()
    assert "Art. 47 I" in dialog.ui.intro.text()
    assert Fee.select().where(Fee.person == person["id"]).count() == 0
    click(qtbot, button(dialog, "Outorgar"))
    said = dialog.message.text()
    assert "outorgada" in said and "Próximos passos: pagar a taxa: Expedição" in said, said
    assert "R$ 48,26" in said and "imprimir o cartão e o termo" in said
    assert f"apresentar o veículo {vehicle['plate_original']} para a vistoria anual" in said
    assert "Imprima o cartão e o termo." not in said


@pytest.fixture
def record(qtbot, town):
    page = PersonPage(town.actor("supervisor"))
    qtbot.addWidget(page)
    page.resize(1200, 700)
    page.show()
    return page


def test_the_record_lists_the_next_steps_and_each_button_opens_its_form(qtbot, town, record):
    person, vehicle, dialog = _grant(qtbot, town, "Francisca Chagas Moura")
    click(qtbot, button(dialog, "Outorgar"))
    record.open_person(person["id"])
    tabs = record.tabs  # the first tab, shown when the person is opened
    assert tabs.currentWidget() is record.next_steps and record.next_steps.isVisible()
    assert tabs.tabText(0) == f"Próximos passos ({len(record.next_steps.steps)})"
    texts = [s["text"] for s in record.next_steps.steps]
    assert any(t.startswith("Pagar: Expedição") for t in texts), texts
    assert any(t.startswith("Imprimir o cartão") for t in texts), texts
    assert any(vehicle["plate_original"] in t for t in texts), texts

    # "Pagar…" opens the payment with this debt chosen; paid, the step goes
    click(qtbot, record.next_steps.button("Pagar…"))
    form = record.form
    assert "Expedição" in form.widget("debt").currentText()
    qtbot.keyClicks(form.widget("receipt"), "DAM 2026/1")
    click(qtbot, button(form, "Registrar pagamento"))
    assert not any(s["kind"] == "debt" for s in record.next_steps.steps)
    assert "Pagamento registrado" in record.message.text()

    # "Imprimir cartão…" opens the card's print with this permit chosen
    click(qtbot, record.next_steps.button("Imprimir cartão…"))
    card = record.form
    assert card.windowTitle().startswith("2ª via do cartão")
    permit_id = next(s for s in record.next_steps.steps if s["kind"] == "card")["target"][
        "permit_id"]
    assert card.widget("permit").currentData() == permit_id
    card.reject()

    # "Vistoriar…" opens the inspection form with the plate found
    click(qtbot, record.next_steps.button("Vistoriar…"))
    inspection = record.form
    assert isinstance(inspection, InspectionForm)
    assert inspection.vehicle_id == vehicle["id"]
    assert not inspection.debt_offer.isVisible()  # paid above: nothing refuses it now
    inspection.reject()


def test_clerk_sees_the_vistoria_step_but_the_fiscalizacao_records_it(qtbot, town):
    person, vehicle, dialog = _grant(qtbot, town, "Joana Darc Pereira")
    click(qtbot, button(dialog, "Outorgar"))
    page = PersonPage(town.actor("atendente"))
    qtbot.addWidget(page)
    page.show()
    page.open_person(person["id"])
    vistoria = page.next_steps.button("Vistoriar…")
    assert not vistoria.isEnabled() and "fiscalização" in vistoria.toolTip()
    step = next(s for s in page.next_steps.steps if s["action"] == "inspect")
    assert "pague os débitos" in step["detail"] and "Art. 17 §1º" in step["detail"]
    assert page.next_steps.button("Pagar…").isEnabled()


def test_inspection_refused_for_a_debt_offers_to_pay_then_records_it(qtbot, town, prompts):
    """SRM Art. 17 §1º: no vistoria while the holder owes the município — the form offers
    to pay here, the result line says it cannot be recorded (never "APROVADA … e recebe
    selo" under the refusal), and once paid the same form records it; Art. 47 III: its fee
    is announced before "Registrar vistoria"."""
    person, vehicle, dialog = _grant(qtbot, town, "Maria das Dores Lima")
    click(qtbot, button(dialog, "Outorgar"))
    form = InspectionForm(town.actor("supervisor"), plate=vehicle["plate_original"])
    qtbot.addWidget(form)
    form.show()
    assert form.debt_offer.isVisible()
    assert "Expedição" in form.debt_offer.text.text() and "R$ 48,26" in form.debt_offer.text.text()
    click(qtbot, button(form, "Tudo aprovado"))
    preview = form.preview.text()
    assert "APROVADA" not in preview and "recebe selo" not in preview
    assert "não pode ser registrada" in preview and "pague o débito" in preview
    assert "Art. 17 §1º" in form.debt_offer.text.text()
    assert "Art. 17" not in form.vehicle_info.text()  # the refusal said once, in the offer
    assert "Este ato cobra R$ 48,26 (taxa Vistoria veicular" in form.fee_note.text()

    prompts.yes = False  # "Imprimir o selo agora?" — not now
    click(qtbot, button(form, "Pagar agora…"))
    pay = form.debt_offer.form
    qtbot.keyClicks(pay.widget("receipt"), "DAM 2026/2")
    click(qtbot, button(pay, "Registrar pagamento"))
    assert not form.debt_offer.isVisible()
    assert "Débito pago" in form.message.text()
    assert "APROVADA" in form.preview.text()  # the answers typed before are still there
    click(qtbot, button(form, "Registrar vistoria"))
    assert form.result_data and form.result_data["approved"]
    assert form.result_data["sticker_serial"]
    # the vistoria's own fee, announced above, is now open
    assert [d["label"] for d in fees.open_debts(person["id"])] == ["Vistoria veicular"]


def test_inspection_debt_offer_issues_the_guia(qtbot, town, prompts):
    """The other way out of the refusal: the guia (DAM) of the debt, with its preview."""
    person, vehicle, dialog = _grant(qtbot, town, "Cícera Gomes Bezerra")
    click(qtbot, button(dialog, "Outorgar"))
    form = InspectionForm(town.actor("supervisor"), plate=vehicle["plate_original"])
    qtbot.addWidget(form)
    form.show()
    guia = button(form, "Emitir guia…")
    assert not guia.isEnabled() and "Cobrança" in guia.toolTip()  # not set up yet: says so
    form.close()
    collection.update(SYSTEM, cnpj="11222333000181", febraban_code="1234",
                      pix_key="11222333000181")
    form = InspectionForm(town.actor("supervisor"), plate=vehicle["plate_original"])
    qtbot.addWidget(form)
    form.show()
    guia = button(form, "Emitir guia…")
    before = Guia.select().count()
    click(qtbot, guia)
    click(qtbot, button(form.debt_offer.form, "Emitir e imprimir"))
    assert Guia.select().count() == before + 1 and prompts.previews


def test_second_copy_refused_for_a_debt_is_paid_in_the_form_and_printed(qtbot, town,
                                                                      record):
    """SRM Art. 50: open debts stop the 2ª via; the form offers to pay, then prints."""
    person, vehicle, dialog = _grant(qtbot, town, "Luzia Nascimento Reis")
    click(qtbot, button(dialog, "Outorgar"))
    boss = town.actor("supervisor")
    permit_id = dialog.result_data["id"]
    documents.confirm(boss, counter.second_copy_card(boss, permit_id))  # the first card
    record.open_person(person["id"])
    click(qtbot, record.buttons["second_copy"])
    form = record.form
    click(qtbot, button(form, "Imprimir"))
    assert "débitos em aberto" in form.message.text() and "Art. 50" in form.message.text()
    assert form.debt_offer.isVisible() and form.isVisible()
    click(qtbot, button(form, "Pagar agora…"))
    pay = form.debt_offer.form
    qtbot.keyClicks(pay.widget("receipt"), "DAM 2026/3")
    click(qtbot, button(pay, "Registrar pagamento"))
    assert "Débito pago. Clique em “Imprimir”" in form.message.text()
    assert not form.debt_offer.isVisible()
    click(qtbot, button(form, "Imprimir"))
    assert form.result_value and form.result_value["copies"][0]["copy"] == 2


def test_no_step_for_a_person_with_nothing_pending(qtbot, town, record):
    person = new_person("Sebastiana Rocha Dias", expiry=dt.date.today() + dt.timedelta(400))
    record.open_person(person["id"])
    assert record.next_steps.steps == [] and record.next_steps.empty.isVisible()
    assert record.tabs.tabText(0) == "Próximos passos (0)"


def test_permit_act_refused_for_a_debt_offers_to_pay_then_goes_on(qtbot, town, record):
    """SRM Art. 50: the interruption's preview shows the debt that refuses it, with the
    offer; paid in the same form, the preview runs again and the act is done."""
    person, vehicle, dialog = _grant(qtbot, town, "Antônia Pereira Campos")
    click(qtbot, button(dialog, "Outorgar"))
    record.open_person(person["id"])
    form = record.permit_act("interrupt")
    form.show()
    assert "débitos em aberto" in form.ui.message.text(), form.ui.message.text()
    assert form.debt_offer.isVisible()
    click(qtbot, button(form, "Pagar agora…"))
    pay = form.debt_offer.form
    qtbot.keyClicks(pay.widget("receipt"), "DAM 2026/4")
    click(qtbot, button(pay, "Registrar pagamento"))
    assert not form.debt_offer.isVisible()
    assert "Débito pago. Clique em" in form.ui.message.text(), form.ui.message.text()
    form.ui.days.setValue(20)
    qtbot.keyClicks(form.ui.reason, "Cirurgia")
    click(qtbot, form.ok_button)
    assert form.result_value, form.ui.message.text()
    assert record.record["permits"][0]["status"] == "interrupted"


def test_new_application_for_a_debtor_offers_to_pay_when_the_person_is_chosen(qtbot, town):
    """SRM Art. 50: debts stop any request — said when the person is chosen, with the offer
    to pay them there; paid, the wizard goes on."""
    from mototaxi_desk.gui.dialogs.new_application import NewApplicationWizard
    person, vehicle, dialog = _grant(qtbot, town, "Terezinha Santos Luz")
    click(qtbot, button(dialog, "Outorgar"))
    wizard = NewApplicationWizard(town.actor("atendente"), person_id=person["id"])
    qtbot.addWidget(wizard)
    wizard.show()
    click(qtbot, button(wizard, "Avançar >"))  # the type (Nova permissão), then the person
    page = wizard.applicant_page
    assert wizard.currentPage() is page
    assert "Art. 50" in page.warning.text() and page.debt_offer.isVisible()
    click(qtbot, button(wizard, "Pagar agora…"))
    pay = page.debt_offer.form
    qtbot.keyClicks(pay.widget("receipt"), "DAM 2026/5")
    click(qtbot, button(pay, "Registrar pagamento"))
    assert not page.debt_offer.isVisible() and page.warning.text() == ""
    assert "Débito pago. Clique em" in page.message.text(), page.message.text()
    assert fees.open_debts(person["id"]) == []
    click(qtbot, button(wizard, "Avançar >"))  # and the request goes on from here
    assert wizard.currentPage() is not page


def test_a_debt_step_issues_its_guia(qtbot, town, record, prompts):
    """The debt's "Emitir guia…" beside "Pagar…": the guia (DAM) of that debt, previewed."""
    collection.update(SYSTEM, cnpj="11222333000181", febraban_code="1234",
                      pix_key="11222333000181")
    person, vehicle, dialog = _grant(qtbot, town, "Expedita Moura Leal")
    click(qtbot, button(dialog, "Outorgar"))
    record.open_person(person["id"])
    click(qtbot, record.next_steps.button("Emitir guia…"))
    guia = record.form
    assert guia.debts == [d for d in fees.open_debts(person["id"])]
    click(qtbot, button(guia, "Emitir e imprimir"))
    assert prompts.previews and prompts.previews[-1]["guia"]["amount_text"] == "R$ 48,26"
    assert "Guia" in record.message.text()

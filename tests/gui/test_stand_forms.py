"""Pontos from an empty município (issue 15 item 2), through the real widgets: the first
ponto is created on the Pontos page, a maximum above the law's asks for the act (SRM Art. 22
§1º), a ponto too near another is refused (SRM Art. 31 XVIII), editing keeps the number,
closing asks the reason and a ponto with permits cannot be closed; refusals write nothing.
One Pontos page for the module."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from mototaxi_desk.gui.dialogs.stand_forms import StandCloseDialog, StandFormDialog
from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.services import setup
from mototaxi_desk.services.register import stands
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store.models import AuditLog, Permit, Stand

from ..conftest import row_counts
from .town import PASSWORD, _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)

LAT, LON, NEAR_LON = "-7,0219", "-45,4811", "-45,4815"


@pytest.fixture(scope="module")
def page(town, qapp):
    from mototaxi_desk.gui.pages.stands import StandsPage
    pontos = StandsPage(town.actor("supervisor"))
    pontos.resize(1200, 650)
    pontos.show()
    pontos.refresh()
    yield pontos
    pontos.close()
    pontos.deleteLater()


def _click(qtbot, button):
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _select(page, number):
    row = [r["number"] for r in page.stand_model.rows].index(number)
    page.stand_view.selectRow(row)
    return page.stand_model.rows[row]


def _new_form(page, qtbot, name, location) -> StandFormDialog:
    _click(qtbot, page.buttons["create"])
    form = page.form
    assert isinstance(form, StandFormDialog)
    qtbot.keyClicks(form.ui.name.editor, name)
    qtbot.keyClicks(form.ui.location.editor, location)
    return form


def test_the_first_ponto_of_an_empty_municipio(page, qtbot):
    assert page.stand_model.rows == [] and "Nenhum ponto" in page.roster_title.text()
    form = _new_form(page, qtbot, "Praca da Matriz", "Praca da Matriz, em frente a igreja")
    assert "de 5 a 10 motocicletas (Art. 22 §1º)" in form.ui.intro.text()
    assert form.ui.number.value() == 1
    assert (form.ui.min_vehicles.value(), form.ui.max_vehicles.value()) == (5, 10)
    qtbot.keyClicks(form.ui.latitude.editor, LAT)
    qtbot.keyClicks(form.ui.longitude.editor, LON)
    qtbot.keyClick(form.ui.longitude.editor, Qt.Key.Key_Return)  # Enter saves
    assert form.result(), form.ui.message.text()
    stand = Stand.get(Stand.number == 1)
    assert (stand.name, float(stand.latitude), stand.max_vehicles) == ("Praca da Matriz",
                                                                       -7.0219, 10)
    assert AuditLog.select().where(AuditLog.action == "stand.create").exists()
    assert [r["label"] for r in page.stand_model.rows] == ["Ponto 01"]
    assert "Ponto 01 criado" in page.message.text()


def test_srm_art_31_xviii_a_ponto_near_another_is_refused_in_the_form(page, qtbot):
    if not Stand.select().where(Stand.number == 1).exists():
        stands.create_stand(page.actor, {"number": 1, "name": "A", "location": "A",
                                         "latitude": LAT, "longitude": LON})
    form = _new_form(page, qtbot, "Feira", "Mercado municipal")
    form.ui.number.setValue(7)
    qtbot.keyClicks(form.ui.latitude.editor, LAT)
    qtbot.keyClicks(form.ui.longitude.editor, NEAR_LON)
    before = row_counts()
    _click(qtbot, form.save_button)
    assert form.isVisible()
    assert "do Ponto 01" in form.ui.message.text() and "Art. 31 XVIII" in form.ui.message.text()
    assert form.ui.name.text() == "Feira"  # nothing typed is lost
    assert row_counts() == before
    form.mark_clean()
    form.close()


def test_srm_art_22_par_1_a_maximum_above_10_asks_for_the_act(page, qtbot):
    form = _new_form(page, qtbot, "Rodoviaria", "Terminal rodoviario")
    form.ui.number.setValue(2)
    form.ui.max_vehicles.setValue(12)
    assert "depende de ato (Art. 22 §1º)" in form.ui.act_note.text()
    before = row_counts()
    _click(qtbot, form.save_button)
    assert "número e a data do ato" in form.ui.message.text()
    assert row_counts() == before
    qtbot.keyClicks(form.ui.act_number.editor, "Portaria 9/2026")
    qtbot.keyClicks(form.ui.act_date.editor, "02032026")
    _click(qtbot, form.save_button)
    assert form.result(), form.ui.message.text()
    stand = Stand.get(Stand.number == 2)
    assert (stand.max_vehicles, stand.max_raised_by_act, stand.max_act_date) == (
        12, "Portaria 9/2026", dt.date(2026, 3, 2))


def test_edit_keeps_the_number_and_shows_the_act(page, qtbot):
    if not Stand.select().where(Stand.number == 2).exists():
        stands.create_stand(page.actor, {"number": 2, "name": "R", "location": "R",
                                         "max_vehicles": 12, "max_raised_by_act": "Portaria 9/2026",
                                         "max_act_date": dt.date(2026, 3, 2)})
        page.refresh()  # run alone (xdist may): the ponto the test before made through the page
    _select(page, 2)
    _click(qtbot, page.buttons["edit"])
    form = page.form
    assert not form.ui.number.isEnabled()
    assert "fixado por Portaria 9/2026, de 02/03/2026" in form.ui.act_note.text()
    form.ui.name.editor.selectAll()
    qtbot.keyClicks(form.ui.name.editor, "Rodoviaria Nova")
    form.windowHandle().requestActivate()
    qtbot.waitUntil(form.isActiveWindow)
    qtbot.keyClick(form, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # Ctrl+S
    assert form.result(), form.ui.message.text()
    assert Stand.get(Stand.number == 2).name == "Rodoviaria Nova"
    assert Stand.get(Stand.number == 2).max_raised_by_act == "Portaria 9/2026"
    assert "máximo fixado por Portaria 9/2026" in page.roster_title.text()


def test_close_asks_the_reason_and_refuses_a_ponto_with_permits(page, qtbot, town):
    stand = stands.create_stand(page.actor, {"number": 30, "name": "Hospital",
                                             "location": "Hospital municipal"})
    holder = new_person()
    Permit.create(order_number=9030, holder=holder["id"], issued_on=dt.date.today(),
                  valid_until=dt.date.today() + dt.timedelta(days=365), stand=stand["id"],
                  stand_position=1, stand_since=dt.date.today())
    page.refresh()
    _select(page, 30)
    _click(qtbot, page.buttons["close"])
    form = page.form
    assert isinstance(form, StandCloseDialog)
    assert not form.save_button.isEnabled() and "mude-as de ponto" in form.ui.message.text()
    form.close()
    Permit.delete().where(Permit.order_number == 9030).execute()
    page.refresh()
    _select(page, 30)
    _click(qtbot, page.buttons["close"])
    form = page.form
    before = row_counts()
    _click(qtbot, form.save_button)  # no reason
    assert form.ui.reason.has_error() and row_counts() == before
    qtbot.keyClicks(form.ui.reason.editor, "Obra no hospital")
    qtbot.keyClicks(form.ui.act_number, "Portaria 12/2026")
    _click(qtbot, form.save_button)
    assert form.result(), form.ui.message.text()
    closed = Stand.get(Stand.number == 30)
    assert (closed.active, closed.close_reason, closed.close_act) == (
        False, "Obra no hospital", "Portaria 12/2026")
    row = _select(page, 30)
    assert row["state"] == "Desativado" and "Desativado em" in page.roster_title.text()
    assert not page.buttons["assign"].isEnabled() and not page.buttons["edit"].isEnabled()
    assert page.buttons["close"].text() == "&Reativar ponto"
    page.confirm = lambda text: "Ponto 30" in text
    _click(qtbot, page.buttons["close"])
    assert Stand.get(Stand.number == 30).active


def test_a_clerk_sees_why_the_pontos_cannot_be_changed(town, qtbot):
    from mototaxi_desk.gui.pages.stands import StandsPage
    clerk_page = StandsPage(town.actor("atendente"))
    qtbot.addWidget(clerk_page)
    clerk_page.refresh()
    for key in ("create", "edit", "close"):
        assert not clerk_page.buttons[key].isEnabled()
        assert "supervisor" in clerk_page.buttons[key].toolTip()


def test_the_settings_page_says_a_ponto_number_applies_to_new_pontos(town, qtbot):
    admin_actor = users.authenticate("admin", PASSWORD)
    settings = SettingsPage(admin_actor)
    qtbot.addWidget(settings)
    settings.refresh()
    rows = settings.number_model.rows
    row = [r["key"] for r in rows].index("stand.max_vehicles")
    settings.number_view.setFocus()
    settings.number_view.selectRow(row)
    qtbot.keyClick(settings.number_view, Qt.Key.Key_Return)  # Enter: type the value
    assert settings.focusWidget() is settings.number_text
    settings.number_text.setText("12")
    settings.save_number()
    assert "criados a partir de agora" in settings.number_message.text()
    setup.set_profile_number(SYSTEM, "stand.max_vehicles", 10)  # back to the law's


def test_srm_art_47_v_vi_the_ponto_fees_are_announced_before_saving(page, qtbot):
    """Issue 36: a ponto with a responsible holder charges him the opening fee (SRM Art. 47
    V) and, with an extension, its own (Art. 47 VI) — said before "Salvar"."""
    holder = new_person("Benedito Responsável Neto")
    form = _new_form(page, qtbot, "Praca do Mercado", "Praca do Mercado, lado norte")
    qtbot.keyClicks(form.ui.responsible.editor, holder["cpf"])
    said = form.ui.responsible_name.text()
    assert "Este ato cobra R$ 193,04 (taxa Abertura de ponto, 4 UFM, Art. 47 V)" in said
    assert "extensão" not in said
    qtbot.keyClicks(form.ui.extension_point.editor, "Rua do Sol, esquina")
    said = form.ui.responsible_name.text()
    assert "R$ 144,78 (taxa Abertura de extensão de ponto, 3 UFM, Art. 47 VI)" in said
    form.reject()


def test_srm_art_50_a_responsible_with_debts_pays_in_the_form_and_the_ponto_is_made(
        page, qtbot, town):
    """Issue 36: the ponto's request refused for the responsible's debt offers to pay it in
    the same form; paid, "Salvar" creates the ponto (and charges its opening fee)."""
    from mototaxi_desk.services.payments import fees
    holder = new_person("Durval Responsável Costa")
    fees.charge(town.actor("supervisor"), holder["id"], "card", on=dt.date.today())
    form = _new_form(page, qtbot, "Praca da Feira", "Praca da Feira, lado sul")
    qtbot.keyClicks(form.ui.responsible.editor, holder["cpf"])
    qtbot.keyClicks(form.ui.latitude.editor, "-7,2000")
    qtbot.keyClicks(form.ui.longitude.editor, "-45,7000")
    _click(qtbot, form.save_button)
    assert "débitos em aberto" in form.ui.message.text() and form.debt_offer.isVisible()
    pay_now = next(b for b in form.findChildren(QPushButton)
                   if b.text().replace("&", "") == "Pagar agora…")
    _click(qtbot, pay_now)
    pay = form.debt_offer.form
    qtbot.keyClicks(pay.widget("receipt"), "DAM 88")
    _click(qtbot, pay.ok_button)  # "Registrar pagamento"
    assert not form.debt_offer.isVisible()
    assert "Débito pago. Clique em" in form.ui.message.text()
    _click(qtbot, form.save_button)
    assert form.result_value, form.ui.message.text()
    assert [f["code"] for f in form.result_value["fees"]] == ["stand_open"]

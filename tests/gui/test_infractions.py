"""Infrações on the demo data: the fiscal records a notice seeing the fine and points first,
a future date is refused in the form, the supervisor judges a defence, a payment closes the
fine, impound and release with the storage fee, and the person's ledger tab."""
import datetime as dt
from decimal import Decimal

import pytest

from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog
from mototaxi_desk.gui.pages.infractions import InfractionsPage
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.gui.widgets.ledger_view import SanctionsPanel
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import ledger
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import InfractionNotice, PenaltyCharge, Permit

from ..conftest import row_counts
from ..services.ledger_helpers import notice_data


@pytest.fixture
def actors(demo_data):
    return {role: users.authenticate(role, demo.DEMO_PASSWORD)
            for role in ("fiscal", "supervisor", "atendente")}


def _permit() -> Permit:
    return Permit.select().where(Permit.status == "active").order_by(Permit.id).first()


def _recent() -> dt.datetime:
    return dt.datetime.now().replace(second=0, microsecond=0) - dt.timedelta(minutes=30)


def _record(actor, permit, code="36-II", **extra) -> dict:
    return ledger.record_notice(actor, notice_data({"id": permit.id}, code, _recent(),
                                                   infractor_signed=True, **extra))


def _fill_entry(dialog, permit, when):
    dialog.filter.setText("higiene")
    dialog._pick_first()
    dialog.permit_edit.setText(permit.vehicle.plate_original)
    assert dialog.find_permit()
    dialog.place.setText("Praça da Matriz")
    dialog.agent_name.setText("Antônio Fiscal")
    dialog.agent_registration.setText("MAT-1234")
    dialog.occurred_at.setDateTime(when)


def test_fiscal_sees_fine_and_points_before_saving(qtbot, actors):
    permit = _permit()
    dialog = NoticeEntryDialog(actors["fiscal"])
    qtbot.addWidget(dialog)
    _fill_entry(dialog, permit, _recent())
    assert dialog.item().code == "36-II"
    fine, score = dialog.preview
    assert "R$" in dialog.preview_label.text() and "UFM" in dialog.preview_label.text()
    assert "Pontos:" in dialog.preview_label.text()
    before = InfractionNotice.select().count()
    assert dialog.save(), dialog.message.text()
    notice = dialog.result_notice
    assert InfractionNotice.select().count() == before + 1
    assert notice["fine_cents"] == fine.amount_cents
    assert Decimal(notice["fine_units"]) == fine.units
    assert notice["points"] == score.points
    assert notice["permit_id"] == permit.id


def test_future_date_is_refused_in_the_form(qtbot, actors):
    dialog = NoticeEntryDialog(actors["fiscal"])
    qtbot.addWidget(dialog)
    _fill_entry(dialog, _permit(), dt.datetime.now().replace(microsecond=0) +
                dt.timedelta(days=2))
    assert "data futura" in dialog.occurred_error.text()  # as you type
    before = row_counts()
    assert not dialog.save()
    assert "data futura" in dialog.message.text()
    assert row_counts() == before
    assert dialog.place.text() == "Praça da Matriz"  # the typing stays
    assert "c62828" in dialog.occurred_at.styleSheet()


def test_supervisor_accepts_defence_and_the_notice_is_void(qtbot, actors):
    notice = _record(actors["fiscal"], _permit())
    dialog = NoticeDetailDialog(actors["supervisor"], notice["id"])
    qtbot.addWidget(dialog)
    assert dialog.buttons["defence"].isEnabled() and not dialog.buttons["judge"].isEnabled()
    form = dialog.open_defence()
    form.widget("text").setPlainText("Veículo estava limpo; fotos anexas.")
    assert form.submit(), form.message.text()
    assert dialog.notice["stage"] == "defence_pending"
    assert dialog.buttons["judge"].isEnabled()
    form = dialog.open_judge()
    form.widget("accepted").setCurrentIndex(1)  # Acolhida
    form.widget("reason").setPlainText("Fotos comprovam a conservação.")
    assert form.submit(), form.message.text()
    assert InfractionNotice.get_by_id(notice["id"]).status == "voided"
    assert dialog.notice["stage"] == "voided" and "Anulado" in dialog.status.text()
    assert all(c.status == "voided" for c in PenaltyCharge.select().where(
        PenaltyCharge.notice == notice["id"]))


def test_fiscal_cannot_judge_nor_void(qtbot, actors):
    notice = _record(actors["fiscal"], _permit())
    dialog = NoticeDetailDialog(actors["fiscal"], notice["id"])
    qtbot.addWidget(dialog)
    for key in ("judge", "void", "reissue", "pay"):
        assert not dialog.buttons[key].isEnabled(), key
    assert dialog.buttons["impound"].isEnabled()


def test_payment_closes_the_fine_and_partial_is_refused(qtbot, actors):
    notice = _record(actors["fiscal"], _permit())
    dialog = NoticeDetailDialog(actors["atendente"], notice["id"])
    qtbot.addWidget(dialog)
    form = dialog.open_pay()
    form.widget("receipt").setText("DAM 991")
    form.widget("amount").setText("1,00")
    before = row_counts()
    assert not form.submit()
    assert "parcial" in form.message.text() and row_counts() == before
    form.widget("amount").setText(notice["fine_text"])
    assert form.submit(), form.message.text()
    charge = PenaltyCharge.get(PenaltyCharge.notice == notice["id"])
    assert charge.status == "paid" and charge.receipt == "DAM 991"
    assert "multa paga" in dialog.status.text()
    assert not dialog.buttons["pay"].isEnabled()


def test_impound_release_shows_the_storage_fee(qtbot, actors):
    notice = _record(actors["fiscal"], _permit(), "36-I")  # measure: apreensão
    dialog = NoticeDetailDialog(actors["supervisor"], notice["id"])
    qtbot.addWidget(dialog)
    form = dialog.open_impound()
    form.widget("deposited_at").setDateTime(_recent() + dt.timedelta(minutes=5))
    assert form.submit(), form.message.text()
    assert dialog.buttons["release"].isEnabled()
    form = dialog.open_release()
    assert "Estadia" in form.intro.text() and "Total" in form.intro.text()
    assert "Multas:" in form.intro.text() and notice["fine_text"] in form.intro.text()
    assert form.quote["storage_days"] >= 1


def test_ledger_tab_and_page_show_the_notice(qtbot, actors):
    permit = _permit()
    notice = _record(actors["fiscal"], permit)
    page = PersonPage(actors["supervisor"])
    qtbot.addWidget(page)
    page.open_person(permit.holder_id)
    assert page.tabs.tabText(page.ledger_tab_index) == "Infrações (1)"
    tab = page.ledger_tab
    assert [r["number"] for r in tab.model.rows] == [notice["number"]]
    assert "Em aberto (multas e despesas): <b>" + notice["fine_text"] in tab.summary.text()
    assert "Prazo de defesa do auto nº " + notice["number"] in tab.summary.text()
    infractions = InfractionsPage(actors["supervisor"])
    qtbot.addWidget(infractions)
    infractions.refresh()
    assert [r["number"] for r in infractions.model.rows] == [notice["number"]]
    infractions.status_filter.setCurrentIndex(infractions.status_filter.findData("voided"))
    assert infractions.model.rows == []
    infractions.status_filter.setCurrentIndex(infractions.status_filter.findData("running"))
    assert len(infractions.model.rows) == 1


def test_supervisor_applies_the_proposed_sanction(qtbot, actors):
    month_ago = dt.date.today() - dt.timedelta(days=40)
    permit = Permit.select().where((Permit.status == "active") &
                                   (Permit.issued_on < month_ago)).order_by(Permit.id).first()
    for days, code in ((35, "36-I"), (34, "36-II"), (33, "36-III")):  # 3: Art. 38 I
        ledger.record_notice(actors["fiscal"], notice_data(
            {"id": permit.id}, code, dt.datetime.now().replace(microsecond=0) -
            dt.timedelta(days=days), infractor_signed=True))
    clerk_panel = SanctionsPanel(actors["atendente"])
    qtbot.addWidget(clerk_panel)
    clerk_panel.set_permit(permit.id)
    assert clerk_panel.model.rows and not clerk_panel.apply_button.isEnabled()
    panel = SanctionsPanel(actors["supervisor"])
    qtbot.addWidget(panel)
    panel.set_permit(permit.id)
    row = panel.model.rows[0]
    assert row["label"] == "Suspensão da permissão" and row["explanation_text"]
    assert panel.apply_button.isEnabled()
    assert panel.apply_selected(act_number="Portaria 12/2026") is not None
    assert Permit.get_by_id(permit.id).status == "suspended"
    assert panel.model.rows[0]["status_text"] == "Aplicada"


def test_enter_in_the_permit_field_looks_it_up_without_saving(qtbot, actors):
    from PySide6.QtCore import Qt
    permit = _permit()
    dialog = NoticeEntryDialog(actors["fiscal"])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.choose_item("36-II")
    dialog.permit_edit.setFocus()
    qtbot.keyClicks(dialog.permit_edit, str(permit.order_number))
    before = InfractionNotice.select().count()
    qtbot.keyClick(dialog.permit_edit, Qt.Key.Key_Return)
    assert dialog.permit is not None and dialog.permit["id"] == permit.id
    assert dialog.isVisible() and InfractionNotice.select().count() == before
    assert dialog.message.text() == ""


@pytest.mark.parametrize("profile_id, shown", [("sao-raimundo-das-mangabeiras-2019", "0001"),
                                               ("porto-feliz-2017", "1")])
def test_the_notices_table_writes_the_permit_number_as_the_profile_does(make_municipio,
                                                                       profile_id, shown):
    """SRM Art. 4 §5 (four digits); PF Art. 15 IV a) gives no format: the number as it is."""
    from mototaxi_desk.gui.widgets.ledger_view import notice_rows
    from mototaxi_desk.services import setup

    from ..services.ledger_helpers import FISCAL, TODAY, holder_permit
    make_municipio(profile_id, today=dt.date(2026, 1, 2))
    _, permit = holder_permit()
    code = "36-IX" if profile_id.startswith("sao") else "24-I"
    ledger.record_notice(FISCAL, notice_data(permit, code, "10/06/2026 10:00"), on=TODAY)
    rows = notice_rows(ledger.list_notices(), setup.profile())
    assert [r["permit_text"] for r in rows] == [shown]


def test_correcting_a_l1745_notice_keeps_the_fine_in_the_range_art_17_ii(qtbot, l1745):
    """L1745 Art. 17 II: the authority set 12,5 UFICA; "Corrigir auto" shows it as typed
    (12,5 — not the database's 12.5000, which the pt-BR field would refuse) and the
    corrected notice keeps it, on SQLite and PostgreSQL."""
    from ..factories import SUPERVISOR
    from ..services.ledger_helpers import FISCAL, holder_permit
    _, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(permit, "5-1", "10/06/2026 10:00",
                                                      fine_units="12,5"))
    assert ledger.notice(notice["id"])["fine_units"] == "12.5"
    dialog = NoticeEntryDialog(SUPERVISOR, reissue=ledger.notice(notice["id"]))
    qtbot.addWidget(dialog)
    assert dialog.units.text() == "12,5"
    dialog.reason.setText("Local da infração digitado errado")
    dialog.place.setText("Rua Nova")
    assert dialog.save(), dialog.message.text()
    assert dialog.result_notice["fine_units"] == "12.5"
    assert dialog.result_notice["reissue_of"] == notice["id"]


def test_infractions_page_loads_the_notices_a_page_at_a_time(qtbot, actors, monkeypatch):
    """Issue 23: the page reads the newest notices a page at a time (keyset after the last
    one shown) and the next as the list scrolls (fetchMore), filters applied to each; the
    pages in order are ledger.list_notices."""
    from mototaxi_desk.gui.pages import infractions as module
    permits = list(Permit.select().where(Permit.status == "active").order_by(Permit.id)
                   .limit(5))
    for permit in permits:
        _record(actors["fiscal"], permit)
    whole = ledger.list_notices()
    assert len(whole) == 5
    monkeypatch.setattr(module, "PAGE_SIZE", 2)
    page = InfractionsPage(actors["supervisor"])
    qtbot.addWidget(page)
    page.refresh()
    assert [r["id"] for r in page.model.rows] == [n["id"] for n in whole[:2]]
    assert page.model.canFetchMore() and "mais recentes" in page.count.text()
    while page.model.canFetchMore():
        page.model.fetchMore()
    assert [r["id"] for r in page.model.rows] == [n["id"] for n in whole]
    assert page.count.text() == "5 auto(s) de 5."
    page.text_filter.setText(whole[3]["number"])
    assert [r["id"] for r in page.model.rows] == [whole[3]["id"]]
    pages, before = [], None
    while True:
        chunk = ledger.list_notices(limit=2, before=before)
        pages += chunk
        if len(chunk) < 2:
            break
        before = (chunk[-1]["year"], int(chunk[-1]["number"].split("/")[0]))
    assert pages == whole

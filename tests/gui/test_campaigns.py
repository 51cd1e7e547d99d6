"""The Recadastramento window (issue 21 item 2) from Relatórios, on a município made by
`init` (setup.initialise): create a campaign through its form (a bad schedule is refused on
the form and writes nothing), follow who is due this month, record who came, preview the
month's call letters; and the Painel's "Recadastramento" line."""
import datetime as dt

import pytest
from PySide6.QtWidgets import QDialog

from mototaxi_desk.gui.dialogs.campaigns import NewCampaignDialog
from mototaxi_desk.gui.pages.dashboard import recadastramento_text
from mototaxi_desk.gui.pages.reports import ReportsPage
from mototaxi_desk.services.messaging import campaigns
from mototaxi_desk.services.views import overview
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import Campaign, CampaignAttendance

from ..services.ledger_helpers import holder_permit


@pytest.fixture
def page(qtbot, srm):
    widget = ReportsPage(users.authenticate("admin", "senha-forte-1"))
    qtbot.addWidget(widget)
    return widget


def test_create_follow_attend_and_print_letters(page, qtbot, prompts, monkeypatch):
    today = dt.date.today()
    _, permit = holder_permit("Chamado Pela Janela", on=today - dt.timedelta(days=30))
    window = page.open_campaigns(show=False)
    qtbot.addWidget(window)
    assert window.campaign.count() == 0 and "Nenhuma campanha" in window.summary.text()
    assert not window.attend_button.isEnabled()

    made: list[NewCampaignDialog] = []

    def fill(dialog):
        made.append(dialog)
        dialog.name.setText("Recadastramento pela janela")
        dialog.kind.setCurrentIndex(dialog.kind.findData("permit_range"))
        dialog.schedule.setText("1-99:13")  # a month that does not exist
        dialog.save()
        assert dialog.result() != QDialog.DialogCode.Accepted
        assert "mês 13" in dialog.error.text() and Campaign.select().count() == 0
        dialog.schedule.setText(f"1-99:{today.month}")
        dialog.act.setText("Decreto 3")
        dialog.save()
        return dialog.result()
    monkeypatch.setattr(NewCampaignDialog, "exec", fill)
    window.new_campaign()
    assert made and Campaign.select().count() == 1
    assert window.campaign.count() == 1
    assert window.model.rowCount() == 1
    row = window.model.row(0)
    assert row["permit_id"] == permit["id"] and row["status"] == "due"
    assert "1 chamado(s) neste mês" in window.summary.text()

    window.letters()
    [preview] = prompts.previews
    assert preview["pdf"].startswith(b"%PDF") and preview["reservation"] is None

    window.view.selectRow(0)
    window.attend_selected()
    assert CampaignAttendance.select().count() == 1
    assert window.model.row(0)["status"] == "came"
    window.letters()  # nobody left to call this month: said, nothing previewed
    assert len(prompts.previews) == 1 and "Nenhum permissionário" in prompts.informed[-1]

    line = overview.dashboard(on=today)["recadastramento"]
    assert (line["due"], line["came"]) == (0, 1)
    assert "Recadastramento: <b>0</b> chamado(s)" in recadastramento_text(line)


def test_an_atendente_follows_and_attends_but_does_not_create(qtbot, srm):
    from mototaxi_desk.services.administration.users import add_user
    admin = users.authenticate("admin", "senha-forte-1")
    add_user(admin, "joana", "Joana Atendente", "atendente", "senha-forte-2")
    campaigns.create(admin, name="Recadastramento", year=dt.date.today().year)
    page = ReportsPage(users.authenticate("joana", "senha-forte-2"))
    qtbot.addWidget(page)
    window = page.open_campaigns(show=False)
    qtbot.addWidget(window)
    assert window.new_button.isHidden() and not window.attend_button.isHidden()
    assert window.campaign.count() == 1
    assert recadastramento_text(None) == ""


def test_the_person_edit_dialog_offers_to_record_the_attendance(qtbot, srm, prompts):
    from mototaxi_desk.gui.dialogs.person_forms import PersonEditDialog
    today = dt.date.today()
    person, permit = holder_permit("Confirmou Os Dados", on=today - dt.timedelta(days=30))
    admin = users.authenticate("admin", "senha-forte-1")
    campaigns.create(admin, name="Recadastramento", year=today.year, kind="permit_range",
                     schedule=f"1-99:{today.month}")
    dialog = PersonEditDialog(admin, person["id"])
    qtbot.addWidget(dialog)
    dialog.ui.profession.setText("Mototaxista")
    dialog.ui.cep.setText("65840-000")  # the factory's person has none; the form asks it
    assert dialog.save(), dialog.ui.message.text()
    assert "Recadastramento" in prompts.asked[-1]
    [came] = CampaignAttendance.select()
    assert came.permit_id == permit["id"] and came.came_on == today

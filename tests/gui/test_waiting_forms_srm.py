"""Lista de espera under SRM (called by enrolment order, Art. 3): the enrolment form asks no
ranking inputs, and a permit holder is refused as soon as chosen (one permit per person,
SRM Art. 4 §2º)."""
import datetime as dt

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from mototaxi_desk.gui.dialogs.waiting_forms import WaitingEnrolDialog
from mototaxi_desk.store.models import Permit, WaitingListEntry

from ..conftest import row_counts
from .town import _isolated_data_dir, new_person, town  # noqa: F401 (fixtures)


def test_srm_art_3_enrolment_order_asks_no_ranking_inputs(town, qtbot):
    person = new_person("Rita Ordem de Chegada")
    form = WaitingEnrolDialog(town.actor("atendente"), person_id=person["id"])
    qtbot.addWidget(form)
    assert "ordem de inscrição" in form.ui.intro.text() and "(Art. 3)" in form.ui.intro.text()
    assert form.findChildren(QSpinBox) == []
    assert "não há critérios" in form.ui.ranking_note.text()
    qtbot.mouseClick(form.save_button, Qt.MouseButton.LeftButton)
    assert WaitingListEntry.get(WaitingListEntry.person == person["id"]).status == "waiting"


def test_srm_art_4_par_2_a_permit_holder_is_refused_when_chosen(town, qtbot):
    holder = new_person("Pedro Ja Permissionario")
    Permit.create(order_number=4242, holder=holder["id"], issued_on=dt.date.today(),
                  valid_until=dt.date.today() + dt.timedelta(days=900))
    form = WaitingEnrolDialog(town.actor("atendente"))
    qtbot.addWidget(form)
    qtbot.keyClicks(form.ui.person_query, holder["cpf"])
    qtbot.keyClick(form.ui.person_query, Qt.Key.Key_Return)
    assert "titular da permissão nº 4242 (Art. 4 §2º)" in form.ui.person_state.text()
    assert not form.save_button.isEnabled()
    before = row_counts()
    assert form.save() is False and row_counts() == before

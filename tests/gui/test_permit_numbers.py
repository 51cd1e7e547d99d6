"""One way to write a permit number: the profile's (SRM Art. 4 §5º: four digits; PF and
L1745 give no format, the number as it is) on the Veículos page, the substitution dialog,
the auto de infração and the holder's ledger."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from mototaxi_desk.gui.dialogs.notice_detail import NoticeDetailDialog
from mototaxi_desk.gui.dialogs.vehicle_form import SubstituteDialog
from mototaxi_desk.gui.pages.person_ledger import PersonLedgerTab
from mototaxi_desk.gui.pages.vehicles import VehiclesPage
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.context import Actor

from ..factories import SUPERVISOR, make_person, make_vehicle

ADMIN = Actor(None, "admin.teste", "admin")
ON = dt.date(2026, 3, 2)


@pytest.mark.parametrize("profile_id, shown", [
    ("sao-raimundo-das-mangabeiras-2019", "0001"), ("porto-feliz-2017", "1")])
def test_the_permit_number_is_written_as_the_profile_says(qtbot, make_municipio, profile_id,
                                                           shown):
    make_municipio(profile_id, today=ON)
    person = make_person("Número Formatado", today=ON)
    vehicle = make_vehicle(person["id"], year=2025, today=ON, insured_until=dt.date(2030, 1, 1))
    permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"],
                                  vehicle_id=vehicle["id"], on=ON)
    assert permit["order_text"] == shown

    page = VehiclesPage(ADMIN)
    qtbot.addWidget(page)
    page.refresh()
    column = [c.key for c in page.model.columns].index("order_text")
    assert page.model.data(page.model.index(0, column), Qt.ItemDataRole.DisplayRole) == shown

    dialog = SubstituteDialog(ADMIN, permit["id"])
    qtbot.addWidget(dialog)
    assert any(f"Permissão nº {shown}</b>" in label.text()
               for label in dialog.findChildren(QLabel))

    notice = ledger.record_notice(Actor(None, "fiscal", "fiscal"), {
        "permit_id": permit["id"], "infraction_code": _any_code(profile_id),
        "occurred_at": "02/03/2026 15:00", "place": "Centro", "agent_name": "Antônio Fiscal",
        "agent_registration": "M1"}, on=ON)
    assert notice["permit_order_text"] == shown
    detail = NoticeDetailDialog(ADMIN, notice["id"])
    qtbot.addWidget(detail)
    assert f"Permissão nº {shown} ·" in detail.header.text()

    tab = PersonLedgerTab(ADMIN)
    qtbot.addWidget(tab)
    tab.set_person(person["id"])
    assert f"Permissão nº {shown}:" in tab.summary.text()


def _any_code(profile_id: str) -> str:
    """An infraction of the catalogue whose fine the law fixes (no value to type)."""
    profile = setup.profile()
    return next(i.code for i in profile.infractions
                if profile.penalty_class(i.class_code).fine_units_max == 0)


@pytest.mark.parametrize("profile_id, notify, judge, pay", [
    ("sao-raimundo-das-mangabeiras-2019", "(Art. 34 §2º)", "(Art. 35 §2º)", None),
    ("porto-feliz-2017", "(Art. 34)", None, "(Art. 33)")])
def test_the_notice_cites_the_municipios_own_articles(qtbot, make_municipio, profile_id,
                                                      notify, judge, pay):
    """An SRM município never sees "(PF Art. 33)" when paying, nor a PF one "SRM Art. 34
    §2º" when notifying: the articles come from the profile (defence.notification_article,
    accepted_defence_article, penalties.payment_article)."""
    make_municipio(profile_id, today=ON)
    person = make_person("Artigos Do Perfil", today=ON)
    vehicle = make_vehicle(person["id"], year=2025, today=ON, insured_until=dt.date(2030, 1, 1))
    permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"],
                                  vehicle_id=vehicle["id"], on=ON)
    notice = ledger.record_notice(Actor(None, "fiscal", "fiscal"), {
        "permit_id": permit["id"], "infraction_code": _any_code(profile_id),
        "occurred_at": "02/03/2026 15:00", "place": "Centro", "agent_name": "Antônio Fiscal",
        "agent_registration": "M1"}, on=ON)
    dialog = NoticeDetailDialog(ADMIN, notice["id"])
    qtbot.addWidget(dialog)
    texts = {name: " ".join(label.text() for label in form.findChildren(QLabel))
             for name, form in (("notify", dialog.open_notify()), ("judge", dialog.open_judge()),
                                ("pay", dialog.open_pay()))}
    assert notify in texts["notify"] and "SRM" not in texts["notify"]
    assert (judge in texts["judge"]) if judge else "(Art." not in texts["judge"]
    assert (pay in texts["pay"] and "sanar a falta" in texts["pay"]) if pay else \
        "sanar a falta" not in texts["pay"]

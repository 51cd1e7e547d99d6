"""The renewal shows, before it is confirmed, the debt that would refuse it (L1745 Art. 9 /
SRM Art. 50) with the offer to pay it in the same form (issue 36); paid, the preview runs
again and "Renovar" renews. From a município set up by `init` (make_municipio)."""
import datetime as dt

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from mototaxi_desk.gui.dialogs.counter_actions import renew_form
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.licensing import permits

from mototaxi_desk.store.models import Person

from ..conftest import program_update
from ..services.licensing_rows import SUPERVISOR, holder_with_vehicle

ON = dt.date(2026, 6, 15)


def _button(widget, words):
    return next(b for b in widget.findChildren(QPushButton)
                if b.text().replace("&", "") == words and b.isVisible())


def test_renewal_debt_shows_before_confirming_and_is_paid_in_the_form(qtbot, srm, clock_at):
    """SRM Art. 50 (debts stop requests) and Art. 51 (renewal): the card's fee is open."""
    clock_at(ON)
    holder, _vehicle, permit = holder_with_vehicle(ON, valid_until=ON + dt.timedelta(days=30))
    program_update(Person, Person.id == holder.id, birth_date=dt.date(1980, 3, 1))
    fees.charge(SUPERVISOR, holder.id, "card", on=ON, permit_id=permit.id)
    rows = [permits.as_dict(permit)]
    form = renew_form(SUPERVISOR, rows, [permit.id])
    qtbot.addWidget(form)
    form.show()
    assert "débitos em aberto" in form.message.text() and "Art. 50" in form.message.text()
    assert form.debt_offer.isVisible()
    # SRM Art. 47 I: the card's renewal fee, announced before "Renovar"
    assert "Este ato cobra R$ 48,26 (Expedição e renovação do cartão" in form.intro.text()
    qtbot.mouseClick(_button(form, "Pagar agora…"), Qt.MouseButton.LeftButton)
    pay = form.debt_offer.form
    qtbot.keyClicks(pay.widget("receipt"), "DAM 10")
    qtbot.mouseClick(_button(pay, "Registrar pagamento"), Qt.MouseButton.LeftButton)
    assert not form.debt_offer.isVisible()
    assert "Débito pago. Clique em “Renovar”" in form.message.text()
    qtbot.keyClicks(form.widget("act"), "Portaria 40/2026")
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    assert form.result_value, form.message.text()
    assert form.result_value["valid_until"].year == ON.year + 5

"""The one date field (gui/widgets/dates.py): a date is typed as digits (15031990 →
15/03/1990), one Tab leaves the field, a mistyped date names the field in Portuguese, an
optional date may stay empty; the date-and-time field likewise (UX.md, issue 15 item 6)."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.gui.widgets.ledger_view import ActionForm, date_edit, datetime_edit


@pytest.fixture
def form(qtbot):
    """before → date → after, in a window that has the keyboard focus."""
    window = QWidget()
    layout = QVBoxLayout(window)
    window.before, window.date, window.after = (
        QLineEdit(), DateField(label="Data de nascimento", required=False,
                               earliest=dt.date(1900, 1, 1), latest=dt.date(2010, 12, 31)),
        QLineEdit())
    for widget in (window.before, window.date, window.after):
        layout.addWidget(widget)
    qtbot.addWidget(window)
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    return window


def test_digits_become_the_date_and_one_tab_leaves(form, qtbot):
    form.before.setFocus()
    qtbot.keyClick(form.before, Qt.Key.Key_Tab)
    assert form.date.editor.hasFocus()
    qtbot.keyClicks(form.date.editor, "15031990")
    assert form.date.editor.text() == "15/03/1990"
    assert form.date.date() == dt.date(1990, 3, 15) and not form.date.has_error()
    qtbot.keyClick(form.date.editor, Qt.Key.Key_Tab)
    assert form.after.hasFocus()


def test_typing_over_a_date_replaces_it(form, qtbot):
    form.date.set_date(dt.date(1980, 1, 1))
    form.before.setFocus()
    qtbot.keyClick(form.before, Qt.Key.Key_Tab)  # Tab in selects the whole date
    qtbot.keyClicks(form.date.editor, "01021975")
    assert form.date.date() == dt.date(1975, 2, 1)


def test_a_mistyped_date_names_the_field_and_an_empty_optional_one_is_none(form, qtbot):
    assert form.date.date() is None
    qtbot.keyClicks(form.date.editor, "3113")
    assert form.date.has_error() and "incompleta" in form.date.message.text()
    qtbot.keyClicks(form.date.editor, "1990")
    assert form.date.has_error() and "31/13/1990" in form.date.message.text()
    with pytest.raises(ValidationError) as refused:
        form.date.date()
    assert refused.value.field == "Data de nascimento"
    form.date.clear()
    qtbot.keyClicks(form.date.editor, "01012015")  # after the latest date allowed
    with pytest.raises(ValidationError, match="fora do intervalo"):
        form.date.date()


def test_required_date_refuses_empty(qtbot):
    field = DateField(label="Validade da CNH")
    qtbot.addWidget(field)
    with pytest.raises(ValidationError, match="obrigatório"):
        field.date()
    assert field.message.text() == "Campo obrigatório."


def test_date_and_time_typed_as_digits(qtbot):
    field = datetime_edit(dt.datetime(2026, 1, 5, 9, 0))
    qtbot.addWidget(field)
    assert field.editor.text() == "05/01/2026 09:00"
    seen = []
    field.changed.connect(seen.append)
    field.clear()
    qtbot.keyClicks(field.editor, "150319901430")
    assert field.datetime() == dt.datetime(1990, 3, 15, 14, 30)
    assert seen[-1] == dt.datetime(1990, 3, 15, 14, 30)
    field.clear()
    qtbot.keyClicks(field.editor, "150319902561")
    with pytest.raises(ValidationError, match="hora inválida"):
        field.datetime()


def test_the_calendar_fills_the_field(qtbot):
    field = date_edit(dt.date(2026, 3, 10))
    qtbot.addWidget(field)
    calendar = field.editor.show_calendar()
    calendar.clicked.emit(calendar.selectedDate().addDays(2))
    assert field.date() == dt.date(2026, 3, 12)


def test_action_form_names_the_mistyped_date(qtbot):
    """A ledger or counter form (ActionForm) refuses a half-typed date before the service
    runs, naming its row."""
    called = []
    day = date_edit()
    form = ActionForm("Registrar pagamento", [("paid_on", "Data do pagamento", day)],
                      lambda v: called.append(v))
    qtbot.addWidget(form)
    day.clear()
    qtbot.keyClicks(day.editor, "1203")
    assert not form.submit() and not called
    assert form.message.text().startswith("Data do pagamento:")

"""Issue 36 item 6, the smaller items, from an empty município (make_municipio): a date
field's calendar opened and closed without a choice is no typing; "31/02/2026" is an
impossible date, not a wrong format; Alt+P presses "Pagar…"; a person registered without a
CEP is saved unchanged in the window (one rule, the domain's)."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.domain import validators
from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.gui.widgets.dates import DateField
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.register import stands

from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle

TODAY = dt.date.today()

# the window's tests on SQLite (the services run on both backends in their own tests)
pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def test_a_calendar_opened_and_closed_without_a_choice_is_no_typing(qtbot, srm, prompts):
    from mototaxi_desk.gui.dialogs.person_forms import PersonEditDialog
    from mototaxi_desk.gui.widgets import unsaved
    person = make_person("Ana Calendário Sá", today=TODAY)
    form = PersonEditDialog(CLERK, person["id"])
    qtbot.addWidget(form)
    form.show()
    date = form.ui.birth
    assert isinstance(date, DateField)
    calendar = date.editor.show_calendar()
    calendar.setFocus()
    qtbot.keyClick(calendar, Qt.Key.Key_PageDown)  # a month browsed, nothing chosen
    calendar.window().close()
    qtbot.wait(10)
    assert not form.has_unsaved_changes()
    asked = []
    unsaved.ask_discard = lambda parent: asked.append(parent) or True
    form.reject()
    assert asked == [] and not form.isVisible()  # Cancel closes without asking


def test_31_02_2026_is_an_impossible_date_not_a_wrong_format(qtbot, srm):
    with pytest.raises(ValidationError) as refused:
        validators.parse_date("31/02/2026", "Data do ato")
    assert str(refused.value) == ("Data do ato: data impossível '31/02/2026': fevereiro de "
                                  "2026 tem 28 dias.")
    assert "não existe o mês 13" in str(pytest.raises(
        ValidationError, validators.parse_date, "12/13/2026", "Data").value)
    assert validators.parse_date("29/02/2028", "Data") == dt.date(2028, 2, 29)
    field = DateField(label="Data do ato")
    qtbot.addWidget(field)
    qtbot.keyClicks(field.editor, "31022026")
    assert "fevereiro de 2026 tem 28 dias" in field.message.text()
    assert "use dd/mm/aaaa" not in field.message.text()


def test_alt_p_presses_pagar_on_a_record_with_a_ponto(qtbot, srm):
    """"Mudar de &ponto…" took Alt+P beside "&Pagar…": Alt+P only moved the focus."""
    stand = stands.create_stand(SUPERVISOR, {"number": 1, "name": "Praça da Matriz",
                                             "location": "Praça da Matriz, centro"})
    holder = make_person("Paulo Ponto Pagador", today=TODAY)
    vehicle = make_vehicle(holder["id"], today=TODAY)
    permits.grant_permit(SUPERVISOR, holder_id=holder["id"], vehicle_id=vehicle["id"],
                         stand_id=stand["id"], on=TODAY)  # its card fee: a debt to pay
    assert fees.open_debts(holder["id"])
    page = PersonPage(CLERK)
    qtbot.addWidget(page)
    page.open_person(holder["id"])
    page.show()
    page.activateWindow()
    qtbot.waitUntil(page.isActiveWindow)
    page.buttons["renew"].setFocus()  # the focus anywhere on the record
    pay = page.buttons["pay"]
    assert pay.isEnabled() and pay.text() == "&Pagar…"
    assert page.buttons["stand"].text() == "Mudar de p&onto…"
    with qtbot.waitSignal(pay.clicked, timeout=1000):
        qtbot.keyClick(page.focusWidget(), Qt.Key.Key_P, Qt.KeyboardModifier.AltModifier)
    assert page.form is not None and page.form.isVisible()  # the payment form opened
    page.form.close()


def test_a_person_registered_without_a_cep_is_saved_unchanged_in_the_window(qtbot, srm,
                                                                            cli, db_url):
    """`person add` leaves the CEP optional; the window's form saves that person as they
    are (it said "CEP: informe os 8 dígitos"): the domain's one rule (validators.cep)."""
    from validate_docbr import CPF

    from mototaxi_desk.gui.dialogs.person_forms import PersonEditDialog
    from mototaxi_desk.store.models import Person
    cpf = CPF().generate()
    code, out, err = cli("--db", db_url, "person", "add", cpf, "--name", "Célia Sem Cep")
    assert code == 0, out + err
    person = Person.get(Person.cpf == cpf)
    assert person.cep == ""
    form = PersonEditDialog(CLERK, person.id)
    qtbot.addWidget(form)
    assert form.ui.cep.raw() == ""
    assert form.save(), form.ui.message.text()
    assert Person.get_by_id(person.id).cep == ""
    with pytest.raises(ValidationError, match="8 dígitos"):
        validators.cep("65840-00")
    assert validators.cep("65840-000") == validators.cep("65840000") == "65840000"


def test_a_mercosul_plate_is_never_echoed_with_a_hyphen_grant_and_inspection(qtbot, srm):
    """"QRS-1D23" came back in the grant and inspection dialogs (a fixed mask put a hyphen
    in both formats); an old plate keeps its hyphen (validators.plate's spelling)."""
    from mototaxi_desk.gui.dialogs.grant import GrantDialog
    from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
    from mototaxi_desk.services.licensing import applications
    person = make_person("Quitéria Mercosul", today=TODAY)
    app = applications.file_application(SUPERVISOR, person["id"], "new_permit")
    grant = GrantDialog(SUPERVISOR, applications.as_dict(
        applications.get_application(app["id"])))
    qtbot.addWidget(grant)
    for typed, shown in (("qrs1d23", "QRS1D23"), ("abc1234", "ABC-1234"),
                         ("QRS-1D23", "QRS1D23")):
        edit = grant.plate.edit
        edit.clear()
        qtbot.keyClicks(edit, typed)
        edit.editingFinished.emit()
        assert edit.text() == shown
    vehicle = make_vehicle(person["id"], today=TODAY)
    mercosul = vehicle["plate_original"]
    assert "-" not in mercosul
    hyphened = f"{mercosul[:3]}-{mercosul[3:]}"
    form = InspectionForm(SUPERVISOR, plate=hyphened)  # as an old mask would have given it
    qtbot.addWidget(form)
    assert form.plate.text() == mercosul and form.vehicle_id == vehicle["id"]
    assert f"<b>{mercosul}</b>" in form.vehicle_info.text()
    typed = InspectionForm(SUPERVISOR)
    qtbot.addWidget(typed)
    qtbot.keyClicks(typed.plate, mercosul.lower())
    assert typed.plate.text() == mercosul


def test_a_300_character_name_is_cut_to_120_and_says_so(qtbot, srm):
    """The field counts as the limit nears and says it at the limit (a ValidatedField's
    message line); a plain line edit (Logradouro) says it beside itself, naming the field
    (typed_limits.watch, every window when shown)."""
    from PySide6.QtWidgets import QApplication, QToolTip

    from mototaxi_desk.gui.dialogs.person_forms import PersonEditDialog
    from mototaxi_desk.gui.widgets import typed_limits
    person = make_person("Ana Limite", today=TODAY)
    form = PersonEditDialog(CLERK, person["id"])
    qtbot.addWidget(form)
    typed_limits.watch(form)  # what the program's hook does when the window is shown
    form.show()
    name = form.ui.name
    name.editor.clear()
    qtbot.keyClicks(name.editor, "Maria " * 16)  # 96 characters: near the limit
    assert name.message.isVisible() and name.message.text() == "96 de 120 caracteres."
    QApplication.clipboard().setText("Silva " * 50)  # 300 characters pasted
    name.editor.end(False)
    qtbot.keyClick(name.editor, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert len(name.editor.text()) == 120
    assert name.message.text() == ("Limite de 120 caracteres atingido: o que passou disso "
                                   "não foi aceito.")
    street = form.ui.street
    qtbot.keyClicks(street, "Rua " * 75)  # 300 characters typed
    assert len(street.text()) == 120
    said = "Logradouro: no máximo 120 caracteres; o que passou disso não foi aceito."
    assert street.toolTip() == said
    assert QToolTip.text() == said

"""A record is created where it is looked for (issue 36 item 2), from a município made by
`init`: a search with no hit offers to register the CPF (the new-person form with the CPF
filled in, the record opening once saved) or the plate (the vehicle form with the plate);
Atendimento and Permissionários have "Nova pessoa" (button and right-click); the record's
Veículos tab registers a vehicle with this person as owner (button and right-click). A CPF
already registered is refused as it is typed, and nothing is written."""
import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from validate_docbr import RENAVAM

from mototaxi_desk.domain import validators
from mototaxi_desk.gui.dialogs.person_forms import NewPersonDialog
from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services.views import search
from mototaxi_desk.store.models import Person, Vehicle

from ..conftest import row_counts
from .town import _isolated_data_dir, new_cpf, new_person, town  # noqa: F401 (fixtures)


@pytest.fixture(scope="module")
def window(town, qapp):
    win = MainWindow(town.actor("atendente"))
    win.resize(1366, 768)
    win.show()
    yield win
    win.close()
    win.deleteLater()


def _type_search(window, qtbot, text):
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    box = window.search_box
    box.clear()
    qtbot.keyClicks(box, text)
    qtbot.waitUntil(lambda: box.completer_.popup().isVisible())
    return box


def _fill_vehicle(qtbot, form, chassis="9C2KC1670HR123456"):
    qtbot.keyClicks(form.renavam, RENAVAM().generate())
    qtbot.keyClicks(form.chassis, chassis)
    qtbot.keyClicks(form.make, "Honda")
    qtbot.keyClicks(form.model, "CG 160")
    qtbot.keyClicks(form.manufacture_year, "2022")
    qtbot.keyClicks(form.model_year, "2022")
    qtbot.keyClicks(form.cc, "160")
    qtbot.keyClicks(form.insurer, "Seguradora Boa")
    qtbot.keyClicks(form.policy, "AP-1")
    qtbot.keyClicks(form.cover, "10000,00")


def test_search_register_offer_reads_cpf_plate_and_name():
    cpf = new_cpf()
    assert search.register_offer(validators.format_cpf(cpf))["cpf"] == cpf
    assert search.register_offer("11111111111") is None  # not a CPF: nothing offered
    assert search.register_offer("qrs1d23") == {"kind": "vehicle", "plate": "QRS1D23",
                                               "text": "placa QRS1D23"}
    assert search.register_offer("Joao da Silva")["name"] == "Joao da Silva"
    assert search.register_offer("2026/000001") is None


def test_a_new_cpf_in_the_search_opens_the_new_person_form_and_then_the_record(window, qtbot):
    cpf = new_cpf()
    box = _type_search(window, qtbot, cpf)
    labels = box._labels.stringList()
    assert labels == [f"Nada encontrado — Enter cadastra a pessoa CPF "
                      f"{validators.format_cpf(cpf)}"]
    qtbot.keyClick(box, Qt.Key.Key_Return)
    form = window.dialog
    assert isinstance(form, NewPersonDialog) and form.isVisible()
    assert form.cpf.raw() == validators.format_cpf(cpf) and not form.cpf.has_error()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.ui.name.editor)  # CPF there
    qtbot.keyClicks(form.ui.name.editor, "Josefa Ribamar Sousa")
    qtbot.keyClick(form.ui.name.editor, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not form.isVisible(), form.ui.message.text()
    person = Person.get(Person.cpf == cpf)
    assert window.person_page.person_id == person.id
    assert "Josefa Ribamar Sousa" in window.person_page.header.text()


def test_a_registered_cpf_is_refused_as_typed_and_nothing_written(window, qtbot):
    existing = new_person("Antonio Ja Cadastrado")
    before = row_counts()
    form = NewPersonDialog(window.actor, parent=window)
    qtbot.addWidget(form)
    form.show()
    qtbot.keyClicks(form.cpf.editor, existing["cpf"])
    assert form.cpf.has_error()
    assert "já está cadastrado (Antonio Ja Cadastrado)" in form.cpf.message.text()
    qtbot.keyClicks(form.ui.name.editor, "Outra Pessoa")
    assert not form.save() and form.isVisible()
    assert row_counts() == before
    assert form.focusWidget() is form.cpf.editor  # back to the refused field


def test_a_new_plate_in_the_search_opens_the_vehicle_form_with_the_plate(window, qtbot):
    owner = new_person("Dono Da Moto Nova")
    box = _type_search(window, qtbot, "QRS1D23")
    assert box._labels.stringList() == [
        "Nada encontrado — Enter cadastra o veículo placa QRS1D23"]
    qtbot.keyClick(box, Qt.Key.Key_Return)
    form = window.dialog
    assert isinstance(form, VehicleForm) and form.isVisible()
    assert form.plate.text() == "QRS1D23"
    qtbot.keyClicks(form.owner_search, owner["cpf"])
    form.search_owner()
    assert form.owner_id == owner["id"]
    _fill_vehicle(qtbot, form)
    assert form.save(), form.message.text()
    assert Vehicle.get(Vehicle.plate_original == "QRS1D23").owner_id == owner["id"]
    assert window.person_page.person_id == owner["id"]


def test_permissionarios_and_atendimento_have_nova_pessoa(window, qtbot):
    for page in (window.holders_page, window.person_page):
        window.nav.setCurrentRow(window.row_of(
            "holders_page" if page is window.holders_page else "person_page"))
        button = page.new_person_button
        assert button.isEnabled() and "Nova pe" in button.text()
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        form = window.dialog
        assert isinstance(form, NewPersonDialog) and form.cpf.is_empty()
        form.reject()
    view = window.holders_page.view  # the right-click of the list, even an empty one
    view.customContextMenuRequested.emit(QPoint(5, 5))
    actions = {a.text(): a for a in view.context_menu.actions()}
    assert "Nova pessoa…" in actions
    actions["Nova pessoa…"].trigger()
    assert isinstance(window.dialog, NewPersonDialog)
    window.dialog.reject()


def test_the_record_veiculos_tab_registers_a_vehicle_for_this_person(window, qtbot):
    person = new_person("Francisca Sem Moto")
    window.open_person(person["id"])
    page = window.person_page
    button = page.new_vehicle_button
    assert button.isEnabled() and button.text() == "Cadastrar veícu&lo para esta pessoa…"
    page.tabs.setCurrentIndex(page._first_model_tab + page._titles.index("Veículos"))
    assert button.isVisible() and page.views["vehicles"].isVisible()  # the table below it
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    form = page.form
    assert isinstance(form, VehicleForm) and form.owner_id == person["id"]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.plate)  # the owner is there
    qtbot.keyClicks(form.plate, "ABC1E55")
    _fill_vehicle(qtbot, form, chassis="9C2KC1670HR654321")
    assert form.save(), form.message.text()
    assert [r["plate_original"] for r in page.vehicles.rows] == ["ABC1E55"]
    assert "Veículos (1)" in page.tabs.tabText(page._first_model_tab + page._titles.index("Veículos"))
    view = page.views["vehicles"]  # the right-click: open this one or register another
    view.customContextMenuRequested.emit(view.visualRect(page.vehicles.index(0, 0)).center())
    texts = [a.text() for a in view.context_menu.actions()]
    assert texts == ["Abrir veículo…", "Cadastrar veículo para esta pessoa…"]
    view.context_menu.actions()[1].trigger()
    assert isinstance(page.form, VehicleForm) and page.form.owner_id == person["id"]
    page.form.reject()


def test_a_fiscal_sees_the_buttons_off_and_no_offer(town, qtbot):
    win = MainWindow(town.actor("fiscal"))
    qtbot.addWidget(win)
    assert not win.holders_page.new_person_button.isEnabled()
    assert not win.person_page.new_person_button.isEnabled()
    win.search_box.actor = town.actor("fiscal")  # as account.install sets it after login
    win.search_box.setText(new_cpf())
    win.search_box.run_search()
    assert win.search_box.offer is None
    assert win.search_box._labels.stringList() == ["Nada encontrado"]


def test_the_vehicle_form_registers_an_owner_nobody_found(window, qtbot):
    """The plate searched for, the owner's CPF typed: nobody — "Cadastrar pessoa" (Alt+E)
    opens the new-person form with that CPF, and the new person is the owner."""
    form = window.new_vehicle(plate="RST2E34")
    qtbot.waitExposed(form)
    button = form.new_owner_button
    assert not button.isVisible()
    cpf = new_cpf()
    qtbot.keyClicks(form.owner_search, cpf)
    form.search_owner()
    assert button.isVisible() and not form.owner_combo.isVisible()
    assert "cadastre-a aqui" in form.owner_box.message.text()
    form.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is form)
    qtbot.keyClick(form.owner_search, Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: getattr(form, "owner_form", None) is not None)
    person_form = form.owner_form
    assert person_form.cpf.raw() == validators.format_cpf(cpf)
    qtbot.keyClicks(person_form.ui.name.editor, "Dona Nova Da Moto")
    assert person_form.save()
    assert form.owner_id == Person.get(Person.cpf == cpf).id
    assert form.owner_combo.isVisible() and not button.isVisible()
    form.reject()


def test_the_new_buttons_letters_are_their_own(window):
    """Alt+S (Nova pessoa) and Alt+L (Cadastrar veículo) press nothing else on the record;
    Alt+N (Nova pessoa) nothing else on Permissionários."""
    from PySide6.QtWidgets import QAbstractButton, QLabel

    from mototaxi_desk.gui import mnemonics

    def holders_of(letter):
        return [w.text() for w in window.findChildren(QAbstractButton) + window.findChildren(
            QLabel) if w.isVisibleTo(window) and mnemonics.letter(w.text()) == letter]
    window.open_person(new_person()["id"])
    page = window.person_page
    page.tabs.setCurrentIndex(page._first_model_tab + page._titles.index("Veículos"))
    assert holders_of("s") == ["Nova pe&ssoa…"]
    assert holders_of("l") == ["Cadastrar veícu&lo para esta pessoa…"]
    window.nav.setCurrentRow(window.row_of("holders_page"))
    assert holders_of("n") == ["&Nova pessoa…"]

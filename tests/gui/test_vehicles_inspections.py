"""Veículos, Vistorias and Verificar documento on the demo data: live validation of plate,
RENAVAM and chassis (nothing written when refused), the other plate spelling and the age
limit, a good vehicle saved; an approved inspection issues a sticker printed as a PDF; a
failed item takes the vehicle out of circulation; a printed card's QR verifies VÁLIDO and
an altered one INVÁLIDO."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt
from validate_docbr import RENAVAM

from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
from mototaxi_desk.gui.dialogs.print_preview import PrintPreviewDialog
from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
from mototaxi_desk.gui.widgets.fields import ERROR_COLOUR
from mototaxi_desk.gui.dialogs.verify import VerifyDialog
from mototaxi_desk.printing import qr
from mototaxi_desk.gui.pages.vehicles import VehiclesPage
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import documents
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import Permit, Vehicle

from ..conftest import row_counts
from ..printing import pdf_tools


@pytest.fixture
def clerk(demo_data):
    return users.authenticate("atendente", demo.DEMO_PASSWORD)


@pytest.fixture
def fiscal(demo_data):
    return users.authenticate("fiscal", demo.DEMO_PASSWORD)


def _holder():
    return Permit.select().where(Permit.status == "active").order_by(Permit.id).first().holder_id


def _clean_permit():
    """An active, current permit whose holder owes nothing (SRM Art. 17 §1)."""
    today = dt.date.today()
    for permit in Permit.select().where((Permit.status == "active") &
                                        (Permit.valid_until >= today)).order_by(Permit.id):
        if permit.vehicle_id and not fees.open_debts(permit.holder_id) and \
                not permit.vehicle.out_of_service:
            return permit
    pytest.fail("a demonstração deveria ter uma permissão em dia e sem débitos")


def test_vehicle_form_refuses_bad_plate_renavam_chassis_live(qtbot, clerk):
    form = VehicleForm(clerk, owner_id=_holder())
    qtbot.addWidget(form)
    before = row_counts()
    qtbot.keyClicks(form.plate, "AB-12345")
    qtbot.keyClicks(form.renavam, "12345678901")
    qtbot.keyClicks(form.chassis, "9C2KC0810QR000001")
    for box, words in ((form.plate_box, "placa inválida"), (form.renavam_box, "dígito"),
                       (form.chassis_box, "I, O ou Q")):
        assert box.has_error and words in box.message.text().lower() or \
            words in box.message.text()
        assert ERROR_COLOUR in box.field.styleSheet()
    assert not form.save_button.isEnabled()
    assert form.save() is False
    assert form.plate.hasFocus() or form.focusWidget() is form.plate
    assert form.plate.text() == "AB-12345"  # typed data kept
    assert row_counts() == before


def test_vehicle_form_shows_other_spelling_and_age_limit_then_saves(qtbot, clerk):
    owner = _holder()
    form = VehicleForm(clerk, owner_id=owner)
    qtbot.addWidget(form)
    form.show()
    qtbot.keyClicks(form.plate, "qwe-4321")
    assert form.plate.text() == "QWE-4321"
    assert not form.plate_box.has_error
    assert "QWE4D21" in form.plate_box.message.text()
    year = dt.date.today().year - 1
    qtbot.keyClicks(form.manufacture_year, str(year))
    assert f"31/12/{year + 6}" in form.age_limit.text()  # SRM Art. 19: 6 years
    qtbot.keyClicks(form.renavam, RENAVAM().generate())
    qtbot.keyClicks(form.chassis, "9C2KC0810ER000777")
    qtbot.keyClicks(form.make, "Honda")
    qtbot.keyClicks(form.model, "CG 160 Fan")
    qtbot.keyClicks(form.model_year, str(year))
    qtbot.keyClicks(form.cc, "160")
    qtbot.keyClicks(form.cover, "10.000,00")
    assert "R$ 10.000,00" in form.cover_box.message.text()
    assert form.save_button.isEnabled(), form.message.text()
    qtbot.keyClick(form.cc, Qt.Key.Key_Return)  # Enter saves
    assert form.result_data is not None, form.message.text()
    vehicle = Vehicle.get(Vehicle.id == form.result_data["id"])
    assert (vehicle.plate, vehicle.plate_original, vehicle.owner_id) == ("QWE4D21", "QWE-4321",
                                                                       owner)
    page = VehiclesPage(clerk)
    qtbot.addWidget(page)
    page.filter.setText("QWE4D21")  # the other spelling finds it
    page.refresh()
    assert [r["plate_original"] for r in page.model.rows] == ["QWE-4321"]


def test_vehicle_form_refusal_of_the_service_keeps_the_data(qtbot, clerk):
    taken = Vehicle.select().order_by(Vehicle.id).first()
    form = VehicleForm(clerk, owner_id=_holder())
    qtbot.addWidget(form)
    before = row_counts()
    year = str(dt.date.today().year - 1)
    for field, text in ((form.plate, taken.plate_original), (form.renavam, RENAVAM().generate()),
                        (form.chassis, "9C2KC0810ER000778"), (form.make, "Honda"),
                        (form.model, "Pop 110"), (form.manufacture_year, year),
                        (form.model_year, year), (form.cc, "110")):
        qtbot.keyClicks(field, text)
    assert form.save() is False
    assert "já está cadastrada" in form.message.text()
    assert form.plate_box.has_error and form.plate.text() == taken.plate_original
    assert row_counts() == before


def test_inspection_all_passed_issues_a_sticker_printed_as_pdf(qtbot, fiscal):
    permit = _clean_permit()
    form = InspectionForm(fiscal, plate=permit.vehicle.plate_original)
    qtbot.addWidget(form)
    assert form.vehicle_id == permit.vehicle_id
    assert not form.save_button.isEnabled()  # items not answered yet
    form.pass_all()
    assert "APROVADA" in form.preview.text()
    previews = []
    form.confirm = lambda text: True
    form.show_preview = previews.append
    assert form.save(), form.message.text()
    serial = form.result_data["sticker_serial"]
    assert form.result_data["approved"] and serial
    assert previews and previews[0]["pdf"].startswith(b"%PDF")
    assert previews[0]["copies"][0]["key"] == serial
    dialog = PrintPreviewDialog(previews[0])
    qtbot.addWidget(dialog)
    assert dialog.document.pageCount() >= 1


def test_a_failed_item_takes_the_vehicle_out_of_circulation(qtbot, fiscal):
    permit = _clean_permit()
    form = InspectionForm(fiscal, plate=permit.vehicle.plate)  # Mercosul spelling
    qtbot.addWidget(form)
    form.pass_all()
    first = next(iter(form.groups))
    form.set_answer(first, "fail")
    assert "REPROVADA" in form.preview.text()
    form.inform = lambda text: None
    assert form.save(), form.message.text()
    assert not form.result_data["approved"] and not form.result_data["sticker_serial"]
    assert Vehicle.get(Vehicle.id == permit.vehicle_id).out_of_service


def test_inspection_refused_by_the_law_shows_the_article(qtbot, fiscal):
    permit = Permit.select().where(Permit.status != "active").where(
        Permit.vehicle.is_null(False)).first()
    if permit is None:
        pytest.fail("a demonstração deveria ter uma permissão fora de vigor")
    form = InspectionForm(fiscal, plate=permit.vehicle.plate_original)
    qtbot.addWidget(form)
    form.pass_all()
    before = row_counts()
    assert form.save() is False
    assert "Art. 17" in form.message.text()
    assert row_counts() == before


def test_srm_art_17_par_1_blocker_shows_as_soon_as_the_plate_is_chosen(qtbot, fiscal):
    """The holder's open debt is shown when the plate is found, before the checklist."""
    permit = _clean_permit()
    fees.charge(fiscal, permit.holder_id, "inspection", on=dt.date.today(),
                permit_id=permit.id)
    form = InspectionForm(fiscal, plate=permit.vehicle.plate_original)
    qtbot.addWidget(form)
    assert form.vehicle_id == permit.vehicle_id
    text = form.debt_offer.text.text()  # said once, with the offer to pay (issue 36)
    assert "Atenção" in text and "débitos" in text and "(Art. 17 §1º)" in text
    clean = InspectionForm(fiscal, plate=_clean_permit().vehicle.plate_original)
    qtbot.addWidget(clean)
    assert "Atenção" not in clean.vehicle_info.text()


def test_verify_dialog_valid_card_and_altered_one(qtbot, clerk):
    permit = Permit.select().where((Permit.status == "active") &
                                   (Permit.valid_until >= dt.date.today())).first()
    printed = documents.print_cards(clerk, [permit.order_number])
    documents.confirm(clerk, printed)  # printed: the copy counts
    texts = pdf_tools.qr_texts(printed["pdf"], 0, 150)
    assert len(texts) == 1
    text = texts[0]
    dialog = VerifyDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.text, text)
    qtbot.keyClick(dialog.text, Qt.Key.Key_Return)  # the reader ends with Enter
    assert dialog.verdict.text() == "VÁLIDO", dialog.details.text()
    assert permit.vehicle.plate in dialog.details.text()
    assert dialog.isVisible()  # Enter ran the check, it did not close the dialog
    altered = text[:-4] + ("0" if text[-4] != "0" else "1") + text[-3:]
    dialog.text.setText(altered + "\r\n")
    dialog.verify()
    assert dialog.verdict.text() == "INVÁLIDO"
    assert "falsificado" in dialog.details.text().lower()
    permit.status = "revoked"  # issue 17: a genuine card of a revoked permit
    permit.save()
    dialog.text.setText(text)
    dialog.verify()
    assert dialog.verdict.text() == "INVÁLIDO"
    assert "Permissão revogada" in dialog.details.text()
    # issue 39 item 4: another município's card — who it names, not its data
    record = qr.decode(text)[0]
    dialog.text.setText(qr.sign(qr.QrRecord(**{**record.__dict__, "ibge": "3540606"}),
                                qr.new_private_key()))
    dialog.verify()
    details = dialog.details.text()
    assert "Documento de outro município (IBGE 3540606)" in details
    assert "Chave indicada" in details and "3540606-1" in details
    assert "Os dados deste documento não são mostrados" in details
    for claim in (record.plate, "Permissão nº", "CPF"):
        assert claim not in details

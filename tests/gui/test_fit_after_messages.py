"""Issue 36 item 5, from an empty município (make_municipio): a dialog keeps to its screen
once its messages appear (the inspection form's debt warning at 125% widened it to 1279 px),
the vehicle form's owner box never cuts the CPF, the card is offered on its own paper in
the print dialog (not A4), and the preview says where "Salvar PDF" put the file.
The whole program at 1366×768 100%/125% and 1920×1080 150%: tests/gui/test_fit.py."""
import datetime as dt

import pytest
from PySide6.QtGui import QPageLayout
from PySide6.QtPrintSupport import QPrinter

from mototaxi_desk.gui import screen_fit
from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
from mototaxi_desk.gui.dialogs.print_preview import PrintPreviewDialog, load_pdf, printer_for
from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
from mototaxi_desk.services import documents
from mototaxi_desk.services.payments import fees

from ..factories import CLERK, SUPERVISOR, make_person
from ..services.ledger_helpers import holder_permit

TODAY = dt.date.today()
LONG_NAME = "Maria Aparecida da Conceição Nascimento dos Santos Albuquerque"


# the window's tests on SQLite (the services run on both backends in their own tests)
pytestmark = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def test_the_inspection_form_with_a_debt_stays_within_its_screen_srm_art_17_par_1(qtbot,
                                                                                   srm):
    """The refusal shown with the plate (a debt, SRM Art. 17 §1º) wraps: the form is no
    wider than the screen, before and after it appears."""
    holder, permit = holder_permit(LONG_NAME, on=TODAY)
    fees.charge(SUPERVISOR, holder["id"], "inspection", on=TODAY, permit_id=permit["id"])
    form = InspectionForm(SUPERVISOR)
    qtbot.addWidget(form)
    form.show()
    room_width = screen_fit.room(form)[0]
    qtbot.keyClicks(form.plate, form_plate(permit))
    form.find_vehicle()
    qtbot.wait(10)
    said = form.debt_offer.text.text()  # the refusal, once, in the offer to pay (issue 36)
    assert "Art. 17 §1º" in said and "débitos" in said
    assert form.minimumSizeHint().width() <= room_width
    assert form.width() <= room_width
    assert screen_fit.available(form).contains(form.geometry())
    assert form.vehicle_info.wordWrap()


def form_plate(permit) -> str:
    from mototaxi_desk.store.models import Permit
    return Permit.get_by_id(permit["id"]).vehicle.plate_original


def test_the_vehicle_owner_box_shows_the_cpf_whole(qtbot, srm):
    person = make_person(LONG_NAME, today=TODAY)
    form = VehicleForm(CLERK, owner_id=person["id"])
    qtbot.addWidget(form)
    form.show()
    qtbot.waitExposed(form)
    combo = form.owner_combo
    text = combo.currentText()
    assert text.startswith("CPF ") and LONG_NAME in text
    cpf_part = text.split(" — ")[0] + " — "
    # the CPF and the dash after it fit inside the box (the arrow and frame left aside)
    assert combo.fontMetrics().horizontalAdvance(cpf_part) + 40 <= combo.width()
    assert combo.toolTip() == text  # the whole name when the box cuts it


def test_the_card_is_offered_on_its_own_paper_not_a4(qtbot, srm, tmp_path):
    holder, permit = holder_permit(on=TODAY)
    printed = documents.print_cards(CLERK, [permit["order_number"]])
    document = load_pdf(printed["pdf"])
    printer = printer_for(document)
    layout = printer.pageLayout()
    size = layout.fullRectPoints()
    # ID-1: 85.6 × 54 mm, landscape
    assert abs(size.width() - 85.6 / 25.4 * 72) < 2 and abs(size.height() - 54 / 25.4 * 72) < 2
    assert layout.orientation() == QPageLayout.Orientation.Landscape
    assert printer.fullPage() and printer.resolution() == 300
    assert QPrinter().pageLayout().fullRectPoints().width() > 500  # Qt's default: A4/Letter
    documents.release(printed)


def test_saving_the_pdf_says_where_it_went(qtbot, srm, tmp_path):
    holder, permit = holder_permit(on=TODAY)
    dialog = PrintPreviewDialog(documents.print_cards(CLERK, [permit["order_number"]]))
    qtbot.addWidget(dialog)
    target = tmp_path / "cartao.pdf"
    assert dialog.save_pdf(str(target)) == str(target)
    assert target.exists()
    assert dialog.status.text() == f"PDF salvo em {target}"
    assert "1b5e20" in dialog.status.styleSheet()  # green: done, not a refusal


@pytest.mark.parametrize("width", [1190, 916], ids=["1366x768-100", "1366x768-125"])
def test_the_pontos_list_never_scrolls_sideways_nor_hides_local(qtbot, srm, width):
    """The page's width at 1366×768 at 100% and 125% (less the navigation): the list of
    pontos shows "Local" whole, and neither table scrolls sideways (the roster goes below
    the list when both do not fit side by side)."""
    from PySide6.QtWidgets import QBoxLayout

    from mototaxi_desk.gui.pages.stands import StandsPage
    from mototaxi_desk.gui.widgets import table_fit
    from mototaxi_desk.services.register import stands
    for number, name in ((1, "Praça São Raimundo Nonato"), (2, "Hospital Municipal Dr. José")):
        stands.create_stand(SUPERVISOR, {"number": number, "name": name,
                                         "location": f"{name}, centro"})
    holder_permit(LONG_NAME, on=TODAY)
    page = StandsPage(SUPERVISOR)
    qtbot.addWidget(page)
    page.resize(width, 560)
    page.show()
    page.refresh()
    qtbot.waitExposed(page)
    qtbot.wait(20)
    for view in (page.stand_view, page.place_view):
        header = view.horizontalHeader()
        assert header.length() <= view.viewport().width(), (width, view.objectName())
        assert view.horizontalScrollBar().maximum() == 0
    local = page.stand_view.horizontalHeader()
    assert local.sectionSize(3) >= page.stand_view.sizeHintForColumn(3)  # "Local" whole
    if page.body.direction() == QBoxLayout.Direction.LeftToRight:  # as wide as its columns
        assert page.stand_view.width() >= table_fit.width_needed(page.stand_view) - 1

"""The forms the pages and the main window open are window-modal without blocking (open(),
not exec()): the window's event loop goes on, and a test drives them as the user would.
Before, these five waited in a nested event loop of their own."""
from mototaxi_desk.gui.dialogs.batch_print import BatchPrintDialog
from mototaxi_desk.gui.dialogs.inspection_form import InspectionForm
from mototaxi_desk.gui.dialogs.notice_entry import NoticeEntryDialog
from mototaxi_desk.gui.dialogs.vehicle_form import VehicleForm
from mototaxi_desk.gui.dialogs.verify import VerifyDialog
from mototaxi_desk.gui.main_window import MainWindow

from .town import _isolated_data_dir, town  # noqa: F401 (fixtures)


def test_forms_open_window_modal_and_return_at_once(town, qtbot):
    window = MainWindow(town.actor("supervisor"))
    qtbot.addWidget(window)
    window.show()
    opened = [window.verify_document(), window.batch_print(),
              window.vehicles_page.new_vehicle(), window.inspections_page.new_inspection(),
              window.infractions_page.new_notice()]
    kinds = (VerifyDialog, BatchPrintDialog, VehicleForm, InspectionForm, NoticeEntryDialog)
    for dialog, kind in zip(opened, kinds, strict=True):
        assert isinstance(dialog, kind)
        assert dialog.isVisible() and dialog.isModal()
        dialog.close()

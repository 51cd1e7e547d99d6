"""Issue 22 in the window: the guia issued from the record (prontuário), the collection data
and the bank return on Configurações → Cobrança, and 'Tirar foto' with the webcam — driven by
a fake frame source (the dialog's seam), the no-camera message from the real one."""
import datetime as dt

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtGui import QColor, QImage, QPainter

from mototaxi_desk.domain import febraban
from mototaxi_desk.gui.dialogs.camera import NO_CAMERA, CameraDialog, FrameSource
from mototaxi_desk.gui.dialogs.photo_crop import OUT_H, OUT_W, PhotoCropDialog
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.gui.pages.settings_collection import CollectionTab
from mototaxi_desk.services.payments import collection, fees
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.context import SYSTEM, Actor
from mototaxi_desk.store.models import BankReturnFile, Fee, Guia, MunicipioSettings

from ..conftest import row_counts
from ..factories import CLERK, make_person

SUPERVISOR = Actor(None, "supervisor.teste", "supervisor")


@pytest.fixture
def debtor(srm):
    person = make_person("Conceição Araújo Sá")
    fees.charge(CLERK, person["id"], "stand_change", on=dt.date.today())
    return person


def _page(qtbot, actor, person_id) -> PersonPage:
    page = PersonPage(actor)
    qtbot.addWidget(page)
    page.open_person(person_id)
    return page


def test_the_clerk_issues_a_guia_from_the_record(qtbot, debtor):
    page = _page(qtbot, CLERK, debtor["id"])
    button = page.buttons["guia"]
    assert not button.isEnabled() and "CNPJ" in button.toolTip()   # no collection data yet
    collection.update(SYSTEM, cnpj="11222333000181", febraban_code="1234",
                      pix_key="11222333000181")
    page.refresh()
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    form = page.form
    assert "R$ 144,78" in form.ui.amount.text()
    saturday = dt.date.today() + dt.timedelta(days=(5 - dt.date.today().weekday()) % 7 or 7)
    form.ui.due.setDate(QDate(saturday))
    assert "não é dia útil" in form.ui.due_note.text()
    qtbot.mouseClick(form.ok_button, Qt.MouseButton.LeftButton)
    guia = Guia.get()
    assert guia.due_on > saturday and guia.due_on.weekday() < 5
    assert f"Guia {guia.year}/000001 emitida" in page.message.text()
    assert form.result_value["pdf"].startswith(b"%PDF")


def test_a_fiscal_sees_why_there_is_no_guia(qtbot, debtor):
    page = _page(qtbot, Actor(None, "f", "fiscal"), debtor["id"])
    assert not page.buttons["guia"].isEnabled()
    assert "não pode emitir guias" in page.buttons["guia"].toolTip()


def test_collection_data_is_checked_saved_and_read_only_for_others(qtbot, srm):
    tab = CollectionTab(SYSTEM)
    qtbot.addWidget(tab)
    tab.refresh()
    qtbot.keyClicks(tab.ui.cnpj.editor, "11.222.333/0001-80")
    assert tab.ui.cnpj.has_error()                       # checked as typed
    before = row_counts()
    assert not tab.save() and row_counts() == before
    tab.ui.cnpj.setText("11.222.333/0001-81")
    tab.ui.febraban.setText("1234")
    tab.ui.pix_kind.setCurrentIndex(tab.ui.pix_kind.findData("phone"))
    tab.ui.pix_key.setText("(99) 98765-4321")
    tab.ui.module.setCurrentIndex(1)
    assert tab.save(), tab.ui.data_message.text()
    row = MunicipioSettings.get()
    assert (row.cnpj, row.febraban_code, row.barcode_module, row.pix_key) == (
        "11222333000181", "1234", 11, "+5599987654321")
    clerk_tab = CollectionTab(CLERK)
    qtbot.addWidget(clerk_tab)
    assert not clerk_tab.ui.save.isEnabled() and not clerk_tab.ui.import_button.isEnabled()


def test_the_supervisor_imports_a_bank_return_from_configuracoes(qtbot, debtor, tmp_path):
    collection.update(SYSTEM, cnpj="11222333000181", febraban_code="1234")
    from mototaxi_desk.services.payments import guias
    fee = Fee.get()
    guia = guias.issue(CLERK, "fee", fee.id)["guia"]
    today = dt.date.today()
    records = [febraban.header_record(convenio="1", company="P", bank_code="104",
                                      bank_name="CAIXA", generated_on=today, sequence=3),
               febraban.item_record(barcode_digits=guia["barcode"], cents=guia["amount_cents"],
                                    paid_on=today, credited_on=today, record_number=1),
               febraban.item_record(barcode_digits="8" * 44, cents=100, paid_on=today,
                                    credited_on=today, record_number=2),
               febraban.trailer_record(4, guia["amount_cents"] + 100)]
    path = tmp_path / "retorno.ret"
    path.write_text("\n".join(records) + "\n", encoding="ascii")
    tab = CollectionTab(SUPERVISOR)
    qtbot.addWidget(tab)
    tab.refresh()
    assert not tab.ui.save.isEnabled() and tab.ui.import_button.isEnabled()
    report = tab.import_file(str(path))
    assert report["counts"]["matched"] == 1 and report["counts"]["unknown"] == 1
    assert "1 baixado(s)" in tab.ui.summary.text()
    assert tab.item_model.rowCount() == 2 and tab.file_model.rowCount() == 1
    assert Fee.get_by_id(fee.id).status == "paid"
    assert tab.import_file(str(path))["already_imported"]
    assert BankReturnFile.select().count() == 1 and "já foi importado" in tab.ui.summary.text()
    assert tab.import_file(str(tmp_path / "nada.ret")) is None
    assert "Não foi possível ler" in tab.ui.summary.text()


class FakeCamera(FrameSource):
    """Frames pushed by the test, like the webcam's."""

    def __init__(self, reason: str = ""):
        super().__init__()
        self.reason, self.running = reason, False

    def unavailable_reason(self) -> str:
        return self.reason

    def start(self) -> None:
        self.running = True

    def stop(self) -> None:
        self.running = False

    def push(self, image: QImage) -> None:
        self.frame.emit(image)


def _portrait() -> QImage:
    image = QImage(640, 480, QImage.Format.Format_RGB32)
    image.fill(QColor("#9db7cf"))
    painter = QPainter(image)
    painter.setBrush(QColor("#d9a982"))
    painter.drawEllipse(260, 90, 120, 160)
    painter.end()
    return image


def test_a_photo_taken_with_the_camera_goes_through_the_crop_dialog(qtbot, debtor):
    page = _page(qtbot, CLERK, debtor["id"])
    camera = FakeCamera()
    dialog = page.take_photo(camera)
    assert camera.running and not dialog.ui.capture.isEnabled()   # waiting for a picture
    camera.push(_portrait())
    assert dialog.ui.capture.isEnabled() and dialog.view.frame is not None
    frame = dialog.view.frame_rect()
    assert frame.width() / frame.height() == pytest.approx(3 / 4, abs=0.01)
    qtbot.mouseClick(dialog.ui.capture, Qt.MouseButton.LeftButton)
    assert not camera.running
    crop = page.form
    assert isinstance(crop, PhotoCropDialog)
    assert (crop.view.frame.width(), crop.view.frame.height()) == (360, 480)  # same 3×4
    qtbot.mouseClick(crop.save_button, Qt.MouseButton.LeftButton)
    stored = QImage.fromData(persons.photo(debtor["id"]))
    assert (stored.width(), stored.height()) == (OUT_W, OUT_H)
    assert page.message.text() == "Foto salva."


def test_no_camera_is_a_clear_message_never_a_crash(qtbot):
    """Offscreen there is no video input: the real source (QtMultimedia) says so."""
    dialog = CameraDialog()
    qtbot.addWidget(dialog)
    assert dialog.message.text() == NO_CAMERA
    assert not dialog.ui.capture.isEnabled() and dialog.capture() is None
    with qtbot.waitSignal(dialog.choose_file):
        qtbot.mouseClick(dialog.ui.from_file, Qt.MouseButton.LeftButton)


def test_a_camera_that_fails_or_is_denied_is_a_message(qtbot):
    camera = FakeCamera()
    dialog = CameraDialog(camera)
    qtbot.addWidget(dialog)
    camera.failed.emit("A câmera não pôde ser usada (em uso).")
    assert "em uso" in dialog.message.text() and not camera.running
    assert not dialog.ui.capture.isEnabled()
    from mototaxi_desk.gui.dialogs.camera import DENIED
    denied = CameraDialog(FakeCamera(DENIED))
    qtbot.addWidget(denied)
    assert "negado" in denied.message.text() and not denied.ui.capture.isEnabled()


def test_the_main_window_does_not_load_qtmultimedia():
    """QtMultimedia (PySide6-Addons) loads when the camera dialog opens, not before: the
    window and the record import without it."""
    import subprocess
    import sys
    code = ("import sys; from mototaxi_desk.gui import main_window; "
            "from mototaxi_desk.gui.dialogs import camera; "
            "print('PySide6.QtMultimedia' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "False", done.stderr

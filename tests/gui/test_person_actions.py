"""The person's record (prontuário) serves the visit: renew, second copy of the card, pay,
file a defence, change stand, load the 3×4 photo — buttons enabled only when the action
applies and the role may do it; a refusal shows the service's Portuguese message in the form
and writes nothing."""
import datetime as dt

import os
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.gui import prompts
from mototaxi_desk.gui.dialogs.photo_crop import OUT_H, OUT_W, PhotoCropDialog, read_image
from mototaxi_desk.gui.pages.person import PersonPage
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services import ledger
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import Fee, NoticeProceeding, Permit, PrintLog

from ..conftest import program_update, row_counts
from ..services.ledger_helpers import notice_data

REAL_SHOW_PREVIEW = prompts.show_preview  # read before the autouse `prompts` fixture patches it


def _actor(role):
    return users.authenticate(role, demo.DEMO_PASSWORD)


def _clear_holder() -> Permit:
    """An active permit on a stand whose holder owes nothing."""
    for permit in Permit.select().where((Permit.status == "active") & Permit.stand.is_null(False)
                                        ).order_by(Permit.id):
        try:
            fees.check_no_debts(permit.holder_id, "x")
        except DomainError:
            continue
        return permit
    pytest.fail("a demonstração deveria ter um permissionário ativo, em ponto, sem débitos")


def _page(qtbot, role, person_id) -> PersonPage:
    page = PersonPage(_actor(role))
    qtbot.addWidget(page)
    page.open_person(person_id)
    return page


def _click(qtbot, button) -> None:
    assert button.isEnabled(), button.toolTip()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_supervisor_renews_from_the_record_with_the_act(qtbot, demo_data):
    """SRM Art. 51: the renewal gives 5 more years; the card fee (Art. 47 I) is charged."""
    permit = _clear_holder()
    program_update(Permit, Permit.id == permit.id,  # sealed (issue 34)
                   valid_until=dt.date.today() + dt.timedelta(days=20))
    page = _page(qtbot, "supervisor", permit.holder_id)
    _click(qtbot, page.buttons["renew"])
    form = page.form
    assert "nova validade" in form.intro.text() and "Art. 51" in form.intro.text()
    qtbot.keyClicks(form.widget("act"), "Portaria 40/2026")
    fees_before = Fee.select().where(Fee.person == permit.holder_id).count()
    _click(qtbot, form.ok_button)
    renewed = Permit.get_by_id(permit.id)
    assert renewed.valid_until > dt.date.today() + dt.timedelta(days=20)
    assert Fee.select().where(Fee.person == permit.holder_id).count() == fees_before + 1
    assert "renovada até" in page.message.text()


def test_clerk_renewal_is_filed_as_an_application(qtbot, demo_data):
    """The atendente cannot renew (supervisor decides); the button opens the renewal
    application for this person instead."""
    permit = _clear_holder()
    program_update(Permit, Permit.id == permit.id,  # sealed (issue 34)
                   valid_until=dt.date.today() + dt.timedelta(days=20))
    page = _page(qtbot, "atendente", permit.holder_id)
    assert "requerimento" in page.buttons["renew"].text()
    _click(qtbot, page.buttons["renew"])
    wizard = page.form
    assert wizard.app_type() == "renewal"
    assert wizard.applicant_page.person_id == permit.holder_id


def test_second_copy_charges_the_fee_and_open_debt_refuses_the_next(qtbot, demo_data,
                                                                    tmp_path, monkeypatch):
    """SRM Art. 47 I: the 2ª via pays the card fee; Art. 50: an open debt blocks the next
    request — the form shows the refusal and nothing is written. Issue 17: the copy and its
    fee count when the preview is printed or saved; a preview closed spends nothing."""
    permit = _clear_holder()
    page = _page(qtbot, "atendente", permit.holder_id)
    monkeypatch.setattr(prompts, "show_preview", REAL_SHOW_PREVIEW)  # the real preview here
    _click(qtbot, page.buttons["second_copy"])
    _click(qtbot, page.form.ok_button)
    page.preview.reject()  # closed without printing: nothing issued, nothing charged
    for turn in range(2):  # the first print is the card itself, the second a 2ª via
        _click(qtbot, page.buttons["second_copy"])
        _click(qtbot, page.form.ok_button)
        assert page.preview.save_pdf(str(tmp_path / f"cartao-{turn}.pdf"))
        page.preview.accept()
    copies = PrintLog.select().where((PrintLog.document == "card") &
                                     (PrintLog.entity_key == str(permit.order_number)) &
                                     (PrintLog.state == "issued")).count()
    assert copies == 2 and "2ª via" in page.message.text()
    fee = Fee.select().where((Fee.person == permit.holder_id) & (Fee.status == "open")).get()
    assert fee.code == "card" and fee.permit_id == permit.id
    assert page.buttons["pay"].isEnabled()
    _click(qtbot, page.buttons["second_copy"])
    form = page.form
    before = row_counts()
    _click(qtbot, form.ok_button)
    assert "débitos em aberto" in form.message.text() and "Art. 50" in form.message.text()
    assert form.isVisible() and row_counts() == before


def test_pay_open_fee_refuses_without_receipt_then_pays(qtbot, demo_data):
    permit = _clear_holder()
    fees.charge(_actor("atendente"), permit.holder_id, "card", on=dt.date.today(),
                permit_id=permit.id)
    page = _page(qtbot, "atendente", permit.holder_id)
    _click(qtbot, page.buttons["pay"])
    form = page.form
    assert form.widget("amount").text() == "R$ 48,26"
    before = row_counts()
    _click(qtbot, form.ok_button)
    assert "recibo" in form.message.text().lower() and row_counts() == before
    qtbot.keyClicks(form.widget("receipt"), "DAM 2026/555")
    _click(qtbot, form.ok_button)
    assert Fee.select().where((Fee.person == permit.holder_id) &
                              (Fee.status == "open")).count() == 0
    assert not page.buttons["pay"].isEnabled()


def test_defence_filed_from_the_record_and_fiscal_may_not(qtbot, demo_data):
    """SRM Art. 35 §1º: the written defence within the term; the supervisor judges it."""
    permit = _clear_holder()
    when = dt.datetime.now().replace(second=0, microsecond=0) - dt.timedelta(hours=2)
    notice = ledger.record_notice(_actor("fiscal"), notice_data(
        {"id": permit.id}, "36-II", when, infractor_signed=True))
    fiscal = _page(qtbot, "fiscal", permit.holder_id)
    assert not fiscal.buttons["defence"].isEnabled()
    assert "não pode" in fiscal.buttons["defence"].toolTip()
    page = _page(qtbot, "atendente", permit.holder_id)
    _click(qtbot, page.buttons["defence"])
    form = page.form
    before = row_counts()
    _click(qtbot, form.ok_button)  # no text: refused in the form
    assert "Texto da defesa" in form.message.text() and row_counts() == before
    form.widget("text").setFocus()
    # QTest's keyClicks types ASCII only (an accented letter aborts the run)
    qtbot.keyClicks(form.widget("text"), "O veiculo estava limpo; anexo fotos.")
    _click(qtbot, form.ok_button)
    row = NoticeProceeding.get(NoticeProceeding.notice == notice["id"])
    assert row.stage == "defence" and row.decision in ("", None)
    assert "aguarda o julgamento" in page.message.text()


def test_change_stand_charges_fee_and_refuses_before_12_months(qtbot, demo_data):
    """SRM Art. 20 XVIII: change only after 12 months at the stand; Art. 47 IV: 3 UFM."""
    permit = _clear_holder()
    program_update(Permit, Permit.id == permit.id,  # sealed (issue 34)
                   stand_since=dt.date.today() - dt.timedelta(days=30))
    page = _page(qtbot, "atendente", permit.holder_id)
    assert page.buttons["stand"].text().startswith("Mudar")
    _click(qtbot, page.buttons["stand"])
    form = page.form
    assert "3 UFM" in form.intro.text()
    before = row_counts()
    _click(qtbot, form.ok_button)
    assert "12 meses" in form.message.text() and row_counts() == before
    form.reject()
    program_update(Permit, Permit.id == permit.id,  # sealed (issue 34)
                   stand_since=dt.date.today() - dt.timedelta(days=400))
    page.refresh()
    _click(qtbot, page.buttons["stand"])
    form = page.form
    target = form.widget("stand").currentData()
    _click(qtbot, form.ok_button)
    moved = Permit.get_by_id(permit.id)
    assert moved.stand_id == target != permit.stand_id
    assert Fee.select().where((Fee.person == permit.holder_id) &
                              (Fee.code == "stand_change")).count() == 1
    assert "mudou do" in page.message.text()


def _photo_file(tmp_path) -> str:
    image = QImage(800, 600, QImage.Format.Format_RGB32)
    image.fill(QColor("#88aacc"))
    path = str(tmp_path / "foto.png")
    image.save(path)
    return path


def test_photo_cropped_to_3x4_and_stored(qtbot, demo_data, tmp_path):
    permit = _clear_holder()
    page = _page(qtbot, "atendente", permit.holder_id)
    assert page.photo.text().startswith("sem foto")
    assert page.buttons["photo"].isEnabled()
    dialog = page.load_photo(_photo_file(tmp_path))
    frame = dialog.view.frame
    assert frame.height() == 600 and frame.width() == 450  # largest centred 3:4
    dialog.size_slider.setValue(50)
    assert dialog.view.frame.width() == pytest.approx(225)
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    blob = persons.photo(permit.holder_id)
    stored = QImage.fromData(blob)
    assert blob.startswith(b"\xff\xd8\xff") and (stored.width(), stored.height()) == (OUT_W,
                                                                                    OUT_H)
    assert page.photo.pixmap() is not None and not page.photo.pixmap().isNull()


def test_photo_refused_for_fiscal_writes_nothing(qtbot, demo_data, tmp_path):
    permit = _clear_holder()
    page = _page(qtbot, "fiscal", permit.holder_id)
    assert not page.buttons["photo"].isEnabled()
    dialog = PhotoCropDialog(_actor("fiscal"), permit.holder_id,
                             read_image(_photo_file(tmp_path)))
    qtbot.addWidget(dialog)
    before = row_counts()
    qtbot.mouseClick(dialog.save_button, Qt.MouseButton.LeftButton)
    assert "Fiscal" in dialog.message.text() and "não pode" in dialog.message.text()
    assert row_counts() == before and persons.photo(permit.holder_id) is None


def test_unreadable_photo_file_is_refused(tmp_path):
    path = tmp_path / "nao-e-foto.jpg"
    path.write_bytes(b"isto nao e uma imagem")
    with pytest.raises(DomainError, match="Foto"):
        read_image(str(path))


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs: POSIX")
def test_a_photo_file_is_size_limited_before_it_is_read(tmp_path):
    """Issue 34 item 6: a FIFO chosen as the photo is refused without waiting on it, and a
    file beyond input_limits.PHOTO_SOURCE (a sparse 200 MB) without being read."""
    fifo = tmp_path / "foto.jpg"
    os.mkfifo(fifo)
    with pytest.raises(DomainError) as refused:
        read_image(str(fifo))
    assert str(refused.value) == (f"{fifo} não é um arquivo comum (é um canal FIFO); informe "
                                  "um arquivo comum. Nada foi lido.")
    big = tmp_path / "enorme.jpg"
    with open(big, "wb") as handle:
        handle.truncate(200 * 1024 * 1024)
    with pytest.raises(DomainError) as refused:
        read_image(str(big))
    assert str(refused.value) == (f"{big} tem 210 MB, mais que o máximo de 50 MB para uma "
                                  "foto. Nada foi lido.")


def test_supervisor_exports_the_persons_data_lgpd_art_18(qtbot, demo_data, tmp_path):
    """LGPD Art. 18 II from the record: JSON and PDF in the chosen folder, audited; a clerk's
    button is disabled and says why."""
    import json

    from mototaxi_desk.store.models import AuditLog
    permit = _clear_holder()
    clerk = _page(qtbot, "atendente", permit.holder_id)
    assert not clerk.buttons["export"].isEnabled()
    assert "exportar os dados de uma pessoa" in clerk.buttons["export"].toolTip()
    assert clerk.export_data(str(tmp_path / "nada")) is None
    assert not (tmp_path / "nada").exists()
    page = _page(qtbot, "supervisor", permit.holder_id)
    assert page.buttons["export"].isEnabled()
    result = page.export_data(str(tmp_path / "pendrive"))
    data = json.loads((tmp_path / "pendrive" / result["json"].rsplit("/", 1)[-1])
                      .read_text(encoding="utf-8"))
    assert data["person"]["id"] == permit.holder_id
    assert (tmp_path / "pendrive" / result["pdf"].rsplit("/", 1)[-1]).read_bytes()[:5] == b"%PDF-"
    assert "exportados" in page.message.text() and result["name"] in page.message.text()
    assert AuditLog.select().where((AuditLog.action == "person.export") &
                                   (AuditLog.entity_id == permit.holder_id)).count() == 1
    # a folder that cannot be written: the message names it, nothing is audited
    blocker = tmp_path / "arquivo"
    blocker.write_text("x")
    assert page.export_data(str(blocker)) is None
    assert "Pasta de destino" in page.message.text()
    assert AuditLog.select().where(AuditLog.action == "person.export").count() == 1

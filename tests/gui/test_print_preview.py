"""Preview of a document: pages load, printing renders every page, saving writes the same
bytes that were drawn and issues the copy then; a preview closed unprinted spends nothing
(issue 17)."""
import sys
from pathlib import Path

import pytest

from PySide6.QtPrintSupport import QPrinter

from mototaxi_desk.gui.dialogs.print_preview import PrintPreviewDialog, render_to_printer
from mototaxi_desk.services import documents
from mototaxi_desk.store.models import Permit, PrintLog

from ..factories import SUPERVISOR


def test_preview_prints_and_saves_the_issued_card(qtbot, demo_data, tmp_path):
    permit = Permit.select().where(Permit.status == "active").first()
    result = documents.print_cards(SUPERVISOR, [permit.order_number])
    dialog = PrintPreviewDialog(result)
    qtbot.addWidget(dialog)
    assert dialog.document.pageCount() == 2  # front and back
    assert "Cartão de permissão" in dialog.windowTitle()
    assert documents.latest_copy("card", str(permit.order_number)) == 0  # not yet
    assert dialog.save_pdf(str(tmp_path / "nao-existe" / "cartao.pdf")) is None
    assert "Nenhuma via foi emitida" in dialog.status.text()
    assert documents.latest_copy("card", str(permit.order_number)) == 0
    saved = dialog.save_pdf(str(tmp_path / "cartao.pdf"))
    assert Path(saved).read_bytes() == result["pdf"]
    assert documents.latest_copy("card", str(permit.order_number)) == 1
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "impresso.pdf"))
    printer.setResolution(150)
    render_to_printer(dialog.document, printer)
    assert (tmp_path / "impresso.pdf").stat().st_size > 1000


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs: POSIX")
def test_saving_onto_a_fifo_or_a_full_disk_issues_nothing_and_says_why(qtbot, demo_data,
                                                                         tmp_path, monkeypatch):
    """Issue 34: "Salvar PDF" goes through the checked writer; a FIFO (a special file a
    plain write would block on, or a rename replace) is refused, a full disk reported, in a
    message box over the preview, and no copy is issued."""
    import errno
    import os
    import stat
    permit = Permit.select().where(Permit.status == "active").first()
    dialog = PrintPreviewDialog(documents.print_cards(SUPERVISOR, [permit.order_number]))
    qtbot.addWidget(dialog)
    fifo = tmp_path / "cartao.pdf"
    os.mkfifo(fifo)
    assert dialog.save_pdf(str(fifo)) is None
    text = (f"Não foi possível gravar {fifo}: é um canal (FIFO), não um arquivo comum. Nada "
            "foi gravado; escolha um arquivo comum. Nenhuma via foi emitida; escolha outro "
            "arquivo ou imprima.")
    assert dialog.status.text() == text and dialog.warning.text() == text
    assert dialog.warning.isVisible()
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    with monkeypatch.context() as full:
        full.setattr(os, "write", lambda fd, data: (_ for _ in ()).throw(
            OSError(errno.ENOSPC, "No space left on device")))
        assert dialog.save_pdf(str(tmp_path / "outro.pdf")) is None
    assert "não há espaço livre no disco" in dialog.warning.text()
    assert not (tmp_path / "outro.pdf").exists()
    assert documents.latest_copy("card", str(permit.order_number)) == 0
    assert dialog.save_pdf(str(tmp_path / "outro.pdf"))  # another file: the copy counts
    assert documents.latest_copy("card", str(permit.order_number)) == 1


def test_preview_closed_without_printing_gives_the_copy_back(qtbot, demo_data):
    permit = Permit.select().where(Permit.status == "active").first()
    key = str(permit.order_number)
    first = documents.print_cards(SUPERVISOR, [permit.order_number])
    documents.confirm(SUPERVISOR, first)
    dialog = PrintPreviewDialog(documents.print_cards(SUPERVISOR, [permit.order_number]))
    qtbot.addWidget(dialog)
    dialog.reject()
    assert documents.latest_copy("card", key) == 1
    assert documents.verify(first["copies"][0]["qr_text"])["valid"]
    assert PrintLog.select().where((PrintLog.entity_key == key) &
                                   (PrintLog.state == "reserved")).count() == 0

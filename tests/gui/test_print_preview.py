"""Preview of an issued document: pages load, printing renders every page, saving writes the
same bytes that were issued."""
from pathlib import Path

from PySide6.QtPrintSupport import QPrinter

from mototaxi_desk.gui.dialogs.print_preview import PrintPreviewDialog, render_to_printer
from mototaxi_desk.services import documents
from mototaxi_desk.store.models import Permit

from ..factories import SUPERVISOR


def test_preview_prints_and_saves_the_issued_card(qtbot, demo_data, tmp_path):
    permit = Permit.select().where(Permit.status == "active").first()
    result = documents.print_cards(SUPERVISOR, [permit.order_number])
    dialog = PrintPreviewDialog(result)
    qtbot.addWidget(dialog)
    assert dialog.document.pageCount() == 2  # front and back
    assert "Cartão de permissão" in dialog.windowTitle()
    saved = dialog.save_pdf(str(tmp_path / "cartao.pdf"))
    assert Path(saved).read_bytes() == result["pdf"]
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "impresso.pdf"))
    printer.setResolution(150)
    render_to_printer(dialog.document, printer)
    assert (tmp_path / "impresso.pdf").stat().st_size > 1000

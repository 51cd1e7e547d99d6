"""Preview of a document produced by services.documents, then print (QPrinter) or save.

The PDF shown is the one that was issued and logged (its copy number is in it), so the
preview never issues a second copy: call a documents.print_* function once and give its
result here."""
from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRect, QSize
from PySide6.QtGui import QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QLabel, QMessageBox,
                               QVBoxLayout)

PRINT_DPI = 300
DOCUMENT_LABELS = {"card": "Cartão de permissão", "aux_card": "Cartão de condutor auxiliar",
                   "sticker": "Selo de vistoria", "termo": "Termo de permissão",
                   "roster": "Relação do ponto", "notice": "Auto de infração",
                   "release": "Recibo de liberação", "receipt": "Comprovante de protocolo",
                   "report": "Relatório", "guia": "Guia de recolhimento (DAM)",
                   "permit_act": "Ato da permissão"}


def load_pdf(pdf: bytes, parent=None) -> QPdfDocument:
    document = QPdfDocument(parent)
    buffer = QBuffer(parent)
    buffer.setData(QByteArray(pdf))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    document.load(buffer)
    document._buffer = buffer  # the document reads from it for as long as it lives
    return document


def render_to_printer(document: QPdfDocument, printer: QPrinter) -> None:
    """Each page drawn at the printer's resolution, keeping the PDF's physical size."""
    painter = QPainter(printer)
    try:
        for page in range(document.pageCount()):
            if page:
                printer.newPage()
            points = document.pagePointSize(page)
            dpi = printer.resolution()
            size = QSize(round(points.width() / 72 * dpi), round(points.height() / 72 * dpi))
            image = document.render(page, size)
            painter.drawImage(QRect(QPointF(0, 0).toPoint(), size), image)
    finally:
        painter.end()


class PrintPreviewDialog(QDialog):
    def __init__(self, result: dict, parent=None):
        super().__init__(parent)
        self.result = result
        label = result.get("label") or DOCUMENT_LABELS.get(result["document"],
                                                           result["document"])
        copies = result.get("copies") or []
        copy_text = f" — {copies[0].get('copy', 1)}ª via" if len(copies) == 1 else \
            (f" — {len(copies)} documentos" if copies else "")
        self.setWindowTitle(f"{label}{copy_text}")
        self.document = load_pdf(result["pdf"], self)
        self.view = QPdfView(self)
        self.view.setDocument(self.document)
        self.view.setPageMode(QPdfView.PageMode.MultiPage)
        self.view.setZoomMode(QPdfView.ZoomMode.FitInView)
        buttons = QDialogButtonBox()
        self.print_button = buttons.addButton("&Imprimir…", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button = buttons.addButton("&Salvar PDF…", QDialogButtonBox.ButtonRole.ActionRole)
        close = buttons.addButton("Fechar", QDialogButtonBox.ButtonRole.RejectRole)
        self.print_button.clicked.connect(self.print_document)
        self.save_button.clicked.connect(self.save_pdf)
        close.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"<b>{label}</b>{copy_text} · {self.document.pageCount()} "
                                "página(s)"))
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.resize(900, 700)

    def print_document(self) -> None:
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setResolution(PRINT_DPI)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle("Imprimir")
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        render_to_printer(self.document, printer)
        self.accept()

    def save_pdf(self, path: str | None = None) -> str | None:
        if not path:
            default = f"{self.result['document']}.pdf"
            path, _ = QFileDialog.getSaveFileName(self, "Salvar PDF", default, "PDF (*.pdf)")
        if not path:
            return None
        try:
            with open(path, "wb") as fh:
                fh.write(self.result["pdf"])
        except OSError as exc:
            QMessageBox.warning(self, "Salvar PDF", f"Não foi possível salvar: {exc.strerror}")
            return None
        return path



"""Preview of a document produced by services.documents, then print (QPrinter) or save.

The PDF shown carries the copy number reserved for it; the copy is issued
(documents.confirm) only when the page is sent to the printer or the file is saved, and a
preview closed without either gives the number back (documents.release): the card in the
holder's pocket stays current. Printing or saving the same preview again issues nothing new.
Call a documents.print_* function once and give its result here."""
from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRect, QSize, QSizeF, Qt
from PySide6.QtGui import QPageLayout, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPdfWidgets import QPdfView
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QLabel, QMessageBox,
                               QVBoxLayout)

from .. import screen_fit
from ...domain.errors import DomainError
from ...domain.output_files import OutputError, write_atomic
from ...services import documents

PRINT_DPI = 300
DOCUMENT_LABELS = {"card": "Cartão de permissão", "aux_card": "Cartão de condutor auxiliar",
                   "sticker": "Selo de vistoria", "termo": "Termo de permissão",
                   "roster": "Relação do ponto", "notice": "Auto de infração",
                   "release": "Recibo de liberação", "receipt": "Comprovante de protocolo",
                   "report": "Relatório", "guia": "Guia de recolhimento (DAM)",
                   "permit_act": "Ato da permissão"}


FILE_NAMES = {"card": "cartao-de-permissao", "aux_card": "cartao-condutor-auxiliar",
              "sticker": "selo-de-vistoria", "termo": "termo-de-permissao",
              "roster": "relacao-do-ponto", "notice": "auto-de-infracao",
              "release": "recibo-de-liberacao", "receipt": "comprovante-de-protocolo",
              "report": "relatorio", "guia": "guia-de-recolhimento",
              "permit_act": "ato-da-permissao"}


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


def printer_for(document: QPdfDocument) -> QPrinter:
    """A printer set to the document's own paper: a card (ID-1, 85.6 × 54 mm, landscape) or
    a sticker is offered on its size in the print dialog and the printer's properties, not
    on the default A4."""
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setResolution(PRINT_DPI)
    if document.pageCount():
        points = document.pagePointSize(0)
        wide = points.width() > points.height()
        upright = QSizeF(min(points.width(), points.height()),
                         max(points.width(), points.height()))
        size = QPageSize(upright, QPageSize.Unit.Point, "",
                         QPageSize.SizeMatchPolicy.FuzzyOrientationMatch)
        printer.setPageSize(size)
        printer.setFullPage(True)  # the PDF carries its own margins (a card: none)
        printer.setPageOrientation(QPageLayout.Orientation.Landscape if wide
                                   else QPageLayout.Orientation.Portrait)
    return printer


SAVED_TEXT = "color: #1b5e20; font-weight: bold;"
REFUSED_TEXT = "color: #c62828; font-weight: bold;"


class PrintPreviewDialog(QDialog):
    def __init__(self, result: dict, parent=None):
        super().__init__(parent)
        self.result = result
        self.issued = result.get("reservation") is None  # a report: nothing to issue
        self._released = False
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
        self.status = QLabel("")  # why a save or a print did not count, or where it went
        self.warning: QMessageBox | None = None  # the box that said why a save failed
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.status.setStyleSheet(REFUSED_TEXT)
        layout.addWidget(self.status)
        layout.addWidget(buttons)
        screen_fit.preferred_size(self, 900, 700)

    def print_document(self) -> None:
        printer = printer_for(self.document)
        dialog = QPrintDialog(printer, self)
        dialog.setWindowTitle("Imprimir")
        chosen = dialog.exec() == QDialog.DialogCode.Accepted
        dialog.deleteLater()  # the preview's child until then (gui/dialog_lifetime.py)
        if not chosen:
            return
        render_to_printer(self.document, printer)
        if self.issue():
            self.accept()

    def save_pdf(self, path: str | None = None) -> str | None:
        if not path:
            from ..look import in_documents
            default = in_documents(FILE_NAMES.get(self.result["document"], "documento") + ".pdf")
            path, _ = QFileDialog.getSaveFileName(self, "Salvar PDF", default, "PDF (*.pdf)")
        if not path:
            return None
        try:  # the program's one checked writer: a regular file, whole or not at all
            write_atomic(path, self.result["pdf"])
        except OutputError as exc:  # nothing issued: the preview stays open to try again
            text = (f"{exc} Nenhuma via foi emitida; escolha outro arquivo ou imprima."
                    if not self.issued else str(exc))
            self.status.setStyleSheet(REFUSED_TEXT)
            self.status.setText(text)
            self.warning = QMessageBox(QMessageBox.Icon.Warning, "Salvar PDF", text,
                                       parent=self)
            self.warning.open()  # window-modal over the preview, the event loop runs on
            return None
        if not self.issue():
            return None
        from pathlib import Path
        # the clerk is told where the file went (it stays open to print too)
        self.status.setStyleSheet(SAVED_TEXT)
        self.status.setText(f"PDF salvo em {Path(path)}")
        return path

    def issue(self) -> bool:
        """The copies count from now on (the page printed or the file written)."""
        if self.issued:
            return True
        try:
            fee = documents.confirm(self.result["reservation"]["actor"], self.result)["fee"]
        except DomainError as exc:
            self.status.setStyleSheet(REFUSED_TEXT)
            self.status.setText(str(exc))
            return False
        self.issued = True
        if fee:
            self.setWindowTitle(f"{self.windowTitle()} — taxa lançada: {fee['amount_text']}")
        return True

    def done(self, code: int) -> None:
        """Every way of closing: a preview never printed nor saved gives its copies back."""
        if not self.issued and not self._released:
            self._released = True
            documents.release(self.result)
        super().done(code)

"""Impressão em lote: every current permit card, auxiliary-driver card or inspection sticker
at once, on the card printer or on A4 sheets, with progress and Cancelar (a cancelled batch
issues no copy: the print log is one transaction), then the print preview."""
from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QMessageBox, QVBoxLayout)

from ...domain.errors import DomainError
from ...services import documents
from ..widgets.progress import Cancelled, run_with_progress

BATCH_DOCUMENTS = [("card", "Cartões de permissão (todas as permissões em vigor)"),
                   ("aux_card", "Cartões de condutor auxiliar (credenciais em vigor)"),
                   ("sticker", "Selos de vistoria (vistorias válidas)")]
SHEETS = [(None, "Impressora de cartões / etiquetas (um por página)"),
          ("a4", "Folha A4 (vários por folha, com marcas de corte)")]


class BatchPrintDialog(QDialog):
    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.result_preview = None
        self.setWindowTitle("Impressão em lote")
        self.document = QComboBox()
        for code, label in BATCH_DOCUMENTS:
            self.document.addItem(label, code)
        self.sheet = QComboBox()
        for code, label in SHEETS:
            self.sheet.addItem(label, code)
        self.message = QLabel("Cada documento impresso recebe uma nova via, registrada. "
                              "Cancelar durante o preparo não registra nenhuma via.")
        self.message.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Documento:", self.document)
        form.addRow("Impressão em:", self.sheet)
        buttons = QDialogButtonBox()
        self.print_button = buttons.addButton("&Preparar e visualizar…",
                                              QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton("Fechar", QDialogButtonBox.ButtonRole.RejectRole)
        self.print_button.setDefault(True)
        buttons.accepted.connect(self.prepare)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.setMinimumWidth(560)

    def prepare(self, *, show_preview: bool = True) -> dict | None:
        """Issue the batch with a progress dialog; the result goes to the print preview."""
        document, sheet = self.document.currentData(), self.sheet.currentData()
        label = self.document.currentText().split(" (")[0]
        try:
            result = run_with_progress(
                self, "Impressão em lote", f"Preparando {label.lower()}…",
                lambda step: documents.print_document(self.actor, document, all_active=True,
                                                      sheet=sheet, progress=step),
                last_step_text="Vias registradas; desenhando o PDF…")
        except Cancelled:
            self.message.setText("Impressão em lote cancelada: nenhuma via foi registrada.")
            return None
        except DomainError as exc:
            QMessageBox.warning(self, "Impressão em lote", str(exc))
            return None
        self.message.setText(f"{result['count']} documento(s) preparado(s).")
        self.result_preview = result
        if show_preview:
            from .. import prompts
            prompts.show_preview(self, result)
        return result

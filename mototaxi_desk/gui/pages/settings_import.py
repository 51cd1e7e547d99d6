"""Configurações → Importar cadastro (administrators only): what the import does, the button
that opens the import dialog, the export of the whole register in the same layout (the
município's archive), and the spreadsheets imported before (file, SHA-256, counts)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import (QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout,
                               QWidget)

from ...domain.errors import DomainError
from ...services.exchange import importing, register_export
from ...services.context import Actor
from .. import prompts
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import table_view
from ...domain import wallclock

INTRO = ("Traga para o programa o cadastro que o município já mantém em planilha (XLSX ou "
         "CSV): pessoas, CNH, veículos, permissões com o número de ordem original, pontos, "
         "condutores auxiliares e a lista de espera na sua ordem. Primeiro o programa confere "
         "cada linha e mostra os problemas e as alterações; a importação grava tudo de uma "
         "vez, ou nada. Importar a mesma planilha de novo não muda nada; uma planilha mais "
         "nova altera só o que mudou.")


def _counts(value: dict) -> str:
    return importing.count_text(value) or "—"


class ImportTab(QWidget):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.dialog = None
        layout = QVBoxLayout(self)
        intro = QLabel(INTRO)
        intro.setWordWrap(True)
        layout.addWidget(intro)
        row = QHBoxLayout()
        self.open_button = QPushButton("Importar cadastro de planilha...")
        self.open_button.clicked.connect(self.open_dialog)
        row.addWidget(self.open_button)
        self.export_button = QPushButton("Exportar o cadastro completo (XLSX)...")
        self.export_button.clicked.connect(lambda: self.export_register())
        row.addWidget(self.export_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(QLabel("Planilhas já importadas:"))
        self.model = DictTableModel(
            [Column("imported_at", "Data e hora"), Column("file_name", "Arquivo"),
             Column("rows", "Linhas"), Column("created", "Novos", _counts),
             Column("updated", "Alterados", _counts), Column("alerts", "Alertas"),
             Column("sha256", "SHA-256", lambda h: h[:16] + "…")], parent=self)
        self.view = table_view(self.model)
        layout.addWidget(self.view, 1)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.message)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API): fresh each time it is shown
        super().showEvent(event)
        self.refresh()

    def refresh(self) -> None:
        self.model.set_rows(importing.runs(self.actor))

    def export_register(self, path: str | Path | None = None) -> Path | None:
        """The whole register in the import's layout, for the município's archive."""
        if path is None:
            start = Path(QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation))
            name = f"cadastro-mototaxi-{wallclock.today():%Y-%m-%d}.xlsx"
            path, _ = QFileDialog.getSaveFileName(self, "Exportar o cadastro completo",
                                                  str(start / name), "Planilha (*.xlsx)")
            if not path:
                return None
        try:  # written through the checked writer before the export is audited
            result = register_export.export(self.actor, path=Path(path))
        except DomainError as exc:  # OutputError too: a device, a link, a full disk...
            self.message.setText(f"Não foi possível exportar: {exc}")
            prompts.warn(self, "Exportar o cadastro", str(exc))
            return None
        counts = "; ".join(f"{sheet}: {n}" for sheet, n in result["rows"].items())
        self.message.setText(f"Cadastro exportado em {path} ({counts}).")
        return Path(path)

    def open_dialog(self):
        from ..dialogs.import_register import ImportDialog
        self.dialog = ImportDialog(self.actor, self)
        self.dialog.finished.connect(lambda _code: self.refresh())
        self.dialog.open()
        return self.dialog


def add_import_tab(page) -> ImportTab:
    tab = ImportTab(page.actor)
    page.tabs.addTab(tab, "Importar cadastro")
    return tab

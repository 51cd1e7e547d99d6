"""Configurações → Importar cadastro (administrators only): the município's register from a
spreadsheet, in three steps — the file, the mapping of its columns (guessed from the
headers, editable; the mapping used is remembered for the next file), and the dry run's
report (every problem with row, field and reason; the records to create; the fields that
change in records already registered). Reading, checking and importing run off the GUI
thread with progress and Cancelar; the import is one transaction (services/exchange/importing.py),
so a cancel or an error writes nothing."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import (QComboBox, QDialog, QFileDialog, QHeaderView,
                               QTableWidgetItem)

from ...domain import importing as imp
from ...domain.errors import DomainError
from ...services.exchange import importing
from ...services.context import Actor
from .. import prompts
from ..forms.ui_import_register import Ui_ImportDialog
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import table_view_setup
from ..widgets.progress import Cancelled, run_with_progress

ERROR_COLOUR, ALERT_COLOUR = "#f8d7da", "#fff3cd"
NOT_IMPORTED = "(não importar)"
IGNORED_SHEET = "(ignorar esta aba)"


def _example(sheet, column: int) -> str:
    for _, cells in sheet.rows[:50]:
        if column < len(cells) and not imp.empty(cells[column]):
            value = cells[column]
            return value.strftime("%d/%m/%Y") if hasattr(value, "strftime") else str(value)
    return ""


class ImportDialog(QDialog):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.ui = ui = Ui_ImportDialog()
        ui.setupUi(self)
        self.source = None     # the file as read (what is checked is what is imported)
        self.sheets: list[dict] = []
        self.result: dict | None = None
        self._loading = False
        ui.kind_combo.addItem(IGNORED_SHEET, "")
        for kind in imp.KINDS:
            ui.kind_combo.addItem(imp.KIND_LABELS[kind], kind)
        header = ui.columns_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        ui.columns_table.verticalHeader().setVisible(False)
        self.problems_model = DictTableModel(
            [Column("sheet", "Aba"), Column("row", "Linha"), Column("field", "Campo"),
             Column("message", "Motivo"), Column("severity", "Tipo")],
            colour_of=lambda r: ERROR_COLOUR if r["severity"] == imp.ERROR else ALERT_COLOUR,
            parent=self)
        table_view_setup(ui.problems_view, self.problems_model)
        self.changes_model = DictTableModel(
            [Column("entity_label", "Registro"), Column("key", "Chave"),
             Column("label", "Campo"), Column("before", "Antes"), Column("after", "Depois"),
             Column("row", "Linha")], parent=self)
        table_view_setup(ui.changes_view, self.changes_model)
        ui.choose_button.clicked.connect(lambda: self.open_file())
        ui.sheet_combo.currentIndexChanged.connect(self._show_sheet)
        ui.kind_combo.currentIndexChanged.connect(self._kind_changed)
        ui.check_button.clicked.connect(self.check)
        ui.import_button.clicked.connect(self.do_import)
        ui.back_button.clicked.connect(self.back)
        ui.report_button.clicked.connect(lambda: self.save_report())
        ui.close_button.clicked.connect(self.reject)
        self._update_buttons()

    # --- step 1: the file ---------------------------------------------------------------

    def open_file(self, path: str | Path | None = None) -> bool:
        if path is None:
            start = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation)
            path, _ = QFileDialog.getOpenFileName(
                self, "Planilha do cadastro", start,
                "Planilhas (*.xlsx *.csv);;Todos os arquivos (*)")
            if not path:
                return False
        path = Path(path)
        try:
            source = run_with_progress(self, "Importar cadastro", f"Lendo {path.name}…",
                                       lambda step: importing.read(self.actor, path))
            sheets = importing.sheet_mappings(source)
        except Cancelled:
            return False
        except DomainError as exc:
            self.ui.file_label.setText(str(exc))
            return False
        self.source, self.sheets, self.result = source, sheets, None
        rows = sum(len(s.rows) for s in source.sheets)
        self.ui.file_label.setText(f"<b>{source.name}</b> — {len(source.sheets)} aba(s), "
                                   f"{rows} linha(s).")
        self._loading = True
        self.ui.sheet_combo.clear()
        for sheet in sheets:
            self.ui.sheet_combo.addItem(sheet["name"])
        self._loading = False
        self._show_sheet(0)
        self.ui.pages.setCurrentWidget(self.ui.mapping_page)
        self._update_buttons()
        return True

    # --- step 2: the mapping ------------------------------------------------------------

    def _sheet(self) -> dict | None:
        index = self.ui.sheet_combo.currentIndex()
        return self.sheets[index] if 0 <= index < len(self.sheets) else None

    def _show_sheet(self, index: int) -> None:
        if self._loading:
            return
        sheet = self._sheet()
        if sheet is None:
            return
        self._loading = True
        self.ui.kind_combo.setCurrentIndex(max(0, self.ui.kind_combo.findData(
            sheet["kind"] or "")))
        self._loading = False
        self._fill_columns(sheet)

    def _fill_columns(self, sheet: dict) -> None:
        table = self.ui.columns_table
        original = self.source.sheets[self.sheets.index(sheet)]
        table.setRowCount(len(sheet["headers"]))
        fields = imp.KIND_FIELDS.get(sheet["kind"], ()) if sheet["kind"] else ()
        for row, header in enumerate(sheet["headers"]):
            table.setItem(row, 0, QTableWidgetItem(header))
            table.setItem(row, 1, QTableWidgetItem(_example(original, row)))
            combo = QComboBox()
            combo.addItem(NOT_IMPORTED, "")
            for spec in fields:
                combo.addItem(spec.label, spec.code)
            combo.setCurrentIndex(max(0, combo.findData(sheet["mapping"].get(row) or "")))
            combo.setEnabled(bool(fields))
            combo.currentIndexChanged.connect(
                lambda _i, r=row, c=combo: self._field_changed(r, c.currentData()))
            table.setCellWidget(row, 2, combo)

    def _kind_changed(self, index: int) -> None:
        sheet = self._sheet()
        if self._loading or sheet is None:
            return
        kind = self.ui.kind_combo.itemData(index) or None
        sheet["kind"] = kind
        sheet["mapping"] = imp.guess_mapping(kind, sheet["headers"],
                                             importing.learned_mappings().get(kind)) \
            if kind else {}
        self._fill_columns(sheet)
        self._changed()

    def _field_changed(self, row: int, code: str) -> None:
        sheet = self._sheet()
        if sheet is not None:
            sheet["mapping"][row] = code or None
            self._changed()

    def set_field(self, header: str, code: str) -> None:
        """Choose the field of a column of the sheet shown (as the clerk does in its combo)."""
        sheet = self._sheet()
        row = sheet["headers"].index(header)
        combo = self.ui.columns_table.cellWidget(row, 2)
        combo.setCurrentIndex(combo.findData(code))

    def _changed(self) -> None:
        self.result = None  # the report no longer says what an import would do
        self._update_buttons()

    def mapping(self) -> dict:
        return importing.mapping_to_json(self.sheets)

    # --- step 3: the dry run and the import --------------------------------------------------

    def check(self) -> dict | None:
        if self.source is None:
            return None
        mapping = self.mapping()
        try:
            result = run_with_progress(
                self, "Importar cadastro", "Conferindo as linhas…",
                lambda step: importing.dry_run(self.actor, self.source, mapping,
                                               progress=step))
        except Cancelled:
            return None
        except DomainError as exc:
            self.ui.file_label.setText(str(exc))
            return None
        self._show_report(result)
        return result

    def _show_report(self, result: dict, done_text: str = "") -> None:
        self.result = result
        self.problems_model.set_rows(result["problems"])
        self.changes_model.set_rows([{**u, **c} for u in result["updates"]
                                     for c in u["changes"]])
        created = result["creates_summary"] or "nenhum"
        if done_text:
            verdict = f"<b>{done_text}</b>"
        elif not result["importable"]:
            verdict = (f"<span style='color:#b71c1c'><b>{result['errors']} erro(s) impedem a "
                       "importação.</b></span> Corrija a planilha (o relatório mostra cada "
                       "linha) e escolha-a de novo.")
        elif result["nothing_to_do"]:
            verdict = "<b>Nada a alterar:</b> o cadastro já está como a planilha."
        else:
            verdict = "<b>A planilha pode ser importada.</b> Confira as alterações antes."
        self.ui.summary.setText(
            f"{result['rows']} linha(s) conferidas. {verdict}<br>"
            f"Novos registros: {created}. Registros existentes que mudam: "
            f"{len(result['updates'])}. Alertas (importados assim mesmo): {result['alerts']}.")
        self.ui.report_tabs.setCurrentIndex(0 if result["problems"] or not result["updates"]
                                            else 1)
        self.ui.pages.setCurrentWidget(self.ui.report_page)
        self._update_buttons()

    def do_import(self) -> dict | None:
        result = self.result
        if self.source is None or result is None or not result["importable"] or \
                result["nothing_to_do"]:
            return None
        created = result["creates_summary"] or "nenhum registro novo"
        if not prompts.ask_yes_no(self, "Importar cadastro",
                                  f"Importar {self.source.name}? Serão criados: {created}; "
                                  f"{len(result['updates'])} registro(s) existente(s) serão "
                                  "alterados como mostrado. Tudo é gravado de uma vez, ou "
                                  "nada."):
            return None
        mapping = self.mapping()
        try:
            done = run_with_progress(
                self, "Importar cadastro", "Importando… (Cancelar desfaz tudo)",
                lambda step: importing.apply(self.actor, self.source, mapping, progress=step))
        except Cancelled:
            self.ui.summary.setText("<b>Importação cancelada: nada foi gravado.</b>")
            return None
        except importing.ImportRefused as exc:
            self._show_report(exc.report)
            return None
        except DomainError as exc:
            self.ui.summary.setText(str(exc))
            return None
        self._show_report(done, "Importação concluída e registrada na auditoria."
                          if done["imported"] else "Nada a alterar.")
        self.result = {**done, "nothing_to_do": True}  # imported: nothing left to do
        self._update_buttons()
        return done

    def save_report(self, path: str | Path | None = None) -> Path | None:
        if self.result is None:
            return None
        if path is None:
            start = Path(QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation))
            name = f"relatorio-importacao-{Path(self.source.name).stem}.xlsx"
            path, _ = QFileDialog.getSaveFileName(self, "Salvar relatório da conferência",
                                                  str(start / name), "Planilha (*.xlsx)")
            if not path:
                return None
        try:
            importing.write_report(self.result, Path(path), self.source)
        except DomainError as exc:
            self.ui.summary.setText(str(exc))
            return None
        prompts.inform(self, "Relatório", f"Relatório gravado em {path}.")
        return Path(path)

    def back(self) -> None:
        self.ui.pages.setCurrentWidget(self.ui.mapping_page)
        self._update_buttons()

    def _update_buttons(self) -> None:
        ui = self.ui
        on_report = ui.pages.currentWidget() is ui.report_page
        ui.pages.setEnabled(self.source is not None)
        ui.check_button.setEnabled(self.source is not None)
        ui.back_button.setEnabled(on_report)
        ui.report_button.setEnabled(self.result is not None)
        ui.import_button.setEnabled(bool(self.result) and self.result["importable"]
                                    and not self.result["nothing_to_do"])

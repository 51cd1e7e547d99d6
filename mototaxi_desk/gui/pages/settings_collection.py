"""Configurações → Cobrança: the município's collection data printed on every guia (CNPJ,
FEBRABAN code and check-digit module of the bank's convênio, PIX key; the administrator
edits them) and the bank's collection return file (supervisors and administrators import
it; services/permissions.py decides): what each payment did, and the files imported before.
Layout: ui/collection_settings.ui."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from ...domain import febraban, pix
from ...domain.errors import DomainError, ValidationError
from ...services.payments import bank_returns, collection
from ...services import permissions
from ...services.context import Actor
from ..forms.ui_collection_settings import Ui_CollectionSettings
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import AMBER, RED, table_view_setup

OK_STYLE, ERROR_STYLE = "color: #1b5e20;", "color: #c62828; font-weight: bold;"
OUTCOME_COLOURS = {"matched": None, "already_paid": AMBER, "unknown": RED,
                   "not_applied": RED}


class CollectionTab(QWidget):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.ui = Ui_CollectionSettings()
        self.ui.setupUi(self)
        ui = self.ui
        ui.cnpj.configure(lambda t: pix.cnpj(t, "CNPJ do município"),
                          placeholder="12.345.678/0001-95")
        ui.febraban.configure(lambda t: febraban.febraban_code(t), required=False,
                              placeholder="4 dígitos (convênio de arrecadação)")
        ui.pix_key.configure(lambda t: pix.pix_key(t, ui.pix_kind.currentData()),
                             required=False)
        ui.module.addItem("Módulo 10 (identificador de valor 6)", 10)
        ui.module.addItem("Módulo 11 (identificador de valor 8)", 11)
        for code, label in pix.KEY_KINDS.items():
            ui.pix_kind.addItem(label, code)
        ui.save.clicked.connect(self.save)
        ui.import_button.clicked.connect(lambda: self.import_file())
        self.item_model = DictTableModel(
            [Column("line", "Linha"), Column("outcome_label", "Situação"),
             Column("guia", "Guia"), Column("payer", "Contribuinte"),
             Column("amount_text", "Valor pago"), Column("paid_on", "Pago em"),
             Column("note", "Observação")],
            colour_of=lambda r: OUTCOME_COLOURS.get(r["outcome"]), parent=self)
        self.file_model = DictTableModel(
            [Column("imported_at", "Importado em"),
             Column("bank_code", "Banco"), Column("sequence", "Nº (NSA)"),
             Column("total_text", "Total"), Column("matched", "Baixados"),
             Column("problems", "Pendências"), Column("file_name", "Arquivo")],
            colour_of=lambda r: AMBER if r["problems"] else None, parent=self)
        table_view_setup(ui.items, self.item_model)
        table_view_setup(ui.files, self.file_model)
        ui.files.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self._show_file(current.row()))
        may_edit = permissions.can(actor, "settings.collection")
        for widget in (ui.cnpj, ui.febraban, ui.module, ui.pix_kind, ui.pix_key, ui.save):
            widget.setEnabled(may_edit)
        if not may_edit:
            self._say(ui.data_message, "Somente o administrador altera os dados de cobrança.",
                      ok=True)
        may_import = permissions.can(actor, "bank_return.import")
        ui.import_button.setEnabled(may_import)
        if not may_import:
            ui.import_button.setToolTip(f"Seu perfil não pode "
                                        f"{permissions.PERMISSIONS['bank_return.import'].label}.")

    @staticmethod
    def _say(label, text: str, *, ok: bool) -> None:
        label.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        label.setText(text)

    def refresh(self) -> None:
        data = collection.current()
        self.ui.cnpj.setText(data["cnpj_text"])
        self.ui.febraban.setText(data["febraban_code"])
        self.ui.module.setCurrentIndex(0 if data["barcode_module"] == 10 else 1)
        if data["pix_kind"]:
            self.ui.pix_kind.setCurrentIndex(self.ui.pix_kind.findData(data["pix_kind"]))
        self.ui.pix_key.setText(data["pix_key"])
        self._load_files()

    def save(self) -> bool:
        ui = self.ui
        fields = [ui.cnpj, ui.febraban, ui.pix_key]
        bad = [f for f in fields if not f.validate(force=True)]
        if bad:
            bad[0].setFocus()
            return False
        try:
            collection.update(self.actor, cnpj=ui.cnpj.text(), febraban_code=ui.febraban.text(),
                              barcode_module=ui.module.currentData(),
                              pix_key=ui.pix_key.text(), pix_kind=ui.pix_kind.currentData())
        except ValidationError as exc:
            target = {"CNPJ do município": ui.cnpj, "Código FEBRABAN": ui.febraban,
                      "Chave PIX": ui.pix_key}.get(exc.field)
            if target is not None:
                target.show_error(exc.message)
                target.setFocus()
            self._say(ui.data_message, str(exc), ok=False)
            return False
        except DomainError as exc:
            self._say(ui.data_message, str(exc), ok=False)
            return False
        self.refresh()
        self._say(ui.data_message, "Dados de cobrança salvos.", ok=True)
        return True

    def import_file(self, path: str | None = None) -> dict | None:
        if path is None:
            from PySide6.QtCore import QStandardPaths
            start = QStandardPaths.writableLocation(
                QStandardPaths.StandardLocation.DocumentsLocation)
            path, _ = QFileDialog.getOpenFileName(
                self, "Arquivo de retorno do banco", start,
                "Retorno de arrecadação (*.ret *.RET *.txt *.TXT);;Todos os arquivos (*)")
            if not path:
                return None
        try:
            content, name = bank_returns.read_file(Path(path))
            report = bank_returns.import_file(self.actor, content, file_name=name)
        except DomainError as exc:
            self._say(self.ui.summary, str(exc), ok=False)
            return None
        self._load_files()
        self._show(report)
        return report

    def _show(self, report: dict) -> None:
        text = report["summary"] + (f" {report['warning']}" if report["warning"] else "")
        problems = sum(report["counts"][k] for k in ("already_paid", "unknown", "not_applied"))
        self._say(self.ui.summary, text, ok=not problems)
        self.item_model.set_rows(report["items"])

    def _load_files(self) -> None:
        rows = bank_returns.list_files()
        self.file_model.set_rows([{**r, "matched": r["counts"]["matched"],
                                   "problems": r["counts"]["already_paid"]
                                   + r["counts"]["unknown"] + r["counts"]["not_applied"]}
                                  for r in rows])

    def _show_file(self, row: int) -> None:
        if 0 <= row < len(self.file_model.rows):
            self._show(bank_returns.get_report(self.file_model.row(row)["id"]))


def add_collection_tab(page) -> CollectionTab:
    """The hook in SettingsPage: the tab, and Ctrl+S saving its data."""
    tab = CollectionTab(page.actor)
    page.tabs.addTab(tab, "Cobrança")
    page._save_actions[tab] = tab.save
    return tab

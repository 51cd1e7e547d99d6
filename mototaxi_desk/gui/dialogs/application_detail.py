"""One application: its documents (tick boxes: arrows and Space, "Marcar todos"; the row
stays where it was as each tick is saved), its history, and the moves the user's role
allows — em análise / pendente (with reason) for the counter, deferir / indeferir (with
reason) for a supervisor. Deferring a new permit leads to "Outorgar permissão"."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QDialog, QGridLayout, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QTabWidget,
                               QVBoxLayout, QWidget)

from .. import screen_fit
from ...domain.errors import DomainError, RuleRefusal
from ...services.licensing import applications
from ...services import acts, documents
from ...services.context import Actor
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import APPLICATION_COLOURS, table_view

DECIDERS = ("supervisor", "admin")
ENDED = ("deferido", "indeferido", "arquivado")


class ApplicationDetailDialog(QDialog):
    def __init__(self, actor: Actor, application_id: int, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.application_id = application_id
        self.app: dict = {}
        self.grant_result: dict | None = None
        self.header = QLabel()
        self.header.setTextFormat(Qt.TextFormat.RichText)
        self.header.setWordWrap(True)
        self.status = QLabel()
        self.tabs = QTabWidget()
        self.checklist = QListWidget()
        self.checklist.setWordWrap(True)
        self.checklist.itemChanged.connect(self._tick)
        self.checklist.setObjectName("application_checklist")
        self.all_button = QPushButton("Marcar &todos como recebidos")
        self.all_button.setAutoDefault(False)  # Enter stays the dialog's
        self.all_button.clicked.connect(self.mark_all)
        documents_tab = QWidget()
        documents_layout = QVBoxLayout(documents_tab)
        documents_layout.setContentsMargins(4, 4, 4, 4)
        documents_layout.addWidget(self.checklist, 1)
        all_row = QHBoxLayout()
        all_row.addWidget(QLabel("Setas para escolher, Espaço marca ou desmarca."))
        all_row.addStretch(1)
        all_row.addWidget(self.all_button)
        documents_layout.addLayout(all_row)
        self.tabs.addTab(documents_tab, "Documentos")
        self.history_model = DictTableModel(
            [Column("at", "Quando"), Column("from_label", "De"), Column("to_label", "Para"),
             Column("reason", "Motivo")], parent=self)
        self.tabs.addTab(table_view(self.history_model), "Histórico")

        self.reason = QLineEdit()
        self.reason.setPlaceholderText("Motivo (obrigatório para pendente e indeferimento)")
        self.reason.setMaxLength(2000)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c62828; font-weight: bold;")

        self.analysis_button = QPushButton("Em &análise")
        self.analysis_button.clicked.connect(lambda: self.move("em_analise"))
        self.pending_button = QPushButton("&Pendente")
        self.pending_button.clicked.connect(lambda: self.move("pendente"))
        self.defer_button = QPushButton("&Deferir")
        self.defer_button.clicked.connect(lambda: self.move("deferido"))
        self.refuse_button = QPushButton("&Indeferir")
        self.refuse_button.clicked.connect(lambda: self.move("indeferido"))
        self.grant_button = QPushButton(acts.get("grant").menu_text)
        self.grant_button.clicked.connect(self.open_grant)
        self.print_button = QPushButton("Imprimir &comprovante (Ctrl+P)")
        self.print_button.clicked.connect(self.print_receipt)
        close = QPushButton("Fechar")
        close.clicked.connect(self.accept)

        moves = QGridLayout()
        moves.addWidget(QLabel("Atendimento:"), 0, 0)
        moves.addWidget(self.analysis_button, 0, 1)
        moves.addWidget(self.pending_button, 0, 2)
        moves.addWidget(QLabel("Decisão:"), 1, 0)
        moves.addWidget(self.defer_button, 1, 1)
        moves.addWidget(self.refuse_button, 1, 2)
        moves.addWidget(self.grant_button, 1, 3)
        bottom = QHBoxLayout()
        bottom.addWidget(self.print_button)
        bottom.addStretch(1)
        bottom.addWidget(close)

        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.header, 1)
        top.addWidget(self.status, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(top)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.reason)
        layout.addLayout(moves)
        layout.addWidget(self.message)
        layout.addLayout(bottom)
        QShortcut(QKeySequence("Ctrl+P"), self, activated=self.print_receipt)
        screen_fit.preferred_size(self, 860, 620)
        self.load()
        if self._editable():  # the documents first: the keyboard ticks them at once
            self.checklist.setFocus()

    # --- showing ------------------------------------------------------------------------
    def load(self, app: dict | None = None) -> None:
        self.app = app or applications.application(self.application_id)
        a = self.app
        self.setWindowTitle(f"Requerimento {a['protocol']}")
        decided = ""
        if a["decided_at"]:
            decided = (f"<br>Decidido em {a['decided_at'].strftime('%d/%m/%Y %H:%M')}"
                       + (f": {a['decision_reason']}" if a["decision_reason"] else ""))
        self.header.setText(
            f"<h2 style='margin:0'>Protocolo {a['protocol']} — {a['type_label']}</h2>"
            f"Requerente: <b>{a['person_name']}</b> · protocolado em "
            f"{a['filed_at'].strftime('%d/%m/%Y %H:%M')}"
            + (f"<br>Observações: {a['notes']}" if a["notes"] else "") + decided)
        self.status.setText(a["status_label"])
        self.status.setStyleSheet(
            f"background: {APPLICATION_COLOURS.get(a['status'], '#e4e4e4')}; font-size: 12pt;"
            "border: 1px solid #999; border-radius: 4px; padding: 4px 10px;")
        self.checklist.blockSignals(True)
        row_before = self.checklist.currentRow()  # the row the clerk is on stays current
        self.checklist.clear()
        editable = self._editable()
        for item in a["checklist"]:
            text = item["text"] + ("" if item["mandatory"] else "  (facultativo)")
            if item["received_on"]:
                text += f"  — recebido em {item['received_on'].strftime('%d/%m/%Y')}"
            row = QListWidgetItem(text)
            row.setData(Qt.ItemDataRole.UserRole, item["code"])
            flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
            if editable:
                flags |= Qt.ItemFlag.ItemIsUserCheckable
            row.setFlags(flags)
            row.setCheckState(Qt.CheckState.Checked if item["received"]
                              else Qt.CheckState.Unchecked)
            self.checklist.addItem(row)
        received = sum(1 for c in a["checklist"] if c["received"])
        if row_before < 0:  # first shown: the first document not received yet
            row_before = next((i for i, c in enumerate(a["checklist"]) if not c["received"]),
                              0)
        if self.checklist.count():
            self.checklist.setCurrentRow(min(row_before, self.checklist.count() - 1))
        self.checklist.blockSignals(False)
        self.all_button.setEnabled(editable and received < len(a["checklist"]))
        self.tabs.setTabText(0, f"Documentos ({received} de {len(a['checklist'])})")
        labels = applications.STATUS_LABELS
        self.history_model.set_rows([{**h, "from_label": labels.get(h["from"], ""),
                                      "to_label": labels[h["to"]]} for h in a["history"]])
        self._enable()

    def _editable(self) -> bool:
        return (self.actor.role in applications.FILERS
                and self.app.get("status") not in ENDED)

    def _enable(self) -> None:
        a, role = self.app, self.actor.role
        allowed = applications.WORKFLOW[a["status"]]
        filer = role in applications.FILERS
        decider = role in DECIDERS
        self.analysis_button.setEnabled(filer and "em_analise" in allowed)
        self.pending_button.setEnabled(filer and "pendente" in allowed)
        self.defer_button.setEnabled(decider and "deferido" in allowed)
        self.refuse_button.setEnabled(decider and "indeferido" in allowed)
        self.reason.setEnabled(bool(allowed) and filer)
        can_grant = (decider and a["type"] == "new_permit" and a["status"] == "deferido"
                     and a["permit_id"] is None)
        self.grant_button.setEnabled(can_grant)
        self.grant_button.setVisible(a["type"] == "new_permit")
        if not decider:
            self.defer_button.setToolTip("Só o supervisor decide requerimentos.")
            self.refuse_button.setToolTip("Só o supervisor decide requerimentos.")

    # --- actions ------------------------------------------------------------------------
    def _tick(self, item: QListWidgetItem) -> None:
        code = item.data(Qt.ItemDataRole.UserRole)
        received = item.checkState() == Qt.CheckState.Checked
        try:
            app = applications.set_checklist_item(self.actor, self.application_id, code,
                                                  received=received)
        except DomainError as exc:
            self._say(str(exc))
            self.load()
            return
        self._say("")
        self.load(app)

    def mark_all(self) -> bool:
        """"Marcar todos": every document not yet received, in one action."""
        codes = [c["code"] for c in self.app["checklist"] if not c["received"]]
        if not codes:
            return False
        try:
            app = applications.set_checklist_items(self.actor, self.application_id, codes,
                                                   received=True)
        except DomainError as exc:
            self._say(str(exc))
            return False
        self._say(f"{len(codes)} documento(s) marcado(s) como recebido(s).", ok=True)
        self.load(app)
        self.checklist.setFocus()
        return True

    def move(self, to_status: str) -> bool:
        try:
            app = applications.change_status(self.actor, self.application_id, to_status,
                                             reason=self.reason.text())
        except RuleRefusal as exc:
            self._say(f"Recusado: {exc}")
            return False
        except DomainError as exc:
            self._say(str(exc))
            if "Motivo" in str(exc):
                self.reason.setFocus()
            return False
        self.reason.clear()
        self.load(app)
        if to_status == "deferido" and self.grant_button.isEnabled():
            self._say("Requerimento deferido. Clique em “Outorgar permissão…” para escolher o "
                      "veículo e o ponto.", ok=True)
            self.grant_button.setDefault(True)
            self.grant_button.setFocus()
        else:
            self._say(f"Requerimento {app['status_label'].lower()}.", ok=True)
        return True

    def _say(self, text: str, ok: bool = False) -> None:
        self.message.setStyleSheet("color: #1b5e20; font-weight: bold;" if ok else
                                   "color: #c62828; font-weight: bold;")
        self.message.setText(text)

    def grant_dialog(self):
        from .grant import GrantDialog
        return GrantDialog(self.actor, self.app, self)

    def open_grant(self):
        """"Outorgar permissão…", window-modal without blocking (`self.grant_form`): when it
        closes, its result is kept and the application reloaded."""
        dialog = self.grant_dialog()
        self.grant_form = dialog
        dialog.finished.connect(lambda *_: self._grant_closed(dialog))
        dialog.open()
        return dialog

    def _grant_closed(self, dialog) -> None:
        self.grant_result = dialog.result_data
        self.load()

    def print_receipt(self, show: bool = True) -> dict | None:
        try:
            result = documents.print_application_receipt(self.actor, self.application_id)
        except DomainError as exc:
            self._say(str(exc))
            return None
        if show:
            from .print_preview import PrintPreviewDialog
            PrintPreviewDialog(result, self).open()
        return result

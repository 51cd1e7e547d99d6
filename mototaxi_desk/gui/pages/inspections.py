"""Vistorias: the latest inspections with result, validity and sticker; new inspection
(fiscal), print the sticker, void or reissue it with a reason (supervisor)."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QHBoxLayout, QMessageBox, QPushButton, QVBoxLayout,
                               QWidget)

from ...domain.errors import DomainError
from ...services import documents
from ...services.register import inspections
from ...services.context import Actor
from ...services.record_words import STICKER_STATUS as STICKER_WORDS
from .. import prompts
from ..dialogs.inspection_form import KIND_WORDS, InspectionForm, ask_reason
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import GREY, RED, heading, open_rows, table_view



def _colour(row: dict) -> str | None:
    if not row["approved"]:
        return RED
    return GREY if row.get("sticker_status") == "voided" else None


class InspectionsPage(QWidget):
    person_chosen = Signal(int)
    title = "Vistorias"

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Vistorias e selos"))
        bar = QHBoxLayout()
        self.new_button = QPushButton("Nova vistoria…")
        self.print_button = QPushButton("Imprimir selo…")
        self.void_button = QPushButton("Cancelar selo…")
        self.reissue_button = QPushButton("Reemitir selo…")
        for button in (self.new_button, self.print_button, self.void_button,
                       self.reissue_button):
            bar.addWidget(button)
        bar.addStretch(1)
        layout.addLayout(bar)
        self.model = DictTableModel(
            [Column("inspected_on", "Data"), Column("plate", "Placa"),
             Column("kind", "Tipo", lambda k: KIND_WORDS.get(k, k)),
             Column("approved", "Resultado", lambda a: "Aprovada" if a else "Reprovada"),
             Column("valid_until", "Válida até"), Column("sticker_serial", "Selo"),
             Column("sticker_status", "Situação do selo",
                    lambda s: STICKER_WORDS.get(s, "—") if s else "—")],
            colour_of=_colour, parent=self)
        self.view = table_view(self.model)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._update_buttons())
        open_rows(self.view, lambda _row: self.print_sticker())
        layout.addWidget(self.view, 1)
        self.new_button.clicked.connect(self.new_inspection)
        self.print_button.clicked.connect(self.print_sticker)
        self.void_button.clicked.connect(self.void_sticker)
        self.reissue_button.clicked.connect(self.reissue_sticker)
        self._update_buttons()

    def refresh(self) -> None:
        self.model.set_rows(inspections.list_inspections())
        if self.model.rows:
            self.view.selectRow(0)
        self._update_buttons()

    def _current(self) -> dict | None:
        row = self.view.currentIndex().row()
        return self.model.row(row) if 0 <= row < len(self.model.rows) else None

    def _update_buttons(self) -> None:
        current = self._current()
        has_sticker = current is not None and bool(current.get("sticker_serial"))
        issued = has_sticker and current.get("sticker_status") == "issued"
        self.new_button.setEnabled(self.actor.role in inspections.INSPECTION_ROLES)
        self.print_button.setEnabled(issued and self.actor.role in documents.PRINT_ROLES)
        supervisor = self.actor.role in inspections.STICKER_ROLES
        self.void_button.setEnabled(supervisor and issued)
        self.reissue_button.setEnabled(supervisor and has_sticker)

    def new_inspection(self) -> InspectionForm:
        """The form, window-modal without blocking (`self.form`)."""
        form = InspectionForm(self.actor, parent=self)
        self.form = form
        form.finished.connect(lambda *_: form.result_data and self.refresh())
        form.open()
        return form

    def print_sticker(self) -> None:
        current = self._current()
        if not current or current.get("sticker_status") != "issued":
            return
        try:
            result = documents.print_stickers(self.actor, [current["sticker_serial"]])
        except DomainError as exc:
            QMessageBox.warning(self, "Selo de vistoria", str(exc))
            return
        prompts.show_preview(self, result)

    def void_sticker(self) -> None:
        self._sticker_action("Cancelar selo", inspections.void_sticker)

    def reissue_sticker(self) -> None:
        self._sticker_action("Reemitir selo", inspections.reissue_sticker)

    def _sticker_action(self, title: str, action) -> None:
        current = self._current()
        if not current or not current.get("sticker_serial"):
            return
        reason = ask_reason(self, f"{title} {current['sticker_serial']}")
        if reason is None:
            return
        try:
            result = action(self.actor, current["sticker_serial"], reason=reason)
        except DomainError as exc:
            QMessageBox.warning(self, title, str(exc))
            return
        QMessageBox.information(self, title, f"Selo {result['serial']}: "
                                f"{STICKER_WORDS.get(result['status'], result['status'])}.")
        self.refresh()



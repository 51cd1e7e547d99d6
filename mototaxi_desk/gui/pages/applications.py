"""Requerimentos: the applications, newest first, filtered by status; a double click opens
the detail (checklist, history, decisions); "Novo requerimento" (Ctrl+N) opens the wizard."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ...services.licensing import applications
from ...services import permissions
from ...services.context import ROLE_LABELS, Actor
from ..models.dict_table import Column
from ..models.paged_table import PagedTableModel
from ..widgets.common import APPLICATION_COLOURS, heading, open_rows, table_view


class ApplicationsPage(QWidget):
    person_chosen = Signal(int)
    title = "Requerimentos"

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Requerimentos"))
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Situação:"))
        self.status_filter = QComboBox()
        self.status_filter.addItem("Todas", None)
        for code, label in applications.STATUS_LABELS.items():
            self.status_filter.addItem(label, code)
        self.status_filter.currentIndexChanged.connect(lambda _i: self.refresh())
        bar.addWidget(self.status_filter)
        self.count = QLabel()
        bar.addWidget(self.count)
        bar.addStretch(1)
        self.open_button = QPushButton("&Abrir")
        self.open_button.clicked.connect(self.open_selected)
        self.person_button = QPushButton("Abrir &prontuário")
        self.person_button.clicked.connect(self._open_person)
        self.new_button = QPushButton("&Novo requerimento (Ctrl+N)")
        self.new_button.clicked.connect(self.new_application)
        self.new_button.setEnabled(not self.why_not_file())
        self.new_button.setToolTip(self.why_not_file())
        for button in (self.open_button, self.person_button, self.new_button):
            bar.addWidget(button)
        layout.addLayout(bar)
        # a page at a time as the list scrolls (issue 23)
        self.model = PagedTableModel(
            [Column("protocol", "Protocolo"), Column("type_label", "Tipo"),
             Column("person_name", "Requerente"), Column("status_label", "Situação"),
             Column("filed_at", "Protocolado em"), Column("decision_reason", "Motivo")],
            fetch=lambda offset, limit: applications.application_rows(
                status=self.status_filter.currentData(), offset=offset, limit=limit),
            total=lambda: applications.count_applications(self.status_filter.currentData()),
            colour_of=lambda r: APPLICATION_COLOURS.get(r["status"]), parent=self)
        self.view = table_view(self.model)
        open_rows(self.view, self.open_row)
        layout.addWidget(self.view, 1)
        self.setTabOrder(self.status_filter, self.open_button)

    def refresh(self) -> None:
        self.model.reload()
        total = self.model._total
        self.count.setText(f"{total} requerimento(s)" if total else
                           "Nenhum requerimento nesta situação.")

    def _selected_row(self) -> int:
        index = self.view.currentIndex()
        return index.row() if index.isValid() else -1

    def open_selected(self) -> None:
        self.open_row(self._selected_row())

    def open_row(self, row: int):
        if not 0 <= row < len(self.model.rows):
            return None
        from ..dialogs.application_detail import ApplicationDetailDialog
        dialog = ApplicationDetailDialog(self.actor, self.model.row(row)["id"], self)
        self.dialog = dialog  # window-modal without blocking: tests drive it
        dialog.finished.connect(lambda *_: self.refresh())
        dialog.open()
        return dialog

    def _open_person(self) -> None:
        row = self._selected_row()
        if 0 <= row < len(self.model.rows):
            self.person_chosen.emit(self.model.row(row)["person_id"])

    def why_not_file(self) -> str:
        """Why this user cannot file applications ('' when they can)."""
        if permissions.can(self.actor, "application.file"):
            return ""
        roles = ", ".join(ROLE_LABELS[r] for r in permissions.roles_for("application.file"))
        return (f"Novo requerimento (Ctrl+N): o perfil {ROLE_LABELS.get(self.actor.role, '?')} "
                f"não pode {permissions.PERMISSIONS['application.file'].label} "
                f"(permitido a: {roles}).")

    def new_application(self, person_id: int | None = None, app_type: str | None = None):
        """The wizard, window-modal without blocking (`self.wizard`); after Concluir the
        applicant's record opens (person_chosen)."""
        from ..dialogs.new_application import NewApplicationWizard
        if self.why_not_file():
            return None
        wizard = NewApplicationWizard(self.actor, person_id=person_id or None,
                                      app_type=app_type, parent=self)
        self.wizard = wizard
        wizard.finished.connect(lambda *_: self._wizard_done(wizard))
        wizard.open()
        return wizard

    def _wizard_done(self, wizard) -> None:
        self.refresh()
        if wizard.application is not None:
            self.person_chosen.emit(wizard.application["person_id"])

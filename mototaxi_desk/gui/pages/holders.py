"""Permissionários: every permit in order-number order with holder, status, plate, stand and
validity, loaded page by page; a double click opens the holder's record; "Nova pessoa"
(the button or a right-click) registers someone not yet in the register."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ...services import permissions
from ...services.licensing import permits
from ..labels import instrument_words
from ..models.dict_table import Column
from ..models.paged_table import PagedTableModel
from ..widgets.common import STATUS_COLOURS, heading, open_rows, table_view
from ..widgets.row_menu import row_menu


class HoldersPage(QWidget):
    person_chosen = Signal(int)
    new_person_asked = Signal()  # the main window opens the form (and then the record)
    title = "Permissionários"

    @staticmethod
    def nav_title() -> str:
        """Permissionários, or the law's own word (Autorizatários): before the page is made."""
        return instrument_words()["holders"]

    def __init__(self, actor=None, parent=None):
        super().__init__(parent)
        self.actor = actor  # a fiscal sees masked CPFs (LGPD), as in the search
        words = instrument_words()
        self.title, self.instrument = self.nav_title(), words["title"].lower()
        layout = QVBoxLayout(self)
        layout.addWidget(heading(words["holders"]))
        bar = QHBoxLayout()
        bar.addWidget(QLabel("Situação:"))
        self.status = QComboBox()
        self.status.addItem("Todas", None)
        for code, label in permits.STATUS_LABELS.items():
            self.status.addItem(label, code)
        self.status.currentIndexChanged.connect(lambda _i: self.refresh())
        bar.addWidget(self.status)
        self.count = QLabel()
        bar.addWidget(self.count, 1)
        self.new_person_button = QPushButton("&Nova pessoa…")
        self.new_person_button.setObjectName("new_person_button")
        self.new_person_button.setEnabled(actor is None or
                                          permissions.can(actor, "person.register"))
        self.new_person_button.clicked.connect(lambda: self.new_person_asked.emit())
        bar.addWidget(self.new_person_button)
        layout.addLayout(bar)
        self.model = PagedTableModel(
            [Column("order_text", "Nº"), Column("status_label", "Situação"),
             Column("holder_name", words["holder"]), Column("cpf_text", "CPF"),
             Column("plate", "Placa"),
             Column("stand_number", "Ponto", lambda n: f"Ponto {n:02d}" if n else "—"),
             Column("valid_until", "Validade")],
            fetch=lambda offset, limit: permits.list_permits(
                offset=offset, limit=limit, status=self.status.currentData(), actor=self.actor),
            total=lambda: permits.count_permits(self.status.currentData()),
            colour_of=lambda row: STATUS_COLOURS.get(row["status"]), parent=self)
        self.view = table_view(self.model)
        open_rows(self.view, lambda row: self.person_chosen.emit(self.model.row(row)["holder_id"]))
        row_menu(self.view, lambda row: [
            *([("Abrir prontuário", lambda: self.person_chosen.emit(
                self.model.row(row)["holder_id"]))] if row >= 0 else []),
            ("Nova pessoa…", self.new_person_asked.emit, self.new_person_button.isEnabled())])
        layout.addWidget(self.view, 1)

    def refresh(self) -> None:
        self.model.reload()
        self.count.setText(f"{self.model._total} {self.instrument}(ões)"
                           if self.instrument.endswith("ão") else
                           f"{self.model._total} {self.instrument}(s)")

"""Veículos: every motorcycle with owner, age-limit date (vencido red, this year amber),
insurance and whether it is out of service; a filter by plate in either format; a double
click opens the vehicle form (insurance); new vehicle, substitution on the permit and the
replacement declaration (where the law has it)."""
from __future__ import annotations


from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QVBoxLayout, QWidget)

from ...services import setup
from ...services.register import vehicles
from ...services.context import Actor
from ..dialogs.vehicle_form import (COUNTER_ROLES, SubstituteDialog, VehicleForm,
                                    declare_replacement)
from ..models.dict_table import Column, DictTableModel
from ..widgets.flow import FlowLayout
from ..widgets.common import AMBER, GREY, RED, heading, open_rows, table_view
from ...domain import wallclock


def vehicle_colour(row: dict) -> str | None:
    if not row["active"]:
        return GREY
    if row["out_of_service"]:
        return RED
    limit = row.get("age_limit")
    if limit is not None:
        today = wallclock.today()
        if limit < today:
            return RED
        if limit.year == today.year:
            return AMBER
    expiry = row.get("insurance_expiry")
    if expiry is not None and expiry < wallclock.today():
        return AMBER
    return None


def _situation(row: dict) -> str:
    if not row["active"]:
        return "Baixado"
    if row["out_of_service"]:
        return "Fora de circulação"
    limit = row.get("age_limit")
    if limit is not None and limit < wallclock.today():
        return "Vida útil vencida"
    if limit is not None and limit.year == wallclock.today().year:
        return "Vida útil vence este ano"
    return "Em circulação"


class VehiclesPage(QWidget):
    person_chosen = Signal(int)
    title = "Veículos"

    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Veículos"))
        bar = QHBoxLayout()
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filtrar pela placa (ABC-1234 ou ABC1C34)")
        self.filter.setClearButtonEnabled(True)
        self.filter.setMaxLength(10)
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.refresh)
        self.filter.textEdited.connect(lambda _t: self._timer.start())
        bar.addWidget(self.filter, 2)
        self.new_button = QPushButton("Novo veículo…")
        self.edit_button = QPushButton("Seguro / dados…")
        self.substitute_button = QPushButton("Substituir na permissão…")
        self.declare_button = QPushButton("Declarar substituição")
        self.person_button = QPushButton("Abrir proprietário")
        buttons = FlowLayout()  # wraps on a narrow screen (widgets/flow.py)
        for button in (self.new_button, self.edit_button, self.substitute_button,
                       self.declare_button, self.person_button):
            buttons.addWidget(button)
        layout.addLayout(bar)
        layout.addLayout(buttons)
        self.count = QLabel()
        layout.addWidget(self.count)
        self.model = DictTableModel(
            [Column("plate_original", "Placa"), Column("make", "Marca"),
             Column("model", "Modelo"), Column("manufacture_year", "Ano"),
             Column("cc", "cc"), Column("owner_name", "Proprietário"),
             Column("order_text", "Permissão", lambda text: text or "—"),
             Column("age_limit", "Vida útil até"), Column("insurance_expiry", "Seguro até"),
             Column("situation", "Situação")],
            colour_of=vehicle_colour, parent=self)
        self.view = table_view(self.model)
        open_rows(self.view, self.open_vehicle)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._update_buttons())
        layout.addWidget(self.view, 1)
        legend = QLabel("Cores: vermelho = vida útil vencida ou fora de circulação; "
                        "amarelo = vida útil vence este ano ou seguro vencido; cinza = baixado.")
        legend.setStyleSheet("color:#555")
        layout.addWidget(legend)
        self.new_button.clicked.connect(self.new_vehicle)
        self.edit_button.clicked.connect(lambda: self.open_vehicle(self._row()))
        self.substitute_button.clicked.connect(self.substitute)
        self.declare_button.clicked.connect(self.declare)
        self.person_button.clicked.connect(self._open_person)
        self.declare_button.setVisible(bool(setup.profile_today().vehicle.replacement_declare_days_before))
        self._update_buttons()

    def refresh(self) -> None:
        rows = [{**r, "situation": _situation(r)}
                for r in vehicles.list_vehicles(self.filter.text())]
        self.model.set_rows(rows)
        shown = "nenhum veículo" if not rows else f"{len(rows)} veículo(s)"
        self.count.setText(shown + (" com essa placa" if self.filter.text().strip() else ""))
        if rows:
            self.view.selectRow(0)
        self._update_buttons()

    def _row(self) -> int:
        return self.view.currentIndex().row()

    def _current(self) -> dict | None:
        row = self._row()
        return self.model.row(row) if 0 <= row < len(self.model.rows) else None

    def _update_buttons(self) -> None:
        current = self._current()
        counter = self.actor.role in COUNTER_ROLES
        self.new_button.setEnabled(counter)
        self.edit_button.setEnabled(current is not None)
        self.person_button.setEnabled(current is not None)
        self.substitute_button.setEnabled(counter and current is not None and
                                          current["permit_id"] is not None)
        self.declare_button.setEnabled(counter and current is not None and current["active"])

    def new_vehicle(self) -> VehicleForm:
        """The form, window-modal without blocking (`self.form`)."""
        form = VehicleForm(self.actor, parent=self)
        self.form = form
        form.accepted.connect(self.refresh)
        form.open()
        return form

    def open_vehicle(self, row: int) -> VehicleForm | None:
        if not 0 <= row < len(self.model.rows):
            return None
        form = VehicleForm(self.actor, self.model.row(row)["id"], parent=self)
        self.form = form  # window-modal without blocking: tests drive it
        form.accepted.connect(self.refresh)
        form.open()
        return form

    def substitute(self) -> None:
        current = self._current()
        if current and current["permit_id"]:
            dialog = SubstituteDialog(self.actor, current["permit_id"], parent=self)
            self.form = dialog  # window-modal without blocking: tests drive it
            dialog.accepted.connect(self.refresh)
            dialog.open()

    def declare(self) -> None:
        current = self._current()
        if current and declare_replacement(self.actor, current["id"], self):
            self.refresh()

    def _open_person(self) -> None:
        current = self._current()
        if current:
            self.person_chosen.emit(current["owner_id"])

"""Pontos: every stand with its places (filled / free), flags below the minimum and full;
the roster of the selected stand; a double click on a place opens the holder's record."""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ...domain import permit_rules
from ...services import setup, stands
from ...services.permits import STATUS_LABELS
from ..models.dict_table import Column, DictTableModel
from ..widgets.common import AMBER, GREY, RED, STATUS_COLOURS, heading, table_view


def _stand_colour(row: dict) -> str | None:
    if row["below_minimum"]:
        return RED
    return AMBER if row["full"] else None


def _stand_state(row: dict) -> str:
    if row["below_minimum"]:
        return "Abaixo do mínimo"
    return "Completo" if row["full"] else "Com vagas"


class StandsPage(QWidget):
    person_chosen = Signal(int)
    title = "Pontos"

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Pontos de mototáxi"))
        body = QHBoxLayout()
        self.stand_model = DictTableModel(
            [Column("label", "Ponto"), Column("occupation", "Vagas"),
             Column("state", "Situação"), Column("name", "Local")],
            colour_of=_stand_colour, parent=self)
        self.stand_view = table_view(self.stand_model)
        self.stand_view.selectionModel().currentRowChanged.connect(
            lambda current, _previous: self.show_roster(current.row()))
        body.addWidget(self.stand_view, 2)
        right = QVBoxLayout()
        self.roster_title = QLabel("Selecione um ponto.")
        right.addWidget(self.roster_title)
        self.place_model = DictTableModel(
            [Column("position", "Vaga"), Column("order_text", "Permissão"),
             Column("status", "Situação", lambda s: STATUS_LABELS.get(s, "Livre")),
             Column("since", "Desde"), Column("plate", "Placa"),
             Column("holder_name", "Permissionário"),
             Column("auxiliary_name", "Condutor auxiliar")],
            colour_of=lambda r: STATUS_COLOURS.get(r["status"], GREY), parent=self)
        self.place_view = table_view(self.place_model)
        self.place_view.doubleClicked.connect(self._open_holder)
        right.addWidget(self.place_view, 1)
        body.addLayout(right, 5)
        layout.addLayout(body, 1)

    def refresh(self) -> None:
        rows = [{**s, "state": _stand_state(s), "occupation": f"{s['count']}/{s['max_vehicles']}"}
                for s in stands.list_stands()]
        self.stand_model.set_rows(rows)
        if rows:
            self.stand_view.selectRow(0)
            self.show_roster(0)

    def show_roster(self, row: int) -> None:
        if not 0 <= row < len(self.stand_model.rows):
            return
        roster = stands.roster(self.stand_model.row(row)["id"])
        self.roster_title.setText(
            f"<b>{roster['label']} — {roster['name']}</b> · {roster['location']}<br>"
            f"{roster['count']} de {roster['max_vehicles']} vagas ocupadas"
            + (f" · <span style='color:#a00'>abaixo do mínimo de {roster['min_vehicles']}</span>"
               if roster["below_minimum"] else ""))
        profile = setup.profile()
        self.place_model.set_rows([
            {**p, "order_text": permit_rules.format_order_number(profile, p["order_number"])
             if p["order_number"] else ""} for p in roster["places"]])

    def _open_holder(self, index) -> None:
        holder = self.place_model.row(index.row()).get("holder_id")
        if holder:
            self.person_chosen.emit(holder)

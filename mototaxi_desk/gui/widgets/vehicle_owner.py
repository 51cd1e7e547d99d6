"""A vehicle that is not the holder's own, where the município's law accepts one
(vehicle.owner_rule, with its own article): "holder_or_family" — the spouse or a relative to
the 2nd degree, the relation declared at the counter and kept in the permit's history for
the renewals — or "any". The grant, the transfer and the vehicle substitution add these rows
under their vehicle choice: the plate of the vehicle (found in either format), and the relation. Under
"holder" (PF Art. 15 VII, SRM Art. 20 II, L1745 Art. 2 §2º I) nothing is added.

The rule itself stays in domain/vehicle_rules.check_owner (through the services): this only
lets the clerk choose the vehicle and state the relation, and shows the rule's words."""
from __future__ import annotations

import html

from PySide6.QtWidgets import (QComboBox, QFormLayout, QHBoxLayout, QLabel, QPushButton,
                               QWidget)

from ...domain import validators
from ...domain.errors import DomainError
from ...domain.vehicle_rules import FAMILY_RELATIONS
from ...services import setup
from ...services.register import vehicles
from . import plate as plate_field
from .fields import ValidatedField



class OtherOwnerVehicle:
    """The rows "Veículo de familiar (placa)" and "Parentesco do proprietário" of a form
    whose vehicle combo (`combo`, item data = vehicle id) lists the holder's own vehicles.
    `enabled` is False where the law wants the holder to own it (nothing is shown)."""

    def __init__(self, holder_id: int | None, combo: QComboBox, *,
                 exclude_id: int | None = None, on_found=None):
        self.holder_id, self.combo, self.exclude_id = holder_id, combo, exclude_id
        self.on_found = on_found  # e.g. the grant unticks "register a new vehicle"
        rule = setup.profile_today().vehicle
        self.rule, self.article = rule.owner_rule, rule.owner_article
        self.enabled = self.rule != "holder"
        self.owners: dict[int, str] = {}   # vehicle id -> owner's name, for the vehicles found
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.plate = ValidatedField(validators.plate, required=False)
        self.plate.setObjectName("other_owner_plate")
        plate_field.follow_spelling(self.plate.edit)  # ABC-1234 or QRS1D23
        self.find_button = QPushButton("&Buscar veículo")
        self.find_button.setObjectName("other_owner_find")
        self.find_button.clicked.connect(self.find)
        self.plate.edit.returnPressed.connect(self.find)
        self.relation = QComboBox()
        self.relation.setObjectName("owner_relation")
        self.relation.addItem("— informe o parentesco —", None)
        for code, label in FAMILY_RELATIONS.items():
            self.relation.addItem(label, code)
        self.info = QLabel()
        self.info.setWordWrap(True)
        family = self.rule == "holder_or_family"
        self.hint.setText(
            f"A lei admite veículo do cônjuge ou de parente até o 2º grau do permissionário "
            f"({self.article}): informe a placa e o parentesco do proprietário." if family else
            f"A lei não exige que o veículo seja do permissionário ({self.article}): informe "
            "a placa de um veículo de outro proprietário.")
        self.row = QWidget()
        line = QHBoxLayout(self.row)
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.plate, 1)
        line.addWidget(self.find_button)
        self.combo.currentIndexChanged.connect(lambda *_: self.update())

    def add_rows(self, form: QFormLayout, at: int | None = None) -> None:
        """The rows at the end of `form`, or from row `at` on (a Designer form)."""
        if not self.enabled:
            return
        rows = (("", self.hint), ("Veículo de outro proprietário (placa):", self.row),
                ("", self.info), ("Parentesco do proprietário:", self.relation))
        for offset, (label, widget) in enumerate(rows):
            if at is None:
                form.addRow(label, widget)
            else:
                form.insertRow(at + offset, label, widget)
        self.update()

    def set_holder(self, holder_id: int | None) -> None:
        """Another holder (the transfer's new holder, once his CPF is typed): the vehicles
        found before are forgotten."""
        self.holder_id = holder_id
        self.owners.clear()
        self.row.setEnabled(holder_id is not None)
        self._say("")
        self.update()

    def _say(self, text: str, error: bool = False) -> None:
        self.info.setStyleSheet("color: #b71c1c;" if error else "")
        self.info.setText(text)

    def find(self) -> int | None:
        """The vehicle of the plate typed, added to the vehicle choice and chosen."""
        if self.holder_id is None:
            self._say("Informe antes quem será o permissionário.", error=True)
            return None
        if self.plate.is_empty():
            self._say("Informe a placa do veículo.", error=True)
            return None
        if not self.plate.validate(force=True):
            self._say("Placa inválida: corrija o campo em vermelho.", error=True)
            return None
        try:
            canonical, original = validators.plate(self.plate.raw())
        except DomainError as exc:
            self._say(str(exc), error=True)
            return None
        row = next((r for r in vehicles.list_vehicles(canonical)
                    if r["plate"] == canonical), None)
        if row is None:
            self._say(f"Nenhum veículo cadastrado com a placa {original}: cadastre-o no "
                      "nome do proprietário (Veículos).", error=True)
            return None
        if not row["active"] or row["permit_id"] or row["id"] == self.exclude_id:
            self._say(f"O veículo {original} foi baixado ou já serve uma permissão.",
                      error=True)
            return None
        index = self.combo.findData(row["id"])
        if index < 0:
            whose = ("" if row["owner_id"] == self.holder_id
                     else f" (de {row['owner_name']})")
            self.combo.addItem(f"{row['plate_original']} — {row['make']} {row['model']} "
                               f"{row['manufacture_year']}{whose}", row["id"])
            index = self.combo.count() - 1
        self.owners[row["id"]] = row["owner_name"] if row["owner_id"] != self.holder_id else ""
        if self.on_found is not None:
            self.on_found()
        self.combo.setEnabled(True)
        self.combo.setCurrentIndex(index)
        self.update()
        return row["id"]

    def other_owner(self) -> str:
        """The owner's name when the vehicle chosen is not the holder's, else ""."""
        return self.owners.get(self.combo.currentData(), "") if self.enabled else ""

    def update(self) -> None:
        owner = self.other_owner()
        needs = bool(owner) and self.rule == "holder_or_family"
        self.relation.setEnabled(needs)
        if not needs:
            self.relation.setCurrentIndex(0)
        if owner:
            self._say(f"Proprietário: <b>{html.escape(owner)}</b>"
                      + (" — informe o parentesco com o permissionário." if needs else "."))
        elif self.info.styleSheet() == "":
            self._say("")

    def owner_relation(self) -> str | None:
        """The relation declared (a FAMILY_RELATIONS code) for a family owner, else None."""
        return self.relation.currentData() if self.relation.isEnabled() else None

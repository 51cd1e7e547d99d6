"""Outorgar permissão for a deferred new-permit application: the applicant's vehicle (or a
new one, validated as you type) — or, where the law accepts it (vehicle.owner_rule), a
vehicle of his spouse or a relative to the 2nd degree with the relation declared
(widgets/vehicle_owner.py) —, a stand with free places, the act number. When the cap is
full the applicant goes to the waiting list instead (and the dialog says so). After the
grant: print the card and the termo (with preview)."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QFormLayout, QGridLayout,
                               QGroupBox, QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox,
                               QVBoxLayout)

from .. import screen_fit
from ...domain import validators
from ...domain.errors import DomainError, RuleRefusal
from ...domain.money import parse_money
from ...services import documents, permits, stands, vehicles
from ...services.context import Actor
from ..widgets.dates import DateField
from ..widgets.fields import ValidatedField
from ..widgets.unsaved import DiscardGuard
from ..widgets.vehicle_owner import OtherOwnerVehicle

RED, GREEN = "color: #c62828; font-weight: bold;", "color: #1b5e20; font-weight: bold;"
PLATE_MASK = ">AAA-9N99;_"   # ABC-1234 or ABC-1D23 (either format)


class GrantDialog(DiscardGuard, QDialog):
    def __init__(self, actor: Actor, application: dict, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.application = application
        self.holder_id = application["person_id"]
        self.result_data: dict | None = None
        self.last_print: dict | None = None
        self.setWindowTitle(f"Outorgar permissão — protocolo {application['protocol']}")
        intro = QLabel(f"Requerente: <b>{application['person_name']}</b> · requerimento "
                       f"{application['protocol']} ({application['status_label']})")
        intro.setWordWrap(True)

        self.vehicle = QComboBox()
        self.vehicle.currentIndexChanged.connect(self._vehicle_chosen)
        self.new_box = QGroupBox("Cadastrar veículo novo do requerente")
        self.new_box.setCheckable(True)
        self.new_box.setChecked(False)
        self.new_box.toggled.connect(lambda on: self.vehicle.setEnabled(not on))
        self.plate = ValidatedField(validators.plate, mask=PLATE_MASK)
        self.plate.edit.setToolTip("Formato antigo ABC-1234 ou Mercosul ABC-1D23")
        self.renavam = ValidatedField(validators.renavam, mask="99999999999;_")
        self.chassis = ValidatedField(validators.chassis, placeholder="17 letras e números")
        self.chassis.edit.setMaxLength(17)
        self.make = ValidatedField(lambda t: validators.text(t, "Marca", max_length=40))
        self.model = ValidatedField(lambda t: validators.text(t, "Modelo", max_length=60))
        year = QDate.currentDate().year()
        self.manufacture_year = QSpinBox()
        self.manufacture_year.setRange(1970, year)
        self.manufacture_year.setValue(year)
        self.model_year = QSpinBox()
        self.model_year.setRange(1970, year + 1)
        self.model_year.setValue(year)
        self.manufacture_year.valueChanged.connect(
            lambda v: self.model_year.setValue(max(v, min(self.model_year.value(), v + 1))))
        self.cc = QSpinBox()
        self.cc.setRange(50, 3000)
        self.cc.setValue(150)
        self.cc.setSuffix(" cc")
        self.colour = QLineEdit()
        self.colour.setMaxLength(30)
        self.insurer = QLineEdit()
        self.insurer.setMaxLength(80)
        self.policy = QLineEdit()
        self.policy.setMaxLength(40)
        self.cover = ValidatedField(lambda t: parse_money(t, "Cobertura por pessoa"),
                                    placeholder="R$ 10.000,00", required=False)
        self.insurance_expiry = DateField(label="Seguro válido até",
                                          value=dt.date.today() + dt.timedelta(days=365))
        grid = QGridLayout(self.new_box)
        rows = [("Placa:", self.plate, "RENAVAM:", self.renavam),
                ("Chassi:", self.chassis, "Cor:", self.colour),
                ("Marca:", self.make, "Modelo:", self.model),
                ("Ano de fabricação:", self.manufacture_year, "Ano do modelo:", self.model_year),
                ("Cilindradas:", self.cc, "Seguradora:", self.insurer),
                ("Nº da apólice:", self.policy, "Cobertura por pessoa:", self.cover),
                ("Seguro válido até:", self.insurance_expiry, None, None)]
        for r, (l1, w1, l2, w2) in enumerate(rows):
            grid.addWidget(QLabel(l1), r, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(w1, r, 1)
            if l2:
                grid.addWidget(QLabel(l2), r, 2, Qt.AlignmentFlag.AlignTop)
                grid.addWidget(w2, r, 3)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        self.vehicle_warning = QLabel()
        self.vehicle_warning.setStyleSheet("color: #8a5300;")
        self.vehicle_warning.setWordWrap(True)

        self.stand = QComboBox()
        self.act = QLineEdit()
        self.act.setMaxLength(60)
        self.act.setPlaceholderText("ex.: Portaria nº 12/2026")
        form = QFormLayout()
        form.addRow("Veículo:", self.vehicle)
        form.addRow("", self.vehicle_warning)
        self.other_owner = OtherOwnerVehicle(self.holder_id, self.vehicle,
                                             on_found=lambda: self.new_box.setChecked(False))
        self.other_owner.add_rows(form)
        form.addRow(self.new_box)
        form.addRow("Ponto:", self.stand)
        form.addRow("Ato de outorga:", self.act)

        self.message = QLabel()
        self.message.setWordWrap(True)
        self.grant_button = QPushButton("&Outorgar")
        self.grant_button.setDefault(True)
        self.grant_button.clicked.connect(self.grant)
        self.card_button = QPushButton("Imprimir &cartão")
        self.card_button.clicked.connect(lambda: self.print_card())
        self.termo_button = QPushButton("Imprimir &termo")
        self.termo_button.clicked.connect(lambda: self.print_termo())
        self.close_button = QPushButton("Cancelar")
        self.close_button.clicked.connect(self.reject)
        for button in (self.card_button, self.termo_button):
            button.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.card_button)
        buttons.addWidget(self.termo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.grant_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addStretch(1)
        layout.addLayout(buttons)
        self.load_choices()
        screen_fit.preferred_size(self, 900, 640)
        self.mark_clean()

    def has_unsaved_changes(self) -> bool:
        # once granted, what was typed is saved; closing loses nothing
        return self.result_data is None and super().has_unsaved_changes()

    def load_choices(self, select_vehicle: int | None = None) -> None:
        self.vehicle.blockSignals(True)
        self.vehicle.clear()
        self._vehicles = {}
        for v in vehicles.list_vehicles(owner_id=self.holder_id):
            if not v["active"] or v["permit_id"]:
                continue
            self._vehicles[v["id"]] = v
            self.vehicle.addItem(f"{v['plate_original']} — {v['make']} {v['model']} "
                                 f"{v['manufacture_year']}", v["id"])
        if not self._vehicles:
            self.vehicle.addItem("Nenhum veículo livre cadastrado — cadastre abaixo", None)
            self.new_box.setChecked(True)
        elif select_vehicle in self._vehicles:
            self.vehicle.setCurrentIndex(self.vehicle.findData(select_vehicle))
        self.vehicle.blockSignals(False)
        self._vehicle_chosen()
        self.stand.clear()
        self.stand.addItem("Sem ponto por enquanto", None)
        for s in stands.list_stands():
            if s["full"] or not s["active"]:
                continue
            self.stand.addItem(f"{s['label']} — {s['name']} ({s['free']} vaga(s) livre(s))",
                               s["id"])
        if self.stand.count() > 1:
            self.stand.setCurrentIndex(1)

    def _vehicle_chosen(self) -> None:
        vehicle_id = self.vehicle.currentData()
        if vehicle_id is None:
            self.vehicle_warning.setText("")
            return
        warnings = vehicles.vehicle(vehicle_id)["warnings"]
        self.vehicle_warning.setText(" ".join(warnings))

    def _say(self, text: str, ok: bool = False) -> None:
        self.message.setStyleSheet(GREEN if ok else RED)
        self.message.setText(text)

    def _new_vehicle_data(self) -> dict | None:
        fields = [self.plate, self.renavam, self.chassis, self.make, self.model, self.cover,
                  self.insurance_expiry]
        bad = [f for f in fields if not f.validate(force=True)]
        if bad:
            bad[0].setFocus()
            self._say("Corrija os campos em vermelho.")
            return None
        return {"plate": self.plate.raw(), "renavam": self.renavam.raw(),
                "chassis": self.chassis.text(), "make": self.make.text(),
                "model": self.model.text(), "manufacture_year": self.manufacture_year.value(),
                "model_year": self.model_year.value(), "cc": self.cc.value(),
                "colour": self.colour.text(), "insurer": self.insurer.text(),
                "insurance_policy": self.policy.text(), "insurance_cover": self.cover.text(),
                "insurance_expiry": self.insurance_expiry.date()}

    def grant(self) -> dict | None:
        if self.result_data is not None:
            return self.result_data
        vehicle_id = self.vehicle.currentData()
        if self.new_box.isChecked():
            data = self._new_vehicle_data()
            if data is None:
                return None
            try:
                vehicle = vehicles.register_vehicle(self.actor, self.holder_id, data)
            except DomainError as exc:
                self._say(str(exc))
                field = {"Placa": self.plate, "RENAVAM": self.renavam, "Chassi": self.chassis}
                target = field.get(getattr(exc, "field", ""))
                if target is not None:
                    target.show_error(getattr(exc, "message", str(exc)))
                    target.setFocus()
                return None
            vehicle_id = vehicle["id"]
            self.new_box.setChecked(False)
            self.load_choices(select_vehicle=vehicle_id)
        if vehicle_id is None:
            self._say("Escolha o veículo ou cadastre um novo.")
            return None
        try:
            result = permits.grant_permit(self.actor, holder_id=self.holder_id,
                                          vehicle_id=vehicle_id,
                                          stand_id=self.stand.currentData(),
                                          application_id=self.application["id"],
                                          act_number=self.act.text(),
                                          owner_relation=self.other_owner.owner_relation())
        except RuleRefusal as exc:
            self._say(f"Outorga recusada: {exc}")
            return None
        except DomainError as exc:
            self._say(str(exc))
            return None
        self.result_data = result
        self.grant_button.setEnabled(False)
        self.close_button.setText("Fechar")
        if not result["granted"]:
            entry = result.get("waiting_list") or {}
            where = (f" (posição {entry['position']})" if entry.get("position") else "")
            already = " já estava" if entry.get("already") else " foi inscrito(a)"
            self._say(f"{result['message']}. Não há vaga: o requerente{already} na lista de "
                      f"espera{where}.")
            return result
        stand = (f", {stands.label(result['stand_number'])}" if result.get("stand_number")
                 else "")
        self._say(f"Permissão nº {result['order_text']} outorgada a "
                  f"{self.application['person_name']}{stand}, válida até "
                  f"{validators.format_date(result['valid_until'])}. Imprima o cartão e o "
                  "termo.", ok=True)
        for button in (self.card_button, self.termo_button):
            button.setEnabled(True)
        self.card_button.setDefault(True)
        self.card_button.setFocus()
        return result

    def _preview(self, result: dict, show: bool) -> dict:
        self.last_print = result
        if show:
            from .print_preview import PrintPreviewDialog
            PrintPreviewDialog(result, self).open()
        return result

    def print_card(self, show: bool = True) -> dict | None:
        if not self.result_data or not self.result_data.get("granted"):
            return None
        try:
            return self._preview(documents.print_cards(
                self.actor, [self.result_data["order_number"]]), show)
        except DomainError as exc:
            self._say(str(exc))
            return None

    def print_termo(self, show: bool = True) -> dict | None:
        if not self.result_data or not self.result_data.get("granted"):
            return None
        try:
            return self._preview(documents.print_termo(
                self.actor, self.result_data["order_number"]), show)
        except DomainError as exc:
            self._say(str(exc))
            return None

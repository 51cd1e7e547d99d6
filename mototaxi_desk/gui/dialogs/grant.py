"""Outorgar permissão for a deferred new-permit application: the applicant's vehicle (or a
new one, validated as you type) — or, where the law accepts it (vehicle.owner_rule), a
vehicle of his spouse or a relative to the 2nd degree with the relation declared
(widgets/vehicle_owner.py) —, a stand with free places, the act number. When the cap is
full the applicant goes to the waiting list instead (and the dialog says so). After the
grant: print the card and the termo (with preview). The act is services/acts/grant.py (its
title, its form "grant", the documents it prints), run through permit_actions.run."""
from __future__ import annotations


import html

from PySide6.QtWidgets import QDialog, QWidget

from .. import screen_fit
from ...domain import dates, validators
from ...domain.errors import DomainError, RuleRefusal
from ...domain.money import parse_money
from ...services import acts, documents, permit_actions, setup
from ...services.payments import fees
from ...services.views import next_steps
from ...services.register import stands, vehicles
from ...services.context import Actor
from ..forms.ui_grant import Ui_GrantDialog
from ..widgets.unsaved import DiscardGuard
from ..widgets import plate as plate_field
from ..widgets.vehicle_owner import OtherOwnerVehicle
from ...domain import wallclock

RED, GREEN = "color: #c62828; font-weight: bold;", "color: #1b5e20; font-weight: bold;"


class GrantDialog(DiscardGuard, QDialog):
    """ui/grant.ui; the other owner's rows (vehicle.owner_rule) are added in code."""

    def __init__(self, actor: Actor, application: dict, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.application = application
        self.holder_id = application["person_id"]
        self.result_data: dict | None = None
        self.last_print: dict | None = None
        self.ui = ui = Ui_GrantDialog()
        ui.setupUi(self)
        self.spec = acts.get("grant")
        self.setWindowTitle(f"{self.spec.title} — protocolo {application['protocol']}")
        # the fee the grant charges, said before the clerk confirms it (issue 36)
        self.fee_notice = fees.fee_notice(setup.profile_today().application("new_permit").fee_key,
                                          payer="o permissionário")
        ui.intro.setText(f"Requerente: <b>{html.escape(application['person_name'])}</b> · "
                         f"requerimento {application['protocol']} "
                         f"({application['status_label']})"
                         + (f"<br>{html.escape(self.fee_notice)}" if self.fee_notice else ""))
        # the tests and the screenshots reach the fields as attributes of the dialog
        for name in ("vehicle", "vehicle_warning", "new_box", "plate", "renavam", "chassis",
                     "make", "model", "manufacture_year", "model_year", "cc", "colour",
                     "insurer", "policy", "cover", "insurance_expiry", "stand", "act",
                     "message", "grant_button", "card_button", "termo_button",
                     "close_button"):
            setattr(self, name, getattr(ui, name))
        ui.vehicle.currentIndexChanged.connect(self._vehicle_chosen)
        ui.new_box.toggled.connect(lambda on: ui.vehicle.setEnabled(not on))
        ui.plate.configure(validators.plate)
        plate_field.follow_spelling(ui.plate.edit)  # ABC-1234 or QRS1D23, as the domain
        ui.renavam.configure(validators.renavam, mask="99999999999;_")
        ui.chassis.configure(validators.chassis, placeholder="17 letras e números")
        ui.chassis.edit.setMaxLength(17)
        ui.make.configure(lambda t: validators.text(t, "Marca", max_length=40))
        ui.model.configure(lambda t: validators.text(t, "Modelo", max_length=60))
        year = wallclock.today().year
        ui.manufacture_year.setRange(1970, year)
        ui.manufacture_year.setValue(year)
        ui.model_year.setRange(1970, year + 1)
        ui.model_year.setValue(year)
        ui.manufacture_year.valueChanged.connect(
            lambda v: ui.model_year.setValue(max(v, min(ui.model_year.value(), v + 1))))
        ui.cover.configure(lambda t: parse_money(t, "Cobertura por pessoa"),
                           placeholder="R$ 10.000,00", required=False)
        ui.insurance_expiry.configure(label="Seguro válido até")
        ui.insurance_expiry.set_value(dates.add_years(wallclock.today(), 1))
        self.other_owner = OtherOwnerVehicle(self.holder_id, ui.vehicle,
                                             on_found=lambda: ui.new_box.setChecked(False))
        self.other_owner.add_rows(ui.form, at=2)
        if self.other_owner.enabled:   # its rows come right after the vehicle, by keyboard too
            chain = (ui.vehicle, self.other_owner.plate.edit, self.other_owner.find_button,
                     self.other_owner.relation, ui.new_box)
            for first, second in zip(chain, chain[1:]):
                QWidget.setTabOrder(first, second)
        ui.grant_button.clicked.connect(self.grant)
        ui.card_button.clicked.connect(lambda: self.print_card())
        ui.termo_button.clicked.connect(lambda: self.print_termo())
        ui.close_button.clicked.connect(self.reject)
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
            result = permit_actions.run(self.actor, self.spec.key, holder_id=self.holder_id,
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
        called = result.get("next_called")  # a place still free calls the next (PF Art. 12 §ú)
        following = (f" Convocado(a) em seguida da lista de espera: {called['person_name']}, "
                     f"até {validators.format_date(called['call_deadline'])}."
                     if called else "")
        self._say(f"Permissão nº {result['order_text']} outorgada a "
                  f"{self.application['person_name']}{stand}, válida até "
                  f"{validators.format_date(result['valid_until'])}. "
                  + self._next_steps(result) + following, ok=True)
        for button in (self.card_button, self.termo_button):
            button.setEnabled(True)
        self.card_button.setDefault(True)
        self.card_button.setFocus()
        return result

    def _next_steps(self, result: dict) -> str:
        """What comes after the grant, from the record's own list (services/views/next_steps.py):
        the fee to pay, the card and the termo to print, the vehicle to present."""
        lines = []
        for step in next_steps.for_person(self.actor, self.holder_id):
            if step["kind"] == "debt":
                what = "a taxa" if step["target"]["source"] == "fee" else "a multa"
                lines.append(step["text"].replace("Pagar:", f"pagar {what}:", 1))
            elif step["kind"] == "card" and step["target"]["permit_id"] == result["id"]:
                lines.append("imprimir o cartão e o termo (botões abaixo)")
            elif step["action"] == "inspect" and "vistoria anual" in step["text"]:
                lines.append(step["text"][:1].lower() + step["text"][1:]
                             + (" (depois de pagar)" if "débitos" in step["detail"] else ""))
        if not any("cartão" in line for line in lines):
            lines.append("imprimir o cartão e o termo (botões abaixo)")
        return "Próximos passos: " + "; ".join(lines) + "."

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

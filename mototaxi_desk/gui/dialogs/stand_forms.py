"""Pontos: create and edit a ponto (ui/stand_form.ui) and close it (ui/stand_close.ui), from
the Pontos page (issue 15 item 2). The form says the profile's limits and the distance rule
before anything is typed; a maximum above the law's asks for the act (number and date) as
soon as it is set; the service has the last word and its refusal, with the article, stays
in the form with everything typed."""
from __future__ import annotations

import datetime as dt

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from ...domain import validators
from ...domain.errors import DebtRefusal, DomainError, ValidationError
from ...domain.validators import format_date
from ...services.register import persons, stands
from ...services import setup
from ...services.context import Actor
from ..forms.ui_stand_close import Ui_StandCloseDialog
from ..forms.ui_stand_form import Ui_StandFormDialog
from .. import screen_fit
from ..widgets.common import min_width_in_chars
from ..widgets.unsaved import DiscardGuard
from ...domain import wallclock

CPF_MASK = "999.999.999-99;_"


def _save_button(buttons: QDialogButtonBox, text: str):
    button = buttons.button(QDialogButtonBox.StandardButton.Save)
    button.setText(text)
    button.setObjectName("save_button")
    button.setDefault(True)
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
    return button


def rule_text(profile=None) -> str:
    """The profile's ponto rules in a sentence or two, with the articles."""
    rule = (profile or setup.profile_today()).stand
    if rule.max_vehicles:
        text = (f"Cada ponto comporta de {rule.min_vehicles} a {rule.max_vehicles} "
                f"motocicletas ({rule.article})")
        text += ("; o máximo pode ser ampliado por ato." if rule.max_may_be_raised
                 else "; a lei não permite ampliar o máximo.")
    else:
        text = f"A lei fixa o número de motocicletas de cada ponto ({rule.article})."
    if rule.min_distance_m:
        text += (f" Distância mínima de {rule.min_distance_m} m de outros pontos "
                 f"({rule.min_distance_article}).")
    return text


class StandFormDialog(DiscardGuard, QDialog):
    """'Novo ponto' (stand None) or 'Editar ponto' (a stand dict of stands.as_dict)."""

    def __init__(self, actor: Actor, stand: dict | None = None, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.stand = stand
        self.result_value: dict | None = None
        self.done_text = ""
        self.profile = setup.profile_today()
        self.ui = ui = Ui_StandFormDialog()
        ui.setupUi(self)
        rule = self.profile.stand
        today = wallclock.today()
        ui.intro.setText(rule_text(self.profile))
        ui.name.configure(lambda t: validators.text(t, "Nome do ponto", max_length=120))
        ui.location.configure(lambda t: validators.text(t, "Localização", max_length=200),
                              placeholder="endereço ou referência do ponto")
        ui.latitude.configure(lambda t: stands.check_coordinate(t, "Latitude", 90),
                              required=False, placeholder="ex.: -7,0219")
        ui.longitude.configure(lambda t: stands.check_coordinate(t, "Longitude", 180),
                               required=False, placeholder="ex.: -45,4811")
        ui.distance_note.setText(
            f"Com as coordenadas, o programa confere a distância de {rule.min_distance_m} m "
            f"dos outros pontos ({rule.min_distance_article})." if rule.min_distance_m else
            "Coordenadas: facultativas (graus decimais).")
        ui.extension_point.configure(lambda t: validators.text(
            t, "Ponto de extensão", max_length=200, required=False), required=False)
        ui.act_number.configure(lambda t: validators.text(
            t, "Nº do ato", max_length=60, required=False), required=False,
            placeholder="ex.: Portaria nº 12/2026")
        ui.act_date.configure(label="Data do ato", required=False,
                              earliest=dt.date(1990, 1, 1), latest=today)
        ui.responsible.configure(self._check_responsible, mask=CPF_MASK, required=False)
        ui.responsible.editor.textEdited.connect(lambda _t: self._show_responsible())
        ui.extension_point.editor.textEdited.connect(  # an extension has its own fee
            lambda _t: self._show_responsible() if self.stand is None else None)
        self.save_button = _save_button(ui.buttons, "&Salvar (Ctrl+S)")
        ui.buttons.accepted.connect(self.save)
        ui.buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.save)
        ui.max_vehicles.valueChanged.connect(lambda _v: self._show_act_rule())
        if stand is None:
            self.setWindowTitle("Novo ponto")
            numbers = [s["number"] for s in stands.list_stands()]
            ui.number.setValue(max(numbers, default=0) + 1)
            ui.min_vehicles.setValue(rule.min_vehicles)
            ui.max_vehicles.setValue(rule.max_vehicles or 10)
            ui.number.setFocus()
        else:
            self._load(stand)
            ui.name.setFocus()
        self._show_act_rule()
        min_width_in_chars(self, 110)
        # every field's refusal at once is taller than 1366×768 at 125% (screen_fit)
        screen_fit.scroll_body(self, ui.intro, ui.message, ui.buttons)
        self.mark_clean()

    # --- loading and live checks -----------------------------------------------------------
    def _load(self, stand: dict) -> None:
        ui = self.ui
        self.setWindowTitle(f"Editar {stand['label']}")
        ui.number.setValue(stand["number"])
        ui.number.setEnabled(False)  # the number is on cards and rosters: it does not change
        ui.name.setText(stand["name"])
        ui.location.setText(stand["location"])
        if stand["latitude"] is not None:
            ui.latitude.setText(_decimal_text(stand["latitude"]))
            ui.longitude.setText(_decimal_text(stand["longitude"]))
        ui.extension_point.setText(stand["extension_point"])
        ui.min_vehicles.setValue(stand["min_vehicles"])
        ui.max_vehicles.setValue(stand["max_vehicles"])
        ui.responsible.setEnabled(False)
        ui.responsible_name.setText(f"Responsável: {stand['responsible_name']}"
                                    if stand["responsible_name"] else "Ponto do município "
                                    "(sem responsável).")

    def _check_responsible(self, text: str) -> None:
        found = persons.find_by_cpf(text)  # a malformed CPF raises its message
        if found is None:
            raise ValidationError("Responsável", "CPF não cadastrado; cadastre a pessoa "
                                                 "no Atendimento.")

    def _show_responsible(self) -> None:
        ui = self.ui
        try:
            found = persons.find_by_cpf(ui.responsible.raw())
        except DomainError:
            found = None
        # the fees the ponto will charge, before it is saved (issue 36)
        notice = stands.create_fee_notice(responsible=bool(found), extension=bool(
            ui.extension_point.text().strip())) if found else ""
        ui.responsible_name.setText(
            f"Responsável: {found['name']}. " + (notice or "A lei do município não cobra "
                                                 "taxa de abertura.")
            if found else "Sem responsável: ponto do município (sem taxa).")

    def _show_act_rule(self) -> None:
        ui = self.ui
        rule = self.profile.stand
        maximum = ui.max_vehicles.value()
        old = self.stand["max_vehicles"] if self.stand else None
        parts = []
        if self.stand and self.stand.get("max_raised_by_act"):
            parts.append(f"Máximo atual ({old}) fixado por {self.stand['max_raised_by_act']}"
                         + (f", de {format_date(self.stand['max_act_date'])}"
                            if self.stand.get("max_act_date") else "") + ".")
        if rule.max_vehicles and maximum > rule.max_vehicles and not rule.max_may_be_raised:
            parts.append(f"<span style='color:#b71c1c'>A lei não permite mais de "
                         f"{rule.max_vehicles} motocicletas ({rule.article}).</span>")
        elif stands.max_needs_act(rule, maximum, old):
            parts.append(f"<b>O máximo de {maximum} depende de ato ({rule.article}): informe "
                         "o número e a data do ato.</b>")
        ui.act_note.setText(" ".join(parts))
        ui.act_note.setVisible(bool(parts))

    # --- saving --------------------------------------------------------------------------
    def data(self) -> dict:
        ui = self.ui
        data = {"name": ui.name.text().strip(), "location": ui.location.text().strip(),
                "latitude": ui.latitude.text().strip(),
                "longitude": ui.longitude.text().strip(),
                "extension_point": ui.extension_point.text().strip(),
                "min_vehicles": ui.min_vehicles.value(),
                "max_vehicles": ui.max_vehicles.value(),
                "max_raised_by_act": ui.act_number.text().strip(),
                "max_act_date": ui.act_date.date()}
        if self.stand is None:
            data["number"] = ui.number.value()
            cpf = ui.responsible.raw()
            if any(c.isdigit() for c in cpf):
                found = persons.find_by_cpf(cpf)
                if found is None:
                    raise ValidationError("Responsável", "CPF não cadastrado.")
                data["responsible_id"] = found["id"]
        return data

    def save(self) -> bool:
        ui = self.ui
        ui.message.setText("")
        fields = [ui.name, ui.location, ui.latitude, ui.longitude, ui.extension_point,
                  ui.act_number, ui.act_date, ui.responsible]
        bad = [f for f in fields if f.isEnabled() and not f.validate(force=True)]
        if bad:
            bad[0].setFocus()
            ui.message.setText("Corrija os campos em vermelho.")
            return False
        try:
            if self.stand is None:
                result = stands.create_stand(self.actor, self.data())
            else:
                result = stands.edit_stand(self.actor, self.stand["id"], self.data())
        except ValidationError as exc:
            self._refuse(exc)
            return False
        except DomainError as exc:
            ui.message.setText(str(exc))
            if isinstance(exc, DebtRefusal):  # SRM Art. 50: pay it here, then go on
                from .debt_offer import offer_for
                offer_for(self, self.actor, exc, ui.message, self.save_button)
            return False
        self.result_value = result
        charged = "".join(f" Lançada a taxa {f['label']}: {f['amount_text']}." for f in
                          result.get("fees", []))
        self.done_text = (f"{result['label']} " + ("criado." if self.stand is None else
                                                    "alterado.") + charged)
        self.mark_clean()
        self.accept()
        return True

    def _refuse(self, exc: ValidationError) -> None:
        ui = self.ui
        ui.message.setText(str(exc))
        target = {"Nome do ponto": ui.name, "Localização": ui.location,
                  "Latitude": ui.latitude, "Longitude": ui.longitude,
                  "Ponto de extensão": ui.extension_point, "Data do ato": ui.act_date,
                  "Ato que fixou o máximo": ui.act_number, "Responsável": ui.responsible,
                  "Número do ponto": ui.number, "Mínimo de motocicletas": ui.min_vehicles,
                  "Máximo de motocicletas": ui.max_vehicles}.get(exc.field)
        if target is None:
            return
        if hasattr(target, "show_error"):
            target.show_error(exc.message)
        target.setFocus()


def _decimal_text(value) -> str:
    return f"{value:.6f}".rstrip("0").rstrip(".").replace(".", ",")


class StandCloseDialog(DiscardGuard, QDialog):
    """'Desativar ponto': the reason, the act, the date. A ponto with permits in its places
    is refused before anything is typed (they are moved or freed first)."""

    def __init__(self, actor: Actor, stand: dict, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.stand = stand
        self.result_value: dict | None = None
        self.done_text = ""
        self.ui = ui = Ui_StandCloseDialog()
        ui.setupUi(self)
        today = wallclock.today()
        self.setWindowTitle(f"Desativar {stand['label']}")
        ui.intro.setText(f"<b>{stand['label']} — {stand['name']}</b> · {stand['location']}<br>"
                         "Um ponto desativado não recebe permissões e sai da conta de distância "
                         "entre pontos; seu histórico fica guardado e ele pode ser reativado.")
        ui.reason.configure(lambda t: validators.text(t, "Motivo", max_length=200),
                            placeholder="ex.: obra na praça; realocação definida pela Secretaria")
        ui.closed_on.configure(label="Data", earliest=dt.date(2000, 1, 1), latest=today)
        ui.closed_on.set_date(today)
        self.save_button = _save_button(ui.buttons, "Desa&tivar ponto")
        ui.buttons.accepted.connect(self.save)
        ui.buttons.rejected.connect(self.reject)
        if stand["count"]:
            self.save_button.setEnabled(False)
            ui.message.setText(f"O {stand['label']} tem {stand['count']} permissão(ões) em suas "
                               "vagas: mude-as de ponto ou libere as vagas antes de "
                               "desativá-lo.")
        ui.reason.setFocus()
        min_width_in_chars(self, 90)
        self.mark_clean()

    def save(self) -> bool:
        ui = self.ui
        if not self.save_button.isEnabled():
            return False
        ui.message.setText("")
        if not ui.reason.validate(force=True):
            ui.reason.setFocus()
            return False
        try:
            self.result_value = stands.close_stand(
                self.actor, self.stand["id"], reason=ui.reason.text(),
                act_number=ui.act_number.text(), on=ui.closed_on.date())
        except DomainError as exc:
            ui.message.setText(str(exc))
            return False
        self.done_text = f"{self.stand['label']} desativado."
        self.mark_clean()
        self.accept()
        return True

"""Vehicle form: a new motorcycle (owner, plate either format, RENAVAM, chassis, make, model,
years, cc, colour, insurance) validated as typed, with the age-limit date of the profile
shown as soon as the year is typed; an existing vehicle opens with only the insurance
editable. Also the substitution of a permit's vehicle (SRM Art. 19 §2º, PF Art. 17 §1º,
L1745 Art. 11)."""
from __future__ import annotations


from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QIntValidator, QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit,
                               QMessageBox, QPushButton, QVBoxLayout)

from ...domain import dates, permit_rules, validators, vehicle_rules
from ...domain.errors import DebtRefusal, DomainError, ValidationError
from ...domain.money import format_money
from ...domain.validators import format_date
from ...services import permissions, setup
from ...services.licensing import permits
from ...services.views import search
from ...services.register import vehicles
from ...services.context import Actor
from ..forms.ui_vehicle_form import Ui_VehicleForm
from .. import screen_fit
from ..widgets import plate as plate_field
from ..widgets.fields import ERROR_TEXT, FieldBox
from ..widgets.unsaved import DiscardGuard
from ..widgets.vehicle_owner import OtherOwnerVehicle
from ...domain import wallclock

COUNTER_ROLES = ("atendente", "supervisor", "admin")


def other_spelling(plate_text: str) -> str:
    """'Mercosul: ABC1C34' for an old plate, 'Formato antigo: ABC-1234' for a Mercosul one
    whose 5th letter maps back to a digit; '' when it does not."""
    canonical, original = validators.plate(plate_text)
    if "-" in original:
        return f"Grafia Mercosul: {canonical}"
    old = validators.old_plate(canonical)
    return f"Grafia antiga: {old}" if old != canonical else "Placa Mercosul (sem grafia antiga)."


class VehicleForm(DiscardGuard, QDialog):
    """New vehicle (vehicle_id None) or the insurance of an existing one (ui/vehicle_form.ui;
    the form runs the checks, each field's box shows the message under it)."""

    def __init__(self, actor: Actor, vehicle_id: int | None = None, *,
                 owner_id: int | None = None, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.vehicle_id = vehicle_id
        self.owner_id = owner_id
        self.result_data: dict | None = None
        self.profile = setup.profile_today()
        self._owner_hits: list[dict] = []
        self.ui = ui = Ui_VehicleForm()
        ui.setupUi(self)
        self.setWindowTitle("Veículo — cadastro" if vehicle_id is None else "Veículo — seguro")
        # the boxes (message lines) and their line edits, as the tests and the checks reach them
        for name in ("owner", "plate", "renavam", "chassis", "make", "model",
                     "manufacture_year", "model_year", "cc", "insurer", "policy", "cover"):
            box = getattr(ui, f"{name}_box")
            setattr(self, f"{name}_box", box)
            setattr(self, "owner_search" if name == "owner" else name, box.field)
        for name in ("owner_combo", "colour", "age_limit", "expiry", "message", "buttons"):
            setattr(self, name, getattr(ui, name))
        self.expiry_box = self.expiry  # the date field carries its own message line

        # identification
        self.owner_search.setPlaceholderText("CPF ou nome do proprietário")
        # the CPF and the start of a name whole, at any scale
        self.owner_combo.setMinimumWidth(
            self.fontMetrics().horizontalAdvance("CPF 000.000.000-00 — Maria da Conceição") + 40)
        self.owner_timer = QTimer(self, singleShot=True, interval=150)
        self.owner_timer.timeout.connect(self.search_owner)
        self.owner_search.textEdited.connect(lambda _t: self.owner_timer.start())
        self.owner_combo.currentIndexChanged.connect(self._owner_chosen)
        plate_field.follow_spelling(self.plate)  # ABC-1234 or QRS1D23, as the domain
        self.renavam.setInputMask("99999999999;_")
        self.chassis.setMaxLength(17)
        self.chassis.setPlaceholderText("17 caracteres, sem I, O e Q")
        self.make.setMaxLength(40)
        self.model.setMaxLength(60)
        year_validator = QIntValidator(0, 9999, self)
        for year_field in (self.manufacture_year, self.model_year):
            year_field.setValidator(year_validator)
            year_field.setMaxLength(4)
        self.cc.setValidator(QIntValidator(0, 3000, self))
        self.cc.setMaxLength(4)

        # insurance
        self.insurer.setMaxLength(80)
        self.policy.setMaxLength(40)
        self.cover.setPlaceholderText("10.000,00")
        self.cover.setMaxLength(16)
        self.expiry.configure(label="Vencimento do seguro")
        self.expiry.set_value(dates.add_years(wallclock.today(), 1))
        v = self.profile.vehicle
        minimum = int(v.insurance_min_cover_per_person * 100)
        self.cover_hint = (f"Mínimo da lei: {format_money(minimum)} por pessoa "
                           f"({v.insurance_article})." if minimum else "")
        self.cover_box.hint(self.cover_hint)

        self.message.setStyleSheet(ERROR_TEXT + " font-weight: bold;")
        self.save_button = self.buttons.addButton("&Salvar",
                                                  QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        cancel = self.buttons.addButton("Cancelar", QDialogButtonBox.ButtonRole.RejectRole)
        self.save_button.clicked.connect(self.save)
        cancel.clicked.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.save)
        # nobody found for the owner typed: registered here, then chosen (issue 36 item 2)
        self.new_owner_button = QPushButton("Cadastrar p&essoa…")
        self.new_owner_button.setObjectName("new_owner_button")
        self.new_owner_button.setAutoDefault(False)
        self.new_owner_button.clicked.connect(self.register_owner)
        self.new_owner_button.hide()
        ui.owner_row.addWidget(self.new_owner_button, 0, Qt.AlignmentFlag.AlignTop)

        self.plate.textEdited.connect(self._upper(self.plate))
        self.chassis.textEdited.connect(self._upper(self.chassis))
        for field in (self.plate, self.renavam, self.chassis, self.make, self.model,
                      self.manufacture_year, self.model_year, self.cc, self.cover):
            field.textChanged.connect(self.validate)
        self._boxes = {"Placa": self.plate_box, "RENAVAM": self.renavam_box,
                       "Chassi": self.chassis_box, "Marca": self.make_box,
                       "Modelo": self.model_box, "Ano de fabricação": self.manufacture_year_box,
                       "Ano do modelo": self.model_year_box,
                       "Cilindradas (cc)": self.cc_box, "Seguradora": self.insurer_box,
                       "Nº da apólice": self.policy_box,
                       "Cobertura do seguro por pessoa": self.cover_box,
                       "Vencimento do seguro": self.expiry_box, "Pessoa": self.owner_box,
                       "Proprietário": self.owner_box}
        self._touched: set[str] = set()
        for name, field in (("plate", self.plate), ("renavam", self.renavam),
                            ("chassis", self.chassis), ("manufacture_year",
                                                        self.manufacture_year),
                            ("model_year", self.model_year), ("cc", self.cc)):
            field.textEdited.connect(lambda _t, n=name: self._touch(n))
        self.save_button.setEnabled(actor.role in COUNTER_ROLES)
        if actor.role not in COUNTER_ROLES:
            self.message.setText("Só o atendimento (atendente, supervisor) cadastra veículos.")
        if vehicle_id is not None:
            self._load(vehicle_id)
        elif owner_id is not None:
            self._set_owner(owner_id)
        self.validate()
        # every field's refusal at once is taller than 1366×768 at 125%: the fields scroll,
        # the message and the buttons stay in sight
        screen_fit.scroll_when_taller(self, self.message, self.buttons)
        self.setMinimumWidth(760)
        (self.plate if owner_id is not None or vehicle_id is not None
         else self.owner_search).setFocus()
        self.mark_clean()

    # --- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _upper(field: QLineEdit):
        def apply(text: str) -> None:
            if text != text.upper():
                pos = field.cursorPosition()
                field.setText(text.upper())
                field.setCursorPosition(pos)
        return apply

    def _touch(self, name: str) -> None:
        self._touched.add(name)

    def _load(self, vehicle_id: int) -> None:
        data = vehicles.vehicle(vehicle_id)
        self._set_owner(data["owner_id"])
        self.owner_search.setEnabled(False)
        self.owner_combo.setEnabled(False)
        for field, key in ((self.plate, "plate_original"), (self.renavam, "renavam"),
                           (self.chassis, "chassis"), (self.make, "make"),
                           (self.model, "model"), (self.colour, "colour")):
            field.setText(str(data[key] or ""))
            field.setReadOnly(True)
        for field, key in ((self.manufacture_year, "manufacture_year"),
                           (self.model_year, "model_year"), (self.cc, "cc")):
            field.setText(str(data[key]))
            field.setReadOnly(True)
        self._touched.update({"plate", "renavam", "chassis", "manufacture_year",
                              "model_year", "cc"})
        self.insurer.setText(data["insurer"] or "")
        self.policy.setText(data["insurance_policy"] or "")
        if data["insurance_cover_cents"]:
            self.cover.setText(format_money(data["insurance_cover_cents"])[3:])
        if data["insurance_expiry"]:
            self.expiry.set_date(data["insurance_expiry"])
        if data.get("out_of_service"):
            self.message.setText("Veículo fora de circulação (vistoria reprovada).")
        self.insurer.setFocus()

    def _set_owner(self, person_id: int) -> None:
        from ...services.register import persons
        person = persons.person(person_id)
        self._owner_hits = [{"person_id": person["id"], "name": person["name"],
                             "cpf": person["cpf_text"]}]
        self._fill_owner_combo()

    def search_owner(self) -> None:
        hits = search.search(self.owner_search.text())
        seen, unique = set(), []
        for hit in hits:
            if hit["person_id"] not in seen:
                seen.add(hit["person_id"])
                unique.append(hit)
        self._owner_hits = unique
        self._fill_owner_combo()
        nobody = not unique and bool(self.owner_search.text().strip())
        if nobody:
            self.owner_box.error("Nenhuma pessoa encontrada: cadastre-a aqui (Alt+E).")
        self.new_owner_button.setVisible(nobody and permissions.can(self.actor,
                                                                     "person.register"))
        self.owner_combo.setVisible(not self.new_owner_button.isVisibleTo(self))

    def register_owner(self):
        """"Cadastrar pessoa": the new-person form with what was typed (a CPF or a name);
        once saved, the new person is the owner and the plate comes next."""
        from .person_forms import NewPersonDialog
        typed = self.owner_search.text().strip()
        digits = "".join(c for c in typed if c.isdigit())
        is_cpf = bool(digits) and all(c.isdigit() or c in ".-/ " for c in typed)
        form = NewPersonDialog(self.actor, cpf=digits if is_cpf else "",
                               name="" if is_cpf else typed, parent=self)

        def registered():
            self._set_owner(form.result_value["id"])
            self.new_owner_button.hide()
            self.owner_combo.show()
            self.plate.setFocus()
        form.accepted.connect(registered)
        self.owner_form = form
        form.open()
        return form

    def _fill_owner_combo(self) -> None:
        self.owner_combo.blockSignals(True)
        self.owner_combo.clear()
        for hit in self._owner_hits:
            # the CPF first: a long name is what the box cuts, never the CPF (at 100%)
            text = f"CPF {hit['cpf']} — {hit['name']}"
            self.owner_combo.addItem(text, hit["person_id"])
            self.owner_combo.setItemData(self.owner_combo.count() - 1, text,
                                         Qt.ItemDataRole.ToolTipRole)
        self.owner_combo.setToolTip(self.owner_combo.currentText())
        self.owner_combo.blockSignals(False)
        self._owner_chosen()

    def _owner_chosen(self, _index: int = 0) -> None:
        self.owner_id = self.owner_combo.currentData()
        if self.owner_id is not None:
            self.owner_box.hint()
        self.validate()

    # --- live validation ---------------------------------------------------------------------
    def validate(self) -> bool:
        """Check every field as typed; a field not yet typed in shows no error. True when
        the form may be saved."""
        ok = self.owner_id is not None
        ok &= self._check("plate", self.plate_box, lambda t: validators.plate(t),
                          hint=other_spelling)
        ok &= self._check("renavam", self.renavam_box, validators.renavam)
        ok &= self._check("chassis", self.chassis_box, validators.chassis)
        ok &= bool(self.make.text().strip()) and bool(self.model.text().strip())
        year_ok = self._check("manufacture_year", self.manufacture_year_box, self._year)
        ok &= year_ok
        ok &= self._check("model_year", self.model_year_box, self._model_year)
        ok &= self._check("cc", self.cc_box, self._cc, hint=self._cc_hint)
        ok &= self._check_cover()
        self._show_age_limit(year_ok)
        if self.actor.role in COUNTER_ROLES:
            self.save_button.setEnabled(bool(ok) or self.vehicle_id is not None)
        return bool(ok)

    def _check(self, name, box: FieldBox, check, *, hint=None) -> bool:
        text = box.field.text()
        try:
            check(text)
        except ValidationError as exc:
            if name in self._touched and text.strip():
                box.error(exc.message[:1].upper() + exc.message[1:])
            else:
                box.hint()
            return False
        box.hint(hint(text) if hint else "")
        return True

    @staticmethod
    def _year(text: str) -> int:
        year = int(text) if text.isdigit() else 0
        latest = wallclock.today().year
        if not vehicles.EARLIEST_YEAR <= year <= latest:
            raise ValidationError("Ano de fabricação", f"informe um ano entre "
                                  f"{vehicles.EARLIEST_YEAR} e {latest}.")
        return year

    def _model_year(self, text: str) -> int:
        year = int(text) if text.isdigit() else 0
        made = self.manufacture_year.text()
        if made.isdigit() and year not in (int(made), int(made) + 1):
            raise ValidationError("Ano do modelo", "deve ser igual ao ano de fabricação ou o "
                                                   "ano seguinte.")
        if not vehicles.EARLIEST_YEAR <= year <= wallclock.today().year + 1:
            raise ValidationError("Ano do modelo", "ano inválido.")
        return year

    @staticmethod
    def _cc(text: str) -> int:
        return validators.positive_int(text, "Cilindradas (cc)", maximum=3000)

    def _cc_hint(self, text: str) -> str:
        v = self.profile.vehicle
        cc = int(text)
        if v.cc_min and cc < v.cc_min or v.cc_max and cc > v.cc_max:
            return (f"Atenção: fora da faixa da lei ({v.cc_min or 0} a "
                    f"{v.cc_max or 'sem limite'} cc, {v.cc_article}); não poderá servir.")
        return ""

    def _check_cover(self) -> bool:
        text = self.cover.text().strip()
        if not text:
            self.cover_box.hint(self.cover_hint)
            return True
        from ...domain.money import parse_money
        try:
            cents = parse_money(text, "Cobertura")
        except DomainError as exc:
            message = getattr(exc, "message", str(exc))
            self.cover_box.error(message[:1].upper() + message[1:])
            return False
        minimum = int(self.profile.vehicle.insurance_min_cover_per_person * 100)
        if minimum and cents < minimum:
            self.cover_box.hint(f"Atenção: abaixo do mínimo da lei ({format_money(minimum)}, "
                                f"{self.profile.vehicle.insurance_article}); não poderá servir.")
        else:
            self.cover_box.hint(self.cover_hint)
        return True

    def _show_age_limit(self, year_ok: bool) -> None:
        v = self.profile.vehicle
        if not v.max_age_years:
            self.age_limit.setText("A lei do município não fixa limite de idade do veículo.")
            return
        if not year_ok:
            self.age_limit.setText(f"Vida útil: {v.max_age_years} anos ({v.age_article}); "
                                   "informe o ano de fabricação para ver a data-limite.")
            return
        year = int(self.manufacture_year.text())
        limit = vehicle_rules.age_limit_date(self.profile, year)
        today = wallclock.today()
        colour = "#a00" if limit < today else ("#a60" if limit.year == today.year else "#060")
        parts = [f"<span style='color:{colour}'><b>Vida útil até {format_date(limit)}</b>"
                 f"</span> ({v.max_age_years} anos, {v.age_article})"]
        if limit < today:
            parts.append("<span style='color:#a00'>— passou do limite</span>")
        deadline = vehicle_rules.replacement_deadline(self.profile, year)
        if deadline:
            parts.append(f"· substituição até {format_date(deadline)}")
        due = vehicle_rules.declaration_due(self.profile, year)
        if due:
            parts.append(f"· declarar a substituição até {format_date(due)}")
        self.age_limit.setText(" ".join(parts))

    # --- saving ------------------------------------------------------------------------------
    def _data(self) -> dict:
        insurance = {"insurer": self.insurer.text(), "insurance_policy": self.policy.text(),
                     "insurance_cover": self.cover.text().strip(),
                     "insurance_expiry": self.expiry.date()}
        if self.vehicle_id is not None:
            return insurance
        return {"plate": self.plate.text(), "renavam": self.renavam.text(),
                "chassis": self.chassis.text(), "make": self.make.text(),
                "model": self.model.text(), "manufacture_year": self.manufacture_year.text(),
                "model_year": self.model_year.text(), "cc": self.cc.text(),
                "colour": self.colour.text(), **insurance}

    def save(self) -> bool:
        if not self.save_button.isEnabled():
            self._touched.update({"plate", "renavam", "chassis", "manufacture_year",
                                  "model_year", "cc"})
            self.validate()
            self._focus_first_error()
            if self.owner_id is None:
                self.owner_box.error("Escolha o proprietário.")
                self.owner_search.setFocus()
            return False
        self.message.clear()
        try:
            if self.vehicle_id is None:
                self.result_data = vehicles.register_vehicle(self.actor, self.owner_id,
                                                             self._data())
            else:
                self.result_data = vehicles.update_insurance(self.actor, self.vehicle_id,
                                                             self._data())
        except ValidationError as exc:
            box = self._boxes.get(exc.field)
            if box is not None:
                box.error(exc.message[:1].upper() + exc.message[1:])
                box.field.setFocus()
            self.message.setText(str(exc))
            return False
        except DomainError as exc:
            self.message.setText(str(exc))
            return False
        self.accept()
        return True

    def _focus_first_error(self) -> None:
        for box in (self.plate_box, self.renavam_box, self.chassis_box, self.make_box,
                    self.model_box, self.manufacture_year_box, self.model_year_box,
                    self.cc_box, self.cover_box):
            if box.has_error or not box.field.text().strip():
                box.field.setFocus()
                if not box.has_error:
                    box.error("Campo obrigatório.")
                return


class SubstituteDialog(QDialog):
    """Replace the vehicle of a permit by another vehicle of the holder (or a new one), or,
    where the law accepts it, of his spouse or a relative with the relation declared."""

    def __init__(self, actor: Actor, permit_id: int, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.permit = permits.permit(permit_id)  # plain data (services/licensing/permits.py)
        self.profile = setup.profile_today()
        self.result_data: dict | None = None
        v = self.profile.vehicle
        self.setWindowTitle("Substituição do veículo da permissão")
        old = vehicles.vehicle(self.permit["vehicle"]) if self.permit["vehicle"] else None
        order = permit_rules.format_order_number(self.profile, self.permit["order_number"])
        info = QLabel(f"<b>Permissão nº {order}</b> — "
                      f"{self.permit['holder_name']}<br>Veículo atual: "
                      + (f"{old['plate_original']} · {old['make']} {old['model']} "
                         f"{old['manufacture_year']}, {old['cc']} cc" if old else "nenhum"))
        info.setTextFormat(Qt.TextFormat.RichText)
        rules = []
        if v.replacement_newer_only:
            rules.append("o novo veículo deve ser de fabricação mais recente")
        if v.replacement_same_capacity:
            rules.append("com motor de igual ou maior capacidade")
        if v.replacement_needs_authorisation:
            rules.append("depende de autorização prévia (informe o nº do ato)")
        rule_text = QLabel(("Regras: " + "; ".join(rules) + f" ({v.replacement_article})."
                            ) if rules else f"Regra: {v.replacement_article}.")
        rule_text.setWordWrap(True)
        self.vehicle_combo = QComboBox()
        self.vehicle_combo.setMinimumWidth(420)
        new_button = QPushButton("Cadastrar novo veículo…")
        new_button.setAutoDefault(False)
        new_button.clicked.connect(self.register_new)
        self.act_number = QLineEdit()
        self.act_number.setMaxLength(60)
        self.act_number.setPlaceholderText("Portaria/decreto nº"
                                           + (" (obrigatório)" if
                                              v.replacement_needs_authorisation else ""))
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_TEXT + " font-weight: bold;")
        buttons = QDialogButtonBox()
        self.save_button = buttons.addButton("&Substituir", QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        buttons.addButton("Cancelar", QDialogButtonBox.ButtonRole.RejectRole).clicked.connect(
            self.reject)
        self.save_button.clicked.connect(self.save)
        self.save_button.setEnabled(actor.role in COUNTER_ROLES)
        row = QHBoxLayout()
        row.addWidget(self.vehicle_combo, 1)
        row.addWidget(new_button)
        form = QFormLayout()
        form.addRow("Novo veículo", row)
        # a family member's vehicle where the law accepts it (vehicle.owner_rule)
        self.other_owner = OtherOwnerVehicle(self.permit["holder"], self.vehicle_combo,
                                             exclude_id=self.permit["vehicle"],
                                             on_found=self.message.clear)
        self.other_owner.add_rows(form)
        form.addRow("Nº do ato", self.act_number)
        layout = QVBoxLayout(self)
        layout.addWidget(info)
        layout.addWidget(rule_text)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self.load_vehicles()

    def load_vehicles(self, select_id: int | None = None) -> None:
        self.vehicle_combo.clear()
        for row in vehicles.list_vehicles(owner_id=self.permit["holder"]):
            if not row["active"] or row["id"] == self.permit["vehicle"]:
                continue
            self.vehicle_combo.addItem(
                f"{row['plate_original']} · {row['make']} {row['model']} "
                f"{row['manufacture_year']}, {row['cc']} cc", row["id"])
            if row["id"] == select_id:
                self.vehicle_combo.setCurrentIndex(self.vehicle_combo.count() - 1)
        if not self.vehicle_combo.count():
            self.message.setText("O permissionário não tem outro veículo cadastrado: "
                                 "cadastre o novo veículo.")

    def register_new(self) -> None:
        form = VehicleForm(self.actor, owner_id=self.permit["holder"], parent=self)
        self.form = form  # window-modal without blocking: tests drive it
        form.accepted.connect(lambda: self._registered(form))
        form.open()

    def _registered(self, form) -> None:
        if form.result_data:
            self.message.clear()
            self.load_vehicles(form.result_data["id"])

    def save(self) -> bool:
        new_id = self.vehicle_combo.currentData()
        if new_id is None:
            self.message.setText("Escolha o novo veículo.")
            return False
        try:
            self.result_data = vehicles.substitute(
                self.actor, self.permit["id"], new_id, act_number=self.act_number.text(),
                owner_relation=self.other_owner.owner_relation())
        except DomainError as exc:
            self.message.setText(str(exc))
            if isinstance(exc, DebtRefusal):  # SRM Art. 50: pay it here, then go on
                from .debt_offer import offer_for
                offer_for(self, self.actor, exc, self.message, self.save_button)
            return False
        self.accept()
        return True


def declare_replacement(actor: Actor, vehicle_id: int, parent=None) -> dict | None:
    """PF Art. 17 §4º: the holder declares the replacement of a vehicle near its limit."""
    try:
        result = vehicles.declare_replacement(actor, vehicle_id)
    except DomainError as exc:
        QMessageBox.warning(parent, "Declaração de substituição", str(exc))
        return None
    late = " (fora do prazo)" if result["late"] else ""
    QMessageBox.information(parent, "Declaração de substituição",
                            f"Substituição do veículo {result['plate']} declarada em "
                            f"{format_date(result['declared_on'])}{late} "
                            f"({result['article']}).")
    return result

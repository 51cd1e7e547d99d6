"""'Editar cadastro' and 'CNH' on the person's record (issue 15 item 1). The layouts are
ui/person_edit.ui and ui/cnh_form.ui; the CNH form is also the CNH step of the new-person
path in the application wizard (CnhFields). Each save is one service call
(persons.update_person / persons.set_cnh), audited with before and after; a refusal stays
in the form with the field in red and nothing typed is lost."""
from __future__ import annotations

import datetime as dt

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget)

from ...domain import dates, holder_rules, validators
from ...domain.errors import DomainError, ValidationError
from ...services import permissions, setup
from ...services.register import persons
from ...services.context import Actor
from ..forms.ui_cnh_form import Ui_CnhForm
from ..forms.ui_person_edit import Ui_PersonEditDialog
from ..widgets.phone import mask_phone
from .. import screen_fit
from ..widgets.common import min_width_in_chars
from ..widgets.fields import ERROR_TEXT, FormField
from ..widgets.unsaved import DiscardGuard
from ...domain import wallclock

BLOOD_TYPES = [f"{t}{rh}" for t in validators.BLOOD_TYPES for rh in validators.RH_FACTORS]
CNH_MASK = "99999999999;_"
CEP_MASK = "99999-999;_"
WARNING_TEXT = "color: #8a5a00;"


def format_phone(digits: str) -> str:
    """(99) 98765-4321 / (99) 3421-1234 for the stored digits; as stored otherwise."""
    if len(digits) == 11:
        return f"({digits[:2]}) {digits[2:7]}-{digits[7:]}"
    if len(digits) == 10:
        return f"({digits[:2]}) {digits[2:6]}-{digits[6:]}"
    return digits


class PersonEditDialog(DiscardGuard, QDialog):
    """The personal data of a registered person: name, RG, birth date, blood type,
    nationality, profession, address, phones, e-mail. The CPF is shown, never edited."""
    PERMISSION = "person.update"

    def __init__(self, actor: Actor, person_id: int, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.person_id = person_id
        self.result_value: dict | None = None
        self.done_text = ""
        self.ui = ui = Ui_PersonEditDialog()
        ui.setupUi(self)
        today = wallclock.today()
        ui.name.configure(lambda t: validators.person_name(t, "Nome"))
        ui.name.editor.setMaxLength(120)
        ui.birth.configure(label="Data de nascimento", required=False,
                           earliest=dt.date(1900, 1, 1), latest=dates.latest_birth(today, 16))
        ui.blood.addItem("—", "")
        for text in BLOOD_TYPES:
            ui.blood.addItem(text, text)
        ui.uf.addItem("—", "")
        for uf in validators.UFS:
            ui.uf.addItem(uf, uf)
        ui.cep.configure(persons.check_cep, mask=CEP_MASK, required=validators.CEP_REQUIRED)
        ui.address_proof_date.configure(label="Data do comprovante de endereço",
                                        required=False, earliest=dt.date(2000, 1, 1),
                                        latest=today)
        ui.phone.configure(validators.phone, required=False, placeholder="(99) 98765-4321")
        mask_phone(ui.phone.editor)  # (99) 98765-4321 as it is typed
        ui.email.configure(validators.email, required=False, placeholder="nome@exemplo.com")
        ui.email.editor.setMaxLength(120)
        self._consent_row(today)
        self.save_button = ui.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText("S&alvar (Ctrl+S)")
        self.save_button.setObjectName("save_button")
        self.save_button.setDefault(True)
        ui.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
        ui.buttons.accepted.connect(self.save)
        ui.buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.save)
        self._fields = {"Nome": ui.name, "RG": ui.rg, "Órgão emissor do RG": ui.rg_issuer,
                        "Data de nascimento": ui.birth, "Tipo sanguíneo": ui.blood,
                        "Nacionalidade": ui.nationality, "Profissão": ui.profession,
                        "Logradouro": ui.street, "Número": ui.number,
                        "Complemento": ui.complement, "Bairro": ui.district,
                        "Cidade": ui.city, "UF": ui.uf, "CEP": ui.cep,
                        "Data do comprovante de endereço": ui.address_proof_date,
                        "Telefone": ui.phone, "E-mail": ui.email,
                        "Consentimento de e-mail": self.consent,
                        "Data do consentimento": self.consent_on}
        min_width_in_chars(self, 130)
        screen_fit.scroll_when_taller(self, ui.intro, ui.message, ui.buttons)  # see vehicle_form.py
        self._load()
        if not permissions.can(actor, self.PERMISSION):
            self.save_button.setEnabled(False)
            ui.message.setText(f"Seu perfil não pode "
                               f"{permissions.PERMISSIONS[self.PERMISSION].label}.")
        ui.name.setFocus()
        self.mark_clean()

    def _consent_row(self, today: dt.date) -> None:
        """LGPD: the person's consent to e-mail, yes/no with its date, below the e-mail
        (services/messaging/mail.py records it with the data, in one transaction)."""
        from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout
        from ..widgets.dates import DateField
        row = QWidget(self.ui.address_box)
        column = QVBoxLayout(row)  # the choice, then what it means now (wrapped below it)
        column.setContentsMargins(0, 0, 0, 0)
        layout = QHBoxLayout()
        column.addLayout(layout)
        self.consent = QComboBox(row)
        self.consent.setObjectName("email_consent")
        for text, value in (("não registrado", None), ("sim", True), ("não", False)):
            self.consent.addItem(text, value)
        self.consent_on = DateField(row)
        self.consent_on.setObjectName("email_consent_on")
        self.consent_on.configure(label="Data do consentimento", required=False,
                                  earliest=dt.date(2000, 1, 1), latest=today)
        layout.addWidget(self.consent)
        layout.addWidget(QLabel("em", row))
        layout.addWidget(self.consent_on, 1)
        self.consent_state = QLabel(row)  # the unsubscribe from reminders, when there is one
        self.consent_state.setObjectName("email_consent_state")
        self.consent_state.setWordWrap(True)  # never wider than the form
        column.addWidget(self.consent_state)
        self.consent.setToolTip("Consentimento para receber e-mail da prefeitura (LGPD "
                                "Art. 7º I). Lembretes só com 'sim'; documentos oficiais "
                                "não vão a quem disse 'não'.")
        self.consent.currentIndexChanged.connect(
            lambda: self.consent_on.set_date(today) if self.consent.currentData() is not None
            and not self.consent_on.date() else None)
        self.ui.address_form.addRow("Autori&zação de e-mail (LGPD):", row)

    def _load(self) -> None:
        p = persons.person(self.person_id)
        ui = self.ui
        self.setWindowTitle(f"Editar cadastro — {p['name']}")
        ui.intro.setText(f"<b>{p['name']}</b> · CPF {p['cpf_text']}<br><span style='color:#555'>"
                         "O CPF não se altera: se estiver errado, cadastre a pessoa correta."
                         "</span>")
        ui.name.setText(p["name"])
        ui.rg.setText(p["rg"])
        ui.rg_issuer.setText(p["rg_issuer"])
        ui.birth.set_date(p["birth_date"])
        ui.blood.setCurrentIndex(max(0, ui.blood.findData(p["blood"])))
        ui.nationality.setText(p["nationality"])
        ui.profession.setText(p["profession"])
        ui.street.setText(p["street"])
        ui.number.setText(p["number"])
        ui.complement.setText(p["complement"])
        ui.district.setText(p["district"])
        ui.city.setText(p["city"])
        ui.uf.setCurrentIndex(max(0, ui.uf.findData(p["uf"])))
        ui.cep.setText(p["cep"])
        ui.address_proof_date.set_date(p["address_proof_date"])
        ui.phone.setText(format_phone(p["phone"]))
        ui.email.setText(p["email"])
        from ...services.messaging import mail
        consent = mail.consent_of(self.person_id)
        self.consent.setCurrentIndex(max(0, self.consent.findData(consent["consent"])))
        self.consent_on.set_date(consent["consent_on"])
        self.consent_state.setText(
            f"descadastrado dos lembretes em {validators.format_date(consent['unsubscribed_on'])}"
            if consent["unsubscribed_on"] else "")
        self._loaded_consent = (consent["consent"], consent["consent_on"])

    def consent_change(self) -> tuple[object, object]:
        """(consent, its date) when changed in the form, else (None, None)."""
        chosen = (self.consent.currentData(), self.consent_on.date())
        if chosen == self._loaded_consent or chosen[0] is None:
            return None, None
        return chosen

    def data(self) -> dict:
        """The form's values for persons.update_person; a mistyped date raises its
        ValidationError (the field shows it)."""
        ui = self.ui
        return {"name": ui.name.text().strip(), "rg": ui.rg.text(),
                "rg_issuer": ui.rg_issuer.text(), "birth_date": ui.birth.date(),
                "blood": ui.blood.currentData(), "nationality": ui.nationality.text(),
                "profession": ui.profession.text(), "street": ui.street.text(),
                "number": ui.number.text(), "complement": ui.complement.text(),
                "district": ui.district.text(), "city": ui.city.text(),
                "uf": ui.uf.currentData(), "cep": ui.cep.raw(),
                "address_proof_date": ui.address_proof_date.date(),
                "phone": ui.phone.text(), "email": ui.email.text()}

    def save(self) -> bool:
        ui = self.ui
        ui.message.setText("")
        if not self.save_button.isEnabled():
            return False
        checked = [ui.name, ui.cep, ui.phone, ui.email]
        bad = [f for f in checked if not f.validate(force=True)]
        if bad:
            bad[0].setFocus()
            ui.message.setText("Corrija os campos em vermelho.")
            return False
        try:
            consent, consent_on = self.consent_change()
            if consent is None:
                self.result_value = persons.update_person(
                    self.actor, self.person_id, self.data(),
                    recadastramento=self._recadastramento())
            else:
                from ...services.messaging import mail
                self.result_value = mail.update_person(
                    self.actor, self.person_id, self.data(), consent=consent,
                    consent_on=consent_on, recadastramento=self._recadastramento())
        except ValidationError as exc:
            self._refuse(exc)
            return False
        except DomainError as exc:
            ui.message.setText(str(exc))
            return False
        self.done_text = f"Cadastro de {self.result_value['name']} atualizado."
        self.mark_clean()
        self.accept()
        return True

    def _recadastramento(self) -> bool:
        """Whether this edit confirms the data for the recadastramento campaigns that call
        the person this year (asked only when there is one and the role records it)."""
        from ...services.messaging import campaigns
        if not permissions.can(self.actor, "campaign.attend"):
            return False
        calls = campaigns.open_for_person(self.person_id)
        if not calls:
            return False
        names = ", ".join(sorted({c["campaign_name"] for c in calls}))
        from .. import prompts
        return prompts.ask_yes_no(self, "Recadastramento",
                                  f"Esta pessoa é chamada pelo recadastramento ({names}). "
                                  "Os dados foram conferidos com ela? Registrar o "
                                  "comparecimento junto com a alteração?")

    def _refuse(self, exc: ValidationError) -> None:
        self.ui.message.setText(str(exc))
        field = self._fields.get(exc.field)
        if field is None:
            return
        if hasattr(field, "show_error"):
            field.show_error(exc.message)
        field.setFocus()


class CnhFields:
    """The CNH form (ui/cnh_form.ui) configured for the município's profile: the law's
    requirement above the fields and, as they are typed, what this CNH still lacks for the
    service (missing category A, too recent, no EAR, expired) — shown, not refused: the grant
    refuses it, the clerk learns it now. `optional` (the wizard) lets it stay blank."""

    def __init__(self, widget: QWidget, *, optional: bool = False,
                 birth_date=lambda: None):
        self.widget = widget
        self.ui = ui = Ui_CnhForm()
        ui.setupUi(widget)
        self.optional = optional
        self.birth_date = birth_date
        self.profile = setup.profile_today()
        today = wallclock.today()
        ui.number.configure(validators.cnh_number, mask=CNH_MASK, required=not optional)
        for category in validators.CNH_CATEGORIES:
            ui.category.addItem(category, category)
        wanted = self.profile.holder.cnh_category or "A"
        ui.category.setCurrentIndex(max(0, ui.category.findData(wanted)))
        ui.first_licence.configure(label="Data da 1ª habilitação", required=not optional,
                                   earliest=dt.date(1940, 1, 1), latest=today)
        ui.expiry.configure(label="Validade da CNH", required=not optional,
                            earliest=dt.date(1940, 1, 1),
                            latest=dates.add_years(today, 15))
        ui.rule.setText(self.rule_text())
        ui.problems.setStyleSheet(WARNING_TEXT)
        for field in (ui.first_licence, ui.expiry):
            field.changed.connect(lambda *_: self.show_problems())
        ui.category.currentIndexChanged.connect(lambda *_: self.show_problems())
        ui.ear.toggled.connect(lambda *_: self.show_problems())
        self.show_problems()

    def rule_text(self) -> str:
        h = self.profile.holder
        parts = []
        if h.cnh_category:
            parts.append(f"CNH categoria {h.cnh_category}")
        if h.cnh_min_years:
            parts.append(f"há pelo menos {h.cnh_min_years} anos")
        if h.ear_required:
            parts.append("com a observação EAR")
        if h.min_age:
            parts.append(f"idade mínima de {h.min_age} anos")
        if not parts:
            return "A lei do município não exige requisitos de habilitação."
        return f"Exigência da lei ({h.article}): " + ", ".join(parts) + "."

    def is_blank(self) -> bool:
        ui = self.ui
        return (ui.number.is_empty() and ui.first_licence.is_empty()
                and ui.expiry.is_empty())

    def set_values(self, cnh: dict | None) -> None:
        ui = self.ui
        if cnh is None:
            return
        ui.number.setText(cnh["number"])
        ui.category.setCurrentIndex(max(0, ui.category.findData(cnh["category"])))
        ui.first_licence.set_date(cnh["first_licence_date"])
        ui.expiry.set_date(cnh["expiry_date"])
        ui.ear.setChecked(bool(cnh["ear"]))
        self.show_problems()

    def values(self) -> dict | None:
        """The fields for persons.set_cnh (None when optional and left blank); a bad field
        shows its message and raises its ValidationError."""
        ui = self.ui
        if self.optional and self.is_blank():
            return None
        if not ui.number.validate(force=True):
            raise ValidationError("Nº da CNH", ui.number.message.text())
        return {"number": ui.number.raw(), "category": ui.category.currentData(),
                "first_licence_date": ui.first_licence.date(),
                "expiry_date": ui.expiry.date(), "ear": ui.ear.isChecked()}

    def problems(self) -> list[str]:
        """What the typed CNH lacks for the service under the profile (holder_rules)."""
        ui = self.ui
        try:
            first, expiry = ui.first_licence.date(), ui.expiry.date()
        except ValidationError:
            return []
        if first is None and expiry is None:
            return []
        return holder_rules.requirement_problems(
            self.profile, birth_date=self.birth_date(), cnh_category=ui.category.currentData(),
            cnh_first_licence=first, cnh_expiry=expiry, cnh_ear=ui.ear.isChecked(),
            on=wallclock.today())

    def show_problems(self) -> None:
        problems = self.problems()
        self.ui.problems.setText("".join(f"Atenção: {p} ({self.profile.holder.article}).<br>"
                                         for p in problems))
        self.ui.problems.setVisible(bool(problems))

    def show_refusal(self, exc: ValidationError) -> None:
        ui = self.ui
        target = {"Nº da CNH": ui.number, "Categoria da CNH": None,
                  "Data da 1ª habilitação": ui.first_licence,
                  "Validade da CNH": ui.expiry}.get(exc.field)
        if target is not None:
            target.show_error(exc.message)
            target.setFocus()
        else:
            ui.category.setFocus()


class CnhDialog(DiscardGuard, QDialog):
    """'CNH' on the record: record or replace the person's CNH (persons.set_cnh)."""

    def __init__(self, actor: Actor, person_id: int, parent=None):
        super().__init__(parent)
        self.setObjectName("CnhDialog")
        self.actor = actor
        self.person_id = person_id
        self.result_value: dict | None = None
        self.done_text = ""
        person = persons.person(person_id)
        self.setWindowTitle(f"CNH — {person['name']}")
        self.form_widget = QWidget()
        self.fields = CnhFields(self.form_widget, birth_date=lambda: person["birth_date"])
        self.ui = self.fields.ui
        current = persons.cnh(person_id)
        if current is not None:
            self.fields.set_values({key: current[key] for key in (
                "number", "category", "first_licence_date", "expiry_date", "ear")})
        heading = QLabel(f"<b>{person['name']}</b> · CPF {person['cpf_text']}<br>"
                         + ("Substitui a CNH registrada." if current else
                            "Nenhuma CNH registrada ainda."))
        heading.setWordWrap(True)
        self.message = QLabel()
        self.message.setObjectName("message")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_TEXT + " font-weight: bold;")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save |
                                   QDialogButtonBox.StandardButton.Cancel)
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setText("S&alvar (Ctrl+S)")
        self.save_button.setObjectName("save_button")
        self.save_button.setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText("Cancelar")
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.save)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(self.form_widget)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        if not permissions.can(actor, "person.cnh"):
            self.save_button.setEnabled(False)
            self.message.setText(f"Seu perfil não pode "
                                 f"{permissions.PERMISSIONS['person.cnh'].label}.")
        self.ui.number.setFocus()
        min_width_in_chars(self, 90)
        self.mark_clean()

    def save(self) -> bool:
        self.message.setText("")
        if not self.save_button.isEnabled():
            return False
        try:
            self.result_value = persons.set_cnh(self.actor, self.person_id,
                                                self.fields.values())
        except ValidationError as exc:
            self.message.setText(str(exc))
            self.fields.show_refusal(exc)
            return False
        except DomainError as exc:
            self.message.setText(str(exc))
            return False
        self.done_text = (f"CNH nº {self.result_value['number']} registrada, validade "
                          f"{validators.format_date(self.result_value['expiry_date'])}.")
        self.mark_clean()
        self.accept()
        return True


CPF_MASK = "999.999.999-99;_"


class NewPersonDialog(PersonEditDialog):
    """"Nova pessoa": the same form as "Editar cadastro" with the CPF above the name
    (issue 36 item 2), opened where a person is looked for — a search with no hit (the CPF
    typed there filled in), Atendimento, Permissionários, the Painel's first steps. A CPF
    already registered is refused as it is typed, naming whose it is; the save is one
    persons.register_person. `result_value` is the new person."""
    PERMISSION = "person.register"

    def __init__(self, actor: Actor, cpf: str = "", name: str = "", parent=None):
        self._typed_cpf = "".join(c for c in cpf if c.isdigit())[:11]
        self._typed_name = name.strip()
        super().__init__(actor, None, parent)

    def _load(self) -> None:
        ui = self.ui
        self.setWindowTitle("Nova pessoa — cadastro")
        ui.intro.setText("<b>Cadastro de uma pessoa nova.</b> CPF e nome são obrigatórios; "
                         "o restante pode ser completado depois em Editar cadastro.")
        self.cpf = FormField()
        self.cpf.setObjectName("new_person_cpf")
        self.cpf.configure(self._check_cpf, mask=CPF_MASK)
        ui.personal_form.insertRow(0, "CPF:", self.cpf)
        QWidget.setTabOrder(self.cpf.editor, ui.name.editor)
        self._fields["CPF"] = self.cpf
        ui.nationality.setText("brasileira")
        self.save_button.setText("C&adastrar (Ctrl+S)")
        if self._typed_cpf:
            self.cpf.setText(self._typed_cpf)
            self.cpf.validate()
        ui.name.setText(self._typed_name)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().showEvent(event)
        # the CPF first; when the search carried it in, the name
        (self.ui.name if self._typed_cpf and not self.cpf.has_error()
         else self.cpf).setFocus()

    @staticmethod
    def _check_cpf(text: str) -> None:
        found = persons.find_by_cpf(text)  # a malformed CPF raises its message
        if found is not None:
            raise ValidationError("CPF", f"{found['cpf_text']} já está cadastrado "
                                         f"({found['name']}); abra o cadastro existente.")

    def save(self) -> bool:
        ui = self.ui
        ui.message.setText("")
        if not self.save_button.isEnabled():
            return False
        checked = [self.cpf, ui.name, ui.cep, ui.phone, ui.email]
        bad = [f for f in checked if not f.validate(force=True)]
        if bad:
            bad[0].setFocus()
            ui.message.setText("Corrija os campos em vermelho.")
            return False
        data = self.data()
        if ui.cep.is_empty():  # the mask's "-" alone is no CEP (optional here)
            data["cep"] = ""
        try:
            self.result_value = persons.register_person(self.actor,
                                                        {"cpf": self.cpf.raw(), **data})
        except ValidationError as exc:
            self._refuse(exc)
            return False
        except DomainError as exc:
            ui.message.setText(str(exc))
            return False
        self.person_id = self.result_value["id"]
        self.done_text = f"{self.result_value['name']} cadastrado(a)."
        self.mark_clean()
        self.accept()
        return True

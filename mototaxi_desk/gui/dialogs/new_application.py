"""Novo requerimento: type → applicant (search or register) and, when the type concerns a
permit, which one → for a new person, their CNH → the profile's document checklist →
summary (Protocolar) → protocol number and the printed receipt. A refusal (debts, SRM
Art. 50) is shown on the summary page with its article; everything typed stays.

What blocks the request shows as soon as the person is chosen (open debts, a missing or
expired CNH, a bar), a CPF already registered is refused as it is typed in "Cadastrar
pessoa nova", and what was typed in the search (a CPF or a name) is carried into it."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget, QWizard, QWizardPage)

from ...domain import dates, validators
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...services.licensing import applications
from ...services import documents, setup
from ...services.register import persons, vehicles
from ...services.views import search
from ...services.context import Actor
from ..models.dict_table import Column, DictTableModel
from ..widgets.phone import mask_phone
from ..widgets.common import fitting_size, open_rows, table_view
from ..widgets.dates import DateField
from ..widgets.fields import ValidatedField
from ..widgets.unsaved import DiscardGuard
from .person_forms import CnhFields
from ...domain import wallclock

CPF_MASK = "999.999.999-99;_"
ERROR_STYLE = "color: #c62828;"
TYPE_PAGE, APPLICANT_PAGE, CNH_PAGE, CHECKLIST_PAGE, SUMMARY_PAGE, DONE_PAGE = range(6)
def blockers(person_id: int, app_type: str | None) -> list[str]:
    """services/applications.blockers (kept here for the screens that import it)."""
    return applications.blockers(person_id, app_type)


def _error_text(exc: Exception) -> str:
    return str(exc)


class TypePage(QWizardPage):
    def __init__(self, wizard: "NewApplicationWizard"):
        super().__init__()
        self.w = wizard
        self.setTitle("Tipo de requerimento")
        self.setSubTitle("Escolha o que a pessoa está pedindo.")
        self.types = QListWidget()
        profile = setup.profile_today()
        for code, label in applications.TYPE_LABELS.items():
            kind = profile.application(code)
            if not kind.allowed:
                continue
            item = QListWidgetItem(f"{label}" + (f"  —  {kind.article}" if kind.article else ""))
            item.setData(Qt.ItemDataRole.UserRole, code)
            self.types.addItem(item)
        self.types.currentRowChanged.connect(lambda _r: self.completeChanged.emit())
        self.types.itemDoubleClicked.connect(lambda _i: wizard.next())
        layout = QVBoxLayout(self)
        layout.addWidget(self.types)

    def selected(self) -> str | None:
        item = self.types.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item else None

    def select(self, code: str) -> None:
        for row in range(self.types.count()):
            if self.types.item(row).data(Qt.ItemDataRole.UserRole) == code:
                self.types.setCurrentRow(row)

    def isComplete(self) -> bool:  # noqa: N802 (Qt API)
        return self.selected() is not None


class ApplicantPage(QWizardPage):
    def __init__(self, wizard: "NewApplicationWizard"):
        super().__init__()
        self.w = wizard
        self.setTitle("Requerente")
        self.setSubTitle("Busque pelo CPF, nome ou placa, ou cadastre uma pessoa nova.")
        self.person_id: int | None = None
        self.query = QLineEdit()
        self.query.setObjectName("applicant_query")
        self.query.setPlaceholderText("CPF, nome ou placa (Enter escolhe o primeiro)")
        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.run_search)
        self.query.textEdited.connect(lambda _t: self._timer.start())
        # Enter: search now and choose the first hit; the wizard's Avançar then goes on
        self.query.returnPressed.connect(self._search_and_choose)
        self.model = DictTableModel([Column("name", "Nome"), Column("cpf", "CPF"),
                                     Column("matched", "Encontrado por")], parent=self)
        self.view = table_view(self.model)
        self.view.setObjectName("applicant_results")
        self.view.setMinimumHeight(110)
        self.view.selectionModel().currentRowChanged.connect(
            lambda current, _p: self.choose_row(current.row()))
        open_rows(self.view, self._choose_and_next)
        self.chosen = QLabel("Nenhuma pessoa escolhida.")
        self.chosen.setWordWrap(True)
        self.warning = QLabel()
        self.warning.setObjectName("blockers")
        self.warning.setTextFormat(Qt.TextFormat.RichText)
        self.warning.setStyleSheet(ERROR_STYLE)
        self.warning.setWordWrap(True)

        self.new_group = QGroupBox("Cadastrar pessoa &nova")
        self.new_group.setObjectName("new_person_group")
        self.new_group.setCheckable(True)
        self.new_group.setChecked(False)
        self.new_group.toggled.connect(self._new_toggled)
        self.duplicate: dict | None = None  # the person a typed CPF already belongs to
        self.cpf = ValidatedField(self._check_new_cpf, mask=CPF_MASK)
        self.cpf.edit.textEdited.connect(lambda _t: self._show_duplicate())
        self.name = ValidatedField(lambda t: validators.person_name(t, "Nome"))
        today = wallclock.today()
        self.birth = DateField(label="Data de nascimento", required=False,
                               earliest=dt.date(1900, 1, 1),
                               latest=dates.latest_birth(today, 16))
        self.phone = ValidatedField(validators.phone, required=False,
                                    placeholder="(99) 98765-4321")
        mask_phone(self.phone.editor)  # (99) 98765-4321 as it is typed
        for name, field in (("new_cpf", self.cpf), ("new_name", self.name),
                            ("new_birth", self.birth), ("new_phone", self.phone)):
            field.setObjectName(name)
        form = QFormLayout(self.new_group)
        form.addRow("CPF:", self.cpf)
        form.addRow("Nome completo:", self.name)
        form.addRow("Nascimento:", self.birth)
        form.addRow("Telefone:", self.phone)
        for field in (self.cpf, self.name):
            field.edit.textEdited.connect(lambda _t: self.completeChanged.emit())

        self.permit_label = QLabel("Permissão:")
        self.permit = QComboBox()
        self.permit.currentIndexChanged.connect(lambda _i: self.completeChanged.emit())
        permit_row = QHBoxLayout()
        permit_row.addWidget(self.permit_label)
        permit_row.addWidget(self.permit, 1)
        self.message = QLabel()
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addWidget(self.query)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.chosen)
        layout.addWidget(self.warning)
        layout.addWidget(self.new_group)
        layout.addLayout(permit_row)
        layout.addWidget(self.message)

    def _check_new_cpf(self, text: str) -> None:
        """A valid CPF not registered yet: a registered one is refused as it is typed."""
        self.duplicate = persons.find_by_cpf(text)  # a malformed CPF raises its message
        if self.duplicate is not None:
            raise ValidationError("CPF", f"{self.duplicate['cpf_text']} já está cadastrado "
                                         f"({self.duplicate['name']}); escolha a pessoa na "
                                         "busca acima.")

    def _show_duplicate(self) -> None:
        """The person a typed CPF belongs to is put in the search, ready to be chosen."""
        if self.duplicate is not None and self.cpf.has_error():
            self.query.setText(self.duplicate["cpf_text"])
            self.run_search()

    def nextId(self) -> int:  # noqa: N802 (Qt API)
        return CNH_PAGE if self.is_new() else CHECKLIST_PAGE

    def initializePage(self) -> None:  # noqa: N802 (Qt API)
        needs = self.w.app_type() in applications.NEEDS_PERMIT
        self.permit_label.setVisible(needs)
        self.permit.setVisible(needs)
        self.new_group.setEnabled(not needs)  # a new person holds no permit yet
        if needs and self.new_group.isChecked():
            self.new_group.setChecked(False)
        self._load_permits()
        if self.person_id is not None:  # the type may have changed: its blockers too
            self._show_blockers()
        if self.person_id is None:
            self.query.setFocus()

    def _search_and_choose(self) -> None:
        self._timer.stop()
        self.run_search()
        if self.model.rows and not self.new_group.isChecked():
            self.view.selectRow(0)

    def _choose_and_next(self, row: int) -> None:
        self.choose_row(row)
        if self.isComplete():
            self.w.next()

    def run_search(self) -> None:
        seen, rows = set(), []
        for hit in search.search(self.query.text()):
            if hit["person_id"] not in seen:
                seen.add(hit["person_id"])
                rows.append(hit)
        self.model.set_rows(rows)

    def choose_row(self, row: int) -> None:
        if 0 <= row < len(self.model.rows):
            hit = self.model.row(row)
            self.set_person(hit["person_id"], hit["name"], hit["cpf"])

    def preselect(self, person_id: int) -> None:
        person = persons.person(person_id)
        self.query.setText(person["cpf_text"])
        self.run_search()
        self.set_person(person["id"], person["name"], person["cpf_text"])

    def set_person(self, person_id: int, name: str, cpf: str) -> None:
        self.person_id = person_id
        self.new_group.setChecked(False)
        self.chosen.setText(f"Requerente: <b>{name}</b> · CPF {cpf}")
        self._show_blockers()
        self._load_permits()
        self.completeChanged.emit()

    def _show_blockers(self) -> None:
        found = blockers(self.person_id, self.w.app_type())
        self.warning.setText("<br>".join(f"Atenção: {text}" for text in found))
        from .debt_offer import offer_person_debts  # pay them here, then go on (issue 36)
        offer_person_debts(self, self.w.actor, self.person_id, self.warning,
                           self.w.button(QWizard.WizardButton.NextButton),
                           recheck=self._show_blockers)

    def _new_toggled(self, on: bool) -> None:
        if on:
            self.chosen.setText("Requerente: pessoa nova (cadastrada ao protocolar).")
            self.warning.setText("")
            if getattr(self, "debt_offer", None) is not None:  # a new person owes nothing
                self.debt_offer.clear()
            self._carry_query()
            self.cpf.setFocus()
        elif self.person_id is None:
            self.chosen.setText("Nenhuma pessoa escolhida.")
        self._load_permits()
        self.completeChanged.emit()

    def _carry_query(self) -> None:
        """What was typed in the search goes into the new-person form: digits to the CPF,
        a name to the name (only into an empty field)."""
        typed = self.query.text().strip()
        digits = "".join(c for c in typed if c.isdigit())
        if digits and all(c.isdigit() or c in ".-/ " for c in typed):
            if self.cpf.is_empty():
                self.cpf.setText(digits[:11])
                self.cpf.validate()
                self._show_duplicate()
        elif typed and not any(c.isdigit() for c in typed) and not self.name.text().strip():
            self.name.setText(typed)
            self.name.validate()
        self.completeChanged.emit()

    def _load_permits(self) -> None:
        self.permit.clear()
        if self.person_id is None or self.new_group.isChecked():
            return
        seen = set()
        for v in vehicles.list_vehicles(owner_id=self.person_id):
            if v["permit_id"] and v["permit_id"] not in seen:
                seen.add(v["permit_id"])
                self.permit.addItem(f"Permissão nº {v['order_text']} — placa {v['plate_original']}",
                                    v["permit_id"])

    def is_new(self) -> bool:
        return self.new_group.isChecked()

    def new_data(self) -> dict:
        data = {"cpf": self.cpf.raw(), "name": self.name.text().strip(),
                "phone": self.phone.text().strip()}
        birth = self.birth.date()  # ValidationError naming the field when mistyped
        if birth is not None:
            data["birth_date"] = birth
        return data

    def permit_id(self):
        return self.permit.currentData() if self.permit.isVisible() or \
            self.w.app_type() in applications.NEEDS_PERMIT else None

    def isComplete(self) -> bool:  # noqa: N802
        if self.is_new():
            return (not self.cpf.is_empty() and not self.cpf.has_error()
                    and bool(self.name.text().strip()))
        if self.person_id is None:
            return False
        if self.w.app_type() in applications.NEEDS_PERMIT:
            return self.permit.currentData() is not None
        return True

    def validatePage(self) -> bool:  # noqa: N802
        self.message.setText("")
        if not self.is_new():
            if self.w.app_type() in applications.NEEDS_PERMIT and self.permit.count() == 0:
                self.message.setText("Esta pessoa não tem permissão em vigor para este pedido.")
                return False
            return True
        fields = [self.cpf, self.name, self.birth, self.phone]
        bad = [f for f in fields if not f.validate(force=True)]
        if bad:
            bad[0].setFocus()
            return False
        return True

    def birth_date(self):
        try:
            return self.birth.date()
        except ValidationError:
            return None


class CnhPage(QWizardPage):
    """The new person's CNH (ui/cnh_form.ui, as on the record): optional at the counter —
    the grant requires it — but what it lacks for the service shows as it is typed."""

    def __init__(self, wizard: "NewApplicationWizard"):
        super().__init__()
        self.w = wizard
        self.setTitle("CNH do requerente")
        self.setSubTitle("Registre a CNH da pessoa nova (deixe em branco se ela não a "
                         "trouxe: será exigida na outorga).")
        self.form_widget = QWidget()
        self.fields = CnhFields(self.form_widget, optional=True,
                                birth_date=lambda: wizard.applicant_page.birth_date())
        self.ui = self.fields.ui
        self.message = QLabel()
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form_widget)
        layout.addWidget(self.message)
        layout.addStretch(1)

    def initializePage(self) -> None:  # noqa: N802 (Qt API)
        self.fields.show_problems()
        self.ui.number.setFocus()

    def values(self) -> dict | None:
        return self.fields.values()

    def validatePage(self) -> bool:  # noqa: N802
        self.message.setText("")
        try:
            values = self.fields.values()
            if values is not None:  # checked now, not at Protocolar
                persons.clean_cnh(values, wallclock.today())
        except ValidationError as exc:
            self.message.setText(str(exc))
            self.fields.show_refusal(exc)
            return False
        return True


class ChecklistPage(QWizardPage):
    def __init__(self, wizard: "NewApplicationWizard"):
        super().__init__()
        self.w = wizard
        self.setTitle("Documentos")
        self.setSubTitle("Marque os documentos entregues agora (os demais ficam pendentes).")
        self.items = QListWidget()
        self.items.setWordWrap(True)
        self.all_button = QPushButton("Marcar &todos")
        self.all_button.clicked.connect(lambda: self.set_all(True))
        self.none_button = QPushButton("&Desmarcar todos")
        self.none_button.clicked.connect(lambda: self.set_all(False))
        for button in (self.all_button, self.none_button):
            button.setAutoDefault(False)  # Enter stays Avançar's, wherever the focus is
        self.count = QLabel()
        self.items.itemChanged.connect(lambda _i: self._count())
        bar = QHBoxLayout()
        bar.addWidget(self.count, 1)
        bar.addWidget(self.all_button)
        bar.addWidget(self.none_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.items, 1)
        layout.addLayout(bar)
        self._type: str | None = None

    def initializePage(self) -> None:  # noqa: N802
        app_type = self.w.app_type()
        if app_type == self._type:
            return  # coming back: the ticks stay
        self._type = app_type
        self.items.blockSignals(True)
        self.items.clear()
        for item in setup.profile_today().application(app_type).checklist:
            text = item.text + ("" if item.mandatory else "  (facultativo)")
            if item.article:
                text += f"  —  {item.article}"
            row = QListWidgetItem(text)
            row.setData(Qt.ItemDataRole.UserRole, item.code)
            row.setFlags(row.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            row.setCheckState(Qt.CheckState.Unchecked)
            self.items.addItem(row)
        self.items.blockSignals(False)
        if self.items.count():  # the arrows and Space tick them at once
            self.items.setCurrentRow(0)
        self.items.setFocus()
        self._count()

    def set_all(self, on: bool) -> None:
        state = Qt.CheckState.Checked if on else Qt.CheckState.Unchecked
        for row in range(self.items.count()):
            self.items.item(row).setCheckState(state)

    def ticked(self) -> list[str]:
        return [self.items.item(r).data(Qt.ItemDataRole.UserRole)
                for r in range(self.items.count())
                if self.items.item(r).checkState() == Qt.CheckState.Checked]

    def _count(self) -> None:
        total = self.items.count()
        self.count.setText(f"{len(self.ticked())} de {total} documento(s) entregue(s)"
                           if total else "Este requerimento não exige documentos.")


class SummaryPage(QWizardPage):
    def __init__(self, wizard: "NewApplicationWizard"):
        super().__init__()
        self.w = wizard
        self.setTitle("Resumo")
        self.setSubTitle("Confira e clique em Protocolar.")
        self.setCommitPage(True)
        self.setButtonText(QWizard.WizardButton.CommitButton, "&Protocolar")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.notes = QLineEdit()
        self.notes.setPlaceholderText("Observações (opcional)")
        self.notes.setMaxLength(2000)
        self.message = QLabel()
        self.message.setStyleSheet(ERROR_STYLE + " font-weight: bold;")
        self.message.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.notes)
        layout.addWidget(self.message)
        layout.addStretch(1)

    def initializePage(self) -> None:  # noqa: N802
        w = self.w
        applicant = w.applicant_page
        if applicant.is_new():
            data = applicant.new_data()
            cnh = w.cnh_page.values()
            who = (f"{data['name']} (CPF {applicant.cpf.text()}) — cadastro novo, "
                   + (f"CNH nº {cnh['number']} cat. {cnh['category']}" if cnh else
                      "sem CNH (será exigida na outorga)"))
        else:
            who = applicant.chosen.text().replace("Requerente: ", "")
        ticked = len(w.checklist_page.ticked())
        total = w.checklist_page.items.count()
        permit = (f"<br>Permissão: {applicant.permit.currentText()}"
                  if w.app_type() in applications.NEEDS_PERMIT else "")
        self.summary.setText(
            f"<p>Tipo: <b>{applications.TYPE_LABELS[w.app_type()]}</b><br>"
            f"Requerente: {who}{permit}<br>"
            f"Documentos entregues: {ticked} de {total}</p>")
        self.message.setText("")

    def validatePage(self) -> bool:  # noqa: N802
        return self.w.file()


class DonePage(QWizardPage):
    def __init__(self, wizard: "NewApplicationWizard"):
        super().__init__()
        self.w = wizard
        self.setTitle("Requerimento protocolado")
        self.protocol = QLabel()
        self.protocol.setTextFormat(Qt.TextFormat.RichText)
        self.protocol.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.print_button = QPushButton("&Imprimir comprovante (Ctrl+P)")
        self.print_button.clicked.connect(wizard.print_receipt)
        # the focus lands here when Protocolar hides: Enter still concludes (Ctrl+P prints)
        self.print_button.setAutoDefault(False)
        self.message = QLabel()
        self.message.setStyleSheet(ERROR_STYLE)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(self.protocol)
        layout.addWidget(self.details)
        layout.addWidget(self.print_button, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.message)
        layout.addStretch(1)

    def initializePage(self) -> None:  # noqa: N802
        app = self.w.application or {}
        self.protocol.setText(f"<p style='font-size:13pt'>Protocolo nº</p>"
                              f"<p style='font-size:26pt'><b>{app.get('protocol', '')}</b></p>")
        received = sum(1 for c in app.get("checklist", []) if c["received"])
        self.details.setText(f"{app.get('type_label', '')} — {app.get('person_name', '')}. "
                             f"Documentos recebidos: {received} de "
                             f"{len(app.get('checklist', []))}.")
        self.print_button.setFocus()


class NewApplicationWizard(DiscardGuard, QWizard):
    def __init__(self, actor: Actor, *, person_id: int | None = None, app_type: str | None = None,
                 parent=None):
        super().__init__(parent)
        self.actor = actor
        self.application: dict | None = None
        self.receipt: dict | None = None
        self.setWindowTitle("Novo requerimento")
        self.setWizardStyle(QWizard.WizardStyle.ClassicStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnLastPage, True)
        self.setOption(QWizard.WizardOption.NoCancelButtonOnLastPage, True)
        for button, text in ((QWizard.WizardButton.BackButton, "< &Voltar"),
                             (QWizard.WizardButton.NextButton, "&Avançar >"),
                             (QWizard.WizardButton.CommitButton, "&Protocolar"),
                             (QWizard.WizardButton.FinishButton, "&Concluir"),
                             (QWizard.WizardButton.CancelButton, "Cancelar")):
            self.setButtonText(button, text)
        self.type_page = TypePage(self)
        self.applicant_page = ApplicantPage(self)
        self.cnh_page = CnhPage(self)
        self.checklist_page = ChecklistPage(self)
        self.summary_page = SummaryPage(self)
        self.done_page = DonePage(self)
        for number, page in enumerate((self.type_page, self.applicant_page, self.cnh_page,
                                       self.checklist_page, self.summary_page,
                                       self.done_page)):
            self.setPage(number, page)
        if app_type:
            self.type_page.select(app_type)
        if person_id is not None:
            self.applicant_page.preselect(person_id)
        QShortcut(QKeySequence("Ctrl+P"), self, activated=self._print_shortcut)
        self.resize(*fitting_size(self, 820, 600))
        self.mark_clean()

    def has_unsaved_changes(self) -> bool:
        # once the protocol is taken the application is saved; closing loses nothing
        return self.application is None and super().has_unsaved_changes()

    def app_type(self) -> str | None:
        return self.type_page.selected()

    def file(self) -> bool:
        """Register the new person (once), file the application, save the ticks."""
        page = self.summary_page
        applicant = self.applicant_page
        page.message.setText("")
        try:
            if applicant.is_new() and applicant.person_id is None:
                person = persons.register_person(self.actor, applicant.new_data(),
                                                 cnh=self.cnh_page.values())
                applicant.person_id = person["id"]
                applicant.new_group.setChecked(False)
                applicant.chosen.setText(f"Requerente: <b>{person['name']}</b> · "
                                         f"CPF {person['cpf_text']}")
            app = applications.file_application(
                self.actor, applicant.person_id, self.app_type(),
                permit_id=applicant.permit_id(), notes=page.notes.text(),
                received=self.checklist_page.ticked())
        except RuleRefusal as exc:
            page.message.setText(f"Pedido recusado: {exc}")
            return False
        except DomainError as exc:
            page.message.setText(_error_text(exc))
            return False
        self.application = app
        return True

    def _print_shortcut(self) -> None:
        if self.currentPage() is self.done_page:
            self.print_receipt()

    def print_receipt(self, show: bool = True) -> dict | None:
        if self.application is None:
            return None
        try:
            self.receipt = documents.print_application_receipt(self.actor,
                                                               self.application["id"])
        except DomainError as exc:
            self.done_page.message.setText(str(exc))
            return None
        if show:
            from .print_preview import PrintPreviewDialog
            PrintPreviewDialog(self.receipt, self).open()
        return self.receipt

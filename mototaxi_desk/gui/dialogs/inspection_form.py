"""Inspection form (fiscal): the vehicle by plate (either format), the kind (only those the
law has), the date, the profile's checklist for the kind with conforme / não conforme /
não se aplica per item, notes; the result shown before saving. Approved: a sticker serial,
offered for printing. Failed: the vehicle goes out of circulation (SRM Art. 17 §3º)."""
from __future__ import annotations

import datetime as dt
import html

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGridLayout, QLabel, QLineEdit, QPlainTextEdit,
                               QPushButton, QRadioButton, QScrollArea, QVBoxLayout, QWidget)

from .. import screen_fit
from ...domain import inspection_rules
from ...domain.errors import DebtRefusal, DomainError, ValidationError
from ...domain.validators import format_date
from ...services import documents, setup
from ...services.register import inspections, vehicles
from ...services.context import Actor
from .. import prompts
from ..widgets.common import GREEN, RED
from ..widgets.dates import DateField
from ..widgets.fields import ERROR_TEXT, FieldBox
from ..widgets import plate as plate_field
from ..widgets.unsaved import DiscardGuard
from ...domain import wallclock

KIND_WORDS = {"annual": "Vistoria anual", "semiannual": "Inspeção semestral",
              "on_demand": "Vistoria extraordinária"}
ANSWERS = (("pass", "Conforme"), ("fail", "Não conforme"), ("na", "Não se aplica"))
INSPECTION_ROLES = inspections.INSPECTION_ROLES


class InspectionForm(DiscardGuard, QDialog):
    def __init__(self, actor: Actor, *, plate: str = "", parent=None):
        super().__init__(parent)
        self.actor = actor
        self.profile = setup.profile_today()
        self.vehicle_id: int | None = None
        self.result_data: dict | None = None
        self.print_result: dict | None = None
        self.groups: dict[str, QButtonGroup] = {}
        self.setWindowTitle("Vistoria do veículo")

        self.plate = plate_field.follow_spelling(QLineEdit())  # ABC-1234 or QRS1D23
        self.plate_box = FieldBox(self.plate)
        # wraps: a refusal shown with the plate (a debt, Art. 17 §1º) widened the form past
        # the screen at 1366×768, 125%
        self.vehicle_info = QLabel("Digite a placa do veículo.")
        self.vehicle_info.setWordWrap(True)
        self.vehicle_info.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.vehicle_info.setTextFormat(Qt.TextFormat.RichText)
        self.blocked: list[str] = []  # what refuses the vistoria now (SRM Art. 17 §1º)
        from .debt_offer import DebtOffer  # a debt that refuses it: pay or guia, here
        self.debt_offer = DebtOffer(actor, self)
        self.debt_offer.settled.connect(self._debt_paid)
        self.kind = QComboBox()
        for kind in inspection_rules.profile_kinds(self.profile):
            self.kind.addItem(KIND_WORDS[kind], kind)
        today = wallclock.today()
        self.date = DateField(label="Data da vistoria", value=today, latest=today,
                              earliest=today - dt.timedelta(days=inspections.LATE_ENTRY_DAYS))
        self.date.changed.connect(lambda *_: self.update_preview())
        form = QFormLayout()
        form.addRow("Placa", self.plate_box)
        form.addRow("", self.vehicle_info)
        form.addRow("", self.debt_offer)
        form.addRow("Tipo", self.kind)
        form.addRow("Data da vistoria", self.date)

        self.all_pass = QPushButton("Tudo &aprovado")
        self.all_pass.setAutoDefault(False)
        self.all_pass.clicked.connect(self.pass_all)
        self.items_widget = QWidget()
        self.items_grid = QGridLayout(self.items_widget)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.items_widget)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes to the items, not the frame
        # the checklist grows with the dialog and scrolls on a short screen (1366×768, 125%,
        # with a debt offer and every message showing: three lines of it still in sight)
        scroll.setMinimumHeight(self.fontMetrics().height() * 3)
        self.notes = QPlainTextEdit()
        self.notes.setPlaceholderText("Observações (opcional)")
        self.notes.setMaximumHeight(self.fontMetrics().height() * 3)
        self.notes.setTabChangesFocus(True)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setTextFormat(Qt.TextFormat.RichText)
        self.fee_note = QLabel()  # what recording it charges, before it is recorded
        self.fee_note.setWordWrap(True)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_TEXT + " font-weight: bold;")
        buttons = QDialogButtonBox()
        self.save_button = buttons.addButton("&Registrar vistoria",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        buttons.addButton("Cancelar", QDialogButtonBox.ButtonRole.RejectRole).clicked.connect(
            self.reject)
        self.save_button.clicked.connect(self.save)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.save)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        head = QGridLayout()
        head.addWidget(QLabel("<b>Itens do checklist</b>"), 0, 0)
        head.addWidget(self.all_pass, 0, 1, Qt.AlignmentFlag.AlignRight)
        layout.addLayout(head)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.notes)
        layout.addWidget(self.preview)
        layout.addWidget(self.fee_note)
        layout.addWidget(self.message)
        layout.addWidget(buttons)

        self._timer = QTimer(self, singleShot=True, interval=150)
        self._timer.timeout.connect(self.find_vehicle)
        self.plate.textEdited.connect(self._plate_typed)
        self.kind.currentIndexChanged.connect(self.build_checklist)
        self.build_checklist()
        screen_fit.preferred_size(self, 900, 680)
        if actor.role not in INSPECTION_ROLES:
            self.save_button.setEnabled(False)
            self.message.setText("Só a fiscalização (fiscal, supervisor) registra vistorias.")
        if plate:
            self.plate.setText(plate_field.spelled(plate))
            self.find_vehicle()
        self.plate.setFocus()
        self.mark_clean()

    # --- vehicle -----------------------------------------------------------------------------
    def _plate_typed(self, text: str) -> None:
        if text != text.upper():
            pos = self.plate.cursorPosition()
            self.plate.setText(text.upper())
            self.plate.setCursorPosition(pos)
        self._timer.start()

    def find_vehicle(self) -> None:
        self._timer.stop()
        self.vehicle_id = None
        self.blocked = []
        self.debt_offer.clear()
        text = self.plate.text()
        if not text.strip():
            self.plate_box.hint()
            self.vehicle_info.setText("Digite a placa do veículo.")
            self.update_preview()
            return
        try:
            vehicle = vehicles.vehicle_for_plate(text)
        except ValidationError as exc:
            self.plate_box.error(exc.message[:1].upper() + exc.message[1:])
            self.vehicle_info.setText("")
            self.update_preview()
            return
        self.plate_box.hint()
        self.vehicle_id = vehicle["id"]
        status = inspections.vehicle_inspection_status(vehicle["id"])
        lines = [f"<b>{vehicle['plate_original']}</b> · {vehicle['make']} {vehicle['model']} "
                 f"{vehicle['manufacture_year']}, {vehicle['cc']} cc · proprietário "
                 f"{vehicle['owner_name']}"]
        if not vehicle["active"]:
            lines.append("<span style='color:#a00'>Veículo baixado.</span>")
        if vehicle["out_of_service"]:
            lines.append("<span style='color:#a00'>Fora de circulação (vistoria reprovada)."
                         "</span>")
        for kind in ("annual", "semiannual"):
            info = status.get(kind)
            if info:
                when = ("nunca vistoriado" if info["never_inspected"] else
                        f"vence em {format_date(info['due_on'])}")
                colour = "#a00" if info["overdue"] or info["never_inspected"] else "#333"
                lines.append(f"<span style='color:{colour}'>{KIND_WORDS[kind]}: {when}</span>")
        # what would refuse the vistoria shows now, not after the whole checklist
        self.blocked = inspections.blockers(vehicle["id"])
        debts = inspections.blocking_debts(vehicle["id"])
        if debts:  # the refusal is said once, in the offer to pay it
            self.debt_offer.offer(debts["person_id"], debts["debts"],
                                  "paga a dívida, a vistoria continua neste formulário.",
                                  reason="Atenção: " + debts["message"])
        lines += [f"<span style='color:#a00'>Atenção: {html.escape(text)}</span>"
                  for text in self.blocked if not debts or text != debts["message"]]
        self.vehicle_info.setText("<br>".join(lines))
        self.update_preview()

    # --- checklist ---------------------------------------------------------------------------
    def current_kind(self) -> str:
        return self.kind.currentData()

    def build_checklist(self) -> None:
        while self.items_grid.count():
            item = self.items_grid.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        self.groups = {}
        kind = self.current_kind()
        if kind is None:
            return
        for row, item in enumerate(inspection_rules.checklist(self.profile, kind)):
            text = QLabel(f"{item.text} <span style='color:#666'>({item.article})</span>")
            text.setWordWrap(True)
            text.setTextFormat(Qt.TextFormat.RichText)
            self.items_grid.addWidget(text, row, 0)
            group = QButtonGroup(self)
            for column, (code, word) in enumerate(ANSWERS, 1):
                button = QRadioButton(word)
                button.setProperty("answer", code)
                group.addButton(button)
                self.items_grid.addWidget(button, row, column)
            group.buttonToggled.connect(lambda *_: self.update_preview())
            self.groups[item.code] = group
        self.items_grid.setColumnStretch(0, 1)
        # made after the form: in reading order, between "Tudo aprovado" and the notes (Tab
        # moves item to item, the arrows choose the answer, Space marks it)
        previous = self.all_pass
        for group in self.groups.values():
            for button in group.buttons():
                QWidget.setTabOrder(previous, button)
                previous = button
        QWidget.setTabOrder(previous, self.notes)
        self.update_preview()

    def set_answer(self, code: str, answer: str) -> None:
        for button in self.groups[code].buttons():
            if button.property("answer") == answer:
                button.setChecked(True)

    def pass_all(self) -> None:
        for code in self.groups:
            self.set_answer(code, "pass")

    def results(self) -> dict[str, str]:
        out = {}
        for code, group in self.groups.items():
            checked = group.checkedButton()
            if checked is not None:
                out[code] = checked.property("answer")
        return out

    def update_preview(self) -> None:
        results = self.results()
        missing = len(self.groups) - len(results)
        failed = [code for code, value in results.items() if value == "fail"]
        self.fee_note.setText(inspections.fee_notice(self.current_kind() or ""))
        self.fee_note.setVisible(bool(self.fee_note.text()))
        if self.blocked and self.vehicle_id is not None:
            # refused now: no "APROVADA … e recebe selo" under the refusal (issue 36)
            what = ("pague o débito ou emita a guia acima; a vistoria continua daqui."
                    if self.debt_offer.debts else "resolva antes o impedimento acima.")
            self.preview.setText(
                f"<div style='background:#eeeeee; padding:4px'><b>Vistoria não pode ser "
                f"registrada agora</b>: {what}</div>")
        elif failed:
            self.preview.setText(
                f"<div style='background:{RED}; padding:4px'><b>Resultado: REPROVADA</b> — "
                f"{len(failed)} item(ns) não conforme(s); o veículo ficará fora de circulação "
                f"até nova vistoria aprovada ({self.profile.inspection.article}).</div>")
        elif missing:
            self.preview.setText(f"Faltam {missing} item(ns) do checklist.")
        else:
            sticker = (" e recebe selo" if self.current_kind() in
                       inspection_rules.VALIDITY_MONTHS else "")
            try:
                day = self.date.date()
            except DomainError:
                day = None
            until = inspection_rules.valid_until(self.current_kind(), day) if day else None
            valid = f", válida até {format_date(until)}" if until else ""
            self.preview.setText(f"<div style='background:{GREEN}; padding:4px'><b>Resultado: "
                                 f"APROVADA</b>{valid}{sticker}.</div>")
        can = (self.actor.role in INSPECTION_ROLES and self.vehicle_id is not None
               and not missing)
        self.save_button.setEnabled(can)

    def _debt_paid(self) -> None:
        """A blocking debt was paid in this form: check again and go on from here."""
        self.find_vehicle()
        if not self.blocked:
            self.message.setStyleSheet("color: #1b5e20; font-weight: bold;")
            self.message.setText("Débito pago. Confira o checklist e clique em "
                                 "“Registrar vistoria”.")
            self.save_button.setFocus()

    # --- saving ------------------------------------------------------------------------------
    def save(self) -> bool:
        self.message.setStyleSheet(ERROR_TEXT + " font-weight: bold;")
        if self.vehicle_id is None:
            self.find_vehicle()
        if not self.save_button.isEnabled():
            if self.vehicle_id is None:
                if not self.plate_box.has_error:
                    self.plate_box.error("Informe a placa de um veículo cadastrado.")
                self.plate.setFocus()
            else:
                self.message.setText("Responda todos os itens do checklist.")
            return False
        self.message.clear()
        try:
            data = {"kind": self.current_kind(), "inspected_on": self.date.date(),
                    "results": self.results(), "notes": self.notes.toPlainText()}
            self.result_data = inspections.record_inspection(self.actor, self.vehicle_id, data)
        except DebtRefusal as exc:  # a debt recorded since the plate was chosen
            self.message.setText(str(exc))
            self.debt_offer.offer(exc.person_id, exc.debts,
                                  "paga a dívida, a vistoria continua neste formulário.")
            return False
        except DomainError as exc:
            self.message.setText(str(exc))
            return False
        serial = self.result_data.get("sticker_serial")
        if serial and self.confirm(f"Vistoria aprovada. Selo nº {serial} emitido.\n\n"
                                   "Imprimir o selo agora?"):
            self.print_sticker(serial)
        elif not self.result_data["approved"]:
            self.inform("Vistoria reprovada: o veículo está fora de circulação até nova "
                        f"vistoria aprovada ({self.profile.inspection.article}).")
        self.accept()
        return True

    def print_sticker(self, serial: str) -> dict | None:
        try:
            self.print_result = documents.print_stickers(self.actor, [serial])
        except DomainError as exc:
            self.inform(f"Não foi possível imprimir o selo: {exc}")
            return None
        self.show_preview(self.print_result)
        return self.print_result

    # the questions and the preview go through gui/prompts.py (which tests answer)
    def confirm(self, text: str) -> bool:
        return prompts.ask_yes_no(self, "Selo de vistoria", text)

    def inform(self, text: str) -> None:
        prompts.inform(self, "Vistoria", text)

    def show_preview(self, result: dict) -> None:
        prompts.show_preview(self, result)


def ask_reason(parent, title: str) -> str | None:
    from PySide6.QtWidgets import QInputDialog
    text, ok = QInputDialog.getText(parent, title, "Motivo (obrigatório):")
    return text if ok else None


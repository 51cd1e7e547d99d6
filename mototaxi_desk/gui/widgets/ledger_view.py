"""Pieces shared by the Infrações page, the notice dialogs and the person's ledger tab: how a
notice's stage, fine and deadline are shown (word + colour), the notices table, the panel of
proposed sanctions, and a small form dialog for the ledger actions that keeps what was typed
when the service refuses."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog,
                               QDialogButtonBox, QFormLayout, QHBoxLayout, QHeaderView,
                               QInputDialog,
                               QLabel, QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout,
                               QWidget)

from ...domain import permit_rules
from ...domain.errors import DebtRefusal, DomainError, ValidationError
from ...domain.money import format_units
from ...domain.notice_stage import STAGE_COLOURS, NoticeStage
from ...domain.validators import format_date
from ...services import ledger, setup
from ..models.dict_table import Column, DictTableModel
from .common import AMBER, GREEN, GREY, RED, table_view
from .dates import DateField, date_field, datetime_field
from .unsaved import DiscardGuard
from ..labels import instrument_words
from ...domain import wallclock

# the stages' colours beside their words: domain/notice_stage.NoticeStage
SOON_DAYS = 30
ERROR_STYLE = "border: 2px solid #c62828;"


def fine_text(notice: dict) -> str:
    """R$ and, where the law counts in fiscal units, the units: 'R$ 144,78 (3 UFM)'."""
    if not notice.get("fine_cents"):
        return "sem multa"
    fine = (notice.get("explanation") or {}).get("fine") or {}
    unit = fine.get("unit_name", "")
    if fine.get("basis") == "fiscal_unit" and unit:
        return f"{notice['fine_text']} ({format_units(Decimal(notice['fine_units']), unit)})"
    if fine.get("basis") == "tariff":
        return f"{notice['fine_text']} ({notice['fine_units']} {unit})"
    return notice["fine_text"]


def running_deadline(notice: dict) -> dt.date | None:
    """The term that matters now: the appeal's once the defence stage is over."""
    if notice["stage"] in (NoticeStage.APPEAL_OPEN, NoticeStage.APPEAL_PENDING):
        return notice.get("appeal_deadline")
    return notice.get("defence_deadline")


def deadline_colour(notice: dict, today: dt.date) -> str | None:
    """Overdue red, ≤ 30 days amber — only while a term is running."""
    due = running_deadline(notice)
    if notice["stage"] == NoticeStage.REVELIA_DUE:
        return RED
    running = (NoticeStage.DEFENCE_OPEN, NoticeStage.APPEAL_OPEN)
    if due is None or notice["stage"] not in running:
        return None
    if due < today:
        return RED
    return AMBER if (due - today).days <= SOON_DAYS else None


def status_word(notice: dict) -> str:
    word = notice["stage_label"]
    fines = [c for c in notice.get("charges", []) if c["kind"] == "fine"]
    if notice["status"] == "active" and fines:
        word += " · multa paga" if all(c["status"] == "paid" for c in fines) else \
            " · multa em aberto"
    return word


def status_colour(notice: dict) -> str:
    if notice["stage"] == NoticeStage.FINAL:
        fines = [c for c in notice.get("charges", []) if c["kind"] == "fine"]
        return RED if any(c["status"] == "open" for c in fines) else GREEN
    return STAGE_COLOURS.get(notice["stage"], GREY)


def notice_rows(notices: list[dict], profile) -> list[dict]:
    """The dicts of ledger.notice_dict with the display fields of the notices table."""
    rows = []
    for n in notices:
        try:
            label = profile.penalty_class(n["class_code"]).label
        except KeyError:
            label = n["class_code"]
        due = running_deadline(n)
        rows.append({**n, "class_label": label,
                     "infraction": f"{n['infraction_code']} — {label}",
                     "fine_display": fine_text(n) + _fine_state(n),
                     "status_word": status_word(n),
                     "permit_text": permit_rules.format_order_number(
                         profile, n["permit_order_number"])
                     if n.get("permit_order_number") else "—",
                     "due": due, "due_kind": "recurso" if n["stage"].startswith("appeal")
                     else "defesa"})
    return rows


def _fine_state(notice: dict) -> str:
    fines = [c for c in notice.get("charges", []) if c["kind"] == "fine"]
    if notice["status"] != "active" or not fines:
        return ""
    return " · paga" if all(c["status"] == "paid" for c in fines) else " · em aberto"


class NoticeTableModel(DictTableModel):
    """The notices table: the status cell and the deadline cell carry their colours."""

    def __init__(self, parent=None, *, today: dt.date | None = None, with_holder=True):
        columns = [Column("number", "Nº do auto"), Column("occurred_at", "Data")]
        self.status_key = "stage_label"
        if with_holder:
            columns.append(Column("holder_name", instrument_words()["holder"]))
        columns += [Column("permit_text", "Permissão"), Column("plate", "Placa"),
                    Column("infraction", "Infração"),
                    Column("fine_display", "Multa")]
        if setup.profile_today().penalties.counts_points:
            columns.append(Column("points", "Pontos"))
        columns += [Column("stage_label", "Situação"), Column("due", "Prazo")]
        super().__init__(columns, parent=parent)
        self.today = today

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if index.isValid() and role == Qt.ItemDataRole.BackgroundRole:
            key = self.columns[index.column()].key
            if key not in ("stage_label", "due"):
                return None
            row = self.rows[index.row()]
            colour = (status_colour(row) if key == "stage_label" else
                      deadline_colour(row, self.today or wallclock.today()))
            return QBrush(QColor(colour)) if colour else None
        if index.isValid() and role == Qt.ItemDataRole.DisplayRole:
            row = self.rows[index.row()]
            if self.columns[index.column()].key == "due" and row.get("due"):
                return format_date(row["due"]) + (" (recurso)" if row["due_kind"] == "recurso"
                                                  else "")
            if self.columns[index.column()].key == "occurred_at":
                return format_date(row["occurred_at"].date())
        return super().data(index, role)


def notice_table_view(model: NoticeTableModel):
    """Fits the page's width: the name (or the catalogue item) column takes what is left."""
    view = table_view(model, stretch_last=False)
    keys = [c.key for c in model.columns]
    flexible = keys.index("holder_name") if "holder_name" in keys else keys.index("infraction")
    view.horizontalHeader().setSectionResizeMode(flexible, QHeaderView.ResizeMode.Stretch)
    return view


# --- proposed sanctions -------------------------------------------------------------------

def proposal_status(p: dict) -> str:
    if p["applied"]:
        return "Aplicada"
    if p["ready"]:
        return "Pronta para aplicar"
    return "Aguardando o contraditório (" + ", ".join(p["waiting_for"]) + ")"


class SanctionsPanel(QWidget):
    """ledger.proposals(permit_id): each proposal with its explanation; the supervisor
    applies one with the act number (ledger.apply_sanction)."""
    applied = Signal(dict)

    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.permit_id: int | None = None
        self.model = DictTableModel(
            [Column("label", "Sanção proposta"), Column("article", "Artigo"),
             Column("trigger_on", "Desde"), Column("status_text", "Situação"),
             Column("explanation_text", "Explicação")],
            colour_of=lambda r: GREEN if r["applied"] else (RED if r["ready"] else AMBER),
            parent=self)
        self.view = table_view(self.model)
        self.view.setMinimumHeight(70)
        self.view.setWordWrap(True)
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.explanation.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.apply_button = QPushButton("Aplicar sanção…")
        self.apply_button.setToolTip("Somente o supervisor aplica sanções (com o nº do ato).")
        self.apply_button.clicked.connect(lambda: self.apply_selected())
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b71c1c;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.explanation)
        row = QHBoxLayout()
        row.addWidget(self.message, 1)
        row.addWidget(self.apply_button)
        layout.addLayout(row)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._selected())
        self._selected()

    def set_permit(self, permit_id: int | None) -> None:
        self.permit_id = permit_id
        rows = ledger.proposals(permit_id) if permit_id else []
        self.set_rows(rows)

    def set_rows(self, rows: list[dict]) -> None:
        self.model.set_rows([{**p, "status_text": proposal_status(p),
                              "explanation_text": p["explanation"].get("text", "")}
                             for p in rows])
        self.message.clear()
        if rows:
            self.view.selectRow(0)
        self._selected()

    def current(self) -> dict | None:
        index = self.view.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def _selected(self) -> None:
        p = self.current()
        self.view.setVisible(self.model.rowCount() > 0)
        self.explanation.setText(f"<b>{p['label']}</b> ({p['article']}): "
                                 f"{p['explanation'].get('text', '')}" if p else
                                 "Nenhuma sanção proposta pelas regras do perfil.")
        self.apply_button.setEnabled(bool(p) and self.actor.role in ledger.DECIDERS
                                     and not p["applied"] and p["ready"])

    def apply_selected(self, act_number: str | None = None) -> dict | None:
        p = self.current()
        if p is None:
            return None
        if act_number is None:
            act_number, ok = QInputDialog.getText(
                self, "Aplicar sanção", f"{p['label']} ({p['article']}).\nNº do ato "
                "(portaria/decreto):")
            if not ok:
                return None
        try:
            result = ledger.apply_sanction(self.actor, p["permit_id"], p["rule_key"],
                                           act_number=act_number)
        except DomainError as exc:
            self.message.setText(str(exc))
            return None
        self.applied.emit(result)
        if self.permit_id:
            self.set_permit(self.permit_id)
        self.message.setStyleSheet("color: #1b5e20;")
        self.message.setText(f"{result['label']} aplicada ({result['article']}).")
        return result


# --- a small form for one ledger action ----------------------------------------------------

def date_edit(value: dt.date | None = None) -> DateField:
    """The shared date field (widgets/dates.py) holding `value` or today."""
    return date_field(value)


def datetime_edit(value: dt.datetime | None = None) -> DateField:
    """The shared date-and-time field holding `value` or now, to the minute."""
    return datetime_field(value)


def value_of(widget):
    if isinstance(widget, DateField):  # ValidationError naming the field when mistyped
        return widget.value()
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QComboBox):
        return widget.currentData()
    if isinstance(widget, QPlainTextEdit):
        return widget.toPlainText().strip()
    if isinstance(widget, QLineEdit):
        return widget.text().strip()
    return None


class ActionForm(DiscardGuard, QDialog):
    """Fields (key, label, widget), a submit function(values) calling the service; a refusal
    is shown in the form (field in red, focus on it) and nothing typed is lost — closing it
    after typing asks "Descartar alterações?" first (widgets/unsaved.py). A refusal for a
    debt is also told by `debt_refused`, to offer paying it here (dialogs/debt_offer.py)."""
    debt_refused = Signal(object)  # the DebtRefusal

    def __init__(self, title: str, fields: list[tuple[str, str, QWidget]], submit, *,
                 intro: str = "", confirm: str = "Confirmar", parent=None):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.submit_fn = submit
        self.result_value = None
        self.fields = {key: (label, widget) for key, label, widget in fields}
        layout = QVBoxLayout(self)
        self.intro = QLabel(intro)
        self.intro.setWordWrap(True)
        self.intro.setVisible(bool(intro))
        layout.addWidget(self.intro)
        form = QFormLayout()
        for _key, label, widget in fields:
            if isinstance(widget, DateField) and widget.label == "Data":
                widget.label = label  # a mistyped date names its field
            form.addRow(label + ":", widget)
        layout.addLayout(form)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b71c1c; font-weight: bold;")
        layout.addWidget(self.message)
        buttons = QDialogButtonBox()
        self.ok_button = buttons.addButton(confirm, QDialogButtonBox.ButtonRole.AcceptRole)
        self.ok_button.setDefault(True)
        cancel = buttons.addButton("Cancelar", QDialogButtonBox.ButtonRole.RejectRole)
        self.ok_button.clicked.connect(self.submit)
        cancel.clicked.connect(self.reject)
        layout.addWidget(buttons)
        QShortcut(QKeySequence("Ctrl+S"), self, activated=self.submit)
        self.setMinimumWidth(520)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt API)
        # clean as first shown: callers fill in defaults (today, the amount due) after
        # building the form, and those are not typing
        if self._clean_state is None:
            self.mark_clean()
        from .. import mnemonics  # the confirm word's Alt letter, clear of the fields'
        mnemonics.assign(self.ok_button, self)
        super().showEvent(event)

    def widget(self, key: str) -> QWidget:
        return self.fields[key][1]

    def values(self) -> dict:
        return {key: value_of(widget) for key, (_label, widget) in self.fields.items()}

    def submit(self) -> bool:
        self.message.setStyleSheet("color: #b71c1c; font-weight: bold;")
        for _label, widget in self.fields.values():
            widget.setStyleSheet("")
        try:
            self.result_value = self.submit_fn(self.values())
        except ValidationError as exc:
            self.message.setText(f"{exc.field}: {exc.message}")
            for label, widget in self.fields.values():
                if label.lower() in exc.field.lower() or exc.field.lower() in label.lower():
                    widget.setStyleSheet(ERROR_STYLE)
                    widget.setFocus()
                    break
            return False
        except DomainError as exc:
            self.message.setText(str(exc))
            if isinstance(exc, DebtRefusal):  # the offer to pay it here (issue 36)
                self.debt_refused.emit(exc)
            return False
        self.accept()
        return True

"""A look at one item of the person's record (prontuário) where the item has no form of its
own: a permit with its history, an inspection with its checklist, an entry of the history
with what changed. Read-only; Enter or Esc closes it (UX.md: every tab opens its item)."""
from __future__ import annotations


from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout,
                               QWidget)

from ...domain import field_words
from ...domain.validators import format_date
from ...domain.permit_status import ACTION_LABELS, STATUS_LABELS
from ...services import acts, record_words
from .. import labels
from ..models.dict_table import Column, DictTableModel, cell_text
from ..widgets.common import table_view

RESULT_WORDS = {"pass": "Conforme", "fail": "Não conforme", "na": "Não se aplica"}
PERMIT_ACTIONS = ACTION_LABELS  # the history's actions in words (domain/permit_status.py)


def permit_action_words(code: str) -> str:
    """A line of a permit's history in words: the domain's actions, then the acts' own
    (services/acts: `history`), else the code."""
    if code in PERMIT_ACTIONS:
        return PERMIT_ACTIONS[code]
    return acts.history_labels().get(code, code)


class DetailDialog(QDialog):
    """Label/value rows over an optional table; "Fechar" is the default button."""

    def __init__(self, title: str, rows: list[tuple[str, object]], *,
                 table: tuple[str, list[Column], list[dict]] | None = None, parent=None):
        super().__init__(parent)
        self.setObjectName("record_item_dialog")
        self.setWindowTitle(title)
        layout = QVBoxLayout(self)
        heading = QLabel(f"<b>{title}</b>")
        heading.setWordWrap(True)
        layout.addWidget(heading)
        form = QFormLayout()
        self.values: dict[str, str] = {}
        for label, value in rows:
            text = cell_text(value) or "—"
            shown = QLabel(text)
            shown.setWordWrap(True)
            shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(f"{label}:", shown)
            self.values[label] = text
        layout.addLayout(form)
        self.table_model: DictTableModel | None = None
        if table is not None:
            caption, columns, table_rows = table
            layout.addWidget(QLabel(f"<b>{caption}</b>"))
            self.table_model = DictTableModel(columns, table_rows, parent=self)
            view = table_view(self.table_model)
            view.setMinimumHeight(140)
            layout.addWidget(view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        self.close_button.setText("&Fechar")
        self.close_button.setDefault(True)
        buttons.rejected.connect(self.reject)
        self.close_button.clicked.connect(self.accept)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)


def _status(code: str) -> str:
    return STATUS_LABELS.get(code, code or "")


def permit_detail(permit: dict, parent: QWidget | None = None) -> DetailDialog:
    """A permit of the record: number, status, dates, stand, vehicle, auxiliary drivers and
    every line of its history (act, reason)."""
    auxiliaries = ", ".join(a.get("person_name", "") for a in permit.get("auxiliaries", [])) \
        or "nenhum"
    rows = [("Nº de ordem", permit["order_text"]), ("Situação", permit["status_label"]),
            ("Expedição", permit["issued_on"]), ("Validade", permit["valid_until"]),
            ("Situação até", permit.get("status_until")),
            ("Ponto", f"Ponto {permit['stand_number']:02d}, vaga {permit['stand_position']}"
             if permit.get("stand_number") else "sem ponto"),
            ("Placa", permit.get("plate")), ("Condutor(es) auxiliar(es)", auxiliaries)]
    history = [{**h, "what": permit_action_words(h["action"]),
                "change": (f"{_status(h['from_status'])} → {_status(h['to_status'])}"
                           if h["from_status"] != h["to_status"] else _status(h["to_status"]))}
               for h in permit.get("history", [])]
    return DetailDialog(f"Permissão nº {permit['order_text']}", rows, parent=parent, table=(
        "Histórico da permissão", [Column("effective_on", "Data"), Column("what", "Ato"),
                                   Column("change", "Situação"),
                                   Column("act_number", "Nº do ato"),
                                   Column("reason", "Motivo")], history))


def inspection_detail(inspection: dict, parent: QWidget | None = None) -> DetailDialog:
    """An inspection of the record: date, kind, result, validity, sticker and each item of
    its checklist."""
    rows = [("Data", inspection["inspected_on"]),
            ("Tipo", labels.INSPECTION_KINDS.get(inspection["kind"], inspection["kind"])),
            ("Resultado", "Aprovada" if inspection["approved"] else "Reprovada"),
            ("Válida até", inspection.get("valid_until")),
            ("Selo", inspection.get("sticker_serial")),
            ("Observações", inspection.get("notes"))]
    items = [{"item": code, "result": RESULT_WORDS.get(value, value)}
             for code, value in (inspection.get("checklist") or {}).items()]
    return DetailDialog(f"Vistoria de {format_date(inspection['inspected_on'])}", rows,
                        parent=parent, table=("Checklist", [Column("item", "Item"),
                                                            Column("result", "Resultado")],
                                              items))


def history_detail(entry: dict, parent: QWidget | None = None) -> DetailDialog:
    """An entry of the history: when, what, on which record, and each field it changed
    (before → after), in words: the field's name, its codes, dates and times as the screens
    show them (services/record_words.change_text)."""
    before, after = entry.get("before") or {}, entry.get("after") or {}
    keys = [k for k in dict.fromkeys([*before, *after])
            if before.get(k) != after.get(k)] if isinstance(before, dict) and \
        isinstance(after, dict) else []
    entity = entry.get("entity", "")
    changes = [{"field": field_words.label(k),
                "before": record_words.change_text(entity, k, before.get(k)),
                "after": record_words.change_text(entity, k, after.get(k))} for k in keys]
    rows = [("Quando", entry["at"]), ("Ação", labels.audit_action(entry["action"])),
            ("Registro", labels.entity(entry["entity"])),
            ("Detalhe", labels.history_detail(entry) or "—")]
    return DetailDialog(labels.audit_action(entry["action"]), rows, parent=parent, table=(
        "O que mudou", [Column("field", "Campo"), Column("before", "Antes"),
                        Column("after", "Depois")], changes))

"""The initial tariff's history on Configurações (PF Art. 32: fines are multiples of the
tariff in force on the infraction's day): each value from its effective date, and a new one
typed with its date and act (administrators only)."""
from __future__ import annotations

import datetime as dt

from PySide6.QtWidgets import (QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QVBoxLayout)

from ...domain import usual_ranges
from ...domain.errors import DomainError, ValidationError
from ...domain.money import format_money, parse_money
from ...services import setup
from ..models.dict_table import Column, DictTableModel
from .common import table_view
from .dates import DateField
from .fields import CheckedField
from ...domain import wallclock


class TariffBox(QGroupBox):
    def __init__(self, actor, parent=None):
        super().__init__("Tarifa inicial do serviço", parent)
        self.actor = actor
        layout = QVBoxLayout(self)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.model = DictTableModel(
            [Column("effective_on", "Vigência desde"),
             Column("value_cents", "Tarifa", format_money), Column("act_number", "Ato")],
            parent=self)
        self.view = table_view(self.model)
        self.view.setMaximumHeight(140)
        layout.addWidget(self.view)
        form = QHBoxLayout()
        self.since = DateField(label="Vigência desde", value=wallclock.today())
        self.value = CheckedField(QLineEdit(), lambda t: parse_money(t, "Tarifa inicial"))
        self.value.editor.setPlaceholderText("ex.: 5,50")
        self.act = QLineEdit()
        self.act.setPlaceholderText("ato (ex.: Decreto 10/2026)")
        self.button = QPushButton("Salvar tarifa")
        self.button.clicked.connect(self.save)
        self.value.editor.returnPressed.connect(self.save)
        for label, widget, stretch in (("Desde:", self.since, 0), ("Valor (R$):", self.value, 1),
                                       ("", self.act, 1)):
            if label:
                form.addWidget(QLabel(label))
            form.addWidget(widget, stretch)
        form.addWidget(self.button)
        layout.addLayout(form)
        self.message = QLabel()
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.editors = [self.since, self.value, self.act, self.button]

    def load(self) -> None:
        uses = any(c.fine_tariff_multiple for c in setup.profile_today().penalties.classes)
        self.note.setText(
            "As multas desta lei são múltiplos da tarifa inicial: cada auto usa a tarifa em "
            "vigor no dia da infração." if uses else
            "A lei deste município não calcula multas pela tarifa; os valores abaixo não são "
            "usados nos cálculos.")
        self.model.set_rows(setup.tariff_values())

    def save(self) -> None:
        for field in (self.since, self.value):
            if not field.validate():
                field.setFocus()
                return
        since = self.since.date()
        from .. import prompts
        warning = usual_ranges.tariff_warning(parse_money(self.value.text(), "Tarifa inicial"))
        if not prompts.confirm_unusual(self, warning):
            self.value.setFocus()  # kept as typed, to correct
            return
        try:
            result = setup.set_tariff(self.actor, since, self.value.text(), self.act.text())
        except ValidationError as exc:
            self.value.show_error(exc.message)
            self.message.setText(str(exc))
            return
        except DomainError as exc:
            self.message.setText(str(exc))
            return
        self.load()
        self.value.editor.clear()
        self.act.clear()
        self.message.setText(f"Tarifa de {format_money(result['value_cents'])} a partir de "
                             f"{result['effective_on']:%d/%m/%Y} salva.")

    def set_date(self, day: dt.date) -> None:
        self.since.set_value(day)

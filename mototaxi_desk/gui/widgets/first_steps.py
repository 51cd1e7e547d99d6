"""The Painel's "Primeiros passos" (issue 36 item 4): what a new município still has to do
(services/administration/first_steps.py), each with the button that opens its place; the Painel shows it
as a tab beside its charts while anything is left. `chosen` carries the step's place for
the main window to open."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QLabel, QPushButton, QWidget

from ...services.administration import first_steps
from .wrapped_label import WrappedLabel


class FirstSteps(QWidget):
    chosen = Signal(str)

    def __init__(self, actor=None, parent=None):
        super().__init__(parent)
        self.setObjectName("first_steps")
        self.actor = actor
        self.grid = QGridLayout(self)
        self.grid.setColumnStretch(1, 1)
        self.grid.setVerticalSpacing(4)
        self.grid.setRowStretch(len(first_steps.STEPS), 1)  # the rows at the top
        self.buttons: dict[str, QPushButton] = {}  # by step key, as shown now
        self.steps: list[dict] = []

    def refresh(self) -> None:
        self.steps = first_steps.pending(self.actor)
        while self.grid.count():
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        self.buttons = {}
        for row, step in enumerate(self.steps):
            number = QLabel(f"<b>{row + 1}.</b>")
            # one line each, the why in its tooltip: five short lines fit where the charts
            # are at 1366×768, 125% (wraps, with the lines it needs, if not)
            text = WrappedLabel(f"<b>{escape(step['label'])}</b>")
            text.setToolTip(step["detail"][:1].upper() + step["detail"][1:] + ".")
            button = QPushButton(step["button"])
            button.setObjectName(f"first_step_{step['key']}")
            button.setEnabled(step["allowed"])
            if not step["allowed"]:
                button.setToolTip("Peça ao administrador.")
            button.clicked.connect(lambda _c=False, place=step["place"]: self.chosen.emit(place))
            self.grid.addWidget(number, row, 0)
            self.grid.addWidget(text, row, 1)
            self.grid.addWidget(button, row, 2)
            self.buttons[step["key"]] = button

    def labels(self) -> list[str]:
        return [s["label"] for s in self.steps]


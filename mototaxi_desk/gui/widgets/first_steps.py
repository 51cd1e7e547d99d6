"""The Painel's "Primeiros passos" box (issue 36 item 4): what a new município still has to
do (services/first_steps.py), each with the button that opens its place; the box hides when
everything is done. `chosen` carries the step's place for the main window to open."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton

from ...services import first_steps


class FirstSteps(QGroupBox):
    chosen = Signal(str)

    def __init__(self, actor=None, parent=None):
        super().__init__("Primeiros passos", parent)
        self.setObjectName("first_steps")
        self.actor = actor
        self.grid = QGridLayout(self)
        self.grid.setColumnStretch(1, 1)
        self.buttons: dict[str, QPushButton] = {}  # by step key, as shown now
        self.steps: list[dict] = []
        self.hide()

    def refresh(self) -> None:
        self.steps = first_steps.pending(self.actor)
        while self.grid.count():
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        self.buttons = {}
        for row, step in enumerate(self.steps):
            number = QLabel(f"<b>{row + 1}.</b>")
            text = QLabel(f"<b>{escape(step['label'])}</b> — {escape(step['detail'])}")
            text.setWordWrap(True)
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
        self.setVisible(bool(self.steps))

    def labels(self) -> list[str]:
        return [s["label"] for s in self.steps]


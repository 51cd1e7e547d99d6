"""The record's "Próximos passos" (issue 36): what the person needs next — from
services/views/next_steps.py — each line with its urgency as a word and a colour, what and why,
and the button that opens the right form (a debt also "Emitir guia…"). The record decides
what each button opens (`activated(step, guia)`)."""
from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QGridLayout, QLabel, QPushButton,
                               QScrollArea, QSizePolicy, QVBoxLayout, QWidget)

from .common import AMBER, BLUE, RED

URGENCY = {"overdue": ("Vencido", RED), "soon": ("Em breve", AMBER),
           "todo": ("A fazer", BLUE)}


class NextStepsView(QScrollArea):
    activated = Signal(dict, bool)  # the step, and whether its guia was asked for

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("record_next_steps")
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.steps: list[dict] = []
        self.buttons: list[QPushButton] = []  # in the order shown (tests press them)
        self._inner = QWidget()
        self._outer = QVBoxLayout(self._inner)
        self._outer.setContentsMargins(0, 0, 0, 0)
        self._grid = QGridLayout()
        self._grid.setColumnStretch(1, 1)
        self._outer.addLayout(self._grid)
        self._outer.addStretch(1)
        self.empty = QLabel("Nada pendente para esta pessoa.")
        self.empty.setStyleSheet("color: #555;")
        self._outer.insertWidget(0, self.empty)
        self.setWidget(self._inner)

    def set_steps(self, steps: list[dict]) -> None:
        while self._grid.count():
            widget = self._grid.takeAt(0).widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.steps, self.buttons = list(steps), []
        self.empty.setVisible(not steps)
        for row, step in enumerate(steps):
            word, colour = URGENCY[step["urgency"]]
            status = QLabel(word)
            status.setAlignment(Qt.AlignmentFlag.AlignCenter)
            status.setStyleSheet(f"background: {colour}; border: 1px solid #999; "
                                 "border-radius: 4px; padding: 2px 6px;")
            status.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            self._grid.addWidget(status, row, 0, Qt.AlignmentFlag.AlignTop)
            text = QLabel(f"<b>{html.escape(step['text'])}</b>"
                          + (f"<br><span style='color:#444'>{html.escape(step['detail'])}"
                             "</span>" if step["detail"] else ""))
            text.setTextFormat(Qt.TextFormat.RichText)
            text.setWordWrap(True)
            text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self._grid.addWidget(text, row, 1)
            self._grid.addWidget(self._button(step, step["action_text"], False,
                                              step["enabled"], step["why"]), row, 2,
                                 Qt.AlignmentFlag.AlignTop)
            guia = step.get("guia")
            if guia is not None:
                self._grid.addWidget(self._button(step, "Emitir guia…", True, guia["enabled"],
                                                  guia["why"]), row, 3,
                                     Qt.AlignmentFlag.AlignTop)

    def _button(self, step: dict, text: str, guia: bool, enabled: bool, why: str):
        # one mnemonic per screen is not possible for a list: the words alone, Tab reaches
        button = QPushButton(text.replace("&", ""))
        button.setEnabled(enabled)
        button.setToolTip("" if enabled else why)
        button.setAutoDefault(False)
        button.clicked.connect(lambda _=False, s=step, g=guia: self.activated.emit(s, g))
        self.buttons.append(button)
        return button

    def button(self, text: str, nth: int = 0) -> QPushButton | None:
        """The nth button whose words are `text` (how a clerk finds it)."""
        found = [b for b in self.buttons if b.text() == text]
        return found[nth] if nth < len(found) else None


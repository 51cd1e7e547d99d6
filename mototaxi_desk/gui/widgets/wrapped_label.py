"""A word-wrapped label that always gets the lines its text needs. Qt's layouts ask a
wrapped label's height at its preferred width, not at the width it gets: a long message
under a narrow field (the vehicle form's plate, at 125%) was cut to its first line and a
half. Its minimum height follows its width, so the layout makes room (the window grows
when it must)."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel


class WrappedLabel(QLabel):
    def __init__(self, text: str = "", parent=None):
        super().__init__(text, parent)
        self.setWordWrap(True)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt API)
        super().setText(text)
        self._fit_height()

    def clear(self) -> None:  # QLabel.clear() is C++'s: it would keep the old room
        self.setText("")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt API)
        super().resizeEvent(event)
        self._fit_height()

    def _fit_height(self) -> None:
        need = self.heightForWidth(self.width()) if self.text() and self.width() > 0 else 0
        if need > 0 and need == self.minimumHeight():
            # QLabel never answers less than its minimum height: a text set while the label
            # was narrow (a window not shown yet: 100 px) kept its tall room once widened
            self.setMinimumHeight(0)
            need = self.heightForWidth(self.width())
        if need >= 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)

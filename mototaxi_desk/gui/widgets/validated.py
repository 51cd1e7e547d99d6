"""A field with its message line underneath: red border and a Portuguese message while the
value is wrong, a grey hint (or nothing) while it is right. Forms use it for live validation."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

ERROR_STYLE = "border: 2px solid #c00; border-radius: 3px; padding: 1px;"
ERROR_TEXT = "color: #a00;"
HINT_TEXT = "color: #555;"


class FieldBox(QWidget):
    """Wraps an input widget; `error(text)` marks it wrong, `hint(text)` clears the error."""

    def __init__(self, field: QWidget, parent=None):
        super().__init__(parent)
        self.field = field
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(field)
        layout.addWidget(self.message)
        self.setFocusProxy(field)
        self.has_error = False

    def error(self, text: str) -> None:
        self.has_error = True
        self.field.setStyleSheet(ERROR_STYLE)
        self.message.setStyleSheet(ERROR_TEXT)
        self.message.setText(text)
        self.message.show()

    def hint(self, text: str = "") -> None:
        self.has_error = False
        self.field.setStyleSheet("")
        self.message.setStyleSheet(HINT_TEXT)
        self.message.setText(text)
        self.message.setVisible(bool(text))

"""A line edit (with an optional input mask) validated as you type: red border and the
Portuguese message under it. `check` is one of domain.validators (or any callable that
raises DomainError for bad text); an empty field stays quiet unless validate(force=True)
and the field is required."""
from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

from ...domain.errors import DomainError

ERROR_STYLE = "QLineEdit { border: 2px solid #c62828; border-radius: 3px; }"


class ValidatedField(QWidget):
    def __init__(self, check: Callable[[str], object] | None = None, *, mask: str = "",
                 placeholder: str = "", required: bool = True, parent=None):
        super().__init__(parent)
        self.check = check
        self.required = required
        self.edit = QLineEdit()
        if mask:
            self.edit.setInputMask(mask)
        if placeholder:
            self.edit.setPlaceholderText(placeholder)
        self.error = QLabel()
        self.error.setStyleSheet("color: #c62828;")
        self.error.setWordWrap(True)
        self.error.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(self.edit)
        layout.addWidget(self.error)
        self.setFocusProxy(self.edit)
        self.edit.textEdited.connect(lambda _t: self.validate())

    def text(self) -> str:
        return self.edit.text()

    def raw(self) -> str:
        """What was typed without the mask's blanks."""
        return self.edit.text().replace("_", "").strip()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt style)
        self.edit.setText(text)

    def is_empty(self) -> bool:
        return not any(c.isalnum() for c in self.edit.text())

    def show_error(self, message: str) -> None:
        self.error.setText(message)
        self.error.setVisible(bool(message))
        self.edit.setStyleSheet(ERROR_STYLE if message else "")

    def validate(self, force: bool = False) -> bool:
        """True when the text is acceptable; shows or clears the message."""
        if self.is_empty():
            if self.required and force:
                self.show_error("Campo obrigatório.")
                return False
            self.show_error("")
            return not self.required
        if self.check is None:
            self.show_error("")
            return True
        try:
            self.check(self.raw())
        except DomainError as exc:
            message = getattr(exc, "message", None) or str(exc)
            self.show_error(message[:1].upper() + message[1:])
            return False
        self.show_error("")
        return True

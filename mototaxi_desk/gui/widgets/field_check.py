"""A form field that validates as you type: the editor gets a red border and the Portuguese
message of the domain validator appears under it. The check is the domain's own validator
(domain.validators, services.users.check_password...), never a copy of the rule."""
from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from ...domain.errors import ValidationError

RED_BORDER = "border: 2px solid #c62828; border-radius: 3px;"


class CheckedField(QWidget):
    """`editor` with its message label. `check(text)` raises ValidationError when the text
    is bad; the message is shown only once the user typed something (or on `validate()`)."""

    def __init__(self, editor: QWidget, check: Callable[[str], object] | None = None,
                 parent=None):
        super().__init__(parent)
        self.editor = editor
        self.check = check
        self.message = QLabel("")
        self.message.setStyleSheet("color: #c62828;")
        self.message.setWordWrap(True)
        self.message.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(editor)
        layout.addWidget(self.message)
        self.setFocusProxy(editor)
        if isinstance(editor, QLineEdit):
            editor.textEdited.connect(lambda _text: self.validate(quiet_when_empty=True))

    def text(self) -> str:
        if isinstance(self.editor, QComboBox):
            data = self.editor.currentData()
            return str(data if data is not None else self.editor.currentText())
        return self.editor.text()

    def validate(self, *, quiet_when_empty: bool = False) -> bool:
        """True when the value passes; else shows the message (and returns False)."""
        if self.check is None:
            return True
        if quiet_when_empty and not self.text().strip():
            self.show_error("")
            return False
        try:
            self.check(self.text())
        except ValidationError as exc:
            self.show_error(exc.message)
            return False
        self.show_error("")
        return True

    def show_error(self, message: str) -> None:
        """Red border and the message under the field; an empty message clears both."""
        self.message.setText(message[:1].upper() + message[1:] if message else "")
        self.message.setVisible(bool(message))
        self.editor.setStyleSheet(RED_BORDER if message else "")

    def has_error(self) -> bool:
        return bool(self.message.text())

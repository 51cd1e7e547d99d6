"""A phone number formatted as it is typed: digits become (99) 98765-4321 (mobile, 11
digits) or (99) 3421-1234 (landline, 10); the service still checks it (validators.phone)."""
from __future__ import annotations

from PySide6.QtWidgets import QLineEdit


def phone_text(typed: str) -> str:
    """The typed text's digits (at most 11) in the phone's shape, as far as they go."""
    digits = "".join(ch for ch in typed if ch.isdigit())[:11]
    if not digits:
        return ""
    if len(digits) <= 2:
        return f"({digits}"
    head, rest = f"({digits[:2]}) ", digits[2:]
    split = 5 if len(digits) == 11 else 4
    return head + (rest if len(rest) <= split else f"{rest[:split]}-{rest[split:]}")


def mask_phone(editor: QLineEdit) -> QLineEdit:
    """Formats `editor`'s text as it is typed (the cursor stays after the last digit)."""
    editor.setMaxLength(16)

    def reshape(text: str) -> None:
        shaped = phone_text(text)
        if shaped != text:
            editor.setText(shaped)
            editor.setCursorPosition(len(shaped))
    editor.textEdited.connect(reshape)
    return editor

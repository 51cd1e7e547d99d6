"""A plate field that writes the plate as the domain spells it (validators.plate): an old
plate with its hyphen (ABC-1234), a Mercosul plate without one (QRS1D23). The fixed input
mask ">AAA-9N99" put a hyphen in both ("QRS-1D23", issue 36)."""
from __future__ import annotations

from PySide6.QtWidgets import QLineEdit

from ...domain import validators
from ...domain.errors import ValidationError

PLACEHOLDER = "ABC-1234 ou ABC1D23"
TOOLTIP = "Formato antigo ABC-1234 ou Mercosul ABC1D23"


def spelled(text: str) -> str:
    """The plate as the domain writes it, when `text` is a whole plate; else `text` in
    capitals as typed."""
    try:
        return validators.plate(text)[1]
    except ValidationError:
        return text.upper()


def follow_spelling(edit: QLineEdit) -> QLineEdit:
    """Capitals as typed; the domain's spelling once the plate is whole (and on leaving)."""
    edit.setInputMask("")
    edit.setMaxLength(8)
    if not edit.placeholderText():
        edit.setPlaceholderText(PLACEHOLDER)
    edit.setToolTip(TOOLTIP)

    def typed(text: str) -> None:
        shaped = spelled(text)
        if shaped != text:
            at_end = edit.cursorPosition() == len(text)
            position = edit.cursorPosition()
            edit.setText(shaped)
            edit.setCursorPosition(len(shaped) if at_end else min(position, len(shaped)))

    def left() -> None:
        if edit.text() != spelled(edit.text()):
            edit.setText(spelled(edit.text()))

    edit.textEdited.connect(typed)
    edit.editingFinished.connect(left)
    return edit

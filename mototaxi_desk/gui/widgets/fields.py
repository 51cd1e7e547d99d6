"""A form field that validates as you type: the editor gets a red border and the Portuguese
message of the domain's own validator appears under it (domain.validators,
services.users.check_password...; never a copy of the rule). A grey hint may stand there
while the value is right.

    field = ValidatedField(validators.cpf, mask="999.999.999-99;_")   # makes its QLineEdit
    field = ValidatedField(users.check_login, editor=QLineEdit())     # or wraps an editor
    field.validate(force=True)   # on save: False (and the message shown) when wrong or empty
    field.raw()                  # the text without the mask's blanks

An empty field stays quiet while typing; on `validate(force=True)` a required one says what
its check says of an empty text ("Campo obrigatório." when it has none).

`FormField` is the same widget as Qt Designer places it (ui/*.ui promote a QWidget to it):
made empty, then given its check by the view with `configure(...)`.

`FieldBox` and `CheckedField` at the end are the same widget under the constructor and
method names the forms were written with (vehicle, inspection, set-up wizard, settings):
thin adapters, no logic of their own."""
from __future__ import annotations

from typing import Callable

from PySide6.QtWidgets import QComboBox, QLineEdit, QVBoxLayout, QWidget

from ...domain.errors import DomainError
from . import typed_limits
from .wrapped_label import WrappedLabel

ERROR_COLOUR = "#c62828"
ERROR_BORDER = f"border: 2px solid {ERROR_COLOUR}; border-radius: 3px;"
ERROR_TEXT = f"color: {ERROR_COLOUR};"  # also for a form's own message label
HINT_TEXT = "color: #555;"
REQUIRED = "Campo obrigatório."


def error_style(editor: QWidget) -> str:
    """The red border for this editor alone (not its calendar button), a line edit padded
    so that it stays as tall as the others (a bare border took 2 px off its height)."""
    if isinstance(editor, QLineEdit):
        return f"QLineEdit {{ {ERROR_BORDER} padding: 1px; }}"
    return ERROR_BORDER


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


class ValidatedField(QWidget):
    """An editor (a QLineEdit made here unless one is given) with its message line.
    `check(text)` raises DomainError for bad text; `required` decides whether an empty
    field may pass a forced validation."""

    def __init__(self, check: Callable[[str], object] | None = None, *,
                 editor: QWidget | None = None, mask: str = "", placeholder: str = "",
                 required: bool = True, live: bool = True, parent=None):
        super().__init__(parent)
        self.check = check
        self.required = required
        self._error = False
        if editor is None:
            editor = QLineEdit()
            if mask:
                editor.setInputMask(mask)
            if placeholder:
                editor.setPlaceholderText(placeholder)
        self.editor = editor
        self.message = WrappedLabel()
        self.message.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(1)
        layout.addWidget(editor)
        layout.addWidget(self.message)
        self.setFocusProxy(editor)
        if live and isinstance(editor, QLineEdit):
            editor.textEdited.connect(lambda _text: self.validate())

    @property
    def edit(self) -> QWidget:
        """The editor (the name the vehicle and grant forms use)."""
        return self.editor

    # --- the value -------------------------------------------------------------------

    def text(self) -> str:
        if isinstance(self.editor, QComboBox):
            data = self.editor.currentData()
            return str(data if data is not None else self.editor.currentText())
        return self.editor.text()

    def raw(self) -> str:
        """What was typed, without the input mask's blanks and separators' padding."""
        if isinstance(self.editor, QLineEdit) and self.editor.inputMask():
            if self.is_empty():  # the mask's separators alone ("-" of "_____-___"): nothing
                return ""
            return self.text().replace("_", "").strip()
        return self.text()

    def setText(self, text: str) -> None:  # noqa: N802 (Qt style)
        self.editor.setText(text)

    def is_empty(self) -> bool:
        return not any(c.isalnum() for c in self.text())

    # --- checking --------------------------------------------------------------------

    def validate(self, force: bool = False) -> bool:
        """True when the value passes; otherwise the message shows and False. While typing
        (force=False) an empty field stays quiet; on save (force=True) it is checked too."""
        if self.is_empty():
            if not force or not self.required:
                self.show_error("")
                return not self.required
            return self._run_check("")
        return self._run_check(self.raw())

    def _run_check(self, value: str) -> bool:
        if self.check is None:
            if not value and self.required:
                self.show_error(REQUIRED)
                return False
            self._passed()
            return True
        try:
            self.check(value)
        except DomainError as exc:
            self.show_error(getattr(exc, "message", None) or str(exc))
            return False
        self._passed()
        return True

    def _passed(self) -> None:
        """A right value: no message, or the count of a long field near its limit (a
        text pasted past it was cut: said, not silent)."""
        self.show_hint(typed_limits.note(self.editor))

    # --- showing ---------------------------------------------------------------------

    def show_error(self, text: str) -> None:
        """Red border and the message under the field; an empty text clears both."""
        self.message.setStyleSheet(ERROR_TEXT)
        self.message.setText(_sentence(text))
        self.message.setVisible(bool(text))
        self.editor.setStyleSheet(error_style(self.editor) if text else "")
        self._error = bool(text)

    def show_hint(self, text: str = "") -> None:
        """A grey note under the field (or nothing); clears any error."""
        self.editor.setStyleSheet("")
        self.message.setStyleSheet(HINT_TEXT)
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self._error = False

    def has_error(self) -> bool:
        return self._error


class CheckedField(ValidatedField):
    """ValidatedField(check, editor=editor) as the set-up wizard and settings build it."""

    def __init__(self, editor: QWidget, check: Callable[[str], object] | None = None,
                 parent=None):
        super().__init__(check, editor=editor, parent=parent)

    def validate(self, *, quiet_when_empty: bool = False) -> bool:
        return super().validate(force=not quiet_when_empty)


class FieldBox(ValidatedField):
    """ValidatedField(editor=field, live=False) as the vehicle and inspection forms build it:
    the form runs the checks and calls error() / hint()."""

    def __init__(self, field: QWidget, parent=None):
        super().__init__(None, editor=field, live=False, parent=parent)

    @property
    def field(self) -> QWidget:
        return self.editor

    def error(self, text: str) -> None:
        self.show_error(text)

    def hint(self, text: str = "") -> None:
        self.show_hint(text)

    @property
    def has_error(self) -> bool:  # an attribute in those forms
        return self._error


class FormFieldBox(FieldBox):
    """FieldBox as Qt Designer places it: a QWidget promoted to `FormFieldBox` (header
    `mototaxi_desk.gui.widgets.fields`) with its own line edit (`field`), which the form
    checks itself (error() / hint()), e.g. the vehicle form (ui/vehicle_form.ui)."""

    def __init__(self, parent=None):
        super().__init__(QLineEdit(), parent=parent)


class FormField(ValidatedField):
    """ValidatedField as Qt Designer places it: in a .ui file a QWidget promoted to
    `FormField` (header `mototaxi_desk.gui.widgets.fields`), which pyside6-uic makes with
    its parent only. The view then says what it checks:

        self.ui.cpf.configure(validators.cpf, mask="999.999.999-99;_")
        self.ui.category.configure(check, editor=QComboBox())   # another editor
    """

    def __init__(self, parent=None):
        super().__init__(None, parent=parent)

    def configure(self, check: Callable[[str], object] | None = None, *,
                  editor: QWidget | None = None, mask: str = "", placeholder: str = "",
                  required: bool = True) -> "FormField":
        self.check = check
        self.required = required
        if editor is not None:
            self.set_editor(editor)
        if isinstance(self.editor, QLineEdit):
            if mask:
                self.editor.setInputMask(mask)
            if placeholder:
                self.editor.setPlaceholderText(placeholder)
        return self

    def set_editor(self, editor: QWidget) -> None:
        """Put another editor (a combo box, a date field...) where the line edit was."""
        old, self.editor = self.editor, editor
        self.layout().replaceWidget(old, editor)
        old.deleteLater()
        self.setFocusProxy(editor)
        if isinstance(editor, QLineEdit):
            editor.textEdited.connect(lambda _text: self.validate())

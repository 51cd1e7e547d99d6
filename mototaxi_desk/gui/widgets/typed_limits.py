"""Typed limits shown (issue 36 item 6): a line edit cuts what passes its maximum length
without a word — a 300-character name became 120. A long field's message line counts the
characters as the limit nears and says, at the limit, that the rest was not accepted
(fields.ValidatedField); a plain line edit says so beside the field, naming it (every window
gets this when shown: screen_fit's hook, `watch`)."""
from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QFormLayout, QLabel, QLineEdit, QToolTip, QWidget

UNLIMITED = 32767  # Qt's maximum length of a line edit that sets none
COUNTED_FROM = 40  # a field this long or longer counts its characters near the limit
NEAR = 0.8         # from this share of the limit on


def limit_of(edit: QWidget) -> int | None:
    """The maximum length a person can type in `edit`, or None (no limit, or a mask that
    shows its own length)."""
    if not isinstance(edit, QLineEdit) or edit.inputMask() or edit.isReadOnly() or \
            edit.maxLength() >= UNLIMITED or edit.echoMode() != QLineEdit.EchoMode.Normal:
        return None
    return edit.maxLength()


def note(edit: QWidget) -> str:
    """The counter or the limit's refusal for the text in `edit` ("" when far from it)."""
    limit = limit_of(edit)
    if limit is None:
        return ""
    count = len(edit.text())
    if count >= limit:
        return (f"Limite de {limit} caracteres atingido: o que passou disso não foi "
                "aceito.")
    if limit >= COUNTED_FROM and count >= NEAR * limit:
        return f"{count} de {limit} caracteres."
    return ""


def field_name(edit: QWidget) -> str:
    """The field's label as the form shows it (its buddy label or its form row), without
    the mnemonic and the colon."""
    window = edit.window()
    owner = edit.parentWidget()
    for label in window.findChildren(QLabel):
        if label.buddy() in (edit, owner) and label.text():
            return _plain(label.text())
    widget = edit
    while widget is not None and widget is not window:
        parent = widget.parentWidget()
        layout = parent.layout() if parent is not None else None
        if isinstance(layout, QFormLayout):
            label = layout.labelForField(widget)
            if isinstance(label, QLabel) and label.text():
                return _plain(label.text())
        widget = parent
    return ""


def _plain(text: str) -> str:
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(": ")


def watch(window: QWidget) -> None:
    """Every plain line edit of `window` with a limit says, when typing or pasting reaches
    it, that the rest was not accepted (once per edit; a validated field shows it under
    itself instead)."""
    for edit in window.findChildren(QLineEdit):
        owner = edit.parentWidget()
        validated = getattr(owner, "editor", None) is edit  # a fields.ValidatedField's
        if edit.property("typed_limit_watched") or limit_of(edit) is None or validated:
            continue
        edit.setProperty("typed_limit_watched", True)
        edit.textEdited.connect(lambda _text, e=edit: _at_limit(e))


def _at_limit(edit: QLineEdit) -> None:
    limit = limit_of(edit)
    if limit is None or len(edit.text()) < limit:
        return
    name = field_name(edit)
    text = (f"{name}: no máximo {limit} caracteres; o que passou disso não foi aceito."
            if name else note(edit))
    edit.setToolTip(text)
    QToolTip.showText(edit.mapToGlobal(QPoint(0, edit.height())), text, edit)


def install() -> None:
    """Watch every window's line edits when it is shown (app_filter's one hook)."""
    from .. import app_filter
    app_filter.on_window_shown(watch)

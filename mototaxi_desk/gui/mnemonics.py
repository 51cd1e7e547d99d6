"""Alt+letters: the letter a button gets where its text is made elsewhere (an act's confirm
word, a form's), chosen among its text's letters so it takes none the window already uses
(labels, check boxes, other buttons). tests/gui/test_dialog_keys.py checks every window."""
from __future__ import annotations

import re

from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QWidget


def letter(text: str) -> str | None:
    """The mnemonic's letter (lower case) of a text, or None."""
    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def taken(window: QWidget, besides: QWidget | None = None) -> set[str]:
    """The letters the window's buttons, labels and group boxes already use."""
    used = set()
    for widget in window.findChildren(QWidget):
        if widget is besides or widget.window() is not window:
            continue
        if isinstance(widget, (QAbstractButton, QLabel)):
            used.add(letter(widget.text()))
        elif isinstance(widget, QGroupBox):
            used.add(letter(widget.title()))
    return used - {None}


def assign(button: QAbstractButton, window: QWidget) -> None:
    """Give `button` the first letter of its text no other widget of the window uses (its
    text unchanged when it has one already, or when every letter is taken)."""
    text = button.text()
    if letter(text):
        return
    used = taken(window, besides=button)
    for index, char in enumerate(text):
        if char.isalpha() and char.isascii() and char.lower() not in used:
            button.setText(text[:index] + "&" + text[index:])
            return

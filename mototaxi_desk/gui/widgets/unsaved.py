""""Descartar alterações?": a form dialog that is closed (Esc, Cancelar, the window's X) after
the user typed something asks before throwing the typing away (issue 6: unsaved changes
prompt before closing).

What counts as typed is a difference between the editors' values now and when the form was
ready (`mark_clean`), so a field typed and erased again is not a change. A dialog whose work
was saved (or that has nothing to lose after its action) calls `mark_clean()` again, or
overrides `has_unsaved_changes()`."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractButton, QAbstractSpinBox, QComboBox, QGroupBox,
                               QLineEdit, QListWidget, QMessageBox, QPlainTextEdit, QTextEdit,
                               QWidget)

TITLE = "Descartar alterações?"
TEXT = "Há dados digitados que não foram gravados. Fechar e descartar o que foi digitado?"


def _value(widget: QWidget):
    """The user-editable value of an editor; None for widgets that hold no input."""
    if isinstance(widget, QLineEdit):
        # a QLineEdit inside a spin box or an editable combo is read through its owner
        return None if isinstance(widget.parent(), (QAbstractSpinBox, QComboBox)) \
            else widget.text()
    if isinstance(widget, (QPlainTextEdit, QTextEdit)):
        return None if widget.isReadOnly() else widget.toPlainText()
    if isinstance(widget, QAbstractSpinBox):
        return widget.text()
    if isinstance(widget, QComboBox):
        return (widget.currentIndex(), widget.currentText() if widget.isEditable() else None)
    if isinstance(widget, QGroupBox):
        return widget.isChecked() if widget.isCheckable() else None
    if isinstance(widget, QAbstractButton):
        return widget.isChecked() if widget.isCheckable() else None
    if isinstance(widget, QListWidget):  # a checklist: which rows are ticked
        return frozenset(i for i in range(widget.count())
                         if widget.item(i).checkState() == Qt.CheckState.Checked)
    return None


def form_state(root: QWidget) -> dict:
    """Every editor of `root`'s window with its value, keyed by the editor itself; not those
    of a popup it owns (a date field's calendar, opened and closed without a choice, is no
    typing: its month and year boxes are not the form's)."""
    window = root.window()
    return {w: v for w in root.findChildren(QWidget)
            if w.window() is window and (v := _value(w)) is not None}


def discard_question(parent: QWidget) -> QMessageBox:
    """The question, with "Continuar editando" as the safe default (Enter and Esc keep the
    form)."""
    box = QMessageBox(QMessageBox.Icon.Question, TITLE, TEXT, parent=parent)
    box.discard_button = box.addButton("&Descartar", QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton("&Continuar editando", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(keep)
    box.setEscapeButton(keep)
    return box


def ask_discard(parent: QWidget) -> bool:
    box = discard_question(parent)
    box.exec()
    return box.clickedButton() is box.discard_button


class DiscardGuard:
    """Mixin for a QDialog (or QWizard): put it first in the bases and call `mark_clean()`
    once the form is built (and again after a save that keeps the dialog open)."""

    _clean_state: dict | None = None

    def mark_clean(self) -> None:
        self._clean_state = form_state(self)

    def has_unsaved_changes(self) -> bool:
        if self._clean_state is None:
            return False
        now = form_state(self)
        if set(now) != set(self._clean_state):
            # editors came or went (a checklist built for a chosen plate...): compare the
            # ones both have, and count a new editor holding a value as typing
            common = set(now) & set(self._clean_state)
            return any(now[w] != self._clean_state[w] for w in common) or any(
                _filled(now[w]) for w in set(now) - common)
        return now != self._clean_state

    def reject(self) -> None:
        # Esc, Cancelar and the window's X (QDialog.closeEvent calls reject) all come here
        if self.has_unsaved_changes() and not ask_discard(self):
            return
        super().reject()


def _filled(value) -> bool:
    """A value a new editor holds that someone must have typed or ticked."""
    if isinstance(value, tuple):  # a combo: its first choice is no typing, its own text is
        return bool(value[1])
    return bool(value)  # text typed, a box ticked, rows of a checklist ticked

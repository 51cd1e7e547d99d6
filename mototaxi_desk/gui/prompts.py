"""The windows a screen opens to ask or tell the user something and then waits on: a yes/no
question, an information box, a warning, the print preview, closing the program after a
restore.

They live in this one module so that tests (tests/gui/conftest.py) and tools/screenshots.py
answer for the user by patching it; the screens themselves carry no switches for tests."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QMessageBox


def ask_yes_no(parent, title: str, text: str) -> bool:
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    yes = box.addButton("Sim", QMessageBox.ButtonRole.YesRole)
    no = box.addButton("Não", QMessageBox.ButtonRole.NoRole)
    box.setDefaultButton(no)
    box.exec()
    answer = box.clickedButton() is yes
    box.deleteLater()  # its parent's child until then, all day (gui/dialog_lifetime.py)
    return answer


def inform(parent, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def warn(parent, title: str, text: str) -> None:
    """Something the user asked for was not done (a file not written...): the reason."""
    QMessageBox.warning(parent, title, text)


def show_preview(parent, result: dict, *, modal: bool = False, on_close=None):
    """The print preview of a document just prepared (a services.documents result: its
    copies count when it is printed or saved); `on_close` runs when it closes (the screen
    refreshes: a fee may have been charged with the copy). Returns the dialog, deleted once
    it finishes and control is back in the event loop (gui/dialog_lifetime.py)."""
    from .dialogs.print_preview import PrintPreviewDialog
    dialog = PrintPreviewDialog(result, parent)
    if on_close is not None:
        dialog.finished.connect(lambda _code: on_close())
    if modal:
        dialog.exec()
        dialog.deleteLater()  # its parent's child until then (gui/dialog_lifetime.py)
    else:
        dialog.open()
    return dialog


def close_program() -> None:
    for widget in QApplication.topLevelWidgets():
        widget.close()
    QApplication.quit()


def confirm_unusual(parent, warning: str | None) -> bool:
    """A município number far from the usual (domain/usual_ranges.py): saved only when the
    person confirms it (True at once when there is nothing to warn of)."""
    if not warning:
        return True
    return ask_yes_no(parent, "Valor fora do usual", f"{warning}\n\nSalvar assim mesmo?")

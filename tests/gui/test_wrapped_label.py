"""A field's message gets every line it needs (widgets/wrapped_label.py): the vehicle form's
plate message at 125% was cut to a line and a half."""
from PySide6.QtWidgets import QDialog, QGridLayout, QLabel, QLineEdit

from mototaxi_desk.domain import validators
from mototaxi_desk.gui.widgets.fields import FieldBox
from mototaxi_desk.gui.widgets.wrapped_label import WrappedLabel


def test_a_long_message_under_a_narrow_field_is_shown_whole(qtbot):
    dialog = QDialog()
    qtbot.addWidget(dialog)
    grid = QGridLayout(dialog)
    box = FieldBox(QLineEdit())
    grid.addWidget(QLabel("Placa"), 0, 0)
    grid.addWidget(box, 0, 1)
    grid.addWidget(QLabel("RENAVAM"), 0, 2)
    grid.addWidget(QLineEdit(), 0, 3)
    dialog.resize(420, 60)
    dialog.show()
    qtbot.waitExposed(dialog)
    try:
        validators.plate("AB1234")
    except Exception as exc:  # noqa: BLE001 - the domain's own message
        message = getattr(exc, "message", str(exc))
    box.error(message)
    line = box.message
    qtbot.waitUntil(lambda: line.height() >= line.heightForWidth(line.width()))
    lines = line.height() // line.fontMetrics().lineSpacing()
    assert lines >= 2  # wrapped, and every line of it on screen
    box.hint("")  # gone: no room kept
    qtbot.waitUntil(lambda: line.minimumHeight() == 0)
    line.setText(message)
    qtbot.waitUntil(lambda: line.minimumHeight() > 0)
    line.clear()  # Qt's clear() is C++: ours gives the room back too
    assert line.minimumHeight() == 0


def test_a_message_set_before_its_window_shows_gives_back_the_room_once_wide(qtbot):
    """A message set while its window is not shown yet (the label 100 px wide: dozens of
    lines) needed all that room for good — the profile dialog's refusal asked for a window
    963 px tall."""
    dialog = QDialog()
    qtbot.addWidget(dialog)
    grid = QGridLayout(dialog)
    line = WrappedLabel("", dialog)  # made with its window, as a Designer form makes it
    grid.addWidget(line, 0, 0)
    assert line.width() == 100
    line.setText("Uma recusa longa, com o nome dos dois perfis e o que fazer. " * 6)
    narrow = line.minimumHeight()
    dialog.resize(700, 200)  # within the offscreen screen (800 px) the window is fitted to
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.waitUntil(lambda: line.width() > 600)
    assert line.minimumHeight() < narrow / 3
    assert line.minimumHeight() == line.heightForWidth(line.width()) > 0

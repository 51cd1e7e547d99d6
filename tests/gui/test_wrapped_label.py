"""A field's message gets every line it needs (widgets/wrapped_label.py): the vehicle form's
plate message at 125% was cut to a line and a half."""
from PySide6.QtWidgets import QDialog, QGridLayout, QLabel, QLineEdit

from mototaxi_desk.domain import validators
from mototaxi_desk.gui.widgets.fields import FieldBox


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

"""A window that grows after it opened (a refusal appeared in it) is fitted to its screen
again: its bottom and its buttons never leave the screen (issue 36 item 5, UX.md: fit is
checked after the messages appear). The program's filter (screen_fit.install), installed
here for this test alone."""
from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

from mototaxi_desk.gui import screen_fit


def test_a_window_that_grows_after_it_opened_is_fitted_again(qtbot):
    screen_fit.install()
    try:
        dialog = QDialog()
        qtbot.addWidget(dialog)
        message = QLabel("Recusado.")
        QVBoxLayout(dialog).addWidget(message)
        dialog.show()
        qtbot.waitExposed(dialog)
        free = screen_fit.available(dialog)
        dialog.move(free.left() + 20, free.bottom() - dialog.height() - 20)
        assert free.contains(dialog.geometry())
        message.setMinimumHeight(free.height() // 2)  # the message grew the window
        qtbot.waitUntil(lambda: dialog.height() >= free.height() // 2)
        assert free.contains(dialog.geometry()), (dialog.geometry(), free)
    finally:
        screen_fit.uninstall()

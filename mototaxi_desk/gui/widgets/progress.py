"""Long work (batch printing, the demo fill) with a progress dialog and a Cancelar button.

The work runs in the worker pool (gui/workers.py) and receives a `progress(done, total)`
callback, the one services already take. Cancelling is cooperative: the next call of the
callback raises `Cancelled` inside the work, whose transaction then rolls back, so a
cancelled batch writes nothing. Once the last step is reported the rest (drawing the PDF of
what was already committed) cannot be cancelled, and the button says so."""
from __future__ import annotations

import threading
from typing import Callable

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QDialog, QLabel, QProgressBar, QPushButton, QVBoxLayout

from ..workers import Cancelled, run_in_background

Progress = Callable[[int, int], None]

__all__ = ["Cancelled", "ProgressDialog", "run_with_progress"]


class _Relay(QObject):
    """Lives in the GUI thread; the worker emits, Qt queues the call to the dialog."""
    step = Signal(int, int)


class ProgressDialog(QDialog):
    step = Signal(int, int)  # (done, total) as shown; tests and callers may listen

    def __init__(self, title: str, text: str, parent=None, *, last_step_text: str = ""):
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setModal(True)
        self.text = text
        self.last_step_text = last_step_text
        self.label = QLabel(text)
        self.label.setWordWrap(True)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # busy until the first step says how many
        self.bar.setFormat("%v de %m")
        self.cancel_button = QPushButton("Cancelar")
        self.cancel_button.clicked.connect(self.cancel)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(self.bar)
        layout.addWidget(self.cancel_button, 0, Qt.AlignmentFlag.AlignRight)
        self.setMinimumWidth(420)
        self._cancel = threading.Event()
        self._relay = _Relay()
        self._relay.step.connect(self._show_step)
        self._result = None
        self._error: BaseException | None = None
        self._job = None
        self._running = False

    # called in the worker thread
    def _progress(self, done: int, total: int) -> None:
        if self._cancel.is_set():
            raise Cancelled()
        self._relay.step.emit(done, total)

    def _show_step(self, done: int, total: int) -> None:
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)
        if total and done >= total and self.last_step_text and not self._cancel.is_set():
            self.label.setText(self.last_step_text)
            self.cancel_button.setEnabled(False)  # nothing left that a cancel could undo
        self.step.emit(done, total)

    def cancel(self) -> None:
        """Ask the work to stop; the dialog closes when the work has rolled back."""
        self._cancel.set()
        self.cancel_button.setEnabled(False)
        self.label.setText("Cancelando… nada do que foi feito será gravado.")

    def reject(self) -> None:  # Esc or the window's close button: cancel, then wait
        if not self._running:
            super().reject()
        elif not self._cancel.is_set() and self.cancel_button.isEnabled():
            self.cancel()

    def _finished(self, result) -> None:
        self._result = result
        self._running = False
        self.done(QDialog.DialogCode.Accepted)

    def _failed(self, exc: BaseException) -> None:
        self._error = exc
        self._running = False
        self.done(QDialog.DialogCode.Rejected)

    def run(self, work: Callable[[Progress], object]):
        """Run `work(progress)` off the GUI thread while the dialog shows; returns its
        result, or raises what it raised (`Cancelled` when the user cancelled)."""
        self._running = True
        self._job = run_in_background(lambda: work(self._progress), self._finished,
                                      self._failed)
        self.exec()
        self._job.ended.wait(10)  # the worker has closed its connection: nothing in flight
        if self._error is not None:
            raise self._error
        return self._result


def run_with_progress(parent, title: str, text: str, work: Callable[[Progress], object], *,
                      last_step_text: str = ""):
    """One call for callers: see ProgressDialog.run."""
    dialog = ProgressDialog(title, text, parent, last_step_text=last_step_text)
    try:
        return dialog.run(work)
    finally:
        if parent is not None:  # its parent's child until then (gui/dialog_lifetime.py)
            dialog.deleteLater()

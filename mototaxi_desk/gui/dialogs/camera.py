"""'Tirar foto': the webcam's live picture with the 3×4 frame, a capture button, and the
captured picture handed to the crop dialog (photo_crop.py) like a photo from a file.
Layout: ui/camera_dialog.ui.

The dialog takes its pictures from a FrameSource: QtCameraSource (gui/camera_source.py,
QCamera + QVideoSink) in the program, a fake one in the tests. A computer with no camera,
a camera another program holds, or the user's refusal of the camera permission is a
message in the dialog (with 'Escolher arquivo…' still there), never a crash."""
from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog

from ..forms.ui_camera_dialog import Ui_CameraDialog
from ..frame_source import DENIED, NO_CAMERA, FrameSource  # noqa: F401 (read here by callers)

NO_PICTURE = ("A câmera não enviou imagem. Verifique se ela não está em uso por outro "
              "programa, ou use 'Escolher arquivo…'.")
FIRST_FRAME_MS = 8000


def default_source(parent=None) -> FrameSource:
    """The computer's webcam; QtMultimedia is imported here, when the dialog opens."""
    from ..camera_source import QtCameraSource
    return QtCameraSource(parent)


class CameraDialog(QDialog):
    """Emits `captured(QImage)` and closes when the picture is taken."""
    captured = Signal(QImage)
    choose_file = Signal()

    def __init__(self, source: FrameSource | None = None, parent=None):
        super().__init__(parent)
        self.ui = Ui_CameraDialog()
        self.ui.setupUi(self)
        self.view, self.message = self.ui.view, self.ui.message
        self.message.setStyleSheet("color: #b71c1c; font-weight: bold;")
        self.ui.capture.setDefault(True)
        self.ui.capture.clicked.connect(self.capture)
        self.ui.from_file.clicked.connect(self._from_file)
        self.ui.cancel.clicked.connect(self.reject)
        self.source = source if source is not None else default_source(self)
        self.source.frame.connect(self._frame)
        self.source.failed.connect(self.fail)
        self._waiting = QTimer(self, singleShot=True, interval=FIRST_FRAME_MS)
        self._waiting.timeout.connect(lambda: self.fail(NO_PICTURE))
        self.ui.capture.setEnabled(False)
        reason = self.source.unavailable_reason()
        if reason:
            self.fail(reason)
        else:
            self._waiting.start()
            self.source.start()

    def _frame(self, image: QImage) -> None:
        self._waiting.stop()
        self.message.clear()
        self.view.set_frame(image)
        self.ui.capture.setEnabled(True)

    def fail(self, reason: str) -> None:
        self._waiting.stop()
        self.source.stop()
        self.view.set_placeholder("Câmera indisponível")
        self.message.setText(reason)
        self.ui.capture.setEnabled(False)
        self.ui.from_file.setFocus()

    def capture(self) -> QImage | None:
        image = self.view.frame
        if image is None or image.isNull():
            return None
        image = image.convertToFormat(QImage.Format.Format_RGB32)
        self.source.stop()
        self.accept()
        self.captured.emit(image)
        return image

    def _from_file(self) -> None:
        self.source.stop()
        self.reject()
        self.choose_file.emit()

    def done(self, result: int) -> None:  # noqa: D401 (Qt API): every way out stops the camera
        self._waiting.stop()
        self.source.stop()
        super().done(result)

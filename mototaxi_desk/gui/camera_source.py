"""The webcam as a frame source for the camera dialog (gui/dialogs/camera.py): QCamera in a
QMediaCaptureSession with a QVideoSink; each frame becomes a QImage. This is the only
module that imports QtMultimedia, and only the camera dialog imports it, when it opens:
the start-up (tests/gui/test_startup_imports.py) and the main window never load it."""
from __future__ import annotations

import time

from PySide6.QtCore import QCameraPermission, QCoreApplication, Qt
from PySide6.QtMultimedia import QCamera, QMediaCaptureSession, QMediaDevices, QVideoSink

from .frame_source import DENIED, NO_CAMERA, FrameSource

MIN_INTERVAL = 0.06  # at most ~16 frames a second become images: the preview needs no more


class QtCameraSource(FrameSource):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.camera: QCamera | None = None
        self.session: QMediaCaptureSession | None = None
        self.sink: QVideoSink | None = None
        self._last = 0.0

    def unavailable_reason(self) -> str:
        if not QMediaDevices.videoInputs():
            return NO_CAMERA
        if _permission() == Qt.PermissionStatus.Denied:
            return DENIED
        return ""

    def start(self) -> None:
        if _permission() == Qt.PermissionStatus.Undetermined:  # Windows/macOS ask the user
            QCoreApplication.instance().requestPermission(QCameraPermission(), self,
                                                          self._answered)
            return
        self._open()

    def _answered(self, permission) -> None:
        if QCoreApplication.instance().checkPermission(permission) == \
                Qt.PermissionStatus.Granted:
            self._open()
        else:
            self.failed.emit(DENIED)

    def _open(self) -> None:
        device = QMediaDevices.defaultVideoInput()
        if device.isNull():
            self.failed.emit(NO_CAMERA)
            return
        self.camera = QCamera(device, self)
        self.camera.errorOccurred.connect(self._error)
        self.session = QMediaCaptureSession(self)
        self.sink = QVideoSink(self)
        self.session.setCamera(self.camera)
        self.session.setVideoSink(self.sink)
        self.sink.videoFrameChanged.connect(self._frame)
        self.camera.start()

    def _frame(self, frame) -> None:
        now = time.monotonic()
        if now - self._last < MIN_INTERVAL:
            return
        self._last = now
        image = frame.toImage()
        if not image.isNull():
            self.frame.emit(image)

    def _error(self, _error, text: str) -> None:
        self.failed.emit("A câmera não pôde ser usada"
                         + (f" ({text})" if text else "") + ". Ela pode estar em uso por "
                         "outro programa; feche-o e tente de novo, ou escolha um arquivo.")

    def stop(self) -> None:
        if self.camera is not None:
            self.camera.stop()


def _permission():
    return QCoreApplication.instance().checkPermission(QCameraPermission())

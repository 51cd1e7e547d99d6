"""The live camera picture with the 3×4 frame the photo will be cut from: the latest frame
scaled to fit, darkened outside the largest centred 3:4 rectangle (the same rectangle the
crop dialog starts from), a yellow border around it. No QtMultimedia here: it paints
QImages, whatever gives them (the camera, or a test)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QWidget

from ..dialogs.photo_crop import centre_crop


class CameraView(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.frame: QImage | None = None
        self.placeholder = "Aguardando a câmera…"

    def set_frame(self, image: QImage) -> None:
        self.frame = image
        self.update()

    def set_placeholder(self, text: str) -> None:
        self.frame = None
        self.placeholder = text
        self.update()

    def image_rect(self) -> QRectF:
        """Where the frame is drawn (scaled to fit, centred)."""
        if self.frame is None or self.frame.isNull():
            return QRectF()
        s = min(self.width() / self.frame.width(), self.height() / self.frame.height())
        w, h = self.frame.width() * s, self.frame.height() * s
        return QRectF((self.width() - w) / 2, (self.height() - h) / 2, w, h)

    def frame_rect(self) -> QRectF:
        """The 3×4 rectangle on screen."""
        target = self.image_rect()
        if target.isEmpty():
            return QRectF()
        s = target.width() / self.frame.width()
        crop = centre_crop(self.frame.width(), self.frame.height())
        return QRectF(target.x() + crop.x() * s, target.y() + crop.y() * s,
                      crop.width() * s, crop.height() * s)

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("#333"))
        if self.frame is None or self.frame.isNull():
            painter.setPen(QColor("#eee"))
            painter.drawText(self.rect().adjusted(20, 20, -20, -20),
                             Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                             self.placeholder)
            painter.end()
            return
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        target = self.image_rect()
        painter.drawImage(target, self.frame)
        frame = self.frame_rect()
        outside = QPainterPath()
        outside.addRect(target)
        inner = QPainterPath()
        inner.addRect(frame)
        painter.fillPath(outside.subtracted(inner), QColor(0, 0, 0, 140))
        painter.setPen(QPen(QColor("#ffd54f"), 2))
        painter.drawRect(frame)
        # a head-and-shoulders guide: the face sits in the upper half of a 3×4 photo
        painter.setPen(QPen(QColor(255, 213, 79, 150), 1, Qt.PenStyle.DashLine))
        face = QRectF(0, 0, frame.width() * 0.55, frame.height() * 0.5)
        face.moveCenter(QPointF(frame.center().x(), frame.top() + frame.height() * 0.38))
        painter.drawEllipse(face)
        painter.end()

"""The person's 3×4 photo: load an image file, frame the face with a 3:4 rectangle (centred
and as large as fits at first; drag to move it, the mouse wheel or the slider to resize),
preview the result and store it with persons.update_person (JPEG, 300×400 px — the card
prints it at 3×4 cm, about 250 dpi)."""
from __future__ import annotations

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QHBoxLayout, QLabel,
                               QSlider, QVBoxLayout, QWidget)

from ...domain import input_limits
from ...domain.errors import DomainError
from ...domain.os_errors import os_error_text
from ...services.register import persons

OUT_W, OUT_H = 300, 400          # 3:4
MAX_SOURCE_SIDE = 4000           # a phone photo is read scaled down to this
VIEW_W, VIEW_H = 420, 420


def encode_jpeg(image: QImage, quality: int = 88) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "JPEG", quality)
    buffer.close()
    return bytes(data)


def centre_crop(width: int, height: int) -> QRectF:
    """The largest 3:4 rectangle centred in an image of width × height."""
    w = min(width, height * 3 / 4)
    h = w * 4 / 3
    return QRectF((width - w) / 2, (height - h) / 2, w, h)


class CropView(QWidget):
    """Shows the image scaled to fit, darkens what falls outside the 3:4 frame; the frame
    moves with the mouse and keeps its 3:4 shape inside the image."""
    changed = Signal()

    def __init__(self, image: QImage, parent=None):
        super().__init__(parent)
        self.image = image
        self.frame = centre_crop(image.width(), image.height())  # image coordinates
        self._drag: QPointF | None = None
        self.setFixedSize(VIEW_W, VIEW_H)
        self.setCursor(Qt.CursorShape.OpenHandCursor)

    def _scale(self) -> tuple[float, QPointF]:
        s = min(VIEW_W / self.image.width(), VIEW_H / self.image.height())
        offset = QPointF((VIEW_W - self.image.width() * s) / 2,
                         (VIEW_H - self.image.height() * s) / 2)
        return s, offset

    def max_width(self) -> float:
        return min(self.image.width(), self.image.height() * 3 / 4)

    def set_frame_width(self, width: float) -> None:
        """Resize around the frame's centre, kept inside the image."""
        width = max(30.0, min(width, self.max_width()))
        centre = self.frame.center()
        self.frame = QRectF(0, 0, width, width * 4 / 3)
        self.frame.moveCenter(centre)
        self._clamp()

    def move_frame(self, dx: float, dy: float) -> None:
        self.frame.translate(dx, dy)
        self._clamp()

    def _clamp(self) -> None:
        f = self.frame
        f.moveLeft(min(max(f.left(), 0), self.image.width() - f.width()))
        f.moveTop(min(max(f.top(), 0), self.image.height() - f.height()))
        self.update()
        self.changed.emit()

    def cropped(self) -> QImage:
        part = self.image.copy(self.frame.toAlignedRect())
        return part.scaled(OUT_W, OUT_H, Qt.AspectRatioMode.IgnoreAspectRatio,
                           Qt.TransformationMode.SmoothTransformation)

    def paintEvent(self, _event) -> None:  # noqa: N802 (Qt API)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.fillRect(self.rect(), QColor("#444"))
        s, offset = self._scale()
        target = QRectF(offset, QPointF(offset.x() + self.image.width() * s,
                                        offset.y() + self.image.height() * s))
        painter.drawImage(target, self.image)
        frame = QRectF(offset.x() + self.frame.x() * s, offset.y() + self.frame.y() * s,
                       self.frame.width() * s, self.frame.height() * s)
        outside = QPainterPath()
        outside.addRect(target)
        inner = QPainterPath()
        inner.addRect(frame)
        painter.fillPath(outside.subtracted(inner), QColor(0, 0, 0, 140))
        painter.setPen(QPen(QColor("#ffd54f"), 2))
        painter.drawRect(frame)
        painter.end()

    def mousePressEvent(self, event) -> None:  # noqa: N802
        self._drag = event.position()
        self.setCursor(Qt.CursorShape.ClosedHandCursor)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        if self._drag is None:
            return
        s, _ = self._scale()
        delta = event.position() - self._drag
        self._drag = event.position()
        self.move_frame(delta.x() / s, delta.y() / s)

    def mouseReleaseEvent(self, _event) -> None:  # noqa: N802
        self._drag = None
        self.setCursor(Qt.CursorShape.OpenHandCursor)

    def wheelEvent(self, event) -> None:  # noqa: N802
        step = 1.06 if event.angleDelta().y() < 0 else 1 / 1.06
        self.set_frame_width(self.frame.width() * step)


def read_image(path: str) -> QImage:
    """The image of a file (JPEG, PNG, BMP...), upright (EXIF orientation) and not larger
    than MAX_SOURCE_SIDE; DomainError with the reason when it cannot be read."""
    try:  # bounded before Qt sees it: a device or a FIFO chosen by mistake never blocks
        data = input_limits.read_bytes(path, input_limits.PHOTO_SOURCE)
    except OSError as exc:
        raise DomainError(f"Foto: não foi possível ler {path}: {os_error_text(exc)}.") from None
    buffer = QBuffer()
    buffer.setData(QByteArray(data))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    reader = QImageReader(buffer)
    reader.setAutoTransform(True)
    size = reader.size()
    if size.isValid() and max(size.width(), size.height()) > MAX_SOURCE_SIDE:
        reader.setScaledSize(size.scaled(MAX_SOURCE_SIDE, MAX_SOURCE_SIDE,
                                         Qt.AspectRatioMode.KeepAspectRatio))
    image = reader.read()
    if image.isNull():
        raise DomainError(f"Foto: não foi possível ler a imagem ({reader.errorString()}).")
    if image.width() < 60 or image.height() < 80:
        raise DomainError("Foto: imagem pequena demais (mínimo 60 × 80 pixels).")
    return image.convertToFormat(QImage.Format.Format_RGB32)


class PhotoCropDialog(QDialog):
    """Frame and save the photo of one person; `saved` is True once stored."""

    def __init__(self, actor, person_id: int, image: QImage, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.person_id = person_id
        self.saved = False
        self.setWindowTitle("Foto 3×4")
        self.view = CropView(image, self)
        self.preview = QLabel()
        self.preview.setFixedSize(150, 200)
        self.preview.setStyleSheet("border: 1px solid #999;")
        self.size_slider = QSlider(Qt.Orientation.Horizontal)
        self.size_slider.setRange(10, 100)
        self.size_slider.setValue(100)
        self.size_slider.valueChanged.connect(
            lambda v: self.view.set_frame_width(self.view.max_width() * v / 100))
        self.view.changed.connect(self._update_preview)
        help_text = QLabel("Arraste o retângulo para enquadrar o rosto; a roda do mouse ou a "
                           "barra ajustam o tamanho. A foto fica em 3×4.")
        help_text.setWordWrap(True)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #b71c1c; font-weight: bold;")
        buttons = QDialogButtonBox()
        self.save_button = buttons.addButton("&Salvar foto",
                                             QDialogButtonBox.ButtonRole.AcceptRole)
        self.save_button.setDefault(True)
        buttons.addButton("Cancelar", QDialogButtonBox.ButtonRole.RejectRole)
        self.save_button.clicked.connect(self.save)
        buttons.rejected.connect(self.reject)
        side = QVBoxLayout()
        side.addWidget(QLabel("<b>Resultado</b>"))
        side.addWidget(self.preview)
        side.addWidget(QLabel("Tamanho do recorte:"))
        side.addWidget(self.size_slider)
        side.addStretch(1)
        body = QHBoxLayout()
        body.addWidget(self.view)
        body.addLayout(side)
        layout = QVBoxLayout(self)
        layout.addWidget(help_text)
        layout.addLayout(body)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self._update_preview()

    def _update_preview(self) -> None:
        self.preview.setPixmap(QPixmap.fromImage(self.view.cropped()).scaled(
            150, 200, Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation))

    def jpeg(self) -> bytes:
        return encode_jpeg(self.view.cropped())

    def save(self) -> bool:
        try:
            persons.update_person(self.actor, self.person_id, {"photo": self.jpeg()})
        except DomainError as exc:
            self.message.setText(str(exc))
            return False
        self.saved = True
        self.accept()
        return True


def choose_photo(actor, person_id: int, parent=None) -> PhotoCropDialog | None:
    """Ask for the file, then open the crop dialog (non-modal; None when nothing chosen or
    the file is not an image — the reason is shown)."""
    from PySide6.QtWidgets import QMessageBox
    path, _ = QFileDialog.getOpenFileName(parent, "Foto da pessoa", "",
                                          "Imagens (*.jpg *.jpeg *.png *.bmp)")
    if not path:
        return None
    try:
        image = read_image(path)
    except DomainError as exc:
        QMessageBox.warning(parent, "Foto", str(exc))
        return None
    dialog = PhotoCropDialog(actor, person_id, image, parent)
    dialog.open()
    return dialog

"""The município's brasão: a preview and a file chooser (PNG or JPEG, checked by the service's
own rule, services.setup.check_brasao)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ...domain import input_limits
from ...domain.os_errors import os_error_text
from ...domain.errors import DomainError
from ...services import setup

PREVIEW = 96


class BrasaoPicker(QWidget):
    """`image` holds the chosen bytes (None: no brasão); `changed` is emitted on each choice."""
    changed = Signal()

    def __init__(self, image: bytes | None = None, parent=None):
        super().__init__(parent)
        self.image: bytes | None = None
        self.preview = QLabel()
        self.preview.setFixedSize(PREVIEW + 4, PREVIEW + 4)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setStyleSheet("border: 1px solid #aaa; background: white;")
        self.choose_button = QPushButton("&Escolher imagem…")
        self.choose_button.clicked.connect(self.choose)
        self.remove_button = QPushButton("Re&mover")
        self.remove_button.clicked.connect(lambda: self.set_image(None))
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #c62828;")
        buttons = QVBoxLayout()
        buttons.addWidget(QLabel("Imagem PNG ou JPEG, até 1 MB (opcional)."))
        row = QHBoxLayout()
        row.addWidget(self.choose_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        buttons.addLayout(row)
        buttons.addWidget(self.message)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.preview)
        layout.addLayout(buttons, 1)
        self.set_image(image, emit=False)

    def choose(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Escolher o brasão do município", "",
                                              "Imagens PNG ou JPEG (*.png *.jpg *.jpeg)")
        if path:
            self.load_file(path)

    def load_file(self, path: str | Path) -> bool:
        """Read and check an image file; a bad one keeps the current image and says why."""
        try:
            data = setup.check_brasao(input_limits.read_bytes(path, input_limits.BRASAO))
        except OSError as exc:
            self.message.setText(f"Não foi possível ler o arquivo: {os_error_text(exc)}.")
            return False
        except DomainError as exc:
            self.message.setText(str(exc))
            return False
        pixmap = QPixmap()
        if not pixmap.loadFromData(data):
            self.message.setText("Brasão: a imagem está corrompida ou não pôde ser aberta.")
            return False
        self.set_image(data)
        return True

    def set_image(self, data: bytes | None, *, emit: bool = True) -> None:
        self.image = data
        self.message.setText("")
        pixmap = QPixmap()
        if data and pixmap.loadFromData(data):
            self.preview.setPixmap(pixmap.scaled(PREVIEW, PREVIEW,
                                                 Qt.AspectRatioMode.KeepAspectRatio,
                                                 Qt.TransformationMode.SmoothTransformation))
        else:
            self.preview.setPixmap(QPixmap())
            self.preview.setText("sem\nbrasão")
        self.remove_button.setEnabled(data is not None)
        if emit:
            self.changed.emit()

"""What the camera dialog (gui/dialogs/camera.py) takes its pictures from, and the messages
for a camera that cannot be used: a module of its own, without QtMultimedia, so the webcam
source (gui/camera_source.py), which the dialog loads only when it opens, need not import
the dialog back."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QImage

NO_CAMERA = ("Nenhuma câmera foi encontrada neste computador. Conecte uma webcam e abra de "
             "novo, ou use 'Escolher arquivo…'.")
DENIED = ("O acesso à câmera foi negado. No Windows, libere em Configurações → Privacidade "
          "e segurança → Câmera (permitir que aplicativos da área de trabalho acessem a "
          "câmera), ou use 'Escolher arquivo…'.")


class FrameSource(QObject):
    """Where the pictures come from: `frame` for each new picture, `failed` with the
    Portuguese reason when the camera cannot be used."""
    frame = Signal(QImage)
    failed = Signal(str)

    def unavailable_reason(self) -> str:
        """Why there is no camera to open ('' when there is one)."""
        return ""

    def start(self) -> None:
        pass

    def stop(self) -> None:
        pass

"""The two crashes that ended test runs: windows alive at exit (gui/shutdown.py: without
delete_windows() the script below ends in "QObject: shared QObject was deleted directly" and
a crash, every time) and None freed by PySide's uncounted references (gui/immortal.py)."""
import os
import subprocess
import sys

from ..conftest import ROOT

SCRIPT = """
import sys
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QApplication
from mototaxi_desk.gui.dialogs.photo_crop import PhotoCropDialog
from mototaxi_desk.gui.shutdown import delete_windows

app = QApplication(sys.argv)
image = QImage(300, 400, QImage.Format.Format_RGB32)
# no parent; their own signal connections keep them alive after `del`, as a window the
# program no longer refers to lives until exit
dialogs = [PhotoCropDialog(None, 1, image) for _ in range(3)]
del dialogs
delete_windows()
print("saiu")
"""


def test_windows_alive_at_exit_are_deleted_without_a_crash(tmp_path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "MOTOTAXI_DATA_DIR": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "saiu"
    assert "shared QObject" not in result.stderr


def test_delete_windows_without_an_application_does_nothing():
    result = subprocess.run(
        [sys.executable, "-c", "from mototaxi_desk.gui.shutdown import delete_windows; "
                               "delete_windows(); print('ok')"],
        capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (result.returncode, result.stdout.strip()) == (0, "ok")


def test_a_long_session_of_qt_calls_does_not_free_none():
    """PySide6 6.12 on Python 3.11 takes a reference to None away at each Qt call returning
    nothing (gui/immortal.py): 100,000 calls, a day at the counter, once ended in
    "Fatal Python error: none_dealloc" in the middle of the work."""
    code = ("import mototaxi_desk.gui\n"
            "from PySide6.QtCore import QObject, Signal\n"
            "from PySide6.QtWidgets import QApplication, QLineEdit\n"
            "app = QApplication([])\n"
            "class Source(QObject):\n"
            "    changed = Signal()\n"
            "edit, source = QLineEdit(), Source()\n"
            "for _ in range(100_000):\n"
            "    edit.setText('x')\n"
            "    source.changed.emit()\n"
            "print('ok')\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT, env=env, timeout=120)
    assert (result.returncode, result.stdout.strip()) == (0, "ok"), result.stderr[-2000:]

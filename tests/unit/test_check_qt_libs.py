"""tools/check_qt_libs.py (issue 19): `make run` names the Debian/Ubuntu packages Qt's X11
plugin lacks instead of Qt's misleading xcb-cursor message."""
import importlib.util
from pathlib import Path

SPEC = importlib.util.spec_from_file_location(
    "check_qt_libs", Path(__file__).resolve().parents[2] / "tools" / "check_qt_libs.py")
check = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(check)

LDD = """\tlinux-vdso.so.1 (0x00007f2bb3913000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f2bb375a000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibfoo.so.9 => not found
"""


def test_missing_libraries_become_debian_packages():
    missing = check.missing_libraries(LDD)
    assert missing == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libfoo.so.9"]
    assert check.packages_for(missing) == ["libfoo.so.9", "libxcb-icccm4", "libxcb-keysyms1"]


def test_another_qt_platform_is_not_checked(monkeypatch):
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert check.main() == 0

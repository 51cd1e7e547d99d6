"""The Windows installer's definition (installer/build.py, installer/mototaxi-desk.nsi) agrees
with the program: its version, its runtime dependencies, the Qt modules it imports, the data
folder it must never touch. Fast, no network, no NSIS: `make installer-check` checks the
built installer itself."""
from __future__ import annotations

import configparser
import importlib.util
import re
import struct
import sys
import zipfile
from pathlib import Path

import pytest

import mototaxi_desk
from mototaxi_desk import config

ROOT = Path(__file__).resolve().parents[1]


def _load(name: str):
    folder = str(ROOT / "installer")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    spec = importlib.util.spec_from_file_location(name, ROOT / "installer" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load("build")
pe = _load("pe")


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def test_installer_version_is_the_package_version():
    assert build.app_version() == mototaxi_desk.__version__
    assert build.installer_filename(mototaxi_desk.__version__) == \
        f"MototaxiDesk-{mototaxi_desk.__version__}-setup.exe"
    text = build.render_config(version=build.app_version(), python_version="3.13.2", wheels=[],
                               icon="x.ico", excludes=[], installer=Path("/tmp/x.exe"))
    cfg = configparser.ConfigParser()
    cfg.read_string(text)
    assert cfg["Application"]["version"] == mototaxi_desk.__version__
    assert cfg["Application"]["entry_point"] == "mototaxi_desk.__main__:main"
    assert cfg["Python"]["version"].startswith(build.PYTHON_TAG + ".")


def test_a_diverging_version_stops_the_build(monkeypatch):
    monkeypatch.setattr(build, "pyproject", lambda: {"project": {"version": "9.9.9"}})
    with pytest.raises(build.BuildError, match="versão divergente"):
        build.app_version()


def test_windows_wheels_are_the_runtime_dependencies_not_the_test_ones():
    pins = build.windows_pins()
    names = {_norm(re.split(r"[=<>~!]", p)[0]) for p in pins}
    runtime = {_norm(re.split(r"[\s=<>~!\[;]", d)[0])
               for d in build.pyproject()["project"]["dependencies"]}
    assert names == (runtime - {"pyside6"}) | set(build.QT_PARTS)
    for extra in ("test", "installer"):
        for dependency in build.pyproject()["project"]["optional-dependencies"][extra]:
            assert _norm(re.split(r"[\s=<>~!\[;]", dependency)[0]) not in names
    assert all("==" in p for p in pins), pins  # exact versions: a repeatable build
    assert not any("webengine" in p for p in pins)  # the app has no web view


def test_a_version_outside_pyproject_range_stops_the_build():
    with pytest.raises(build.BuildError, match="não satisfaz"):
        build.windows_pins(installed=lambda name: "0.0.1")


def test_qt_modules_kept_are_every_one_the_app_imports():
    imported = set()
    for path in (ROOT / "mototaxi_desk").rglob("*.py"):
        imported |= set(re.findall(r"\bPySide6\.(Qt\w+)", path.read_text(encoding="utf-8")))
    assert imported, "the scan found no Qt import at all"
    assert imported <= set(build.QT_MODULES), imported - set(build.QT_MODULES)
    assert "QtWebEngineCore" not in build.QT_MODULES
    assert "platforms/qwindows.dll" in build.QT_PLUGINS
    dropped = [f for f in build.QT_DROPPED_FOLDERS if f.startswith("Qt")]
    assert not set(dropped) & imported


def _pe(imports: list[str], delayed: list[str] = ()) -> bytes:
    """A minimal PE32+ image with one section holding an import and a delay-import table."""
    names = b""
    offsets = {}
    for dll in list(imports) + list(delayed):
        offsets[dll] = len(names)
        names += dll.encode() + b"\0"
    section_rva, raw = 0x1000, 0x200
    imp_size = 20 * (len(imports) + 1)
    delay_size = 32 * (len(delayed) + 1)
    names_rva = section_rva + imp_size + delay_size
    imp = b"".join(struct.pack("<5I", 0, 0, 0, names_rva + offsets[d], 0) for d in imports)
    imp += b"\0" * 20
    delay = b"".join(struct.pack("<8I", 1, names_rva + offsets[d], 0, 0, 0, 0, 0, 0)
                     for d in delayed) + b"\0" * 32
    body = imp + delay + names
    directories = [(0, 0)] * 16
    directories[1] = (section_rva, imp_size)
    if delayed:
        directories[13] = (section_rva + imp_size, delay_size)
    optional = struct.pack("<H", 0x20B) + b"\0" * 106 + struct.pack("<I", 16)
    optional += b"".join(struct.pack("<II", *d) for d in directories)
    section = b".idata\0\0" + struct.pack("<IIII", len(body), section_rva, len(body), raw)
    section += b"\0" * 16
    header = b"MZ" + b"\0" * 58 + struct.pack("<I", 0x40)
    header += b"PE\0\0" + struct.pack("<HHIIIHH", 0x8664, 1, 0, 0, 0, len(optional), 0x22)
    header += optional + section
    return header.ljust(raw, b"\0") + body


def test_pe_reader_finds_imports_and_delay_loads():
    data = _pe(["KERNEL32.dll", "Qt6Core.dll"], delayed=["Qt6Network.dll"])
    assert pe.imported_dlls(data) == {"kernel32.dll", "qt6core.dll", "qt6network.dll"}
    with pytest.raises(ValueError, match="MZ"):
        pe.imported_dlls(b"\x7fELF" + b"\0" * 100)
    assert pe.is_system_dll("api-ms-win-crt-heap-l1-1-0.dll") and pe.is_system_dll("USER32.dll")
    assert not pe.is_system_dll("qt6core.dll") and not pe.is_system_dll("msvcp140.dll")


def _wheel(folder: Path, name: str, version: str, files: dict[str, bytes],
           requires: list[str] = ()) -> Path:
    path = folder / f"{name.replace('-', '_')}-{version}-py3-none-win_amd64.whl"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {r}\n" for r in requires) + "\nbody\n"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{name.replace('-', '_')}-{version}.dist-info/METADATA", metadata)
        for member, content in files.items():
            archive.writestr(member, content)
    return path


def test_qt_trimming_keeps_every_dll_the_kept_modules_need(tmp_path):
    core = ["kernel32.dll", "msvcp140.dll", "qt6core.dll"]
    files = {f"PySide6/{m}.pyd": _pe(core + ["pyside6.abi3.dll"]) for m in build.QT_MODULES}
    files["PySide6/QtCharts.pyd"] = _pe(core + ["qt6charts.dll"])
    files["PySide6/Qt6Charts.dll"] = _pe(core + ["qt6opengl.dll"], delayed=["qt6svg.dll"])
    files.update({f"PySide6/plugins/{p}": _pe(core) for p in build.QT_PLUGINS})
    for dll in ("Qt6Core.dll", "Qt6OpenGL.dll", "Qt6Svg.dll", "pyside6.abi3.dll",
                "Qt6Quick.dll", "Qt6WebEngineCore.dll", "msvcp140.dll", "msvcp140_2.dll"):
        files[f"PySide6/{dll}"] = _pe(["kernel32.dll"])
    files["PySide6/Qt3DCore.pyd"] = _pe(core)
    files["PySide6/plugins/sqldrivers/qsqlite.dll"] = _pe(core)
    files["PySide6/translations/qtbase_pt_BR.qm"] = b"qm"
    files["PySide6/translations/qtbase_de.qm"] = b"qm"
    wheel = _wheel(tmp_path, "pyside6-essentials", "6.12.0", files)
    shiboken = _wheel(tmp_path, "shiboken6", "6.12.0", {
        "shiboken6/Shiboken.pyd": _pe(["shiboken6.abi3.dll"]),
        "shiboken6/shiboken6.abi3.dll": _pe(["kernel32.dll"]),
        "shiboken6/msvcp140.dll": _pe(["kernel32.dll"])})
    excluded = set(build.qt_excludes([wheel, shiboken]))
    assert not any(p.startswith("pkgs/shiboken6/") for p in excluded
                   if not p.endswith(("include", "lib", ".pyi", ".lib"))), excluded
    for needed in ("Qt6Core.dll", "Qt6Charts.dll", "Qt6OpenGL.dll", "Qt6Svg.dll",
                   "pyside6.abi3.dll", "QtCharts.pyd", "msvcp140.dll", "msvcp140_2.dll",
                   "plugins/platforms/qwindows.dll", "translations/qtbase_pt_BR.qm"):
        assert f"pkgs/PySide6/{needed}" not in excluded, needed
    for unused in ("Qt6Quick.dll", "Qt6WebEngineCore.dll", "Qt3DCore.pyd",
                   "plugins/sqldrivers/qsqlite.dll", "translations/qtbase_de.qm", "qml"):
        assert f"pkgs/PySide6/{unused}" in excluded, unused


def test_wheel_closure_follows_windows_markers(tmp_path):
    """pip evaluates markers for Linux; Windows needs qrcode's colorama too."""
    _wheel(tmp_path, "qrcode", "8.2", {}, ['colorama; sys_platform == "win32"',
                                           'pypng; extra == "png"'])
    wheels, missing = build.wheel_closure(["qrcode==8.2"], tmp_path)
    assert [w.name.split("-")[0] for w in wheels] == ["qrcode"]
    assert missing == ["colorama"]
    _wheel(tmp_path, "colorama", "0.4.6", {})
    wheels, missing = build.wheel_closure(["qrcode==8.2"], tmp_path)
    assert sorted(w.name.split("-")[0] for w in wheels) == ["colorama", "qrcode"]
    assert missing == []


def test_python_version_is_read_from_the_dll():
    resource = "ProductVersion".encode("utf-16-le") + b"\0\0" + "3.13.2".encode("utf-16-le")
    assert build.pe_product_version(b"junk" + resource + b"\0\0\0\0") == "3.13.2"


def test_installer_never_touches_the_data_folder():
    """Database, keys, backups and logs live in the user's data folder; the installer and
    the uninstaller only remove what is under the program folder, shortcuts and its key."""
    nsi = build.render_template()
    assert build.INSTALL_FOLDER != config.APP_NAME
    for line in nsi.splitlines():
        line = line.strip()
        if line.startswith(("RMDir", "Delete ")):
            target = line.split(None, 2)[-1] if line.startswith("RMDir /r") else \
                line.split(None, 1)[1]
            assert target.strip('"').startswith(("$INSTDIR", "[[pjoin(destination",
                                                 "$SMPROGRAMS", "$DESKTOP")), line
    assert "MULTIUSER_INSTALLMODE_DEFAULT_CURRENTUSER" in nsi  # no administrator needed
    assert "$DESKTOP" in nsi and "$SMPROGRAMS" in nsi


def test_installer_and_program_share_the_running_mutex():
    nsi = build.render_template()
    assert f'"{config.RUNNING_MUTEX}"' in nsi
    assert "config.RUNNING_MUTEX" in (ROOT / "mototaxi_desk" / "gui" / "app.py").read_text(
        encoding="utf-8")
    assert "SetErrorLevel 3" in nsi  # /S over a running copy gives up with an exit code


def test_wine_stub_is_a_dll_that_only_forwards():
    """Check-only: wine 8 lacks bcryptprimitives.dll (Windows 10 has it)."""
    stubs = _load("wine_stubs")
    data = stubs.forwarder_dll("bcryptprimitives.dll",
                               {"ProcessPrng": "advapi32.SystemFunction036"})
    assert pe.imported_dlls(data) == set()  # no code, nothing imported
    characteristics = struct.unpack_from("<H", data, 0x40 + 4 + 18)[0]
    assert characteristics & 0x2000  # IMAGE_FILE_DLL
    assert b"ProcessPrng\0advapi32.SystemFunction036\0" in data
    assert "wine_stubs" not in (ROOT / "installer" / "build.py").read_text(encoding="utf-8")

"""The Windows installer's definition (installer/build.py, installer/mototaxi-desk.nsi) agrees
with the program: its version, its runtime dependencies, the Qt modules it imports, the data
folder it must never touch. Fast, no network, no NSIS: `make installer-check` checks the
built installer itself."""
from __future__ import annotations

import configparser
import importlib.util
import re
import struct
import subprocess
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
    sys.modules[name] = module  # dataclasses look their module up there
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
    """Every Qt module the installed program imports is kept; developer tools live in tools/,
    outside the package (the screenshot tool and its QtTest are not installed)."""
    imported = set()
    for path in (ROOT / "mototaxi_desk").rglob("*.py"):
        imported |= set(re.findall(r"\bPySide6\.(Qt\w+)", path.read_text(encoding="utf-8")))
    assert imported, "the scan found no Qt import at all"
    assert "QtTest" not in build.QT_MODULES  # only the screenshot tool uses it
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


def test_the_standard_library_zip_is_stored_not_deflated():
    """zipimport's inflating is not thread-safe ("can't decompress data; zlib not
    available" under wine, as a background job imported while the screens loaded)."""
    import io
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as deflated:
        deflated.writestr("csv.pyc", b"x" * 5000)
        deflated.writestr("encodings/utf_8.pyc", b"y" * 300)
    stored = build.stored_zip(packed.getvalue())
    with zipfile.ZipFile(io.BytesIO(stored)) as result:
        assert [(i.filename, i.compress_type) for i in result.infolist()] == [
            ("csv.pyc", zipfile.ZIP_STORED), ("encodings/utf_8.pyc", zipfile.ZIP_STORED)]
        assert result.read("csv.pyc") == b"x" * 5000


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


# -- the generated NSIS script (issue 20): 64-bit, signing hooks, version resource --------

def test_generated_script_targets_amd64_unicode():
    """A 32-bit NSIS stub cannot run under wine64 (and needs WOW64 on Windows x64)."""
    nsi = build.render_template(version="0.2.0")
    lines = [line.strip() for line in nsi.splitlines()]
    assert "Target amd64-unicode" in lines
    assert not any(line.startswith("Target ") and "amd64" not in line for line in lines)
    # Target comes before anything that compiles code into the stub
    assert lines.index("Target amd64-unicode") < lines.index("Unicode true")
    assert lines.index("Target amd64-unicode") < next(
        i for i, line in enumerate(lines) if line.startswith("SetCompressor"))
    assert "MULTIUSER_USE_PROGRAMFILES64" in nsi


def test_signed_build_runs_the_signing_hooks_on_setup_and_uninstaller():
    nsi = build.render_template(version="0.2.0", signed=True)
    finalize = [line for line in nsi.splitlines() if line.startswith("!finalize ")]
    uninst = [line for line in nsi.splitlines() if line.startswith("!uninstfinalize ")]
    assert len(finalize) == 1 and len(uninst) == 1
    for line in finalize + uninst:
        assert line.endswith("' = 0"), line  # makensis stops when signing fails
        assert 'signing.py" sign "%1"' in line
        assert sys.executable in line
    unsigned = build.render_template(version="0.2.0", signed=False)
    assert not any(line.startswith(("!finalize", "!uninstfinalize"))
                   for line in unsigned.splitlines())
    assert "UNSIGNED BUILD" in unsigned


def test_version_resource_and_estimated_size():
    nsi = build.render_template(version="0.2.0")
    assert 'VIProductVersion "0.2.0.0"' in nsi and 'VIFileVersion "0.2.0.0"' in nsi
    keys = dict(re.findall(r'VIAddVersionKey /LANG=\S+ "(\w+)" "([^"]*)"', nsi))
    assert keys["ProductName"] == "${PRODUCT_NAME}"
    assert keys["CompanyName"] == build.PUBLISHER
    assert keys["FileVersion"] == keys["ProductVersion"] == "${PRODUCT_VERSION}"
    assert {"FileDescription", "LegalCopyright"} <= set(keys)
    assert "@" not in "".join(keys.values())  # every placeholder filled
    assert '${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2' in nsi
    assert 'WriteRegDWORD SHCTX "${UNINSTALL_KEY}" "EstimatedSize" "$0"' in nsi
    assert not re.search(r"@[A-Z_]+@", nsi)


@pytest.mark.parametrize("version, expected", [("0.2.0", "0.2.0.0"), ("1.2", "1.2.0.0"),
                                               ("1.2.3.4.5", "1.2.3.4"),
                                               ("0.3.0rc1", "0.3.0.0")])
def test_file_version_has_four_numbers(version, expected):
    assert build.file_version(version) == expected


def test_python_runtime_version_is_checked():
    assert build.PYTHON_EXPECTED.startswith(build.PYTHON_TAG + ".")
    text = build.render_config(version="0.2.0", python_version=build.PYTHON_EXPECTED,
                               wheels=[], icon="x.ico", excludes=[],
                               installer=Path("/tmp/x.exe"))
    assert f"version = {build.PYTHON_EXPECTED}" in text


# -- signing (installer/signing.py) ------------------------------------------------------

signing = _load("signing")


def test_unsigned_when_no_certificate_and_loud_about_it():
    assert signing.configured(env={}) is None
    assert "NÃO ASSINADO" in signing.UNSIGNED_WARNING


def test_signer_comes_from_environment_and_timestamp_from_configuration(tmp_path):
    pfx = tmp_path / "cert.pfx"
    pfx.write_bytes(b"x")
    env = {signing.ENV_CERT: str(pfx), signing.ENV_PASSWORD: "segredo"}
    signer = signing.configured(env=env)
    config_url = signing.tomllib.loads(signing.CONFIG.read_text("utf-8"))["timestamp_url"]
    assert config_url.startswith("http") and signer.timestamp_url == config_url
    command = signing.sign_command(signer, Path("in.exe"), Path("out.exe"), Path("pass"))
    assert command[command.index("-ts") + 1] == config_url  # RFC 3161, not legacy -t
    assert command[command.index("-pkcs12") + 1] == str(pfx)
    assert "segredo" not in command and "-readpass" in command  # never on the command line
    assert command[command.index("-h") + 1] == "sha256"
    no_stamp = signing.configured(env={**env, signing.ENV_TIMESTAMP: ""})
    assert "-ts" not in signing.sign_command(no_stamp, Path("a"), Path("b"), None)
    with pytest.raises(signing.SigningError, match="não encontrado"):
        signing.configured(env={signing.ENV_CERT: str(tmp_path / "absent.pfx")})
    relative = {signing.ENV_CERT: "cert.pfx", "OTHER": "x"}
    signing.absolute_paths(relative)  # makensis runs the hooks from another folder
    assert relative == {signing.ENV_CERT: str(Path("cert.pfx").resolve()), "OTHER": "x"}
    pem = tmp_path / "cert.pem"
    pem.write_text("x")
    with pytest.raises(signing.SigningError, match=signing.ENV_KEY):
        signing.configured(env={signing.ENV_CERT: str(pem)})


@pytest.mark.skipif(signing.shutil.which("osslsigncode") is None,
                    reason="osslsigncode (Debian) absent: .ci/run installs it")
def test_sign_and_verify_a_windows_binary(tmp_path):
    """The hook for real: a throwaway certificate signs a PE file and osslsigncode verifies
    it against that certificate (and not without it)."""
    stubs = _load("wine_stubs")
    binary = tmp_path / "stub.dll"
    binary.write_bytes(stubs.stub_dll("stub.dll", {"f": None}))
    assert not signing.has_signature(binary)
    pfx, pem = signing.make_test_certificate(tmp_path / "cert")
    signer = signing.configured(env={signing.ENV_CERT: str(pfx), signing.ENV_PASSWORD: "teste",
                                     signing.ENV_TIMESTAMP: ""})
    signing.sign_file(signer, binary)
    assert signing.has_signature(binary)
    ok, output = signing.verify_file(binary, pem)
    assert ok, output
    assert not signing.verify_file(binary)[0]  # self-signed: untrusted without the CA file
    tampered = bytearray(binary.read_bytes())
    tampered[0x300] ^= 0xFF
    binary.write_bytes(bytes(tampered))
    assert not signing.verify_file(binary, pem)[0]


# -- the check's wine pieces -------------------------------------------------------------

wine = _load("wine")


def test_wine32_trap_is_an_error_even_with_exit_code_zero(tmp_path, monkeypatch):
    """wine64 given a 32-bit program prints 'wine32 is missing' and exits 0: the check
    must not take that for a run."""
    monkeypatch.setattr(wine, "wine_binary", lambda: "wine64")  # a fake wine runs below
    assert wine.trap_in("it looks like wine32 is missing, you should install it.\n")
    assert wine.trap_in("Installing...\nok\n") is None
    # wine64 itself, without Debian's wrapper, logs the failed WoW64 start instead
    assert wine.trap_in('00c8:err:environ:init_peb starting L"Z:\\tmp\\s.exe" in '
                        'experimental wow64 mode\n')
    assert "err+environ" in wine.WINEDEBUG and "err+module" in wine.WINEDEBUG
    fake = tmp_path / "wine"
    fake.write_text("#!/bin/sh\necho 'it looks like wine32 is missing, you should install "
                    "it.'\nexit 0\n")
    fake.chmod(0o755)
    prefix = wine.Prefix(tmp_path / "prefix", display=":0")
    monkeypatch.setattr(prefix, "wine", str(fake))
    with pytest.raises(wine.WineError, match="wine32 is missing"):
        prefix.run("setup.exe", "/S")
    fake.write_text("#!/bin/sh\necho instalado\nexit 0\n")
    assert prefix.run("setup.exe", "/S").stdout.strip() == "instalado"
    # a 32-bit .exe is refused before wine starts it
    stubs = _load("wine_stubs")
    x86 = bytearray(stubs.stub_dll("x.dll", {"f": None}))
    x86[0x44:0x46] = struct.pack("<H", 0x14C)  # COFF machine: i386
    (tmp_path / "prefix" / "drive_c").mkdir(parents=True)
    (tmp_path / "prefix" / "drive_c" / "setup32.exe").write_bytes(bytes(x86))
    with pytest.raises(wine.WineError, match="x86"):
        prefix.run("C:\\setup32.exe", "/S")


def test_wine_runs_in_its_own_home_without_menu_entries(tmp_path, monkeypatch):
    monkeypatch.setattr(wine, "wine_binary", lambda: "wine64")  # only the environment is read
    prefix = wine.Prefix(tmp_path / "prefix", display=":7")
    env = prefix.env()
    assert env["HOME"] == str(tmp_path / "home")  # Desktop links land here, not in ~
    assert "winemenubuilder.exe=d" in env["WINEDLLOVERRIDES"]
    assert env["WINEPREFIX"] == str(tmp_path / "prefix") and env["DISPLAY"] == ":7"
    assert not any(k.startswith("MOTOTAXI_") for k in env)


def test_mscms_stub_returns_zero_from_real_code():
    stubs = _load("wine_stubs")
    data = stubs.stub_dll("mscms.dll", dict.fromkeys(stubs.MSCMS_EXPORTS))
    assert pe.exported_names(data) == set(stubs.MSCMS_EXPORTS)
    assert pe.imported_dlls(data) == set()
    assert stubs.RETURN_ZERO in data
    section_flags = struct.unpack_from("<I", data, data.index(b".text\0") + 36)[0]
    assert section_flags & 0x20000000  # executable


def test_icu_forwarder_points_qt_names_at_the_versioned_icu():
    stubs = _load("wine_stubs")
    data = stubs.icu_forwarder({"ucnv_open", "ucnv_close"},
                               {"ucnv_open_77", "ucnv_close_77", "u_init_77"}, "icuuc77.dll")
    assert pe.exported_names(data) == {"ucnv_open", "ucnv_close"}
    assert b"icuuc77.ucnv_open_77\0" in data and b"icuuc77.ucnv_close_77\0" in data
    with pytest.raises(ValueError, match="ucnv_reset"):
        stubs.icu_forwarder({"ucnv_reset"}, {"ucnv_open_77"}, "icuuc77.dll")


def test_pe_reader_lists_imported_function_names():
    stubs = _load("wine_stubs")
    dll = stubs.stub_dll("x.dll", {"b": None, "a": "kernel32.GetTickCount"})
    assert pe.exported_names(dll) == {"a", "b"}
    assert pe.machine(dll) == "amd64"


def test_blank_screenshot_is_refused():
    from PIL import Image, ImageDraw
    check = _load("check")
    blank = Image.new("RGB", (400, 300), "black")
    assert check.screenshot_problem(blank)
    drawn = blank.copy()
    draw = ImageDraw.Draw(drawn)
    draw.rectangle((100, 100, 300, 180), fill="#f3f3f3")
    for i in range(40):
        draw.text((110 + (i % 8) * 22, 110 + (i // 8) * 12), "Ab", fill=(i * 6, i * 3, 90))
    assert check.screenshot_problem(drawn) is None


def test_check_looks_for_the_login_window_by_its_real_title():
    check = _load("check")
    app = (ROOT / "mototaxi_desk" / "gui" / "dialogs" / "login.py").read_text(encoding="utf-8")
    assert f'setWindowTitle("Mototáxi Desk — {check.LOGIN_TITLE}")' in app
    assert check.SHORTCUT == f"{build.APP_TITLE}.lnk"


def test_data_snapshot_names_every_change(tmp_path):
    check = _load("check")
    (tmp_path / "keys").mkdir()
    (tmp_path / "mototaxi.db").write_bytes(b"a")
    (tmp_path / "keys" / "k.pem").write_bytes(b"k")
    before = check.snapshot(tmp_path)
    assert check.compare_snapshots(before, check.snapshot(tmp_path)) == []
    (tmp_path / "mototaxi.db").write_bytes(b"b")
    (tmp_path / "keys" / "k.pem").unlink()
    (tmp_path / "new.txt").write_text("x")
    changes = check.compare_snapshots(before, check.snapshot(tmp_path))
    assert sorted(changes) == ["alterado mototaxi.db", "apareceu new.txt",
                               str(Path("sumiu keys") / "k.pem")]


# -- the previous release (installer/previous.py) ----------------------------------------

def _repo(folder: Path) -> str:
    import subprocess
    run = lambda *a: subprocess.run(["git", "-C", str(folder), *a], check=True,  # noqa: E731
                                    capture_output=True, text=True).stdout.strip()
    folder.mkdir()
    run("init", "-q")
    (folder / "f").write_text("1")
    run("add", "f")
    run("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "one")
    return run("rev-parse", "HEAD")


def test_previous_release_is_found_by_hash_or_tag_and_never_skipped(tmp_path):
    previous = _load("previous")
    commit = _repo(tmp_path / "repo")
    release = previous.Release(version="0.1.0", commit=commit, tag="v0.1.0")
    assert previous.resolve(release, root=tmp_path / "repo") == commit  # no tag: the hash
    import subprocess
    subprocess.run(["git", "-C", str(tmp_path / "repo"), "tag", "v0.1.0"], check=True)
    assert previous.resolve(release, root=tmp_path / "repo") == commit
    absent = previous.Release(version="0.1.0", commit="1" * 40, tag="")
    with pytest.raises(previous.PreviousReleaseError, match="unshallow"):
        previous.resolve(absent, root=tmp_path / "repo")
    moved = previous.Release(version="0.1.0", commit="1" * 40, tag="v0.1.0")
    with pytest.raises(previous.PreviousReleaseError, match="etiqueta v0.1.0"):
        previous.resolve(moved, root=tmp_path / "repo")
    (tmp_path / "plain").mkdir()
    with pytest.raises(previous.PreviousReleaseError, match="não é um clone git"):
        previous.resolve(release, root=tmp_path / "plain")


def test_release_list_is_in_order_and_the_upgrade_covers_every_earlier_release():
    """installer/releases.toml: every release in order with its full commit and tag; the
    check upgrades from each one older than this version, the first release always."""
    from packaging.version import Version
    previous = _load("previous")
    every = previous.releases()
    assert [r.version for r in every[:2]] == ["0.1.0", "0.2.0"]
    assert all(re.fullmatch(r"[0-9a-f]{40}", r.commit) and r.tag == f"v{r.version}"
               for r in every if r.commit)
    earlier = previous.earlier(mototaxi_desk.__version__)
    assert earlier == [r for r in every if Version(r.version) < Version(mototaxi_desk.__version__)]
    assert earlier[0].version == "0.1.0"


def test_release_list_refusals(tmp_path):
    previous = _load("previous")
    path = tmp_path / "releases.toml"

    def write(*entries):
        path.write_text("".join(f'[[release]]\nversion = "{v}"\ncommit = "{c}"\n'
                                for v, c in entries), encoding="utf-8")

    sha = "5c9d48d4d5a5690bb421382dd8c8043705a90b9e"
    write(("0.1.0", sha), ("0.2.0", "a" * 40), ("0.3.0", ""))
    # 0.3.0 is the release being built (its commit not yet known): not one to upgrade from
    assert [r.version for r in previous.earlier("0.3.0", path)] == ["0.1.0", "0.2.0"]
    with pytest.raises(previous.PreviousReleaseError, match="lista 0.3.0, mais nova"):
        previous.earlier("0.2.5", path)
    write(("0.1.0", sha))
    with pytest.raises(previous.PreviousReleaseError, match="não tem versão anterior"):
        previous.earlier("0.1.0", path)  # the first release: nothing to upgrade from
    write(("0.2.0", sha), ("0.1.0", sha))
    with pytest.raises(previous.PreviousReleaseError, match="ordem crescente"):
        previous.releases(path)
    write(("0.1.0", "5c9d48d"))
    with pytest.raises(previous.PreviousReleaseError, match="40 dígitos"):
        previous.releases(path)
    write(("0.1.0", sha), ("0.2.0", ""), ("0.3.0", sha))
    with pytest.raises(previous.PreviousReleaseError, match="sem commit para 0.2.0"):
        previous.earlier("0.3.0", path)
    path.write_text("# nothing yet\n", encoding="utf-8")
    with pytest.raises(previous.PreviousReleaseError, match="nenhuma"):
        previous.releases(path)


# -- dead weight -------------------------------------------------------------------------

holiday_trim = _load("holiday_trim")

# The program's holiday calculation as JSON (every UF, none, an unknown one; 2015-2035): the
# same script installer-check runs with the installed Python under wine.
HOLIDAYS_BY_UF = _load("check").HOLIDAYS_BY_UF

# Only the trimmed package may answer an import of holidays or its modules: anything else
# (the full package of this .venv, another country) is refused and named.
ONLY_TRIMMED = """\
import importlib.abc, sys
from pathlib import Path
ROOT = Path(sys.argv[1])
class OnlyTrimmed(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] != "holidays":
            return None
        where = ROOT.joinpath(*name.split("."))
        if not (where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()):
            raise ModuleNotFoundError(f"bloqueado: {name} não vai no instalador", name=name)
        return None
sys.meta_path.insert(0, OnlyTrimmed())
sys.path.insert(0, str(ROOT))
import holidays
assert holidays.__file__.startswith(str(ROOT)), holidays.__file__
"""


def _trimmed_holidays(folder: Path) -> Path:
    """This .venv's holidays package, trimmed as build.py trims the installer's."""
    import shutil
    import holidays
    target = folder / "holidays"
    shutil.copytree(Path(holidays.__file__).parent, target,
                    ignore=shutil.ignore_patterns("__pycache__"))
    holiday_trim.trim(target)
    return target


def test_holidays_trimmed_to_brazil_give_the_programs_days_for_every_uf(tmp_path):
    """The installer ships of `holidays` only Brazil's calendar and what it imports
    (holiday_trim.py); the program's business-day calendar (national and state holidays,
    Carnival) comes out the same for every UF as with the whole package, with any other
    holidays module refused at import. A holidays release that moves code Brazil needs
    elsewhere fails here, not on a clerk's deadline."""
    import json
    import subprocess
    target = _trimmed_holidays(tmp_path)
    files = sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file())
    assert [f for f in files if f.startswith("countries/")] == \
        ["countries/__init__.py", "countries/brazil.py"]
    assert not [f for f in files if f.startswith(("financial/", "calendars/hebrew",
                                                  "calendars/islamic", "groups/islamic"))]
    assert {Path(f).name for f in files if f.startswith("locale/")} == {"BR.mo"}
    result = subprocess.run([sys.executable, "-c", ONLY_TRIMMED + HOLIDAYS_BY_UF + (
        "print(sorted(m for m in sys.modules if m.startswith('holidays.countries.')),"
        " file=sys.stderr)"), str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stderr.strip() == "['holidays.countries.brazil']"
    trimmed = json.loads(result.stdout)
    whole = subprocess.run([sys.executable, "-c", HOLIDAYS_BY_UF], capture_output=True,
                           text=True, cwd=ROOT, check=True)
    assert trimmed == json.loads(whole.stdout)
    assert "2026-11-20" in trimmed["SP"]["2026"]       # Consciência Negra (Lei 14.759/2023)
    assert "2026-07-28" in trimmed["MA"]["2026"]       # Adesão do Maranhão
    assert "2026-07-28" not in trimmed["XX"]["2026"]   # unknown UF: national holidays only


def test_holidays_blocked_module_is_refused_by_the_import_hook(tmp_path):
    """The hook of the test above refuses what the installer leaves out (so that test
    cannot pass by reaching the .venv's full package)."""
    import subprocess
    _trimmed_holidays(tmp_path)
    for statement in ("holidays.Germany(years=2026)", "import holidays.financial"):
        result = subprocess.run([sys.executable, "-c", f"{ONLY_TRIMMED}{statement}\n",
                                 str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
        assert result.returncode == 1
        assert "não vai no instalador" in result.stderr


def test_check_fails_when_a_shipped_binary_names_a_dropped_file(tmp_path, monkeypatch):
    """icudtl.dat and Qt6Test.dll are dropped because nothing shipped loads them; a DLL that
    names one (as QtWebEngine names icudtl.dat, in UTF-16 or not) fails installer-check."""
    check = _load("check")
    monkeypatch.setattr(check, "PAYLOAD", tmp_path)
    (tmp_path / "pkgs" / "PySide6").mkdir(parents=True)
    (tmp_path / "pkgs" / "PySide6" / "Qt6Pdf.dll").write_bytes(b"MZ...qt6gui.dll...")
    (tmp_path / "pkgs" / "readme.txt").write_text("icudtl.dat")  # not a binary: ignored
    assert check.check_dropped_names() == []
    (tmp_path / "pkgs" / "PySide6" / "Qt6Pdf.dll").write_bytes(
        b"MZ..." + "resources\\ICUDTL.DAT".encode("utf-16-le"))
    (tmp_path / "pkgs" / "PySide6" / "QtCore.pyd").write_bytes(b"MZ...Qt6Test...")
    assert check.check_dropped_names() == [
        str(Path("pkgs/PySide6/Qt6Pdf.dll")) + " menciona icudtl, que a compilação tira: "
        "confira se o programa precisa dele",
        str(Path("pkgs/PySide6/QtCore.pyd")) + " menciona qt6test, que a compilação tira: "
        "confira se o programa precisa dele"]


def _package(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = folder / "holidays" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder / "holidays"


def test_holiday_trim_follows_names_through_reexporting_packages(tmp_path):
    package = _package(tmp_path, {
        "__init__.py": "from typing import TYPE_CHECKING\nfrom holidays.base import *\n"
                       "if TYPE_CHECKING:\n    from holidays.financial import *\n",
        "base.py": "def helper():\n    from holidays.calendars import LUNAR\n",
        "financial/__init__.py": "from holidays.financial.nyse import NYSE\n",
        "financial/nyse.py": "",
        "calendars/__init__.py": '"""doc"""\nfrom holidays.calendars.gregorian import JAN\n'
                                 "from holidays.calendars.lunar import LUNAR, MOON\n"
                                 "from holidays.calendars.hebrew import HEBREW\n",
        "calendars/gregorian.py": "JAN = 1\n", "calendars/lunar.py": "LUNAR = MOON = 2\n",
        "calendars/hebrew.py": "HEBREW = 3\n",
        "groups/__init__.py": "from holidays.groups.christian import Christian\n"
                              "from holidays.groups.islamic import Islamic\n",
        "groups/christian.py": "from holidays.calendars.gregorian import JAN\n",
        "groups/islamic.py": "from holidays.calendars.hebrew import HEBREW\n",
        "countries/__init__.py": "from holidays.countries.brazil import Brazil, BR\n"
                                 "from holidays.countries.chile import (\n    Chile,\n    CL,\n)\n",
        "countries/brazil.py": "from holidays.groups import Christian\n"
                               "class Brazil:\n    country = 'BR'\n",
        "countries/chile.py": "from holidays.groups import Islamic\n"
                              "class Chile:\n    country = 'CL'\n",
        "mixins/__init__.py": "import os\nfrom holidays.mixins.extra import Extra\n",
        "locale/pt_BR/LC_MESSAGES/BR.mo": "", "locale/pt_BR/LC_MESSAGES/CL.mo": "",
    })
    summary = holiday_trim.trim(package)
    kept = sorted(p.relative_to(package).as_posix() for p in package.rglob("*") if p.is_file())
    assert kept == ["__init__.py", "base.py", "calendars/__init__.py", "calendars/gregorian.py",
                    "calendars/lunar.py", "countries/__init__.py", "countries/brazil.py",
                    "groups/__init__.py", "groups/christian.py",
                    "locale/pt_BR/LC_MESSAGES/BR.mo"]
    assert summary["catalogues"] == ["BR"] and summary["removed"] == 6
    code = lambda name: [line for line in (package / name).read_text().splitlines()  # noqa: E731
                         if not line.startswith("#")]
    assert code("countries/__init__.py") == ["from holidays.countries.brazil import Brazil, BR"]
    assert code("calendars/__init__.py") == [
        "from holidays.calendars.gregorian import JAN",
        "from holidays.calendars.lunar import LUNAR, MOON"]
    with pytest.raises(holiday_trim.TrimError, match="holidays.countries.peru"):
        holiday_trim.needed(package, countries=("peru",))
    assert "pkgs/PySide6/resources" in build.OTHER_DROPPED  # icudtl.dat, 10.5 MB


def _loopback_tsa(folder: Path):
    """An RFC 3161 time-stamp server on 127.0.0.1 (openssl ts -reply behind http.server),
    with its own throwaway certificate: (server, url, its certificate)."""
    import datetime
    import http.server
    import subprocess
    import threading
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID
    folder.mkdir()
    key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "TSA de teste")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(1)
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=2))
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]),
                           critical=True)
            .sign(key, hashes.SHA256()))
    (folder / "tsa.pem").write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    (folder / "tsa.key").write_bytes(key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()))
    (folder / "serial").write_text("01\n")
    (folder / "tsa.cnf").write_text(f"""\
[ tsa ]
default_tsa = tsa_config1
[ tsa_config1 ]
serial = {folder / 'serial'}
signer_cert = {folder / 'tsa.pem'}
certs = {folder / 'tsa.pem'}
signer_key = {folder / 'tsa.key'}
signer_digest = sha256
default_policy = 1.2.3.4.1
digests = sha256, sha384, sha512
accuracy = secs:1
ess_cert_id_alg = sha256
ess_cert_id_chain = no
""")

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            query = self.rfile.read(int(self.headers["Content-Length"]))
            reply = subprocess.run(["openssl", "ts", "-reply", "-config",
                                    str(folder / "tsa.cnf"), "-queryfile", "/dev/stdin",
                                    "-out", "/dev/stdout"], input=query, capture_output=True)
            self.send_response(200 if reply.returncode == 0 else 500)
            self.send_header("Content-Type", "application/timestamp-reply")
            self.send_header("Content-Length", str(len(reply.stdout)))
            self.end_headers()
            self.wfile.write(reply.stdout)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", folder / "tsa.pem"


@pytest.mark.skipif(signing.shutil.which("osslsigncode") is None or
                    signing.shutil.which("openssl") is None,
                    reason="osslsigncode/openssl (Debian) absent: .ci/run installs them")
def test_signature_carries_an_rfc3161_timestamp_from_the_configured_server(tmp_path):
    """The timestamp URL from configuration is used as an RFC 3161 server (a loopback one
    here: CI has no internet), and the signature's timestamp verifies."""
    stubs = _load("wine_stubs")
    binary = tmp_path / "stub.dll"
    binary.write_bytes(stubs.stub_dll("stub.dll", {"f": None}))
    server, url, tsa_cert = _loopback_tsa(tmp_path / "tsa")
    try:
        config = tmp_path / "signing.toml"
        config.write_text(f'timestamp_url = "{url}"\ndescription = "teste"\n')
        pfx, pem = signing.make_test_certificate(tmp_path / "cert")
        signer = signing.configured(env={signing.ENV_CERT: str(pfx),
                                         signing.ENV_PASSWORD: "teste"}, config_path=config)
        assert signer.timestamp_url == url
        signing.sign_file(signer, binary)
    finally:
        server.shutdown()
        server.server_close()
    ok, output = signing.verify_file(binary, pem, tsa_ca_file=tsa_cert)
    assert ok, output
    assert "Timestamp Server Signature verification: ok" in output


def test_the_installer_ships_every_qt_catalogue_the_program_loads():
    """Issue 19: Qt's own dialogs in Portuguese on Windows too."""
    from mototaxi_desk.gui.translations import QT_CATALOGUES
    assert {f"{name}.qm" for name in QT_CATALOGUES} == set(build.QT_TRANSLATIONS)


def test_payload_check_refuses_keys_and_databases_not_a_librarys_certificates(tmp_path):
    """installer/check.py: a private key or a database in the payload is refused; certifi's
    and pyHanko's bundles of public certificates are the libraries' own files."""
    check = _load("check")
    bundle = tmp_path / "cacert.pem"
    bundle.write_text("# Issuer: CN=Raiz\n-----BEGIN CERTIFICATE-----\nMIIB\n"
                      "-----END CERTIFICATE-----\n")
    key = tmp_path / "qr-2111102.pem"
    key.write_text("-----BEGIN PRIVATE KEY-----\nMC4C\n-----END PRIVATE KEY-----\n")
    empty = tmp_path / "x.key"
    empty.write_text("segredo")
    database = tmp_path / "mototaxi.db"
    database.write_bytes(b"SQLite format 3\0")
    assert [check.is_stray_data(p) for p in (bundle, key, empty, database)] == \
        [False, True, True, True]


def test_the_installer_carries_the_top_level_resources_into_the_package(tmp_path):
    """Issue 38: resources/ lives at the top level, beside ui/; the installer's pkgs/ has it
    inside the package as mototaxi_desk/resources/, as the wheel does, the payload check asks
    for every file of it, and the staged package reads it there through importlib.resources."""
    check = _load("check")
    assert build.mapped_packages() == {"mototaxi_desk.resources": ROOT / "resources"}
    build.stage_app(tmp_path)
    assert not (tmp_path / "resources").exists()
    shipped = sorted(p.relative_to(ROOT / "resources").as_posix()
                     for p in (ROOT / "resources").rglob("*")
                     if p.is_file() and "__pycache__" not in p.parts)
    assert "profiles/sao-raimundo-das-mangabeiras-2019.toml" in shipped
    staged = tmp_path / "mototaxi_desk" / "resources"
    for name in shipped:
        assert (staged / name).read_bytes() == (ROOT / "resources" / name).read_bytes(), name
    assert not list(tmp_path.rglob("__pycache__"))
    expected = set(check.expected_paths())
    assert {f"pkgs/mototaxi_desk/resources/{name}" for name in shipped} <= expected
    # the staged package alone on the path (no site: no editable install to fall back on)
    out = subprocess.run([sys.executable, "-S", "-c",
                          "from mototaxi_desk import package_data as p\n"
                          "for kind in p.KINDS: print(kind, len(p.files(kind)), p.folder(kind))"],
                         env={"PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"},
                         cwd=tmp_path, capture_output=True, text=True, check=True).stdout
    assert len(out.splitlines()) == 4, out
    for line in out.splitlines():
        kind, count, folder = line.split(" ", 2)
        assert int(count) > 0 and Path(folder) == staged / kind, line


def test_the_installer_icon_is_drawn_from_the_top_level_images(tmp_path):
    pytest.importorskip("PIL")
    icon = build.make_icon(tmp_path / "x.ico")
    assert icon.read_bytes()[:4] == b"\0\0\1\0"  # an ICO file

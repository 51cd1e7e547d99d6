"""Check the built Windows installer without Windows (`make installer-check`).

1. payload: extract dist/MototaxiDesk-<version>-setup.exe with 7z; the files the program
   needs are there and nothing of what the build drops, which no shipped binary names;
   every DLL finds what it imports; setup, uninstaller and launcher are 64-bit;
2. signatures: setup, uninstaller and launcher verified with osslsigncode (against
   MOTOTAXI_SIGN_CA when given); an unsigned build is reported loudly and fails under CI;
3. the real setup.exe under wine64 (wine.py: throwaway prefix, Xvfb, the 32-bit trap refused),
   once for each earlier release of installer/releases.toml (previous.py), oldest first:
   the release installed per user with /S, a database made and a card printed with it; this
   version installed over it with /S: same folder, the old files gone, the data folder
   byte-identical, then the new program migrates it, the old card still verifies and the
   login window opens on it; uninstalled, and the next release on a data folder of its own;
4. the GUI, after the upgrade from the last release: the Start-menu shortcut opens the
   login window (wine stand-ins in the prefix only: wine_stubs.py), a screenshot that is not
   blank; with the window open, setup and uninstaller exit 3 and change nothing; the print
   preview draws a card with QtPdf and prints it;
5. uninstall per user (data kept), then a per-machine install (/AllUsers: Program Files,
   HKLM) where the installed launcher runs init, demo, print card, verify, verifier export
   and the self-test
   on a new database, and the installed program's holiday calendar equals the whole
   package's for every UF; its uninstall.
Exits non-zero with a message naming the first failed step.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402  (installer/build.py)
import pe  # noqa: E402
import previous  # noqa: E402
import signing  # noqa: E402
import wine_stubs  # noqa: E402
from wine import Prefix, Screen, WineError  # noqa: E402

ROOT = build.ROOT
WORK = ROOT / "build" / "check"
PAYLOAD = WORK / "payload"
UNINSTALL_KEY = "Software\\Microsoft\\Windows\\CurrentVersion\\Uninstall\\" + \
    build.INSTALL_FOLDER
SHORTCUT = f"{build.APP_TITLE}.lnk"
ADMIN_PASSWORD = "senha-de-teste-1"
ICU_WHEEL = "pyicu-wheels==2.15.2"   # win_amd64 wheel with icuuc77.dll/icudt77.dll (check only)
LOGIN_TITLE = "Entrar"               # gui/app.py: "Mototáxi Desk — Entrar"
GUI_TIMEOUT = 180
EXIT_PROGRAM_OPEN = 3                # installer/mototaxi-desk.nsi, REFUSE_WHILE_RUNNING


class CheckError(Exception):
    pass


# -- 1. payload --------------------------------------------------------------------------

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
    paths += ["pkgs/mototaxi_desk/__main__.py", "pkgs/mototaxi_desk/demo/selftest.py",
              "pkgs/shiboken6/shiboken6.abi3.dll", "pkgs/shiboken6/Shiboken.pyd",
              "pkgs/PySide6/pyside6.abi3.dll",
              "pkgs/PySide6/__init__.py", "pkgs/PySide6/plugins/platforms/qwindows.dll",
              "pkgs/PySide6/Qt6Core.dll", "pkgs/PySide6/Qt6Gui.dll",
              "pkgs/PySide6/Qt6Widgets.dll", "pkgs/PySide6/msvcp140.dll",
              "pkgs/holidays/countries/brazil.py", "pkgs/holidays/locale/pt_BR/LC_MESSAGES/BR.mo",
              "bin/mototaxi-desk.exe", "uninstall.exe", "mototaxi-desk.ico"]
    paths += [f"pkgs/PySide6/{module}.pyd" for module in build.QT_MODULES]
    paths += [f"pkgs/PySide6/plugins/{plugin}" for plugin in build.QT_PLUGINS]
    paths += [f"pkgs/PySide6/translations/{name}" for name in build.QT_TRANSLATIONS]
    # every file of the top-level resources/ (profiles, fonts, images, icons), carried into
    # the package as mototaxi_desk/resources/ (build.stage_app)
    for package, source in build.mapped_packages().items():
        target = "pkgs/" + package.replace(".", "/")
        paths += [f"{target}/{p.relative_to(source).as_posix()}"
                  for p in sorted(source.rglob("*"))
                  if p.is_file() and "__pycache__" not in p.parts]
    return list(dict.fromkeys(paths))


# What the build drops (a sample of each kind): none of it may come back unnoticed.
DROPPED = ("pkgs/PySide6/qml", "pkgs/PySide6/Qt6WebEngineCore.dll", "pkgs/PySide6/Qt6Quick.dll",
           "pkgs/PySide6/Qt63DCore.dll", "pkgs/PySide6/designer.exe", "pkgs/PySide6/include",
           "pkgs/qrcode/tests", "pkgs/PySide6/resources/icudtl.dat", "pkgs/PySide6/QtTest.pyd",
           "pkgs/PySide6/Qt6Test.dll", "pkgs/holidays/countries/germany.py",
           "pkgs/holidays/countries/united_states.py", "pkgs/holidays/financial",
           "pkgs/holidays/calendars/hebrew.py", "pkgs/holidays/locale/pt_BR/LC_MESSAGES/AR.mo",
           "pkgs/mototaxi_desk/gui/screenshots.py")
# Dropped files a shipped binary could still load by name (not through its import table):
# no DLL, PYD or EXE of the payload may name them.
DROPPED_NAMES = ("icudtl.dat", "Qt6Test.dll")


def is_stray_data(path: Path) -> bool:
    """A database or a private key that a build from a working folder could carry along. A
    library's bundle of public certificates (certifi's CA list, pyHanko's trust anchors) is
    part of that library, not data: PEM files holding only certificates pass."""
    if path.suffix in (".db", ".db-wal"):
        return True
    if path.suffix not in (".pem", ".key") or not path.is_file():
        return False
    text = path.read_bytes()
    return b"PRIVATE KEY" in text or b"-----BEGIN CERTIFICATE-----" not in text


def check_payload() -> list[str]:
    """Problems found in the extracted payload (empty when all is well)."""
    problems = [f"falta {path}" for path in expected_paths() if not (PAYLOAD / path).is_file()]
    launchers = list(PAYLOAD.glob("*.launch.pyw"))
    if not launchers:
        problems.append("falta o script de início (*.launch.pyw) dos atalhos")
    pth = PAYLOAD / "Python" / f"python{build.PYTHON_TAG.replace('.', '')}._pth"
    if pth.is_file() and "..\\pkgs" not in pth.read_text(encoding="utf-8", errors="replace"):
        problems.append(f"{pth.name} não põe ..\\pkgs no caminho de importação")
    problems += [f"sobrou {path}, que o programa não usa" for path in DROPPED
                 if (PAYLOAD / path).exists()]
    data = [p for p in PAYLOAD.rglob("*") if is_stray_data(p)]
    problems += [f"arquivo de dados dentro do programa: {p.relative_to(PAYLOAD)}" for p in data]
    if any(PAYLOAD.rglob("__pycache__")):
        problems.append("__pycache__ no instalador (o instalador compila no destino)")
    return problems


def check_dropped_names() -> list[str]:
    """No shipped binary names a dropped file (ASCII or UTF-16, any case): Chromium's ICU data
    is read by QtWebEngine, which is not shipped, and by nothing the payload carries."""
    stems = [Path(name).stem.lower() for name in DROPPED_NAMES]
    patterns = [(stem, form) for stem in stems
                for form in (stem.encode(), stem.encode("utf-16-le"))]
    problems = []
    for binary in sorted(PAYLOAD.rglob("*")):
        if binary.suffix.lower() in (".dll", ".pyd", ".exe") and binary.is_file():
            data = binary.read_bytes().lower()
            named = sorted({stem for stem, form in patterns if form in data})
            problems += [f"{binary.relative_to(PAYLOAD)} menciona {stem}, que a compilação "
                         "tira: confira se o programa precisa dele" for stem in named]
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


def signed_files(installer: Path) -> list[Path]:
    """The files the build signs: the setup, its uninstaller and the command launcher."""
    return [installer, PAYLOAD / "uninstall.exe", *sorted((PAYLOAD / "bin").glob("*.exe"))]


def check_architecture(installer: Path) -> list[str]:
    return [f"{p.name} é {pe.machine(p.read_bytes())}, não amd64 (64 bits)"
            for p in signed_files(installer) if pe.machine(p.read_bytes()) != "amd64"]


def check_version_resource(installer: Path, version: str) -> list[str]:
    """setup.exe and its uninstaller carry the product version (Properties › Details)."""
    problems = []
    for path in (installer, PAYLOAD / "uninstall.exe"):
        try:
            found = build.pe_product_version(path.read_bytes())
        except ValueError:
            found = None
        if found != version:
            problems.append(f"{path.name}: versão no recurso {found!r}, esperado {version}")
    return problems


# -- 2. signatures -----------------------------------------------------------------------

def check_signatures(installer: Path, env=None) -> str:
    env = env if env is not None else os.environ
    files = signed_files(installer)
    unsigned = [p.name for p in files if not signing.has_signature(p)]
    if len(unsigned) == len(files):
        if env.get("CI"):
            raise CheckError("instalador NÃO ASSINADO no CI: o CI assina com um certificado "
                             "de teste (.ci/run) para provar a assinatura")
        print(signing.UNSIGNED_WARNING, file=sys.stderr)
        return "NÃO ASSINADO"
    if unsigned:
        raise CheckError(f"assinatura parcial: sem assinatura {', '.join(unsigned)}")
    ca = Path(env["MOTOTAXI_SIGN_CA"]) if env.get("MOTOTAXI_SIGN_CA") else None
    for path in files:
        ok, output = signing.verify_file(path, ca)
        if not ok:
            raise CheckError(f"assinatura de {path.name} não confere:\n{output[-1500:]}")
    stamped = "Timestamp is not available" not in signing.verify_file(installer, ca)[1]
    return (f"{len(files)} arquivos assinados e conferidos"
            f"{'' if ca is None else ' (cadeia: ' + ca.name + ')'}, "
            f"{'com' if stamped else 'sem'} carimbo de tempo")


# -- 3. the installer under wine ---------------------------------------------------------

class Machine:
    """The Windows 'machine' of the check: a prefix, its screen and where things go."""

    def __init__(self, prefix: Prefix, screen: Screen):
        self.prefix = prefix
        self.screen = screen

    @property
    def local_appdata(self) -> Path:
        return self.prefix.user_folder / "AppData" / "Local"

    @property
    def data(self) -> Path:
        return self.local_appdata / "MototaxiDesk"

    @property
    def roaming_data(self) -> Path:
        """%APPDATA%\\MototaxiDesk: the second copy of each audit checkpoint (marcos)."""
        return self.prefix.user_folder / "AppData" / "Roaming" / "MototaxiDesk"

    @property
    def user_install(self) -> Path:
        return self.local_appdata / "Programs" / build.INSTALL_FOLDER

    @property
    def machine_install(self) -> Path:
        return self.prefix.drive_c / "Program Files" / build.INSTALL_FOLDER

    def windows(self, path: Path) -> str:
        return "C:\\" + "\\".join(path.relative_to(self.prefix.drive_c).parts)

    def shortcuts(self, all_users: bool) -> list[Path]:
        if all_users:
            return [self.prefix.drive_c / "ProgramData" / "Microsoft" / "Windows" /
                    "Start Menu" / "Programs" / SHORTCUT,
                    self.prefix.drive_c / "users" / "Public" / "Desktop" / SHORTCUT]
        user = self.prefix.user_folder
        return [user / "AppData" / "Roaming" / "Microsoft" / "Windows" / "Start Menu" /
                "Programs" / SHORTCUT, user / "Desktop" / SHORTCUT]

    def setup(self, installer: str, *args: str) -> int:
        result = self.prefix.run(installer, "/S", *args)
        self.prefix.wait()
        return result.returncode

    def uninstall(self, folder: Path) -> int:
        """The uninstaller as Add/Remove Programs runs it (it copies itself to %TEMP% and
        returns at once): wait for every process of the prefix to end."""
        result = self.prefix.run(self.windows(folder / "uninstall.exe"), "/S")
        self.prefix.wait()
        return result.returncode

    def cli(self, folder: Path, *args: str, stdin: str | None = None,
            env: dict[str, str] | None = None, expect: int = 0) -> dict:
        """The installed `mototaxi-desk` command (bin/mototaxi-desk.exe) with --json, logged
        in as the admin `init` made (a release before named actors ignores the variables)."""
        launcher = self.windows(folder / "bin" / "mototaxi-desk.exe")
        env = {"MOTOTAXI_USER": "admin", "MOTOTAXI_PASSWORD": ADMIN_PASSWORD, **(env or {})}
        result = self.prefix.run(launcher, "--json", *args, stdin=stdin, env=env)
        if result.returncode != expect:
            raise CheckError(f"mototaxi-desk {' '.join(args[:2])} terminou com código "
                             f"{result.returncode} (esperado {expect}):\n"
                             + (result.stdout + result.stderr)[-3000:])
        try:
            return json.loads(result.stdout) if result.stdout.strip() else {}
        except json.JSONDecodeError:
            return {"text": result.stdout}

    def registry(self, all_users: bool, name: str) -> str | None:
        return self.prefix.reg_value(("HKLM\\" if all_users else "HKCU\\") + UNINSTALL_KEY,
                                     name)


def snapshot(folder: Path) -> dict[str, str]:
    """SHA-256 of every file under `folder`, by relative path."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def compare_snapshots(before: dict[str, str], after: dict[str, str]) -> list[str]:
    changed = [f"alterado {k}" for k in before if k in after and before[k] != after[k]]
    return changed + [f"sumiu {k}" for k in before if k not in after] + \
        [f"apareceu {k}" for k in after if k not in before]


def schema_version(database: Path) -> int:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        table = db.execute("SELECT name FROM sqlite_master WHERE type='table' AND "
                           "replace(name, '_', '') = 'schemaversion'").fetchone()[0]
        return db.execute(f"SELECT MAX(version) FROM {table}").fetchone()[0]


def init_args(demo_database: bool = False) -> list[str]:
    """`init`; `demo_database` for a database that takes `demo` (not in older releases)."""
    return ["init", "--profile", "sao-raimundo-das-mangabeiras-2019", "--municipio",
            "Sao Raimundo das Mangabeiras", "--uf", "MA", "--ibge", "2111102",
            "--population", "18540", "--fiscal-unit-value", "48,26",
            "--admin-password-stdin"] + (["--demo-database"] if demo_database else [])


def check_install(m: Machine, folder: Path, version: str, all_users: bool,
                  previous_release: bool = False) -> list[str]:
    """Problems with an installation: files, registry, shortcuts, PATH (the previous
    release wrote no EstimatedSize)."""
    problems = [f"falta {folder / p}" for p in ("uninstall.exe", "bin/mototaxi-desk.exe",
                                                 "Python/pythonw.exe")
                if not (folder / p).is_file()]
    location = m.registry(all_users, "InstallLocation")
    if location != m.windows(folder):
        problems.append(f"InstallLocation {location!r}, esperado {m.windows(folder)!r}")
    if m.registry(all_users, "DisplayVersion") != version:
        problems.append(f"DisplayVersion {m.registry(all_users, 'DisplayVersion')!r}, "
                        f"esperado {version}")
    size = m.registry(all_users, "EstimatedSize")
    actual = build.folder_size(folder) / 1024 if folder.is_dir() else 0
    if not previous_release and (size is None or abs(int(size, 0) - actual) > 0.05 * actual):
        problems.append(f"EstimatedSize {size!r} KB, mas a pasta tem {actual:.0f} KB")
    problems += [f"falta o atalho {p}" for p in m.shortcuts(all_users) if not p.exists()]
    hive = "HKLM\\SYSTEM\\CurrentControlSet\\Control\\Session Manager\\Environment" \
        if all_users else "HKCU\\Environment"
    path = m.prefix.reg_value(hive, "PATH") or ""
    if m.windows(folder / "bin").lower() not in path.lower():
        problems.append(f"{m.windows(folder / 'bin')} não está no PATH ({hive})")
    return problems


def check_removed(m: Machine, folder: Path, all_users: bool) -> list[str]:
    problems = [f"sobrou {p}" for p in [folder, *m.shortcuts(all_users)] if p.exists()]
    if m.registry(all_users, "UninstallString") is not None:
        problems.append("a chave de desinstalação ficou no registro")
    return problems


def takes_demo_database(m: Machine, folder: Path) -> bool:
    """Whether the installed release's `init` has --demo-database (0.2.0 on: `demo` fills only
    a database made as a demo one), read from its own help."""
    return "--demo-database" in m.cli(folder, "init", "--help").get("text", "")


def upgrade_from(m: Machine, release: previous.Release, new_installer: str) -> dict:
    """An earlier release per user, data made with it, this version over it: the data
    folder untouched by the installer, then migrated by the program, the old card valid."""
    started = time.perf_counter()
    old_exe, cached = previous.installer(release)
    print(f"  versão {release.version} ({release.commit[:12]}): {old_exe.name}"
          f"{' (cache)' if cached else ' (compilado agora)'}, "
          f"{old_exe.stat().st_size / 1e6:.1f} MB, {time.perf_counter() - started:.0f} s")
    code = m.setup(m.prefix.put(old_exe))
    if code != 0:
        raise CheckError(f"instalação silenciosa da versão {release.version}: código {code}")
    folder = m.user_install
    problems = check_install(m, folder, release.version, all_users=False,
                             previous_release=True)
    if problems:
        raise CheckError(f"versão {release.version} instalada com problemas:\n  "
                         + "\n  ".join(problems))
    m.cli(folder, *init_args(demo_database=takes_demo_database(m, folder)),
          stdin=f"{ADMIN_PASSWORD}\n{ADMIN_PASSWORD}\n")
    m.cli(folder, "demo", "--holders", "12")
    card = m.cli(folder, "print", "card", "1", "-o", "C:\\cartao-versao-anterior.pdf")
    old_qr = card["copies"][0]["qr_text"]
    old_schema = schema_version(m.data / "mototaxi.db")
    old_size = build.folder_size(folder) / 1e6
    print(f"  {release.version} instalada por usuário (/S, {old_size:.1f} MB instalados); "
          f"banco criado com ela (esquema v{old_schema}, 12 permissionários), cartão impresso")
    # a module the new version no longer has must not survive the upgrade
    stale = folder / "pkgs" / "mototaxi_desk" / "modulo_da_versao_anterior.py"
    stale.write_text("# only in the previous version\n", encoding="utf-8")
    before = snapshot(m.data)

    version = build.app_version()
    code = m.setup(new_installer)
    if code != 0:
        raise CheckError(f"atualização silenciosa de {release.version} para {version}: "
                         f"código {code}")
    problems = check_install(m, folder, version, all_users=False)
    if stale.exists():
        problems.append(f"arquivo da versão anterior sobreviveu: {stale.name}")
    problems += [f"pasta de dados mudou com a instalação: {p}"
                 for p in compare_snapshots(before, snapshot(m.data))]
    if problems:
        raise CheckError(f"atualização de {release.version}:\n  " + "\n  ".join(problems))
    print(f"  {version} instalada por cima (/S): mesma pasta, arquivos antigos removidos, "
          f"pasta de dados idêntica byte a byte ({len(before)} arquivos)")

    report = m.cli(folder, "check")
    new_schema = schema_version(m.data / "mototaxi.db")
    from mototaxi_desk.store import migrations
    if new_schema != migrations.LATEST:
        raise CheckError(f"o banco da versão {release.version} ficou no esquema "
                         f"v{new_schema}, esperado v{migrations.LATEST}")
    if new_schema > old_schema:
        copies = list((m.data / "backups").glob(f"*antes-migracao-v{old_schema}*.db"))
        if not copies:
            raise CheckError(f"migração v{old_schema} → v{new_schema} sem a cópia "
                             "'antes-migracao' em backups/")
        print(f"  migração v{old_schema} → v{new_schema} feita pelo programa novo, cópia "
              f"{copies[0].name}")
    else:
        print(f"  AVISO: a versão {release.version} já tinha o esquema v{old_schema}: esta "
              "atualização não migrou o banco (a próxima versão com migração o fará)")
    verified = m.cli(m.user_install, "verify", old_qr)
    if not verified.get("valid"):
        raise CheckError(f"o cartão impresso pela versão {release.version} não confere: "
                         f"{verified}")
    print(f"  check: {'ok' if report.get('ok', True) else report}; cartão da versão "
          f"{release.version} confere: {verified['message']}")
    return {"version": release.version, "old_schema": old_schema, "new_schema": new_schema,
            "installed_mb": old_size, "cached": cached}


def start_over(m: Machine, release: str) -> None:
    """Between two upgrade rounds: this version uninstalled per user (checked), the data
    folder of the round set aside (build/check/dados-<release>) with the user's roaming
    folder (the second copy of each audit checkpoint: a new database of the same name, made
    next round with other keys, would otherwise meet the first round's checkpoint), as on
    another computer."""
    code = m.uninstall(m.user_install)
    problems = ([f"código {code}"] if code else []) + \
        check_removed(m, m.user_install, all_users=False)
    if problems:
        raise CheckError(f"desinstalação depois da atualização de {release}:\n  "
                         + "\n  ".join(problems))
    kept = WORK / f"dados-{release}"
    shutil.rmtree(kept, ignore_errors=True)
    shutil.move(m.data, kept)
    if m.roaming_data.exists():
        shutil.move(m.roaming_data, kept / "Roaming-MototaxiDesk")
    print(f"  desinstalado; pasta de dados da rodada guardada em {kept.relative_to(ROOT)}")


def icu_files() -> dict[str, bytes]:
    """ICU's DLLs from a win_amd64 wheel on PyPI (cached), for the check's prefix only."""
    folder = build.CACHE / "wine-check"
    folder.mkdir(parents=True, exist_ok=True)
    if not list(folder.glob("*.whl")):
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--disable-pip-version-check", "--only-binary=:all:", "--platform",
                        build.PLATFORM, "--python-version", build.PYTHON_TAG, "-d",
                        str(folder), ICU_WHEEL], check=True)
    wheel = next(folder.glob("*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        return {Path(n).name: archive.read(n) for n in archive.namelist()
                if Path(n).name.lower().startswith(("icuuc", "icudt"))
                and n.lower().endswith(".dll")}


def screenshot_problem(image) -> str | None:
    """Why a screenshot is blank, or None: a window drawn on the screen has many colours
    (text, anti-aliasing) and covers a real part of it."""
    colours = image.getcolors(1 << 16) or []
    if len(colours) < 16:
        return f"{len(colours)} cores só"
    background = max(colours)[1]
    covered = sum(count for count, colour in colours if colour != background)
    share = covered / (image.width * image.height)
    if share < 0.02:
        return f"só {share:.1%} da tela desenhada"
    return None


# The print preview as the program opens it (gui/dialogs/print_preview.py): the printed card
# loaded by QtPdf and drawn in the dialog's QPdfView (read back until black shows: text and
# QR code, which a blank page lacks), then printed as the Imprimir button does, to a PDF
# printer (no spooler under wine) whose sheet is read back the same way. Run with the
# installed Python, without PySide6/resources/icudtl.dat, which the build drops.
PREVIEW_PROBE = """\
import sys, time
from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication
from PySide6.QtPrintSupport import QPrinter
app = QApplication([])
from mototaxi_desk.gui.dialogs import print_preview


def dark(image):  # the share of near-black pixels: text, QR code (a blank page: none)
    points = [(x, y) for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)]
    colours = [image.pixelColor(x, y) for x, y in points]
    return sum(1 for c in colours if c.alpha() > 128 and c.lightness() < 64) / len(points)


pdf = open(sys.argv[1], "rb").read()
dialog = print_preview.PrintPreviewDialog({"document": "card", "pdf": pdf,
                                           "copies": [{"copy": 1}], "reservation": None})
dialog.show()
shown, deadline = 0.0, time.monotonic() + 60
while shown < 0.002 and time.monotonic() < deadline:
    app.processEvents()
    time.sleep(0.2)
    shown = dark(dialog.view.grab().toImage())
printer = QPrinter(QPrinter.PrinterMode.HighResolution)
printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
printer.setOutputFileName(sys.argv[2])
printer.setResolution(print_preview.PRINT_DPI)
print_preview.render_to_printer(dialog.document, printer)
pages = dialog.document.pageCount()
dialog.done(0)
printed = print_preview.load_pdf(open(sys.argv[2], "rb").read())
paper = printed.pagePointSize(0) if printed.pageCount() else None  # the printer's paper
on_paper = dark(printed.render(0, QSize(600, round(600 * paper.height() / paper.width())))) \\
    if paper else 0.0
print(f"{pages} página(s); em preto: {shown:.1%} da pré-visualização, {on_paper:.2%} da "
      f"folha impressa" + (f" ({paper.width():.0f}x{paper.height():.0f} pt)" if paper else ""))
sys.exit(0 if pages >= 1 and shown >= 0.002 and on_paper >= 0.002 else 1)
"""


def install_gui_stubs(m: Machine, folder: Path) -> None:
    """The stand-ins wine 8 lacks for Qt's window (wine_stubs.py), in the prefix only."""
    system32 = m.prefix.drive_c / "windows" / "system32"
    qt_icu = pe.imported_functions((folder / "pkgs" / "PySide6" / "Qt6Core.dll")
                                   .read_bytes())["icuuc.dll"]
    mscms = pe.imported_functions((folder / "pkgs" / "PySide6" / "plugins" / "platforms" /
                                   "qwindows.dll").read_bytes()).get("mscms.dll", set())
    if not mscms <= set(wine_stubs.MSCMS_EXPORTS):
        raise CheckError(f"qwindows.dll importa de mscms.dll {sorted(mscms)}: atualize "
                         "wine_stubs.MSCMS_EXPORTS")
    stubs = wine_stubs.install_gui(system32, qt_icu, icu_files())
    print(f"  só no prefixo do wine: {', '.join(stubs)} ({len(qt_icu)} funções ucnv_* do "
          f"Qt6Core encaminhadas)")


def program_log(m: Machine) -> Path:
    return m.data / "logs" / "mototaxi-desk.log"


def log_errors(m: Machine, start: int) -> list[str]:
    """The program's log lines with an error or a traceback, written since `start`."""
    log = program_log(m)
    text = log.read_text("utf-8", "replace")[start:] if log.is_file() else ""
    return [line for line in text.splitlines() if " ERROR " in line or "Traceback" in line]


def open_login(m: Machine) -> tuple[str, float]:
    """The Start-menu shortcut until the login window is on the screen: (its title, s)."""
    log = program_log(m)
    log_start = log.stat().st_size if log.is_file() else 0
    started = time.perf_counter()
    m.prefix.start("start", "/unix", str(m.shortcuts(all_users=False)[0]))
    names: list[str] = []
    while time.perf_counter() - started < GUI_TIMEOUT:
        names = m.screen.window_names()
        if any(LOGIN_TITLE in n for n in names):
            return next(n for n in names if LOGIN_TITLE in n), time.perf_counter() - started
        time.sleep(2)
    raise CheckError(f"a janela de login não apareceu em {GUI_TIMEOUT} s; janelas: "
                     f"{sorted(set(names))[:10]}; registro:\n"
                     + (log.read_text("utf-8", "replace")[log_start:][-2000:]
                        if log.is_file() else "(sem registro)"))


def login_shows(m: Machine, release: str) -> None:
    """After an upgrade: the program opens its window on the migrated data, logs no error."""
    log = program_log(m)
    log_start = log.stat().st_size if log.is_file() else 0
    title, seconds = open_login(m)
    time.sleep(3)  # the start-up's background work logs its errors, if any
    m.prefix.kill()
    errors = log_errors(m, log_start)
    if errors:
        raise CheckError(f"o programa registrou erros ao abrir os dados da versão {release}:"
                         "\n  " + "\n  ".join(errors[:10]))
    print(f"  atalho do menu Iniciar → janela \"{title}\" em {seconds:.0f} s sobre os dados "
          f"da versão {release}, sem erro no registro")


def gui_smoke(m: Machine, folder: Path, new_installer: str) -> dict:
    """The installed program's window under wine: login, screenshot, 'program open', the
    print preview."""
    log = program_log(m)
    log_start = log.stat().st_size if log.is_file() else 0
    title, seconds = open_login(m)
    # the title comes first, the painting seconds later (more under load): wait for it
    painted_by = time.perf_counter() + GUI_TIMEOUT / 3
    while True:
        time.sleep(2)
        image = m.screen.screenshot()
        problem = screenshot_problem(image)
        if problem is None or time.perf_counter() > painted_by:
            break
    shot = WORK / "login.png"
    image.save(shot)
    if problem:
        raise CheckError(f"captura da tela de login em branco ({problem}) {GUI_TIMEOUT // 3} s "
                         f"depois de a janela aparecer: {shot}")
    print(f"  atalho do menu Iniciar → janela \"{title}\" em {seconds:.0f} s; captura "
          f"{shot.relative_to(ROOT)} não está em branco")

    before = snapshot(folder)
    code = m.prefix.run(new_installer, "/S").returncode
    # _?= runs the uninstaller in place, so its exit code is the script's (without it, it
    # copies itself to %TEMP%, starts the copy and returns 0 at once)
    uninstall = m.prefix.run_batch(f'"{m.windows(folder / "uninstall.exe")}" /S '
                                   f'_?={m.windows(folder)}').returncode
    if (code, uninstall) != (EXIT_PROGRAM_OPEN, EXIT_PROGRAM_OPEN):
        raise CheckError(f"com o programa aberto, instalador e desinstalador deviam sair com "
                         f"{EXIT_PROGRAM_OPEN}: saíram com {code} e {uninstall}")
    changes = compare_snapshots(before, snapshot(folder))
    if changes:
        raise CheckError("com o programa aberto, a instalação mudou:\n  " + "\n  ".join(changes))
    print(f"  com o programa aberto: instalador /S e desinstalador /S saem com código "
          f"{EXIT_PROGRAM_OPEN} e nada muda")

    pdf = m.cli(folder, "print", "card", "2", "-o", "C:\\cartao-pre-visualizacao.pdf")
    probe = m.prefix.run(m.windows(folder / "Python" / "python.exe"), "-c", PREVIEW_PROBE,
                         pdf["output"], "C:\\cartao-impresso.pdf")
    if probe.returncode:
        raise CheckError("a pré-visualização (QtPdf) não desenhou o cartão sob wine:\n"
                         + (probe.stdout + probe.stderr)[-2000:])
    print(f"  pré-visualização de impressão (QtPdf, QPdfView, impressão) sem icudtl.dat: "
          f"{probe.stdout.strip()}")
    m.prefix.kill()
    errors = log_errors(m, log_start)
    if errors:
        raise CheckError("o programa registrou erros com a janela aberta:\n  "
                         + "\n  ".join(errors[:10]))
    return {"login_seconds": round(seconds)}


# What the self-test does not reach: the compiled modules load (shiboken6, psycopg2 with its
# libpq DLLs, Pillow, cryptography, orjson: the phone's status list) and Brazil's holiday
# names survived the trimming (holiday_trim.py keeps the BR catalogues).
WINDOWS_PROBE = """\
import sys, holidays, shiboken6, psycopg2, PIL._imaging, cryptography.hazmat.bindings._rust
import orjson
names = holidays.Brazil(subdiv="MA", years=2026, language="pt_BR")
assert "Confraternização Universal" in names.values(), sorted(names.values())
assert orjson.dumps({"b": "ç", "a": 1}, option=orjson.OPT_SORT_KEYS) == '{"a":1,"b":"ç"}'.encode()
print(sys.version.split()[0], "holidays", len(names), "shiboken6", shiboken6.__version__,
      "psycopg2", psycopg2.__version__.split()[0], "libpq", psycopg2.__libpq_version__,
      "orjson", orjson.__version__)
"""

# The program's holiday calculation (national and state holidays, Carnival), every UF over
# the years a register spans, as JSON: the installed, trimmed package under wine must give
# what the whole package gives here (tests/test_installer.py compares the same on Linux).
HOLIDAYS_BY_UF = """\
import json, sys
from mototaxi_desk.domain import penalty_calendar, validators
print(json.dumps({uf: {year: sorted(d.isoformat()
                                    for d in penalty_calendar._public_holidays(uf, year))
                       for year in range(2015, 2036)}
                  for uf in validators.UFS + ("", "XX")}))
"""


def check_holidays(m: Machine, folder: Path) -> str:
    """The installed program's business-day calendar equals this machine's, every UF."""
    probe = m.prefix.run(m.windows(folder / "Python" / "python.exe"), "-c", HOLIDAYS_BY_UF)
    here = subprocess.run([sys.executable, "-c", HOLIDAYS_BY_UF], capture_output=True,
                          text=True, cwd=ROOT, check=True)
    try:
        installed = json.loads(probe.stdout)
    except json.JSONDecodeError:
        raise CheckError("feriados do programa instalado:\n"
                         + (probe.stdout + probe.stderr)[-3000:]) from None
    expected = json.loads(here.stdout)
    if installed != expected:
        wrong = sorted(uf for uf in expected if installed.get(uf) != expected[uf])
        raise CheckError(f"feriados do programa instalado diferem do pacote holidays inteiro "
                         f"nas UFs {', '.join(wrong)}")
    days = sum(len(v) for years in installed.values() for v in years.values())
    return f"{len(installed) - 2} UFs, 2015-2035, {days} feriados: iguais aos do pacote inteiro"


# the administrator's start-up integrity check runs in a child process of the window's
# interpreter (services/child_jobs.py): the installed pythonw.exe must start it and read back
# its answer, with the packages found through the parent's sys.path
CHILD_JOB_PROBE = """\
import json, sys
sys.executable = sys.executable[:-len("python.exe")] + "pythonw.exe"  # the window's
from mototaxi_desk import config
from mototaxi_desk.services import child_jobs
from mototaxi_desk.store.migrations import open_database
open_database(str(config.default_db_path()), check=False)
print(json.dumps({"problems": child_jobs.run("integrity")}))
"""


def per_machine(m: Machine, new_installer: str, python_version: str) -> None:
    """/AllUsers: Program Files and HKLM; a new database made with the installed launcher."""
    version = build.app_version()
    code = m.setup(new_installer, "/AllUsers")
    folder = m.machine_install
    problems = ([f"código {code}"] if code else []) + \
        check_install(m, folder, version, all_users=True)
    if problems:
        raise CheckError("instalação para todos os usuários (/AllUsers):\n  "
                         + "\n  ".join(problems))
    print(f"  /S /AllUsers: {m.windows(folder)}, chave em HKLM, atalhos de todos, PATH da "
          "máquina")
    probe = m.prefix.run(m.windows(folder / "Python" / "python.exe"), "-c", WINDOWS_PROBE)
    if probe.returncode or not probe.stdout.startswith(python_version + " "):
        raise CheckError(f"módulos compilados sob wine (esperado Python {python_version}):\n"
                         + (probe.stdout + probe.stderr)[-3000:])
    print(f"  Python instalado: {probe.stdout.strip()}")
    print(f"  calendário de dias úteis (holidays só com o Brasil): {check_holidays(m, folder)}")
    env = {"MOTOTAXI_DATA_DIR": "C:\\dados-teste"}
    m.cli(folder, *init_args(demo_database=True), stdin=f"{ADMIN_PASSWORD}\n{ADMIN_PASSWORD}\n",
          env=env)
    m.cli(folder, "demo", "--holders", "10", env=env)
    card = m.cli(folder, "print", "card", "1", "-o", "C:\\dados-teste\\cartao.pdf", env=env)
    verified = m.cli(folder, "verify", card["copies"][0]["qr_text"], env=env)
    if not (verified.get("valid") and verified.get("status", {}).get("permit_current")):
        raise CheckError(f"verify do cartão recém-impresso: {verified}")
    page = m.cli(folder, "verifier", "export", "-o", "C:\\dados-teste\\verificador.html",
                 env=env)
    if page.get("keys", 0) < 1 or page.get("bytes", 0) < 100_000:
        raise CheckError(f"verifier export no programa instalado: {page}")
    report = m.cli(folder, "self-test", env=env)
    if not report.get("ok"):
        raise CheckError(f"self-test falhou: {report}")
    print(f"  launcher instalado, banco novo: init, demo, print card ({card['bytes'] // 1024} "
          f"KB), verify ({verified['message']}), verifier export ({page['bytes'] // 1024} KB, "
          f"{page['keys']} chave(s)), self-test ({len(report['checks'])} "
          f"verificações, {report['seconds']} s)")
    child = m.prefix.run(m.windows(folder / "Python" / "python.exe"), "-c", CHILD_JOB_PROBE,
                         env=env)
    if child.returncode or child.stdout.strip() != '{"problems": []}':
        raise CheckError("a verificação de integridade em processo filho (pythonw.exe) "
                         "falhou:\n" + (child.stdout + child.stderr)[-3000:])
    print("  verificação de integridade do administrador em processo filho (pythonw.exe): "
          "nenhum problema")
    installed = build.folder_size(folder)
    data_before = snapshot(m.prefix.drive_c / "dados-teste")
    code = m.uninstall(folder)
    problems = ([f"código {code}"] if code else []) + check_removed(m, folder, all_users=True)
    problems += [f"dados mudaram: {p}" for p in
                 compare_snapshots(data_before, snapshot(m.prefix.drive_c / "dados-teste"))]
    if problems:
        raise CheckError("desinstalação (todos os usuários):\n  " + "\n  ".join(problems))
    print(f"  desinstalado (/S): pasta, atalhos e chave HKLM removidos; dados intactos "
          f"({installed / 1e6:.1f} MB estavam instalados)")


TRAP_SCRIPT = 'Name "trap"\nOutFile "{out}"\nRequestExecutionLevel user\nSection\nSectionEnd\n'


def check_wine32_trap(m: Machine) -> None:
    """A real 32-bit NSIS installer (the kind 0.1.0 shipped) must be refused twice: before
    it starts (its PE header), and by wine's own output when started anyway (exit 0)."""
    folder = WORK / "trap"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    (folder / "trap.nsi").write_text(TRAP_SCRIPT.format(out="trap32.exe"), encoding="utf-8")
    subprocess.run(["makensis", "-V1", "trap.nsi"], cwd=folder, check=True)
    program = m.prefix.put(folder / "trap32.exe")
    for preflight in (True, False):
        try:
            result = m.prefix.run(program, "/S", preflight=preflight)
        except WineError:
            continue
        raise CheckError(f"um instalador de 32 bits passou (código {result.returncode}) "
                         f"{'na pré-verificação' if preflight else 'pela saída do wine'}: a "
                         "armadilha do wine32 não foi detectada")
    print("  armadilha do wine32: um setup de 32 bits é recusado pelo cabeçalho e, se "
          "executado, pela saída do wine (que sai com código 0)")


def check_under_wine(installer: Path, python_version: str,
                     releases: list[previous.Release]) -> dict:
    screen = Screen(WORK / "screen")
    prefix = Prefix(WORK / "wineprefix", screen.display)
    m = Machine(prefix, screen)
    try:
        seconds = prefix.create()
        stubs = wine_stubs.install(prefix.drive_c / "windows" / "system32")
        print(f"  prefixo novo em {seconds:.0f} s (winemenubuilder desligado, HOME próprio; "
              f"só nele: {', '.join(stubs)})")
        check_wine32_trap(m)
        new_installer = prefix.put(installer)
        rounds = []
        for number, release in enumerate(releases):
            step = time.perf_counter()
            print(f"  [{number + 1}/{len(releases)}] de {release.version} para "
                  f"{build.app_version()}")
            if number:
                start_over(m, releases[number - 1].version)
            rounds.append(upgrade_from(m, release, new_installer))
            if number == 0:
                install_gui_stubs(m, m.user_install)
            if number < len(releases) - 1:  # the last one gets the whole window check below
                login_shows(m, release.version)
            print(f"  ({time.perf_counter() - step:.0f} s)")
        result = {"rounds": rounds}
        print("5/6 a janela do programa instalado (Xvfb)")
        step = time.perf_counter()
        result.update(gui_smoke(m, m.user_install, new_installer))
        result["installed_mb"] = build.folder_size(m.user_install) / 1e6
        data_before = snapshot(m.data)
        code = m.uninstall(m.user_install)
        problems = ([f"código {code}"] if code else []) + \
            check_removed(m, m.user_install, all_users=False)
        problems += [f"dados mudaram: {p}" for p in compare_snapshots(data_before,
                                                                      snapshot(m.data))]
        if problems:
            raise CheckError("desinstalação (usuário):\n  " + "\n  ".join(problems))
        print(f"  desinstalado (/S): pasta, atalhos e chave HKCU removidos; pasta de dados "
              f"intacta ({len(data_before)} arquivos) ({time.perf_counter() - step:.0f} s)")
        print("6/6 instalação para todos os usuários")
        step = time.perf_counter()
        per_machine(m, new_installer, python_version)
        print(f"  ({time.perf_counter() - step:.0f} s)")
        return result
    finally:
        prefix.kill()
        screen.close()


def main() -> int:
    started = time.perf_counter()
    try:
        version = build.app_version()
        installer = build.DIST / build.installer_filename(version)
        if not installer.is_file():
            raise CheckError(f"{installer.relative_to(ROOT)} não existe: rode `make installer`")
        print(f"1/6 extraindo {installer.name} ({installer.stat().st_size / 1e6:.1f} MB) com 7z")
        seconds = extract(installer)
        print(f"  {build.folder_size(PAYLOAD) / 1e6:.1f} MB no pacote, extraídos em "
              f"{seconds:.0f} s")
        problems = check_payload() + check_dropped_names() + check_dll_imports() + \
            check_architecture(installer) + check_version_resource(installer, version)
        if problems:
            raise CheckError("conteúdo:\n  " + "\n  ".join(problems))
        print(f"  {len(expected_paths())} arquivos essenciais presentes, nada do que a "
              "compilação tira, DLLs completas, setup/desinstalador/launcher de 64 bits, "
              f"recurso de versão {version}")
        print("2/6 assinaturas (osslsigncode)")
        print(f"  {check_signatures(installer)}")
        python_version = build.pe_product_version(
            (PAYLOAD / "Python" / f"python{build.PYTHON_TAG.replace('.', '')}.dll").read_bytes())
        if python_version != build.PYTHON_EXPECTED:
            raise CheckError(f"Python {python_version} no instalador, esperado "
                             f"{build.PYTHON_EXPECTED}")
        print("3/6 prefixo wine64 descartável e Xvfb")
        print("4/6 atualização a partir de cada versão anterior (setup.exe real, /S, por "
              "usuário)")
        releases = previous.earlier(version)
        print(f"  versões anteriores (installer/releases.toml): "
              f"{', '.join(r.version for r in releases)}")
        result = check_under_wine(installer, python_version, releases)
        earlier = "; ".join(f"{r['version']}: {r['installed_mb']:.1f} MB, esquema "
                            f"v{r['old_schema']} → v{r['new_schema']}"
                            for r in result["rounds"])
        print(f"installer-check: ok em {time.perf_counter() - started:.0f} s "
              f"(instalador {installer.stat().st_size / 1e6:.1f} MB, instalado "
              f"{result['installed_mb']:.1f} MB com os .pyc; atualizado a partir de "
              f"{len(result['rounds'])} versões — {earlier}; Python {python_version})")
        return 0
    except (CheckError, WineError, previous.PreviousReleaseError,
            signing.SigningError) as exc:
        print(f"make installer-check: {exc}", file=sys.stderr)
        return 1
    except subprocess.TimeoutExpired as exc:
        print(f"make installer-check: passou de {exc.timeout} s: {exc.cmd}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"make installer-check: o comando falhou ({exc.returncode}): {exc.cmd}",
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

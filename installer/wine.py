"""A throwaway wine64 prefix for `make installer-check`, with an Xvfb screen.

Everything lives under build/check/: the prefix, a HOME of its own (wine links the prefix's
Desktop and Documents to the Unix home, so shortcuts never land in the real one), and the
screen's frame buffer. winemenubuilder is disabled (no .desktop files), mscoree/mshtml are
not installed, and WMI (wbemprox) is disabled: wine 8 aborts the process in
propsys.VariantToString when Python's platform module asks WMI for the Windows version, and
without WMI Python falls back to GetVersionEx, as on a Windows whose WMI service is off.
"""
from __future__ import annotations

import codecs
import os
import shutil
import struct
import subprocess
import time
from pathlib import Path

# A 32-bit program on a wine64 without wine32 runs nothing and exits 0. Debian's `wine`
# wrapper prints "wine32 is missing"; wine64 itself logs the failed WoW64 start on its `err`
# channels (kept on by WINEDEBUG below). Any of these lines fails the step, whatever the
# exit code; run() also refuses a 32-bit .exe before starting it, and the check verifies
# every install by its effects (files, registry), never by the exit code alone.
WINE32_TRAPS = ("wine32 is missing", "wine32 is not installed", "in experimental wow64 mode",
                "load_wow64_ntdll", "syswow64\\ntdll.dll", "Bad EXE format", "ELFCLASS32")
WINEDEBUG = "-all,err+environ,err+module"
DLL_OVERRIDES = "winemenubuilder.exe=d;mscoree,mshtml=;wbemprox=d;mscms=n"


class WineError(Exception):
    """wine could not do what was asked; the message has its output."""


def wine_binary() -> str:
    for candidate in ("wine64", "/usr/lib/wine/wine64", "wine"):
        found = shutil.which(candidate)
        if found:
            return found
    raise WineError("wine64 não encontrado: instale wine64 (apt-get install wine64)")


def trap_in(output: str) -> str | None:
    """The 32-bit trap's line in wine's output, if any (a run that did nothing, exit 0)."""
    for line in output.splitlines():
        if any(trap in line for trap in WINE32_TRAPS):
            return line.strip()
    return None


class Screen:
    """An Xvfb display whose frame buffer is a file (XWD), read without X tools."""

    def __init__(self, folder: Path, size: tuple[int, int] = (1366, 768)):
        if shutil.which("Xvfb") is None:
            raise WineError("Xvfb não encontrado: instale xvfb (apt-get install xvfb)")
        if shutil.which("xwininfo") is None:
            raise WineError("xwininfo não encontrado: instale x11-utils (apt-get install "
                            "x11-utils)")
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        self.folder = folder
        read, write = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size[0]}x{size[1]}x24",
             "-fbdir", str(folder), "-nolisten", "tcp", "-noreset"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            self.close()
            raise WineError("Xvfb não abriu uma tela")
        self.display = f":{number}"

    def screenshot(self):
        """The screen as a PIL image (Xvfb's -fbdir file is an XWD dump)."""
        from PIL import Image
        data = (self.folder / "Xvfb_screen0").read_bytes()
        header = struct.unpack(">25I", data[:100])
        header_size, width, height = header[0], header[4], header[5]
        bits_per_pixel, bytes_per_line, colours = header[11], header[12], header[19]
        if bits_per_pixel != 32:
            raise WineError(f"tela do Xvfb com {bits_per_pixel} bits por pixel")
        start = header_size + 12 * colours
        return Image.frombytes("RGB", (width, height),
                               data[start:start + bytes_per_line * height],
                               "raw", "BGRX", bytes_per_line)

    def window_names(self) -> list[str]:
        """Titles of the windows on the screen (xwininfo, x11-utils)."""
        result = subprocess.run(["xwininfo", "-root", "-tree"], capture_output=True,
                                env={**os.environ, "DISPLAY": self.display})
        names = []
        for line in result.stdout.splitlines():  # names come with octal escapes (\303\241)
            if b'"' in line:
                raw = codecs.escape_decode(line.split(b'"')[1])[0]
                names.append(raw.decode("utf-8", "replace"))
        return names

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()


class Prefix:
    """A wine prefix under `folder`; run() refuses the 32-bit trap."""

    def __init__(self, folder: Path, display: str):
        self.folder = folder
        self.home = folder.parent / "home"
        self.wine = wine_binary()
        self.wineserver = shutil.which("wineserver") or "/usr/lib/wine/wineserver"
        self.display = display

    def env(self, extra: dict[str, str] | None = None) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("MOTOTAXI_", "WINE"))}
        env.update(WINEPREFIX=str(self.folder), WINEDEBUG=WINEDEBUG, HOME=str(self.home),
                   WINEDLLOVERRIDES=DLL_OVERRIDES, DISPLAY=self.display,
                   XDG_CONFIG_HOME=str(self.home / ".config"),
                   XDG_DATA_HOME=str(self.home / ".local" / "share"),
                   PYTHONUTF8="1", PYTHONIOENCODING="utf-8")
        env.update(extra or {})
        return env

    def create(self) -> float:
        started = time.perf_counter()
        self.kill()
        shutil.rmtree(self.folder, ignore_errors=True)
        shutil.rmtree(self.home, ignore_errors=True)
        self.home.mkdir(parents=True)
        self.folder.mkdir(parents=True)
        self.run("wineboot", "-i", timeout=300)
        self.wait()
        # Z: is the whole Unix file system: without it nothing in the prefix reaches outside
        # (and no tool walking build/ follows it into /); files come in through put().
        (self.folder / "dosdevices" / "z:").unlink(missing_ok=True)
        return time.perf_counter() - started

    def put(self, source: Path, windows_folder: str = "C:\\instaladores") -> str:
        """Copy a file into the prefix's C: drive; its Windows path."""
        target = self.unix_path(windows_folder)
        target.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target / source.name)
        return f"{windows_folder}\\{source.name}"

    def run(self, program: str, *args: str, stdin: str | None = None, timeout: int = 600,
            env: dict[str, str] | None = None,
            preflight: bool = True) -> subprocess.CompletedProcess:
        """Run a Windows program to its end. wine's console needs stdin that is not a
        terminal and output that is a pipe. Output is decoded as UTF-8 (PYTHONUTF8), else
        as the Windows code page."""
        if preflight:
            self._refuse_32_bit(program)
        command = [self.wine, program, *args]
        result = subprocess.run(command, input=(stdin or "").encode("utf-8"),
                                capture_output=True, env=self.env(env), timeout=timeout,
                                cwd=self._cwd())
        result.stdout = _decode(result.stdout)
        result.stderr = _decode(result.stderr)
        trap = trap_in(result.stdout + result.stderr)
        if trap:
            raise WineError(f"wine não executou {Path(program).name} (código "
                            f"{result.returncode}, que não vale nada aqui): {trap}")
        return result

    def _refuse_32_bit(self, program: str) -> None:
        if not program.lower().endswith(".exe") or ":" not in program:
            return  # a wine built-in (wineboot, reg, cmd...)
        import pe  # installer/pe.py
        path = self.unix_path(program)
        if path.is_file() and (machine := pe.machine(path.read_bytes())) != "amd64":
            raise WineError(f"{path.name} é um programa {machine}: o wine64 sem wine32 não o "
                            "executa (e sairia com código 0 sem fazer nada)")

    def run_batch(self, command_line: str, timeout: int = 600) -> subprocess.CompletedProcess:
        """Run one command line exactly as written (wine quotes every argument that has a
        space; NSIS's `_?=C:\\...\\Mototaxi Desk` must stay unquoted): through a .bat file."""
        batch = self.drive_c / "instaladores" / "comando.bat"
        batch.parent.mkdir(parents=True, exist_ok=True)
        batch.write_bytes(f"@{command_line}\r\n@exit /b %ERRORLEVEL%\r\n".encode("cp1252"))
        return self.run("cmd", "/c", "C:\\instaladores\\comando.bat", timeout=timeout)

    def start(self, program: str, *args: str) -> subprocess.Popen:
        """Start a Windows program and leave it running (the GUI)."""
        return subprocess.Popen([self.wine, program, *args], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                env=self.env(), cwd=self._cwd())

    @property
    def drive_c(self) -> Path:
        return self.folder / "drive_c"

    def _cwd(self) -> Path | None:
        """C:\\ (a Unix folder outside every wine drive would leave wine without one)."""
        return self.drive_c if self.drive_c.is_dir() else None

    def reg_value(self, key: str, name: str) -> str | None:
        """A registry value as `reg query` prints it, None when absent."""
        result = self.run("reg", "query", key, "/v", name, timeout=120)
        for line in result.stdout.splitlines():
            parts = line.strip().split(None, 2)
            if len(parts) >= 2 and parts[0].lower() == name.lower() and \
                    parts[1].startswith("REG_"):
                return parts[2] if len(parts) == 3 else ""
        return None

    def unix_path(self, windows_path: str) -> Path:
        """C:\\users\\... -> the file in the prefix."""
        drive, _, rest = windows_path.partition(":")
        if drive.upper() != "C":
            raise WineError(f"só o drive C: do prefixo: {windows_path}")
        return self.folder / "drive_c" / Path(*[p for p in rest.split("\\") if p])

    @property
    def user_folder(self) -> Path:
        users = [p for p in (self.folder / "drive_c" / "users").iterdir()
                 if p.name.lower() != "public" and not p.is_symlink()]
        if len(users) != 1:
            raise WineError(f"usuário do wine indefinido: {[p.name for p in users]}")
        return users[0]

    def wait(self) -> None:
        """Until every process of the prefix has ended (and the registry is on disk)."""
        subprocess.run([self.wineserver, "-w"], env=self.env(), timeout=300)

    def kill(self) -> None:
        """End every process of this prefix (only this prefix's wineserver is asked)."""
        if self.folder.is_dir():
            subprocess.run([self.wineserver, "-k"], env=self.env(), timeout=60,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")

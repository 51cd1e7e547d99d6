"""Compile the Qt Designer files in ui/ into mototaxi_desk/gui/forms/ui_<name>.py.

    python tools/compile_ui.py            # write the modules (make forms)
    python tools/compile_ui.py --check    # exit 1 naming every module that is stale

The generated modules are committed (nothing compiles at run time or install time) and
tests/gui/test_forms.py fails when one differs from what pyside6-uic makes of its .ui file,
so an edit in Designer is never lost nor half-applied. PySide6 is pinned exactly in
pyproject.toml because uic's output (and its header) changes between releases.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
UI_DIR = ROOT / "ui"
FORMS_DIR = ROOT / "mototaxi_desk" / "gui" / "forms"


def uic_command() -> list[str]:
    """pyside6-uic from the running interpreter's environment (a venv's bin/ or Scripts/)."""
    folder = Path(sys.executable).parent
    for name in ("pyside6-uic", "pyside6-uic.exe"):
        if (folder / name).exists():
            return [str(folder / name)]
    found = shutil.which("pyside6-uic")
    if not found:
        raise SystemExit("pyside6-uic não encontrado: instale o PySide6 no ambiente.")
    return [found]


def module_path(ui_file: Path) -> Path:
    return FORMS_DIR / f"ui_{ui_file.stem}.py"


def compile_one(ui_file: Path) -> str:
    """The Python text pyside6-uic makes of one .ui file."""
    done = subprocess.run([*uic_command(), "--generator", "python", str(ui_file)],
                          capture_output=True, text=True, encoding="utf-8", check=False)
    if done.returncode != 0:
        raise SystemExit(f"pyside6-uic falhou em {ui_file.name}: {done.stderr.strip()}")
    return done.stdout


def stale_modules() -> list[str]:
    """Modules missing, out of date, or left behind by a deleted .ui file."""
    problems = []
    expected = set()
    for ui_file in sorted(UI_DIR.glob("*.ui")):
        target = module_path(ui_file)
        expected.add(target.name)
        if not target.exists() or target.read_text(encoding="utf-8") != compile_one(ui_file):
            problems.append(target.name)
    problems += sorted(p.name for p in FORMS_DIR.glob("ui_*.py") if p.name not in expected)
    return problems


def main(argv: list[str]) -> int:
    if "--check" in argv:
        stale = stale_modules()
        for name in stale:
            print(f"desatualizado: mototaxi_desk/gui/forms/{name} (rode make forms)")
        return 1 if stale else 0
    FORMS_DIR.mkdir(parents=True, exist_ok=True)
    for old in FORMS_DIR.glob("ui_*.py"):
        old.unlink()
    for ui_file in sorted(UI_DIR.glob("*.ui")):
        module_path(ui_file).write_text(compile_one(ui_file), encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

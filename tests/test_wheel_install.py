"""Issue #13: the program works installed as users install it — from a wheel, in a venv that
cannot see the checkout — not only from `pip install -e .`.

The wheel is built from a copy of what it is made of (pyproject.toml, setup.py, README.md,
mototaxi_desk/ and the top-level resources/ the build carries into the package), so nothing
else of the checkout can slip in, and installed with --no-deps
into a fresh venv; the dependencies come from the test venv's site-packages through a .pth
line (a plain path: that folder's own .pth files — the editable install's finder — are not
run). The commands run from a temporary folder, by the installed console script, and the
test asserts that `mototaxi_desk` is imported from the new venv, nowhere near the checkout.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRM = "sao-raimundo-das-mangabeiras-2019"


def _run(args, cwd, env, stdin=None, timeout=300):
    result = subprocess.run(args, cwd=cwd, env=env, input=stdin, capture_output=True,
                            text=True, timeout=timeout)
    assert result.returncode == 0, (args, result.stdout, result.stderr)
    return result.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(console script, python, env, cwd) of a fresh venv with only the wheel installed."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for folder in ("mototaxi_desk", "resources"):
        shutil.copytree(ROOT / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    wheels = base / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(wheels),
          str(source)], cwd=base, env=os.environ.copy())
    (wheel,) = wheels.glob("mototaxi_desk-*.whl")
    venv = base / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=base,
         env=os.environ.copy())
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
          "--no-deps", "--no-index", str(wheel)], cwd=base, env=os.environ.copy())
    purelib = Path(_run([str(python), "-c", "import sysconfig; "
                         "print(sysconfig.get_paths()['purelib'])"], cwd=base,
                        env={"PATH": os.environ["PATH"]}).strip())
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "project-venv-dependencies.pth").write_text("\n".join(sorted(deps)) + "\n")
    cwd = base / "cwd"
    cwd.mkdir()
    env = {"PATH": os.environ["PATH"], "HOME": str(base), "LANG": "C.UTF-8",
           "MOTOTAXI_DATA_DIR": str(base / "data"), "QT_QPA_PLATFORM": "offscreen",
           "MOTOTAXI_USER": "admin", "MOTOTAXI_PASSWORD": "senha-forte-1"}  # as a script logs in
    return {"wheel": wheel, "exe": venv / "bin" / "mototaxi-desk", "python": python,
            "env": env, "cwd": cwd, "db": str(base / "data" / "mototaxi.db")}


def test_the_wheel_carries_the_resources(installed):
    """Every file of the top-level resources/ (issue 38) is in the wheel, inside the package
    as mototaxi_desk/resources/, and nothing is at the wheel's top level but the package."""
    names = zipfile.ZipFile(installed["wheel"]).namelist()
    for path in (f"mototaxi_desk/resources/profiles/{SRM}.toml",
                 "mototaxi_desk/resources/fonts/DejaVuSans.ttf",
                 "mototaxi_desk/resources/fonts/DejaVuSans-Bold.ttf",
                 "mototaxi_desk/resources/images/brasao-placeholder.png",
                 "mototaxi_desk/resources/images/foto-placeholder.png",
                 "mototaxi_desk/resources/icons/id.svg"):
        assert path in names, path
    shipped = {f"mototaxi_desk/resources/{p.relative_to(ROOT / 'resources').as_posix()}"
               for p in (ROOT / "resources").rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert shipped <= set(names), shipped - set(names)
    assert not [n for n in names if "__pycache__" in n or n.startswith("resources/")]
    assert {n.split("/")[0] for n in names} == {"mototaxi_desk",
                                                installed["wheel"].name.split("-py")[0]
                                                + ".dist-info"}


def test_the_installed_program_reads_its_resources_from_the_wheel(installed):
    out = _run([str(installed["python"]), "-c",
                "from mototaxi_desk import package_data as p\n"
                "for kind in p.KINDS: print(kind, len(p.files(kind)), p.folder(kind))"],
               cwd=installed["cwd"], env=installed["env"])
    venv = installed["python"].parents[1]
    for line in out.splitlines():
        kind, count, folder = line.split(" ", 2)
        assert int(count) > 0, line
        assert Path(folder).is_relative_to(venv) and Path(folder).parts[-3:] == (
            "mototaxi_desk", "resources", kind), line


def test_the_venv_cannot_see_the_checkout(installed):
    out = _run([str(installed["python"]), "-c",
                "import sys, mototaxi_desk; print(mototaxi_desk.__file__); print(sys.path)"],
               cwd=installed["cwd"], env=installed["env"])
    module_file, path = out.splitlines()
    assert Path(module_file).is_relative_to(installed["python"].parents[1])
    assert not Path(module_file).is_relative_to(ROOT)
    # the only folders of the checkout on the path are the test venv's site-packages (the
    # dependencies); the checkout itself, or its mototaxi_desk, never
    import ast
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    inside = [p for p in ast.literal_eval(path) if p and Path(p).resolve().is_relative_to(ROOT)]
    assert set(inside) <= deps, inside


def test_profiles_init_demo_print_card_self_test_from_the_wheel(installed):
    exe, env, cwd, db = str(installed["exe"]), installed["env"], installed["cwd"], installed["db"]
    out = _run([exe, "profiles", "list"], cwd, env)
    for profile_id in ("lei-1745-2011", "porto-feliz-2017", SRM):
        assert profile_id in out
    assert "COM ERRO" not in out
    out = _run([exe, "--db", db, "init", "--profile", SRM, "--municipio",
                "São Raimundo das Mangabeiras", "--uf", "MA", "--ibge", "2111102",
                "--population", "18540", "--fiscal-unit-value", "48,26",
                "--admin-password-stdin", "--demo-database"], cwd, env,
               stdin="senha-forte-1\n")
    assert "Município configurado" in out
    out = _run([exe, "--db", db, "demo", "--holders", "6", "--seed", "3"], cwd, env)
    assert "6 permissionários" in out
    card = cwd / "cartao.pdf"
    _run([exe, "--db", db, "print", "card", "--all-active", "--sheet", "a4", "-o", str(card)],
         cwd, env)
    assert card.read_bytes().startswith(b"%PDF") and b"DejaVuSans" in card.read_bytes()
    report = json.loads(_run([exe, "--db", db, "--json", "self-test"], cwd, env))
    assert report["ok"], report

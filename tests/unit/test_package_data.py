"""Issue 38: the program's own files live in the top-level resources/, beside ui/, and only
there; the build carries them into the package (tests/test_wheel_install.py,
tests/test_installer.py). From this tree, installed editable as `make` installs it, the
program reads this tree's resources/ — through importlib.resources, never by a path."""
from __future__ import annotations

from pathlib import Path

from mototaxi_desk import package_data

ROOT = Path(__file__).resolve().parents[2]


def test_the_resources_live_at_the_top_level_only():
    assert not (ROOT / "mototaxi_desk" / "resources").exists()
    kinds = {p.name for p in (ROOT / "resources").iterdir()
             if p.is_dir() and p.name != "__pycache__"}
    assert kinds == set(package_data.KINDS)


def test_this_tree_reads_its_own_resources():
    for kind in package_data.KINDS:
        folder = package_data.folder(kind)
        assert isinstance(folder, Path) and folder == ROOT / "resources" / kind, (
            f"{folder}: not this tree's resources/{kind}; is this tree installed "
            "(pip install -e .)?")
        assert package_data.files(kind)

"""The program's own files (rule profiles, fonts, images, icons): the package
`mototaxi_desk.resources`, read through importlib.resources, so a wheel, an editable install
and the Windows installer find them the same way; nothing looks next to site-packages or the
checkout.

In the source tree they sit at the top level, in resources/ beside ui/, where a maintainer
looks first; pyproject.toml's [tool.setuptools.package-dir] makes that folder the package
`mototaxi_desk.resources`, which the build carries into the package (the wheel's and the
installer's mototaxi_desk/resources/, installer/build.py) and an editable install maps to the
folder itself. A tree merely put on sys.path, not installed, has no such package: run
`pip install -e .` (make does)."""
from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

PACKAGE = f"{__package__}.resources"

# The kinds of files the package ships, each a folder under resources/.
KINDS = ("profiles", "fonts", "images", "icons")


def folder(kind: str) -> Traversable:
    """resources/<kind> (e.g. 'profiles', 'fonts', 'images')."""
    try:
        base = resources.files(PACKAGE)
    except ModuleNotFoundError:  # a damaged install: an absent folder, whose files are missing
        base = resources.files(__package__).joinpath("resources")
    return base.joinpath(kind)


def file(kind: str, name: str) -> Traversable:
    return folder(kind).joinpath(name)


def files(kind: str, suffix: str = "") -> list[Traversable]:
    """The files of one kind, by name; an absent folder (a damaged install) has none."""
    base = folder(kind)
    if not base.is_dir():
        return []
    return sorted((f for f in base.iterdir() if f.is_file() and f.name.endswith(suffix)),
                  key=lambda f: f.name)

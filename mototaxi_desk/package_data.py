"""The program's own files (rule profiles, fonts, images, icons) are package data under
mototaxi_desk/resources/<kind>/ and are read through importlib.resources, so a wheel, an
editable install and the Windows installer find them the same way; nothing looks next to
site-packages or the checkout."""
from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

# The kinds of files the package ships, each a folder under mototaxi_desk/resources/.
KINDS = ("profiles", "fonts", "images", "icons")


def folder(kind: str) -> Traversable:
    """mototaxi_desk/resources/<kind> (e.g. 'profiles', 'fonts', 'images')."""
    return resources.files(__package__).joinpath("resources", kind)


def file(kind: str, name: str) -> Traversable:
    return folder(kind).joinpath(name)


def files(kind: str, suffix: str = "") -> list[Traversable]:
    """The files of one kind, by name; an absent folder (a damaged install) has none."""
    base = folder(kind)
    if not base.is_dir():
        return []
    return sorted((f for f in base.iterdir() if f.is_file() and f.name.endswith(suffix)),
                  key=lambda f: f.name)

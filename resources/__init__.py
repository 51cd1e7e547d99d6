"""The program's own files: profiles/, fonts/, images/, icons/ (package data, no code).

This folder is the package `mototaxi_desk.resources` (pyproject.toml's
[tool.setuptools.package-dir]: the wheel and the Windows installer carry it into the package as
mototaxi_desk/resources/). This file makes it a regular package, which it must be: an editable
install maps the package to this folder only through an __init__.py (without one the import
fails), and importlib.resources then gives plain file-system paths, in the wheel as here
(mototaxi_desk/package_data.py reads them)."""

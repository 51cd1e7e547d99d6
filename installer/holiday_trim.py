"""The `holidays` package as the installer ships it: only what Brazil's calendar needs.

The package carries every country (and stock exchanges, lunar calendars, names in dozens of
languages); the program asks it for Brazil's national and state holidays only
(domain/penalty_calendar.py). `trim` works on the package laid out for the installer:
starting from the package itself and the modules of the countries kept, it follows every
`holidays...` import (statically: what a module imports at any point, except under
`if TYPE_CHECKING:`), keeps those modules, rewrites each package `__init__` that only
re-exports its submodules (countries/, groups/, calendars/ import every one of them) to
re-export the kept ones, and deletes the rest, with the holiday names of other countries.
A name imported from such a package leads to the submodule that defines it, so a later
holidays release that moves code keeps what it needs; tests/test_installer.py runs the
program's calculation for every UF on a package trimmed here and compares it with the full
package's.
"""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

COUNTRIES = ("brazil",)  # modules of holidays/countries/ the program asks for
ROOT = "holidays"


class TrimError(Exception):
    """The package is not shaped as expected; the message says what to review."""


def _modules(package: Path) -> dict[str, Path]:
    """Dotted module name -> file, for every .py of the package."""
    found = {}
    for path in package.rglob("*.py"):
        parts = (ROOT, *path.relative_to(package).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _is_type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _imports(tree: ast.AST):
    """Every Import/ImportFrom of a module, those only a type checker sees left out."""
    pending = [tree]
    while pending:
        node = pending.pop()
        if _is_type_checking(node):
            pending += node.orelse
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        pending += list(ast.iter_child_nodes(node))


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _reexports(tree: ast.Module, package: str) -> dict[str, str] | None:
    """name -> submodule for a package __init__ made only of `from <package>.<sub> import
    names` (a docstring aside); None for any other __init__ (kept whole)."""
    names: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue
        if not (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                and node.module.startswith(package + ".") and node.module.count(".") ==
                package.count(".") + 1 and all(a.name != "*" for a in node.names)):
            return None
        names.update({(a.asname or a.name): node.module for a in node.names})
    return names


def _country_code(tree: ast.Module, module: str) -> str:
    """The `country = "BR"` of a country module's class: its holiday names' catalogue."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "country"
                                                for t in node.targets) \
                and isinstance(node.value, ast.Constant):
            return node.value.value
    raise TrimError(f"{module}: sem `country = ...`: revise installer/holiday_trim.py")


def needed(package: Path, countries=COUNTRIES) -> tuple[set[str], dict[str, str]]:
    """(the modules to keep, the rewritten text of each re-exporting __init__ kept)."""
    modules = _modules(package)
    trees: dict[str, ast.Module] = {}

    def tree(name: str) -> ast.Module:
        if name not in trees:
            trees[name] = ast.parse(modules[name].read_text(encoding="utf-8"), name)
        return trees[name]

    def is_package(name: str) -> bool:
        return modules[name].name == "__init__.py"

    reexports = {name: _reexports(tree(name), name) for name in modules if is_package(name)}
    keep: set[str] = set()
    pending = [ROOT] + [f"{ROOT}.countries.{country}" for country in countries]
    while pending:
        name = pending.pop()
        if name in keep or not name.startswith(ROOT):
            continue
        if name not in modules:
            raise TrimError(f"o módulo {name} não existe no pacote holidays: revise "
                            "installer/holiday_trim.py (COUNTRIES)")
        keep.add(name)
        parts = name.split(".")
        pending += [".".join(parts[:i]) for i in range(1, len(parts))]  # its packages
        if reexports.get(name) is not None:
            continue  # rewritten below to what is kept; its own imports pull in nothing
        for node in _imports(tree(name)):
            if isinstance(node, ast.Import):
                pending += [a.name for a in node.names]
                continue
            base = _absolute(node, name, is_package(name))
            pending.append(base)
            for alias in node.names:
                if f"{base}.{alias.name}" in modules:
                    pending.append(f"{base}.{alias.name}")
                elif reexports.get(base) is not None:
                    table = reexports[base]
                    pending += list(set(table.values())) if alias.name == "*" else \
                        [table[alias.name]] if alias.name in table else []
    rewritten = {}
    for name in sorted(keep):
        table = reexports.get(name)
        if table is None:
            continue
        lines = [ast.unparse(node) for node in tree(name).body
                 if isinstance(node, ast.ImportFrom) and node.module in keep]
        rewritten[name] = ("# installer/holiday_trim.py: only the submodules the installer "
                           "ships\n" + "\n".join(lines) + "\n")
    return keep, rewritten


def trim(package: Path, countries=COUNTRIES) -> dict:
    """Trim the `holidays` package folder in place; returns what was kept and removed."""
    if not (package / "__init__.py").is_file():
        raise TrimError(f"{package} não é o pacote holidays")
    before = sum(p.stat().st_size for p in package.rglob("*") if p.is_file())
    modules = _modules(package)
    keep, rewritten = needed(package, countries)
    for name, text in rewritten.items():
        modules[name].write_text(text, encoding="utf-8")
    for name, path in modules.items():
        if name not in keep:
            path.unlink()
    codes = {_country_code(ast.parse(modules[f"{ROOT}.countries.{c}"].read_text("utf-8")),
                           c) for c in countries}
    for path in (package / "locale").rglob("*") if (package / "locale").is_dir() else []:
        if path.is_file() and path.stem not in codes:
            path.unlink()
    for folder in sorted((p for p in package.rglob("*") if p.is_dir()),
                         key=lambda p: len(p.parts), reverse=True):
        if folder.name == "__pycache__":
            shutil.rmtree(folder)
        elif not any(folder.iterdir()):
            folder.rmdir()
    after = sum(p.stat().st_size for p in package.rglob("*") if p.is_file())
    return {"modules": len(keep), "removed": len(modules) - len(keep),
            "catalogues": sorted(codes), "bytes_before": before, "bytes_after": after}

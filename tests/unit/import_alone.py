"""Run as a script (tests/unit/test_import_layers.py): import every module of the package as if
it were the first one, and write one line per module to the file named by argv[1]:
`ok<TAB>module` or `fail<TAB>module<TAB>error`.

A fresh interpreter per module would load Python, Qt and the rest 215 times. Instead the
processes form a tree: a module's process is forked from the process of one of its own
unconditional module-level imports (the one that loads the most), after which it imports the
module. What that parent had loaded is exactly what the module's own import would load on the
way anyway (its dependencies, and theirs, the third-party ones included), so the module still
executes with nothing loaded that a fresh interpreter would not load for it; the root process
has imported nothing of the package nor of its libraries. About 20 s of CPU on the 2-core
machine; the simpler loop that removes the package from sys.modules before each import took
28 s and keeps the libraries loaded, which would hide a module that uses a library's submodule
it never imports. Without os.fork (Windows) that loop is what runs: each module is
imported after removing the package from sys.modules, which is slower and nearly as strict."""
from __future__ import annotations

import ast
import importlib
import os
import sys
import traceback
from pathlib import Path

PACKAGE = "mototaxi_desk"
ROOT = Path(__file__).resolve().parents[2]


def modules() -> list[str]:
    """Every module of the package, read from the folders (importing would load them)."""
    found = []
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if all((ROOT / Path(*parts[:i]) / "__init__.py").exists() for i in range(1, len(parts))):
            found.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(found)


def _path(module: str) -> Path:
    path = ROOT / Path(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def _resolve(module: str, node: ast.ImportFrom | ast.Import, known: set[str]) -> list[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = module.split(".")
        if node.level:
            base = base[:len(base) - node.level + (1 if _path(module).name == "__init__.py" else 0)]
            stem = ".".join(base + ([node.module] if node.module else []))
        else:
            stem = node.module or ""
        names = [f"{stem}.{alias.name}" for alias in node.names] + [stem]
    out = []
    for name in names:
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name.startswith(PACKAGE):
            out.append(name)
    return out


def unconditional_imports(module: str, known: set[str]) -> set[str]:
    """The package's modules that `module` imports in a statement of its body (not inside a
    function, an `if` or a `try`): they are loaded whenever it is."""
    tree = ast.parse(_path(module).read_text(encoding="utf-8"))
    found = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update(_resolve(module, node, known))
    found.discard(module)
    return found


def tree(names: list[str]) -> dict[str | None, list[str]]:
    """parent -> the modules forked from its process (None: the root, nothing loaded)."""
    known = set(names)
    direct = {m: unconditional_imports(m, known) for m in names}
    for m in names:  # a module's packages are imported before it
        parts = m.split(".")
        direct[m].update(".".join(parts[:i]) for i in range(1, len(parts)))
    closure: dict[str, set[str]] = {}

    def close(m: str, seen: tuple[str, ...] = ()) -> set[str]:
        if m not in closure:
            if m in seen:  # a cycle: tools/import_cycles.py reports it; load nothing early
                return set()
            out = set()
            for d in direct[m]:
                out |= {d} | close(d, seen + (m,))
            closure[m] = out
        return closure[m]

    children: dict[str | None, list[str]] = {}
    for m in names:
        options = [d for d in direct[m] if m not in close(d)]
        parent = max(options, key=lambda d: (len(close(d)), d), default=None)
        children.setdefault(parent, []).append(m)
    return children


def _try(module: str, out) -> bool:
    try:
        importlib.import_module(module)
    except BaseException as exc:  # noqa: BLE001 - reported, whatever it is
        last = traceback.format_exception_only(exc)[-1].strip()
        out.write(f"fail\t{module}\t{last}\n")
        out.flush()
        return False
    out.write(f"ok\t{module}\n")
    out.flush()
    return True


def run_forked(children, node, out) -> None:
    for child in children.get(node, []):
        pid = os.fork()
        if pid == 0:
            status = 0 if _try(child, out) else 1
            if status == 0:
                run_forked(children, child, out)
            out.close()
            os._exit(status)  # no teardown: the parent goes on with its own state
        os.waitpid(pid, 0)


def run_cleared(names, out) -> None:
    for module in names:
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]
        _try(module, out)


def main(report: str) -> None:
    names = modules()
    with open(report, "a", encoding="utf-8") as out:
        if hasattr(os, "fork"):
            run_forked(tree(names), None, out)
        else:
            run_cleared(names, out)


if __name__ == "__main__":
    main(sys.argv[1])

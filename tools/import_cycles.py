"""Import cycles among the package's modules, counting imports inside functions too.

    .venv/bin/python tools/import_cycles.py [--with-type-checking]

The graph is grimp's (the library import-linter is built on): every `import` statement of
the package, at module level or inside a function. Each cycle printed is a strongly connected
component of that graph, with the imports that close it (module:line, "(in a function)" for a
function-level one). Imports under `if TYPE_CHECKING:` run only for type checkers and are left
out unless --with-type-checking (import-linter's contracts leave them out too).
Exit status 1 when there is a cycle (tests/unit/test_import_layers.py runs it)."""
from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

import grimp

PACKAGE = "mototaxi_desk"
ROOT = Path(__file__).resolve().parent.parent


def build(with_type_checking: bool = False) -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, exclude_type_checking_imports=not with_type_checking)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The graph's strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(root: str) -> None:  # iterative: no recursion limit on deep chains
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return sorted(found)


def _function_level_lines(module: str) -> set[int]:
    """Lines of the module's import statements that sit inside a function."""
    path = ROOT / Path(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    lines: set[int] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            lines.update(inner.lineno for inner in ast.walk(node)
                         if isinstance(inner, (ast.Import, ast.ImportFrom)))
    return lines


def function_level_imports() -> int:
    """How many import statements of the package sit inside a function."""
    return sum(len(_function_level_lines(m)) for m in grimp.build_graph(PACKAGE).modules)


def describe(graph: grimp.ImportGraph, component: list[str]) -> list[str]:
    members = set(component)
    out = []
    for importer in component:
        inner = _function_level_lines(importer)
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & members):
            for detail in graph.get_import_details(importer=importer, imported=imported):
                where = " (in a function)" if detail["line_number"] in inner else ""
                out.append(f"    {importer}:{detail['line_number']} -> {imported}{where}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--with-type-checking", action="store_true",
                        help="count imports under `if TYPE_CHECKING:` too")
    args = parser.parse_args(argv)
    graph = build(args.with_type_checking)
    found = cycles(graph)
    print(f"{len(graph.modules)} modules, {graph.count_imports()} imports between them, "
          f"{function_level_imports()} import statements inside functions")
    print(f"{len(found)} cycle(s), {sum(len(c) for c in found)} modules in them")
    for component in found:
        print(f"  {{{', '.join(m.removeprefix(PACKAGE + '.') for m in component)}}}")
        print("\n".join(describe(graph, component)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

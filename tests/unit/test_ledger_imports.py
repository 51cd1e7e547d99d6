"""The penalty ledger's service modules import one another in one direction (issue 14 item
4): no cycle among them and the permit, stand and fee services, and no import hidden inside a
function to dodge one. Read from the source, so it needs no database."""
from __future__ import annotations

import ast
from pathlib import Path

SERVICES = Path(__file__).resolve().parents[2] / "mototaxi_desk" / "services"
LEDGER_GROUP = {"charges", "defences", "fees", "holidays", "impounds", "ledger", "ledger_views",
                "notice_records", "notice_terms", "notice_voiding", "notices", "permits",
                "sanctions", "stands"}


def _path(module: str) -> Path:
    """services/<area>/<module>.py, or the package's face (services/ledger/__init__.py)."""
    if (SERVICES / module / "__init__.py").exists():
        return SERVICES / module / "__init__.py"
    return next(p for p in SERVICES.rglob(f"{module}.py") if "__pycache__" not in p.parts)


def _imports(module: str) -> tuple[set[str], set[str]]:
    """(services imported at module level, services imported inside a function), by module
    name: `from . import x`, `from .x import y`, `from ..area import x`, `from ..area.x import y`."""
    tree = ast.parse(_path(module).read_text(encoding="utf-8"))
    top, inner = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level in (1, 2):
            parts = (node.module or "").split(".") if node.module else []
            if parts and not (SERVICES / parts[-1]).is_dir():
                names = [parts[-1]]
            else:
                names = [a.name for a in node.names]
            (top if node in tree.body else inner).update(names)
    return top, inner


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path + [node, nxt]
            if nxt not in state and (found := visit(nxt, path + [node])):
                return found
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start, [])):
            return found
    return None


def test_no_function_level_imports_among_the_ledger_services():
    hidden = {m: sorted(_imports(m)[1] & LEDGER_GROUP) for m in sorted(LEDGER_GROUP)}
    assert {m: names for m, names in hidden.items() if names} == {}


def test_the_ledger_services_form_no_import_cycle():
    graph = {m: _imports(m)[0] | _imports(m)[1] for m in LEDGER_GROUP}
    assert _cycle({m: deps & LEDGER_GROUP for m, deps in graph.items() if m in LEDGER_GROUP}) \
        is None


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) is not None
    assert _cycle({"a": {"b"}, "b": set()}) is None

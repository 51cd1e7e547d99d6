"""The package's import structure (issue 14 item 4): no import cycle, counting the imports
inside functions (tools/import_cycles.py, on grimp's graph), and every module importable as
the first one loaded (tests/unit/import_alone.py). The layer contracts themselves are
import-linter's, in pyproject.toml ([tool.importlinter]), run by `make test` as lint-imports
and here as well."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]


def _tool():
    spec = importlib.util.spec_from_file_location("import_cycles", ROOT / "tools" / "import_cycles.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_package_has_no_import_cycle():
    tool = _tool()
    assert [", ".join(c) for c in tool.cycles(tool.build())] == []


def test_the_cycle_finder_finds_a_cycle_through_a_function_level_import():
    graph = grimp.ImportGraph()
    for name in ("p", "p.a", "p.b", "p.c"):
        graph.add_module(name)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.c", imported="p.a")  # e.g. `from . import a` in a function
    assert _tool().cycles(graph) == [["p.a", "p.b", "p.c"]]
    graph.remove_import(importer="p.c", imported="p.a")
    assert _tool().cycles(graph) == []


def test_every_module_imports_as_the_first_one_loaded(tmp_path):
    report = tmp_path / "imports.txt"
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "unit" / "import_alone.py"),
                           str(report)], capture_output=True, text=True, timeout=600,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    lines = [line.split("\t") for line in report.read_text(encoding="utf-8").splitlines()]
    failed = {parts[1]: parts[2] for parts in lines if parts[0] == "fail"}
    assert failed == {}
    sys.path.insert(0, str(ROOT / "tests" / "unit"))
    try:
        from import_alone import modules
    finally:
        sys.path.pop(0)
    imported = {parts[1] for parts in lines if parts[0] == "ok"}
    assert set(modules()) - imported == set()  # none skipped
    assert len(modules()) > 200


def test_a_module_that_needs_another_loaded_first_is_caught(tmp_path):
    """The runner is not fooled by order: a module using a sibling it never imports fails."""
    package = tmp_path / "mototaxi_desk"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "a.py").write_text("X = 1\n")
    (package / "sub" / "b.py").write_text("from . import a\n")
    (package / "sub" / "c.py").write_text("from .. import sub\nY = sub.a.X\n")  # a: never imported
    (package / "sub" / "d.py").write_text("from . import b, c\n")  # b loads a before c runs
    code = (f"import sys; sys.path.insert(0, {str(tmp_path)!r}); "
            f"sys.path.insert(0, {str(ROOT / 'tests' / 'unit')!r}); import import_alone as ia; "
            f"ia.ROOT = __import__('pathlib').Path({str(tmp_path)!r}); "
            f"ia.main({str(tmp_path / 'report.txt')!r})")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = (tmp_path / "report.txt").read_text().splitlines()
    assert sorted(line.split("\t")[1] for line in lines if line.startswith("fail")) == \
        ["mototaxi_desk.sub.c"]
    assert "ok\tmototaxi_desk.sub.d" in lines  # in d's chain, b had loaded a first


def test_the_layer_contracts_hold():
    done = subprocess.run([str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout

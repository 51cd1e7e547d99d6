"""Issue 38 item 2 ("One clock and an 'as of' context"): the rule profile is asked for a date.
An act or a document asks the wording in force on its own date (setup.profile(on=...)); what
really means the law as it stands today says so (setup.profile_today()), so an undated
setup.profile() — "today's wording", silently — is never ambiguous."""
from __future__ import annotations

import ast
from pathlib import Path

import mototaxi_desk

PACKAGE = Path(mototaxi_desk.__file__).parent


def _undated(tree: ast.AST) -> list[int]:
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "profile" and getattr(node.func.value, "id", "") == "setup"
            and not node.args and not node.keywords]


def test_no_undated_profile_question():
    found = {}
    for path in PACKAGE.rglob("*.py"):
        lines = _undated(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[path.relative_to(PACKAGE).as_posix()] = lines
    assert found == {}, ("ask setup.profile(on=the act's or document's date), or "
                         f"setup.profile_today() for the law as it stands today: {found}")


def test_the_detector_sees_an_undated_question_only():
    tree = ast.parse("setup.profile()\nsetup.profile(on)\nsetup.profile(on=d)\n"
                     "setup.profile_today()\nx.profile()\n")
    assert _undated(tree) == [1]

"""Issue 35, "How it is checked": every earlier text of the program's rule profiles — the
corpus in tests/profiles/history/, taken from this repository's git history, and a
município's own law written from docs/profiles.md as it stood in version 0.1.0 — passes
`profiles check` (notices allowed) and `init --profile`; and, in a git checkout with its
history, the corpus misses none of git's texts and the format steps match the loader of the
commit each names."""
from __future__ import annotations

import ast
import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from mototaxi_desk.domain import profile_formats, profile_upgrades, profiles
from mototaxi_desk.domain.profile_formats import CURRENT, STEPS, Added

from .test_cli import INIT

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("profile_history",
                                               ROOT / "tools" / "profile_history.py")
history = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("profile_history", history)  # its dataclass looks itself up there
_spec.loader.exec_module(history)

ENTRIES = history.index()
IDS = [e["file"] for e in ENTRIES]
# set-up and writing an upgraded file are the costly parts: one text of each format, and the
# município's own law
REPRESENTATIVE = [next(e for e in ENTRIES if e["format"] == n)
                  for n in sorted({e["format"] for e in ENTRIES})]
REPRESENTATIVE += [e for e in ENTRIES if e["path"] == "docs/profiles.md"]
needs_history = pytest.mark.skipif(not history.has_history(),
                                   reason="sem o histórico do git (cópia instalada ou clone raso)")


def _path(entry) -> Path:
    return history.CORPUS / entry["file"]


def _read_as(entry) -> int:
    """The format the program reads a text as: the one it declares, 1 when it declares none
    (every text from before declarations; later ones declare theirs)."""
    return profile_upgrades.text_format(_path(entry).read_text(encoding="utf-8"))


def test_the_index_names_every_text_of_the_corpus_once():
    files = sorted(p.relative_to(history.CORPUS).as_posix()
                   for p in history.CORPUS.glob("*/*.toml"))
    assert sorted(IDS) == files
    assert len(set(IDS)) == len(IDS)
    assert {e["format"] for e in ENTRIES} == set(range(1, CURRENT + 1))  # each format kept


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_profiles_check_passes_every_earlier_text(cli, entry):
    code, out, err = cli("profiles", "check", str(_path(entry)))
    assert code == 0, err
    assert f"Perfil {_path(entry).name}: nenhum problema encontrado" in out
    upgraded = "da atualização para o formato atual (o arquivo não foi alterado):" in out
    assert upgraded == (_read_as(entry) < CURRENT)


@pytest.mark.parametrize("entry", ENTRIES, ids=IDS)
def test_each_text_fits_the_format_the_index_names(entry):
    """The earliest format that knows all its keys; declared, the text reads the same (the
    steps after its format are all it needs)."""
    text = _path(entry).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    assert profile_formats.written_for(data) == entry["format"]
    if "format" in data:  # a text written since declarations: it says its format itself
        assert data["format"] >= entry["format"]
        return
    declared = profiles.load_text(f"format = {entry['format']}\n{text}", "x.toml")
    undeclared = profiles.load_text(text, "x.toml")
    assert declared.profile == undeclared.profile
    assert bool(declared.notices) == (entry["format"] < CURRENT)


@pytest.mark.parametrize("entry", REPRESENTATIVE, ids=[e["file"] for e in REPRESENTATIVE])
def test_init_takes_an_earlier_text_of_each_format(cli, tmp_path, entry):
    """One text of each format (setting up costs a database each; what init stores and reads
    back does not depend on the text beyond its format, which `check` covers for all)."""
    database = str(tmp_path / "municipio.db")
    args = list(INIT)
    args[args.index("--profile") + 1] = str(_path(entry))
    code, out, err = cli("--db", database, *args)
    assert code == 0, err
    profile_id = _path(entry).stem
    assert f"perfil {profile_id}." in out
    upgraded = _read_as(entry) < CURRENT
    assert upgraded == ("da atualização para o formato atual (o texto é guardado como "
                        "está):" in out)
    code, out, _ = cli("--db", database, "profiles", "versions")
    assert code == 0
    assert upgraded == (f"escrita no formato {_read_as(entry)}: atualizada na leitura" in out)


def test_a_text_of_each_format_is_written_upgraded_for_the_current_format():
    for entry in REPRESENTATIVE:
        text = _path(entry).read_text(encoding="utf-8")
        new, notices = profiles.upgrade_text(text, _path(entry).name)  # reads back the same
        assert tomllib.loads(new)["format"] == CURRENT, entry["file"]
        assert bool(notices) == (_read_as(entry) < CURRENT), entry["file"]


@needs_history
def test_every_profile_text_in_git_history_is_in_the_corpus():
    """A change to a profile file must add the text it replaces to the corpus, so the next
    releases keep reading it (a município's copy, a database's stored version)."""
    missing = history.missing()
    assert not missing, (
        "profile texts from git history missing in tests/profiles/history/ (run "
        "`.venv/bin/python tools/profile_history.py --write`): "
        + ", ".join(f"{t.commit[:7]}:{t.path}" for t in missing))
    assert {e["commit"][:7] for e in ENTRIES} >= {t.commit[:7] for t in history.history()}


def _loader_keys_at(commit: str) -> set[str]:
    """The keys the loader read at a commit, from its domain/profiles.py dataclasses."""
    source = subprocess.run(["git", "-C", str(ROOT), "show",
                             f"{commit}:mototaxi_desk/domain/profiles.py"],
                            check=True, capture_output=True, encoding="utf-8").stdout
    classes = {node.name: [(s.target.id, ast.unparse(s.annotation)) for s in node.body
                           if isinstance(s, ast.AnnAssign)]
               for node in ast.parse(source).body if isinstance(node, ast.ClassDef)}
    keys: set[str] = set()

    def walk(cls: str, prefix: str, skip=()) -> None:
        for name, hint in classes[cls]:
            if name in skip:
                continue
            path = f"{prefix}.{'class' if name == 'class_code' else name}" if prefix else name
            element = hint[len("tuple["):].split(",")[0] if hint.startswith("tuple[") else ""
            if element in classes:
                walk(element, f"{path}[]")
            elif hint.startswith("dict[str, "):
                walk(hint[len("dict[str, "):-1], f"{path}.*", skip=("code",))
            elif hint in classes:
                walk(hint, path)
            else:
                keys.add(path)
    walk("RuleProfile", "")
    return keys


def _is_ancestor(commit: str, of: str) -> bool:
    return subprocess.run(["git", "-C", str(ROOT), "merge-base", "--is-ancestor", commit, of],
                          capture_output=True).returncode == 0


@needs_history
def test_each_format_is_what_the_loader_read_at_its_commit():
    """The format history was reconstructed from git: format 1 is the first commit's loader,
    and each step's format is the loader of the commit it names — less the optional keys
    that came on a parallel branch not merged into that commit yet."""
    first = subprocess.run(["git", "-C", str(ROOT), "rev-list", "--max-parents=0", "HEAD"],
                           check=True, capture_output=True, text=True).stdout.split()
    assert _loader_keys_at(first[0]) == profile_formats.format_1_keys()
    for step in STEPS:
        at_commit = _loader_keys_at(step.commit)
        parallel = [s for s in STEPS if s.to <= step.to
                    and not _is_ancestor(s.commit, step.commit)]
        # only optional keys may be ordered across branches: no text of one lacks them
        assert all(isinstance(c, Added) and c.value is None
                   for s in parallel for c in s.changes), step.to
        optional = {c.path for s in parallel for c in s.changes}
        assert at_commit == profile_formats.format_keys(step.to) - optional, step.to

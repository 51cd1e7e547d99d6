"""Every earlier text of the program's rule profiles, from git history, kept as a test corpus
in tests/profiles/history/ (tests/test_profile_history.py loads each one with the current
program and checks that none is missing).

    .venv/bin/python tools/profile_history.py           # lists the texts missing from it
    .venv/bin/python tools/profile_history.py --write   # extracts them and updates index.toml

A text is a git blob that was at a profile path in some commit of HEAD's history and is not
the one at that path now. It goes to tests/profiles/history/<short commit>/<name>.toml, the
commit being the first that had it, and index.toml records where it came from and the format
it was written for (domain/profile_formats.py).
"""
from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "profiles" / "history"
INDEX = CORPUS / "index.toml"
# where profiles have lived: the shipped ones (at the top level, then inside the package as
# mototaxi_desk/resources/, at the top level again since issue 38, carried into the package by
# the build) and the test profile of a fourth law
PATHSPECS = ("resources/profiles", "mototaxi_desk/resources/profiles", "tests/profiles")
PROFILE_PATH = re.compile(r"^((mototaxi_desk/)?resources/profiles|tests/profiles)/[^/]+\.toml$")


@dataclass(frozen=True)
class Text:
    blob: str      # git's object id of the text
    path: str      # where it was
    commit: str    # the first commit of HEAD's history that had it


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], check=True, capture_output=True,
                          encoding="utf-8").stdout


def has_history() -> bool:
    """A git checkout with its whole history (not an installed copy nor a shallow clone)."""
    try:
        return (_git("rev-parse", "--is-inside-work-tree").strip() == "true"
                and _git("rev-parse", "--is-shallow-repository").strip() == "false"
                and Path(_git("rev-parse", "--show-toplevel").strip()).resolve() == ROOT)
    except (OSError, subprocess.CalledProcessError):
        return False


def history() -> list[Text]:
    """Every text a profile path had in HEAD's history but has not now, oldest first. Merges
    are read against each parent (-m) and no history is simplified away, so a text a merge
    made or a side branch had is found too."""
    log = _git("log", "HEAD", "--reverse", "--full-history", "-m", "--raw", "--no-abbrev",
               "--no-renames", "--format=commit %H", "--", *PATHSPECS)
    current = {line.split()[2] for line in _git("ls-tree", "-r", "HEAD", "--",
                                                  *PATHSPECS).splitlines()}
    found: dict[str, Text] = {}
    commit = ""
    for line in log.splitlines():
        if line.startswith("commit "):
            commit = line.split()[1]
        elif line.startswith(":"):
            fields = line.split()
            blob, path = fields[3], fields[5]
            if set(blob) != {"0"} and PROFILE_PATH.match(path) and blob not in current:
                found.setdefault(blob, Text(blob, path, commit))
    return list(found.values())


def blob_id(data: bytes) -> str:
    """git's object id of a file's bytes (git hash-object), without git."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def corpus() -> dict[str, Path]:
    """blob id -> file, for every text in the corpus."""
    return {blob_id(p.read_bytes()): p for p in sorted(CORPUS.glob("*/*.toml"))}


def index() -> list[dict]:
    return tomllib.loads(INDEX.read_text(encoding="utf-8"))["text"]


def missing() -> list[Text]:
    have = corpus()
    return [t for t in history() if t.blob not in have]


def write(texts: list[Text]) -> list[Path]:
    sys.path.insert(0, str(ROOT))
    from mototaxi_desk.domain import profile_formats
    written = []
    entries = []
    for text in texts:
        target = CORPUS / text.commit[:7] / Path(text.path).name
        if target.exists():
            raise SystemExit(f"{target} já existe com outro texto")
        data = subprocess.run(["git", "-C", str(ROOT), "cat-file", "blob", text.blob],
                              check=True, capture_output=True).stdout  # the bytes, as git has them
        form = profile_formats.written_for(tomllib.loads(data.decode("utf-8")))
        if form is None:
            raise SystemExit(f"{text.commit[:7]}:{text.path} has keys no format knows: add "
                             "their format and step (domain/profile_formats.py) first")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        entries.append(f'\n[[text]]\nfile = "{target.relative_to(CORPUS).as_posix()}"\n'
                       f'commit = "{text.commit}"\npath = "{text.path}"\nformat = {form}\n')
        written.append(target)
    with INDEX.open("a", encoding="utf-8") as out:
        out.writelines(entries)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="extract the missing texts")
    args = parser.parse_args(argv)
    if not has_history():
        print("Not a git checkout with its whole history: nothing to compare.")
        return 1
    texts = missing()
    if args.write:
        for path in write(texts):
            print(f"written {path.relative_to(ROOT)}")
    else:
        for text in texts:
            print(f"missing {text.commit[:7]} {text.path} ({text.blob[:12]})")
    return 1 if texts and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())

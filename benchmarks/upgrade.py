"""The upgrade from every earlier release (issue 35's budget: migrating a 100,000-holder
database from the oldest release takes under 2 minutes on this machine).

For each release of installer/releases.toml older than this program's schema, a register of
N holders made WITH THAT RELEASE'S OWN CODE — its tree taken with `git archive COMMIT` (as
tools/release_corpus.py does) and run in a subprocess with the tree first on PYTHONPATH: what
its own benchmarks did to build a register (its benchmarks/common.py `register`: `init`'s
município, then its bulk filler `demo.fill_bulk(N, seed=1, with_users=False)`, on the
release's date). Built once and kept in the benchmark cache (~/.cache/mototaxi-bench or
MOTOTAXI_BENCH_CACHE; on PostgreSQL a database of its own, mtx_bench_upgrade_*), then timed
on a fresh copy each run: this program opening it as the window does (`open_database`, the
quick_check a due migration runs, the copy kept in backups/ "antes-migracao", every schema
step), wall and CPU (on PostgreSQL plus the server process's), median of the runs, and each
step's share.

    python benchmarks/upgrade.py [--holders 100000] [--runs 3] [--db-url postgresql://...]
                                 [--release 0.1.0] [--write]

Not part of `make benchmark` (about 3 minutes on SQLite and 4 on PostgreSQL with the registers
cached, 6 and 8 more to build them the first time). --write puts the figures in
benchmarks/RESULTS.md (RESULTS-postgresql.md with --db-url) as its last section, "Upgrade from
each earlier release", which run.py keeps when it rewrites the rest. Prints figures; asserts
nothing.
"""
from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import re
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import textwrap
import time
import tomllib
from contextlib import contextmanager
from pathlib import Path

import common
from common import _copy_of, cached_register, data_folder, size_text

from mototaxi_desk.store import backup, connection, migrations
from mototaxi_desk.store.models import DB

ROOT = Path(__file__).resolve().parents[1]
RELEASES = ROOT / "installer" / "releases.toml"
BUDGET_S = 120  # issue 35
SECTION = "## Upgrade from each earlier release (issue 35)"
MARKERS = ("<!-- upgrade.py: begin -->", "<!-- upgrade.py: end -->")

# run inside the release's own tree: its benchmarks' register (init + bulk filler), kept open
# only as long as the filler runs
_FILL = textwrap.dedent("""
    import datetime as dt, sys
    from pathlib import Path
    tree, url, holders, day = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    sys.path.insert(0, str(Path(tree) / "benchmarks"))
    import mototaxi_desk
    assert Path(mototaxi_desk.__file__).resolve().is_relative_to(Path(tree).resolve()), \\
        mototaxi_desk.__file__
    from common import register
    with register(holders, url, today=dt.date.fromisoformat(day)) as took:
        print(f"filled in {took:.1f} s")
""")


def releases() -> list[dict]:
    """The releases whose databases this program migrates (an older schema), oldest first."""
    entries = tomllib.loads(RELEASES.read_text(encoding="utf-8"))["release"]
    return [e for e in entries if e["schema"] < migrations.LATEST]


def _extract(commit: str, folder: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit],
                             capture_output=True, check=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def build(release: dict, holders: int, server: str | None) -> tuple[str, float | None]:
    """The cached register of `release` (a file; a database on the PostgreSQL `server`) and
    the seconds its building took now (None: it was cached)."""
    def fill(url: str) -> None:
        with tempfile.TemporaryDirectory(prefix=f"release-{release['version']}-") as tmp:
            tree = _extract(release["commit"], Path(tmp) / "tree")
            env = {**os.environ, "PYTHONPATH": str(tree), "MOTOTAXI_DATA_DIR": tmp,
                   "QT_QPA_PLATFORM": "offscreen"}
            env.pop("MOTOTAXI_DB", None)
            print(f"  {release['version']}: building {holders:,} holders with its own code…",
                  flush=True)
            subprocess.run([sys.executable, "-c", _FILL, str(tree), url, str(holders),
                            release["date"]], env=env, cwd=tmp, check=True)
    name = f"upgrade-{release['version'].replace('.', '_')}-{holders}"
    return cached_register(name, fill, server)


# --- one upgrade, timed -------------------------------------------------------------------

class Split:
    """Wall and CPU seconds of each schema step, of the copy and check before them, and of
    what ensure_schema does between steps (the foreign-key check after each step on SQLite,
    the schema_version row, the step's commit), by wrapping what it calls (restored
    afterwards)."""

    BETWEEN = {"step": "foreign-key checks", "row": "commits"}

    def __init__(self):
        self.parts: dict[str, list[float]] = {}
        self._undo: list = []
        self._last: tuple[str, float, float] | None = None  # (kind, wall, cpu) of an end

    def _add(self, label: str, wall: float, cpu: float) -> None:
        total = self.parts.setdefault(label, [0.0, 0.0])
        total[0] += wall
        total[1] += cpu

    def _since_last(self, wall: float, cpu: float) -> None:
        if self._last is not None and self._last[0] in self.BETWEEN:
            self._add(self.BETWEEN[self._last[0]], wall - self._last[1], cpu - self._last[2])
        self._last = None

    def finish(self) -> None:
        """The last step's commit (open_database returns right after it)."""
        self._since_last(time.perf_counter(), common.cpu_now())

    def _wrap(self, owner, attribute: str, label: str, kind: str):
        original = getattr(owner, attribute)

        def timed(*args, **kwargs):
            wall, cpu = time.perf_counter(), common.cpu_now()
            self._since_last(wall, cpu)
            try:
                return original(*args, **kwargs)
            finally:
                end_wall, end_cpu = time.perf_counter(), common.cpu_now()
                self._add(label, end_wall - wall, end_cpu - cpu)
                self._last = (kind, end_wall, end_cpu)
        # every name the function is reached by (migrations._record_step finds step 24 by
        # identity through its module name)
        for name, value in list(vars(owner).items()):
            if value is original:
                setattr(owner, name, timed)
                self._undo.append((owner, name, original))
        return timed

    @contextmanager
    def installed(self):
        steps = dict(migrations.STEPS)
        for number, step in steps.items():
            migrations.STEPS[number] = self._wrap(migrations, step.__name__, f"{number}",
                                                  "step")
        self._wrap(migrations, "_record_step", "schema_version rows", "row")
        self._wrap(backup, "keep_copy", "copy", "before")
        self._wrap(connection, "quick_check_file", "quick_check", "before")
        try:
            yield self
        finally:
            migrations.STEPS.update(steps)
            for owner, name, original in reversed(self._undo):
                setattr(owner, name, original)


def one_upgrade(source: str) -> dict:
    """Open a fresh copy of `source` with this program as the window does; the seconds (wall,
    CPU) of the whole and of each part."""
    common._backends.clear()  # a connection's server process, looked up anew
    with tempfile.TemporaryDirectory(prefix="upgrade-") as tmp, data_folder(tmp), \
            _copy_of(source, tmp) as copy:
        split = Split()
        with split.installed():
            cpu, wall = _own_cpu(), time.perf_counter()
            migrations.open_database(copy, check=False)
            split.finish()
            wall, cpu = time.perf_counter() - wall, _own_cpu() - cpu
            # on PostgreSQL the server process answering the connection open_database made:
            # the whole of its CPU is this upgrade's (0 on SQLite)
            cpu += common.cpu_now() - _own_cpu()
        version = migrations.current_version(DB.obj)
        migrations.close_database()
    if version != migrations.LATEST:
        raise SystemExit(f"o banco ficou na versão {version}, não {migrations.LATEST}")
    return {"total": [wall, cpu], **split.parts}


def _own_cpu() -> float:
    """This process's CPU seconds and its ended children's (common.cpu_now without the
    server's: before open_database there is no connection of this copy to ask about)."""
    return time.process_time() + common._children_cpu()


def measure(source: str, runs: int) -> dict:
    """Median wall and CPU seconds of `runs` upgrades, and the parts of the run of median
    wall time (so that they add up to it)."""
    done = [one_upgrade(source) for _ in range(runs)]
    for i, run in enumerate(done, 1):
        print(f"    run {i}: {run['total'][0]:.1f} s wall, {run['total'][1]:.1f} s CPU",
              flush=True)
    middle = sorted(done, key=lambda r: r["total"][0])[(len(done) - 1) // 2]
    return {**middle, "total": [statistics.median(r["total"][k] for r in done)
                                for k in (0, 1)], "middle": middle["total"]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db-url", help="a PostgreSQL server: each release's register built "
                        "there with its own code, as a database of its own")
    parser.add_argument("--release", action="append", help="only this version (repeatable)")
    parser.add_argument("--write", action="store_true",
                        help="write the figures into benchmarks/RESULTS.md (with --db-url, "
                        "RESULTS-postgresql.md)")
    args = parser.parse_args()
    if args.write and args.release:
        parser.error("--write mede todas as versões: tire --release")
    chosen = [r for r in releases() if not args.release or r["version"] in args.release]
    load_before = os.getloadavg()
    results = []
    for release in chosen:
        source, took = build(release, args.holders, args.db_url)
        if took is not None:
            print(f"  {release['version']}: built in {took:.0f} s", flush=True)
        print(f"  {release['version']} (schema {release['schema']}), {size_text(source)}: "
              f"{args.runs} upgrades…", flush=True)
        results.append((release, size_text(source), measure(source, args.runs)))
    load_after = os.getloadavg()
    text = report(results, args, load_before, load_after)
    print(text)
    if args.write:
        write_section(text, args.db_url)
    return 0


def report(results, args, load_before, load_after) -> str:
    backend = "PostgreSQL (CPU: this process plus the server's process answering it)" \
        if args.db_url else "SQLite"
    lines = [SECTION, "",
             f"{dt.datetime.now():%d/%m/%Y %H:%M}; {platform.processor() or platform.machine()}, "
             f"{os.cpu_count()} cores, Python {platform.python_version()}, {backend}; "
             f"{args.holders:,} holders made by each release's own bulk filler; this program "
             f"(schema {migrations.LATEST}) opening a fresh copy (`open_database` as the window "
             "calls it: on SQLite the quick_check and the copy kept in backups/ before "
             "migrating, then every schema step; the whole of it counted); medians of "
             f"{args.runs}; load average {load_before[0]:.2f} before, {load_after[0]:.2f} "
             "after. Run on its own: `python benchmarks/upgrade.py --write` "
             f"(`--db-url URL` for PostgreSQL). Budget {BUDGET_S} s wall from the oldest "
             "release.", "",
             "| from | size | wall s | CPU s | budget s | ratio (wall) |",
             "|---|---:|---:|---:|---:|---:|"]
    for release, size, parts in results:
        wall, cpu = parts["total"]
        lines.append(f"| {release['version']} (schema {release['schema']}) | {size} | "
                     f"{wall:.1f} | {cpu:.1f} | {BUDGET_S} | {wall / BUDGET_S:.2f} |")
    oldest_release, _size, oldest = results[0]
    if oldest_release["version"] == releases()[0]["version"]:
        wall = oldest["total"][0]
        lines += ["", f"From the oldest release ({oldest_release['version']}): {wall:.1f} s "
                  f"wall, {'within' if wall <= BUDGET_S else 'OVER'} the {BUDGET_S} s budget."]
    lines += ["", "Where the time goes, in the run of median wall time (wall s / CPU s of each "
              "part; parts under 0.05 s left out):", ""]
    for release, _size, parts in results:
        steps = {p: v for p, v in parts.items() if p not in ("total", "middle")}
        shown = [f"{_label(p)} {steps[p][0]:.1f}/{steps[p][1]:.1f}"
                 for p in sorted(steps, key=_order) if steps[p][0] >= 0.05]
        rest = parts["middle"][0] - sum(w for w, _c in steps.values())
        lines.append(f"- {release['version']} ({parts['middle'][0]:.1f} s): " +
                     "; ".join(shown) + f"; the rest (connecting, the parts under 0.05 s) "
                     f"{rest:.1f}")
    return "\n".join(lines) + "\n"


def _order(part: str) -> tuple:
    """The check and the copy first, then the steps in order, then what comes between."""
    if part.isdigit():
        return (1, int(part))
    return {"quick_check": (0, 0), "copy": (0, 1)}.get(part, (2, part))


def _label(part: str) -> str:
    return f"step {part}" if part.isdigit() else part


def write_section(text: str, server: str | None) -> None:
    """`text` as this benchmark's section of the results file (between its markers, which
    run.py keeps when it rewrites the rest), in place of the one it had."""
    path = Path(__file__).parent / ("RESULTS-postgresql.md" if server else "RESULTS.md")
    current = path.read_text(encoding="utf-8") if path.exists() else ""
    block = f"{MARKERS[0]}\n{text.rstrip()}\n{MARKERS[1]}"
    pattern = re.escape(MARKERS[0]) + r".*?" + re.escape(MARKERS[1])
    if re.search(pattern, current, flags=re.S):
        current = re.sub(pattern, lambda _m: block, current, flags=re.S)
    else:
        current = current.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(current, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())

"""The test suite's own time (issue 40 item 6: `make test` ≤ 6 minutes on the 2-core machine).

Runs the suite as `make test` does (every core, work stealing, the tests' files in /dev/shm
when it has room, PostgreSQL when MOTOTAXI_TEST_PG is set) with a JUnit report, and prints the
wall time, the load before and after, the time the tests took summed over the workers by
backend (a test id naming postgres or sqlite) and the files that cost most. Not run by CI.

    MOTOTAXI_TEST_PG=postgresql://postgres@127.0.0.1:5432/test python benchmarks/suite_time.py [pytest args]
"""
from __future__ import annotations

import collections
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3]) if Path(
        "/proc/loadavg").exists() else "?"


def _cpu() -> list[int]:
    """The machine's CPU time so far (jiffies): user, nice, system, idle, iowait... (Linux)"""
    stat = Path("/proc/stat")
    return [int(v) for v in stat.read_text().split("\n", 1)[0].split()[1:]] if stat.exists() else []


def main(args: list[str]) -> int:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    if Path("/dev/shm").is_dir() and os.access("/dev/shm", os.W_OK):
        env["TMPDIR"] = "/dev/shm"
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "junit.xml"
        before, started, cpu_before = _load(), time.monotonic(), _cpu()
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "auto", "--dist",
                               "worksteal", "-p", "no:cacheprovider", f"--junitxml={report}",
                               *args], cwd=ROOT, env=env, capture_output=True, text=True)
        wall = time.monotonic() - started
        cpu = [b - a for a, b in zip(cpu_before, _cpu())]
        if keep := os.environ.get("SUITE_REPORT"):  # the JUnit report kept for a closer look
            Path(keep).write_bytes(report.read_bytes())
        lines = done.stdout.strip().splitlines()
        print("\n".join(line for line in lines if line.startswith(("FAILED", "ERROR"))))
        print(lines[-1] if lines else done.stderr)
        cases = [(c.get("classname"), c.get("name"), float(c.get("time") or 0))
                 for c in ET.parse(report).iter("testcase")]
    by_backend: collections.Counter = collections.Counter()
    by_file: collections.Counter = collections.Counter()
    for module, name, seconds in cases:
        kind = "postgres" if "postgres" in name else "sqlite" if "sqlite" in name else "other"
        by_backend[kind] += seconds
        by_file[module] += seconds
    print(f"wall {wall:.0f} s (budget 360 s, ratio {wall / 360:.2f}); load {before} before, "
          f"{_load()} after; {len(cases)} tests, {os.cpu_count()} cores")
    if cpu:  # idle: what the 2 cores did not use (both waiting, or the run's tail)
        print(f"the cores were idle {100 * (cpu[3] + cpu[4]) / sum(cpu):.0f} % of the run")
    print("summed over the workers: " + ", ".join(
        f"{kind} {seconds:.0f} s" for kind, seconds in by_backend.most_common()))
    for module, seconds in by_file.most_common(15):
        print(f"  {seconds:6.1f} s  {module}")
    print("the slowest tests:")
    for module, name, seconds in sorted(cases, key=lambda case: -case[2])[:30]:
        print(f"  {seconds:6.1f} s  {module}::{name}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

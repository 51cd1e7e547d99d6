"""The ledger at scale (issue 23): the Painel, its charts, the Infrações page, the alerts
and `check` on a register of N holders (default 100,000) and M infraction notices (default
1,000,000) over the last three years, written by the bulk filler (demo/bulk.py:
fines, payments, proceedings, audit entries and seals, so `check` passes on it). The
register is built once (minutes) in ~/.cache/mototaxi-bench (MOTOTAXI_BENCH_CACHE), each
line timed on a copy.

    python benchmarks/notices.py [--holders N] [--notices M] [--runs R] [--only TEXT]

A line whose first (warming) call costs more than ten times its budget is reported from that
one call (minutes at a million notices before issue 23's fixes). Prints CPU and wall
medians and the load; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import sys

from common import (cached_register, clock, machine_line, opened_copy, register, size_text,
                    timed)

from mototaxi_desk.services.views import alerts, overview
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.services import ledger
from mototaxi_desk.store import migrations

FILLER = "bulk3"  # changes when demo/bulk.py writes a different register

# what -> budget in ms (issue 23); "{n}" is the number of notices
LINES = {"Painel (overview.dashboard) with {n} notices": 1000,
         "overview.charts() with {n} notices": 300,
         "Infrações, 1,000 newest with {n} notices": 100,
         "alerts.due with {n} notices": 5000,
         "check with {n} notices": 60000}


def label(name: str, notices: int) -> str:
    return name.format(n="1M" if notices == 1_000_000 else f"{notices:,}")


def build(holders: int, notices: int, today: dt.date,
          server: str | None = None) -> tuple[str, float | None]:
    """The cached register (a file; a database on the PostgreSQL `server`) and the seconds it
    took to build now (None if it was there)."""
    def fill(url: str) -> None:
        with register(holders, url, today=today, notices=notices):
            pass
    return cached_register(f"notices-{holders}-{notices}-{FILLER}-v{migrations.LATEST}-"
                           f"{today:%Y%m%d}", fill, server)


def measure(holders: int, notices: int, runs: int, today: dt.date | None = None,
            only: str = "", server: str | None = None) -> list[tuple]:
    """[(what, CPU ms, wall ms)] of each line, medians of `runs` (one run for `check` and for
    a line ten times over its budget), on a copy of the cached register."""
    today = today or dt.date.today()
    source, _took = build(holders, notices, today, server)
    calls = {"Painel (overview.dashboard) with {n} notices": lambda: overview.dashboard(on=today),
             "overview.charts() with {n} notices": lambda: overview.charts(on=today),
             "Infrações, 1,000 newest with {n} notices": lambda: ledger.list_notices(on=today),
             "alerts.due with {n} notices": lambda: alerts.due(on=today, days=30),
             "check with {n} notices": lambda: integrity.check()}
    results = []
    with opened_copy(source):
        for name, call in calls.items():
            what = label(name, notices)
            if only.lower() not in what.lower():
                continue
            found = []
            figures = clock(lambda found=found, call=call: found.append(call()))  # warm; one run
            # of a slow line
            if name.startswith("check") and found[0]:
                print(f"check found problems: {found[0][:3]}", file=sys.stderr)
            if not name.startswith("check") and figures[0] < 10 * LINES[name]:
                figures = timed(call, runs)
            results.append((what, *figures))
    return results


def budgets(notices: int) -> dict[str, int]:
    return {label(name, notices): ms for name, ms in LINES.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--notices", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="the lines whose name contains this")
    parser.add_argument("--db-url", help="a PostgreSQL server (postgresql://...) to measure on "
                        "instead of SQLite; the register is kept there as a database")
    args = parser.parse_args()
    today = dt.date.today()
    load = os.getloadavg()[0]
    source, took = build(args.holders, args.notices, today, args.db_url)
    print(machine_line(args.db_url))
    print(f"register {source.rsplit('/', 1)[-1]} ({size_text(source)})"
          + (f" built in {took:.0f} s (load {load:.2f} before)" if took is not None else
             " (cached)"))
    results = measure(args.holders, args.notices, args.runs, today, args.only, args.db_url)
    print(f"load {os.getloadavg()[0]:.2f}; median of {args.runs}")
    limits = budgets(args.notices)
    for name, cpu, wall in results:
        print(f"{name:<48} CPU {cpu:10.1f} ms   wall {wall:10.1f} ms   budget "
              f"{limits[name]:>6} ms   ratio {cpu / limits[name]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

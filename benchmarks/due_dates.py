"""The due-dates table computed whole (issue 40): what a register with no table of an
earlier day costs before its Painel lands (right after an import, a restore, a first start
on a big register). On a copy of the cached register of N holders (the start-up
benchmark's, benchmarks/run.py; built by the bulk filler when missing), marks the table
stale and times `due_dates.rebuild` (the alerts computed, the rows written, the state set),
the same into an emptied table (every row written), then the computation alone
(`_sorted_values`; the vehicles' items are computed in SQL as they are written) and the
Painel's read after a stale mark.
Budget: 1 s of CPU for the whole rebuild at 100,000 holders.

    python benchmarks/due_dates.py [--holders N] [--runs R] [--db POSTGRESQL_URL]

Prints CPU (this process, plus the PostgreSQL server process serving it and its parallel
workers) and wall medians and the load average before and after; asserts nothing (timings
are never test assertions).
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import sys

from common import cached_register, clock, machine_line, medians, opened_copy, register

from mototaxi_desk.domain import wallclock
from mototaxi_desk.services.views import due_dates, overview
from mototaxi_desk.store import migrations
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import AlertDue

BUDGET_MS = 1000


def _source(holders: int, server: str | None) -> str:
    def fill(url: str) -> None:
        with register(holders, url):
            pass
    source, _took = cached_register(f"startup-{holders}-v{migrations.LATEST}", fill, server)
    return source


def _stale() -> None:
    with write_transaction():
        due_dates.mark_stale()


def _emptied() -> None:
    """Stale, and no rows: every row written (a first build; on PostgreSQL, where only the
    rows that changed are written, what a change of every row costs)."""
    with write_transaction():
        AlertDue.delete().execute()
        due_dates.mark_stale()


def measure(holders: int, runs: int, server: str | None = None,
            today: dt.date | None = None) -> list[tuple[str, float, float]]:
    today = today or wallclock.today()
    window = due_dates.WINDOW + due_dates.AHEAD
    with opened_copy(_source(holders, server)):
        due_dates.rebuild(today)  # warm (and the copy migrated, when it was older)
        rebuilds = []
        for _ in range(runs):
            _stale()
            rebuilds.append(clock(lambda: due_dates.rebuild(today)))
        rows = AlertDue.select().count()
        written = []
        for _ in range(runs):
            _emptied()
            written.append(clock(lambda: due_dates.rebuild(today)))
        computed = [clock(lambda: due_dates._snapshot(  # as the rebuild reads it
            lambda: (due_dates._without_jit(), due_dates._sorted_values(today, window))))
            for _ in range(runs)]
        painel = []
        for _ in range(runs):
            _stale()
            painel.append(clock(lambda: overview.dashboard(on=today)))
    return [(f"due_dates.rebuild, the whole table ({rows:,} rows)", *medians(rebuilds)),
            ("the same into an emptied table (every row written)", *medians(written)),
            ("its computation alone (alerts collected, rows made)", *medians(computed)),
            ("Painel after a change of everybody's alerts (table computed whole, then read)",
             *medians(painel))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", help="a PostgreSQL server URL (default: SQLite files)")
    args = parser.parse_args()
    before = os.getloadavg()
    results = measure(args.holders, args.runs, args.db)
    after = os.getloadavg()
    print(machine_line(args.db))
    print(f"{args.holders:,} holders; medians of {args.runs}; load average "
          f"{before[0]:.2f} before, {after[0]:.2f} after")
    print("| what | CPU ms | wall ms | budget ms | ratio |\n|---|---:|---:|---:|---:|")
    for name, cpu, wall in results:
        print(f"| {name} | {cpu:.1f} | {wall:.1f} | {BUDGET_MS} | {cpu / BUDGET_MS:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

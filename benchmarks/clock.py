"""Cost of the daily passage of time (services/clock.py) on a large register: the first
opening of a day (the step runs: every status it may move is looked at, in one write
transaction) and every later opening the same day (the step finds the day done). The GUI
runs it after the login, before the main window; every command runs it on opening.
Fills N holders (default 100,000) with services.demo.fill_bulk, makes a few permits due to
move, then reports the median and p95 of each case.

    python benchmarks/clock.py [--holders N] [--days D] [--runs R] [--db URL]

Prints figures; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time

from common import machine_line, percentile, register

from mototaxi_desk.services import clock
from mototaxi_desk.store.models import Permit


def _due_to_move(today: dt.date, count: int) -> None:
    """`count` active permits whose validity ended yesterday and as many suspended ones
    whose suspension ended: work for the first step of the day."""
    ids = [pid for (pid,) in Permit.select(Permit.id).where(Permit.status == "active")
           .order_by(Permit.id).limit(2 * count).tuples()]
    Permit.update(valid_until=today - dt.timedelta(days=1)).where(
        Permit.id.in_(ids[:count])).execute()
    Permit.update(status="suspended", status_until=today - dt.timedelta(days=1)).where(
        Permit.id.in_(ids[count:])).execute()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--days", type=int, default=7, help="first openings measured")
    parser.add_argument("--runs", type=int, default=30, help="later openings measured")
    parser.add_argument("--changes", type=int, default=20, help="permits due to move")
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    today = dt.date.today() - dt.timedelta(days=args.days)
    first, later, changed = [], [], 0
    with register(args.holders, args.db, today=today) as fill_s:
        for day in range(args.days):
            on = today + dt.timedelta(days=day)
            _due_to_move(on, args.changes if day == 0 else 0)
            started = time.perf_counter()
            result = clock.tick(on=on)
            first.append((time.perf_counter() - started) * 1000)
            changed += len(result["changes"])
        for _ in range(args.runs):
            started = time.perf_counter()
            assert not clock.tick(on=on)["ran"]
            later.append((time.perf_counter() - started) * 1000)
    print(machine_line(args.db))
    print(f"filled {args.holders} holders in {fill_s:.1f} s; {changed} change(s) made")
    for label, times in (("first opening of a day", first), ("later openings", later)):
        print(f"{label}: median {statistics.median(times):.1f} ms, "
              f"p95 {percentile(times, 0.95):.1f} ms ({len(times)} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

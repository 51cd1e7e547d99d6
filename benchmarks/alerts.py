"""Speed of the deadlines list on a large register: fills N holders (default 10,000) with their
CNH, vehicle and permit (services.demo.fill_bulk), records an inspection for one vehicle in three,
then reports median and p95 of `alerts.due()` over 30 and 365 days.
Budget: a few hundred ms.

    python benchmarks/alerts.py [--holders N] [--runs R] [--db URL]

Prints figures; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time

from common import machine_line, percentile, register

from mototaxi_desk.domain import inspection_rules
from mototaxi_desk.services.views import alerts
from mototaxi_desk.store.models import DB, Inspection, Vehicle


def _inspections(today: dt.date) -> int:
    """An approved annual inspection for one vehicle in three, at various dates, so the
    grouped inspection query has real rows to read."""
    rows = []
    for i, (vehicle_id,) in enumerate(Vehicle.select(Vehicle.id).tuples()):
        if i % 3:
            continue
        on = today - dt.timedelta(days=(i * 7) % 360)
        rows.append({"vehicle": vehicle_id, "kind": "annual", "inspected_on": on,
                     "approved": True, "valid_until": inspection_rules.valid_until("annual", on)})
    with DB.atomic():
        for start in range(0, len(rows), 500):
            Inspection.insert_many(rows[start:start + 500]).execute()
    return len(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    today = dt.date.today()
    results = {}
    with register(args.holders, args.db, today=today) as fill_s:
        inspected = _inspections(today)
        for days in (30, 365):
            alerts.due(on=today, days=days)  # warm the cache
            times, count = [], 0
            for _ in range(args.runs):
                started = time.perf_counter()
                count = len(alerts.due(on=today, days=days))
                times.append((time.perf_counter() - started) * 1000)
            results[days] = (times, count)
    print(machine_line(args.db))
    print(f"filled {args.holders} holders ({inspected} inspected) in {fill_s:.1f} s; "
          f"{args.runs} runs each")
    for days, (times, count) in results.items():
        print(f"due(days={days:<3}) {count:6d} alerts   median {statistics.median(times):7.1f} ms"
              f"   p95 {percentile(times, 0.95):7.1f} ms   max {max(times):7.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

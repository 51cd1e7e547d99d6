"""`make benchmark`: every budget of issue 23 measured in one run, as a ratio to its budget
(≤ 1.00 is within), CPU and wall time with the load noted, written to benchmarks/RESULTS.md.
The registers (N holders by the bulk filler, notices for one holder in ten, at most about
2,000; and the same holders with M infraction notices over three years, benchmarks/notices.py)
are built once and kept in ~/.cache/mototaxi-bench (MOTOTAXI_BENCH_CACHE), never in the
checkout nor the user's data folder. CI does not run this.

    python benchmarks/run.py [--holders 100000] [--notices 1000000] [--runs 5]

--notices 0 leaves out the lines "with M notices" (building a million takes minutes).
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import notices
import printing
import screens

# what -> budget in ms (issue 23)
BUDGETS = {
    "open a prontuário (person_record)": 100, "its buttons (counter.actions)": 100,
    "Painel, the day's first (due-dates table rebuilt)": 1000,
    "Painel (overview.dashboard)": 1000, "overview.charts()": 300,
    "Infrações, 1,000 newest notices": 100,
    "search p95: name (two words)": 10, "search p95: name keystrokes": 10,
    "search p95: CPF prefix": 10, "search p95: plate": 10, "search p95: permit nº": 10,
    "search p95: protocol": 10, "one permit card": 20, "500 stickers": 8000,
    "page Infrações (GUI thread)": 100, "page Pontos (GUI thread)": 100, "page Lista de espera (GUI thread)": 100,
    "page Relatórios (GUI thread)": 100, "page Requerimentos (GUI thread)": 100,
}


def _printing(runs: int) -> list[tuple]:
    printing.fonts.register()
    printing.one_card(1)
    out = []
    for name, call, count in (("one permit card", printing.one_card, 20),
                              ("500 stickers", lambda _i: printing.stickers_500(), runs)):
        cpu, wall = [], []
        for i in range(count):
            c, w = time.process_time(), time.perf_counter()
            call(i + 2)
            cpu.append((time.process_time() - c) * 1000)
            wall.append((time.perf_counter() - w) * 1000)
        out.append((name, statistics.median(cpu), statistics.median(wall)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--notices", type=int, default=1_000_000,
                        help="notices of the ledger-at-scale lines (0: leave them out)")
    args = parser.parse_args()
    load_before = os.getloadavg()
    results = screens.measure(args.holders, args.runs) + _printing(args.runs)
    if args.notices:
        BUDGETS.update(notices.budgets(args.notices))
        results += notices.measure(args.holders, args.notices, args.runs)
    load_after = os.getloadavg()
    lines = [
        "# Benchmark results (issue 23)", "",
        f"{dt.datetime.now():%d/%m/%Y %H:%M}; {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, SQLite; "
        f"{args.holders:,} holders (bulk filler), notices for one holder in ten "
        f"(at most about 2,000)"
        + (f", and the same holders with {args.notices:,} notices over three years for the lines "
           "that say so" if args.notices else "") + "; "
        f"medians of {args.runs} (searches: p95 of 200 queries); load average "
        f"{load_before[0]:.2f} before, {load_after[0]:.2f} after.", "",
        "Ratio = CPU time / budget (≤ 1.00 is within budget). Wall time depends on the load "
        "of the machine.", "",
        "| what | CPU ms | wall ms | budget ms | ratio |", "|---|---:|---:|---:|---:|"]
    for name, cpu, wall in results:
        budget = BUDGETS.get(name)
        ratio = f"{cpu / budget:.2f}" if budget else "—"
        lines.append(f"| {name} | {cpu:.1f} | {wall:.1f} | {budget or '—'} | {ratio} |")
    text = "\n".join(lines) + "\n"
    (Path(__file__).parent / "RESULTS.md").write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""`make benchmark`: every budget of issue 23 measured in one run, as a ratio to its budget
(≤ 1.00 is within), CPU and wall time with the load noted, written to benchmarks/RESULTS.md.
The registers (N holders by the bulk filler, notices for one holder in ten, at most about
2,000; and the same holders with M infraction notices over three years, benchmarks/notices.py)
are built once and kept in ~/.cache/mototaxi-bench (MOTOTAXI_BENCH_CACHE), never in the
checkout nor the user's data folder. CI does not run this.

    python benchmarks/run.py [--holders 100000] [--notices 1000000] [--runs 5] [--db-url URL]

--notices 0 leaves out the lines "with M notices" (building a million takes minutes).
The upgrade from each earlier release is measured apart (benchmarks/upgrade.py --write): its
section of RESULTS.md is kept as it was.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import re
import sys
from pathlib import Path

import gui_startup
from common import clock, medians
import notices
import printing
import screens

# what -> budget in ms (issue 23)
BUDGETS = {
    "open a prontuário (person_record)": 100, "its buttons (counter.actions)": 100,
    "Painel, the day's first (the day before's table brought forward)": 1000,
    "Painel after a change of everybody's alerts (due-dates table computed whole)": 1000,
    "Painel after a change of everybody's alerts, first figures (the table as it was, the "
    "whole computed behind)": 1000,
    "Painel, the day's first figures (the day before's table, today's built behind)": 1000,
    "Painel (overview.dashboard)": 1000, "overview.charts()": 300,
    "Infrações, 1,000 newest notices": 100,
    "search p95: name (two words)": 10, "search p95: name keystrokes": 10,
    "search p95: CPF prefix": 10, "search p95: plate": 10, "search p95: permit nº": 10,
    "search p95: protocol": 10, "one permit card": 20, "500 stickers": 8000,
    "page Infrações (GUI thread)": 100, "page Pontos (GUI thread)": 100, "page Lista de espera (GUI thread)": 100,
    "page Relatórios (GUI thread)": 100, "page Requerimentos (GUI thread)": 100,
}


# lines whose work spreads over both cores (check's parts run beside each other): CPU adds
# up the cores' time, while a person waits the wall time; their ratio is wall / budget
BY_WALL = ("check with",)


def _printing(runs: int) -> list[tuple]:
    printing.fonts.register()
    printing.one_card(1)
    out = []
    for name, call, count in (("one permit card", printing.one_card, 20),
                              ("500 stickers", lambda _i: printing.stickers_500(), runs)):
        out.append((name, *medians(clock(lambda i=i, call=call: call(i + 2)) for i in range(count))))
    return out


def _startup(holders: int, runs: int) -> list[str]:
    """The start-up and memory lines (benchmarks/gui_startup.py: the real `mototaxi-desk`
    process against a bare PySide6 window, alternating), as a table of their own."""
    from common import bench_cache

    from mototaxi_desk.store import migrations
    # the file of an older schema version is used: the program migrates it as it opens it,
    # in the first start, which is not counted (gui_startup.measure)
    db = next((str(path) for version in range(migrations.LATEST, 0, -1)
               if (path := bench_cache() / f"startup-{holders}-v{version}.db").exists()),
              str(bench_cache() / f"startup-{holders}-v{migrations.LATEST}.db"))
    m = gui_startup.measure(holders, runs, db)
    tour = gui_startup.tour(db, runs)  # the peak through the pages; Entrar split
    bare_cpu, bare_wall = m["bare"]["cpu"], m["bare"]["spawn"]
    rows = [("start → login usable", m["login"]["cpu"] / bare_cpu,
             m["login"]["spawn"] / bare_wall, "2.0×"),
            ("start → main window (typing left out)", m["main_window"]["cpu"] / bare_cpu,
             m["main_window"]["spawn"] / bare_wall, "2.0×"),
            # what the program's own work costs: the hash is a security setting (argon2's
            # RFC 9106 parameters), over a bare window's time on its own on a fast PC
            ("the same, the password's argon2 check left out",
             (m["main_window"]["cpu"] - m["password"]) / bare_cpu,
             (m["main_window"]["spawn"] - m["password"]) / bare_wall, "—")]
    return ["", f"Start-up against a bare PySide6 window (bare: {bare_cpu * 1000:.0f} ms CPU, "
            f"{bare_wall * 1000:.0f} ms from the spawn), medians of {runs} starts each, "
            "alternating; the real `mototaxi-desk` on the same register, logged in as the "
            "administrator. Its CPU counts every thread: the file's quick_check while the "
            "login shows, the password's argon2 hash, the administrator's integrity check "
            "started with the main window:", "",
            "| what | CPU ratio | wall ratio | budget |", "|---|---:|---:|---:|",
            *[f"| {name} | {cpu:.2f} | {wall:.2f} | {budget} |" for name, cpu, wall, budget
              in rows], "",
            f"Resident memory after the Painel loaded and the searches ran: "
            f"{m['rss_mib']:.0f} MiB (budget 250). The password's check (argon2) took "
            f"{m['password'] * 1000:.0f} ms. Last key → results, worst: "
            f"{m['search_while_loading_ms']:.1f} ms while the Painel loads, "
            f"{m['search_after_ms']:.1f} ms after (budget 100, typing pause included). The "
            f"Painel loaded {m['painel_after_main'] * 1000:.0f} ms after the main window (in the "
            f"background; longest event handled meanwhile {m['longest_turn'] * 1000:.0f} ms, "
            f"longest processEvents() batch {m['longest_batch'] * 1000:.0f} ms; budget 50).",
            "", *gui_startup.tour_text(tour).splitlines()]


def _kept_sections(path: Path) -> str:
    """The sections other scripts write into the results file (`<!-- name: begin -->` ...
    `<!-- name: end -->`: upgrade.py's, verifier_page.py's), kept when this run rewrites
    it."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    blocks = re.finditer(r"<!-- ([\w.]+): begin -->.*?<!-- \1: end -->", old, flags=re.S)
    return "".join("\n" + block.group(0) + "\n" for block in blocks)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--notices", type=int, default=1_000_000,
                        help="notices of the ledger-at-scale lines (0: leave them out)")
    parser.add_argument("--db-url", help="a PostgreSQL server (postgresql://...): the same "
                        "lines measured there (CPU includes the server's), written to "
                        "RESULTS-postgresql.md; the registers are kept there as databases")
    args = parser.parse_args()
    load_before = os.getloadavg()
    results = screens.measure(args.holders, args.runs, server=args.db_url)
    if not args.db_url:  # printing never touches the database
        results += _printing(args.runs)
    if args.notices:
        BUDGETS.update(notices.budgets(args.notices))
        results += notices.measure(args.holders, args.notices, args.runs, server=args.db_url)
    load_after = os.getloadavg()
    backend = "PostgreSQL (CPU: this process plus the server's process answering it)" \
        if args.db_url else "SQLite"
    lines = [
        "# Benchmark results (issue 23)", "",
        f"{dt.datetime.now():%d/%m/%Y %H:%M}; {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, Python {platform.python_version()}, {backend}; "
        f"{args.holders:,} holders (bulk filler), notices for one holder in ten "
        f"(at most about 2,000)"
        + (f", and the same holders with {args.notices:,} notices over three years for the lines "
           "that say so" if args.notices else "") + "; "
        f"medians of {args.runs} (searches: p95 of 200 queries); load average "
        f"{load_before[0]:.2f} before, {load_after[0]:.2f} after.", "",
        "Ratio = CPU time / budget (≤ 1.00 is within budget); for `check`, whose parts run "
        "on both cores at once, wall time / budget (marked *wall*: CPU adds up both cores). "
        "Wall time depends on the load of the machine.", "",
        "| what | CPU ms | wall ms | budget ms | ratio |", "|---|---:|---:|---:|---:|"]
    for name, cpu, wall in results:
        budget = BUDGETS.get(name)
        by_wall = name.startswith(BY_WALL)
        ratio = (f"{(wall if by_wall else cpu) / budget:.2f}" + (" *wall*" if by_wall else "")
                 if budget else "—")
        lines.append(f"| {name} | {cpu:.1f} | {wall:.1f} | {budget or '—'} | {ratio} |")
    text = "\n".join(lines) + "\n"
    if not args.db_url:  # the program's own start, on SQLite as a counter PC runs it
        lines += _startup(args.holders, max(3, args.runs))
        text = "\n".join(lines) + "\n"
    name = "RESULTS-postgresql.md" if args.db_url else "RESULTS.md"
    text += _kept_sections(Path(__file__).parent / name)
    (Path(__file__).parent / name).write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())

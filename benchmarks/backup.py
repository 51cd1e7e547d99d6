"""Backup and restore time on a large register: fills N holders (default 100,000) with the bulk
loader, then times, R times each (median and max): a copy (online backup API, or pg_dump on
PostgreSQL), a full restore of that copy (checks on a copy of the file, integrity_check,
keeping the replaced database, writing the pages back, audit), and opening the database
(which now runs PRAGMA quick_check).

    python benchmarks/backup.py [--holders N] [--repeat R] [--db URL]

Prints figures; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from common import machine_line, register

from mototaxi_desk.services.administration import backups
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store import connection
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import DB, Person


def _timed(work, repeat: int) -> tuple[list[float], object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return times, result


def _line(name: str, times: list[float]) -> str:
    return f"{name:<34} median {statistics.median(times):7.2f} s   max {max(times):7.2f} s"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--db", help="database URL (default: a temporary SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        os.environ["MOTOTAXI_DATA_DIR"] = data  # copies land here, never in your data folder
        with register(args.holders, args.db, waiting=0) as fill_s:
            people = Person.select().count()
            print(f"{args.holders} holders ({people} persons) filled in {fill_s:.1f} s")
            copy_times, made = _timed(lambda: backups.make_backup(SYSTEM), args.repeat)
            print(f"copy: {made['path'].name}, {made['bytes'] / 1e6:.1f} MB")
            print(_line("backup (" + ("pg_dump" if connection.is_postgres() else
                                      "SQLite online backup") + ")", copy_times))
            if not connection.is_postgres():
                path = Path(DB.obj.database)
                restore_times, _ = _timed(lambda: backups.restore(SYSTEM, path, made["path"]),
                                          args.repeat)
                assert Person.select().count() == people
                print(_line("restore (checks + keep + write)", restore_times))
                close_database()
                open_times = []
                for _ in range(args.repeat):
                    start = time.perf_counter()
                    open_database(str(path))
                    open_times.append(time.perf_counter() - start)
                    close_database()
                open_database(str(path))  # register() closes it at the end
                print(_line("open (with quick_check)", open_times))
                check_times, _ = _timed(lambda: DB.obj.execute_sql(
                    "PRAGMA quick_check(1)").fetchone(), args.repeat)
                print(_line("  of which PRAGMA quick_check", check_times))
    print(machine_line(args.db) + f", {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())

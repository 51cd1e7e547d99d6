"""Import of a register from a spreadsheet (services/exchange/importing.py): an XLSX of N holders
(default 10,000: person, CNH, vehicle, permit on one of 40 pontos) validated (dry run) and
imported into an empty database set up as `init` does, then imported again (nothing
changes). Each run uses a fresh database; reports the median and the slowest of R runs.
The issue's budget: 10,000 rows validated and imported in under 60 s.

    python benchmarks/import_rows.py [--rows N] [--runs R] [--db URL]

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

from common import machine_line

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mototaxi_desk.services.exchange import importing
from mototaxi_desk.services import setup  # noqa: E402
from mototaxi_desk.services.context import SYSTEM  # noqa: E402
from mototaxi_desk.store.migrations import close_database, open_database  # noqa: E402
from mototaxi_desk.store.models import Permit  # noqa: E402
from tests.services.import_samples import holders_workbook  # noqa: E402


class Clock:
    """Wall time and this process's CPU time of a step: on a shared machine the wall time
    also counts the waits for a core; the CPU time is the work itself."""

    def __enter__(self):
        self.wall, self.cpu = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.wall
        self.cpu = time.process_time() - self.cpu


def one_run(rows: int, workbook: Path, tmp: Path, db_url: str | None) -> dict:
    open_database(db_url or str(tmp / f"bench-{time.monotonic_ns()}.db"), backup_dir=tmp)
    try:
        setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                         municipio="Município de Teste", uf="MA", ibge="2111102",
                         population=rows * 300, fiscal_unit_value="50,00",
                         admin_password="senha-de-bench")
        with Clock() as read_t:
            source = importing.read(SYSTEM, workbook)  # the window reads the file once
        with Clock() as dry_t:
            dry = importing.dry_run(SYSTEM, source)
        with Clock() as apply_t:
            result = importing.apply(SYSTEM, source)
        assert result["imported"] and Permit.select().count() == rows, result["errors"]
        with Clock() as again_t:
            again = importing.apply(SYSTEM, workbook)  # from the path: read again
        assert not again["imported"]
        return {"read": read_t, "dry": dry_t, "apply": apply_t, "again": again_t,
                "errors": dry["errors"]}
    finally:
        close_database()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", help="database URL (default: a fresh temporary SQLite file "
                                     "per run; a PostgreSQL database must be empty)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        started = time.perf_counter()
        workbook = holders_workbook(tmp / "cadastro.xlsx", args.rows, stands=40)
        print(f"workbook of {args.rows} rows written in {time.perf_counter() - started:.1f} s "
              f"({workbook.stat().st_size / 1e6:.1f} MB)")
        results = [one_run(args.rows, workbook, tmp, args.db) for _ in range(args.runs)]
    print(machine_line(args.db))
    for key, label in (("read", "read the XLSX (once)"),
                       ("dry", "dry run (validate + look up)"),
                       ("apply", "import (validate + look up + write, one transaction)"),
                       ("again", "same file again from disk (nothing to change)")):
        wall = [r[key].wall for r in results]
        cpu = [r[key].cpu for r in results]
        print(f"{label:<52} median {statistics.median(wall):6.1f} s wall "
              f"({statistics.median(cpu):5.1f} s CPU)   slowest {max(wall):6.1f} s")
    wall = [r["read"].wall + r["dry"].wall + r["apply"].wall for r in results]
    cpu = [r["read"].cpu + r["dry"].cpu + r["apply"].cpu for r in results]
    print(f"{'read + dry run + import, as the window does them':<52} median "
          f"{statistics.median(wall):6.1f} s wall ({statistics.median(cpu):5.1f} s CPU)   "
          "(budget 60 s)")
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

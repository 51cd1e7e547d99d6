"""Cost of the audit hash chain: appending N entries through services.audit.record (each reads
the chain head and hashes), `audit verify` over them, and the v6 migration chaining N entries of
an older database. Also `integrity.check()` on a bulk register of H holders.

    python benchmarks/audit_chain.py [--entries N] [--holders H] [--db URL]

Prints figures; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import time

from common import machine_line, register

from mototaxi_desk.services import audit
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store import migrations
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import DB, AuditLog


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--entries", type=int, default=100_000)
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--db")
    args = parser.parse_args()
    print(machine_line(args.db))
    with register(args.holders, args.db) as fill_seconds:
        print(f"bulk register of {args.holders} holders: {fill_seconds:.1f} s")
        start = time.perf_counter()
        problems = integrity.check(file_check=False)
        print(f"integrity.check(file_check=False): {time.perf_counter() - start:.2f} s "
              f"({len(problems)} problem line(s): the bulk loader writes no history/audit)")
        if not DB.obj.__class__.__name__.startswith("Postgres"):
            start = time.perf_counter()
            integrity.file_problems()
            print(f"SQLite integrity_check + foreign_key_check: "
                  f"{time.perf_counter() - start:.2f} s")

        after = {"cpf": "52998224725", "name": "Conceição Araújo Sá", "status": "active"}
        start = time.perf_counter()
        for batch in range(0, args.entries, 1000):
            with write_transaction():  # like 1,000 actions' entries, committed per batch
                for n in range(batch, min(batch + 1000, args.entries)):
                    audit.record(SYSTEM, "bench.entry", "person", n, after=after)
        seconds = time.perf_counter() - start
        print(f"append {args.entries} entries: {seconds:.1f} s "
              f"({seconds / args.entries * 1e6:.0f} µs each)")
        start = time.perf_counter()
        result = audit.verify()
        print(f"audit verify of {result['count']} entries: {time.perf_counter() - start:.2f} s "
              f"(ok={result['ok']})")

        # the v6 migration on the same entries: drop the hash columns, run step 6 again
        database = DB.obj
        for column in ("prev_hash", "entry_hash"):
            database.execute_sql(f"ALTER TABLE audit_log DROP COLUMN {column}")
        start = time.perf_counter()
        with database.atomic():
            migrations.STEPS[6](database)
        print(f"v6 migration chaining {AuditLog.select().count()} entries: "
              f"{time.perf_counter() - start:.1f} s (ok={audit.verify()['ok']})")


if __name__ == "__main__":
    main()

"""Where `check` spends its time on a large register (issue 40 item 3): each part of
services/trust/integrity.check run alone, in this thread, on a copy of a cached register
(benchmarks/notices.py builds them), CPU and wall of each. Asserts nothing.

    python benchmarks/check_parts.py SOURCE [--only TEXT] [--in-place] [--whole]

--in-place opens the register itself (an SQLite file), not a copy: `check` writes nothing,
and a copy of the million-notice register is 7 GB. --whole also times integrity.check()
as the command runs it (its parts beside each other on both cores).
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from pathlib import Path

from common import clock, data_folder, opened_copy

from mototaxi_desk.services.trust import audit_walk, checkpoints, integrity
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import DB


@contextlib.contextmanager
def in_place(source: str):
    """The register itself, open, with a temporary data folder."""
    with tempfile.TemporaryDirectory() as tmp, data_folder(tmp):
        open_database(source, backup_dir=Path(tmp), check=False)
        try:
            yield source
        finally:
            close_database()


def _pragma(name: str):
    def run():
        return DB.obj.execute_sql(f"PRAGMA {name}").fetchall()
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("--only", default="")
    parser.add_argument("--in-place", action="store_true")
    parser.add_argument("--whole", action="store_true")
    args = parser.parse_args()
    walked = {}
    parts = {
        "profile_problems": integrity.profile_problems,
        "walk (chain, audited)": lambda: walked.update(
            audit_walk.walk(audited=integrity.AUDITED)),
        "application_problems": lambda: integrity.application_problems(walked),
        "permit_problems": lambda: integrity.permit_problems(walked),
        "notice_problems": lambda: integrity.notice_problems(walked),
        "sticker_problems": lambda: integrity.sticker_problems(walked),
        "number_problems": integrity.number_problems,
        "key_problems": integrity.key_problems,
        "checkpoints": checkpoints.problems,
        "seal_walk": audit_walk.seal_walk,
        "seal_problems (whole)": audit_walk.seal_problems,
        "quick_check": _pragma("quick_check"),
        "integrity_check": _pragma("integrity_check"),
        "foreign_key_check": _pragma("foreign_key_check"),
    }
    if args.whole:
        parts = {"integrity.check() whole": integrity.check, **parts}
    print(f"load {os.getloadavg()[0]:.2f}")
    with (in_place if args.in_place else opened_copy)(args.source):
        counts = {t: DB.obj.execute_sql(f"SELECT count(*) FROM {t}").fetchone()[0]
                  for t in ("audit_log", "row_seal", "infraction_notice")}
        print(counts)
        for name, call in parts.items():
            if args.only and args.only not in name:
                continue
            cpu, wall = clock(call)
            print(f"{name:<28} CPU {cpu:9.0f} ms  wall {wall:9.0f} ms", flush=True)
    print(f"load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

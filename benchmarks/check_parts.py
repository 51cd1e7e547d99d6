"""Where `check` spends its time on a large register (issue 40 item 3): each part of
services/trust/integrity.check run alone, in this thread, on a copy of a cached register
(benchmarks/notices.py builds them), CPU and wall of each. Asserts nothing.

    python benchmarks/check_parts.py SOURCE [--only TEXT]
"""
from __future__ import annotations

import argparse
import os
import sys

from common import clock, opened_copy

from mototaxi_desk.services.trust import audit_walk, checkpoints, integrity
from mototaxi_desk.store.models import DB


def _pragma(name: str):
    def run():
        return DB.obj.execute_sql(f"PRAGMA {name}").fetchall()
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source")
    parser.add_argument("--only", default="")
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
    print(f"load {os.getloadavg()[0]:.2f}")
    with opened_copy(args.source):
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

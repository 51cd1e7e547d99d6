"""The Painel cold and warm, and what keeping the due-dates table current adds to one write
(issue 23): on a copy of the screens' cached register (benchmarks/screens.py builds it),

- Painel cold: the first of the day — the due-dates table rebuilt from the whole register
  (services/views/due_dates.py), then read;
- Painel warm: the table fresh, read by indexed SQL;
- one action: record an infraction notice (ledger.record_notice) on a different holder
  each time, the table fresh.

Runs on the code before the table too (then cold and warm are the same call).

    python benchmarks/painel_writes.py [--holders N] [--runs R]

Prints CPU and wall medians and the load; asserts nothing.
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import sys

from common import clock, machine_line, medians, opened_copy

import screens
from mototaxi_desk.services import ledger
from mototaxi_desk.services.views import overview
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import Permit

FISCAL = Actor(None, "fiscal.bench", "fiscal")

try:
    from mototaxi_desk.services.views import due_dates
except ImportError:  # the code before the table
    due_dates = None




def _stale() -> None:
    if due_dates is not None:
        with write_transaction():
            due_dates.mark_stale()


def _notice(permit: Permit, today: dt.date):
    when = dt.datetime.combine(today - dt.timedelta(days=1), dt.time(9, 0))

    def call():
        ledger.record_notice(FISCAL, {
            "permit_id": permit.id, "infraction_code": "36-IX",
            "occurred_at": when.strftime("%d/%m/%Y %H:%M"), "place": "Praça da Matriz",
            "agent_name": "Fiscal", "agent_registration": "MAT-1", "description": "Ronda.",
            "notified_on": when.date(), "notification_channel": "in_person"}, on=today)
    return call


def measure(holders: int, runs: int) -> list[tuple]:
    today = dt.date.today()
    source = screens.build(holders, today)
    out = []
    with opened_copy(source):
        painel = lambda: overview.dashboard(on=today)  # noqa: E731
        cold = []
        for _ in range(runs):
            _stale()
            cold.append(clock(painel))
        out.append(("Painel cold (table rebuilt)", *medians(cold)))
        painel()
        out.append(("Painel warm (table fresh)",
                    *medians([clock(painel) for _ in range(runs)])))
        permits = list(Permit.select().where(Permit.status == "active")
                       .order_by(Permit.id.desc()).limit(2 * runs + 2))
        clock(_notice(permits[-1], today))  # warm (profiles, calendar)
        out.append(("record a notice (ledger.record_notice)",
                    *medians([clock(_notice(p, today)) for p in permits[:runs]])))
        out.append(("Painel warm after those writes",
                    *medians([clock(painel) for _ in range(runs)])))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    results = measure(args.holders, args.runs)
    print(machine_line(None))
    print(f"{args.holders} holders; load {load:.2f} → {os.getloadavg()[0]:.2f}; "
          f"median of {args.runs}; due-dates table: {'yes' if due_dates else 'no'}")
    for name, cpu, wall in results:
        print(f"{name:<40} CPU {cpu:8.1f} ms   wall {wall:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

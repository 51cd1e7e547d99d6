"""What one simple audited action costs (issue 40 items 4 and 6): registering a person on a
new município, again and again, on SQLite or PostgreSQL. Every action pays the audit
chain's entry, the row seals, this station's mark and the signed checkpoint files
(services/audit.py, services/trust/); this shows what they weigh.

    python benchmarks/action_cost.py [--db URL] [--runs 200]

Prints CPU and wall medians (the server's CPU counted on PostgreSQL) and the load; asserts
nothing. BENCH_CODE=folder runs the code of another revision (`git archive REV
mototaxi_desk resources` unpacked there) for a before/after.
"""
from __future__ import annotations

import argparse

from common import clock, machine_line, medians, register
from validate_docbr import CPF

from mototaxi_desk.services.context import Actor
from mototaxi_desk.services.register import persons

CLERK = Actor(None, "atendente.bench", "atendente")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", help="a PostgreSQL URL (an empty database); SQLite otherwise")
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    cpf = CPF()

    def act():
        persons.register_person(CLERK, {"cpf": cpf.generate(), "name": "Ana Maria Pereira"})
    with register(1, args.db):  # one holder: the bulk filler sets the scene
        for _ in range(10):  # warm: the first actions import and make the keys
            act()
        cpu, wall = medians(clock(act) for _ in range(args.runs))
    print(machine_line(args.db))
    print(f"register_person: CPU {cpu:.2f} ms, wall {wall:.2f} ms (medians of {args.runs}); "
          f"load {' '.join(open('/proc/loadavg').read().split()[:3])}")


if __name__ == "__main__":
    main()

"""Guias and bank returns: issuing one guia (number, audit, PDF with barcode and PIX QR) and
importing a return file of N payments (each matched and paid through the payment services).
Prints medians; no asserts.

    python benchmarks/guias.py [--guias 40] [--payments 300]
"""
from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.common import machine_line, register  # noqa: E402
from mototaxi_desk.domain import febraban  # noqa: E402
from mototaxi_desk.services.payments import bank_returns, collection, fees, guias  # noqa: E402
from mototaxi_desk.services.context import SYSTEM  # noqa: E402
from mototaxi_desk.store.models import Person  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--guias", type=int, default=40)
    parser.add_argument("--payments", type=int, default=300)
    args = parser.parse_args()
    today = dt.date.today()
    with register(args.payments + args.guias):
        collection.update(SYSTEM, cnpj="11222333000181", febraban_code="1234",
                          pix_key="11222333000181")
        people = [p.id for p in Person.select(Person.id).limit(args.payments + args.guias)]
        debts = [fees.charge(SYSTEM, pid, "stand_change", on=today) for pid in people]
        times, issued = [], []
        for fee in debts:
            start = time.perf_counter()
            issued.append(guias.issue(SYSTEM, "fee", fee.id, on=today)["guia"])
            times.append(time.perf_counter() - start)
        lines = [febraban.header_record(convenio="1", company="P", bank_code="001",
                                        bank_name="B", generated_on=today, sequence=1)]
        paid = issued[:args.payments]
        lines += [febraban.item_record(barcode_digits=g["barcode"], cents=g["amount_cents"],
                                       paid_on=today, credited_on=today, record_number=n)
                  for n, g in enumerate(paid, 1)]
        lines.append(febraban.trailer_record(len(lines) + 1,
                                             sum(g["amount_cents"] for g in paid)))
        content = ("\r\n".join(lines) + "\r\n").encode("ascii")
        start = time.perf_counter()
        report = bank_returns.import_file(SYSTEM, content)
        seconds = time.perf_counter() - start
        start = time.perf_counter()
        bank_returns.import_file(SYSTEM, content)
        again = time.perf_counter() - start
    print(machine_line(None))
    print(f"issue one guia (number, audit, PDF): median {statistics.median(times) * 1000:.0f} ms"
          f" over {len(times)}")
    print(f"import a return of {len(paid)} payments: {seconds:.2f} s "
          f"({report['counts']['matched']} matched); the same file again: {again:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

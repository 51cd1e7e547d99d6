"""`verifier export` at scale (issue 40 item 3; budget ≤ 1 s of CPU at 100,000 holders): the
inspector's offline verifier page with the signed status list of every permit, sticker and
auxiliary credential (services/exchange/verifier.py `export_file`, what the CLI command
runs), and its parts: the status list, its JSON and signature, the page.

The register is the bulk filler's (demo/bulk.py: holders, permits, inspections and their
stickers) plus what the counters print around it, inserted directly: every permit's card
(a second copy for one in ten, a copy reserved and never issued for one in a hundred), every
sticker's copy, one sticker in fifty voided (half of them replaced by a new one), and an
auxiliary driver with a printed credential card for one permit in ten (a tenth of those
ended). Built once in ~/.cache/mototaxi-bench (MOTOTAXI_BENCH_CACHE) and measured on a
copy, with a signing key made in the copy's temporary data folder.

    python benchmarks/verifier_export.py [--holders 3000 100000] [--runs 5]

Prints median CPU (this process: SQLite's work is in it) and wall with the load; asserts
nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import sys
import tempfile
from pathlib import Path

from common import cached_register, clock, machine_line, medians, opened_copy, register

from mototaxi_desk.domain import wallclock
from mototaxi_desk.services.context import Actor
from mototaxi_desk.services.exchange import verifier
from mototaxi_desk.services.trust import keys
from mototaxi_desk.store.bulk import insert_rows
from mototaxi_desk.store.migrations import LATEST
from mototaxi_desk.store.models import (DB, AuxiliaryDriver, Permit, Person,
                                        PrintLog, Sticker)

BUDGET_MS = 1000  # at 100,000 holders
ADMIN = Actor(None, "admin.bench", "admin")
FILLER = "p1"  # what build() adds to the bulk filler's register: a new value, a new cache file


def _printed(today: dt.date) -> None:
    """What the counters would have printed and changed around the bulk filler's rows."""
    at = dt.datetime.combine(today, dt.time(9, 0))
    base = {"at": at, "login": "atendente", "layout": "single", "key_id": 1}
    logs = []
    permits = list(Permit.select(Permit.id, Permit.order_number, Permit.holder,
                                 Permit.issued_on).order_by(Permit.id).tuples())
    for permit_id, order, _holder, _issued in permits:
        copies = 2 if permit_id % 10 == 3 else 1
        for copy in range(1, copies + 1):
            logs.append({**base, "document": "card", "entity_key": str(order), "copy": copy,
                         "state": "issued"})
        if permit_id % 100 == 7:
            logs.append({**base, "document": "card", "entity_key": str(order),
                         "copy": copies + 1, "state": "reserved"})
    stickers = list(Sticker.select(Sticker.id, Sticker.serial, Sticker.inspection)
                    .order_by(Sticker.id).tuples())
    for _sticker_id, serial, _inspection in stickers:
        logs.append({**base, "document": "sticker", "entity_key": serial, "copy": 1,
                     "state": "issued"})
    # one sticker in fifty voided, half of them replaced by a new serial on the same
    # inspection
    voided = [s for s in stickers if s[0] % 50 == 9]
    Sticker.update(status="voided", voided_at=at, void_reason="Danificado").where(
        Sticker.id.in_([s[0] for s in voided])).execute()
    insert_rows(Sticker, [{"serial": f"R{serial}", "inspection": inspection,
                           "status": "issued", "issued_at": at, "replaces": sticker_id}
                          for sticker_id, serial, inspection in voided[::2]])
    # an auxiliary driver for one permit in ten: people who hold no permit
    free = [p for (p,) in Person.select(Person.id).where(
        Person.id.not_in(Permit.select(Permit.holder))).order_by(Person.id).tuples()]
    chosen = [p for p in permits if p[0] % 10 == 5][:len(free)]
    rows = []
    for i, ((permit_id, _order, _holder, issued), person) in enumerate(zip(chosen, free)):
        ended = i % 10 == 4
        rows.append({"permit": permit_id, "person": person, "credentialed_on": issued,
                     "valid_until": None if i % 3 else issued + dt.timedelta(days=365 * 5),
                     "active": not ended, "ended_on": today if ended else None,
                     "end_reason": "Descredenciado" if ended else ""})
    insert_rows(AuxiliaryDriver, rows)
    for (aux_id,) in AuxiliaryDriver.select(AuxiliaryDriver.id).tuples():
        logs.append({**base, "document": "aux_card", "entity_key": str(aux_id), "copy": 1,
                     "state": "issued"})
    insert_rows(PrintLog, logs)


def build(holders: int, today: dt.date) -> str:
    """The cached register's file."""
    def fill(url: str) -> None:
        with register(holders, url, today=today):
            with DB.obj.atomic():
                _printed(today)
    source, took = cached_register(
        f"verifier-{holders}-{FILLER}-v{LATEST}-{today:%Y%m%d}", fill)
    if took is not None:
        print(f"built the {holders:,}-holder register in {took:.0f} s", flush=True)
    return source


PARTS = ("status_list", "signed_status", "render_html", "export_file")


def measure(holders: int, runs: int, today: dt.date | None = None,
            parts: tuple[str, ...] = PARTS) -> dict:
    """name -> (CPU ms, wall ms), medians of `runs`, and the page's size."""
    today = today or wallclock.today()
    source = build(holders, today)
    as_of = dt.datetime.combine(today, dt.time(10, 0)).astimezone()
    out = {}
    with opened_copy(source), tempfile.TemporaryDirectory() as folder:
        keys.rotate(ADMIN, unsigned=True)  # this copy's data folder holds no private key
        page = Path(folder) / "verificador.html"
        verifier.export_file(ADMIN, page, as_of=as_of)  # warm (imports, assets)
        calls = {"status_list": lambda: verifier.status_list(as_of),
                 "signed_status": lambda: verifier.signed_status(as_of),
                 "render_html": lambda: verifier.render_html(as_of),
                 "export_file": lambda: verifier.export_file(ADMIN, page, as_of=as_of)}
        for name in parts:
            out[name] = medians(clock(calls[name]) for _ in range(runs))
        out["bytes"] = page.stat().st_size
        out["permits"] = Permit.select().count()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, nargs="+", default=[3000, 100_000])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS),
                        help="what to time (export_file: the whole command)")
    parser.add_argument("--build-only", action="store_true",
                        help="build the cached registers and stop")
    args = parser.parse_args()
    if args.build_only:
        for holders in args.holders:
            build(holders, wallclock.today())
        return 0
    print(machine_line(None) + f", {os.cpu_count()} cores", flush=True)
    for holders in args.holders:
        before = os.getloadavg()[0]
        figures = measure(holders, args.runs, parts=tuple(args.parts))
        after = os.getloadavg()[0]
        print(f"{holders:,} holders ({figures['permits']:,} permits; page "
              f"{figures['bytes'] / 2**20:.1f} MiB), medians of {args.runs}, load "
              f"{before:.2f} before, {after:.2f} after:")
        for name in args.parts:
            c, w = figures[name]
            print(f"  {name}: {c:.0f} ms CPU, {w:.0f} ms wall, ratio {c / BUDGET_MS:.2f} "
                  f"(CPU / the {BUDGET_MS} ms budget at 100,000 holders)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Many counters on one PostgreSQL (issue 40 item 4): N clerks, each a process of its own with
its own connection, each acting every INTERVAL seconds for a while: searches, opening a
prontuário (as the screens call them), and writes (registering a vehicle, an inspection with
its sticker and fee, an infraction notice, a guia with its PDF, a fee paid, an application
filed). Prints p50/p95 per kind of action, refusals (the service's clear answers), errors,
the deadlocks retried inside and those that reached a clerk; then runs `check` and verifies
every number the program keeps (protocols, guias, notices, stickers, permit order numbers):
no duplicate, and those given during the run without a gap.

    python benchmarks/counters.py [--db URL] [--counters 1,10] [--holders H] [--seconds S]
                                  [--interval 2.0] [--write]

URL: any database on the PostgreSQL server (default MOTOTAXI_TEST_PG); the benchmark makes a
throwaway database of its own on it (set up by the program's setup and bulk filler) and
drops it afterwards. --write puts the figures into benchmarks/RESULTS-postgresql.md.
Asserts nothing (timings are never test assertions)."""
from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import multiprocessing
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

from common import _pg_admin, _pg_url, data_folder, percentile, vacuum_analyze

from mototaxi_desk.domain import wallclock

BUDGET_MS = {"search": 150, "open": 150, "write": 300}
KINDS = {"search": "search", "open": "open", "first open": "open", "vehicle": "write", "inspection": "write",
         "notice": "write", "guia": "write", "pay": "write", "application": "write"}
MIX = (("search", 35), ("open", 30), ("vehicle", 6), ("inspection", 6), ("notice", 6),
       ("guia", 6), ("pay", 5), ("application", 6))
SEQUENCES = {"protocol": ("Application", "protocol_year", "protocol_seq"),
             "guia": ("Guia", "year", "number"),
             "infraction_notice": ("InfractionNotice", "year", "number"),
             "sticker": ("Sticker", None, "serial"),
             "permit_order": ("Permit", None, "order_number")}


def _actors():
    from mototaxi_desk.services.context import Actor
    return {"clerk": Actor(None, "atendente.bench", "atendente"),
            "supervisor": Actor(None, "supervisor.bench", "supervisor"),
            "fiscal": Actor(None, "fiscal.bench", "fiscal")}


class Clerk:
    """One counter: its own connection, its own random choice of persons and actions."""

    def __init__(self, index: int, seed: int, counters: int):
        from mototaxi_desk.store.models import Fee, Permit, Person
        self.index, self.rng = index, random.Random(seed * 1000 + index)
        self.actors = _actors()
        self.today = wallclock.today()
        self.persons = [p for (p,) in Person.select(Person.id).tuples()]
        self.names = [n for (n,) in Person.select(Person.name).limit(2000).tuples()]
        self.permits = [p for (p,) in Permit.select(Permit.id).where(
            Permit.status == "active").tuples()]
        fees = [f for (f,) in Fee.select(Fee.id).where(Fee.status == "open").tuples()]
        self.rng.shuffle(fees)
        self.fees = fees[index::64]  # each clerk its own share, as at a real counter
        vehicles = [v for (v,) in Permit.select(Permit.vehicle).where(
            Permit.status == "active").order_by(Permit.id).tuples()]
        self.rng.shuffle(vehicles)
        self.vehicles = vehicles[index::64]  # inspected once each: one approval a day
        self.serial = index * 20_000 + counters * 1_000  # plates unique across runs

    def act(self, kind: str):
        return getattr(self, f"_{kind.replace('first ', '')}")()

    def _search(self):
        from mototaxi_desk.services.views import search
        words = self.rng.choice(self.names).split()
        return search.search(" ".join(w[:4] for w in words[:2]))

    def _open(self):
        """What gui/pages/person.py reads: the record, its buttons, its next steps."""
        from mototaxi_desk.services.payments import guias
        from mototaxi_desk.services.views import counter, next_steps, records
        person, actor = self.rng.choice(self.persons), self.actors["supervisor"]
        if hasattr(records, "prontuario"):
            return records.prontuario(actor, person, on=self.today)
        with getattr(records, "opening", contextlib.nullcontext)():  # earlier code: the same
            record = records.person_record(actor, person, on=self.today)
            available = counter.actions(actor, person, on=self.today)
            available["guia"] = guias.action_state(actor, person)
            return next_steps.for_person(actor, person, on=self.today, due=record["due"],
                                         available=available)

    def _vehicle(self):
        from mototaxi_desk.services.register import vehicles
        self.serial += 1
        n = self.serial
        letters = "".join(chr(65 + (n // 26 ** i) % 26) for i in range(3)).replace("I", "K") \
            .replace("O", "P").replace("Q", "R")
        year = self.today.year - 1
        result = vehicles.register_vehicle(self.actors["clerk"], self.rng.choice(self.persons), {
            "plate": f"{letters}{n % 10}{chr(65 + n % 26)}{n % 100:02d}",
            "renavam": _renavam(n), "chassis": f"9C2KC{n:012d}", "make": "Honda",
            "model": "CG 160 Fan", "manufacture_year": year, "model_year": year, "cc": 160,
            "colour": "Vermelha", "insurer": "Seguradora Teste", "insurance_policy": f"AP-{n}",
            "insurance_cover": "10.000,00",
            "insurance_expiry": (self.today + dt.timedelta(days=300)).strftime("%d/%m/%Y")},
            on=self.today)
        return result

    def _inspection(self):
        from mototaxi_desk.domain import inspection_rules
        from mototaxi_desk.services import setup
        from mototaxi_desk.services.register import inspections
        if not self.vehicles:
            from mototaxi_desk.domain.errors import DomainError
            raise DomainError("sem veículo a vistoriar")
        items = inspection_rules.checklist(setup.profile(), "annual")
        result = inspections.record_inspection(
            self.actors["fiscal"], self.vehicles.pop(),
            {"kind": "annual", "inspected_on": self.today,
             "results": {i.code: "pass" for i in items}}, on=self.today)
        from mototaxi_desk.store.models import Fee
        fee = Fee.select(Fee.id).where((Fee.status == "open") & (Fee.code == "inspection")) \
            .order_by(Fee.id.desc()).limit(1).scalar()
        if fee:
            self.fees.append(fee)
        return result

    def _notice(self):
        from mototaxi_desk.services import ledger
        when = dt.datetime.combine(self.today - dt.timedelta(days=1), dt.time(10, 0))
        return ledger.record_notice(self.actors["fiscal"], {
            "permit_id": self.rng.choice(self.permits), "infraction_code": "36-IX",
            "occurred_at": when.strftime("%d/%m/%Y %H:%M"), "place": "Praça da Matriz",
            "agent_name": "Fiscal", "agent_registration": "MAT-1", "description": "Ronda.",
            "notified_on": when.date(), "notification_channel": "in_person"}, on=self.today)

    def _guia(self):
        from mototaxi_desk.services.payments import guias
        return guias.issue(self.actors["clerk"], "fee", self._fee(), on=self.today)

    def _pay(self):
        from mototaxi_desk.services.payments import fees
        fee = self._fee()
        self.fees.remove(fee)
        return fees.pay(self.actors["clerk"], fee, paid_on=self.today, receipt=f"DAM {fee}")

    def _fee(self) -> int:
        if not self.fees:
            from mototaxi_desk.domain.errors import DomainError
            raise DomainError("sem taxa em aberto")
        return self.rng.choice(self.fees)

    def _application(self):
        from mototaxi_desk.services.licensing import applications
        return applications.file_application(self.actors["clerk"], self.rng.choice(self.persons),
                                             "new_permit")


def _renavam(n: int) -> str:
    """A RENAVAM with its check digit (the validator's rule)."""
    base = f"{n:010d}"[-10:]
    total = sum(int(d) * w for d, w in zip(reversed(base), [2, 3, 4, 5, 6, 7, 8, 9, 2, 3]))
    digit = (total * 10) % 11
    return base + str(0 if digit == 10 else digit)


def _clerk(index, url, data_dir, seed, start_at, stop_at, interval, counters, results):
    os.environ["MOTOTAXI_DATA_DIR"] = data_dir
    from mototaxi_desk.domain.errors import DomainError
    from mototaxi_desk.store import connection
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.services.views import due_dates  # noqa: F401 (as the window: kept current)
    samples, refused, errors = [], {}, []
    waited = _time_advisory_waits(connection)
    try:
        open_database(url, check=False)
        clerk = Clerk(index, seed, counters)
        # what the window has done by the time its clerk can act (gui/app.py, while the
        # password is typed): the screens' modules imported, the profile parsed, and off the
        # GUI thread the documents' library, fonts and holidays (services/documents/preload.py)
        import mototaxi_desk.gui.main_window  # noqa: F401
        from mototaxi_desk.services import setup
        from mototaxi_desk.services.documents.preload import preload
        setup.profile_today()
        preload()
        # and, on the connection the clerk then reads with, a holder's prontuário read and
        # thrown away (services/views/records.py warm_up), where the code has it
        from mototaxi_desk.services.views import records
        getattr(records, "warm_up", lambda: None)()
        kinds, weights = zip(*MIX)
        tick = start_at + interval * index / counters  # the clerks spread over the interval
        first = True
        while tick < stop_at and time.time() < stop_at:
            time.sleep(max(0.0, tick - time.time()))
            # a counter already open: its first prontuário (the profile's first reading, a
            # new database session's first statements), at its first turn, timed apart as
            # "first open" (at its clerk's turn, as every counter PC opens its own: not
            # while nine other programs start on this machine's two cores)
            kind = "first open" if first else clerk.rng.choices(kinds, weights)[0]
            first = False
            began, waited[0] = time.perf_counter(), 0.0
            try:
                clerk.act(kind)
            except DomainError as exc:
                refused[kind] = refused.get(kind, 0) + 1
                if len(refused) < 3 and refused[kind] == 1:
                    errors.append(f"(refused {kind}: {exc})")
            except Exception:  # noqa: BLE001 - counted and shown: what a clerk would see
                errors.append(f"{kind}: {traceback.format_exc(limit=3)}")
            else:
                samples.append((kind, (time.perf_counter() - began) * 1000, waited[0] * 1000))
            tick += interval
        results.put((index, samples, refused, errors,
                     getattr(connection, "conflict_counts", dict)()))
    except Exception:  # noqa: BLE001
        results.put((index, samples, refused, [traceback.format_exc()], {}))
    finally:
        close_database()


def _time_advisory_waits(connection) -> list:
    """[seconds this action spent in PostgreSQL's advisory locks]: the write lock and the
    audit chain (row locks, the true conflicts, are not counted)."""
    waited = [0.0]
    original = connection._advisory

    def timed(function, name):
        start = time.perf_counter()
        try:
            return original(function, name)
        finally:
            if "lock" in function and "unlock" not in function:
                waited[0] += time.perf_counter() - start
    connection._advisory = timed
    return waited


def run(url: str, data_dir: str, counters: int, seconds: float, interval: float,
        seed: int) -> dict:
    ctx = multiprocessing.get_context("spawn")
    results = ctx.Queue()
    start_at = time.time() + 8 + counters * 0.5  # after every clerk has started and loaded
    stop_at = start_at + seconds
    workers = [ctx.Process(target=_clerk, args=(i, url, data_dir, seed, start_at, stop_at,
                                                interval, counters, results))
               for i in range(counters)]
    for worker in workers:
        worker.start()
    reports = [results.get(timeout=seconds + 600) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    samples = [s for r in reports for s in r[1]]
    refused: dict = {}
    for r in reports:
        for kind, n in r[2].items():
            refused[kind] = refused.get(kind, 0) + n
    errors = [e for r in reports for e in r[3]]
    retried = sum(r[4].get("retried", 0) for r in reports)
    surfaced = sum(r[4].get("surfaced", 0) for r in reports)
    return {"samples": samples, "refused": refused, "errors": errors, "retried": retried,
            "surfaced": surfaced}


def summary(result: dict) -> dict:
    """{kind: (count, p50, p95)} for each action and each class (search, open, write)."""
    table = {}
    for name in [*KINDS, "write"]:
        picked = [(ms, wait) for kind, ms, wait in result["samples"]
                  if kind == name or (name == "write" and KINDS[kind] == "write")]
        if picked:
            times, waits = [ms for ms, _ in picked], [wait for _, wait in picked]
            table[name] = (len(times), percentile(times, 0.5), percentile(times, 0.95),
                           percentile(waits, 0.5), percentile(waits, 0.95))
    return table


def numbering_problems(before: dict) -> list[str]:
    """Duplicates among every kept number, and gaps among those given since `before`
    ({sequence name: {year: last value}})."""
    import peewee as pw
    from mototaxi_desk.store import models
    problems = []
    after = _sequence_values()
    for name, (model_name, year_field, number_field) in SEQUENCES.items():
        model = getattr(models, model_name)
        column = getattr(model, number_field)
        rows = list(model.select(column, *( [getattr(model, year_field)] if year_field else []))
                    .where(column.is_null(False)).tuples())
        by_year: dict = {}
        for row in rows:
            if name == "sticker":
                year, number = (int(part) for part in str(row[0]).split("-"))
            else:
                number, year = int(row[0]), (row[1] if year_field else 0)
            by_year.setdefault(year, []).append(number)
        for year, numbers in by_year.items():
            if len(numbers) != len(set(numbers)):
                problems.append(f"{name} {year}: {len(numbers) - len(set(numbers))} duplicados")
        for year, last in after.get(name, {}).items():
            first = before.get(name, {}).get(year, 0)
            given = {n for n in by_year.get(year, []) if n > first}
            wanted = set(range(first + 1, last + 1))
            if given != wanted:
                problems.append(f"{name} {year}: faltam {sorted(wanted - given)[:10]}, "
                                f"sobram {sorted(given - wanted)[:10]}")
    del pw
    return problems


def _sequence_values() -> dict:
    from mototaxi_desk.store.models import Sequence
    values: dict = {}
    for name, year, last in Sequence.select(Sequence.name, Sequence.year,
                                            Sequence.last_value).tuples():
        if name in SEQUENCES:
            values.setdefault(name, {})[year] = last
    return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default=os.environ.get("MOTOTAXI_TEST_PG"))
    parser.add_argument("--counters", default="1,10")
    parser.add_argument("--holders", type=int, default=3000)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--interval", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if not args.db or not args.db.startswith("postgres"):
        print("PostgreSQL URL needed (--db or MOTOTAXI_TEST_PG)", file=sys.stderr)
        return 2
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import setup
    from mototaxi_desk.services.context import SYSTEM
    from mototaxi_desk.services.payments import collection
    from mototaxi_desk.services.trust import integrity
    from mototaxi_desk.store.migrations import close_database, open_database
    name = f"mtx_counters_{os.getpid()}"
    url = _pg_url(args.db, name)
    lines = []
    with tempfile.TemporaryDirectory() as tmp, data_folder(tmp), _pg_admin(args.db) as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
        try:
            started = time.perf_counter()
            open_database(url, backup_dir=Path(tmp))
            setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                             municipio="Município de Teste", uf="MA", ibge="2111102",
                             population=min(args.holders * 300, 20_000_000),
                             fiscal_unit_value="50,00", admin_password="senha-de-bench")
            demo.fill_bulk(args.holders, seed=1, with_users=False)
            collection.update(SYSTEM, **demo.DEMO_COLLECTION)
            close_database()
            # the planner's statistics, as autovacuum gathers them within a minute on a
            # server left as installed (this test server runs without it): a register
            # never analyzed counts audit_log(id > n) by reading the whole table
            vacuum_analyze(url)
            print(f"register: {args.holders} holders in {time.perf_counter() - started:.0f} s")
            for counters in [int(n) for n in args.counters.split(",")]:
                open_database(url, check=False)
                before = _sequence_values()
                close_database()
                load_before = os.getloadavg()
                result = run(url, tmp, counters, args.seconds, args.interval, args.seed)
                load_after = os.getloadavg()
                open_database(url, check=False)
                problems = integrity.check(file_check=False)
                numbering = numbering_problems(before)
                close_database()
                lines.append(_report(counters, args, result, problems, numbering,
                                     load_before, load_after))
                print(lines[-1], flush=True)
        finally:
            close_database()
            cur.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if args.write:
        _write(lines, args)
    return 0


def _report(counters, args, result, problems, numbering, load_before, load_after) -> str:
    table = summary(result)
    out = [f"### {counters} counter{'s' if counters > 1 else ''}, one action each "
           f"{args.interval:g} s for {args.seconds:g} s",
           "", f"load average {load_before[0]:.2f} before, {load_after[0]:.2f} after; "
           f"{sum(s[0] != 'first open' for s in result['samples'])} actions done, refused (the service's answer) "
           f"{sum(result['refused'].values())} {result['refused'] or ''}, errors "
           f"{len([e for e in result['errors'] if not e.startswith('(refused')])}, "
           f"deadlocks retried inside {result['retried']}, reaching a clerk "
           f"{result['surfaced']}; `check`: {'clean' if not problems else problems}; "
           f"numbering: {'no duplicate, no gap' if not numbering else numbering}", "",
           "| action | n | p50 ms | p95 ms | budget p95 ms | ratio | lock wait p50 / p95 ms |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    for name, (n, p50, p95, w50, w95) in table.items():
        budget = BUDGET_MS[KINDS.get(name, name)]
        label = f"**all {name}s**" if name == "write" else name
        out.append(f"| {label} | {n} | {p50:.0f} | {p95:.0f} | {budget} | {p95 / budget:.2f} "
                   f"| {w50:.1f} / {w95:.1f} |")
    for error in result["errors"][:5]:
        out.append(f"\n    {error.strip()[:600]}")
    return "\n".join(out)


def _write(lines, args) -> None:
    import platform
    path = Path(__file__).with_name("RESULTS-postgresql.md")
    text = path.read_text(encoding="utf-8")
    # the section keeps the earlier runs' notes: only its last run is replaced
    begin, end = "<!-- counters.py last run: begin -->", "<!-- counters.py last run: end -->"
    body = "\n".join([
        begin, "### The last run written by `counters.py --write`", "",
        f"{wallclock.now():%d/%m/%Y %H:%M}; {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, PostgreSQL on the same machine; {args.holders} "
        "holders (bulk filler); each counter a process with its own connection. Wall time of "
        "each action as the clerk waits for it. Run: `python benchmarks/counters.py --write`.",
        "", *[line + "\n" for line in lines], end])
    if begin in text:
        text = text[:text.index(begin)] + body + text[text.index(end) + len(end):]
    elif "<!-- counters.py: end -->" in text:  # the section's notes, then its last run
        at = text.index("<!-- counters.py: end -->")
        text = text[:at] + body + "\n" + text[at:]
    else:
        text = (text.rstrip("\n") + "\n\n<!-- counters.py: begin -->\n## Many counters on one "
                "PostgreSQL (issue 40 item 4)\n\n" + body + "\n<!-- counters.py: end -->\n")
    path.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())

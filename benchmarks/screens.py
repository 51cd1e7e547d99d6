"""What the counter's screens cost on a large register (issue 23): open a prontuário
(person_record, counter.actions), the Painel (overview.dashboard: the day's first, which
rebuilds the due-dates table, and the others) and its charts. Builds the
register once (N holders by the bulk filler, notices for one holder in ten, at most about
2,000, through the ledger) in ~/.cache/mototaxi-bench (MOTOTAXI_BENCH_CACHE), then times each screen on a copy.

    python benchmarks/screens.py [--holders N] [--runs R]

Prints CPU and wall medians and the load; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import datetime as dt
import gc
import os
import sys
import time

from common import (cached_register, clock, cpu_now, machine_line, medians, opened_copy,
                    percentile, register, timed)

from mototaxi_desk.services.views import counter, overview, records
from mototaxi_desk.demo import data as demo  # noqa: F401
from mototaxi_desk.services import ledger  # noqa: F401
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store import migrations
from mototaxi_desk.store.models import Permit

SUPERVISOR = Actor(None, "supervisor.bench", "supervisor")
FISCAL = Actor(None, "fiscal.bench", "fiscal")


def _notices(today: dt.date, every: int) -> int:
    permits = list(Permit.select().where(Permit.status == "active").order_by(Permit.id))
    done = 0
    for i, permit in enumerate(permits[::every]):
        days_ago = min(1 + i % 300, (today - permit.issued_on).days)
        when = dt.datetime.combine(today - dt.timedelta(days=days_ago), dt.time(10, 0))
        ledger.record_notice(FISCAL, {
            "permit_id": permit.id, "infraction_code": "36-IX",
            "occurred_at": when.strftime("%d/%m/%Y %H:%M"), "place": "Praça da Matriz",
            "agent_name": "Fiscal", "agent_registration": "MAT-1", "description": "Ronda.",
            "notified_on": when.date(), "notification_channel": "in_person"}, on=today)
        done += 1
    return done


def build(holders: int, today: dt.date, server: str | None = None) -> str:
    """The cached register (a file; a database on the PostgreSQL `server`)."""
    def fill(url: str) -> None:
        with register(holders, url, today=today):
            # notices through the ledger (every rule, so slow): one holder in ten, at most
            # about 2,000 (the Infrações line reads the 1,000 newest)
            _notices(today, max(10, holders // 2000))
    source, _took = cached_register(f"screens-{holders}-v{migrations.LATEST}-{today:%Y%m%d}",
                                    fill, server)
    return source


def measure(holders: int, runs: int, today: dt.date | None = None,
            only: str = "", server: str | None = None) -> list[tuple]:
    """[(what, CPU ms, wall ms)] of each screen, medians of `runs`, on a copy of the cached
    register of `holders` holders; and the search kinds' p95 and the list pages on the same
    register. `only`: the lines whose name contains it (a quicker look at one). `server`: a
    PostgreSQL URL to measure there instead of SQLite (CPU then includes the server's)."""
    today = today or dt.date.today()
    source = build(holders, today, server)
    with opened_copy(source):
        person = (Permit.select(Permit.holder).where(Permit.status == "active")
                  .order_by(Permit.id).first().holder_id)
        screens = {
            "open a prontuário (person_record)":
                lambda: records.person_record(SUPERVISOR, person, on=today),
            "its buttons (counter.actions)":
                lambda: counter.actions(SUPERVISOR, person, on=today),
            "Painel after a change of everybody's alerts (due-dates table computed whole)":
                lambda: _first_painel(today),
            "Painel after a change of everybody's alerts, first figures (the table as it "
            "was, the whole computed behind)": lambda: _stale_painel(today),
            "Painel, the day's first figures (the day before's table, today's built behind)":
                lambda: _mornings_painel(today),
            "Painel (overview.dashboard)": lambda: overview.dashboard(on=today),
            "overview.charts()": lambda: overview.charts(on=today),
            "Infrações, 1,000 newest notices": lambda: ledger.list_notices(on=today)}
        results = []
        for name, call in screens.items():
            if only.lower() not in name.lower():
                continue
            call()  # warm
            results.append((name, *timed(call, runs)))
        forward = "Painel, the day's first (the day before's table brought forward)"
        if only.lower() in forward.lower():
            results.append((forward, *_brought_forward_painel(today, runs)))
        if only.lower() in "search p95":
            results += _search(runs)
        if only.lower() in "page":
            _applications(holders // 5, today)
            results += _pages(runs)
    return results


PAGES = {"Infrações": ("infractions", "InfractionsPage"),
         "Pontos": ("stands", "StandsPage"),
         "Lista de espera": ("waiting", "WaitingListPage"),
         "Relatórios": ("reports", "ReportsPage"),
         "Requerimentos": ("applications", "ApplicationsPage")}


def _applications(count: int, today: dt.date) -> None:
    """Applications for the Requerimentos page on the copy measured, one in every few
    people, when the register has none (the bulk filler writes none yet): an empty list
    would measure nothing."""
    from mototaxi_desk.services.licensing.applications import STATUS_LABELS, TYPE_LABELS
    from mototaxi_desk.store.models import Application, Person
    from mototaxi_desk.store.bulk import insert_rows
    if Application.select().exists():
        return
    people = [p for (p,) in Person.select(Person.id).order_by(Person.id).limit(count).tuples()]
    types, statuses = sorted(TYPE_LABELS), sorted(STATUS_LABELS)
    filed = dt.datetime.combine(today, dt.time(9, 0))
    with Application._meta.database.atomic():
        insert_rows(Application, [
            {"protocol_year": today.year, "protocol_seq": i + 1,
             "type": types[i % len(types)], "person": person,
             "status": statuses[i % len(statuses)],
             "filed_at": filed - dt.timedelta(minutes=count - i)}
            for i, person in enumerate(people)])


def _pages(runs: int) -> list[tuple]:
    """What the GUI thread does to show each list page's first screen, as the main window
    shows a page (page.refresh()), offscreen: the page widget made once, then refresh()
    timed (Relatórios: until its default report is on screen, the report itself run off
    the GUI thread). CPU is the GUI thread's (time.thread_time; on PostgreSQL plus its
    server process's), wall the whole wait."""
    import importlib

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    out = []
    for title, (module, name) in PAGES.items():
        page = getattr(importlib.import_module(f"mototaxi_desk.gui.pages.{module}"),
                       name)(SUPERVISOR)
        page.resize(1300, 700)
        page.show()

        def show(page=page):
            loaded = getattr(page, "loaded", None)
            loop = QEventLoop() if loaded is not None else None
            if loop is not None:
                loaded.connect(loop.quit)
                QTimer.singleShot(60_000, loop.quit)
            page.refresh()
            if loop is not None:
                loop.exec()
                loaded.disconnect(loop.quit)
            app.processEvents()

        show()  # warm
        pairs = []
        for _ in range(runs):
            gc.collect()  # the garbage of the lines before (the Painel's) is not this page's
            pairs.append(clock(show, thread=True))
        out.append((f"page {title} (GUI thread)", *medians(pairs)))
        page.close()
        page.deleteLater()
        app.processEvents()
    return out


def _mornings_painel(today: dt.date) -> dict:
    """The Painel's first figures on the day's first start, as the window shows them: the
    due-dates table of the day before read at once, counted on its day (due_dates.page's
    earlier_ok), while today's is built (the line above). The table is today's relabelled
    as yesterday's (the same rows a real morning has, give or take a day's changes); the
    relabelling, one row written, is timed with the read."""
    from mototaxi_desk.store.connection import write_transaction
    from mototaxi_desk.store.models import AlertDueState
    with write_transaction():
        AlertDueState.update(day=today - dt.timedelta(days=1), stale=False).execute()
    found = overview.dashboard(on=today, earlier_ok=True)
    assert found["alerts_as_of"] is not None, "the earlier table was not read"
    return found


def _brought_forward_painel(today: dt.date, runs: int) -> tuple[float, float]:
    """The day's first Painel as most mornings find it: the due-dates table of the day
    before brought to today (due_dates._brought_forward: the persons with an item due
    yesterday computed again), then read. Medians (CPU ms, wall ms) of `runs`. Before each,
    not timed, today's table is made the day before's (its day and horizon: the same rows a
    real morning has, give or take a day's changes)."""
    from mototaxi_desk.services.views import due_dates
    from mototaxi_desk.store.connection import write_transaction
    from mototaxi_desk.store.models import AlertDueState
    overview.dashboard(on=today)  # today's table, to start from
    whole, computed_whole = due_dates._sorted_values, []

    def counted(on, window):
        computed_whole.append(on)
        return whole(on, window)
    due_dates._sorted_values = counted
    pairs = []
    try:
        for _ in range(runs + 1):  # the first one warms
            yesterday = today - dt.timedelta(days=1)
            with write_transaction():
                state = AlertDueState.get()
                AlertDueState.update(day=yesterday, window=state.window + 1).execute()
            pairs.append(clock(lambda: overview.dashboard(on=today)))
    finally:
        due_dates._sorted_values = whole
    assert not computed_whole, "the table was computed whole, not brought forward"
    return medians(pairs[1:])


def _first_painel(today: dt.date) -> dict:
    """The Painel after a change of everybody's alerts (a profile version, a holiday...):
    the due-dates table stale (services/views/due_dates.py), computed whole, then read; also a
    morning when the days between change everybody's alerts, or the table's horizon ran
    out (due_dates.AHEAD days after it was computed whole)."""
    _mark_stale()
    return overview.dashboard(on=today)


def _mark_stale() -> None:
    """A change of everybody's alerts, as a profile adopted or a campaign leaves it."""
    from mototaxi_desk.services.views import due_dates
    from mototaxi_desk.store.connection import write_transaction
    with write_transaction():
        due_dates.mark_stale()


def _stale_painel(today: dt.date) -> dict:
    """The Painel's first figures after a change of everybody's alerts, as the window shows
    them: the stale due-dates table read at once as it was (due_dates.page's earlier_ok),
    while a child process computes the whole (the line before). The mark, one row
    written, is timed with the read."""
    _mark_stale()
    found = overview.dashboard(on=today, earlier_ok=True)
    assert found["alerts_stale"], "the stale table was not read"
    return found


def _search(runs: int) -> list[tuple]:
    """p95 (CPU and wall) of each kind of search, one query per sampled holder."""
    import random

    from mototaxi_desk.domain import validators
    from mototaxi_desk.domain.search_terms import fold
    from mototaxi_desk.services.views import search
    from mototaxi_desk.store.models import Person, Vehicle
    rng = random.Random(42)
    people = rng.sample(list(Person.select(Person.cpf, Person.name).tuples()), 200)
    plates = rng.sample([p for (p,) in Vehicle.select(Vehicle.plate_original).tuples()], 200)
    orders = [o for (o,) in Permit.select(Permit.order_number).tuples()]
    kinds = {
        "name (two words)": [f"{fold(n).split()[0]} {fold(n).split()[-1][:4]}"
                             for _, n in people],
        "name keystrokes": [fold(n)[:k] for _, n in people[:60] for k in (2, 3, 5)],
        "CPF prefix": [validators.format_cpf(c)[:7] for c, _ in people],
        "plate": plates,
        "permit nº": [str(rng.choice(orders)) for _ in range(200)],
        "protocol": [f"{dt.date.today().year}/{rng.randint(1, 999):06d}" for _ in range(200)]}
    out = []
    for kind, queries in kinds.items():
        for text in queries[:10]:
            search.search(text)
        cpu, wall = [], []
        for text in queries:
            c, w = cpu_now(), time.perf_counter()
            search.search(text)
            cpu.append((cpu_now() - c) * 1000)
            wall.append((time.perf_counter() - w) * 1000)
        out.append((f"search p95: {kind}", percentile(cpu, 0.95), percentile(wall, 0.95)))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="the lines whose name contains this; "
                        "'search p95' or 'page' for those groups")
    parser.add_argument("--db-url", help="a PostgreSQL server (postgresql://...) to measure on "
                        "instead of SQLite; the register is kept there as a database")
    args = parser.parse_args()
    results = measure(args.holders, args.runs, only=args.only, server=args.db_url)
    print(machine_line(args.db_url))
    print(f"{args.holders} holders; load {os.getloadavg()[0]:.2f}; median of {args.runs}")
    for name, cpu, wall in results:
        print(f"{name:<40} CPU {cpu:8.1f} ms   wall {wall:8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

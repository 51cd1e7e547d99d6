"""Figures for the Painel and the status bar: what this database holds and what is due."""
from __future__ import annotations

import datetime as dt

import peewee as pw

from ...store import connection
from ...store.models import DB, InfractionNotice, Permit, Person, Stand, Vehicle, WaitingListEntry
from ..messaging import campaigns
from .. import clock, setup
from . import due_dates
from ..licensing import permits
from ..register import stands
from ...domain import dates, wallclock

ALERT_PAGE = 500  # the Painel's alert list: the most urgent, the rest counted

MONTHS = ("jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez")


def identity() -> dict:
    """The município, its profile and the database, without the register's counts: what
    the main window's title, header and status bar show as it opens (the counts are the
    Painel's, read off the GUI thread: ~30 ms at 100,000 holders)."""
    return {**setup.summary(), "database": connection.describe(_url())}


def overview() -> dict:
    summary = identity()
    by_status = dict(Permit.select(Permit.status, pw.fn.COUNT(Permit.id))
                     .group_by(Permit.status).tuples())
    return {**summary,
            "persons": Person.select().count(),
            "permits_active": by_status.get("active", 0),
            # the cap's count (permits.IN_FORCE), the same the reports and the grant use
            "permits_in_force": sum(by_status.get(s, 0) for s in permits.IN_FORCE),
            "permits_expired": by_status.get("expired", 0),
            "permits_total": sum(by_status.values()),
            "permits_by_status": {s: by_status.get(s, 0) for s in Permit.STATUSES},
            "vehicles": Vehicle.select().count(),
            "stands": Stand.select().count(),
            "waiting": WaitingListEntry.select().where(
                WaitingListEntry.status == "waiting").count()}


def dashboard(on: dt.date | None = None, days: int = 30, *, earlier_ok: bool = False) -> dict:
    """The Painel: the overview, the stands that need attention, the alerts by urgency (the
    first ALERT_PAGE, most urgent first; alerts_total and alerts_overdue count them all),
    and what the passage of time changed today (services/clock.py). earlier_ok: the alerts
    counted on the earlier day the table was built for, or as they were before a change of
    everybody's alerts (alerts_stale), while today's table is built (alerts_as_of: that
    day; None when they are today's: due_dates.page)."""
    on = on or wallclock.today()
    places = stands.attention()  # aggregates, not every stand
    # the due-dates table: the most urgent page and two counts, by indexed SQL (rebuilt
    # first when stale: the day's first Painel)
    due = due_dates.page(on, days, ALERT_PAGE, earlier_ok=earlier_ok)
    return {**overview(),
            "stands_free_places": places["free_places"],
            "stands_below_minimum": places["below_minimum"],
            "alerts": due["items"], "alerts_total": due["total"],
            "alerts_overdue": due["overdue"], "alerts_as_of": due["as_of"],
            "alerts_stale": due["stale"],
            "time_changes": clock.changes_on(on),
            # the "Recadastramento" line: this year's campaigns, due this month / missed
            "recadastramento": campaigns.painel(on), **charts(on)}


def _months_back(on: dt.date, count: int) -> list[dt.date]:
    """The first day of the `count` months ending with `on`'s month, oldest first."""
    first = on.replace(day=1)
    return [dates.add_months(first, -back) for back in range(count - 1, -1, -1)]


def charts(on: dt.date | None = None) -> dict:
    """The Painel's charts: notices per month over the last 12 months (voided ones left
    out: they count for nothing, SRM Art. 35 §2), and the fines of those notices open
    against paid, in centavos."""
    on = on or wallclock.today()
    months = _months_back(on, 12)
    per_month = _notices_per_month(months, on)
    from .reports import fine_totals  # the Relatórios' own figures, same rule
    totals = fine_totals(months[0], on)
    fines = {status: totals.get(status, (0, 0)) for status in ("open", "paid")}
    return {"notices_by_month": [{"month": m, "label": f"{MONTHS[m.month - 1]}/{m.year % 100:02d}",
                                  "count": count} for m, count in zip(months, per_month)],
            "fines_since": months[0],
            "fines_open": {"count": fines["open"][0], "cents": fines["open"][1]},
            "fines_paid": {"count": fines["paid"][0], "cents": fines["paid"][1]}}


def _notices_per_month(months: list[dt.date], on: dt.date) -> list[int]:
    """The active notices of each month from months[0] to `on`'s day: one query of a range
    COUNT per month over the (status, occurred_on) index, the database counting index
    entries (no per-row date function, no grouping)."""
    notice, day = InfractionNotice, InfractionNotice.occurred_on
    ends = [*months[1:], on + dt.timedelta(days=1)]  # each month up to the next's first day
    counts = [notice.select(pw.fn.COUNT(pw.SQL("*"))).where(  # *: no column read per entry
        (notice.status == "active") & (day >= first) & (day < end))
        for first, end in zip(months, ends)]
    row = DB.obj.execute(pw.Select(columns=[count.alias(f"m{i}")
                                            for i, count in enumerate(counts)])).fetchone()
    return [int(count or 0) for count in row]


def _url() -> str:
    db = DB.obj
    if connection.is_postgres(db):
        params = db.connect_params
        return f"postgresql://{params.get('user', '')}@{params.get('host')}:" \
               f"{params.get('port')}/{db.database}"
    return db.database

"""The due-dates table computed whole (issue 40: its computation kept per distinct date, its
rows sorted once, the vehicles' items joined in SQL with their rules worked out per key)
holds what each person's own computation gives: alerts.for_person for
every person, on varied registers (the demo filler through the services, the bulk filler
with notices; three profiles: yearly card licensing, a renewal deadline with grace days,
a vehicle age limit) and on edge days (the horizon's last day, 29 February, a renewal
deadline and its first grace day, items due each day). On SQLite and, with
MOTOTAXI_TEST_PG, PostgreSQL."""
from __future__ import annotations

import datetime as dt

import pytest

from mototaxi_desk.demo import data as demo
from mototaxi_desk.domain import wallclock
from mototaxi_desk.services.views import alerts, due_dates
from mototaxi_desk.store.connection import write_transaction
from mototaxi_desk.store.models import DB, AlertDue, Person

from ..conftest import BACKENDS, L1745, PF

TODAY = wallclock.today()
WINDOW = due_dates.WINDOW + due_dates.AHEAD


def _canonical(items: list[dict]) -> list[tuple]:
    return sorted(tuple(sorted((k, str(v)) for k, v in item.items())) for item in items)


def _person_by_person(on: dt.date, days: int) -> list[dict]:
    found = []
    for (person,) in Person.select(Person.id).order_by(Person.id).tuples():
        found += alerts.for_person(person, on=on, days=days)
    return found


def _rows_sorted_twice(on: dt.date, days: int) -> list[tuple]:
    """The rows made in Python as they were made before: due()'s order, then a stable sort
    by person and permit (without the vehicles' items, written in SQL)."""
    rows = [row for row in due_dates._values(alerts.sorted_with_names(on=on, days=days))
            if row[1] not in alerts.VEHICLE_KINDS]
    rows.sort(key=lambda row: (row[0] or 0, row[6] or 0))
    return rows


def _as_text(rows) -> list[tuple]:
    return sorted(tuple("\x00" if v is None else str(v) for v in row) for row in rows)


def _table_built_whole(on: dt.date) -> list[tuple]:
    """The table as `rebuild` computes it whole for `on` (Python's rows and the vehicles'
    written in SQL), each row's COLUMNS as text."""
    with write_transaction():
        due_dates.mark_stale()
    assert due_dates.rebuild(on)
    columns = [getattr(AlertDue, name) for name in due_dates.COLUMNS]
    return _as_text(AlertDue.select(*columns).tuples())


def _edge_days(on: dt.date) -> dict[dt.date, str]:
    """`on`, a day whose horizon's last day is some item's due date, 29 February of the
    next leap year, and a renewal deadline and the day after it (its first grace day)."""
    days = {on: "today", dt.date(on.year + (4 - on.year % 4) % 4, 2, 29): "29 February"}
    ahead = alerts.due(on=on, days=alerts.MAX_DAYS // 4)
    later = sorted({i["due_date"] for i in ahead if i["due_date"] > on + dt.timedelta(days=WINDOW)})
    if later:
        days[later[0] - dt.timedelta(days=WINDOW)] = "horizon"
    for item in ahead:
        if item["kind"] == "renewal":
            days[item["due_date"]] = "renewal deadline"
            days[item["due_date"] + dt.timedelta(days=1)] = "first grace day"
            break
    return days


def _check(on: dt.date) -> set[str]:
    """The kinds of items seen."""
    kinds = set()
    for day, why in sorted(_edge_days(on).items()):
        whole = alerts.due(on=day, days=WINDOW)
        assert _canonical(whole) == _canonical(_person_by_person(day, WINDOW)), why
        assert due_dates._sorted_values(day, WINDOW)[0] == _rows_sorted_twice(day, WINDOW), why
        # the whole table (the vehicles' items joined in SQL) holds due()'s items, each once
        table = _table_built_whole(day)
        assert table == _as_text(due_dates._values(alerts.sorted_with_names(
            on=day, days=WINDOW))), why
        assert {row[1] for row in table} & set(alerts.VEHICLE_KINDS), why
        horizon = day + dt.timedelta(days=WINDOW)
        assert why != "horizon" or any(i["due_date"] == horizon for i in whole)
        kinds |= {i["kind"] for i in whole}
    return kinds


def test_the_demo_register_whole_equals_person_by_person(demo_data):
    """São Raimundo das Mangabeiras (yearly card licensing), the demo filled through the
    services: auxiliary drivers, interruptions, a waiting list, inspections."""
    each_day = {kind for kind, _label in alerts.due_each_day()}
    assert each_day & {i["kind"] for i in alerts.due(on=TODAY, days=WINDOW)
                       if i["due_date"] == TODAY}, "no item due each day in the demo"
    assert _check(TODAY) >= {"permit_validity", "card_licensing", "annual_inspection",
                             "semiannual_inspection", "cnh", "auxiliary_recredential"}


@pytest.mark.parametrize("profile", [L1745, PF])
def test_a_bulk_register_whole_equals_person_by_person(make_municipio, profile):
    """The bulk filler (with notices: defence and appeal terms) under the Lei 1.745 (a yearly
    renewal deadline with 30 grace days) and Porto Feliz (a vehicle age limit, its
    replacement declaration)."""
    make_municipio(profile, today=TODAY)
    demo.fill_bulk(60, seed=13, with_users=False, today=TODAY, notices=120)
    kinds = {i["kind"] for i in alerts.due(on=TODAY, days=alerts.MAX_DAYS)}
    assert ("renewal" in kinds) == (profile == L1745)
    seen = _check(TODAY)
    assert ("renewal" in seen) == (profile == L1745)
    assert ("vehicle_age" in seen) == (profile == PF)


def test_a_row_stored_twice_is_not_kept_by_the_next_whole_rebuild(demo_data):
    """On PostgreSQL only the rows that changed are written (due_dates._write_changes): a
    row stored twice (which no computation gives) would survive the comparison of the two
    sides as sets; the counts disagree, and the table is written whole."""
    expected = _table_built_whole(TODAY)
    columns = ", ".join(due_dates.COLUMNS)
    with write_transaction():
        AlertDue._meta.database.execute_sql(
            f"INSERT INTO alert_due ({columns}) SELECT {columns} FROM alert_due "
            "WHERE id = (SELECT MIN(id) FROM alert_due)")
    assert AlertDue.select().count() == len(expected) + 1
    assert _table_built_whole(TODAY) == expected


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)
def test_a_whole_rebuild_runs_without_jit_and_leaves_the_session_as_it_was(
        make_municipio, monkeypatch):
    """PostgreSQL compiled the rebuild's statements over the whole register with LLVM (their
    estimates pass JIT's thresholds): half a second of CPU for a read that runs in 0.3 s.
    The rebuild's read and write transactions turn it off for themselves only."""
    make_municipio(PF, today=TODAY)
    seen = []
    compute = due_dates._sorted_values

    def computed(on, window):
        seen.append(DB.obj.execute_sql("SHOW jit").fetchone()[0])
        return compute(on, window)
    monkeypatch.setattr(due_dates, "_sorted_values", computed)
    write = due_dates._insert_whole

    def written(on, window, values):
        seen.append(DB.obj.execute_sql("SHOW jit").fetchone()[0])
        return write(on, window, values)
    monkeypatch.setattr(due_dates, "_insert_whole", written)
    before = DB.obj.execute_sql("SHOW jit").fetchone()[0]
    with write_transaction():
        due_dates.mark_stale()
    assert due_dates.rebuild(TODAY)
    assert seen == ["off", "off"]
    assert DB.obj.execute_sql("SHOW jit").fetchone()[0] == before

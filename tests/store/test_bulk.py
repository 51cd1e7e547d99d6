"""Many rows in one go (store/bulk.py; issue 23): on PostgreSQL a hundred rows or more go as
one COPY (the due-dates table rebuilt, an import, the bulk filler), and every value reads
back as an INSERT would have stored it, whatever its text holds; values COPY is not
written for here go as an INSERT. On SQLite and PostgreSQL."""
from __future__ import annotations

import datetime as dt
import decimal

import pytest

from mototaxi_desk.services.views import due_dates
from mototaxi_desk.store import bulk
from mototaxi_desk.store.connection import is_postgres
from mototaxi_desk.store.models import DB, AlertDue

from ..conftest import BACKENDS

ODD = ["tab\there", "line\nbreak", "carriage\rreturn", "back\\slash", "\\N", "\\.", "",
       "Conceição D'Ávila “aspas”", "😀 emoji", "a" * 5000, "end\\"]


def _alert_rows(count: int) -> list[tuple]:
    text_dates = not is_postgres()
    rows = []
    for i in range(count):
        day = dt.date(2026, 12, 1) + dt.timedelta(days=i % 40)
        rows.append((i + 1, "cnh", day.isoformat() if text_dates else day, ODD[i % len(ODD)],
                     "person", i + 1, None if i % 3 else i, i % 7, f"{i:04d}",
                     None if i % 2 else "ABC1D23", ODD[(i + 1) % len(ODD)],
                     ODD[(i + 2) % len(ODD)], ""))
    return rows


@pytest.mark.parametrize("count", [5, 250])  # an INSERT; a COPY on PostgreSQL
def test_rows_read_back_as_given_whatever_their_text(db, count, monkeypatch):
    copies = []
    real = bulk._copy_text
    monkeypatch.setattr(bulk, "_copy_text", lambda values: copies.append(1) or real(values))
    rows = _alert_rows(count)
    with DB.obj.atomic():
        assert bulk.insert_values(AlertDue, due_dates.COLUMNS, rows) == count
    assert len(copies) == (1 if is_postgres() and count >= bulk.COPY_FROM else 0)
    stored = [tuple(getattr(r, c) for c in due_dates.COLUMNS)
              for r in AlertDue.select().order_by(AlertDue.id)]
    expected = [(*r[:2], dt.date.fromisoformat(r[2]) if isinstance(r[2], str) else r[2],
                 *r[3:]) for r in rows]
    assert stored == expected


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # PostgreSQL's
def test_copy_writes_times_flags_and_numbers_as_an_insert_would(db, monkeypatch):
    """Every kind of value COPY is written for, and the kinds it leaves to an INSERT (a
    time with a time zone, an infinite number), stored alike both ways."""
    DB.obj.execute_sql("CREATE TEMP TABLE bulk_kinds (at timestamp, stamp timestamptz, "
                       "flag boolean, amount numeric, ratio double precision, note text)")
    utc = dt.timezone.utc
    values = [(dt.datetime(2026, 12, 1, 10, 30, 15, 123456), dt.datetime(2026, 1, 2, tzinfo=utc),
               i % 2 == 0, decimal.Decimal("1234.56") * i, 0.1 * i, ODD[i % len(ODD)])
              for i in range(150)]
    values.append((None, None, None, None, float("inf"), None))

    def stored():
        rows = DB.obj.execute_sql("SELECT at, stamp, flag, amount, ratio, note FROM "
                                  "bulk_kinds ORDER BY ctid").fetchall()
        DB.obj.execute_sql("DELETE FROM bulk_kinds")
        return rows
    columns = "at, stamp, flag, amount, ratio, note"
    with DB.obj.atomic():
        bulk._insert(DB.obj, "bulk_kinds", columns, values[:150], 1000)  # COPY
        copied = stored()
        monkeypatch.setattr(bulk, "COPY_FROM", 10**9)
        bulk._insert(DB.obj, "bulk_kinds", columns, values[:150], 1000)  # INSERT
        inserted = stored()
        monkeypatch.undo()
        assert bulk._copy_text(values) is None  # the infinite ratio: an INSERT
        bulk._insert(DB.obj, "bulk_kinds", columns, values, 1000)
        mixed = stored()
    assert copied == inserted == mixed[:150]
    assert copied[3][:3] == (values[3][0], values[3][1], False)
    assert mixed[150] == (None, None, None, None, float("inf"), None)

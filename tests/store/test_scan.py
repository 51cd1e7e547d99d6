"""Issue 23: `check` reads sealed rows and audit times raw (store/scan.py) and makes their
canonical values without the model where the raw value already is one. Whatever the raw
value — as SQLite or PostgreSQL hands it over, or as someone wrote it by hand — the result
is the model's reading: canonical_value(field.python_value(raw))."""
from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mototaxi_desk.domain.audit_chain import canonical_time, canonical_value
from mototaxi_desk.store import scan
from mototaxi_desk.store.models import (AuditLog, Fee, InfractionNotice, PenaltyCharge, Person,
                                        Permit, User)

UTC = dt.timezone.utc
DATES = ["2026-01-05", "2026-13-05", "2026-02-30", "0000-01-01", "2026-1-5", "20260105",
         "2026-01-05 10:00:00", "2026-01-05T10:00:00", "2026-01-05 10:00:00.5", "", " ",
         "٢٠٢٦-٠١-٠٥", "2026-01-05\n", dt.date(2026, 1, 5), dt.datetime(2026, 1, 5, 10),
         None, 20260105]
TIMES = ["2026-01-05 10:00:00", "2026-01-05 10:00:00.000001", "2026-01-05 10:00:00.123456",
         "2026-01-05 24:00:00.000000", "2026-01-05 23:59:60.000000",
         "2026-01-05 23:60:00.000000", "2026-13-05 10:00:00.000000",
         "0000-01-01 00:00:00.000000", "2026-01-05T10:00:00.000000", "2026-01-05 10:00",
         "2026-01-05 10:00:00+00:00", "2026-01-05 10:00:00.123456Z",
         "2026-01-05 10:00:00.123456-03:00", "2026-01-05", "20260105T100000", "lixo", "",
         "2026-01-05 10:00:00.1234567", "٢٠٢٦-01-05 10:00:00.000000",
         "2026-02-30 10:00:00", "2026-01-05 23:59:59", "2026-01-05 24:00:00",
         "2026-01-05 10:00:00\n", "0000-01-01 00:00:00", "9999-12-31 23:59:59",
         dt.datetime(2026, 1, 5, 10), dt.datetime(2026, 1, 5, 10, tzinfo=UTC),
         dt.date(2026, 1, 5), None, 1767607200]
NUMBERS = [0, 5, -3, 2**70, 5.0, 5.5, "5", "5.5", "abc", "", True, None, b"7", Decimal("2")]
TEXTS = ["", "São", "2026-01-05", 5, 5.5, None, b"bytes", "\x00", True]
BOOLEANS = [0, 1, 2, -1, True, False, None, "1", "0", "", 1.0]
DECIMALS = [2, 2.5, 0, -0.0, "2.50", "1E+3", "abc", None, Decimal("2.5000"), 10**20, -7, 100,
            10**27 - 1, 10**27, -(10**27), 10**28 + 1, 10**30, True]


def _model_reading(field, raw):
    return canonical_value(field.python_value(raw))


@pytest.mark.parametrize("field, values", [
    (InfractionNotice.occurred_on, DATES), (Permit.valid_until, DATES),
    (InfractionNotice.occurred_at, TIMES), (InfractionNotice.fine_cents, NUMBERS),
    (InfractionNotice.holder, NUMBERS), (Permit.status, TEXTS), (Person.name, TEXTS),
    (User.active, BOOLEANS), (InfractionNotice.fine_units, DECIMALS),
    (Fee.units, DECIMALS), (PenaltyCharge.paid_on, DATES), (Fee.receipt, TEXTS)])
def test_each_raw_value_reads_as_the_model_reads_it(field, values):
    canonical = scan.canonical_rows([field])
    for raw in values:
        try:
            expected = _model_reading(field, raw)
        except Exception as exc:  # noqa: BLE001 - the model refuses it: so does the scan
            with pytest.raises(type(exc)):
                canonical((raw,))
            continue
        assert canonical((raw,)) == [expected], raw


def test_a_row_of_mixed_raw_types_reads_column_by_column():
    fields = [InfractionNotice.year, InfractionNotice.occurred_at, InfractionNotice.occurred_on,
              InfractionNotice.fine_units, InfractionNotice.status, User.active]
    canonical = scan.canonical_rows(fields)
    rows = [(2026, "2026-01-05 10:00:00", "2026-01-05", 2, "active", 1),
            (2026, "2026-01-05 10:00:00.000000", "2026-13-05", "2.5", None, 0),
            ("2026", dt.datetime(2026, 1, 5), dt.date(2026, 1, 5), Decimal("2"), "x", True),
            (None, None, None, None, None, None)] * 2  # the plans, made once, hold
    for row in rows:
        assert canonical(row) == [_model_reading(f, v) for f, v in zip(fields, row)], row


@pytest.mark.parametrize("raw", TIMES)
def test_the_audit_time_reads_as_the_model_reads_it(raw):
    assert scan.time_text(AuditLog.at, raw) == canonical_time(AuditLog.at.python_value(raw))


@given(st.integers())
def test_a_whole_number_of_units_reads_as_the_model_reads_it(raw):
    """The fast path for an int in a DecimalField (fines' units) against the model's
    reading, including ints past the decimal context's 28 digits."""
    canonical = scan.canonical_rows([InfractionNotice.fine_units])
    assert canonical((raw,)) == [_model_reading(InfractionNotice.fine_units, raw)]


@given(st.datetimes(min_value=dt.datetime(1, 1, 1), max_value=dt.datetime(9999, 12, 31)),
       st.sampled_from(["seconds", "microseconds", "minutes"]))
def test_a_time_written_with_or_without_its_fraction_reads_as_the_model_reads_it(when, spec):
    """A time as peewee writes it (no fraction when it has none), or typed to the minute."""
    raw = when.isoformat(sep=" ", timespec=spec)
    canonical = scan.canonical_rows([InfractionNotice.occurred_at])
    assert canonical((raw,)) == [_model_reading(InfractionNotice.occurred_at, raw)]


@given(st.from_regex(r"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}", fullmatch=True))
def test_any_text_in_the_shape_of_a_time_reads_as_the_model_reads_it(raw):
    """Impossible dates and hours included (a 30th of February, 29:75:99)."""
    canonical = scan.canonical_rows([InfractionNotice.occurred_at])
    assert canonical((raw,)) == [_model_reading(InfractionNotice.occurred_at, raw)]


@pytest.mark.parametrize("table", ["person", "permit", "penalty_charge", "infraction_notice"])
def test_a_tables_seal_agreement_judges_every_seal_as_agrees_does(table):
    """Issue 40 item 3: `check` judges a whole table's seals with seals.agreement, which
    recomputes a seal of the current version with what it makes once per table; every seal
    (current, version 1, of no version, empty, a row gone) is judged as seals.agrees does."""
    from mototaxi_desk.store import seals
    spec = seals.layout(table)
    canonical = [f"valor {i}" if i % 2 else i for i in range(len(spec.columns))]
    current = seals.seal_of(table, 7, seals.SEAL_VERSION, canonical)
    first = seals.seal_of(table, 7, 1, canonical) if 1 in spec.positions else ""
    other = [*canonical[:-1], "outro"]
    agree = seals.agreement(table)
    for row_id in (7, 8):
        for seal in (current, current[:-1] + "0", first, "", "v9:" + current[3:],
                     "v2:", current.upper(), "lixo"):
            for values in (canonical, other, None):
                assert agree(row_id, seal, values) == \
                    seals.agrees(table, row_id, seal, values), (row_id, seal, values)
    assert agree(7, current, canonical) and not agree(8, current, canonical)


@pytest.mark.parametrize("text", ['{"person:1":"v2:ab"}', ' {"person:1":"v2:ab"} ',
                                  '{"person:1":"v2:ab"}x', '{"person:1":', "", "[]", "null",
                                  '{"a":1}{"b":2}', '\n{"person:1":"v2:ab"}', '"texto"'])
def test_an_entrys_seals_read_as_json_loads_reads_them(text):
    """Issue 40 item 3: `check` reads each entry's seals with the C scanner at once; what it
    gives, or refuses, is what json.loads gives or refuses."""
    import json

    from mototaxi_desk.store import seals
    try:
        expected = json.loads(text)
    except ValueError:
        with pytest.raises(ValueError):
            seals._decode(text)
        return
    assert seals._decode(text) == expected


def test_a_seal_naming_a_row_by_another_scripts_digits_is_not_a_rows_seal():
    """A seals text edited to name "person:²" (a digit to str.isdigit, not to int) is not the
    seal of any row, and the walk goes on (it raised ValueError before)."""
    from mototaxi_desk.store import seals
    latest, unreadable = {}, []
    seals.note_seals(9, '{"person:²":"v2:ab","person:3":"v2:cd"}', latest, unreadable)
    assert latest == {"person": {3: ("v2:cd", 9)}} and unreadable == []

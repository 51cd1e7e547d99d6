"""Whole tables read fast, for the walks of `check` over millions of rows (issue 23): rows
as the driver gives them, in key order, a keyset range per query; and each column's
canonical value (domain/audit_chain.py) from that raw value, as the model would read it."""
from __future__ import annotations

import datetime as dt
import re

import peewee as pw

from ..domain.audit_chain import canonical_time, canonical_value
from .models import DB

BATCH = 20_000  # rows per query: memory stays flat, queries grow with rows / BATCH only


def key_batches(model, columns, where=None):
    """Lists of raw row tuples of `columns` (the first the primary key) in key order: no
    model instances, no field conversions. Each query starts after the last key read (never
    OFFSET, which rereads what it skips); the driver never holds the whole table."""
    key = model._meta.primary_key
    size = BATCH
    last = None
    while True:
        condition = where if last is None else \
            (key > last if where is None else where & (key > last))
        query = model.select(*columns).order_by(key).limit(size)
        if condition is not None:
            query = query.where(condition)
        rows = DB.obj.execute(query).fetchall()
        if rows:
            yield rows
        if len(rows) < size:
            return
        last = rows[-1][0]


def plain_rows(query):
    """A query's rows as the driver gives them, without peewee's conversion per value: for
    integer, foreign-key and text columns the values .tuples() gives (a million notices
    read by `check` spent more converting than reading)."""
    return DB.obj.execute(query)


# 'YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS.ffffff': text already in the canonical shape.
# Such a text is its own canonical value: when peewee parses it, the date or time writes
# back the same digits; when it cannot (a 13th month), peewee keeps the text. The hour,
# minute and second ranges leave out '24:00' and leap seconds, which some Pythons read as
# another time.
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
CANONICAL_STAMP = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} ([01][0-9]|2[0-3]):[0-5][0-9]:"
                             r"[0-5][0-9]\.[0-9]{6}")


def canonical_reader(field):
    """A function raw value -> canonical_value(field.python_value(raw)), what the column's
    value seals as; a date or time already in the canonical shape skips the conversion."""
    def slow(value):
        return canonical_value(field.python_value(value))

    if isinstance(field, pw.DateTimeField):
        return _time_reader(slow)
    if isinstance(field, pw.DecimalField):  # a whole number of units, as SQLite hands it
        return lambda v: str(v) if v.__class__ is int and -_EXACT < v < _EXACT else slow(v)
    if isinstance(field, pw.DateField):
        return lambda v: v if v.__class__ is str and _DATE.fullmatch(v) else slow(v)
    return slow


# an int below this has fewer digits than the decimal context's 28: Decimal(str(v)).normalize()
# keeps every one, and writes them back as str(v) does
_EXACT = 10 ** 27
# 'YYYY-MM-DD HH:MM:SS': how a time with no fraction of a second is written (a time typed at
# the counter, a fine's occurred_at); when it is a real date, the model reads it as that
# time and it seals as the same text with '.000000'
_STAMP_SECONDS = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2} ([01][0-9]|2[0-3]):[0-5][0-9]:"
                            r"[0-5][0-9]")


def _time_reader(slow):
    """canonical_value(field.python_value(v)) of a DateTimeField's raw value, without the
    model's reading for the two shapes a file holds (1M notices: 1M readings in `check`)."""
    canonical, seconds, parse = CANONICAL_STAMP.fullmatch, _STAMP_SECONDS.fullmatch, \
        dt.datetime.fromisoformat

    def read(v):
        if v.__class__ is str:
            if canonical(v):
                return v
            if seconds(v):
                try:
                    parse(v)
                except ValueError:  # a 30th of February: the model keeps the text
                    return slow(v)
                return v + ".000000"
        return slow(v)
    return read


def _plain(field) -> tuple[type, ...]:
    """The raw types that are their own canonical value in this column: None everywhere
    (python_value keeps it), a str in a text column, an int in an integer one."""
    if isinstance(field, (pw.CharField, pw.TextField)):
        return (type(None), str)
    if isinstance(getattr(field, "rel_field", field), pw.IntegerField) and \
            isinstance(field, (pw.IntegerField, pw.ForeignKeyField)):
        return (type(None), int)
    return (type(None),)


def canonical_rows(fields):
    """A function raw row (tuple, in the order of `fields`) -> the list of its canonical
    values. The raw types of a row say which columns need a reading at all (a text, a
    number and None need none): the readings are planned once per combination of types,
    not per value."""
    plain = [_plain(field) for field in fields]
    readers = [canonical_reader(field) for field in fields]
    plans: dict[tuple, list] = {}

    def canonical(row) -> list:
        kinds = tuple(map(type, row))
        plan = plans.get(kinds)
        if plan is None:
            plan = plans[kinds] = [(i, readers[i]) for i, kind in enumerate(kinds)
                                   if kind not in plain[i]]
        values = list(row)
        for i, read in plan:
            values[i] = read(values[i])
        return values
    return canonical


def time_text(field, raw) -> str:
    """canonical_time(field.python_value(raw)) of a DateTimeField's raw value."""
    if raw.__class__ is str and CANONICAL_STAMP.fullmatch(raw):
        return raw
    return canonical_time(field.python_value(raw))

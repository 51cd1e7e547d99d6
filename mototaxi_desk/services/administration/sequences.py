"""Gap-free numbers: protocols (per year), permit order numbers, sticker serials, notices.

The increment is an UPDATE inside the caller's transaction: PostgreSQL holds the row lock
until commit, SQLite holds the write lock, so two counters never get the same number, and a
rolled-back action gives its number back (no gaps)."""
from __future__ import annotations

import peewee as pw

from ...store.models import DB, Sequence


def next_value(name: str, year: int = 0, *, start: int = 1) -> int:
    """The next number of a counter; call inside the action's transaction."""
    if not DB.obj.in_transaction():
        raise RuntimeError("next_value must run inside the action's transaction")
    where = (Sequence.name == name) & (Sequence.year == year)
    if Sequence.update(last_value=Sequence.last_value + 1).where(where).execute() == 0:
        try:
            with DB.atomic():  # savepoint: a concurrent creator makes this one fail
                Sequence.create(name=name, year=year, last_value=start)
                return start
        except pw.IntegrityError:
            Sequence.update(last_value=Sequence.last_value + 1).where(where).execute()
    return Sequence.select(Sequence.last_value).where(where).scalar()


def peek(name: str, year: int = 0) -> int:
    """The last number given (0 if none)."""
    return Sequence.select(Sequence.last_value).where(
        (Sequence.name == name) & (Sequence.year == year)).scalar() or 0


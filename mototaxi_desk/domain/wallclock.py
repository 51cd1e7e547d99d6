"""The program's one clock: the only module that reads the computer's date and time.

Everything else asks here for "today" and "now", so that:
- a test sets the day (`travel`) and the whole program — window, commands, services,
  documents — lives on it, as on a PC whose clock says that day;
- the daily step (services/clock.py) can *hold* the program at the register's last good day
  when the computer's date cannot be trusted (a clock set ahead, or behind the register),
  until an admin confirms the date. While held, `today()` is that day and `now()`/`utcnow()`
  are shifted by the same whole days, so nothing is computed on the untrusted date.

`computer_today()` is the computer's own reading, for the one place that must compare it
with the register (the daily step's sanity check) and for the banner that names both dates.
Pure Python: the domain's rules take their day as a parameter; the layers above call here.
"""
from __future__ import annotations

import contextlib
import datetime as dt

_offset = dt.timedelta(0)       # the computer's clock moved (tests: `travel`)
_held: dt.date | None = None    # the program held at this day (services/clock.py)


def _computer_now() -> dt.datetime:
    return dt.datetime.now() + _offset


def computer_today() -> dt.date:
    """The date the computer's clock says (never held)."""
    return _computer_now().date()


def _shift() -> dt.timedelta:
    if _held is None:
        return dt.timedelta(0)
    return dt.timedelta(days=(_held - computer_today()).days)


def today() -> dt.date:
    """The program's today: the computer's date, or the held day."""
    return _held if _held is not None else computer_today()


def now() -> dt.datetime:
    """Local time, naive, as the program's documents and dialogs show it."""
    return _computer_now() + _shift()


def utcnow() -> dt.datetime:
    """UTC, naive: what the database's timestamps store."""
    return (dt.datetime.now(dt.timezone.utc).replace(tzinfo=None) + _offset + _shift())


def utcnow_aware() -> dt.datetime:
    return utcnow().replace(tzinfo=dt.timezone.utc)


def now_aware() -> dt.datetime:
    """Local time with the computer's UTC offset (the verifier's "as of")."""
    return (dt.datetime.now().astimezone() + _offset + _shift())


def local(stamp: dt.datetime | None) -> dt.datetime | None:
    """A stored timestamp (UTC, naive: what `utcnow()` gives and the database keeps) as this
    computer's local time, naive: the time of day a receipt, a screen or a protocol's year
    shows (a clerk in Brasília time files at 14:05, not at 17:05)."""
    if stamp is None:
        return None
    try:
        return stamp.replace(tzinfo=dt.timezone.utc).astimezone().replace(tzinfo=None)
    except (OverflowError, OSError, ValueError):  # outside what the C library converts
        return stamp  # (before 1970 on Windows; year 1 or 9999): as stored


def utc(local_stamp: dt.datetime) -> dt.datetime:
    """The inverse of `local`: a local time of this computer as a stored (UTC, naive)
    timestamp, for comparing a local day's bounds with the stored ones."""
    try:
        return local_stamp.astimezone(dt.timezone.utc).replace(tzinfo=None)
    except (OverflowError, OSError, ValueError):
        return local_stamp


def local_day(stamp: dt.datetime | None) -> dt.date | None:
    """The local calendar day of a stored (UTC) timestamp."""
    shown = local(stamp)
    return None if shown is None else shown.date()


# the stored times that are not UTC stamps, shown as stored: the local time of an event as
# typed at the counter (an infraction, an impound's deposit and release)
SHOWN_AS_STORED = frozenset({"occurred_at", "deposited_at", "released_at"})


def shown(field: str, value: dt.datetime | None) -> dt.datetime | None:
    """A record's stored time, by its field's name, as this computer's clock shows it."""
    return value if field in SHOWN_AS_STORED else local(value)


def hold(day: dt.date | None) -> None:
    """Hold the program at `day` (None: follow the computer's clock again)."""
    global _held
    _held = day


def held() -> dt.date | None:
    return _held


@contextlib.contextmanager
def travel(to: dt.date | dt.datetime):
    """For tests: the computer's clock says `to` (a day keeps the time of day) for a while.
    Clears any hold meanwhile and restores both after."""
    global _offset, _held
    previous = (_offset, _held)
    real = dt.datetime.now()
    target = to if isinstance(to, dt.datetime) else dt.datetime.combine(to, real.time())
    _offset, _held = target - real, None
    try:
        yield
    finally:
        _offset, _held = previous

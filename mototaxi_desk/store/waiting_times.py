"""Schema step 26 (migrations._step_waiting_times): the waiting list's stored times made the
UTC times they stand for. Which kind of time a row holds is read from the audit entry that
last wrote it; the conversion uses this computer's time zone (the município's: the station
that opens the database first after the upgrade runs it)."""
from __future__ import annotations

import datetime as dt
import json

from ..domain import wallclock
from . import models as m

# audit action -> the time it set (services/licensing/waiting_list.py)
ACTS = {"waiting_list.enrol": "enrolled_at", "waiting_list.call": "called_at",
        "waiting_list.grant": "ended_at", "waiting_list.leave": "ended_at",
        "waiting_list.expire": "ended_at"}
IMPORTED = ("import.create", "import.update")  # services/exchange/importing.py (entity "waiting")
TIMES = ("enrolled_at", "called_at", "ended_at")
DAY = dt.timedelta(days=1)
SLACK = dt.timedelta(minutes=10)  # the row's time and its audit entry's, one action apart


def convert() -> int:
    """The rows' times in UTC; how many rows changed."""
    writers = _writers()
    changed = 0
    for row in m.WaitingListEntry.select(m.WaitingListEntry.id, *(
            getattr(m.WaitingListEntry, name) for name in TIMES)):
        values = {}
        for name in TIMES:
            stored = _as_datetime(getattr(row, name))
            if stored is None:
                continue
            new = in_utc(name, stored, writers.get((row.id, name)))
            if new != stored:
                values[name] = new
        if values:
            m.WaitingListEntry.update(values).where(m.WaitingListEntry.id == row.id).execute()
            changed += 1
    return changed


def in_utc(name: str, stored: dt.datetime, writer: tuple[str, dt.datetime] | None
           ) -> dt.datetime:
    """The UTC time a stored waiting-list time stands for. `writer`: (kind, when) of the
    audit entry that last set it — "import" (a local day plus the position in seconds),
    "act" (the counter's or the daily step's; `when` the entry's UTC time) — or None."""
    if writer is None:  # written outside the program's acts: the demo's local times
        return wallclock.utc(stored) if name == "enrolled_at" else _by_local_day(stored)
    kind, when = writer
    if kind == "import":
        return wallclock.utc(stored)
    # an act: its UTC time (an enrolment at the counter), or its local day with the UTC time
    # of day — the day after when the act was after local midnight in UTC
    for candidate in (stored, stored + DAY):
        if abs(candidate - when) <= SLACK:
            return candidate
    return _by_local_day(stored)  # dated another day than the act (a daily step catching up)


def _by_local_day(stored: dt.datetime) -> dt.datetime:
    """A local day joined with a UTC time of day: the UTC time whose local day it is."""
    for candidate in (stored, stored + DAY):
        if wallclock.local_day(candidate) == stored.date():
            return candidate
    return stored


def _writers() -> dict[tuple[int, str], tuple[str, dt.datetime]]:
    """(entry id, time) -> (kind, when) of the last audit entry that set it."""
    found: dict[tuple[int, str], tuple[str, dt.datetime]] = {}
    entries = (m.AuditLog.select(m.AuditLog.action, m.AuditLog.entity_id, m.AuditLog.at,
                                 m.AuditLog.after)
               .where(m.AuditLog.entity.in_(("waiting_list_entry", "waiting")) &
                      m.AuditLog.action.in_((*ACTS, *IMPORTED)))
               .order_by(m.AuditLog.id).tuples())
    for action, entity_id, at, after in entries:
        try:
            entry_id = int(entity_id)
        except (TypeError, ValueError):
            continue
        when = _as_datetime(at)
        if action in ACTS:
            found[(entry_id, ACTS[action])] = ("act", when)
        elif "enrolled_at" in _json(after):
            found[(entry_id, "enrolled_at")] = ("import", when)
    return found


def _json(text) -> dict:
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _as_datetime(value) -> dt.datetime | None:
    if value is None or isinstance(value, dt.datetime):
        return value
    return dt.datetime.fromisoformat(str(value))

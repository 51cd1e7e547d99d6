"""Schema step 26 (store/waiting_times.py) on a database made before it, on SQLite and
PostgreSQL, in Brasília time: the waiting list's times as the earlier program wrote them —
an enrolment at the counter in UTC; an evening call, an enrolment dated by an act and one
the daily step dated on a past day as their local day with the UTC time of day; an imported
entry as its local day plus its position in seconds — become the UTC times they stand for,
each told apart by the audit entry that wrote it; the list's order is then right (before,
an enrolment at 22:30 went ahead of that afternoon's)."""
import datetime as dt

from mototaxi_desk.domain import wallclock
from mototaxi_desk.services.exchange import importing
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.store import waiting_times
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import WaitingListEntry

from ..conftest import row_counts, time_zone
from ..factories import CLERK, SUPERVISOR, make_person
from ..services.import_samples import example_workbook
from ..services.ledger_helpers import ADMIN
from .schema_steps import before_step, step_named

STEP = step_named("_step_waiting_times")
TIMES = waiting_times.TIMES


def _times() -> dict[int, tuple]:
    return {e.id: tuple(getattr(e, name) for name in TIMES)
            for e in WaitingListEntry.select().order_by(WaitingListEntry.id)}


def _local_day_with_utc_time(stored: dt.datetime) -> dt.datetime:
    """What the earlier program stored for an act dated by its local day."""
    return dt.datetime.combine(wallclock.local_day(stored), stored.time())


def test_a_database_made_before_the_step(municipio, db_url, tmp_path, brasilia, clock_at):
    clock_at(dt.datetime(2026, 12, 7, 10, 0))
    called = waiting_list.enrol(CLERK, make_person("Convocada Manhã")["id"])
    clock_at(dt.datetime(2026, 12, 7, 14, 0))
    afternoon = waiting_list.enrol(CLERK, make_person("Balcão Tarde")["id"])
    clock_at(dt.datetime(2026, 12, 7, 22, 30))
    evening = waiting_list.enrol(CLERK, make_person("Ato Noite")["id"],
                                 on=dt.date(2026, 12, 7))
    clock_at(dt.datetime(2026, 12, 7, 22, 40))
    assert waiting_list.call_next(SUPERVISOR)["id"] == called["id"]
    past = waiting_list.enrol(CLERK, make_person("Dia Passado")["id"],
                              on=dt.date(2026, 12, 3))
    assert importing.apply(ADMIN, importing.read(
        ADMIN, example_workbook(tmp_path / "cadastro.xlsx")))["imported"]
    imported = [e["id"] for e in waiting_list.ordered()[:2]]
    expected = _times()  # as this program writes them: UTC
    # as the earlier program wrote them
    old = dict(expected)
    old[evening["id"]] = (_local_day_with_utc_time(expected[evening["id"]][0]), None, None)
    old[past["id"]] = (dt.datetime.combine(dt.date(2026, 12, 3),
                                           expected[past["id"]][0].time()), None, None)
    enrolled, call, _ = expected[called["id"]]
    old[called["id"]] = (enrolled, _local_day_with_utc_time(call), None)
    for entry_id in imported:
        old[entry_id] = (wallclock.local(expected[entry_id][0]), None, None)
    for entry_id, values in old.items():
        WaitingListEntry.update(dict(zip(TIMES, values))).where(
            WaitingListEntry.id == entry_id).execute()
    assert old != expected
    wrong = [e["id"] for e in waiting_list.ordered()]  # 22:30 stored as 01:30 of its day
    assert wrong.index(evening["id"]) < wrong.index(afternoon["id"])
    counts = row_counts()
    close_database()
    before_step(db_url, STEP)
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert _times() == expected
    order = [e["id"] for e in waiting_list.ordered()]
    assert order == [*imported, past["id"], afternoon["id"], evening["id"]]
    assert {k: v for k, v in row_counts().items() if k != "SchemaVersion"} == \
        {k: v for k, v in counts.items() if k != "SchemaVersion"}


def test_in_utc_nothing_changes():
    """Where the computer keeps UTC, local and UTC times are the same: the step leaves every
    kind of time as it was."""
    stored = dt.datetime(2026, 12, 7, 1, 30)
    with time_zone("UTC", "UTC0"):
        for writer in (None, ("import", stored), ("act", stored),
                       ("act", stored + dt.timedelta(days=3))):
            for name in TIMES:
                assert waiting_times.in_utc(name, stored, writer) == stored, (name, writer)


def test_each_kind_of_time_in_brasilia(brasilia):
    day = dt.datetime(2026, 12, 7)
    at = dt.datetime(2026, 12, 8, 1, 30, 0, 500)  # the audit entry: 22:30 local on 07/12
    # an enrolment at the counter: its UTC time, kept
    assert waiting_times.in_utc("enrolled_at", at, ("act", at)) == at
    # an act dated by its local day with the UTC time of day: the day after, in the evening
    assert waiting_times.in_utc("called_at", day.replace(hour=1, minute=30),
                                ("act", at)) == dt.datetime(2026, 12, 8, 1, 30)
    # the same in the afternoon (17:05 UTC): already the UTC time
    afternoon = day.replace(hour=17, minute=5)
    assert waiting_times.in_utc("ended_at", afternoon, ("act", afternoon)) == afternoon
    # dated a past day by the daily step: the UTC time of that local day
    assert waiting_times.in_utc("ended_at", dt.datetime(2026, 12, 3, 1, 30), ("act", at)) == \
        dt.datetime(2026, 12, 4, 1, 30)
    assert waiting_times.in_utc("ended_at", dt.datetime(2026, 12, 3, 17, 0), ("act", at)) == \
        dt.datetime(2026, 12, 3, 17, 0)
    # imported: the local day plus the position in seconds
    assert waiting_times.in_utc("enrolled_at", dt.datetime(2022, 5, 10, 0, 0, 2),
                                ("import", at)) == dt.datetime(2022, 5, 10, 3, 0, 2)
    # written by no act (the demo's filler): a local time
    assert waiting_times.in_utc("enrolled_at", dt.datetime(2025, 3, 1, 9, 15), None) == \
        dt.datetime(2025, 3, 1, 12, 15)

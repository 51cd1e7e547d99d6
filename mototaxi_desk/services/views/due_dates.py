"""The due-dates table (issue 23): the alerts of the whole register kept in the database,
so the Painel reads "the most urgent page, how many, how many overdue" by indexed SQL
instead of computing every holder's alerts in Python.

store.models.AlertDue holds exactly the items of `alerts.due(on=D, days=W)` for the day D
and window W of the one AlertDueState row. It is kept current inside the write transactions:
every change is audited (services/audit.py), and each entry reaches `note()` (through
store.connection.changed);
just before the action commits, `flush()` turns the audited records into the persons whose
alerts they may change (a permit's holder and auxiliary drivers, a vehicle's holders, a
notice's person...), deletes those persons' stored items and those pointing at the touched
permits and vehicles (a transfer takes the permit from its old holder), and stores
`alerts.for_person(p, on=D, days=W)` for each: a few indexed queries per person.

What changes everybody's alerts (a profile version in force on the table's day, the
município's profile numbers, a campaign, an import, a restored database) marks the table
stale instead, and so does anything this module does not know: the safe default. (A
municipal holiday moves only the defence and appeal terms: the holders whose term may run
are stored again. A profile version in force from a later day changes nothing before it.)
The first Painel after a stale mark (or of a day the table cannot be brought to: below)
computes the whole table (`rebuild`; the window shows the table as it was meanwhile,
saying so, and has it computed in a child process: page's earlier_ok,
gui/painel_preparation.py): the alerts computed in a read transaction, without the write
lock; the rows written in one write transaction of its own, with what other counters
committed meanwhile read back from the audit log (readers keep seeing the previous table
until it commits; on PostgreSQL the write lock makes a second counter wait and then find
it built).

The passage of time (services/clock.py) never rebuilds it: the tick runs at every program
start, in the write transaction every other counter waits for. A table of an earlier day is
not fresh for the new one (its date says so); the program brings it to the day while the
login shows (`prepare`, gui/app.py), before the tick of the user who logs in: what that
tick then changes is audited record by record and kept current like any action.

Bringing it to the new day costs the day's changes, not the register (`_brought_forward`):
the table is built for AHEAD days beyond the window, so the items entering the window are
already in it; the items due each day (an inspection never made) are stored as due on
EACH_DAY and read as due on the table's day, so they need no change; only the persons with
an item due on the days between are computed again (a term lapses, a renewal deadline
passes into its grace days), with those whose records dated on those days count from then
on: alerts.changed_by_the_days says why that is enough, and when it is not (a profile
version in force from one of those days, a campaign's month ending). Then, and when the
horizon runs out or too many persons have an item due (a renewal deadline's day), the whole
register is computed again.
"""
from __future__ import annotations

import datetime as dt
import gc
import threading

import peewee as pw

from ...domain.alert_sources import FROM_THEIR_DAY, MAX_PERSONS, STALE, UNBOUNDED, classify
from ...store import connection
from ...store.bulk import insert_table_values, insert_values
from ...store.connection import (after_outermost_transaction, before_commit, listen_to_changes,
                                 write_transaction)
from ...store.models import (DB, AlertDue, AlertDueState, Application, AuditLog, AuxiliaryDriver,
                             CampaignAttendance, Cnh, Impound, InfractionNotice, Inspection,
                             InspectionSummons, NoticeProceeding, PenaltyCharge, Permit,
                             ProfileVersion, Sanction, WaitingListEntry, utcnow)
from . import alerts
from .. import setup
from ..ledger import open_terms
from ...domain import wallclock

WINDOW = 30  # days ahead the table holds at least (the Painel's default)
AHEAD = 60  # days more it is built for: how far it can be brought forward day by day
EACH_DAY = dt.date.min  # the stored due date of an item due on the day it is read for
FORWARD_AT_MOST = 2000  # persons computed again to bring it forward (under the write lock:
# about half a second on SQLite); more, the whole register (its alerts computed unlocked)

_local = threading.local()
_rebuilding = threading.Lock()  # one rebuild at a time in a process (two windows, two pages)


def listen() -> None:
    """Keep the table current from this process's actions (done when this module is first
    imported; a process that never imports it marks the table stale instead)."""
    listen_to_changes(note)
    before_commit(flush)


def _pending() -> dict:
    if not hasattr(_local, "pending"):
        _local.pending = {"pairs": set(), "stale": False}
    return _local.pending


def _forget() -> None:
    """After the outermost transaction (committed: already flushed; rolled back: nothing of
    it happened)."""
    _local.pending = {"pairs": set(), "stale": False}


def note(action: str, entity: str, entity_id) -> None:
    """An audited change (every entry services/audit.py writes, through
    store.connection.changed)."""
    found = classify(action, entity, entity_id)
    if found is not None and found != STALE and found[0] in FROM_THEIR_DAY:
        found = STALE if _in_force_by_the_tables_day(found[1]) else None
    if found is None:
        return
    pending = _pending()
    after_outermost_transaction(_forget)
    if pending["stale"]:
        return
    if found == STALE or len(pending["pairs"]) >= MAX_PERSONS:
        pending["stale"] = True
        pending["pairs"].clear()
        mark_stale()  # now, in the action's transaction: even one that is not a
        # write_transaction (the bulk filler's) leaves the table stale when it commits
    else:
        pending["pairs"].add(found)


def _in_force_by_the_tables_day(version_id: int) -> bool:
    """Whether a profile version (alert_sources.FROM_THEIR_DAY) is in force on the table's
    day: the items stored were computed under another wording. A version in force from a
    later day changes nothing before it; the table is computed whole when brought to it."""
    state = _state()
    version = ProfileVersion.get_or_none(ProfileVersion.id == version_id)
    return state is None or state.day is None or version is None or \
        _as_date(version.effective_from) <= _as_date(state.day)


def mark_stale() -> None:
    """The table no longer holds the register's alerts: the next Painel rebuilds it."""
    AlertDueState.update(stale=True).execute()


def flush() -> None:
    """Before the action commits (store.connection.before_commit): the stored items of the
    persons its audited records may concern, computed again for the table's day."""
    pending = _pending()
    pairs, stale = pending["pairs"], pending["stale"]
    _forget()
    if stale:
        mark_stale()  # again: a savepoint rolled back may have undone the first mark
        return
    if not pairs or DB.obj is None:
        return
    state = _state()
    if state is None or state.stale or state.day is None:
        return  # nothing to keep current: the next Painel rebuilds it anyway
    persons = _persons(pairs, _as_date(state.day))
    if len(persons) > MAX_PERSONS:
        mark_stale()
        return
    _replace(persons, _as_date(state.day), state.window)


def _ids(pairs, *entities) -> list[int]:
    return sorted({i for e, i in pairs if e in entities})


def _persons(pairs: set[tuple[str, int]], on: dt.date) -> set[int]:
    """The persons whose alerts (of the table's day `on`) the audited records may change:
    one query per kind of record present, then the holders and auxiliary drivers of the
    permits reached, and the persons of the stored items that point at them. A municipal
    holiday declared or removed may move the last day of a defence or appeal term (counted
    in business days, or moved to the next one: domain/penalty_calendar.deadline): the
    holders of the terms that may run, and those of the stored terms (one that ran may run
    no longer)."""
    persons: set[int] = set(_ids(pairs, "person"))
    if _ids(pairs, "municipal_holiday"):
        persons |= open_terms.holders_with_running_terms(on)
        persons |= {p for (p,) in AlertDue.select(AlertDue.person_id).where(
            AlertDue.entity == "infraction_notice").distinct().tuples()}
    permits: set[int] = set(_ids(pairs, "permit"))
    vehicles: set[int] = set(_ids(pairs, "vehicle"))

    def column(query):
        return {v for (v,) in query.tuples() if v is not None}

    def pairs_of(query):
        return list(query.tuples())

    for entity, model, person in (
            ("cnh", Cnh, Cnh.person), ("application", Application, Application.person),
            ("auxiliary_driver", AuxiliaryDriver, AuxiliaryDriver.person),
            ("waiting_list_entry", WaitingListEntry, WaitingListEntry.person),
            ("infraction_notice", InfractionNotice, InfractionNotice.holder),
            ("penalty_charge", PenaltyCharge, PenaltyCharge.person)):
        ids = _ids(pairs, entity)
        if ids:
            persons |= column(model.select(person).where(model.id.in_(ids)))
    ids = _ids(pairs, "notice_proceeding")
    if ids:
        persons |= column(NoticeProceeding.select(InfractionNotice.holder)
                          .join(InfractionNotice)
                          .where(NoticeProceeding.id.in_(ids)))
    for entity, model in (("sanction", Sanction), ("impound", Impound)):
        ids = _ids(pairs, entity)
        if ids:
            for who, permit in pairs_of(model.select(model.person, model.permit)
                                        .where(model.id.in_(ids))):
                persons.add(who)
                if permit is not None:
                    permits.add(permit)
    for entity, model in (("inspection", Inspection), ("inspection_summons", InspectionSummons)):
        ids = _ids(pairs, entity)
        if ids:
            for vehicle, permit in pairs_of(model.select(model.vehicle, model.permit)
                                            .where(model.id.in_(ids))):
                vehicles.add(vehicle)
                if permit is not None:
                    permits.add(permit)
    ids = _ids(pairs, "campaign_attendance")
    if ids:
        permits |= column(CampaignAttendance.select(CampaignAttendance.permit)
                          .where(CampaignAttendance.id.in_(ids)))
    if permits:  # a vehicle's items go with the first permit it serves (alerts.due)
        vehicles |= column(Permit.select(Permit.vehicle).where(Permit.id.in_(sorted(permits))))
    if vehicles:
        permits |= column(Permit.select(Permit.id).where(Permit.vehicle.in_(sorted(vehicles))))
    if permits:
        ordered = sorted(permits)
        persons |= column(Permit.select(Permit.holder).where(Permit.id.in_(ordered)))
        persons |= column(AuxiliaryDriver.select(AuxiliaryDriver.person)
                          .where(AuxiliaryDriver.permit.in_(ordered)))
    # whoever the stored items about these records name (a permit transferred, a vehicle
    # taken off its permit, a notice's holder): their items go, and come back if still due
    stored = AlertDue.permit_id.in_(sorted(permits) or [0])
    if vehicles:
        stored |= (AlertDue.entity == "vehicle") & AlertDue.entity_id.in_(sorted(vehicles))
    for entity in {e for e, _ in pairs} - {"person", "permit", "vehicle"}:
        stored |= (AlertDue.entity == entity) & AlertDue.entity_id.in_(_ids(pairs, entity))
    persons |= column(AlertDue.select(AlertDue.person_id).where(stored).distinct())
    return persons


COLUMNS = ["person_id", "kind", "due_date", "sort_name", "entity", "entity_id", "permit_id",
           "order_number", "order_text", "plate", "person_name", "label", "article"]


def _values(items) -> list[tuple]:
    """The items as rows of COLUMNS, ready for the driver (dates as ISO text on SQLite,
    as sqlite3's adapters store them): a rebuild writes a couple of hundred thousand. An
    item due on whatever day it is listed (alerts.due_each_day) is stored as due on
    EACH_DAY."""
    text_dates = not connection.is_postgres()
    each_day = set(alerts.due_each_day())
    stored: dict[dt.date, object] = {}  # due date -> as written (a few hundred days)
    rows = []
    for item, name in items:
        day = EACH_DAY if (item["kind"], item["label"]) in each_day else item["due_date"]
        written = stored.get(day)
        if written is None:
            written = stored[day] = day.isoformat() if text_dates else day
        rows.append((item["person_id"], item["kind"], written, name or "",
                     item["entity"], item["entity_id"], item["permit_id"],
                     item["permit_order_number"], item["permit_order_text"] or "",
                     item["plate"], item["person_name"] or "", item["label"],
                     item["article"] or ""))
    return rows


def _replace(persons: set[int], day: dt.date, window: int) -> None:
    """The persons' items stored again, computed for `day` and `window`: their rows read
    together, up to alerts.MAX_PERSONS_AT_ONCE persons per query."""
    ordered = sorted(persons)
    step = alerts.MAX_PERSONS_AT_ONCE
    for start in range(0, len(ordered), step):
        some = ordered[start:start + step]
        AlertDue.delete().where(AlertDue.person_id.in_(some)).execute()
        insert_values(AlertDue, COLUMNS, _values(
            alerts.sorted_with_names(on=day, days=window, persons=some)))


def _fresh(state, on: dt.date, days: int) -> bool:
    return state is not None and not state.stale and state.day is not None and \
        _as_date(state.day) == on and state.window >= days


def rebuild(on: dt.date, days: int = WINDOW) -> bool:
    """Fill the table with the whole register's alerts of `on`, `days` ahead (at least
    WINDOW, and AHEAD days more). False when another counter (or an earlier call) already
    made it fresh. A table of an earlier day is brought forward where it can be
    (`_brought_forward`, under the write lock: the day's changes only); else:

    The alerts are computed in a read transaction, which holds no lock: the other counters
    keep writing meanwhile. Only the writing of the rows takes the write lock, in one
    transaction (readers see the previous table until it commits); the actions committed
    while the alerts were computed are read back from the audit log, which every action
    appends to one at a time, and their persons' items stored again in that transaction
    (or, when one of them changes everybody's alerts, the whole is computed again outside
    the lock; only a third time under it, so a busy day's first tick never holds the other
    counters' writes for the seconds a whole computation takes)."""
    # a second caller waits, then finds the table fresh: in this process, and on PostgreSQL
    # on every counter (at opening time each would otherwise compute the whole register)
    with _rebuilding, connection.session_lock("due-dates-rebuild"):
        return _rebuild(on, days)


def prepare(on: dt.date | None = None) -> bool:
    """The day's table made ahead of the first Painel (the program starts this while the
    login shows: on a 100,000-holder register about 0.1 s to bring the day before's
    forward, about 2 s to compute it whole, 4 s on PostgreSQL; paid while the password is
    typed). False when it was already fresh."""
    return rebuild(on or wallclock.today(), WINDOW)


def _rebuild(on: dt.date, days: int) -> bool:
    window = min(max(days, WINDOW) + AHEAD, alerts.MAX_DAYS)

    def computed():
        _without_jit()
        mark = AuditLog.select(pw.fn.MAX(AuditLog.id)).scalar() or 0
        return mark, _sorted_values(on, window)
    attempts = 0
    while True:
        if _fresh(_state(), on, days):
            return False
        forward = _brought_forward(on, days)
        if forward is not None:
            return forward
        mark, values = _snapshot(computed)
        with write_transaction():
            _without_jit()
            state = _state()
            if _fresh(state, on, days):
                return False
            pairs, everything = _since(mark)
            attempts += 1
            if everything and attempts < 3:
                continue  # everybody's alerts changed meanwhile: again, without the lock
            if everything:  # a third time: under the lock, which the others then wait for
                values, pairs = _sorted_values(on, window), set()  # all of them, just now
            _write(state, on, window, values, pairs)
        return True


def _brought_forward(on: dt.date, days: int) -> bool | None:
    """The table of an earlier day brought to `on` in one write transaction: only the persons
    with an item due on the days between (and those alerts.changed_by_the_days names)
    computed again (an item due each day is stored as due on EACH_DAY, whatever the day:
    nothing to move), and the day set: a fraction of a second where
    the whole register takes seconds. True when brought; False when another counter had
    just done it; None when it cannot be (stale, never built, of a later day, a horizon
    short of `on` + `days`, a change of anybody's alerts on the days between, more than
    FORWARD_AT_MOST persons: a renewal deadline's day)."""
    if _forward_window(_state(), on, days) is None:
        return None  # without taking the write lock
    with write_transaction():
        state = _state()
        if _fresh(state, on, days):
            return False
        window = _forward_window(state, on, days)
        if window is None:
            return None
        since = _as_date(state.day)
        dated = alerts.changed_by_the_days(since, on)
        if dated is None:
            return None
        persons = dated | {p for (p,) in AlertDue.select(AlertDue.person_id).where(
            (AlertDue.due_date >= since) & (AlertDue.due_date < on)).distinct().tuples()}
        if None in persons or len(persons) > FORWARD_AT_MOST:
            return None
        _replace(persons, on, window)
        AlertDueState.update(day=on, window=window, built_at=utcnow()).where(
            AlertDueState.id == state.id).execute()
        return True


def _forward_window(state, on: dt.date, days: int) -> int | None:
    """The window a table of an earlier day keeps when brought to `on` (its horizon stays),
    or None when it cannot be brought there (stale, never built, of that day or later, a
    horizon short of `on` + `days`)."""
    if state is None or state.stale or state.day is None or not _as_date(state.day) < on:
        return None
    window = (_as_date(state.day) + dt.timedelta(days=state.window) - on).days
    return window if window >= max(days, WINDOW) else None


def _write(state, on: dt.date, window: int, values: list[tuple], pairs: set) -> None:
    """The rebuilt table, in the rebuild's write transaction: `pairs`, the records audited
    since its alerts were computed, stored again."""
    _insert_whole(on, window, values)
    if pairs:
        _replace(_persons(pairs, on), on, window)
    # what this thread audited before (committed, or in an enclosing transaction) is
    # in the rows just written: nothing left to mark stale or store again at the commit
    _forget()
    if state is None:
        AlertDueState.create(day=on, window=window, stale=False, built_at=utcnow())
    else:
        AlertDueState.update(day=on, window=window, stale=False, built_at=utcnow()).where(
            AlertDueState.id == state.id).execute()


def _insert_whole(on: dt.date, window: int, computed: tuple[list[tuple], tuple]) -> None:
    """The table made the whole register's rows: those made in Python (`_sorted_values`)
    and the vehicles' (`_insert_vehicle_items`, in SQL); in the rebuild's write
    transaction, so readers keep the previous table until it commits (a rollback keeps it
    too).

    On SQLite the table is emptied and its indexes dropped and made again around the rows:
    one sort each instead of a couple of hundred thousand insertions at scattered places
    (half the time). Not on PostgreSQL, where dropping an index locks the table's readers
    out until the commit: there the rows go to a temporary table (no index, no log) and
    only the difference is written (`_write_changes`)."""
    values, rules = computed
    if connection.is_postgres():
        _write_changes(on, window, values, rules)
        return
    AlertDue.delete().execute()
    AlertDue._schema.drop_indexes(safe=True)
    insert_values(AlertDue, COLUMNS, values)
    _insert_vehicle_items(on, window, rules)
    AlertDue._schema.create_indexes(safe=True)  # as the schema step made them


def _write_changes(on: dt.date, window: int, values: list[tuple], rules: tuple) -> None:
    """PostgreSQL: the table made equal to the rows computed by deleting the rows no longer
    computed and inserting those not yet stored. The server's cost was the writing of
    every row into the table and its four indexes (two seconds at 100,000 holders), most
    of them the same again (a stale mark after an import, a campaign, a restored copy
    changes some persons' items); each side looked up in the other by one hashed anti-join.
    Rows stored twice (which a computation never gives: checked by the count) would be
    left as they were: the table is then written whole."""
    database = DB.obj
    columns = ", ".join(COLUMNS)
    # hash joins, in memory (a few tens of megabytes): the planner, without figures for
    # the temporary tables and misled by the rules' join, chose nested loops over
    # 100,000 rows (100,000 index lookups twice; each anti-join quadratic); for this
    # transaction only, set back below
    database.execute_sql("SET LOCAL work_mem = '64MB'")
    database.execute_sql("SET LOCAL enable_nestloop = off")
    database.execute_sql(f"CREATE TEMP TABLE due_new AS SELECT {columns} FROM alert_due "
                         "WITH NO DATA")
    insert_table_values("due_new", COLUMNS, values)
    _insert_vehicle_items(on, window, rules, into="due_new")
    same = " AND ".join(f"a.{c} = g.{c}" if AlertDue._meta.fields[c].null is False else
                        f"a.{c} IS NOT DISTINCT FROM g.{c}" for c in COLUMNS)
    database.execute_sql(
        f"DELETE FROM alert_due a WHERE NOT EXISTS (SELECT 1 FROM due_new g WHERE {same})")
    database.execute_sql(
        f"INSERT INTO alert_due ({columns}) SELECT {columns} FROM due_new g "
        f"WHERE NOT EXISTS (SELECT 1 FROM alert_due a WHERE {same})")
    stored = database.execute_sql("SELECT count(*) FROM alert_due").fetchone()[0]
    if stored != database.execute_sql("SELECT count(*) FROM due_new").fetchone()[0]:
        AlertDue.delete().execute()
        database.execute_sql(f"INSERT INTO alert_due ({columns}) SELECT {columns} FROM due_new")
    database.execute_sql("DROP TABLE due_new")
    database.execute_sql("SET LOCAL enable_nestloop TO DEFAULT")
    database.execute_sql("SET LOCAL work_mem TO DEFAULT")


def _without_jit() -> None:
    """PostgreSQL: no JIT compilation for the rest of this transaction (a whole rebuild's).
    The planner's estimates for its statements over the whole register pass JIT's
    thresholds (PostgreSQL's defaults), and LLVM then compiled each of them, with
    optimisation, in the server and again in each parallel worker: 470 ms of compiling
    for the permits' read at 100,000 holders, a statement that runs in 290 ms
    (benchmarks/RESULTS-postgresql.md). SET LOCAL: the session's own setting is back at
    the commit or the rollback."""
    if connection.is_postgres():
        DB.obj.execute_sql("SET LOCAL jit = off")


NO_INSPECTION = dt.date.min  # in the join of the last inspections' days: none of that kind


def _vehicle_rules(on: dt.date, window: int) -> tuple:
    """The keys the items of the vehicles depend on, each with its rules worked out
    (alerts.vehicle_rules_by_key): the registration days and manufacture years of the
    vehicles, and the pairs of last approved annual and semiannual inspection days; as
    read (text on SQLite), so that the SQL join finds them. Read in the computation's
    snapshot: a key that appears later is an audited change, whose persons the rebuild
    stores again."""
    read = alerts._as_date
    registrations = DB.obj.execute_sql(
        f"SELECT DISTINCT {_registration_day('v')}, v.manufacture_year FROM vehicle v"
    ).fetchall()
    pairs = DB.obj.execute_sql(
        f"SELECT DISTINCT annual, semiannual FROM "
        f"({_LAST_INSPECTIONS.format(mark=DB.obj.param)}) AS last",
        _INSPECTION_KINDS).fetchall()
    if (None, None) not in pairs:
        pairs.append((None, None))  # never inspected
    rules, inspections = alerts.vehicle_rules_by_key(
        on=on, days=window, registrations=[(read(d), y) for d, y in registrations],
        pairs=[(read(a), read(s)) for a, s in pairs])
    text_dates = not connection.is_postgres()
    each_day = set(alerts.due_each_day())

    def written(day):
        return day.isoformat() if text_dates and day is not None else day
    rule_rows = [(d, y, written(r[0]), r[1], r[2], written(r[3]), r[4], r[5], r[6])
                 for (d, y), r in zip(registrations, rules)]
    none = written(NO_INSPECTION)
    inspection_rows = [
        (none if a is None else a, none if s is None else s, kind,
         written(EACH_DAY if (kind, label) in each_day else due), label, article)
        for (a, s), items in zip(pairs, inspections) for kind, due, label, article in items]
    return rule_rows, inspection_rows


_INSPECTION_KINDS = ("annual", "semiannual")
# each vehicle's last approved annual and semiannual inspection (as alerts._due reads them)
_LAST_INSPECTIONS = (
    "SELECT vehicle_id, MAX(CASE WHEN kind = 'annual' THEN inspected_on END) AS annual, "
    "MAX(CASE WHEN kind = 'semiannual' THEN inspected_on END) AS semiannual "
    "FROM inspection WHERE approved AND kind IN ({mark}, {mark}) GROUP BY vehicle_id")


def _registration_day(vehicle: str) -> str:
    """A vehicle's registration day, as alerts._due keys it (the day of created_at)."""
    if connection.is_postgres():
        return f"CAST({vehicle}.created_at AS date)"
    return f"substr({vehicle}.created_at, 1, 10)"


def _insert_vehicle_items(on: dt.date, window: int, rules: tuple,
                          into: str = "alert_due") -> None:
    """The items of the whole register's vehicles (alerts.VEHICLE_KINDS), written by one
    INSERT ... SELECT: each vehicle with the first permit it serves that has not ended (by
    order number, as alerts._due lists them), joined with the rules worked out per key in
    the snapshot (`_vehicle_rules`, held in two temporary tables for the statement). What
    the SQL restates of alerts._due is the join and the comparison with the horizon; the
    permit's number is written as permit_rules.format_order_number writes it."""
    rule_rows, inspection_rows = rules
    database = DB.obj
    postgres = connection.is_postgres(database)
    date, text, integer = ("date", "text", "integer") if postgres else ("", "", "")
    database.execute_sql(
        f"CREATE TEMP TABLE due_vehicle_rules (registered {date}, year {integer}, "
        f"age_limit {date}, age_label {text}, age_article {text}, declaration_due {date}, "
        f"declaration_label {text}, declaration_article {text}, insurance_article {text})")
    database.execute_sql(
        f"CREATE TEMP TABLE due_inspections (annual {date}, semiannual {date}, kind {text}, "
        f"due {date}, label {text}, article {text})")
    insert_table_values("due_vehicle_rules", [
        "registered", "year", "age_limit", "age_label", "age_article", "declaration_due",
        "declaration_label", "declaration_article", "insurance_article"], rule_rows)
    insert_table_values("due_inspections", ["annual", "semiannual", "kind", "due", "label",
                                            "article"], inspection_rows)
    # the vehicles look their keys up (a few thousand rows each): not the other way round
    database.execute_sql("CREATE INDEX due_vehicle_rules_key ON due_vehicle_rules "
                         "(registered, year)")
    database.execute_sql("CREATE INDEX due_inspections_key ON due_inspections "
                         "(annual, semiannual)")
    if postgres:  # the planner's figures (a temporary table has none): hash joins
        database.execute_sql("ANALYZE due_vehicle_rules")
        database.execute_sql("ANALYZE due_inspections")
    horizon = on + dt.timedelta(days=window)
    horizon = horizon if postgres else horizon.isoformat()
    none = NO_INSPECTION if postgres else NO_INSPECTION.isoformat()
    expiry = "s.insurance_expiry" if postgres else "substr(s.insurance_expiry, 1, 10)"
    order_text = _order_text("s.order_number", setup.profiles_by_date()(on))
    mark = database.param

    def select(kind, due, label, article):
        return (f"SELECT s.holder_id, {kind}, {due}, COALESCE(s.name_folded, ''), "
                f"'vehicle', s.vehicle_id, s.permit_id, s.order_number, {order_text}, "
                f"s.plate_original, COALESCE(s.name, ''), {label}, {article}")
    sql = (
        f"WITH firsts AS (SELECT vehicle_id, MIN(order_number) AS first_number FROM permit "
        f"WHERE status NOT IN ({', '.join(mark for _ in Permit.ENDED)}) "
        f"AND vehicle_id IS NOT NULL GROUP BY vehicle_id), "
        f"served AS (SELECT p.id AS permit_id, p.order_number, p.holder_id, h.name, "
        f"h.name_folded, v.id AS vehicle_id, v.plate_original, v.insurance_expiry, "
        f"v.replacement_declared_on, r.* FROM firsts f "
        f"JOIN permit p ON p.order_number = f.first_number "
        f"JOIN person h ON h.id = p.holder_id JOIN vehicle v ON v.id = f.vehicle_id "
        f"JOIN due_vehicle_rules r ON r.registered = {_registration_day('v')} "
        f"AND r.year = v.manufacture_year), "
        f"last AS ({_LAST_INSPECTIONS.format(mark=mark)}), "
        f"inspected AS (SELECT s.*, COALESCE(l.annual, {mark}) AS last_annual, "
        f"COALESCE(l.semiannual, {mark}) AS last_semiannual "
        f"FROM served s LEFT JOIN last l ON l.vehicle_id = s.vehicle_id) "
        f"INSERT INTO {into} ({', '.join(COLUMNS)}) "
        f"{select('m.kind', 'm.due', 'm.label', 'm.article')} "
        f"FROM inspected s JOIN due_inspections m "
        f"ON m.annual = s.last_annual AND m.semiannual = s.last_semiannual "
        f"UNION ALL {select(mark, expiry, mark, 's.insurance_article')} "
        f"FROM served s WHERE s.insurance_expiry IS NOT NULL AND {expiry} <= {mark} "
        f"UNION ALL {select(mark, 's.age_limit', 's.age_label', 's.age_article')} "
        f"FROM served s WHERE s.age_label IS NOT NULL AND s.age_limit <= {mark} "
        f"UNION ALL "
        f"{select(mark, 's.declaration_due', 's.declaration_label', 's.declaration_article')} "
        f"FROM served s "
        f"WHERE s.declaration_due IS NOT NULL AND s.replacement_declared_on IS NULL")
    database.execute_sql(sql, [*Permit.ENDED, *_INSPECTION_KINDS, none, none,
                               "insurance", alerts._label("insurance"), horizon,
                               "vehicle_age", horizon, "replacement_declaration"])
    # dropped with the statement done (a rollback takes them away as it took the rows)
    database.execute_sql("DROP TABLE due_vehicle_rules")
    database.execute_sql("DROP TABLE due_inspections")


def _order_text(column: str, profile) -> str:
    """permit_rules.format_order_number in SQL (the profile's digits; "" for no number, as
    alerts' Collector.about writes it)."""
    digits = int(profile.permit.order_number_digits or 0)
    as_text = f"CAST({column} AS {'text' if connection.is_postgres() else 'TEXT'})"
    if digits:
        padded = (f"lpad({as_text}, {digits}, '0')" if connection.is_postgres() else
                  f"printf('%0{digits}d', {column})")
        as_text = f"CASE WHEN length({as_text}) >= {digits} THEN {as_text} ELSE {padded} END"
    return f"CASE WHEN {column} IS NULL OR {column} = 0 THEN '' ELSE {as_text} END"


def _state():
    return AlertDueState.select().order_by(AlertDueState.id).first()


def _sorted_values(on: dt.date, window: int) -> tuple[list[tuple], tuple]:
    """The whole register's rows but the vehicles' (alerts.VEHICLE_KINDS), and the rules
    of those worked out per key (`_vehicle_rules`: `_insert_vehicle_items` writes them in
    SQL). The rows in person order (indexes by person, permit and entity then grow at
    their end); within a person and permit, in alerts.due()'s order. One sort, by
    (person, permit, due date, kind, folded name, entity id): what sorting due()'s list
    (alerts._sort_key: the same order as those four) by person and permit gave, as the
    sorts are stable. The collector makes a couple of hundred thousand dicts that hold no
    cycles: the cyclic collector, which walked them all again and again while they were
    made (a tenth of the time), waits until the rows are made (where it runs at all: the
    window's runs on its own timer, gui/gc_collector.py)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        items, folded = alerts.collected(on=on, days=window, vehicles=False)
        names = [folded.get(item["person_id"], "") for item in items]
        keys = [(item["person_id"] or 0, item["permit_id"] or 0, item["due_date"],
                 item["kind"], name, item["entity_id"]) for item, name in zip(items, names)]
        rows = _values(zip(items, names))
        return ([rows[i] for i in sorted(range(len(rows)), key=keys.__getitem__)],
                _vehicle_rules(on, window))
    finally:
        if was_enabled:
            gc.enable()


def _since(mark: int) -> tuple[set, bool]:
    """The records audited after entry `mark`: ({(entity, id)}, whether one of them changes
    everybody's alerts or there are too many to store person by person, or one's persons
    are not bounded by it: alert_sources.UNBOUNDED, a holiday's; or it is a profile
    version, whatever its day: alert_sources.FROM_THEIR_DAY)."""
    rows = list(AuditLog.select(AuditLog.action, AuditLog.entity, AuditLog.entity_id)
                .where(AuditLog.id > mark).order_by(AuditLog.id)
                .limit(10 * MAX_PERSONS + 1).tuples())
    if len(rows) > 10 * MAX_PERSONS:
        return set(), True
    pairs: set = set()
    for found in (classify(*row) for row in rows):
        if found == STALE or (found is not None and found[0] in UNBOUNDED | FROM_THEIR_DAY):
            return set(), True
        if found is not None:
            pairs.add(found)
    return pairs, len(pairs) > MAX_PERSONS


def _order():
    if connection.is_postgres():  # Python's order (code points), not the server's locale
        return [AlertDue.due_date, pw.SQL('"kind" COLLATE "C"'),
                pw.SQL('"sort_name" COLLATE "C"'), AlertDue.entity_id]
    return [AlertDue.due_date, AlertDue.kind, AlertDue.sort_name, AlertDue.entity_id]


EARLIER_AT_MOST = 7  # days: an older table (a long holiday) is not shown while the new builds


def _meanwhile(state, on: dt.date, days: int) -> bool:
    """A table page() may show, saying so, while the one of `on` is built: of an earlier day
    of the last EARLIER_AT_MOST (what every counter finds in the morning), or of the day
    but stale (after a change of everybody's alerts: a profile, a campaign, an import);
    wide enough for `days`. Stale rows are read as they were: a change of their format
    (a schema step) must leave the table of no day, never only stale."""
    if state is None or state.day is None or state.window < days:
        return False
    day = _as_date(state.day)
    return on - dt.timedelta(days=EARLIER_AT_MOST) <= day <= on and (state.stale or day < on)


def readiness(on: dt.date, days: int = WINDOW) -> str | None:
    """"fresh" (the table is of `on`), "earlier" (of one of the last EARLIER_AT_MOST days,
    else sound), "stale" (of the day or one of those, made stale since: both page() can
    read with earlier_ok while the day's is built) or None (anything else: never built,
    older, narrower than `days`: page() builds it first)."""
    state = _state()
    if _fresh(state, on, days):
        return "fresh"
    if not _meanwhile(state, on, days):
        return None
    return "stale" if state.stale else "earlier"


def _read(on: dt.date, days: int, limit: int, kinds: tuple[str, ...] = (),
          earlier_ok: bool = False) -> dict | None:
    state = _state()
    fresh = _fresh(state, on, days)
    if not fresh:
        if not (earlier_ok and _meanwhile(state, on, days)):
            return None
        # counted on that day (the records of a table not stale are kept current: today's
        # actions are in it): counted from today, an item due "now" (an inspection never
        # made) would read as overdue since that day
        on = _as_date(state.day)
    horizon = on + dt.timedelta(days=days)
    within = AlertDue.due_date <= horizon
    if kinds:
        within &= AlertDue.kind.in_(kinds)
    before = (AlertDue.due_date > EACH_DAY) & (AlertDue.due_date < on)
    total, overdue = AlertDue.select(
        pw.fn.COUNT(AlertDue.id),
        pw.fn.SUM(pw.Case(None, [(before, 1)], 0))).where(within).tuples()[0]
    # in the order of alerts.due(): the overdue, then the day's own (stored as due on it or
    # on EACH_DAY: together, by kind, name and record), then the later; each by its index
    order = _order()
    rows = list(AlertDue.select().where(within & before).order_by(*order).limit(limit))
    for part, by in (((AlertDue.due_date == EACH_DAY) | (AlertDue.due_date == on), order[1:]),
                     (AlertDue.due_date > on, order)):
        if len(rows) < limit:
            rows.extend(AlertDue.select().where(within & part).order_by(*by).limit(
                limit - len(rows)))
    return {"items": [_item(row, on) for row in rows], "total": total or 0,
            "overdue": int(overdue or 0), "as_of": None if fresh else _as_date(state.day),
            "stale": bool(state.stale)}  # never when fresh


def page(on: dt.date, days: int, limit: int, kinds: tuple[str, ...] = (), *,
         earlier_ok: bool = False) -> dict:
    """{"items": the `limit` most urgent items of alerts.due(on=on, days=days) (of the
    `kinds` given, else all), in its order; "total", "overdue": how many there are, and
    overdue; "as_of": None; "stale": False}. Read from the table when it is fresh for `on`
    and `days`; else the table is rebuilt first (the day's first Painel, or the first after
    a change of everybody's alerts).

    earlier_ok: a table page() would rebuild, of one of the days before (the morning's,
    until today's is built: seconds of work on a large register; its records current, as
    flush() keeps them) or made stale by a change of everybody's alerts (its items as they
    were before it, and without the actions committed since, which flush() no longer
    stores: "stale" True), is read at once, counted on its day (its window, overdue and
    days left), with "as_of": that day."""
    days = alerts._days(days)
    for _ in range(3):
        found = _snapshot(lambda: _read(on, days, limit, kinds, earlier_ok))
        if found is not None:
            return found
        rebuild(on, days)
    raise RuntimeError("the due-dates table could not be brought to the day")


def _snapshot(read):
    """`read()` seeing one state of the database: inside one read transaction (SQLite's WAL
    keeps its snapshot; PostgreSQL's REPEATABLE READ), so a rebuild committed between the
    state row and the items is never half seen."""
    database = DB.obj
    if database.in_transaction():
        return read()
    with database.atomic():
        if connection.is_postgres(database):
            database.execute_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        return read()


def if_fresh(on: dt.date, days: int) -> list[dict] | None:
    """alerts.due(on=on, days=days) read from the table when it is fresh for them (the
    Painel has built it today), else None: for a reader that must not write (the command
    line's `alerts`), which then computes them itself."""
    found = _snapshot(lambda: _read(on, alerts._days(days), 10**9))
    return None if found is None else found["items"]


def stored(on: dt.date, days: int) -> list[dict]:
    """Every stored item within `days` of `on`, in the table's order (for tests and checks);
    [] when the table is not fresh for them."""
    return if_fresh(on, days) or []


def _item(row: AlertDue, on: dt.date) -> dict:
    """A stored item as alerts.due() gives it (read for the day `on`)."""
    due = _as_date(row.due_date)
    due = on if due == EACH_DAY else due
    days_left = (due - on).days
    return {"kind": row.kind, "label": row.label, "due_date": due, "days_left": days_left,
            "urgency": "overdue" if days_left < 0 else "soon", "person_id": row.person_id,
            "person_name": row.person_name, "permit_id": row.permit_id,
            "permit_order_number": row.order_number, "permit_order_text": row.order_text,
            "plate": row.plate, "entity": row.entity, "entity_id": row.entity_id,
            "article": row.article}


def _as_date(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if isinstance(value, dt.datetime):
        return value.date()
    return dt.date.fromisoformat(str(value)[:10])


listen()

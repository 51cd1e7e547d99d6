"""The person's full record (prontuário, PF Art. 14): who they are, their CNH, permits,
vehicles, auxiliary credentials, applications, inspections, fees, waiting list, bars, what
is due, and the history from the audit log. Viewing it is recorded (LGPD)."""
from __future__ import annotations

import datetime as dt
import json
from contextlib import AbstractContextManager

import peewee as pw

from ...domain import validators
from ...store.connection import write_transaction
from ...store.reading import one_reading
from ...store.models import (Application, AuditLog, AuxiliaryDriver, Fee, Inspection, Permit,
                             PersonBar, Stand, User, Vehicle, WaitingListEntry)
from . import alerts
from ..licensing import applications, auxiliary, bars, permit_history, permits, waiting_list
from .. import audit, permissions, setup
from ..payments import fees
from ..register import inspections, persons, vehicles
from ..context import Actor
from ...domain import wallclock

HISTORY_LIMIT = 200
ALERT_DAYS = 60


def _fees(person_id: int) -> list[dict]:
    """The person's fees, the law's fiscal unit read once (not once per fee)."""
    rows = list(Fee.select().where(Fee.person == person_id).order_by(Fee.id.desc()))
    unit = setup.profile_today().fiscal_unit if rows else ""
    return [fees.as_dict(f, unit=unit) for f in rows]


def person_record(actor: Actor, person_id, *, on: dt.date | None = None) -> dict:
    permissions.require(actor, "person.view")
    with one_reading():  # the profile, the calendar, the debts: read once for the whole record
        return _person_record(actor, person_id, on=on)


def opening() -> AbstractContextManager[None]:
    """One reading for a prontuário being opened: the record, its buttons and next steps
    (store/reading.py) ask the profile, the calendar and the debts once between them."""
    return one_reading()


def prontuario(actor: Actor, person_id, *, on: dt.date | None = None) -> dict:
    """What the prontuário screen shows on opening a person (gui/pages/person.py), in one
    reading: {"record": person_record, "available": counter.actions with the guia's state
    under "guia", "steps": next_steps.for_person}. Viewing it is recorded (LGPD)."""
    permissions.require(actor, "person.view")
    return _prontuario(actor, person_id, on=on or wallclock.today(), audited=True)


def warm_up() -> int | None:
    """While the password is typed (gui/app.py), on the connection the window will read
    with: the first holder's prontuário read as the screen reads it, and thrown away. The
    day's first prontuário then costs what the later ones cost: on PostgreSQL a new
    session's first statements load the server's caches of each table and index they
    touch, and the process makes its first compositions (42 -> 26 ms at 3,000 holders,
    benchmarks/counters.py). Writes nothing: nobody looked at the record, so there is no
    LGPD entry. The person read (None for a register with no permit yet)."""
    from ..context import SYSTEM
    holder = Permit.select(Permit.holder).order_by(Permit.id).limit(1).scalar()
    if holder is None:
        return None
    _prontuario(SYSTEM, holder, on=wallclock.today(), audited=False)
    return holder


def _prontuario(actor: Actor, person_id, *, on: dt.date, audited: bool) -> dict:
    from ..payments import guias
    from . import counter, next_steps
    with opening():
        record = _person_record(actor, person_id, on=on, audited=audited)
        available = counter.actions(actor, person_id, on=on)
        available["guia"] = guias.action_state(actor, person_id)
        steps = next_steps.for_person(actor, person_id, on=on, due=record["due"],
                                      available=available)
    return {"record": record, "available": available, "steps": steps}


def _person_record(actor: Actor, person_id, *, on: dt.date | None,
                   audited: bool = True) -> dict:
    on = on or wallclock.today()
    person = persons.get_person(person_id)
    cnh = persons.current_cnh(person.id)
    # each permit with its vehicle and stand in one query (permits.as_dict reads them)
    held = list(Permit.select(Permit, Vehicle, Stand)
                .join(Vehicle, pw.JOIN.LEFT_OUTER, on=(Permit.vehicle == Vehicle.id))
                .switch(Permit).join(Stand, pw.JOIN.LEFT_OUTER, on=(Permit.stand == Stand.id))
                .where(Permit.holder == person.id).order_by(Permit.issued_on))
    for permit in held:
        permit.holder = person  # the person just read
    permit_ids = [p.id for p in held]
    owned = list(Vehicle.select().where(Vehicle.owner == person.id).order_by(Vehicle.id))
    vehicle_ids = [v.id for v in owned]
    record = {
        "person": persons.as_dict(person),
        "cnh": None if cnh is None else {**audit.snapshot(cnh),
                                          "expired": cnh.expiry_date < on},
        "permits": [{**permits.as_dict(p), "history": permit_history.history(p.id),
                     "auxiliaries": auxiliary.active_for_permit(p.id, on=on)} for p in held],
        "auxiliary_credentials": [auxiliary.as_dict(a, on=on) for a in AuxiliaryDriver.select()
                                  .where(AuxiliaryDriver.person == person.id)],
        "vehicles": [{**vehicles.as_dict(v, on=on),
                      "inspection": inspections.vehicle_inspection_status(v.id, on=on)}
                     for v in owned],
        "applications": applications.list_applications(person_id=person.id),
        "inspections": [inspections.as_dict(i) for i in Inspection.select().where(
            Inspection.vehicle.in_(vehicle_ids)).order_by(Inspection.inspected_on.desc())]
        if vehicle_ids else [],
        "fees": _fees(person.id),
        "waiting_list": [waiting_list.as_dict(e) for e in WaitingListEntry.select().where(
            WaitingListEntry.person == person.id)],
        "bars": [audit.snapshot(b) for b in PersonBar.select().where(
            PersonBar.person == person.id)],
        "bars_in_force": bars.in_force(person.id, on),
        "due": alerts.for_person(person.id, on=on, days=ALERT_DAYS),
        "history": _history(person.id, permit_ids, vehicle_ids),
    }
    debts = fees.open_debts(person.id)  # open fees and open fines / impound charges
    record["open_fees_cents"] = sum(d["amount_cents"] for d in debts if d["source"] == "fee")
    record["open_penalties_cents"] = sum(d["amount_cents"] for d in debts
                                         if d["source"] == "penalty")
    record["open_amount_cents"] = record["open_fees_cents"] + record["open_penalties_cents"]
    if not permissions.can(actor, "person.view_cpf"):  # LGPD: only the part the card shows
        _mask_cpfs(record, person.cpf)
    if audited:
        with write_transaction():  # LGPD: who looked at whose full record, and when
            audit.record(actor, "person.view", "person", person.id)
    return record


def _mask_cpfs(value, cpf: str):
    """Replace the person's CPF (bare or formatted) by the card's masked form, everywhere."""
    masked = validators.mask_cpf(cpf)
    if isinstance(value, dict):
        for key, item in value.items():
            value[key] = _mask_cpfs(item, cpf)
    elif isinstance(value, list):
        value[:] = [_mask_cpfs(item, cpf) for item in value]
    elif isinstance(value, str):
        return value.replace(validators.format_cpf(cpf), masked).replace(cpf, masked)
    return value


def history(person_id, *, limit: int = HISTORY_LIMIT, before_id: int | None = None
            ) -> list[dict]:
    """A page of the person's history (see _history): the `limit` newest entries, or those
    older than the entry `before_id` (the next page); each with its audit id."""
    person = persons.get_person(person_id)
    permit_ids = [p for (p,) in Permit.select(Permit.id).where(Permit.holder == person.id)
                  .tuples()]
    vehicle_ids = [v for (v,) in Vehicle.select(Vehicle.id).where(Vehicle.owner == person.id)
                   .tuples()]
    return _history(person.id, permit_ids, vehicle_ids, limit=limit, before_id=before_id)


def person_history(actor: Actor, person_id, *, limit: int = HISTORY_LIMIT,
                   before_id: int | None = None) -> list[dict]:
    """The prontuário's Histórico (see history) for `actor`: checks person.view and records
    the view (LGPD: the entries' before/after are the person's data), CPFs masked for a role
    that sees them masked, as person_record does; each entry with who made it ("login")
    (`person history CPF`)."""
    permissions.require(actor, "person.view")
    person = persons.get_person(person_id)
    entries = history(person.id, limit=limit, before_id=before_id)
    users = {e["user_id"] for e in entries if e["user_id"]}
    logins = dict(User.select(User.id, User.login).where(User.id.in_(users)).tuples()) \
        if users else {}
    for entry in entries:
        entry["login"] = audit.who(entry["user_id"], entry["action"], logins)
    if not permissions.can(actor, "person.view_cpf"):
        _mask_cpfs(entries, person.cpf)
    with write_transaction():
        audit.record(actor, "person.view", "person", person.id)
    return entries


def _history(person_id: int, permit_ids: list[int], vehicle_ids: list[int], *,
             limit: int = HISTORY_LIMIT, before_id: int | None = None) -> list[dict]:
    """Audit entries about the person, their permits, vehicles and applications, newest first:
    one indexed range per entity (the index on audit_log(entity, entity_id, id)), each
    reading at most `limit` rows, merged here: the cost is the page's, not the log's."""
    app_ids = [a for (a,) in Application.select(Application.id).where(
        Application.person == person_id).tuples()]
    wanted = [("person", [person_id]), ("permit", permit_ids), ("vehicle", vehicle_ids),
              ("application", app_ids)]
    found = []
    for entity, ids in wanted:
        if not ids:
            continue
        only = (AuditLog.entity == entity) & AuditLog.entity_id.in_([str(i) for i in ids])
        if before_id is not None:
            only &= AuditLog.id < before_id
        found.extend(AuditLog.select().where(only & (AuditLog.action != "person.view"))
                     .order_by(AuditLog.id.desc()).limit(limit))
    found.sort(key=lambda r: r.id, reverse=True)
    return [{"id": r.id, "at": wallclock.local(r.at), "user_id": r.user_id, "action": r.action,
             "entity": r.entity, "entity_id": r.entity_id,
             "before": json.loads(r.before) if r.before else None,
             "after": json.loads(r.after) if r.after else None} for r in found[:limit]]

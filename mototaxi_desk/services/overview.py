"""Figures for the Painel and the status bar: what this database holds and what is due."""
from __future__ import annotations

import datetime as dt

import peewee as pw

from ..store import connection
from ..store.models import DB, Permit, Person, Stand, Vehicle, WaitingListEntry
from . import alerts, permits, setup, stands


def overview() -> dict:
    summary = setup.summary()
    by_status = dict(Permit.select(Permit.status, pw.fn.COUNT(Permit.id))
                     .group_by(Permit.status).tuples())
    return {**summary,
            "database": connection.describe(_url()),
            "persons": Person.select().count(),
            "permits_active": by_status.get("active", 0),
            "permits_in_force": sum(by_status.get(s, 0) for s in permits.IN_FORCE),
            "permits_total": sum(by_status.values()),
            "permits_by_status": {s: by_status.get(s, 0) for s in Permit.STATUSES},
            "vehicles": Vehicle.select().count(),
            "stands": Stand.select().count(),
            "waiting": WaitingListEntry.select().where(
                WaitingListEntry.status == "waiting").count()}


def dashboard(on: dt.date | None = None, days: int = 30) -> dict:
    """The Painel: the overview, the stands that need attention, and the alerts by urgency."""
    on = on or dt.date.today()
    listed = stands.list_stands(on=on)
    return {**overview(),
            "stands_free": [s for s in listed if s["free"] > 0],
            "stands_below_minimum": [s for s in listed if s["below_minimum"]],
            "alerts": alerts.due(on=on, days=days)}


def _url() -> str:
    db = DB.obj
    if connection.is_postgres(db):
        params = db.connect_params
        return f"postgresql://{params.get('user', '')}@{params.get('host')}:" \
               f"{params.get('port')}/{db.database}"
    return db.database

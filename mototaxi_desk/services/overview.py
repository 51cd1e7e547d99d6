"""Figures for the first screen: what this database holds."""
from __future__ import annotations

from ..store import connection
from ..store.models import DB, Permit, Person, Stand, Vehicle, WaitingListEntry
from . import setup


def overview() -> dict:
    summary = setup.summary()
    active = Permit.select().where(Permit.status == "active").count()
    return {**summary,
            "database": connection.describe(_url()),
            "persons": Person.select().count(),
            "permits_active": active,
            "permits_total": Permit.select().count(),
            "vehicles": Vehicle.select().count(),
            "stands": Stand.select().count(),
            "waiting": WaitingListEntry.select().where(
                WaitingListEntry.status == "waiting").count()}


def _url() -> str:
    db = DB.obj
    if connection.is_postgres(db):
        params = db.connect_params
        return f"postgresql://{params.get('user', '')}@{params.get('host')}:" \
               f"{params.get('port')}/{db.database}"
    return db.database

"""The clock's journal step (issue 34): a register made before it gets the clock_journal
table; its daily steps from before keep no journal and are not undone (a copy from before
them can be restored), the next ones are. On SQLite and PostgreSQL."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.services import clock
from mototaxi_desk.services.trust import clock_trust
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import ClockJournal, ClockTick

from .schema_steps import before_step, step_named

STEP = step_named("_step_clock_journal")
TODAY = dt.date.today()
ADMIN = Actor(None, "admin.teste", "admin")


def test_a_register_made_before_the_step_gets_the_journal(municipio, db_url, tmp_path):
    clock.tick(on=TODAY)
    close_database()
    before_step(db_url, STEP, 'DROP TABLE "clock_journal"')
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST >= STEP
    assert database.table_exists("clock_journal") and ClockJournal.select().count() == 0
    ClockTick.create(day=TODAY + dt.timedelta(days=3), changes="[]")  # as v20 made it
    with pytest.raises(DomainError, match="versão anterior do programa"):
        clock_trust.undo(ADMIN, TODAY)
    ClockTick.delete().where(ClockTick.day > TODAY).execute()
    assert clock.tick(on=TODAY + dt.timedelta(days=1))["ran"]
    assert ClockJournal.select().count() >= 1  # the ClockTick row itself, at least
    assert clock_trust.undo(ADMIN, TODAY)["undone"] == [TODAY + dt.timedelta(days=1)]

"""The each-day alerts step (issue 23): the due-dates table of a register made before it
(its never-inspected vehicles' items stored as due on the table's day) is marked stale, and
the next Painel computes it with those items stored as due each day (due_dates.EACH_DAY),
then brings it forward to the next day. On SQLite and PostgreSQL."""
import datetime as dt

from mototaxi_desk.services.views import due_dates, overview
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import AlertDue, AlertDueState

from ..due_check import assert_due_table_current
from .schema_steps import before_step, step_named

STEP = step_named("_step_each_day_alerts")
TODAY = dt.date.today()


def test_a_table_written_before_the_step_is_computed_again(demo_data, db_url, tmp_path):
    assert due_dates.rebuild(TODAY)
    each_day = AlertDue.select().where(AlertDue.due_date == due_dates.EACH_DAY).count()
    assert each_day >= 2  # the demo's never-inspected vehicles
    # as the program before the step wrote them: due on the table's day
    AlertDue.update(due_date=TODAY).where(AlertDue.due_date == due_dates.EACH_DAY).execute()
    close_database()
    before_step(db_url, STEP)
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert AlertDueState.get().stale and due_dates.readiness(TODAY) is None  # never shown

    overview.dashboard(on=TODAY)  # the next Painel computes it
    assert_due_table_current(TODAY, where="after the step")
    assert AlertDue.select().where(AlertDue.due_date == due_dates.EACH_DAY).count() == each_day
    tomorrow = TODAY + dt.timedelta(days=1)
    assert due_dates.rebuild(tomorrow)
    assert_due_table_current(tomorrow, where="brought forward")

"""The due-dates table's schema step (issue 23): a register made before it gets alert_due
and its state row, stale, and keeps its data; the first Painel builds the table from the
register, and from then on the actions keep it current. On SQLite and PostgreSQL."""
import datetime as dt

from mototaxi_desk.services.views import alerts, overview
from mototaxi_desk.services.register import persons
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import AlertDue, AlertDueState, Permit, Person

from ..due_check import assert_due_table_current
from ..factories import CLERK
from .schema_steps import before_step, step_named

STEP = step_named("_step_alert_due")
TODAY = dt.date.today()


def test_a_register_made_before_the_step_gets_the_table_stale(demo_data, db_url, tmp_path):
    people, alerts_before = Person.select().count(), alerts.due(on=TODAY)
    assert alerts_before
    close_database()
    before_step(db_url, STEP, 'DROP TABLE "alert_due"', 'DROP TABLE "alert_due_state"')
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert Person.select().count() == people and alerts.due(on=TODAY) == alerts_before
    (state,) = AlertDueState.select()
    assert state.stale and state.day is None and not AlertDue.select().exists()

    board = overview.dashboard(on=TODAY)  # the first Painel builds it
    assert board["alerts_total"] == len(alerts_before)
    assert board["alerts"] == alerts_before[:overview.ALERT_PAGE]
    assert_due_table_current(TODAY, where="built after the step")
    holder = Permit.select().where(Permit.status == "active").first().holder_id
    persons.update_person(CLERK, holder, {"name": "Zé Depois Da Migração"}, today=TODAY)
    assert_due_table_current(TODAY, where="an action after the step")

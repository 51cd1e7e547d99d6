"""The campaigns schema step (issue 21 item 2): a database made before it gets the campaign
and campaign_attendance tables and keeps its data."""
import sqlite3

from mototaxi_desk.store import migrations
from mototaxi_desk.store.migrations import STEPS, close_database, open_database
from mototaxi_desk.store.models import Campaign, MunicipioSettings

from ..conftest import MUNICIPIOS, SRM
from .schema_steps import set_up_at

STEP = next(n for n, step in STEPS.items() if step.__name__ == "_step_campaigns")


def test_the_steps_that_came_after_it():
    """The campaigns step came just before profile versions; the name tokens' order, the
    due-dates table, the ledger's indexes and the each-day alerts (issue 23) came after both
    and the clock's journal (issue 34), the program versions (issue 35), the e-mail
    deliveries (issue 41) and the waiting list's times in UTC came after both (a landed step
    is never renumbered)."""
    names = [STEPS[n].__name__ for n in sorted(STEPS)]
    assert names[names.index("_step_campaigns"):] == [
        "_step_campaigns", "_step_profile_versions", "_step_name_token_order",
        "_step_alert_due", "_step_ledger_indexes", "_step_each_day_alerts",
        "_step_clock_journal", "_step_seal_index", "_step_station_marks",
        "_step_program_versions", "_step_email", "_step_waiting_times"]


def test_the_step_adds_the_tables_to_a_database_made_before(tmp_path, monkeypatch):
    path = tmp_path / "mototaxi.db"
    set_up_at(path, STEP, monkeypatch)
    close_database()
    raw = sqlite3.connect(str(path))
    raw.execute('DROP TABLE "campaign_attendance"')
    raw.execute('DROP TABLE "campaign"')
    raw.execute(f'UPDATE "schema_version" SET "version" = {STEP - 1}')
    raw.commit()
    raw.close()
    db = open_database(str(path), backup_dir=tmp_path / "backups")
    try:
        assert db.table_exists("campaign") and db.table_exists("campaign_attendance")
        assert Campaign.select().count() == 0
        assert MunicipioSettings.get().name == MUNICIPIOS[SRM][0]
        assert migrations.current_version(db) == STEP
    finally:
        close_database()

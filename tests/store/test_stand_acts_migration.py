"""Schema step 9 on a database from before it (version 0.1.0's, the installer check's real
upgrade): the ponto's new NOT NULL columns make SQLite rebuild the stand table, which the
permits reference — the upgrade must not stop on "FOREIGN KEY constraint failed", and the
references stay whole."""
import peewee as pw

from mototaxi_desk.store import migrations
from mototaxi_desk.store.migrations import close_database, current_version, open_database
from mototaxi_desk.store.models import Permit, Stand

from .schema_steps import before_step, step_named

STEP = step_named("_step_9_stand_acts")
NEW = ("max_act_date", "closed_on", "close_reason", "close_act")


def test_step_9_rebuilds_the_stand_table_under_its_permits(db_url, demo_data, tmp_path,
                                                           monkeypatch):
    with_stand = Permit.select().where(Permit.stand.is_null(False)).count()
    assert with_stand  # the demo's permits hold places at its pontos
    close_database()
    before_step(db_url, STEP, *(f'ALTER TABLE "stand" DROP COLUMN "{c}"' for c in NEW))
    monkeypatch.setattr(migrations, "LATEST", STEP)  # this step only: the later columns exist
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == STEP
    assert set(NEW) <= {c.name for c in database.get_columns(Stand._meta.table_name)}
    assert Permit.select().where(Permit.stand.is_null(False)).count() == with_stand
    if isinstance(database, pw.SqliteDatabase):
        assert database.execute_sql("PRAGMA foreign_keys").fetchone()[0] == 1
        assert database.execute_sql("PRAGMA foreign_key_check").fetchall() == []

"""The station marks step (issue 34 item 4): a database made before it gets the station_mark
table, empty; a station that kept its checkpoint file under the earlier version is not taken
for one whose file was deleted, and is noted at its next action. On SQLite and
PostgreSQL."""
from mototaxi_desk.services.trust import checkpoints, integrity, station_marks
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import AuditLog, StationMark

from ..factories import make_person
from .schema_steps import before_step, step_named

STEP = step_named("_step_station_marks")


def test_a_database_made_before_the_step_gets_the_table(municipio, db_url, tmp_path):
    make_person("Antes da Atualização")  # the station's checkpoint file is written
    saved = checkpoints.read()
    close_database()
    before_step(db_url, STEP, 'DROP TABLE "station_mark"')
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert database.table_exists("station_mark") and StationMark.select().count() == 0
    assert checkpoints.read() == saved
    assert integrity.check(file_check=False) == []

    make_person("Depois da Atualização")
    last = AuditLog.select(AuditLog.id).order_by(AuditLog.id.desc()).scalar()
    assert station_marks.here().audit_id == last == checkpoints.read()["id"]
    assert integrity.check(file_check=False) == []

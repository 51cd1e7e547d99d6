"""Schema step 8 on a database from before it (what version 0.1.0 made, the installer check's
upgrade): print_log without its state column gains the column and its index once — the
indexed field's add_column makes the index, and a second CREATE INDEX would stop the
upgrade ("index print_log_state already exists")."""
from mototaxi_desk.store import migrations
from mototaxi_desk.store.migrations import close_database, current_version, open_database
from mototaxi_desk.store.models import PrintLog

from ..conftest import SRM
from .schema_steps import before_step, step_named

STEP = step_named("_step_8_print_reservations")


def test_step_8_adds_the_state_column_and_its_index_once(db_url, make_municipio, tmp_path,
                                                         monkeypatch):
    make_municipio(SRM)
    close_database()
    before_step(db_url, STEP, 'DROP INDEX "print_log_state"',
                'ALTER TABLE "print_log" DROP COLUMN "state"')
    monkeypatch.setattr(migrations, "LATEST", STEP)  # this step only: the later columns exist
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == STEP
    assert "state" in {c.name for c in database.get_columns(PrintLog._meta.table_name)}
    assert "print_log_state" in {i.name for i in database.get_indexes(PrintLog._meta.table_name)}

"""The proceedings' decision-day index step (issue 23): a register made before it gets the
index on notice_proceeding (decided_on, filed_on), keeps its data, and lists the same
defence and appeal terms (services/open_terms.py reads the appeal terms still running
through it). On SQLite and PostgreSQL."""
import datetime as dt

from mototaxi_desk.services import demo_bulk, ledger
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import DB, NoticeProceeding

from .schema_steps import before_step, step_named

STEP = step_named("_step_proceeding_decisions")
INDEX = "notice_proceeding_decided_on_filed_on"
TODAY = dt.date.today()


def _indexes(database) -> set[str]:
    return {index.name for index in database.get_indexes(NoticeProceeding._meta.table_name)}


def test_a_register_made_before_the_step_gets_the_index(demo_data, db_url, tmp_path):
    with DB.obj.atomic():  # notices decided, voided, paid, the newest within their terms
        demo_bulk.fill_bulk_notices(3000, seed=4, today=TODAY)
    horizon = TODAY + dt.timedelta(days=60)
    terms = ledger.open_deadlines(on=TODAY, horizon=horizon)
    assert terms
    proceedings = NoticeProceeding.select().count()
    close_database()
    before_step(db_url, STEP, f'DROP INDEX "{INDEX}"')
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST and INDEX in _indexes(database)
    assert NoticeProceeding.select().count() == proceedings
    assert ledger.open_deadlines(on=TODAY, horizon=horizon) == terms

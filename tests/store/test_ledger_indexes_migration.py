"""The ledger's indexes step (issue 23): a register made before it gets the indexes on
notice_proceeding (decided_on, filed_on), penalty_charge (kind, status, notice,
amount_cents) and infraction_notice (id, occurred_on), keeps its data, and lists the same
defence and appeal terms and the same fines in the Painel's chart (services/ledger/open_terms.py
and reports.fine_totals read through them). On SQLite and PostgreSQL."""
import datetime as dt

from mototaxi_desk.demo import bulk as demo_bulk
from mototaxi_desk.services import ledger
from mototaxi_desk.services.views import overview
from mototaxi_desk.store.migrations import LATEST, close_database, current_version, open_database
from mototaxi_desk.store.models import DB, InfractionNotice, NoticeProceeding, PenaltyCharge

from .schema_steps import before_step, step_named

STEP = step_named("_step_ledger_indexes")
INDEXES = {NoticeProceeding: "notice_proceeding_decided_on_filed_on",
           PenaltyCharge: "penalty_charge_kind_status_notice_id_amount_cents",
           InfractionNotice: "infraction_notice_id_occurred_on"}
TODAY = dt.date.today()


def _indexes(database, model) -> set[str]:
    return {index.name for index in database.get_indexes(model._meta.table_name)}


def test_a_register_made_before_the_step_gets_the_indexes(demo_data, db_url, tmp_path):
    with DB.obj.atomic():  # notices decided, voided, paid, the newest within their terms
        demo_bulk.fill_bulk_notices(3000, seed=4, today=TODAY)
    horizon = TODAY + dt.timedelta(days=60)
    terms = ledger.open_deadlines(on=TODAY, horizon=horizon)
    charts = overview.charts(on=TODAY)
    assert terms and charts["fines_paid"]["count"] and charts["fines_open"]["count"]
    rows = [model.select().count() for model in INDEXES]
    close_database()
    before_step(db_url, STEP, *[f'DROP INDEX "{name}"' for name in INDEXES.values()])
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    assert current_version(database) == LATEST
    assert all(name in _indexes(database, model) for model, name in INDEXES.items())
    assert [model.select().count() for model in INDEXES] == rows
    assert ledger.open_deadlines(on=TODAY, horizon=horizon) == terms
    assert overview.charts(on=TODAY) == charts

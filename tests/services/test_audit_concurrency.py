"""Several counters appending to the audit chain at once on PostgreSQL: the chain stays
linear (no two entries link to the same previous one) and no action deadlocks."""
import datetime as dt

import pytest

from mototaxi_desk.services import audit
from mototaxi_desk.store.models import AuditLog, Sticker

from ..conftest import BACKENDS
from ..conftest import PG_URL
from .audit_workers import inspect_and_reissue, run_workers
from .licensing_rows import holder_with_vehicle

ON = dt.date(2026, 5, 10)
WORKERS, ROUNDS = 4, 6


@pytest.mark.skipif(not PG_URL, reason="MOTOTAXI_TEST_PG não definido")
@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # skipped without a server
def test_four_counters_append_to_one_linear_chain(db_url, srm):
    vehicles = [holder_with_vehicle(ON, name=f"Permissionária {i}")[1].id
                for i in range(WORKERS)]
    before = AuditLog.select().count()
    outcomes = run_workers(inspect_and_reissue, [(db_url, v, ROUNDS, ON) for v in vehicles])
    assert [o for o in outcomes if o[0] == "error"] == []
    # per round: inspection, sticker issue, sticker void, reissue, inspection.sticker,
    # application, the entry outside a transaction
    assert AuditLog.select().count() == before + WORKERS * ROUNDS * 7
    prev_hashes = [p for (p,) in AuditLog.select(AuditLog.prev_hash).tuples()]
    assert len(prev_hashes) == len(set(prev_hashes)), "two entries link to the same one"
    result = audit.verify()
    assert result["ok"], result["broken"]
    assert result["count"] == AuditLog.select().count()
    assert Sticker.select().count() == WORKERS * ROUNDS * 2

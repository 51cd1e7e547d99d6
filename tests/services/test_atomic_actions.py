"""One user action, one transaction: a burst of counter actions (the crash test's mix) never
writes a row outside a transaction, where a power cut could keep half an action."""
import random

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.store.models import DB

from . import crash_worker

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def test_every_write_of_a_burst_is_inside_a_transaction(municipio, monkeypatch):
    demo.fill(12, seed=5, with_users=False)
    database = DB.obj
    original, outside, writes = database.execute_sql, [], []

    def spy(sql, params=None, *args, **kwargs):
        if sql.lstrip().split(None, 1)[0].upper() in WRITES:
            writes.append(sql)
            if not database.in_transaction():
                outside.append(sql[:80])
        return original(sql, params, *args, **kwargs)

    monkeypatch.setattr(database, "execute_sql", spy)
    rng = random.Random(7)
    functions, weights = zip(*crash_worker.ACTIONS)
    for _ in range(250):
        try:
            rng.choices(functions, weights)[0](rng)
        except DomainError:
            pass
    assert len(writes) > 500  # the burst did write
    assert outside == []
    assert integrity.check() == []

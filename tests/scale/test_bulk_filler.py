"""Issue 23: the benchmarks' bulk filler writes what the services would (history, audit
entries, order numbers), so `check` passes on its register."""
from __future__ import annotations

from mototaxi_desk.services import audit
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.store.models import Permit, PermitHistory


def test_bulk_register_passes_check(municipio):
    demo.fill_bulk(80, seed=4, with_users=False)
    demo.fill_bulk(30, seed=6, with_users=False)  # a second batch continues the numbers
    assert Permit.select().count() == 110
    assert integrity.check() == []
    assert audit.verify()["ok"]
    assert PermitHistory.select().where(PermitHistory.action == "grant").count() == 110

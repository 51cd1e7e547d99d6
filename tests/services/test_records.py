"""The person's full record (prontuário, PF Art. 14)."""
import datetime as dt

from mototaxi_desk.services.views import records
from mototaxi_desk.store.models import AuditLog, Permit

from ..factories import SUPERVISOR


def test_record_gathers_everything_about_a_holder(demo_data):
    permit = Permit.select().where(Permit.status == "active").order_by(Permit.id).first()
    record = records.person_record(SUPERVISOR, permit.holder_id)
    assert record["person"]["id"] == permit.holder_id
    assert record["cnh"] is not None
    assert [p["order_number"] for p in record["permits"]] == [permit.order_number]
    assert record["permits"][0]["history"][0]["action"] == "grant"
    assert record["vehicles"] and "age_limit" in record["vehicles"][0]
    assert record["fees"] and all("amount_text" in f for f in record["fees"])
    actions = {h["action"] for h in record["history"]}
    assert {"person.register", "permit.grant"} <= actions


def test_viewing_a_record_is_logged_lgpd(demo_data):
    """LGPD: who viewed whose full record is in the audit log."""
    permit = Permit.select().first()
    records.person_record(SUPERVISOR, permit.holder_id, on=dt.date.today())
    entry = AuditLog.select().where(AuditLog.action == "person.view").get()
    assert entry.entity_id == str(permit.holder_id)


def test_open_amount_counts_fees_and_fines(demo_data):
    """What is owed: open fees and open fines alike (SRM Art. 50 blocks on both)."""
    from mototaxi_desk.services.payments import fees
    permit = Permit.select().first()
    record = records.person_record(SUPERVISOR, permit.holder_id)
    debts = fees.open_debts(permit.holder_id)
    assert record["open_amount_cents"] == sum(d["amount_cents"] for d in debts)
    assert record["open_amount_cents"] == record["open_fees_cents"] + \
        record["open_penalties_cents"]

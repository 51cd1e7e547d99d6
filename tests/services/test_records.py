"""The person's full record (prontuário, PF Art. 14)."""
import datetime as dt

import pytest

from mototaxi_desk.services.context import Actor, PermissionDenied
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


def _tables(statements: list[str]) -> set[str]:
    """The tables a list of statements reads, by the quoted names after FROM and JOIN."""
    import re
    return {name for sql in statements
            for name in re.findall(r'(?:FROM|JOIN)\s+"(\w+)"', sql)}


def test_the_records_warm_up_reads_what_a_prontuario_reads_and_writes_nothing(make_municipio):
    """Issue 40 item 4: run on the window's connection while the password is typed, the
    warm-up reads a holder's prontuário as the screen does (every table the screen's
    `records.prontuario` reads), so the clerk's first prontuário costs what later ones
    cost; nobody looked at the record, so it writes nothing (no LGPD entry)."""
    from mototaxi_desk.services.licensing import permits

    from ..conftest import row_counts
    from ..factories import make_person, make_vehicle
    from ..querycount import count_queries
    make_municipio("porto-feliz-2017")
    assert records.warm_up() is None  # nobody holds a permit yet: nothing to read
    holders = []
    for name in ("Primeira Titular", "Segundo Titular"):
        person = make_person(name)
        vehicle = make_vehicle(person["id"])
        permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"])
        holders.append(person["id"])
    before = row_counts()
    with count_queries() as warmed:
        assert records.warm_up() == holders[0]
    assert row_counts() == before
    with count_queries() as opened:  # what gui/pages/person.py reads for the second holder
        shown = records.prontuario(SUPERVISOR, holders[1])
    assert shown["record"]["person"]["id"] == holders[1]
    assert shown["available"]["guia"] and shown["steps"]
    read = _tables(opened.statements)
    assert len(read) > 10 and read <= _tables(warmed.statements)
    viewed = AuditLog.select().where(AuditLog.action == "person.view")
    assert [e.entity_id for e in viewed] == [str(holders[1])]  # the screen's view only (LGPD)
    with pytest.raises(PermissionDenied):  # person.view, as person_record checks it
        records.prontuario(Actor(None, "sem.perfil", "desconhecido"), holders[1])

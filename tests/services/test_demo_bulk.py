"""Issue 23 items 5 and 6: the benchmarks' bulk filler writes what the services would —
applications with their checklists and status lines, fees, inspections and stickers,
infraction notices with their fines, payments and proceedings, and the audit entries that
seal them — so `check` passes on its register (both backends), and the Painel, the
Infrações page and the alerts run on it."""
from __future__ import annotations

import datetime as dt

from mototaxi_desk.services.views import alerts, overview
from mototaxi_desk.services import audit, ledger
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.store.models import (Application, AuditLog, Fee, InfractionNotice,
                                        Inspection, NoticeProceeding, PenaltyCharge, Sticker)

TODAY = dt.date.today()


def test_bulk_register_with_notices_passes_check(municipio):
    counts = demo.fill_bulk(300, seed=5, with_users=False, today=TODAY, notices=3000)
    assert counts["notices"] == 3000
    assert InfractionNotice.select().count() == 3000
    assert Application.select().count() == 300
    assert Inspection.select().count() == Sticker.select().count() > 150
    assert Fee.select().count() > 300
    assert PenaltyCharge.select().count() == 3000  # every SRM class has a fine
    assert NoticeProceeding.select().count() > 1500
    # realistic statuses: most closed (paid), a few voided by a defence, some still open
    paid = PenaltyCharge.select().where(PenaltyCharge.status == "paid").count()
    voided = InfractionNotice.select().where(InfractionNotice.status == "voided").count()
    assert paid > 1500 and 0 < voided < 300
    years = {y for (y,) in InfractionNotice.select(InfractionNotice.year).distinct().tuples()}
    assert len(years) >= 3
    # every row has the audit entries its service writes
    for action, model, where in (
            ("notice.record", InfractionNotice, None),
            ("charge.create", PenaltyCharge, None),
            ("charge.pay", PenaltyCharge, PenaltyCharge.status == "paid"),
            ("notice.revelia", NoticeProceeding, NoticeProceeding.event == "revelia"),
            ("notice.defence_file", NoticeProceeding, NoticeProceeding.event == "filed"),
            ("notice.void", InfractionNotice, InfractionNotice.status == "voided"),
            ("sticker.issue", Sticker, None), ("application.file", Application, None),
            ("fee.charge", Fee, None)):
        rows = model.select() if where is None else model.select().where(where)
        assert AuditLog.select().where(AuditLog.action == action).count() == rows.count(), \
            action
    assert integrity.check() == []
    assert audit.verify()["ok"]
    # a second batch continues every number (protocols, stickers, notices)
    demo.fill_bulk(20, seed=6, with_users=False, today=TODAY, notices=200)
    assert integrity.check() == []


def test_screens_run_on_a_bulk_register(municipio):
    demo.fill_bulk(120, seed=7, with_users=False, today=TODAY, notices=1500)
    assert overview.dashboard(on=TODAY)
    overview.charts(on=TODAY)
    newest = ledger.list_notices(on=TODAY)
    assert len(newest) == 1000
    due = alerts.due(on=TODAY, days=30)
    kinds = {a["kind"] for a in due}
    assert "defence_deadline" in kinds  # the newest notices are within their defence term


def test_a_bulk_seal_is_checked(municipio):
    """The notices are sealed like the ledger's: an edit by SQL is named by `check`."""
    demo.fill_bulk(30, seed=8, with_users=False, today=TODAY, notices=100)
    notice = InfractionNotice.select().order_by(InfractionNotice.id).first()
    InfractionNotice.update(fine_cents=1).where(InfractionNotice.id == notice.id).execute()
    problems = integrity.check()
    assert any("Auto de infração" in p and "alterado fora do programa" in p for p in problems)

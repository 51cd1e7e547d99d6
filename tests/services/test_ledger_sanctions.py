"""Defence, appeal and revelia (SRM Arts. 35, 49; PF Arts. 34, 38; L1745 Art. 19), sanctions
proposed by the engine and applied by a supervisor after the contraditório (PF Arts. 37 II,
38 §2º; SRM Art. 38 I-II), undone when a defence is accepted (SRM Art. 35 §2º); the ledger
view — on SQLite and PostgreSQL."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal
from mototaxi_desk.services.licensing import bars
from mototaxi_desk.services import ledger
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import Permit, Sanction

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR
from .ledger_helpers import FISCAL, holder_permit, notice_data

D = dt.date


def notified(permit, code, when, notified_on, on, **extra):
    return ledger.record_notice(FISCAL, notice_data(
        permit, code, when, notified_on=notified_on, notification_channel="post", **extra),
        on=on)


def test_srm_defence_10_days_accepted_voids_notice_and_fine_art_35(srm):
    _, permit = holder_permit()
    n = notified(permit, "36-IX", "01/06/2026 10:00", "05/06/2026", D(2026, 6, 5))
    assert n["defence_deadline"] == D(2026, 6, 15) and n["stage"] == "defence_open"
    before = row_counts()
    with pytest.raises(RuleRefusal, match="Prazo encerrado em 15/06/2026"):
        ledger.file_defence(CLERK, n["id"], filed_on="16/06/2026", text="Não estava lá.",
                            on=D(2026, 6, 16))
    assert row_counts() == before
    d = ledger.file_defence(CLERK, n["id"], filed_on="15/06/2026", text="Não estava lá.",
                            attachments=["Declaração de testemunha"], on=D(2026, 6, 15))
    assert ledger.get_notice(n["id"]) and d["attachments"] == ["Declaração de testemunha"]
    with pytest.raises(PermissionDenied):
        ledger.judge(CLERK, d["id"], accepted=True, reason="x", on=D(2026, 6, 20))
    judged = ledger.judge(SUPERVISOR, d["id"], accepted=True, reason="Prova testemunhal.",
                          on=D(2026, 6, 20))
    assert judged["decision"] == "accepted"
    voided = ledger.get_notice(n["id"])
    assert voided.status == "voided" and voided.void_kind == "defence"
    assert ledger.open_charges(n["holder_id"]) == []


def test_revelia_only_after_the_deadline_art_35_par_3(srm):
    _, permit = holder_permit()
    n = notified(permit, "36-IX", "01/06/2026 10:00", "05/06/2026", D(2026, 6, 5))
    with pytest.raises(DomainError, match="15/06/2026"):
        ledger.record_revelia(SUPERVISOR, n["id"], on=D(2026, 6, 15))
    row = ledger.record_revelia(SUPERVISOR, n["id"], on=D(2026, 6, 16))
    assert row["event"] == "revelia"
    # the appeal term (Art. 49: 10 days) runs from the revelia
    again = ledger.notice_dict(ledger.get_notice(n["id"]), on=D(2026, 6, 16))
    assert again["stage"] == "appeal_open" and again["appeal_deadline"] == D(2026, 6, 26)


def test_srm_suspension_at_3rd_applied_after_defence_then_undone_on_appeal_art_38(srm):
    _, permit = holder_permit()
    ids = [notified(permit, "36-IX", f"0{d}/05/2026 10:00", f"0{d}/05/2026",
                    D(2026, 5, 10))["id"] for d in (1, 2, 3)]
    props = ledger.proposals(permit["id"], on=D(2026, 5, 10))
    assert [(p["sanction"], p["ready"]) for p in props] == [("suspension", False)]
    assert props[0]["notice_ids"] == ids and props[0]["article"] == "Art. 38 I"
    with pytest.raises(RuleRefusal, match="contraditório"):
        ledger.apply_sanction(SUPERVISOR, permit["id"], "count:3", on=D(2026, 5, 10))
    d = ledger.file_defence(CLERK, ids[2], text="Defesa", on=D(2026, 5, 12))
    ledger.judge(SUPERVISOR, d["id"], accepted=False, reason="Sem provas", on=D(2026, 5, 14))
    on = D(2026, 5, 20)  # terms of notices 1 and 2 ended on 11 and 12/05: revelia
    applied = ledger.apply_sanction(SUPERVISOR, permit["id"], "count:3", on=on,
                                    act_number="Portaria 9/2026")
    assert applied["kind"] == "suspension" and applied["until"] == D(2026, 7, 19)
    assert Permit.get_by_id(permit["id"]).status == "suspended"
    assert ledger.stage(ledger.get_notice(ids[0]), on) == "appeal_open"  # revelia recorded
    with pytest.raises(DomainError, match="já foi aplicada"):
        ledger.apply_sanction(SUPERVISOR, permit["id"], "count:3", on=on)
    appeal = ledger.file_defence(CLERK, ids[2], stage_="appeal", text="Recurso ao Prefeito",
                                 on=D(2026, 5, 21))
    result = ledger.judge(SUPERVISOR, appeal["id"], accepted=True, reason="Provido",
                          on=D(2026, 5, 25))
    assert [s["kind"] for s in result["undone_sanctions"]] == ["suspension"]
    assert Permit.get_by_id(permit["id"]).status == "active"
    assert Sanction.get_by_id(applied["id"]).status == "undone"
    assert ledger.proposals(permit["id"], on=D(2026, 5, 25)) == []


def test_pf_cassation_12_points_day_0_and_121_after_30_business_days_art_37_38(
        make_municipio):
    """PF Art. 37 II with the calendar rule: 4 months from 01/01/2024 end on 01/05/2024
    (day 121). Cassation only after the defence term (Art. 38 §2º); bar 2 years (Art. 37
    §ú); an accepted defence reinstates the permit and lifts the bar."""
    make_municipio("porto-feliz-2017", today=D(2023, 6, 1))
    person, permit = holder_permit(on=D(2023, 6, 1))
    # different infractions (no reincidence): C + C on day 0, C + B + A on day 121
    ids = [notified(permit, code, "01/01/2024 10:00", "02/01/2024", D(2024, 1, 2))["id"]
           for code in ("25-I", "25-III")]
    late = [notified(permit, code, "01/05/2024 10:00", "02/05/2024", D(2024, 5, 2))["id"]
            for code in ("26-I", "24-II", "24-I")]
    props = ledger.proposals(permit["id"], on=D(2024, 5, 2))
    assert [p["rule_key"] for p in props] == ["points:12/4"]
    assert props[0]["trigger_on"] == D(2024, 5, 1) and not props[0]["ready"]
    assert props[0]["explanation"]["points"] == 12
    deadline = ledger.get_notice(late[0])
    term = ledger.deadlines(deadline)["defence"]
    assert term == D(2024, 6, 13)  # 30 business days from Thu 02/05/2024
    with pytest.raises(RuleRefusal):
        ledger.apply_sanction(SUPERVISOR, permit["id"], "points:12/4", on=term)
    sanction = ledger.apply_sanction(SUPERVISOR, permit["id"], "points:12/4",
                                     on=D(2024, 6, 14))
    assert Permit.get_by_id(permit["id"]).status == "cassated"
    assert bars.active_bars(person["id"], D(2025, 1, 1))[0].until == D(2026, 6, 14)
    assert sorted(sanction["notice_ids"]) == sorted(ids + late)
    ledger.void_notice(SUPERVISOR, ids[0], reason="Erro de identificação", on=D(2024, 6, 20))
    assert Permit.get_by_id(permit["id"]).status == "active"
    assert bars.active_bars(person["id"], D(2025, 1, 1)) == []
    assert ledger.proposals(permit["id"], on=D(2024, 6, 20)) == []


def test_pf_day_122_gives_no_cassation(make_municipio):
    make_municipio("porto-feliz-2017", today=D(2023, 6, 1))
    _, permit = holder_permit(on=D(2023, 6, 1))
    for code in ("25-I", "25-III"):
        notified(permit, code, "01/01/2024 10:00", "02/01/2024", D(2024, 1, 2))
    for code in ("26-I", "24-II", "24-I"):
        notified(permit, code, "02/05/2024 10:00", "02/05/2024", D(2024, 5, 2))
    assert ledger.proposals(permit["id"], on=D(2024, 5, 2)) == []
    view = ledger.ledger(person_id=Permit.get_by_id(permit["id"]).holder_id, on=D(2024, 5, 2))
    windows = view["permits"][0]["points_windows"]
    assert [(w["months"], w["points"]) for w in windows] == [(4, 6), (8, 12), (12, 12)]


def test_l1745_appeal_15_days_no_defence_stage_art_19(l1745):
    _, permit = holder_permit()
    n = notified(permit, "5-1", "01/06/2026 10:00", "05/06/2026", D(2026, 6, 5),
                 fine_units="10")
    assert n["defence_deadline"] is None and n["appeal_deadline"] == D(2026, 6, 22)
    with pytest.raises(RuleRefusal):
        ledger.file_defence(CLERK, n["id"], text="x", on=D(2026, 6, 6))
    a = ledger.file_defence(CLERK, n["id"], stage_="appeal", text="Recurso", on=D(2026, 6, 6))
    assert a["stage"] == "appeal"


def test_ledger_view_and_alerts(srm):
    from mototaxi_desk.services.views import alerts
    person, permit = holder_permit()
    notified(permit, "36-IX", "01/06/2026 10:00", "05/06/2026", D(2026, 6, 5))
    view = ledger.ledger(person["cpf"], on=D(2026, 6, 6))
    assert view["notices"][0]["stage"] == "defence_open"
    assert view["open_total_cents"] == 2 * 4826
    assert view["deadlines"] == [{"notice": "00001/2026", "kind": "defence",
                                  "due": D(2026, 6, 15)}]
    assert view == ledger.ledger(str(permit["order_number"]), on=D(2026, 6, 6))
    items = [i for i in alerts.due(on=D(2026, 6, 6), days=30) if i["kind"] == "defence_deadline"]
    assert items and items[0]["due_date"] == D(2026, 6, 15) and items[0]["article"] == "Art. 35 §1º"

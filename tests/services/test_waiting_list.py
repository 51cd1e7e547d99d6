"""The waiting list: PF Art. 12 §ú (automatic call), SRM Art. 3 (licitação, by enrolment),
L1745 Arts. 12 §2, 13 and 14 (edital ranking, 30 days, lottery)."""
import datetime as dt
import json
from decimal import Decimal

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, WaitingListEntry

from ..conftest import row_counts
from .licensing_rows import ATENDENTE, FISCAL, SUPERVISOR, holder_with_vehicle, person

ON = dt.date(2026, 3, 2)
PF, SRM, L1745 = "porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019", "lei-1745-2011"


def enrol_many(names, on=ON, **kw):
    return [waiting_list.enrol(ATENDENTE, person(n).id, on=on, **kw) for n in names]


def test_pf_order_is_enrolment_order_and_next_is_called(make_municipio):
    """PF Art. 12 §ú: when a permit reverts the next applicant on the list is called."""
    make_municipio(PF, today=ON)
    a = waiting_list.enrol(ATENDENTE, person("Ana Sá").id, on=ON - dt.timedelta(days=9),
                           seniority_years=1)
    b = waiting_list.enrol(ATENDENTE, person("Bárbara Lima").id, on=ON - dt.timedelta(days=20))
    c = waiting_list.enrol(ATENDENTE, person("Cícero Rocha").id, on=ON, seniority_years=30,
                           dependents=9)
    order = waiting_list.ordered(ON)
    assert [e["id"] for e in order] == [b["id"], a["id"], c["id"]]
    assert [e["position"] for e in order] == [1, 2, 3] and order[0]["person_name"] == "Bárbara Lima"
    called = waiting_list.call_next(ATENDENTE, on=ON, reason="Permissão nº 12 revertida")
    assert called["id"] == b["id"] and called["status"] == "called"
    # PF gives no deadline (enrol_days = 0): the default of DEFAULT_CALL_DAYS
    assert called["call_deadline"] == ON + dt.timedelta(days=waiting_list.DEFAULT_CALL_DAYS)
    log = AuditLog.get(AuditLog.action == "waiting_list.call")
    assert json.loads(log.after)["reason"] == "Permissão nº 12 revertida"
    assert [e["id"] for e in waiting_list.ordered(ON)] == [a["id"], c["id"]]


def test_srm_licitacao_is_by_enrolment_too(make_municipio):
    """SRM Art. 3 (licitação): the list keeps enrolment order; ranking inputs are ignored."""
    make_municipio(SRM, today=ON)
    first, second = enrol_many(["Primeiro Inscrito", "Segundo Inscrito"])
    waiting_list.enrol(ATENDENTE, person("Terceiro").id, on=ON, seniority_years=40)
    assert [e["id"] for e in waiting_list.ordered(ON)][:2] == [first["id"], second["id"]]


def test_call_next_with_nobody_waiting_returns_none(make_municipio):
    make_municipio(PF, today=ON)
    before = row_counts()
    assert waiting_list.call_next(ATENDENTE, on=ON) is None
    assert row_counts() == before


def test_l1745_ranking_order(make_municipio):
    """L1745 Art. 12 §2 (by Art. 14): seniority, fewer weighted infractions, family
    situation, vehicle condition, lottery."""
    make_municipio(L1745, today=ON)
    low = waiting_list.enrol(ATENDENTE, person("Pouco Tempo").id, on=ON, seniority_years=1,
                             dependents=8, vehicle_condition=10)
    senior = waiting_list.enrol(ATENDENTE, person("Mais Antigo").id, on=ON, seniority_years=9)
    family = waiting_list.enrol(ATENDENTE, person("Com Filhos").id, on=ON, seniority_years=4,
                                dependents=3)
    kept = waiting_list.enrol(ATENDENTE, person("Moto Nova").id, on=ON, seniority_years=4,
                              dependents=1, vehicle_condition=9)
    worn = waiting_list.enrol(ATENDENTE, person("Moto Velha").id, on=ON, seniority_years=4,
                              dependents=1, vehicle_condition=3)
    order = [e["id"] for e in waiting_list.ordered(ON)]
    assert order == [senior["id"], family["id"], kept["id"], worn["id"], low["id"]]


def _fined(person_id, code, when, **extra):
    """A notice against someone without a permit (L1745 Art. 8 §3º, or a graded fine)."""
    from mototaxi_desk.services import ledger
    data = {"holder_id": person_id, "infraction_code": code, "occurred_at": when,
            "place": "Centro", "agent_name": "Antônio Fiscal", "agent_registration": "M1",
            "plate": "ABC1D23", **extra}
    return ledger.record_notice(FISCAL, data, on=ON)


def test_l1745_ranking_weighs_the_ledgers_infractions_by_gravity_per_year(make_municipio):
    """L1745 Art. 12 §2º I: "menor número de infrações ... por ano de atividade, levando-se
    em conta a gravidade": each applicant's notices in the ledger, weighted by the class's
    gravity (profile waiting_list.infraction_gravity: sem-alvará 2, graded fine 3), divided
    by the years of activity; a voided notice counts for nothing."""
    from mototaxi_desk.services import ledger
    make_municipio(L1745, today=ON)
    many, few, clean, senior_many = enrol_many(
        ["Muitas Multas", "Poucas Multas", "Nenhuma Multa", "Muitas Mas Antigo"],
        seniority_years=5)
    WaitingListEntry.update(seniority_years=10).where(
        WaitingListEntry.id == senior_many["id"]).execute()  # ranks first by seniority (I)
    for who in (many, senior_many):
        _fined(who["person_id"], "2-2-V", "10/01/2026 10:00", fine_units="10")
        _fined(who["person_id"], "2-2-V", "12/01/2026 10:00", fine_units="12")
    wrong = _fined(few["person_id"], "2-2-V", "11/01/2026 10:00", fine_units="10")
    _fined(few["person_id"], "8-3", "13/01/2026 10:00")
    ledger.void_notice(SUPERVISOR, wrong["id"], reason="Lavrado contra a pessoa errada", on=ON)
    order = waiting_list.ordered(ON)
    assert [e["id"] for e in order] == [senior_many["id"], clean["id"], few["id"], many["id"]]
    weights = {e["id"]: e["weighted_infractions"] for e in order}
    assert weights == {senior_many["id"]: Decimal("0.6"), clean["id"]: 0,
                       few["id"]: Decimal("0.4"), many["id"]: Decimal("1.2")}


def test_the_ledger_is_not_read_where_the_list_is_not_ranked_by_infractions(make_municipio):
    """PF Art. 12 §ú: first enrolled, first called, whatever the ledger says."""
    make_municipio(PF, today=ON)
    first, second = enrol_many(["Primeiro Multado", "Segundo Limpo"])
    assert [e["weighted_infractions"] for e in waiting_list.ordered(ON)] == [0, 0]
    assert [e["id"] for e in waiting_list.ordered(ON)] == [first["id"], second["id"]]


def test_l1745_tie_is_broken_by_a_recorded_lottery(make_municipio, monkeypatch):
    """L1745 Art. 12 §2 IV: the tie goes to a lottery; the numbers are drawn when needed,
    stored on the entries and written to the audit log, so the order is reproducible."""
    make_municipio(L1745, today=ON)
    x, y, z = enrol_many(["Xavier Tie", "Yara Tie", "Zeca Tie"], seniority_years=2)
    solo = waiting_list.enrol(ATENDENTE, person("Zilda Única").id, on=ON, seniority_years=1)
    pending = waiting_list.ordered(ON)
    assert [e["lottery_pending"] for e in pending] == [True, True, True, False]
    draws = iter([500, 40, 40, 7])  # 40 twice: a repeated number is drawn again
    monkeypatch.setattr(waiting_list.secrets, "randbelow", lambda n: next(draws) - 1)
    called = waiting_list.call_next(ATENDENTE, on=ON)
    assert called["id"] == z["id"] and called["lottery_number"] == 7
    numbers = {e.id: e.lottery_number for e in WaitingListEntry.select()}
    assert numbers == {x["id"]: 500, y["id"]: 40, z["id"]: 7, solo["id"]: None}
    log = json.loads(AuditLog.get(AuditLog.action == "waiting_list.lottery").after)
    assert log["numbers"] == {str(x["id"]): 500, str(y["id"]): 40, str(z["id"]): 7}
    assert log["article"] == "Art. 13"
    assert [e["id"] for e in waiting_list.ordered(ON)] == [y["id"], x["id"], solo["id"]]
    # no more draws are needed: calling again draws nothing
    assert waiting_list.call_next(ATENDENTE, on=ON)["id"] == y["id"]
    assert AuditLog.select().where(AuditLog.action == "waiting_list.lottery").count() == 1


def test_draw_lottery_for_the_whole_list(make_municipio):
    """L1745 Art. 14: the classification of an edital, published with every tie drawn."""
    make_municipio(L1745, today=ON)
    enrol_many(["Um Tie", "Dois Tie"], seniority_years=3)
    enrol_many(["Três Tie", "Quatro Tie"], seniority_years=1)
    with pytest.raises(PermissionDenied):
        waiting_list.draw_lottery(ATENDENTE, on=ON)
    drawn = waiting_list.draw_lottery(SUPERVISOR, on=ON)
    assert len(drawn) == 4 and all(1 <= n <= waiting_list.LOTTERY_RANGE for n in drawn.values())
    assert not any(e["lottery_pending"] for e in waiting_list.ordered(ON))
    assert waiting_list.draw_lottery(SUPERVISOR, on=ON) == {}


def test_l1745_call_deadline_is_the_profile_days(make_municipio):
    """L1745 Art. 13: 30 days (waiting_list.enrol_days)."""
    make_municipio(L1745, today=ON)
    enrol_many(["Único"])
    assert waiting_list.call_next(ATENDENTE, on=ON)["call_deadline"] == dt.date(2026, 4, 1)


def test_already_waiting_or_holding_a_permit_is_refused(make_municipio):
    """PF Art. 2 §2: one permit per person; a person is on the list once (PF Art. 12 §ú)."""
    make_municipio(PF, today=ON)
    entry = enrol_many(["Já Inscrito"])[0]
    holder, _, permit = holder_with_vehicle(ON, name="Já Permissionário")
    before = row_counts()
    with pytest.raises(RuleRefusal, match="já está na lista de espera") as err:
        waiting_list.enrol(ATENDENTE, entry["person_id"], on=ON)
    assert err.value.article == "Art. 12 §ú"
    with pytest.raises(RuleRefusal, match=f"titular da permissão nº {permit.order_number}") as err:
        waiting_list.enrol(ATENDENTE, holder.id, on=ON)
    assert err.value.article == "Art. 2 §2º"
    assert row_counts() == before
    # a called person is still on the list
    waiting_list.call_next(ATENDENTE, on=ON)
    with pytest.raises(RuleRefusal, match="convocado"):
        waiting_list.enrol(ATENDENTE, entry["person_id"], on=ON)
    # a permit that ended no longer counts
    permit.status = "revoked"
    permit.save()
    assert waiting_list.enrol(ATENDENTE, holder.id, on=ON)["status"] == "waiting"


@pytest.mark.parametrize("kwargs, field", [
    ({"dependents": -1}, "Dependentes"), ({"dependents": "muitos"}, "Dependentes"),
    ({"vehicle_condition": 11}, "Estado de conservação"), ({"seniority_years": "9" * 50},
                                                           "Tempo de atividade"),
    ({"seniority_years": True}, "Tempo de atividade"),
    ({"notes": "x" * 10_000}, "Observações"), ({"notes": "linha\x00nula"}, "Observações"),
])
def test_bad_enrolment_input_writes_nothing(make_municipio, kwargs, field):
    make_municipio(L1745, today=ON)
    who = person("Fulano de Tal")
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        waiting_list.enrol(ATENDENTE, who.id, on=ON, **kwargs)
    assert err.value.field.startswith(field)
    assert row_counts() == before


@pytest.mark.parametrize("person_id", [987_654, "x", None])
def test_unknown_person_writes_nothing(make_municipio, person_id):
    make_municipio(PF, today=ON)
    before = row_counts()
    with pytest.raises(ValidationError, match="Pessoa"):
        waiting_list.enrol(ATENDENTE, person_id, on=ON)
    assert row_counts() == before


def test_expired_call_pf_calls_the_next_automatically(make_municipio):
    """PF Art. 12 §ú: the vacancy stays open, so the next applicant is called at once."""
    make_municipio(PF, today=ON)
    first, second, _ = enrol_many(["Primeira", "Segunda", "Terceira"])
    waiting_list.call_next(ATENDENTE, on=ON)
    assert waiting_list.expire_calls(ATENDENTE, on=ON + dt.timedelta(days=30)) == \
        {"expired": [], "called": []}  # the deadline day itself is still in time
    result = waiting_list.expire_calls(ATENDENTE, on=ON + dt.timedelta(days=31))
    assert [e["id"] for e in result["expired"]] == [first["id"]]
    assert result["expired"][0]["status"] == "expired"
    assert [e["id"] for e in result["called"]] == [second["id"]]
    assert WaitingListEntry.get_by_id(first["id"]).ended_at is not None


def test_expired_call_licitacao_waits_for_the_clerk(make_municipio):
    """SRM Art. 3: no automatic call; the expired call only frees the place."""
    make_municipio(SRM, today=ON)
    first, second = enrol_many(["Primeira", "Segunda"])
    waiting_list.call_next(ATENDENTE, on=ON)
    result = waiting_list.expire_calls(SUPERVISOR, on=ON + dt.timedelta(days=45))
    assert [e["id"] for e in result["expired"]] == [first["id"]] and result["called"] == []
    assert WaitingListEntry.get_by_id(second["id"]).status == "waiting"


def test_mark_granted_and_leave(make_municipio):
    """The entry's endings (SRM Art. 3: the clerk calls, so nobody is called in between;
    PF's automatic call-up after them: tests/services/test_waiting_call_up.py)."""
    make_municipio(SRM, today=ON)
    first, second, third = enrol_many(["Ganha", "Desiste", "Fica"])
    waiting_list.call_next(ATENDENTE, on=ON)
    granted = waiting_list.mark_granted(ATENDENTE, first["person_id"], on=ON)
    assert granted["status"] == "granted" and granted["ended_at"].date() == ON
    assert waiting_list.mark_granted(ATENDENTE, person("Fora da Lista").id, on=ON) is None
    left = waiting_list.leave(ATENDENTE, second["id"], reason="Desistência por escrito", on=ON)
    assert left["status"] == "left"
    assert json.loads(AuditLog.get(AuditLog.action == "waiting_list.leave").after)["reason"] == \
        "Desistência por escrito"
    before = row_counts()
    with pytest.raises(DomainError, match="não está aberta"):
        waiting_list.leave(ATENDENTE, second["id"], reason="de novo", on=ON)
    with pytest.raises(ValidationError, match="Motivo da saída"):
        waiting_list.leave(ATENDENTE, third["id"], reason="", on=ON)
    with pytest.raises(ValidationError, match="Inscrição"):
        waiting_list.leave(ATENDENTE, 999_999, reason="x", on=ON)
    with pytest.raises(PermissionDenied):
        waiting_list.leave(FISCAL, third["id"], reason="x", on=ON)
    assert row_counts() == before
    assert [e["id"] for e in waiting_list.ordered(ON)] == [third["id"]]


def test_only_counter_staff_manage_the_list(make_municipio):
    make_municipio(PF, today=ON)
    with pytest.raises(PermissionDenied, match="Fiscal"):
        waiting_list.enrol(FISCAL, person().id, on=ON)
    with pytest.raises(PermissionDenied):
        waiting_list.call_next(FISCAL, on=ON)

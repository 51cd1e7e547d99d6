"""Sanctions decided case by case (profile [[decisions]]) and the reinstatement: the act, the
ground, the reason and the period recorded; only what each law provides; the contraditório
of the notices a sanction rests on; bad input writes nothing."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import decisions, permits, waiting_list
from mototaxi_desk.services import ledger, permit_actions
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, Permit, PersonBar, Sanction, WaitingListEntry

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person
from .ledger_helpers import FISCAL, holder_permit, notice_data

DAY = dt.date(2026, 3, 2)


def _decide(permit, act, **inputs):
    values = {"ground": None, "reason": "Apurado em processo administrativo nº 7/2026",
              "act_number": "Decreto 12/2026", "on": DAY}
    values.update(inputs)
    return permit_actions.run(SUPERVISOR, act, permit_id=permit["id"], **values)


def test_srm_cassation_by_decision_art_38_iii_b_records_act_ground_and_bar(srm):
    holder, permit = holder_permit()
    result = _decide(permit, "cassate", ground="38-III-b")
    assert result["permit"]["status"] == "cassated"
    row = Sanction.get(Sanction.permit == permit["id"])
    assert (row.kind, row.rule_key, row.article, row.act_number) == (
        "cassation", "decision:38-III-b", "Art. 38 III b", "Decreto 12/2026")
    assert "Chefe do Poder Executivo" in result["explanation"]["authority"]
    bar = PersonBar.get(PersonBar.person == holder["id"])
    assert bar.until == dt.date(2028, 3, 2) and bar.article == "Art. 38 §1º"
    assert AuditLog.select().where(AuditLog.action == "sanction.decide").count() == 1


def test_srm_has_no_suspension_by_decision_only_by_count_art_38_i(srm):
    _, permit = holder_permit()
    before = row_counts()
    with pytest.raises(RuleRefusal, match="Art. 38 I") as err:
        _decide(permit, "suspend", ground="x", days=10)
    assert "contagem de infrações" in str(err.value) and row_counts() == before


def test_l1745_suspension_at_most_30_days_art_17_par_3(l1745):
    _, permit = holder_permit()
    before = row_counts()
    with pytest.raises(RuleRefusal, match="máximo de 30 dias") as err:
        _decide(permit, "suspend", ground="17", days=31)
    assert "Art. 17 §3º" in str(err.value) and row_counts() == before
    result = _decide(permit, "suspend", ground="17", days=30)
    assert result["permit"]["status"] == "suspended"
    assert result["until"] == result["permit"]["status_until"] == dt.date(2026, 3, 31)


def test_l1745_cassation_by_decree_bars_forever_art_17_par_1(l1745):
    holder, permit = holder_permit()
    _decide(permit, "cassate", ground="10-pu", act_number="Decreto 40/2026")
    assert PersonBar.get(PersonBar.person == holder["id"]).until is None
    with pytest.raises(RuleRefusal, match="não prevê revogação"):
        _decide(permit, "revoke", ground="x")


def test_pf_loss_of_permit_art_12_reverts_and_calls_the_next_art_12_par_unico(pf):
    _, permit = holder_permit()
    first = make_person("Primeira da Fila", today=DAY)
    waiting_list.enrol(CLERK, first["id"], on=DAY)
    _decide(permit, "revoke", ground="12",
            reason="Sem prestar o serviço desde 02/01/2026, sem autorização")
    assert Permit.get_by_id(permit["id"]).status == "revoked"
    assert WaitingListEntry.get(WaitingListEntry.person == first["id"]).status == "called"
    assert not PersonBar.select().exists()  # a loss, not a cassation: no bar


def test_sanction_on_a_notice_in_its_defence_term_refused_pf_art_38_par_2(pf):
    """PF Art. 38 §2º: cassation only after the contraditório."""
    _, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(
        permit, ledger_code(), dt.datetime(2026, 2, 20, 10, 0), infractor_signed=True),
        on=dt.date(2026, 2, 20))
    before = row_counts()
    with pytest.raises(RuleRefusal, match="contraditório") as err:
        _decide(permit, "cassate", ground="37-III", notice_ids=[notice["id"]])
    assert "Art. 38" in str(err.value) and row_counts() == before


def ledger_code() -> str:
    from mototaxi_desk.services import setup
    return next(i.code for i in setup.profile().infractions
                if setup.profile().penalty_class(i.class_code).points)


def test_decided_sanction_on_a_notice_is_undone_when_the_notice_is_voided_srm_art_35_par_2(
        srm):
    holder, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(
        permit, "36-II", dt.datetime(2026, 1, 20, 9, 0), infractor_signed=True),
        on=dt.date(2026, 1, 20))
    _decide(permit, "cassate", ground="38-III-a", notice_ids=[notice["id"]])
    ledger.void_notice(SUPERVISOR, notice["id"], reason="Defesa acolhida", on=dt.date(2026, 3, 9))
    assert Permit.get_by_id(permit["id"]).status == "active"
    assert Sanction.get(Sanction.permit == permit["id"]).status == "undone"
    assert PersonBar.get(PersonBar.person == holder["id"]).lifted


def test_reinstate_undoes_the_sanction_and_lifts_the_bar_srm_art_49(srm):
    holder, permit = holder_permit()
    _decide(permit, "cassate", ground="38-III-f")
    result = permit_actions.run(SUPERVISOR, "reinstate", permit_id=permit["id"],
                                reason="Recurso acolhido pelo Prefeito",
                                act_number="Decreto 20/2026", on=dt.date(2026, 3, 20))
    assert result["status"] == "active"
    assert result["undone_sanction"]["status"] == "undone"
    assert "Recurso acolhido" in Sanction.get(Sanction.permit == permit["id"]).undo_reason
    assert PersonBar.get(PersonBar.person == holder["id"]).lifted


@pytest.mark.parametrize("inputs, words", [
    ({"act_number": ""}, "Nº do ato"),
    ({"reason": "  "}, "Motivo"),
    ({"ground": "38-III-z"}, "Fundamento"),
    ({"reason": "x" * 401}, "Motivo"),
    ({"on": "31/02/2026"}, "Data da decisão"),
    ({"notice_ids": [99999]}, "Auto de infração"),
])
def test_bad_input_writes_nothing(srm, inputs, words):
    _, permit = holder_permit()
    values = {"ground": "38-III-b", **inputs}
    before = row_counts()
    with pytest.raises(ValidationError, match=words):
        _decide(permit, "cassate", **values)
    assert row_counts() == before


def test_l1745_suspension_period_must_be_given_and_valid(l1745):
    _, permit = holder_permit()
    before = row_counts()
    for period, words in (({}, "Período"), ({"days": "0"}, "Dias"),
                          ({"until": "01/01/2026"}, "Suspensa até")):
        with pytest.raises(ValidationError, match=words):
            _decide(permit, "suspend", ground="17", **period)
    assert row_counts() == before


def test_a_clerk_may_not_decide_sanctions(srm):
    _, permit = holder_permit()
    with pytest.raises(PermissionDenied):
        permit_actions.run(CLERK, "cassate", permit_id=permit["id"], ground="38-III-b",
                           reason="x", act_number="y")
    assert Permit.get_by_id(permit["id"]).status == "active"


def test_grounds_listed_for_the_form_and_the_command(srm):
    codes = [g["code"] for g in decisions.grounds("cassation")]
    assert codes[0] == "38-III-a" and "29-pu" in codes
    with pytest.raises(RuleRefusal):
        decisions.grounds("revocation")
    assert permits.STATUS_LABELS[decisions.RESULT["cassation"]] == "Cassada"

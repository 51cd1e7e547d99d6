"""Impound and release (SRM Arts. 44, 46, 48; PF Arts. 35-36; L1745 Art. 8 §3º): storage
across midnight, release only when paid, the receipt shows each amount; an accepted defence
undoes the measure (SRM Art. 35 §2º) — on SQLite and PostgreSQL."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import RuleRefusal, ValidationError
from mototaxi_desk.services.ledger import impounds
from mototaxi_desk.services import ledger

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR
from .ledger_helpers import FISCAL, TODAY, holder_permit, notice_data

NOW = dt.datetime(2026, 6, 15, 12, 0)


def _impounded(code="36-I", deposited="10/06/2026 23:50", reason=None, **extra):
    person, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, code, "10/06/2026 23:30", **extra),
                             on=TODAY)
    row = impounds.impound_vehicle(FISCAL, notice_id=n["id"], place="Garagem municipal",
                                   reason=reason,
                                   deposited_at=deposited, boletim="BO 77/2026", now=NOW)
    return person, n, row


def test_srm_storage_across_midnight_and_release_after_paying_art_46_48(srm):
    person, n, row = _impounded()
    assert row["reason"] == "Impedimento operacional e apreensão do veículo"
    quote = impounds.release_quote(row["id"], released_at="11/06/2026 00:10",
                                   removal="80,00")
    # 23:50 on day 1 to 00:10 on day 2: two whole days × 0.20 UFM (R$ 48,26)
    assert quote["storage_days"] == 2 and quote["storage_units"] == "0.40"
    assert quote["storage_cents"] == 1930 and quote["fines_cents"] == 2 * 4826
    before = row_counts()
    with pytest.raises(RuleRefusal, match="multas em aberto"):
        impounds.release_vehicle(CLERK, row["id"], released_at="11/06/2026 00:10",
                                 removal="80,00", removal_receipt="R1", storage_receipt="E1",
                                 now=NOW)
    assert row_counts() == before
    ledger.pay_charge(CLERK, n["charges"][0]["id"], paid_on=TODAY, receipt="DAM 5",
                      amount="96,52", on=TODAY)
    with pytest.raises(ValidationError, match="Recibo da estadia"):
        impounds.release_vehicle(CLERK, row["id"], released_at="11/06/2026 00:10",
                                 removal="80,00", removal_receipt="R1", now=NOW)
    done = impounds.release_vehicle(CLERK, row["id"], released_at="11/06/2026 00:10",
                                    removal="80,00", removal_receipt="R1",
                                    storage_receipt="E1", now=NOW)
    receipt = done["receipt"]
    assert done["status"] == "released" and done["storage_days"] == 2
    assert [(x["kind"], x["amount_cents"]) for x in receipt["lines"]] == [
        ("fine", 9652), ("removal", 8000), ("storage", 1930)]
    assert receipt["total_text"] == "R$ 195,82"
    assert ledger.open_charges(person["id"]) == []


def test_same_day_storage_is_one_day_and_srm_refuses_release_for_maintenance(srm):
    _, n, row = _impounded(deposited="11/06/2026 08:00")
    assert impounds.release_quote(row["id"], released_at="11/06/2026 23:59")["storage_days"] == 1
    with pytest.raises(RuleRefusal, match="Art. 48"):
        impounds.release_vehicle(CLERK, row["id"], released_at="11/06/2026 23:59",
                                 reason="maintenance", now=NOW)


def test_pf_release_for_maintenance_art_36_ii(pf):
    _, n, row = _impounded(code="26-I")
    done = impounds.release_vehicle(CLERK, row["id"], released_at="12/06/2026 10:00",
                                    reason="maintenance", now=NOW)
    assert done["release_reason"] == "maintenance" and done["receipt"]["total_cents"] == 0


def test_l1745_release_needs_the_permit_shown_art_8_par_3(l1745):
    _, n, row = _impounded(code="5-1", fine_units="10",
                           reason="Remoção para assegurar a multa (Art. 8 §2º)")
    ledger.pay_charge(CLERK, n["charges"][0]["id"], paid_on=TODAY, receipt="D", amount="482,60",
                      on=TODAY)
    with pytest.raises(RuleRefusal, match="alvará"):
        impounds.release_vehicle(CLERK, row["id"], released_at="12/06/2026 10:00",
                                 removal="50,00", removal_receipt="R", now=NOW)
    done = impounds.release_vehicle(CLERK, row["id"], released_at="12/06/2026 10:00",
                                    removal="50,00", removal_receipt="R", permit_shown=True,
                                    now=NOW)
    assert [x["kind"] for x in done["receipt"]["lines"]] == ["fine", "removal"]


def test_accepted_defence_releases_the_vehicle_srm_art_35_par_2(srm):
    _, n, row = _impounded(infractor_signed=True)
    d = ledger.file_defence(CLERK, n["id"], text="Manutenção em dia", on=TODAY)
    result = ledger.judge(SUPERVISOR, d["id"], accepted=True, reason="Comprovada", on=TODAY)
    assert result["released_impounds"][0]["release_reason"] == "notice_voided"


def test_bad_impound_input_refused(srm):
    _, n, _ = _impounded()
    before = row_counts()
    with pytest.raises(ValidationError):
        impounds.impound_vehicle(FISCAL, notice_id=n["id"], place="Garagem",
                                 deposited_at="16/06/2026 10:00", now=NOW)  # future
    assert row_counts() == before

"""Debts block requests where the profile says so: SRM Art. 50 ("débitos fiscais, multas ...
impedirá a tramitação de qualquer requerimento") for the transfer (both sides), the vehicle
substitution and the interruption; L1745 Art. 9 (renewal "mediante ... o pagamento da taxa
respectiva e de outros tributos") refuses a renewal with an open fee, not with a fine."""
import datetime as dt
from decimal import Decimal

import pytest

from mototaxi_desk.domain.errors import RuleRefusal
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services import ledger
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.register import vehicles
from mototaxi_desk.store.models import Fee, PenaltyCharge

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle
from .ledger_helpers import FISCAL, holder_permit, notice_data

D = dt.date


def _open_fine(permit, when="10/02/2026 10:00") -> PenaltyCharge:
    """An SRM notice with its fine (Art. 39), left unpaid: a debt (Art. 50)."""
    notice = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", when), on=D(2026, 2, 28))
    return PenaltyCharge.get((PenaltyCharge.notice == notice["id"]) &
                             (PenaltyCharge.status == "open"))


def _pay(charge: PenaltyCharge) -> None:
    ledger.pay_charge(CLERK, charge.id, paid_on=D(2026, 2, 11), receipt="DAM 77",
                      amount=Decimal(charge.amount_cents) / 100, on=D(2026, 2, 11))


def _refused(call, what: str) -> None:
    before = row_counts()
    with pytest.raises(RuleRefusal, match=f"débitos em aberto.*{what}") as err:
        call()
    assert "Art. 50" in err.value.article
    assert row_counts() == before


def _new_holder(name: str, on: dt.date):
    person = make_person(name, today=on)
    return person, make_vehicle(person["id"], year=on.year - 1, today=on,
                                insured_until=D(2032, 12, 31))


def test_srm_art_50_debts_of_either_side_block_the_transfer(srm):
    """SRM Art. 50 with Art. 4 §9: an open fine of the holder, or of the new holder, stops
    the transfer; paid, it goes through."""
    holder, permit = holder_permit("Transmitente Devedor", on=D(2026, 1, 10))
    fine = _open_fine(permit)
    heir, heir_vehicle = _new_holder("Adquirente", D(2026, 1, 10))

    def transfer():
        return permits.transfer_permit(SUPERVISOR, permit["id"], new_holder_id=heir["id"],
                                       new_vehicle_id=heir_vehicle["id"], on=D(2029, 1, 11))
    _refused(transfer, "permissionário atual")
    _pay(fine)
    # the new holder was fined driving a mototaxi without a permit (a person, no permit)
    notice = ledger.record_notice(FISCAL, {
        "holder_id": heir["id"], "infraction_code": "36-IX", "plate": heir_vehicle["plate"],
        "occurred_at": "12/02/2026 08:00", "place": "Feira", "agent_name": "Antônio Fiscal",
        "agent_registration": "MAT-1234"}, on=D(2026, 2, 28))
    _refused(transfer, "novo permissionário")
    _pay(PenaltyCharge.get(PenaltyCharge.notice == notice["id"]))
    assert transfer()["holder"] == heir["id"]


def test_srm_art_50_an_open_fine_blocks_the_vehicle_substitution(srm):
    """SRM Art. 50 (Art. 19 §2º): the substitution is a request like any other."""
    holder, permit = holder_permit("Troca De Moto", on=D(2026, 1, 10))
    fine = _open_fine(permit)
    new = make_vehicle(holder["id"], year=2026, today=D(2026, 3, 1),
                       insured_until=D(2032, 12, 31))
    _refused(lambda: vehicles.substitute(CLERK, permit["id"], new["id"], on=D(2026, 3, 1)),
             "substituição do veículo")
    _pay(fine)
    assert vehicles.substitute(CLERK, permit["id"], new["id"], on=D(2026, 3, 1))[
        "new_vehicle_id"] == new["id"]


def test_srm_art_50_an_open_fine_blocks_the_interruption_and_its_extension(srm):
    """SRM Art. 50 (Art. 29): the interruption and its extension are requests."""
    _, permit = holder_permit("Quer Parar", on=D(2026, 1, 10))
    fine = _open_fine(permit)
    _refused(lambda: permits.interrupt_permit(SUPERVISOR, permit["id"], start=D(2026, 3, 1),
                                              days=10), "interrupção")
    _pay(fine)
    permits.interrupt_permit(SUPERVISOR, permit["id"], start=D(2026, 3, 1), days=10)
    late_fine = _open_fine(permit, "20/02/2026 10:00")
    _refused(lambda: permits.extend_interruption(SUPERVISOR, permit["id"], days=10,
                                                 on=D(2026, 3, 5)), "prorrogação")
    _pay(late_fine)
    assert permits.extend_interruption(SUPERVISOR, permit["id"], days=10, on=D(2026, 3, 5))[
        "status_until"] == D(2026, 3, 20)


def test_l1745_art_9_an_open_fee_blocks_the_renewal_a_fine_does_not(l1745):
    """L1745 Art. 9: renewed "mediante ... o pagamento da taxa respectiva e de outros tributos
    eventualmente devidos": an open fee (a tax) refuses it (block_requests is off, so it is
    the renewal rule that acts); an open fine of the ledger is no tax (CTN Art. 3)."""
    person, vehicle = _new_holder("Renova Devendo", D(2026, 1, 10))
    permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                  on=D(2026, 1, 10))
    grant_fee = Fee.get((Fee.permit == permit["id"]) & (Fee.status == "open"))
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos em aberto.*renovação") as err:
        permits.renew_permit(SUPERVISOR, permit["id"], on=D(2027, 3, 1))
    assert err.value.article == "Art. 9" and row_counts() == before
    fees.pay(CLERK, grant_fee.id, paid_on=D(2026, 1, 10), receipt="DAM 1")
    notice = ledger.record_notice(FISCAL, notice_data(permit, "2-2-V", "10/02/2026 10:00",
                                                      fine_units="10"), on=D(2026, 2, 10))
    assert PenaltyCharge.get(PenaltyCharge.notice == notice["id"]).status == "open"
    renewed = permits.renew_permit(SUPERVISOR, permit["id"], on=D(2027, 3, 1))
    assert renewed["valid_until"] == D(2028, 3, 31)


def test_pf_and_l1745_debts_do_not_block_other_requests(l1745):
    """L1745 names no such block (debts.block_requests off): an open fee does not stop the
    vehicle substitution (Art. 11)."""
    person, vehicle = _new_holder("Deve E Troca", D(2026, 1, 10))
    permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                  on=D(2026, 1, 10))
    assert Fee.select().where((Fee.person == person["id"]) & (Fee.status == "open")).exists()
    new = make_vehicle(person["id"], year=2026, today=D(2026, 3, 1))
    assert vehicles.substitute(CLERK, permit["id"], new["id"], on=D(2026, 3, 1),
                               act_number="Portaria 3/2026")["new_vehicle_id"] == new["id"]

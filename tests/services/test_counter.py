"""services.counter: the second copy of the permit card per profile (fee, refusal where the
law has none, debts block it), the renewal preview, and which record actions apply for a
role — with the reason when one does not."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import RuleRefusal, ValidationError
from mototaxi_desk.services.views import counter
from mototaxi_desk.services import documents
from mototaxi_desk.services.payments import fees
from mototaxi_desk.store.models import Fee, Permit

from ..conftest import row_counts
from .licensing_rows import ATENDENTE, FISCAL, SUPERVISOR, holder_with_vehicle

ON = dt.date(2026, 6, 15)


def _issued(result: dict) -> dict:
    """The card printed (documents.confirm: the copy and its fee are issued together)."""
    documents.confirm(ATENDENTE, result)
    return result


def _permit(**kwargs) -> Permit:
    return holder_with_vehicle(ON, name="Conceição Araújo Sá", **kwargs)[2]


def test_srm_second_copy_pays_the_card_fee_and_debt_blocks_the_next(db, srm):
    """SRM Art. 47 I: 1 UFM for the card's issue; Art. 50: open debts block requests."""
    permit = _permit()
    first = _issued(counter.second_copy_card(ATENDENTE, permit.id, on=ON))
    assert first["copies"][0]["copy"] == 1 and first["fee"] is None
    second = _issued(counter.second_copy_card(ATENDENTE, permit.id, on=ON))
    assert second["copies"][0]["copy"] == 2 and second["pdf"].startswith(b"%PDF")
    fee = second["fee"]
    assert fee["code"] == "card" and fee["article"] == "Art. 47 I"
    assert fee["amount_cents"] == 4826 and fee["status"] == "open"
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos em aberto.*Art. 50"):
        counter.second_copy_card(ATENDENTE, permit.id, on=ON)
    assert row_counts() == before


def test_l1745_has_no_second_copy_after_the_first_print(db, l1745):
    """L1745: the law provides no second copy of the alvará (profile: allowed = false)."""
    permit = _permit()
    _issued(counter.second_copy_card(ATENDENTE, permit.id, on=ON))
    before = row_counts()
    with pytest.raises(RuleRefusal, match="não prevê segunda via"):
        counter.second_copy_card(ATENDENTE, permit.id, on=ON)
    assert row_counts() == before


def test_porto_feliz_second_copy_of_the_badge_is_free(db, pf):
    """PF Art. 15 §ú d: the crachá is mandatory equipment; the law charges no fee."""
    permit = _permit()
    _issued(counter.second_copy_card(ATENDENTE, permit.id, on=ON))
    again = _issued(counter.second_copy_card(ATENDENTE, permit.id, on=ON))
    assert again["fee"] is None and again["copies"][0]["copy"] == 2
    assert Fee.select().count() == 0


def test_renewal_preview_srm_five_years_with_the_card_fee(db, srm):
    """SRM Art. 51: renewal for 5 years, the card renewal fee (Art. 47 I)."""
    permit = _permit(valid_until=ON + dt.timedelta(days=30))
    preview = counter.renewal_preview(permit.id, on=ON)
    assert preview["new_valid_until"].year == ON.year + 5 and preview["article"] == "Art. 51"
    assert [c["amount_text"] for c in preview["charges"]] == ["R$ 48,26"]
    far = _permit(valid_until=ON + dt.timedelta(days=400))
    with pytest.raises(RuleRefusal, match="a partir de"):
        counter.renewal_preview(far.id, on=ON)


def test_actions_follow_role_and_state_with_the_reason(db, srm):
    permit = _permit(valid_until=ON + dt.timedelta(days=400))
    clerk = counter.actions(ATENDENTE, permit.holder_id, on=ON)
    assert not clerk["renew"]["enabled"] and "a partir de" in clerk["renew"]["why"]
    assert not clerk["pay"]["enabled"] and clerk["pay"]["why"] == "Nada em aberto."
    assert clerk["second_copy"]["enabled"] and clerk["new_application"]["enabled"]
    fees.charge(SUPERVISOR, permit.holder_id, "card", on=ON, permit_id=permit.id)
    assert counter.actions(ATENDENTE, permit.holder_id, on=ON)["pay"]["enabled"]
    fiscal = counter.actions(FISCAL, permit.holder_id, on=ON)
    for key in ("pay", "stand", "photo", "new_application"):
        assert not fiscal[key]["enabled"] and "Seu perfil não pode" in fiscal[key]["why"]
    Permit.update(valid_until=ON + dt.timedelta(days=20)).where(Permit.id == permit.id).execute()
    assert counter.actions(SUPERVISOR, permit.holder_id, on=ON)["renew"]["direct"] is True
    assert counter.actions(ATENDENTE, permit.holder_id, on=ON)["renew"]["direct"] is False


def test_pay_debt_routes_fee_and_refuses_an_empty_receipt(db, srm):
    permit = _permit()
    fee = fees.charge(SUPERVISOR, permit.holder_id, "card", on=ON, permit_id=permit.id)
    debt = fees.open_debts(permit.holder_id)[0]
    before = row_counts()
    with pytest.raises(ValidationError, match="recibo"):
        counter.pay_debt(ATENDENTE, debt, paid_on=ON, receipt="")
    assert row_counts() == before
    paid = counter.pay_debt(ATENDENTE, debt, paid_on=ON, receipt="DAM 1")
    assert paid["status"] == "paid" and Fee.get_by_id(fee.id).status == "paid"

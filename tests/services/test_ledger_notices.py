"""Infraction notices (SRM Arts. 34-35), fines (SRM Art. 39, PF Art. 32, L1745 Art. 8 §3º),
bad input refused with nothing written, immutability (void + reissue), payments (PF Art. 33,
SRM Art. 50), municipal holidays — on SQLite and PostgreSQL."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import auxiliary, permits
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, InfractionNotice, PenaltyCharge

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data


def test_notice_has_every_field_of_srm_art_35_and_yearly_number(srm):
    person, permit = holder_permit()
    n1 = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 14:30",
                                                  infractor_signed=False), on=TODAY)
    n2 = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "11/06/2026 09:00"),
                              on=TODAY)
    assert (n1["number"], n2["number"]) == ("00001/2026", "00002/2026")
    assert n1["holder_name"] == person["name"] and n1["permit_order_number"] == 1
    assert n1["plate"] == permit["plate"] and n1["infractor_role"] == "holder"
    assert n1["article"] == "Art. 36, IX" and n1["agent_registration"] == "MAT-1234"
    assert n1["occurred_at"] == dt.datetime(2026, 6, 10, 14, 30)
    # unsigned (Art. 34 §4º: still valid), not yet notified: no defence term yet
    assert n1["stage"] == "awaiting_notification" and n1["defence_deadline"] is None
    n3 = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "12/06/2026 09:00",
                                                  infractor_signed=True), on=TODAY)
    assert n3["notified_on"] == dt.date(2026, 6, 12) and n3["notification_channel"] == "in_person"
    assert AuditLog.select().where(AuditLog.action == "notice.record").count() == 3


def test_srm_fine_with_ufm_of_the_infraction_year_art_39(srm):
    setup.set_fiscal_unit_value(ADMIN, 2025, "40,00")
    _, permit = holder_permit(on=dt.date(2025, 3, 1))
    grave = ledger.record_notice(FISCAL, notice_data(permit, "36-XVII", "20/12/2025 10:00"),
                                 on=TODAY)
    assert grave["class_code"] == "grave" and grave["fine_cents"] == 4 * 4000
    gravissima = ledger.record_notice(FISCAL, notice_data(permit, "36-XVIII",
                                                          "05/06/2026 10:00"), on=TODAY)
    assert gravissima["fine_cents"] == 7 * 4826 and gravissima["fine_text"] == "R$ 337,82"
    assert gravissima["charges"][0]["units_text"] == "7 UFM"


def test_auxiliary_driver_is_the_infractor_holder_answers_srm_art_37_par_2(srm):
    person, permit = holder_permit()
    aux_person = make_person("Francisco das Chagas", today=dt.date(2026, 2, 1))
    aux = auxiliary.credential(SUPERVISOR, permit["id"], aux_person["id"],
                               on=dt.date(2026, 2, 1))
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00",
                                                 auxiliary_id=aux["id"]), on=TODAY)
    assert n["infractor_id"] == aux_person["id"] and n["infractor_role"] == "auxiliary"
    assert n["holder_id"] == person["id"]
    assert ledger.open_charges(person["id"])[0]["amount_cents"] == 2 * 4826


def test_pf_group_a_fine_50_tariffs_and_written_warning_art_31_32(pf):
    _, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "24-I", "10/06/2026 10:00"), on=TODAY)
    assert n["fine_cents"] == 50 * 500 and n["warning"] is True and n["points"] == 1


def test_l1745_authority_sets_10_to_20_ufica_and_no_permit_doubles(l1745):
    _, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "5-1", "10/06/2026 10:00",
                                                 fine_units="15"), on=TODAY)
    assert n["fine_cents"] == 15 * 4826
    _units_read_alike(n)
    someone = make_person("Pedro Sem Alvará", today=TODAY)
    data = {"holder_id": someone["id"], "infraction_code": "8-3", "place": "Centro",
            "agent_name": "Antônio Fiscal", "agent_registration": "M1", "plate": "ABC1D23"}
    first = ledger.record_notice(FISCAL, {**data, "occurred_at": "01/02/2026 10:00"}, on=TODAY)
    second = ledger.record_notice(FISCAL, {**data, "occurred_at": "01/05/2026 10:00"}, on=TODAY)
    assert (first["fine_cents"], second["fine_cents"]) == (5 * 4826, 10 * 4826)
    assert second["recidivism"] and second["infractor_role"] == "unlicensed"
    # voiding the first undoes the doubling of the open second fine (SRM-style Art. 35 §2º)
    result = ledger.void_notice(SUPERVISOR, first["id"], reason="Auto lavrado contra pessoa "
                                "errada", on=TODAY)
    assert result["repriced"] == [{"notice": second["number"], "old_cents": 48260,
                                   "new_cents": 24130}]
    assert [c["amount_cents"] for c in ledger.open_charges(someone["id"])] == [24130]


def _units_read_alike(n) -> None:
    """Fiscal units as plain data read the same on SQLite and PostgreSQL (whose NUMERIC(12,4)
    gives back '15.0000'): the notice, after a reload too, its fine and a fee."""
    assert n["fine_units"] == "15"
    assert ledger.notice(n["id"], on=TODAY)["fine_units"] == "15"
    debts = fees.open_debts(n["holder_id"])
    assert [c["units"] for c in debts if c.get("notice_id") == n["id"]] == ["15"]
    fee = fees.charge(CLERK, n["holder_id"], "permit_transfer", on=TODAY)  # Art. 8 §1º
    assert fee is not None
    assert [d["units"] for d in fees.open_debts(n["holder_id"])
            if d["source"] == "fee"] == ["1"]


@pytest.mark.parametrize("change, field", [
    ({"occurred_at": "16/06/2026 08:00"}, "Data e hora da infração"),      # future
    ({"occurred_at": "05/01/2026 08:00"}, "Permissão"),                    # before the grant
    ({"infraction_code": "24-I"}, "Infração"),                             # PF code in SRM
    ({"place": ""}, "Local da infração"),
    ({"notified_on": "01/06/2026", "notification_channel": "in_person"},
     "Data da notificação"),                                               # before the fact
    ({"notified_on": "12/06/2026", "notification_channel": "email"}, "Meio de notificação"),
])
def test_bad_notice_refused_nothing_written(srm, change, field):
    _, permit = holder_permit()
    before = row_counts()
    with pytest.raises(ValidationError) as exc:
        ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00", **change),
                             on=TODAY)
    assert exc.value.field == field
    assert row_counts() == before


def test_permit_ended_before_the_date_refused(srm):
    _, permit = holder_permit()
    permits.desist(SUPERVISOR, permit["id"], on=dt.date(2026, 3, 1))
    before = row_counts()
    with pytest.raises(ValidationError, match="extinta"):
        ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00"), on=TODAY)
    ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "20/02/2026 10:00"), on=TODAY)
    assert row_counts()["InfractionNotice"] == before["InfractionNotice"] + 1


def test_negative_fiscal_units_refused_nothing_written(l1745):
    _, permit = holder_permit()
    before = row_counts()
    with pytest.raises(ValidationError):
        ledger.record_notice(FISCAL, notice_data(permit, "5-1", "10/06/2026 10:00",
                                                 fine_units="-12"), on=TODAY)
    with pytest.raises(ValidationError):
        setup.set_fiscal_unit_value(ADMIN, 2026, "-50,00")
    assert row_counts() == before


def test_only_fiscal_supervisor_admin_record(srm):
    _, permit = holder_permit()
    with pytest.raises(PermissionDenied):
        ledger.record_notice(CLERK, notice_data(permit, "36-IX", "10/06/2026 10:00"), on=TODAY)


def test_void_and_reissue_never_edit_in_place(srm):
    """Art. 34: corrections are new entries with a reason, all in the audit log."""
    _, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00"), on=TODAY)
    new = ledger.reissue_notice(SUPERVISOR, n["id"], {"infraction_code": "36-X"},
                                reason="Inciso errado", on=TODAY)
    old = ledger.get_notice(n["id"])
    assert old.status == "voided" and old.infraction_code == "36-IX"
    assert "Inciso errado" in old.void_reason and new["reissue_of"] == n["id"]
    assert new["infraction_code"] == "36-X" and new["number"] == "00002/2026"
    assert PenaltyCharge.get(PenaltyCharge.notice == n["id"]).status == "voided"
    assert InfractionNotice.select().count() == 2
    actions = [a.action for a in AuditLog.select().order_by(AuditLog.id)]
    assert "notice.void" in actions and actions.count("notice.record") == 2
    with pytest.raises(DomainError, match="anulado"):
        ledger.void_notice(SUPERVISOR, n["id"], reason="de novo", on=TODAY)
    with pytest.raises(PermissionDenied):
        ledger.void_notice(FISCAL, new["id"], reason="x", on=TODAY)


def test_payment_whole_only_and_open_fines_are_debts_srm_art_50(srm):
    person, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-IX", "10/06/2026 10:00"), on=TODAY)
    charge_id = n["charges"][0]["id"]
    assert [d["kind"] for d in fees.open_debts(person["id"])] == ["fine"]
    with pytest.raises(RuleRefusal, match="Há débitos em aberto"):
        fees.check_no_debts(person["id"], "a renovação")
    before = row_counts()
    with pytest.raises(RuleRefusal, match="parcial"):
        ledger.pay_charge(CLERK, charge_id, paid_on=TODAY, receipt="DAM 9", amount="50,00",
                          on=TODAY)
    assert row_counts() == before
    paid = ledger.pay_charge(CLERK, charge_id, paid_on=TODAY, receipt="DAM 9",
                             amount="96,52", on=TODAY)
    # "does not release from fixing the fault" is PF Art. 33's, not SRM's: nothing here
    assert paid["status"] == "paid" and paid["note"] == ""
    fees.check_no_debts(person["id"], "a renovação")
    with pytest.raises(DomainError, match="não está em aberto"):
        ledger.pay_charge(CLERK, charge_id, paid_on=TODAY, receipt="X", amount="96,52",
                          on=TODAY)


def test_municipal_holidays_admin_only(srm):
    ledger.add_holiday(ADMIN, "20/01/2027", "São Sebastião (padroeiro)")
    assert ledger.list_holidays() == [{"day": dt.date(2027, 1, 20),
                                       "name": "São Sebastião (padroeiro)"}]
    assert not ledger.business_calendar().is_business_day(dt.date(2027, 1, 20))
    with pytest.raises(ValidationError):
        ledger.add_holiday(ADMIN, "20/01/2027", "Duplicado")
    with pytest.raises(PermissionDenied):
        ledger.add_holiday(SUPERVISOR, "21/01/2027", "X")
    ledger.remove_holiday(ADMIN, "20/01/2027")
    assert ledger.list_holidays() == []


def test_a_deadline_moved_off_a_sunday_says_why_citing_the_profile(srm):
    """SRM Art. 35 §1º: 10 days from the notification; ending on a Sunday it moves to the
    next business day, and the notice says so citing the profile's defence.extend_article
    (Lei 9.784/1999 Art. 66 §1º)."""
    _, permit = holder_permit()
    notice = ledger.record_notice(FISCAL, notice_data(
        permit, "36-IX", "05/03/2026 10:00", infractor_signed=True), on=dt.date(2026, 3, 5))
    assert notice["defence_deadline"] == dt.date(2026, 3, 16)  # 15/03/2026 is a Sunday
    assert notice["defence_deadline_note"] == (
        "o prazo terminaria em 15/03/2026, dia sem expediente, e passa ao dia útil seguinte "
        "(Lei 9.784/1999, Art. 66 §1º)")
    weekday = ledger.record_notice(FISCAL, notice_data(
        permit, "36-IX", "02/03/2026 10:00", infractor_signed=True), on=dt.date(2026, 3, 5))
    assert weekday["defence_deadline"] == dt.date(2026, 3, 12)  # a Thursday: as counted
    assert weekday["defence_deadline_note"] == "" and weekday["appeal_deadline_note"] == ""

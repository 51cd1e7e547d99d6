"""The bank's collection return (issue 22 item 2): a file the test writes in the FEBRABAN
150-character layout, with matched, duplicate, already-paid, unknown and divergent lines;
payments recorded through the counter's payment services with the bank's date and amount;
a second import changes nothing; a damaged file is refused whole."""
import datetime as dt

import pytest

from mototaxi_desk.domain import febraban
from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.services.payments import bank_returns, collection, fees, guias
from mototaxi_desk.services import ledger
from mototaxi_desk.services.context import SYSTEM, Actor
from mototaxi_desk.store.models import AuditLog, Fee, Guia, PenaltyCharge

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person
from .ledger_helpers import FISCAL, holder_permit, notice_data

ON = dt.date(2026, 4, 17)
PAID = dt.date(2026, 4, 20)


def return_file(lines: list[tuple[str, int]], *, sequence=7, paid_on=PAID) -> bytes:
    """A return file as the bank sends it: header A, one G per (barcode, cents), trailer Z."""
    records = [febraban.header_record(convenio="000123", company="PREF S R MANGABEIRAS",
                                      bank_code="001", bank_name="BANCO DO BRASIL",
                                      generated_on=paid_on + dt.timedelta(days=1),
                                      sequence=sequence)]
    for n, (barcode, cents) in enumerate(lines, 1):
        records.append(febraban.item_record(barcode_digits=barcode, cents=cents,
                                            paid_on=paid_on, credited_on=paid_on
                                            + dt.timedelta(days=1), record_number=n,
                                            agency="1234", authentication=f"A{n:05d}"))
    records.append(febraban.trailer_record(len(records) + 1, sum(c for _b, c in lines)))
    return ("\r\n".join(records) + "\r\n").encode("ascii")


@pytest.fixture
def issued(srm):
    """Three guias: two fees of two people and a fine."""
    collection.update(SYSTEM, cnpj="11222333000181", febraban_code="1234",
                      pix_key="11222333000181")
    made = {}
    for key, name in (("a", "Conceição Araújo Sá"), ("b", "João Sá Silva")):
        person = make_person(name, today=ON)
        fee = fees.charge(CLERK, person["id"], "stand_change", on=ON)
        made[key] = guias.issue(CLERK, "fee", fee.id, on=ON)["guia"]
    person, permit = holder_permit(on=dt.date(2026, 1, 10))
    ledger.record_notice(FISCAL, notice_data(permit, "36-II", dt.datetime(2026, 4, 10, 9)),
                         on=ON)
    charge = ledger.open_charges(person["id"])[0]
    made["fine"] = guias.issue(CLERK, "penalty", charge["id"], on=ON)["guia"]
    return made


def test_payments_are_matched_reported_and_recorded_through_the_payment_services(issued):
    """Only the whole amount pays a debt (open fines are debts paid in full, SRM Art. 50;
    ledger.pay_charge): a smaller payment is reported, not applied."""
    a, b, fine = issued["a"], issued["b"], issued["fine"]
    fees.pay(CLERK, b["debt_id"], paid_on=ON, receipt="PIX no balcão")   # paid at the counter
    foreign = febraban.barcode(febraban="9999", cents=5000, free_field="0" * 25)
    content = return_file([(a["barcode"], a["amount_cents"]),
                           (a["barcode"], a["amount_cents"]),          # the same slip twice
                           (b["barcode"], b["amount_cents"]),
                           (foreign, 5000),
                           (fine["barcode"], fine["amount_cents"] - 100),  # not the whole fine
                           ("8" * 44, 100)])                             # unreadable
    report = bank_returns.import_file(SUPERVISOR, content, file_name="RET0007.TXT")
    assert report["counts"] == {"matched": 1, "already_paid": 2, "unknown": 2,
                                "not_applied": 1}
    outcomes = [(i["line"], i["outcome"]) for i in report["items"]]
    assert outcomes == [(2, "matched"), (3, "already_paid"), (4, "already_paid"),
                        (5, "unknown"), (6, "not_applied"), (7, "unknown")]
    assert "integral" in report["items"][4]["note"]
    fee = Fee.get_by_id(a["debt_id"])                 # paid with the bank's date
    assert (fee.status, fee.paid_on) == ("paid", PAID)
    assert fee.receipt == f"DAM {a['number_text']} · banco 001 NSA 7"
    assert Guia.get_by_id(a["id"]).status == "paid"
    assert guias.as_dict(Guia.get_by_id(b["id"]))["state"] == "settled"
    assert PenaltyCharge.get_by_id(fine["debt_id"]).status == "open"
    assert not [d for d in fees.open_debts(a["person_id"])]         # the record sees it
    assert AuditLog.select().where((AuditLog.action == "fee.pay") & (
        AuditLog.entity_id == str(a["debt_id"]))).count() == 1
    assert AuditLog.select().where(AuditLog.action == "guia.pay").count() == 1
    assert "1 baixado(s), 2 já pago(s), 2 não identificado(s), 1 não aplicado(s)" in \
        report["summary"]


def test_a_fine_paid_in_full_at_the_bank_is_paid_in_the_ledger(issued):
    fine = issued["fine"]
    bank_returns.import_file(SUPERVISOR, return_file([(fine["barcode"],
                                                       fine["amount_cents"])]))
    charge = PenaltyCharge.get_by_id(fine["debt_id"])
    assert (charge.status, charge.paid_on, charge.paid_cents) == ("paid", PAID,
                                                                 fine["amount_cents"])
    assert ledger.open_charges(fine["person_id"]) == []


def test_importing_the_same_file_again_changes_nothing(issued):
    a = issued["a"]
    content = return_file([(a["barcode"], a["amount_cents"])])
    first = bank_returns.import_file(SUPERVISOR, content)
    before = row_counts()
    again = bank_returns.import_file(SUPERVISOR, content)
    assert again["already_imported"] and "já foi importado" in again["summary"]
    assert again["items"] == first["items"] and row_counts() == before
    # another file (the bank's next one) listing the same payment: reported, not paid twice
    later = bank_returns.import_file(SUPERVISOR, return_file(
        [(a["barcode"], a["amount_cents"])], sequence=8, paid_on=PAID + dt.timedelta(days=1)))
    assert later["counts"]["already_paid"] == 1 and later["counts"]["matched"] == 0
    assert Fee.get_by_id(a["debt_id"]).paid_on == PAID


def test_a_replaced_guia_paid_anyway_still_pays_its_debt(issued):
    a = issued["a"]
    guias.issue(CLERK, "fee", a["debt_id"], on=ON)   # the clerk issued a new one
    report = bank_returns.import_file(SUPERVISOR, return_file([(a["barcode"],
                                                                a["amount_cents"])]))
    assert report["counts"]["matched"] == 1
    assert Fee.get_by_id(a["debt_id"]).status == "paid"


def test_a_damaged_file_is_refused_whole_and_nothing_is_written(issued):
    a = issued["a"]
    content = return_file([(a["barcode"], a["amount_cents"])])
    cut = content[:-len(b"\r\n") - 150 - 2]   # the trailer lost in transfer
    before = row_counts()
    with pytest.raises(DomainError, match="registro Z"):
        bank_returns.import_file(SUPERVISOR, cut)
    with pytest.raises(DomainError, match="valor total"):
        bank_returns.import_file(SUPERVISOR, content.replace(
            f"{a['amount_cents']:017d}".encode(), f"{a['amount_cents'] + 1:017d}".encode()))
    assert row_counts() == before


def test_a_clerk_may_not_import_a_bank_return(issued):
    with pytest.raises(DomainError, match="não pode importar o retorno bancário"):
        bank_returns.import_file(Actor(None, "at", "atendente"), return_file([]))

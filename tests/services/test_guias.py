"""Guias de recolhimento (issue 22 item 1): one open fee or fine, a gap-free yearly number,
audited; due on a business day of the município; a FEBRABAN collection barcode and a PIX
BR Code read back from the printed PDF (zxing-cpp) and checked field by field."""
import datetime as dt

import pytest

from mototaxi_desk.domain import febraban, pix
from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.services.payments import collection, fees, guias
from mototaxi_desk.services import ledger, permissions
from mototaxi_desk.services.context import SYSTEM, Actor
from mototaxi_desk.store.models import AuditLog, Guia, PrintLog

from ..conftest import row_counts
from ..factories import CLERK, make_person
from ..printing import pdf_tools
from .ledger_helpers import FISCAL, holder_permit, notice_data

ON = dt.date(2026, 4, 17)  # a Friday; Tuesday 21/04 is Tiradentes (national holiday)
CNPJ = "11222333000181"


@pytest.fixture
def charging(srm):
    """The município's collection data, as the admin sets it on Configurações → Cobrança."""
    return collection.update(SYSTEM, cnpj="11.222.333/0001-81", febraban_code="1234",
                             pix_key=CNPJ)


def _fee(name="Conceição Araújo Sá", key="stand_change"):
    person = make_person(name, today=ON)
    return person, fees.charge(CLERK, person["id"], key, on=ON)


def test_a_guia_for_a_fee_prints_a_barcode_and_a_pix_code_that_read_back(charging):
    person, fee = _fee()
    result = guias.issue(CLERK, "fee", fee.id, on=ON)
    guia = result["guia"]
    assert guia["number_text"] == f"{ON.year}/000001" and guia["amount_cents"] == 14478
    pdf = result["pdf"]
    assert pdf_tools.page_sizes_mm(pdf) == [(210.0, 297.0)]       # one A4 page
    image = pdf_tools.raster(pdf, 0, 300)
    import zxingcpp
    bars = [r.text for r in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.ITF)]
    assert bars == [guia["barcode"]] * 2                          # applicant's and bank's part
    code = febraban.parse_barcode(bars[0])                        # check digits recomputed
    assert (code.segment, code.value_id, code.cents, code.febraban) == ("1", "6", 14478, "1234")
    assert febraban.guia_from_free_field(code.free_field) == (guia["due_on"], ON.year, 1)
    qrs = pdf_tools.qr_texts(pdf, 0, 300)
    assert len(qrs) == 1
    brcode = pix.parse(qrs[0])                                    # CRC recomputed
    assert brcode.account["00"] == "br.gov.bcb.pix" and brcode.key == CNPJ
    assert brcode.cents == 14478 and brcode.txid == f"DAM{ON.year}000000001"
    assert brcode.fields["58"] == "BR" and brcode.fields["60"] == "Sao Raimundo da"
    text = pdf_tools.text(pdf)
    for expected in ("Via do contribuinte", "Via do banco", "11.222.333/0001-81",
                     "Conceição Araújo Sá", "R$ 144,78", "Art. 47 IV", guia["typeable_line"],
                     f"DAM nº {ON.year}/000001"):
        assert expected in text, expected
    assert person["cpf"] not in text and "***." in text           # the CPF masked (LGPD)
    assert PrintLog.get(PrintLog.document == "guia").copy == 1
    assert AuditLog.select().where(AuditLog.action == "guia.issue").count() == 1


def test_a_fine_gets_a_guia_with_the_notice_number_and_mod11_when_the_bank_says_so(srm):
    collection.update(SYSTEM, cnpj=CNPJ, febraban_code="0987", barcode_module="11",
                      pix_key="tesouraria@prefeitura.ma.gov.br")
    person, permit = holder_permit(on=dt.date(2026, 1, 10))
    notice = ledger.record_notice(FISCAL, notice_data(permit, "36-II", dt.datetime(
        2026, 4, 10, 9, 30)), on=ON)
    charge = ledger.open_charges(person["id"])[0]
    result = guias.issue(CLERK, "penalty", charge["id"], on=ON)
    code = febraban.parse_barcode(result["guia"]["barcode"])
    assert code.value_id == "8" and code.module == 11 and code.cents == charge["amount_cents"]
    assert f"auto de infração nº {notice['number']}" in pdf_tools.text(result["pdf"])


def test_due_dates_fall_on_business_days_of_the_municipio(charging):
    """Five business days, not counting weekends, Tiradentes (21/04) nor a municipal
    holiday; a chosen date that is not a business day moves to the next one."""
    _person, fee = _fee()
    assert guias.default_due(ON) == dt.date(2026, 4, 27)
    ledger.add_holiday(SYSTEM, dt.date(2026, 4, 23), "Padroeira do município")
    assert guias.default_due(ON) == dt.date(2026, 4, 28)
    result = guias.issue(CLERK, "fee", fee.id, due="25/04/2026", on=ON)  # a Saturday
    assert result["guia"]["due_on"] == dt.date(2026, 4, 27)
    assert guias.due_date("23/04/2026", ON) == dt.date(2026, 4, 24)


def test_numbers_are_gap_free_and_a_new_guia_replaces_the_open_one(charging):
    _person, fee = _fee()
    first = guias.issue(CLERK, "fee", fee.id, on=ON)["guia"]
    with pytest.raises(ValidationError):   # refused before a number is taken
        guias.issue(CLERK, "fee", fee.id, due="01/01/2020", on=ON)
    second = guias.issue(CLERK, "fee", fee.id, on=ON)["guia"]
    assert (first["number"], second["number"]) == (1, 2)
    assert Guia.get_by_id(first["id"]).status == "replaced"
    assert guias.as_dict(Guia.get_by_id(first["id"]), on=ON)["state_label"].startswith(
        "Substituída")
    again = guias.print_guia(CLERK, second["number_text"])
    assert again["copies"][0]["copy"] == 2 and again["guia"]["barcode"] == second["barcode"]
    from mototaxi_desk.services.trust import integrity
    assert integrity.number_problems() == []          # `check` counts guias too
    Guia.delete().where(Guia.id == first["id"]).execute()
    assert integrity.number_problems() == [f"guias de recolhimento de {ON.year}: faltam 1 "
                                           "número(s) (1)."]


def test_only_pix_when_the_municipio_has_no_febraban_code(srm):
    collection.update(SYSTEM, cnpj=CNPJ, pix_key="+55 (99) 98765-4321")
    _person, fee = _fee()
    result = guias.issue(CLERK, "fee", fee.id, on=ON)
    assert result["guia"]["barcode"] == "" and result["guia"]["pix_txid"]
    assert "Sem código de barras" in pdf_tools.text(result["pdf"])
    assert pix.parse(pdf_tools.qr_texts(result["pdf"])[0]).key == "+5599987654321"


def test_without_collection_data_nothing_is_issued(srm):
    _person, fee = _fee()
    before = row_counts()
    with pytest.raises(DomainError, match="CNPJ"):
        guias.issue(CLERK, "fee", fee.id, on=ON)
    collection.update(SYSTEM, cnpj=CNPJ)
    with pytest.raises(DomainError, match="FEBRABAN ou a chave PIX"):
        guias.issue(CLERK, "fee", fee.id, on=ON)
    assert {k: v for k, v in row_counts().items() if k != "AuditLog"} == \
        {k: v for k, v in before.items() if k != "AuditLog"}


def test_a_paid_or_unknown_debt_gets_no_guia_and_nothing_is_written(charging):
    _person, fee = _fee()
    fees.pay(CLERK, fee.id, paid_on=ON, receipt="123")
    before = row_counts()
    with pytest.raises(DomainError, match="não está em aberto"):
        guias.issue(CLERK, "fee", fee.id, on=ON)
    with pytest.raises(ValidationError, match="não existe"):
        guias.issue(CLERK, "penalty", 999, on=ON)
    assert row_counts() == before


def test_a_fiscal_cannot_issue_guias():
    assert not permissions.can(Actor(1, "f", "fiscal"), "guia.issue")
    assert permissions.can(CLERK, "guia.issue")


BAD_COLLECTION = [("cnpj", "11.222.333/0001-80", "CNPJ"), ("febraban_code", "12a4", "FEBRABAN"),
                  ("barcode_module", "12", "Módulo"), ("pix_key", "fulano@", "Chave PIX")]


def test_bad_collection_data_is_refused_naming_the_field_and_only_admins_change_it(srm):
    before = row_counts()
    for field, value, why in BAD_COLLECTION:
        with pytest.raises(ValidationError, match=why):
            collection.update(SYSTEM, **{field: value})
    assert row_counts() == before
    with pytest.raises(DomainError, match="não pode"):
        collection.update(Actor(1, "s", "supervisor"), cnpj=CNPJ)

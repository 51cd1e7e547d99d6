"""Auto de infração (SRM Art. 35: every field, the fine, the defence deadline and where to
file it) and the impound release receipt with each amount (SRM Arts. 46, 48), printed."""
import pytest

from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.services import documents, ledger
from mototaxi_desk.services.ledger import impounds

from ..factories import CLERK
from ..printing import pdf_tools
from .ledger_helpers import FISCAL, TODAY, holder_permit, notice_data
from .test_ledger_impound import NOW


def test_notice_has_every_field_of_srm_art_35(srm):
    _, permit = holder_permit("Conceição Araújo Sá")
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-I", "10/06/2026 23:30",
                                                 notified_on="12/06/2026",
                                                 notification_channel="in_person"), on=TODAY)
    printed = documents.print_notice(FISCAL, n["number"])
    assert pdf_tools.page_sizes_mm(printed["pdf"])[0] == (210.0, 297.0)
    text = pdf_tools.text(printed["pdf"]).replace("\r", "").replace("\n", " ")
    for word in (f"AUTO DE INFRAÇÃO Nº {n['number']}", "Conceição Araújo Sá",
                 f"{permit['order_number']:04d}", n["plate"], "Permissionário", "CPF",
                 n["article"], "Praça da Matriz", "10/06/2026 às 23:30", "Constatado em ronda.",
                 "Antônio Fiscal", "MAT-1234", "a ausência não invalida o auto",
                 n["fine_text"], "UFM", "Prazo para defesa", "Art. 35 §1º", "Onde apresentar",
                 "Protocolo da Prefeitura Municipal de São Raimundo das Mangabeiras",
                 "Art. 49"):
        assert word in text, word
    assert documents.print_notice(FISCAL, n["number"])["copies"][0]["copy"] == 2
    with pytest.raises(ValidationError, match="não existe"):
        documents.print_notice(FISCAL, "99999/2026")


def test_release_receipt_shows_each_amount_srm_art_46_48(srm):
    person, permit = holder_permit()
    n = ledger.record_notice(FISCAL, notice_data(permit, "36-I", "10/06/2026 23:30"), on=TODAY)
    row = impounds.impound_vehicle(FISCAL, notice_id=n["id"], place="Garagem municipal",
                                   deposited_at="10/06/2026 23:50", boletim="BO 77/2026",
                                   now=NOW)
    with pytest.raises(DomainError, match="ainda não foi liberado"):
        documents.print_release(CLERK, n["number"])
    ledger.pay_charge(CLERK, n["charges"][0]["id"], paid_on=TODAY, receipt="DAM 5",
                      amount=n["charges"][0]["amount_text"].replace("R$ ", ""), on=TODAY)
    done = impounds.release_vehicle(CLERK, row["id"], released_at="11/06/2026 00:10",
                                    removal="80,00", removal_receipt="R1",
                                    storage_receipt="E1", now=NOW)
    printed = documents.print_release(CLERK, n["number"])
    text = pdf_tools.text(printed["pdf"])
    for word in ("RECIBO DE LIBERAÇÃO DE VEÍCULO", "Garagem municipal", "BO 77/2026",
                 "Despesas de remoção", "R$ 80,00", "Estadia", "R1", "E1", "DAM 5",
                 done["receipt"]["total_text"], "10/06/2026 às 23:50", "11/06/2026 às 00:10"):
        assert word in text, word
    assert documents.print_release(CLERK, str(row["id"]))["copies"][0]["copy"] == 2

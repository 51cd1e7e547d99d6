"""Applications (requerimentos): protocol, checklist from the profile, workflow."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import applications as apps
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import Application, AuditLog

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person


def test_protocol_numbers_sequential_per_year_without_gaps(municipio):
    person = make_person()
    numbers = [apps.file_application(CLERK, person["id"], "new_permit",
                                     on=dt.datetime(2026, 12, 30, 10))["protocol"]
               for _ in range(3)]
    assert numbers == ["2026/000001", "2026/000002", "2026/000003"]
    first_2027 = apps.file_application(CLERK, person["id"], "new_permit",
                                       on=dt.datetime(2027, 1, 2, 9))
    assert first_2027["protocol"] == "2027/000001"


def test_refused_filing_gives_its_number_back(municipio):
    """A refused request writes nothing, so the next protocol has no gap."""
    person = make_person()
    apps.file_application(CLERK, person["id"], "new_permit", on=dt.datetime(2026, 5, 1))
    with pytest.raises(ValidationError):
        apps.file_application(CLERK, person["id"], "renewal", on=dt.datetime(2026, 5, 1))
    nxt = apps.file_application(CLERK, person["id"], "new_permit", on=dt.datetime(2026, 5, 1))
    assert nxt["protocol"] == "2026/000002"


def test_checklist_of_the_type_comes_from_the_profile_srm_art_20(municipio):
    """SRM Art. 20: the 19 requirements of a new permit."""
    person = make_person()
    app = apps.file_application(CLERK, person["id"], "new_permit")
    assert len(app["checklist"]) == 19
    assert all(item["article"].startswith("Art. 20") for item in app["checklist"])
    assert app["status"] == "protocolado" and app["history"][0]["to"] == "protocolado"


def test_defer_needs_every_mandatory_document(municipio):
    person = make_person()
    app = apps.file_application(CLERK, person["id"], "new_permit")
    mandatory = [c["code"] for c in app["checklist"] if c["mandatory"]]
    for code in mandatory[:-1]:
        apps.set_checklist_item(CLERK, app["id"], code, received=True)
    with pytest.raises(RuleRefusal, match="Faltam 1 documento"):
        apps.change_status(SUPERVISOR, app["id"], "deferido")
    apps.set_checklist_item(CLERK, app["id"], mandatory[-1], received=True, note="cópia")
    decided = apps.change_status(SUPERVISOR, app["id"], "deferido", reason="Documentos ok")
    assert decided["status"] == "deferido" and decided["decided_at"] is not None
    assert [h["to"] for h in decided["history"]] == ["protocolado", "deferido"]


def test_workflow_transitions_and_reasons(municipio):
    person = make_person()
    app = apps.file_application(CLERK, person["id"], "new_permit")
    apps.change_status(CLERK, app["id"], "em_analise")
    with pytest.raises(ValidationError, match="Motivo"):
        apps.change_status(CLERK, app["id"], "pendente")
    apps.change_status(CLERK, app["id"], "pendente", reason="Falta certidão criminal")
    with pytest.raises(PermissionDenied):
        apps.change_status(CLERK, app["id"], "indeferido", reason="x")
    apps.change_status(SUPERVISOR, app["id"], "indeferido", reason="Não atende Art. 20 VII")
    with pytest.raises(DomainError, match="não é possível passar"):
        apps.change_status(SUPERVISOR, app["id"], "deferido")


def test_debts_block_every_request_srm_art_50(municipio):
    person = make_person()
    fees.charge(CLERK, person["id"], "card", on=dt.date.today())
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos em aberto") as err:
        apps.file_application(CLERK, person["id"], "new_permit")
    assert "Art. 50" in str(err.value)
    assert row_counts() == before


def test_type_the_law_does_not_provide_is_refused_pf(make_municipio):
    """PF has no stand change request (stands are set by the Secretaria, Art. 10)."""
    make_municipio("porto-feliz-2017")
    person = make_person()
    with pytest.raises(RuleRefusal, match="não é prevista"):
        apps.file_application(CLERK, person["id"], "stand_change", permit_id=1)


@pytest.mark.parametrize("kwargs, words", [
    ({"app_type": "mudanca"}, "Tipo"), ({"app_type": "renewal"}, "Permissão"),
    ({"app_type": "new_permit", "notes": "x" * 3000}, "Observações"),
])
def test_bad_input_writes_nothing(municipio, kwargs, words):
    person = make_person()
    before = row_counts()
    with pytest.raises(ValidationError, match=words):
        apps.file_application(CLERK, person["id"], **kwargs)
    assert row_counts() == before


def test_checklist_unknown_code_and_after_decision(municipio):
    person = make_person()
    app = apps.file_application(CLERK, person["id"], "new_permit")
    with pytest.raises(ValidationError, match="não faz parte"):
        apps.set_checklist_item(CLERK, app["id"], "inexistente", received=True)
    apps.change_status(SUPERVISOR, app["id"], "arquivado", reason="Desistiu do pedido")
    with pytest.raises(DomainError, match="arquivado"):
        apps.set_checklist_item(CLERK, app["id"], app["checklist"][0]["code"], received=True)


def test_by_protocol_and_audit(municipio):
    person = make_person()
    app = apps.file_application(CLERK, person["id"], "new_permit")
    assert apps.by_protocol(app["protocol"]).id == app["id"]
    with pytest.raises(ValidationError, match="AAAA/NNNNNN"):
        apps.by_protocol("12/3")
    assert AuditLog.select().where(AuditLog.action == "application.file").count() == 1
    assert Application.select().count() == 1


def test_filed_with_the_documents_handed_in_in_one_transaction_srm_art_20(municipio):
    """SRM Art. 20: the papers a person hands in at the counter are marked received with
    the protocol, one audit entry each; an unknown code writes nothing, not even the
    protocol (its number is not used up)."""
    person = make_person()
    codes = [c["code"] for c in apps.file_application(CLERK, person["id"],
                                                      "new_permit")["checklist"]][:3]
    before = row_counts()
    with pytest.raises(ValidationError, match="Documento"):
        apps.file_application(CLERK, person["id"], "new_permit", received=[*codes, "nada"])
    assert row_counts() == before
    app = apps.file_application(CLERK, person["id"], "new_permit", received=codes)
    assert app["protocol"].endswith("000002")
    got = {c["code"]: c["received"] for c in app["checklist"]}
    assert [code for code, received in got.items() if received] == codes
    entries = AuditLog.select().where((AuditLog.action == "application.checklist") &
                                      (AuditLog.entity_id == str(app["id"]))).count()
    assert entries == 3


def test_several_documents_marked_at_once_or_none(municipio):
    person = make_person()
    app = apps.file_application(CLERK, person["id"], "new_permit")
    codes = [c["code"] for c in app["checklist"]]
    before = row_counts()
    with pytest.raises(ValidationError, match="'xyz' não faz parte"):
        apps.set_checklist_items(CLERK, app["id"], [codes[0], "xyz"], received=True)
    assert row_counts() == before
    app = apps.set_checklist_items(CLERK, app["id"], codes[:5], received=True)
    assert sum(c["received"] for c in app["checklist"]) == 5
    app = apps.set_checklist_items(CLERK, app["id"], codes[:2], received=False)
    assert sum(c["received"] for c in app["checklist"]) == 3

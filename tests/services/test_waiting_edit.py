"""Editing the waiting list at the counter (issue 15 item 3): the inputs each profile's
ranking needs (L1745 Art. 12 §2º: seniority, family situation, vehicle condition; the
weighted infractions and the lottery are the program's), correcting an entry while it
waits (audited, the order follows), only the notes of a called one, and the enrolment
refusals the form asks before it is filled."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services import setup
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.store.models import AuditLog

from ..conftest import L1745, PF, SRM, row_counts
from .licensing_rows import ATENDENTE, person

ON = dt.date(2026, 3, 2)


def test_l1745_art_12_par_2_the_ranking_asks_seniority_family_and_vehicle(make_municipio):
    make_municipio(L1745, today=ON)
    inputs = waiting_list.ranking_inputs()
    assert [i["field"] for i in inputs] == ["seniority_years", "dependents", "vehicle_condition"]
    assert [i["criterion"] for i in inputs] == ["seniority", "family_situation",
                                                "vehicle_condition"]
    assert inputs[2]["maximum"] == 10


@pytest.mark.parametrize("profile_id", [SRM, PF])
def test_srm_art_3_and_pf_art_12_enrolment_order_asks_nothing(make_municipio, profile_id):
    make_municipio(profile_id, today=ON)
    assert waiting_list.ranking_inputs() == []
    assert setup.profile().waiting_list.mode in ("licitacao", "automatic")


def test_l1745_art_12_par_2_editing_the_seniority_reorders_and_is_audited(make_municipio):
    make_municipio(L1745, today=ON)
    first = waiting_list.enrol(ATENDENTE, person("Primeira Pessoa").id, on=ON,
                               seniority_years=10)
    second = waiting_list.enrol(ATENDENTE, person("Segunda Pessoa").id, on=ON,
                                seniority_years=8)
    assert [e["id"] for e in waiting_list.ordered(ON)] == [first["id"], second["id"]]
    edited = waiting_list.update_entry(ATENDENTE, second["id"], {"seniority_years": "12",
                                                                 "notes": "Carteira de 2014"})
    assert edited["seniority_years"] == 12 and edited["notes"] == "Carteira de 2014"
    assert [e["id"] for e in waiting_list.ordered(ON)] == [second["id"], first["id"]]
    log = AuditLog.get(AuditLog.action == "waiting_list.edit")
    assert json.loads(log.before)["seniority_years"] == 8
    assert json.loads(log.after)["seniority_years"] == 12


def test_bad_edits_name_the_field_and_write_nothing(make_municipio):
    make_municipio(L1745, today=ON)
    entry = waiting_list.enrol(ATENDENTE, person("Pessoa Qualquer").id, on=ON)
    before = row_counts()
    for data, field in (({"dependents": "-1"}, "Dependentes"),
                        ({"vehicle_condition": 11},
                         "Estado de conservação do veículo (0 a 10)"),
                        ({"seniority_years": True}, "Tempo de atividade no serviço (anos)"),
                        ({"notes": "x" * 600}, "Observações"),
                        ({"person_id": 3}, "person_id")):
        with pytest.raises(ValidationError) as err:
            waiting_list.update_entry(ATENDENTE, entry["id"], data)
        assert err.value.field == field
    assert row_counts() == before


def test_a_called_entry_keeps_its_place_only_notes_change(make_municipio):
    make_municipio(L1745, today=ON)
    entry = waiting_list.enrol(ATENDENTE, person("Pessoa Convocada").id, on=ON)
    waiting_list.call_next(ATENDENTE, on=ON)
    before = row_counts()
    with pytest.raises(DomainError, match="só as observações"):
        waiting_list.update_entry(ATENDENTE, entry["id"], {"seniority_years": 20})
    assert row_counts() == before
    assert waiting_list.update_entry(ATENDENTE, entry["id"], {"notes": "Ligou"})["notes"] == \
        "Ligou"
    waiting_list.leave(ATENDENTE, entry["id"], reason="Desistência")
    with pytest.raises(DomainError, match="não pode ser alterada"):
        waiting_list.update_entry(ATENDENTE, entry["id"], {"notes": "x"})


def test_l1745_art_13_check_can_enrol_before_the_form_is_filled(make_municipio):
    make_municipio(L1745, today=ON)
    someone = person("Ja Na Lista")
    waiting_list.check_can_enrol(someone.id)  # nothing against
    waiting_list.enrol(ATENDENTE, someone.id, on=ON)
    with pytest.raises(RuleRefusal, match="já está na lista de espera") as err:
        waiting_list.check_can_enrol(someone.id)
    assert err.value.article == "Art. 13"

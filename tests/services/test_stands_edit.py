"""Editing, closing and reopening a ponto (issue 15 item 2): the maximum set by act (number
and date, SRM Art. 22 §1º; L1745 Art. 5 and 12), the distance rule on moving it (SRM Art. 31
XVIII), never fewer places than the ones in use, closing only an empty ponto, fees where a
responsible holder owes them (SRM Art. 47 VI, VII), the município-wide numbers applying to
new pontos; each refusal writes nothing, each change is audited with before and after."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services import setup
from mototaxi_desk.services.register import stands
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import AuditLog, Fee, Stand

from ..conftest import row_counts
from . import fleet_helpers as h
from .fleet_helpers import ON

LAT, LON = "-7,021900", "-45,481100"
NEAR_LON = "-45,481500"   # about 44 m west
FAR_LON = "-45,490000"    # about 980 m west


def _stand(number=1, **data) -> dict:
    return stands.create_stand(h.admin(), {"number": number, "name": f"Ponto {number}",
                                           "location": "Praça da Matriz", **data}, on=ON)


def _last_audit(action: str) -> AuditLog:
    return AuditLog.select().where(AuditLog.action == action).order_by(AuditLog.id.desc()).get()


def test_edit_changes_the_data_and_audits_before_after(srm):
    stand = _stand()
    changed = stands.edit_stand(h.admin(), stand["id"], {"name": "Ponto do Mercado",
                                                         "location": "Rua do Mercado, 10"},
                                on=ON)
    assert changed["name"] == "Ponto do Mercado" and changed["number"] == 1
    entry = _last_audit("stand.edit")
    assert json.loads(entry.before)["name"] == "Ponto 1"
    assert json.loads(entry.after)["location"] == "Rua do Mercado, 10"


def test_srm_art_22_par_1_raising_the_maximum_needs_the_act_number_and_date(srm):
    stand = _stand()
    before = row_counts()
    with pytest.raises(RuleRefusal, match="de 10 para 12 motocicletas depende de ato") as err:
        stands.edit_stand(h.admin(), stand["id"], {"max_vehicles": 12}, on=ON)
    assert err.value.article == "Art. 22 §1º"
    with pytest.raises(RuleRefusal, match="número e a data"):
        stands.edit_stand(h.admin(), stand["id"], {"max_vehicles": 12,
                                                   "max_raised_by_act": "Portaria 9/2026"},
                          on=ON)
    assert row_counts() == before
    raised = stands.edit_stand(h.admin(), stand["id"], {
        "max_vehicles": 12, "max_raised_by_act": "Portaria 9/2026",
        "max_act_date": "20/05/2026"}, on=ON)
    assert (raised["max_vehicles"], raised["max_raised_by_act"], raised["max_act_date"]) == (
        12, "Portaria 9/2026", dt.date(2026, 5, 20))
    after = json.loads(_last_audit("stand.edit").after)
    assert after["max_act_date"] == "2026-05-20" and after["max_vehicles"] == 12
    # a later edit of the name keeps the act that set the maximum
    renamed = stands.edit_stand(h.admin(), stand["id"], {"name": "Praça"}, on=ON)
    assert renamed["max_raised_by_act"] == "Portaria 9/2026"
    # lowering a maximum an act raised is an act too
    with pytest.raises(RuleRefusal, match="de 12 para 10"):
        stands.edit_stand(h.admin(), stand["id"], {"max_vehicles": 10}, on=ON)


def test_srm_art_22_par_1_within_the_law_no_act_is_needed(srm):
    stand = _stand()
    lowered = stands.edit_stand(h.admin(), stand["id"], {"max_vehicles": 8}, on=ON)
    assert lowered["max_vehicles"] == 8 and lowered["max_raised_by_act"] == ""
    with pytest.raises(RuleRefusal, match="no mínimo 5"):
        stands.edit_stand(h.admin(), stand["id"], {"min_vehicles": 3}, on=ON)


def test_pf_art_7_a_maximum_the_law_leaves_to_each_ponto_changes_only_by_act(make_municipio):
    """PF Art. 7 §§1º-2º and L1745 Art. 5: the number is set per ponto; changing it is an
    act of the authority (L1745 Art. 12: ampliação by despacho)."""
    make_municipio("porto-feliz-2017", today=dt.date(2026, 1, 2))
    stand = _stand(max_vehicles=6)
    with pytest.raises(RuleRefusal, match="de 6 para 8") as err:
        stands.edit_stand(h.admin(), stand["id"], {"max_vehicles": 8}, on=ON)
    assert err.value.article == "Art. 7 §§1º-2º"
    done = stands.edit_stand(h.admin(), stand["id"], {
        "max_vehicles": 8, "max_raised_by_act": "Decreto 3/2026", "max_act_date": ON}, on=ON)
    assert done["max_vehicles"] == 8


def test_the_maximum_never_goes_below_the_places_in_use(srm):
    stand = _stand()
    for position in (1, 2, 9):
        h.permit(h.bare_person(), stand=stand["id"], stand_position=position, stand_since=ON)
    before = row_counts()
    with pytest.raises(DomainError, match="vaga\\(s\\) 9"):
        stands.edit_stand(h.admin(), stand["id"], {"max_vehicles": 8}, on=ON)
    assert row_counts() == before


def test_srm_art_31_xviii_moving_a_ponto_near_another_is_refused(srm):
    _stand(1, latitude=LAT, longitude=LON)
    second = _stand(2, latitude=LAT, longitude=FAR_LON)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="O ponto fica a 4\\d m do Ponto 01") as err:
        stands.edit_stand(h.admin(), second["id"], {"longitude": NEAR_LON}, on=ON)
    assert "Art. 31 XVIII" in err.value.article
    assert row_counts() == before
    # its own place does not count against itself; removing the coordinates is allowed
    assert stands.edit_stand(h.admin(), second["id"], {"name": "Feira"}, on=ON)
    cleared = stands.edit_stand(h.admin(), second["id"], {"latitude": "", "longitude": ""},
                                on=ON)
    assert cleared["latitude"] is None and cleared["longitude"] is None


def test_srm_art_47_vi_and_vii_a_responsible_holder_pays_the_extension_and_the_move(srm):
    responsible = h.person("Dono do Ponto")
    stand = _stand(responsible_id=responsible)
    h.pay_fees(responsible)
    stands.edit_stand(h.admin(), stand["id"], {"extension_point": "Rua B, esquina",
                                               "location": "Praça Nova"}, on=ON)
    codes = {f.code: f.article for f in Fee.select().where(Fee.person == responsible)
             .where(Fee.status == "open")}
    assert codes == {"stand_extension_open": "Art. 47 VI", "stand_relocation": "Art. 47 VII"}
    municipal = _stand(2)
    fees_before = Fee.select().count()
    stands.edit_stand(h.admin(), municipal["id"], {"location": "Outra praça"}, on=ON)
    assert Fee.select().count() == fees_before  # nobody owes the município's own ponto


def test_bad_input_names_the_field_and_writes_nothing(srm):
    stand = _stand()
    before = row_counts()
    for data, field in (({"latitude": "abc", "longitude": LON}, "Latitude"),
                        ({"name": ""}, "Nome do ponto"),
                        ({"name": "x" * 500}, "Nome do ponto"),
                        ({"max_vehicles": "dez"}, "Máximo de motocicletas"),
                        ({"number": 5}, "number"),
                        ({"max_vehicles": 12, "max_raised_by_act": "P 1",
                          "max_act_date": "31/02/2026"}, "Data do ato")):
        with pytest.raises(ValidationError) as err:
            stands.edit_stand(h.admin(), stand["id"], data, on=ON)
        assert err.value.field == field
    assert row_counts() == before


def test_close_only_an_empty_ponto_then_reopen(srm):
    stand = _stand()
    permit = h.permit(h.bare_person(), stand=stand["id"], stand_position=1, stand_since=ON)
    before = row_counts()
    with pytest.raises(DomainError, match="1 permissão\\(ões\\) em suas vagas"):
        stands.close_stand(h.admin(), stand["id"], reason="Obra na praça", on=ON)
    with pytest.raises(ValidationError, match="Motivo"):
        stands.close_stand(h.admin(), stand["id"], reason="  ", on=ON)
    assert row_counts() == before
    stands.release_place(h.clerk(), permit.id, on=ON, reason="mudança")
    closed = stands.close_stand(h.admin(), stand["id"], reason="Obra na praça",
                                act_number="Portaria 11/2026", on=ON)
    assert (closed["active"], closed["closed_on"], closed["close_act"]) == (
        False, ON, "Portaria 11/2026")
    assert json.loads(_last_audit("stand.close").before)["active"] is True
    with pytest.raises(DomainError, match="desativado"):
        stands.assign_permit(h.clerk(), permit.id, stand["id"], on=ON)
    with pytest.raises(DomainError, match="desativado"):
        stands.edit_stand(h.admin(), stand["id"], {"name": "X"}, on=ON)
    reopened = stands.reopen_stand(h.admin(), stand["id"], on=ON)
    assert reopened["active"] and reopened["closed_on"] is None


def test_srm_art_31_xviii_a_closed_ponto_reopens_only_if_none_is_near(srm):
    first = _stand(1, latitude=LAT, longitude=LON)
    stands.close_stand(h.admin(), first["id"], reason="Realocado", on=ON)
    _stand(2, latitude=LAT, longitude=NEAR_LON)  # allowed: the first is closed
    with pytest.raises(RuleRefusal, match="Art. 31 XVIII"):
        stands.reopen_stand(h.admin(), first["id"], on=ON)
    assert Stand.get_by_id(first["id"]).active is False


def test_only_the_authority_edits_closes_and_reopens(srm):
    stand = _stand()
    for call in (lambda a: stands.edit_stand(a, stand["id"], {"name": "X"}, on=ON),
                 lambda a: stands.close_stand(a, stand["id"], reason="x", on=ON),
                 lambda a: stands.reopen_stand(a, stand["id"], on=ON)):
        with pytest.raises(PermissionDenied):
            call(h.clerk())


def test_a_municipio_wide_ponto_number_says_it_applies_to_new_pontos(srm):
    """The setting changes the default and the limit for pontos created from then on; the
    existing ones keep theirs (said where the setting is changed)."""
    stand = _stand()
    setup.set_profile_number(h.admin(), "stand.max_vehicles", 12)
    note = stands.setting_note("stand.max_vehicles")
    assert "criados a partir de agora" in note and "1 ponto(s) existente(s)" in note
    assert Stand.get_by_id(stand["id"]).max_vehicles == 10
    assert _stand(2)["max_vehicles"] == 12  # the new default, no act needed now
    assert stands.setting_note("holder.min_age") == ""

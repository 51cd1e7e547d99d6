"""Summons to present the vehicle for inspection: L1745 Art. 10 ("a qualquer tempo") and its
§ú (the alvará of the holder who does not present the vehicle by the summons' deadline is
cassated — proposed to the authority, who decrees it, Art. 18); SRM Art. 17 §2º (vistorias at
any time, no cassation for a missed one); PF has no vistoria on demand."""
import datetime as dt

import pytest

from mototaxi_desk.domain import inspection_rules
from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.views import alerts
from mototaxi_desk.services import clock, setup
from mototaxi_desk.services.register import inspections
from mototaxi_desk.services.licensing import permits, summons
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import Permit

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle
from .ledger_helpers import FISCAL

D = dt.date


START = D(2026, 1, 10)


def _permit(on=START):
    person = make_person("Intimado Para Vistoria", today=on)
    vehicle = make_vehicle(person["id"], year=on.year - 1, today=on,
                           insured_until=D(2032, 12, 31))
    return permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                on=on)


def _inspect(permit, on):
    items = inspection_rules.checklist(setup.profile(), "on_demand")
    return inspections.record_inspection(FISCAL, Permit.get_by_id(permit["id"]).vehicle_id,
                                         {"kind": "on_demand", "inspected_on": on,
                                          "results": {i.code: "pass" for i in items}}, on=on)


def test_l1745_missed_summons_is_found_by_time_and_cassation_proposed_art_10(l1745):
    """L1745 Art. 10 §ú: "Será cassado o alvará do permissionário que não apresentar seu
    veículo à vistoria, desde que intimado para, em prazo certo, atender à intimação"."""
    permit = _permit()
    made = summons.summon(FISCAL, permit["id"], deadline=D(2026, 3, 20), on=D(2026, 3, 5),
                          act_number="Intimação 4/2026")
    assert made["status"] == "open"
    [due] = [a for a in alerts.due(on=D(2026, 3, 5)) if a["kind"] == "summons"]
    assert due["due_date"] == D(2026, 3, 20)
    assert clock.tick(on=D(2026, 3, 20))["changes"] == []  # the last day is still open
    result = clock.tick(on=D(2026, 3, 21))
    [change] = result["changes"]
    assert change["kind"] == "summons_missed" and "cabe a cassação" in change["detail"]
    [row] = summons.for_permit(permit["id"])
    assert row["status"] == "missed" and row["cassation_due"]
    [proposal] = [a for a in alerts.due(on=D(2026, 3, 21)) if a["kind"] == "summons_missed"]
    assert proposal["urgency"] == "overdue" and "cassação" in proposal["label"]
    assert Permit.get_by_id(permit["id"]).status == "active"  # the authority decrees it
    permits.cassate(SUPERVISOR, permit["id"], on=D(2026, 4, 1), reason="Art. 10 §ú",
                    act_number="Decreto 12/2026")
    assert not [a for a in alerts.due(on=D(2026, 4, 2)) if a["kind"] == "summons_missed"]


def test_a_vehicle_presented_in_time_meets_the_summons_even_if_it_fails(l1745):
    """Presenting the vehicle is what the summons asks; the verdict is the vistoria's."""
    permit = _permit()
    summons.summon(FISCAL, permit["id"], deadline=D(2026, 3, 20), on=D(2026, 3, 5))
    _inspect(permit, D(2026, 3, 18))
    assert clock.tick(on=D(2026, 4, 1))["changes"] == []
    assert summons.for_permit(permit["id"])[0]["status"] == "met"


def test_srm_missed_summons_proposes_nothing_art_17(srm):
    """SRM Art. 17 §2º: vistorias at any time; its law sets no cassation for a missed one."""
    permit = _permit()
    summons.summon(FISCAL, permit["id"], deadline=D(2026, 3, 20), on=D(2026, 3, 5))
    change = clock.tick(on=D(2026, 3, 21))["changes"][0]
    assert change["kind"] == "summons_missed" and "cassação" not in change["detail"]
    assert not summons.for_permit(permit["id"])[0]["cassation_due"]
    assert not [a for a in alerts.due(on=D(2026, 3, 21)) if a["kind"] == "summons_missed"]


def test_pf_has_no_vistoria_on_demand_and_bad_input_writes_nothing(make_municipio):
    make_municipio("porto-feliz-2017", today=D(2026, 1, 2))
    permit = _permit()
    before = row_counts()
    with pytest.raises(RuleRefusal, match="a qualquer tempo"):
        summons.summon(FISCAL, permit["id"], deadline=D(2026, 3, 20), on=D(2026, 3, 5))
    assert row_counts() == before


def test_summons_refuses_bad_deadlines_a_second_one_and_the_counter(l1745):
    permit = _permit()
    before = row_counts()
    for bad in ("31/02/2026", D(2026, 3, 5), D(2027, 3, 6)):
        with pytest.raises(ValidationError, match="Prazo para apresentar o veículo"):
            summons.summon(FISCAL, permit["id"], deadline=bad, on=D(2026, 3, 5))
    with pytest.raises(PermissionDenied):
        summons.summon(CLERK, permit["id"], deadline=D(2026, 3, 20), on=D(2026, 3, 5))
    assert row_counts() == before
    summons.summon(FISCAL, permit["id"], deadline=D(2026, 3, 20), on=D(2026, 3, 5))
    with pytest.raises(DomainError, match="já tem intimação"):
        summons.summon(FISCAL, permit["id"], deadline=D(2026, 3, 25), on=D(2026, 3, 6))

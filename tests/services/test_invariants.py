"""Random sequences of counter actions never break the invariants: the permit cap
(SRM Art. 8), the stand maximum (SRM Art. 22 §1), one permit per person (SRM Art. 4 §2),
unique gap-free protocol numbers and sticker serials. Runs on fresh SQLite files."""
import datetime as dt
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.domain import inspection_rules
from mototaxi_desk.services.licensing import applications, permits
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.register import inspections, stands
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import Application, Fee, Permit, Sticker

from ..factories import make_person, make_vehicle

ON = dt.date(2026, 6, 1)
ACTIONS = st.lists(st.tuples(st.sampled_from(["grant", "desist", "cassate", "change_stand",
                                              "inspect", "void", "reissue", "file"]),
                             st.integers(0, 30)), min_size=5, max_size=40)


def _pay_all():
    for fee in Fee.select().where(Fee.status == "open"):
        fees.pay(SYSTEM, fee.id, paid_on=ON, receipt=f"R{fee.id}")


def _run(action: str, n: int, people: list, stand_ids: list) -> None:
    in_force = list(Permit.select().where(Permit.status.in_(permits.IN_FORCE))
                    .order_by(Permit.id))
    target = in_force[n % len(in_force)] if in_force else None
    if action == "grant":
        person, vehicle = people[n % len(people)]
        permits.grant_permit(SYSTEM, holder_id=person, vehicle_id=vehicle,
                             stand_id=stand_ids[n % len(stand_ids)], on=ON)
    elif target is None:
        return
    elif action == "desist":
        permits.desist(SYSTEM, target.id, on=ON)
    elif action == "cassate":
        permits.cassate(SYSTEM, target.id, on=ON, reason="teste")
    elif action == "change_stand":
        stands.change_stand(SYSTEM, target.id, stand_ids[n % len(stand_ids)], on=ON)
    elif action == "inspect":
        items = inspection_rules.checklist(setup.profile(), "annual")
        inspections.record_inspection(SYSTEM, target.vehicle_id, {
            "kind": "annual", "inspected_on": ON, "results": {i.code: "pass" for i in items}},
            on=ON)
    elif action in ("void", "reissue"):
        sticker = Sticker.select().where(Sticker.status == "issued").order_by(Sticker.id).first()
        if sticker is not None:
            call = inspections.void_sticker if action == "void" else inspections.reissue_sticker
            call(SYSTEM, sticker.serial, reason="teste", on=ON)
    elif action == "file":
        applications.file_application(SYSTEM, target.holder_id, "renewal", permit_id=target.id)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=ACTIONS)
def test_random_actions_keep_the_invariants(actions):
    with tempfile.TemporaryDirectory() as tmp:
        open_database(str(Path(tmp) / "inv.db"), backup_dir=Path(tmp))
        try:
            setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019", municipio="Teste",
                             uf="MA", ibge="2111102", population=1500,  # cap 5
                             fiscal_unit_value="10", admin_password="senha-forte-1", today=ON)
            stand_ids = [stands.create_stand(SYSTEM, {"number": i, "name": f"Ponto {i}",
                                                      "location": "Centro", "max_vehicles": 5,
                                                      "min_vehicles": 5}, on=ON)["id"]
                         for i in (1, 2)]
            people = []
            for i in range(7):
                person = make_person(f"Pessoa Número {'ABCDEFG'[i]}", today=ON)
                people.append((person["id"], make_vehicle(person["id"], year=2025,
                                                          today=ON)["id"]))
            for action, n in actions:
                _pay_all()  # debts would block most actions (SRM Art. 50)
                try:
                    _run(action, n, people, stand_ids)
                except DomainError:
                    pass  # a refusal is fine; a broken invariant is not
                _check_invariants(stand_ids)
        finally:
            close_database()


def _check_invariants(stand_ids):
    in_force = Permit.select().where(Permit.status.in_(permits.IN_FORCE))
    assert in_force.count() <= 5, "permit cap (SRM Art. 8)"
    holders = [p.holder_id for p in in_force]
    assert len(holders) == len(set(holders)), "one permit per person (SRM Art. 4 §2)"
    for stand_id in stand_ids:
        assert Permit.select().where(Permit.stand == stand_id).count() <= 5, "stand maximum"
    serials = [s.serial for s in Sticker.select().order_by(Sticker.id)]
    assert len(serials) == len(set(serials))
    numbers = sorted(int(s.split("-")[1]) for s in serials)
    assert numbers == list(range(1, len(numbers) + 1)), "sticker serials without gaps"
    seqs = sorted(a.protocol_seq for a in Application.select())
    assert seqs == list(range(1, len(seqs) + 1)), "protocols without gaps"

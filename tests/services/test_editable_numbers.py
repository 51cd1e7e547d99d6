"""Every profile number a município may edit changes a result (issue 16): a number loaded and
editable but used nowhere would be a lie on the settings screen.

Each editable number (profiles.editable_numbers) has a probe: a result computed from the
profile — through the domain rules with the município's overrides applied exactly as
`setup.profile()` applies them, or through the services after `settings set` (the real path)
on a database — and a changed value whose result differs from the law's. A new editable
number without a probe fails `test_every_editable_number_has_a_probe`.
"""
from __future__ import annotations

import datetime as dt
import itertools

import pytest

from mototaxi_desk.domain import holder_rules, inspection_rules, permit_rules, vehicle_rules
from mototaxi_desk.domain import penalty_engine as engine
from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.domain.profiles import (apply_overrides, available_profiles,
                                           editable_numbers, load_profile)
from mototaxi_desk.services.licensing import auxiliary, permits, summons, waiting_list
from mototaxi_desk.services import clock, ledger, permit_act_texts, setup
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.ledger import impounds
from mototaxi_desk.services.register import inspections, stands, vehicles
from mototaxi_desk.services.context import SYSTEM, Actor
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import Permit, PersonBar

from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle

PF, SRM, L1745 = "porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019", "lei-1745-2011"
D = dt.date
ON = D(2026, 3, 2)
FISCAL = Actor(None, "fiscal.teste", "fiscal")


def outcome(call, *args, **kwargs) -> str:
    """'ok', or the refusal's first words: what a clerk would see."""
    try:
        call(*args, **kwargs)
    except DomainError as exc:
        return f"recusado: {str(exc)[:40]}"
    return "ok"


def facts(*rows):
    """NoticeFacts on one register: (id, code, class, datetime)."""
    return [engine.NoticeFacts(id=i, register=(1, 1), infractor_id=1, code=code,
                               class_code=klass, occurred_at=when) for i, code, klass, when in rows]


T = dt.datetime
CURRENT_VEHICLE = vehicle_rules.VehicleFacts(2025, 160, 1, 1_000_000, D(2030, 1, 1))

# --- pure probes: (profile id, changed value, probe(profile) -> result) ----------------------

PURE = {
    # SRM Art. 6 XX: the card valid until the grant's next anniversary (12 months), never past
    # the permit's end; Art. 38 III d: the days to justify a missed licensing by protocol
    "licensing.card_months": (SRM, 6, lambda p: permit_rules.card_valid_until(
        p, issued_on=D(2026, 1, 10), valid_until=D(2031, 1, 10), licensed_on=None)),
    "licensing.justify_days": (SRM, 45, lambda p: permit_act_texts.rules(p, "license", {})),
    "cap.inhabitants_per_permit": (SRM, 500, lambda p: permit_rules.permit_cap(p, 18_540)),
    "holder.min_age": (SRM, 30, lambda p: holder_rules.requirement_problems(
        p, birth_date=D(2000, 1, 1), cnh_category="A", cnh_first_licence=D(2018, 1, 1),
        cnh_expiry=D(2030, 1, 1), cnh_ear=True, on=ON)),
    "holder.cnh_min_years": (SRM, 10, lambda p: holder_rules.requirement_problems(
        p, birth_date=D(1980, 1, 1), cnh_category="A", cnh_first_licence=D(2020, 1, 1),
        cnh_expiry=D(2030, 1, 1), cnh_ear=True, on=ON)),
    "holder.ear_required": (PF, True, lambda p: holder_rules.requirement_problems(
        p, birth_date=D(1980, 1, 1), cnh_category="A", cnh_first_licence=D(2010, 1, 1),
        cnh_expiry=D(2030, 1, 1), cnh_ear=False, on=ON)),
    "permit.max_per_person": (SRM, 2, lambda p: outcome(
        permit_rules.check_permits_per_person, p, 1, fleet_owner=False)),
    "permit.fleet_owner_exception": (SRM, True, lambda p: outcome(
        permit_rules.check_permits_per_person, p, 1, fleet_owner=True)),
    "permit.validity_months": (SRM, 24, lambda p: permit_rules.validity_end(p, ON)),
    "permit.order_number_digits": (SRM, 6, lambda p: permit_rules.format_order_number(p, 7)),
    "permit.cassation_bar_years": (SRM, 5, lambda p: permit_rules.cassation_bar_until(p, ON)),
    "permit.cassation_bar_forever": (SRM, True,
                                     lambda p: permit_rules.cassation_bar_until(p, ON),
                                     {"permit.cassation_bar_years": 0}),  # a coherent edit
    "renewal.grace_days": (L1745, 10, lambda p: permit_rules.lapse_date(p, D(2027, 3, 31))),
    "renewal.late_fine_units": (L1745, "8", lambda p: permit_rules.renewal_terms(
        p, D(2027, 3, 31), D(2027, 4, 5)).late_fine_units),
    "transfer.allowed": (SRM, False, lambda p: outcome(
        permit_rules.check_transfer, p, D(2020, 1, 1), ON, on_death=False)),
    "transfer.min_years_held": (SRM, 1, lambda p: outcome(
        permit_rules.check_transfer, p, D(2025, 1, 1), ON, on_death=False)),
    "interruption.allowed": (SRM, False, lambda p: outcome(
        permit_rules.check_interruption, p, 10, used_this_year=0, extension=False,
        extensions_used=0)),
    "interruption.max_days": (SRM, 60, lambda p: outcome(
        permit_rules.check_interruption, p, 45, used_this_year=0, extension=False,
        extensions_used=0)),
    "interruption.per_year": (SRM, False, lambda p: outcome(
        permit_rules.check_interruption, p, 20, used_this_year=20, extension=False,
        extensions_used=0)),
    "interruption.extensions": (SRM, 2, lambda p: outcome(
        permit_rules.check_interruption, p, 10, used_this_year=0, extension=True,
        extensions_used=1)),
    "interruption.unauthorised_revert_days": (PF, 60, lambda p: permit_rules
                                              .stoppage_revert_date(p, ON)),
    "vehicle.max_age_years": (SRM, 8, lambda p: vehicle_rules.age_limit_date(p, 2020)),
    "vehicle.max_age_at_grant_only": (SRM, True,
                                      lambda p: vehicle_rules.replacement_deadline(p, 2020)),
    "vehicle.cc_min": (SRM, 170, lambda p: outcome(
        vehicle_rules.check_for_service, p, CURRENT_VEHICLE, holder_id=1, on=ON,
        at_grant=True)),
    "vehicle.cc_max": (SRM, 150, lambda p: outcome(
        vehicle_rules.check_for_service, p, CURRENT_VEHICLE, holder_id=1, on=ON,
        at_grant=True)),
    "vehicle.replacement_newer_only": (SRM, True, lambda p: outcome(
        vehicle_rules.check_substitution, p, vehicle_rules.VehicleFacts(2024, 160, 1),
        vehicle_rules.VehicleFacts(2024, 160, 1))),
    "vehicle.replacement_same_capacity": (SRM, True, lambda p: outcome(
        vehicle_rules.check_substitution, p, vehicle_rules.VehicleFacts(2024, 200, 1),
        vehicle_rules.VehicleFacts(2025, 160, 1))),
    "vehicle.replacement_declare_days_before": (PF, 90, lambda p: vehicle_rules
                                                .declaration_due(p, 2022)),
    "vehicle.replacement_grace_days": (SRM, 60, lambda p: vehicle_rules
                                       .replacement_deadline(p, 2020)),
    "vehicle.insurance_min_cover_per_person": (SRM, "20000.00", lambda p: outcome(
        vehicle_rules.check_for_service, p, CURRENT_VEHICLE, holder_id=1, on=ON,
        at_grant=True)),
    "inspection.annual": (SRM, False, inspection_rules.profile_kinds),
    "inspection.semiannual": (SRM, False, inspection_rules.profile_kinds),
    "inspection.on_demand": (PF, True, inspection_rules.profile_kinds),
    "auxiliary.cassation_bar_years": (SRM, 5, lambda p: permit_rules.cassation_bar_until(
        p, ON, credential=True)),
    "auxiliary.cassation_bar_forever": (SRM, True, lambda p: permit_rules.cassation_bar_until(
        p, ON, credential=True)),
    "penalties.counts_points": (PF, False, lambda p: engine.assess(p, facts(
        (1, "24-I", "A", T(2026, 1, 5, 10)))).scores[1].points),
    "penalties.same_infraction_double_months": (PF, 1, lambda p: engine.assess(p, facts(
        (1, "24-I", "A", T(2026, 1, 5, 10)),
        (2, "24-I", "A", T(2026, 3, 5, 10)))).scores[2].points),
    "penalties.simultaneous_each_count": (SRM, False, lambda p: [
        x.rule_key for x in engine.assess(p, facts(*[
            (i, f"36-{c}", "leve", T(2026, 1, 5, 10)) for i, c in
            enumerate(("IX", "X", "XI"), start=1)])).proposals]),
    "penalties.count_window_months": (SRM, 2, lambda p: [
        x.rule_key for x in engine.assess(p, facts(
            (1, "36-IX", "leve", T(2026, 1, 5, 10)), (2, "36-IX", "leve", T(2026, 4, 5, 10)),
            (3, "36-IX", "leve", T(2026, 7, 5, 10)))).proposals]),
    "penalties.recidivism_months": (L1745, 1, lambda p: engine.is_recidivism(
        p, facts((1, "8-3", "sem-alvara", T(2026, 1, 5, 10))),
        facts((2, "8-3", "sem-alvara", T(2026, 3, 5, 10)))[0])),
}


# --- database probes: run before and after `settings set`, each with fresh records --------

_names = itertools.count(1)


def _name(prefix: str) -> str:
    """A fresh person's name (names take no digits): 'Titular Sonda Bc'."""
    n, letters = next(_names), ""
    while n:
        n, rest = divmod(n, 26)
        letters = "abcdefghijklmnopqrstuvwxyz"[rest] + letters
    return f"{prefix} {letters.capitalize()}"


def _holder(on=ON, pay=True, year=2025):
    person = make_person(_name("Titular Sonda"), today=on)
    vehicle = make_vehicle(person["id"], year=year, today=on, insured_until=D(2032, 12, 31))
    permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                  on=on)
    if pay:
        for debt in fees.open_debts(person["id"]):
            fees.pay(CLERK, debt["id"], paid_on=on, receipt=f"DAM {debt['id']}")
    return permit


def _stand(**data):
    number = next(_names)
    return stands.create_stand(SUPERVISOR, {"number": number, "name": f"Ponto {number}",
                                            "location": "Centro", **data}, on=ON)


def _notified_notice(notified_on, code="36-IX", **extra):
    permit = _holder()
    return ledger.record_notice(FISCAL, {
        "permit_id": permit["id"], "infraction_code": code,
        "occurred_at": f"{notified_on:%d/%m/%Y} 09:00", "place": "Centro",
        "agent_name": "Antônio Fiscal", "agent_registration": "M1", "infractor_signed": True,
        **extra}, on=notified_on)


def _transfer_bars_the_transferor():
    permit = _holder()
    heir = make_person(_name("Adquirente"), today=ON)
    vehicle = make_vehicle(heir["id"], year=2025, today=ON, insured_until=D(2032, 12, 31))
    permits.transfer_permit(SUPERVISOR, permit["id"], new_holder_id=heir["id"],
                            new_vehicle_id=vehicle["id"], on=D(2029, 3, 3))
    return PersonBar.select().where(PersonBar.person == permit["holder"]).exists()


def _inspect(permit_id):
    vehicle_id = Permit.get_by_id(permit_id).vehicle_id
    items = inspection_rules.checklist(setup.profile(), "annual")
    return outcome(inspections.record_inspection, FISCAL, vehicle_id, {
        "kind": "annual", "inspected_on": ON,
        "results": {i.code: "pass" for i in items}}, on=ON)


def _inspect_suspended():
    permit = _holder()
    permits.suspend(SUPERVISOR, permit["id"], until=D(2026, 5, 1), on=ON, reason="Art. 38 I")
    return _inspect(permit["id"])


_days = itertools.count(10)


def _missed_summons():
    permit = _holder()
    day = ON + dt.timedelta(days=next(_days) * 10)
    summons.summon(FISCAL, permit["id"], deadline=day + dt.timedelta(days=3), on=day)
    clock.tick(on=day + dt.timedelta(days=5))
    return summons.for_permit(permit["id"])[0]["cassation_due"]


def _change_after_two_months():
    first, second = _stand(), _stand()
    permit = _holder()
    stands.assign_permit(CLERK, permit["id"], first["id"], on=ON)
    return outcome(stands.change_stand, CLERK, permit["id"], second["id"],
                   on=ON + dt.timedelta(days=60))


class _FullStand:
    """One full stand and a permit elsewhere asking to move into it (refused both times;
    only the article the refusal cites changes)."""
    def __init__(self):
        self.full = _stand(min_vehicles=5, max_vehicles=5)
        for _ in range(5):
            stands.assign_permit(CLERK, _holder()["id"], self.full["id"], on=ON)
        other = _stand()
        self.permit = _holder()
        stands.assign_permit(CLERK, self.permit["id"], other["id"], on=D(2024, 1, 1))

    def __call__(self):
        try:
            stands.change_stand(CLERK, self.permit["id"], self.full["id"], on=ON)
        except DomainError as exc:
            return exc.article
        return "ok"


def _second_auxiliary():
    permit = _holder()
    auxiliary.credential(CLERK, permit["id"], make_person(_name("Auxiliar"),
                                                         today=ON)["id"], on=ON)
    for debt in fees.open_debts(permit["holder"]):  # the card fee: debts would refuse too
        fees.pay(CLERK, debt["id"], paid_on=ON, receipt=f"DAM {debt['id']}")
    return outcome(auxiliary.credential, CLERK, permit["id"],
                   make_person(_name("Auxiliar"), today=ON)["id"], on=ON)


def _substitute_without_act():
    permit = _holder(year=2024)
    newer = make_vehicle(permit["holder"], year=2025, today=ON, insured_until=D(2032, 1, 1))
    return outcome(vehicles.substitute, CLERK, permit["id"], newer["id"], on=ON)


def _storage_quote():
    permit = _holder()
    row = impounds.impound_vehicle(SUPERVISOR, person_id=permit["holder"],
                                   permit_id=permit["id"], plate=permit["plate"],
                                   reason="Art. 36", place="Pátio",
                                   deposited_at="01/03/2026 10:00",
                                   now=dt.datetime(2026, 3, 2, 12))
    return impounds.release_quote(row["id"], released_at="03/03/2026 10:00")["storage_cents"]


DB = {
    SRM: {
        "transfer.transferor_barred": (False, _transfer_bars_the_transferor),
        "inspection.requires_permit_up_to_date": (False, _inspect_suspended),
        "inspection.requires_no_debts": (False, lambda: _inspect(_holder(pay=False)["id"])),
        "inspection.missed_summons_cassation": (True, _missed_summons),
        "stand.min_vehicles": (4, lambda: outcome(_stand, min_vehicles=4)),
        "stand.max_vehicles": (12, lambda: outcome(_stand, max_vehicles=12)),
        "stand.max_may_be_raised": (False, lambda: outcome(
            _stand, max_vehicles=12, max_raised_by_act="Decreto 1/2026")),
        "stand.min_distance_m": (10, lambda: outcome(
            _stand, latitude="-7.022", longitude="-45.4804")),  # 44 m from the first one
        "stand.change_min_months": (1, _change_after_two_months),
        "stand.change_needs_vacancy": (True, _FullStand),
        "auxiliary.allowed": (False, lambda: outcome(
            auxiliary.credential, CLERK, _holder()["id"],
            make_person(_name("Auxiliar"), today=ON)["id"], on=ON)),
        "auxiliary.max_per_vehicle": (2, _second_auxiliary),
        "auxiliary.recredential_months": (24, lambda: auxiliary.credential(
            CLERK, _holder()["id"], make_person(_name("Auxiliar"), today=ON)["id"],
            on=ON)["valid_until"]),
        "debts.block_requests": (False, lambda: outcome(
            fees.check_no_debts, _holder(pay=False)["holder"], "o pedido")),
        "defence.defence_days": (15, lambda: _notified_notice(ON)["defence_deadline"]),
        "defence.business_days": (True, lambda: _notified_notice(ON)["defence_deadline"]),
        "defence.extend_to_business_day": (False, lambda: _notified_notice(
            D(2026, 3, 5))["defence_deadline"]),  # 10 days end on Sunday 15/03
        "impound.storage_fee_units_per_day": ("0,50", _storage_quote),
    },
    PF: {
        "vehicle.replacement_needs_authorisation": (True, _substitute_without_act),
    },
    L1745: {
        "debts.blocks_renewal": (False, lambda: outcome(
            fees.check_no_debts, _holder(pay=False)["holder"], "a renovação", renewal=True)),
        "waiting_list.enrol_days": (10, lambda: waiting_list.call_deadline(ON)),
        "defence.appeal_days": (20, lambda: _notified_notice(
            ON, code="2-2-V", fine_units="10")["appeal_deadline"]),
    },
}


def test_every_editable_number_has_a_probe():
    """The same editable numbers in every profile, each probed exactly once."""
    keys = {pid: set(editable_numbers(load_profile(pid))) for pid in available_profiles()}
    assert len({frozenset(k) for k in keys.values()}) == 1
    probed = set(PURE) | {k for group in DB.values() for k in group}
    assert sum(len(group) for group in DB.values()) + len(PURE) == len(probed)
    assert probed == keys[SRM]


@pytest.mark.parametrize("key", sorted(PURE))
def test_changing_the_number_changes_the_rule(key):
    profile_id, changed, probe, *along = PURE[key]
    law = load_profile(profile_id)
    edited = apply_overrides(law, {key: changed, **(along[0] if along else {})})  # as setup does
    assert editable_numbers(edited)[key] != editable_numbers(law)[key]
    assert probe(edited) != probe(law), key


@pytest.mark.parametrize("profile_id", [SRM, PF, L1745])
def test_changing_the_number_changes_what_the_services_do(tmp_path, profile_id):
    """On one database per profile: each probe before and after `settings set KEY VALUE`
    (then the law's value again), with fresh records each time."""
    open_database(str(tmp_path / "walk.db"))
    try:
        setup.initialise(profile_id=profile_id, municipio="Sonda", uf="MA", ibge="2111102",
                         population=600_000, fiscal_unit_value="48,26",
                         admin_password="senha-forte-1", today=D(2026, 1, 2))
        if profile_id == SRM:
            _stand(latitude="-7.0220", longitude="-45.4800")  # for stand.min_distance_m
        unchanged = []
        for key, (changed, probe) in DB[profile_id].items():
            probe = probe() if isinstance(probe, type) else probe  # a probe with set-up
            law = editable_numbers(setup.profile())[key]
            before = probe()
            setup.set_profile_number(SYSTEM, key, str(changed) if isinstance(changed, str)
                                     else changed)
            after = probe()
            setup.set_profile_number(SYSTEM, key, law)
            if before == after:
                unchanged.append((key, before))
        assert unchanged == []
    finally:
        close_database()

"""Permits: grant, renew, transfer, interrupt, desist, suspend, revoke, cassate, reinstate —
each rule of the profile, each test citing its article."""
import datetime as dt
from decimal import Decimal

import pytest

from mototaxi_desk.domain.errors import DomainError, RuleRefusal, ValidationError
from mototaxi_desk.services.licensing import applications as apps
from mototaxi_desk.services.licensing import auxiliary, permit_history, permits
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.register import stands
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import Fee, Permit, PersonBar, WaitingListEntry

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle

TODAY = dt.date(2026, 6, 15)


def holder_with_vehicle(name="Raimundo Nonato Sá", **kwargs):
    person = make_person(name, today=TODAY, **kwargs)
    # insured for years, so that renewals and transfers years later find it insured
    vehicle = make_vehicle(person["id"], year=2025, today=TODAY,
                           insured_until=dt.date(2032, 12, 31))
    return person, vehicle


def pay_all(person_id):
    for fee in Fee.select().where((Fee.person == person_id) & (Fee.status == "open")):
        fees.pay(CLERK, fee.id, paid_on=TODAY, receipt=f"DAM {fee.id}")


def grant(person, vehicle, **kwargs):
    return permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                on=kwargs.pop("on", TODAY), **kwargs)


def test_grant_numbers_validity_history_and_stand(municipio):
    """SRM Art. 4 §§3,5: order numbers ascending (4 digits), 5 years validity."""
    stand = stands.create_stand(SUPERVISOR, {"number": 3, "name": "Ponto 03 — Praça da Matriz",
                                             "location": "Praça da Matriz"}, on=TODAY)
    p1 = grant(*holder_with_vehicle(), stand_id=stand["id"], act_number="Portaria 12/2026")
    p2 = grant(*holder_with_vehicle("Maria da Conceição"))
    assert (p1["order_number"], p2["order_number"]) == (1, 2)
    assert p1["order_text"] == "0001" and p1["valid_until"] == dt.date(2031, 6, 14)
    assert p1["stand_number"] == 3 and p1["status"] == "active"
    lines = permit_history.history(p1["id"])
    assert [h["action"] for h in lines] == ["grant", "stand_assign"]
    assert lines[0]["act_number"] == "Portaria 12/2026"


def test_grant_charges_the_card_fee_srm_art_47_i(municipio):
    person, vehicle = holder_with_vehicle()
    permit = grant(person, vehicle)
    fee = Fee.get(Fee.permit == permit["id"])
    assert fee.code == "card" and fee.units == Decimal("1") and fee.amount_cents == 4826


def test_one_permit_per_person_srm_art_4_par_2(municipio):
    person, vehicle = holder_with_vehicle()
    grant(person, vehicle)
    second = make_vehicle(person["id"], year=2026, today=TODAY)
    before = row_counts()
    with pytest.raises(RuleRefusal, match="limite é 1"):
        grant(person, second)
    assert row_counts() == before


def test_fleet_owner_may_hold_several_l1745_art_16(make_municipio):
    make_municipio("lei-1745-2011", today=TODAY)
    person, vehicle = holder_with_vehicle()
    grant(person, vehicle, fleet_owner=True)
    second = make_vehicle(person["id"], year=2026, today=TODAY)
    assert grant(person, second, fleet_owner=True)["granted"]


def test_holder_age_21_and_cnh_a_2_years_srm_art_20(municipio):
    young, vehicle = holder_with_vehicle("Pedro Jovem", birth=dt.date(2006, 1, 1))
    with pytest.raises(RuleRefusal, match="21"):
        grant(young, vehicle)
    new_driver, vehicle = holder_with_vehicle("Ana Nova", cnh_first=dt.date(2025, 1, 1))
    with pytest.raises(RuleRefusal, match="2 anos"):
        grant(new_driver, vehicle)
    car_only, vehicle = holder_with_vehicle("Carlos Carro", cnh_category="B")
    with pytest.raises(RuleRefusal, match="categoria"):
        grant(car_only, vehicle)


def test_vehicle_must_be_the_holders_and_within_age_and_cc(municipio):
    """SRM Arts. 16, 19 and 20: owner, 6-year limit, 125–300 cc."""
    person, _ = holder_with_vehicle()
    other = make_person("Outro Dono", today=TODAY)
    foreign = make_vehicle(other["id"], year=2025, today=TODAY)
    with pytest.raises(RuleRefusal, match="propriedade"):
        grant(person, foreign)
    old = make_vehicle(person["id"], year=2019, today=TODAY)
    with pytest.raises(RuleRefusal, match="vida útil"):
        grant(person, old)
    small = make_vehicle(person["id"], year=2025, cc=110, today=TODAY)
    with pytest.raises(RuleRefusal, match="110 cc"):
        grant(person, small)


def test_cap_full_puts_applicant_on_waiting_list_srm_art_8(make_municipio):
    make_municipio(population=600, today=TODAY)  # cap 2
    grant(*holder_with_vehicle("Primeiro Titular"))
    grant(*holder_with_vehicle("Segundo Titular"))
    third, vehicle = holder_with_vehicle("Terceiro Requerente")
    result = grant(third, vehicle)
    assert result["granted"] is False and "Limite de 2" in result["message"]
    assert WaitingListEntry.get(WaitingListEntry.person == third["id"]).status == "waiting"
    assert Permit.select().count() == 2


def test_renew_srm_adds_five_years_art_51(municipio):
    permit = grant(*holder_with_vehicle())
    pay_all(permit["holder"])
    renewed = permits.renew_permit(SUPERVISOR, permit["id"], on=dt.date(2031, 5, 1))
    assert renewed["valid_until"] == dt.date(2036, 6, 14)
    assert [h["action"] for h in permit_history.history(permit["id"])][-1] == "renew"


def test_l1745_renewal_late_fine_then_lapse_art_9(make_municipio):
    """L1745 Art. 8: one year; Art. 9: renewed by 31 March, 30 more days with a 5-UFICA
    fine (§2º), then it lapses. Granted on 15/06/2026, its year ends on 14/06/2027, after
    that year's 31 March: it runs to 31/03/2028."""
    make_municipio("lei-1745-2011", today=TODAY)
    permit = grant(*holder_with_vehicle())
    assert permit["valid_until"] == dt.date(2028, 3, 31)
    fees.pay(CLERK, Fee.get(Fee.permit == permit["id"]).id, paid_on=TODAY, receipt="DAM 1")
    late = permits.renew_permit(SUPERVISOR, permit["id"], on=dt.date(2028, 4, 20))
    assert late["valid_until"] == dt.date(2029, 3, 31)  # late, yet the year of the deadline
    fine = Fee.get((Fee.permit == permit["id"]) & (Fee.code == "late_renewal"))
    assert fine.units == Decimal("5") and "Art. 9" in fine.article
    other = grant(*holder_with_vehicle("Titular Esquecido"), on=dt.date(2027, 1, 10))
    assert other["valid_until"] == dt.date(2028, 3, 31)
    counts = permits.refresh_statuses(SUPERVISOR, on=dt.date(2028, 4, 2))
    assert counts["expired"] == 1 and Permit.get_by_id(other["id"]).status == "expired"
    assert permits.refresh_statuses(SUPERVISOR, on=dt.date(2028, 4, 30))["lapsed"] == 0
    assert permits.refresh_statuses(SUPERVISOR, on=dt.date(2028, 5, 1))["lapsed"] == 1
    assert Permit.get_by_id(other["id"]).status == "lapsed"
    with pytest.raises(DomainError, match="caducada"):
        permits.renew_permit(SUPERVISOR, other["id"], on=dt.date(2028, 5, 2))


def test_renewal_blocked_by_debts_srm_art_50(municipio):
    permit = grant(*holder_with_vehicle())
    before = row_counts()
    with pytest.raises(RuleRefusal, match="débitos"):
        permits.renew_permit(SUPERVISOR, permit["id"], on=dt.date(2031, 5, 1))
    assert row_counts() == before


def test_transfer_after_3_years_transferor_barred_fee_srm_art_4_par_9(municipio):
    holder, vehicle = holder_with_vehicle()
    permit = grant(holder, vehicle)
    fees.pay(CLERK, Fee.get(Fee.permit == permit["id"]).id, paid_on=TODAY, receipt="1")
    heir, heir_vehicle = holder_with_vehicle("Novo Titular")
    with pytest.raises(RuleRefusal, match="3 anos"):
        permits.transfer_permit(SUPERVISOR, permit["id"], new_holder_id=heir["id"],
                                new_vehicle_id=heir_vehicle["id"], on=dt.date(2029, 6, 14))
    moved = permits.transfer_permit(SUPERVISOR, permit["id"], new_holder_id=heir["id"],
                                    new_vehicle_id=heir_vehicle["id"], on=dt.date(2029, 6, 15))
    assert moved["holder"] == heir["id"] and moved["order_number"] == permit["order_number"]
    assert PersonBar.get(PersonBar.person == holder["id"]).reason == "transferor"
    fee = Fee.get((Fee.permit == permit["id"]) & (Fee.code == "permit_transfer"))
    assert fee.units == Decimal("15") and fee.person_id == heir["id"]
    again, again_vehicle = holder, make_vehicle(holder["id"], year=2029, today=dt.date(2029, 7, 1))
    with pytest.raises(RuleRefusal, match="impedido"):
        grant(again, again_vehicle, on=dt.date(2029, 7, 1))


def test_transfer_on_death_no_minimum_no_bar_srm_art_4_par_8(municipio):
    """§8º: "transferida automaticamente" — the deceased's open card fee does not stop it."""
    holder, vehicle = holder_with_vehicle()
    permit = grant(holder, vehicle)
    assert fees.open_debts(holder["id"])
    spouse, spouse_vehicle = holder_with_vehicle("Viúva do Titular")
    permits.transfer_permit(SUPERVISOR, permit["id"], new_holder_id=spouse["id"],
                            new_vehicle_id=spouse_vehicle["id"], on=dt.date(2026, 9, 1),
                            on_death=True)
    assert not PersonBar.select().exists()


def test_a_person_who_receives_a_permit_by_transfer_leaves_the_waiting_list(municipio):
    """Like a grant (SRM Art. 4 §2º: one permit per person), a transfer ends the new
    holder's open waiting-list entry: the list never calls someone who already holds one."""
    from mototaxi_desk.services.licensing import waiting_list
    holder, vehicle = holder_with_vehicle()
    permit = grant(holder, vehicle)
    heir, heir_vehicle = holder_with_vehicle("Filho do Titular")
    waiting_list.enrol(CLERK, heir["id"], on=dt.date(2026, 8, 1))
    permits.transfer_permit(SUPERVISOR, permit["id"], new_holder_id=heir["id"],
                            new_vehicle_id=heir_vehicle["id"], on=dt.date(2026, 9, 1),
                            on_death=True)
    entry = WaitingListEntry.get(WaitingListEntry.person == heir["id"])
    assert entry.status == "granted"
    assert waiting_list.call_next(CLERK) is None  # nobody else waits


def test_interrupt_srm_30_days_extend_once_art_29(municipio):
    permit = grant(*holder_with_vehicle())
    pay_all(permit["holder"])  # the card fee: an open debt would block the request (Art. 50)
    with pytest.raises(RuleRefusal, match="máximo de 30"):
        permits.interrupt_permit(SUPERVISOR, permit["id"], start=dt.date(2026, 7, 1), days=31)
    interrupted = permits.interrupt_permit(SUPERVISOR, permit["id"], start=dt.date(2026, 7, 1),
                                           days=30)
    assert interrupted["status"] == "interrupted"
    assert interrupted["status_until"] == dt.date(2026, 7, 30)
    extended = permits.extend_interruption(SUPERVISOR, permit["id"], days=30,
                                           on=dt.date(2026, 7, 25))
    assert extended["status_until"] == dt.date(2026, 8, 29)
    with pytest.raises(RuleRefusal, match="1 vez"):
        permits.extend_interruption(SUPERVISOR, permit["id"], days=5, on=dt.date(2026, 8, 1))
    permits.resume_permit(CLERK, permit["id"], on=dt.date(2026, 8, 30))
    with pytest.raises(RuleRefusal, match="já usados 60"):
        permits.interrupt_permit(SUPERVISOR, permit["id"], start=dt.date(2026, 10, 1), days=1)


def test_pf_desistance_reverts_and_calls_next_on_waiting_list_art_12(make_municipio):
    """PF Art. 12 §ú: the next applicant on the waiting list is called automatically."""
    make_municipio("porto-feliz-2017", today=TODAY)
    permit = grant(*holder_with_vehicle())
    waiting = make_person("Primeira da Fila", today=TODAY)
    from mototaxi_desk.services.licensing import waiting_list
    waiting_list.enrol(CLERK, waiting["id"], on=TODAY)
    permits.desist(SUPERVISOR, permit["id"], on=dt.date(2026, 7, 1))
    assert Permit.get_by_id(permit["id"]).status == "withdrawn"
    assert WaitingListEntry.get(WaitingListEntry.person == waiting["id"]).status == "called"


def test_cassation_bars_holder_two_years_srm_art_38_par_1(municipio):
    holder, vehicle = holder_with_vehicle()
    stand = stands.create_stand(SUPERVISOR, {"number": 1, "name": "Ponto 01",
                                             "location": "Mercado"}, on=TODAY)
    permit = grant(holder, vehicle, stand_id=stand["id"])
    cassated = permits.cassate(SUPERVISOR, permit["id"], on=dt.date(2026, 8, 1),
                               reason="5ª infração", act_number="Portaria 30/2026")
    assert cassated["status"] == "cassated" and cassated["stand_number"] is None
    bar = PersonBar.get(PersonBar.person == holder["id"])
    assert bar.until == dt.date(2028, 8, 1)
    fees.pay(CLERK, Fee.get(Fee.permit == permit["id"]).id, paid_on=TODAY, receipt="2")
    new_vehicle = make_vehicle(holder["id"], year=2026, today=dt.date(2027, 1, 1),
                               insured_until=dt.date(2029, 12, 31))
    with pytest.raises(RuleRefusal, match="impedido"):
        grant(holder, new_vehicle, on=dt.date(2028, 8, 1))
    assert grant(holder, new_vehicle, on=dt.date(2028, 8, 2))["granted"]


@pytest.mark.parametrize("profile_id, article", [
    ("porto-feliz-2017", "Art. 37 §ú"), ("lei-1745-2011", "Art. 17 §1º"),
    ("sao-raimundo-das-mangabeiras-2019", "Art. 38 §1º")])
def test_cassation_bars_the_holder_not_his_auxiliaries(make_municipio, profile_id, article):
    """PF Art. 37 §ú, L1745 Art. 17 §1º, SRM Art. 38 §1º: the cassated holder may not get
    another permit; his auxiliaries' credentials end with the permit, but they are not
    barred (SRM Art. 38 §3º bars an auxiliary only for his own credential's cassation)."""
    make_municipio(profile_id, today=TODAY)
    holder, vehicle = holder_with_vehicle()
    permit = grant(holder, vehicle)
    pay_all(holder["id"])
    helper = make_person("Auxiliar Do Cassado", today=TODAY)
    auxiliary.credential(CLERK, permit["id"], helper["id"], on=TODAY)
    permits.cassate(SUPERVISOR, permit["id"], on=dt.date(2026, 8, 1), reason="Cassação")
    assert [(b.person_id, b.article) for b in PersonBar.select()] == [(holder["id"], article)]
    other_holder, other_vehicle = holder_with_vehicle("Outro Titular")
    other = grant(other_holder, other_vehicle, on=dt.date(2026, 8, 2))
    pay_all(other_holder["id"])
    assert auxiliary.credential(CLERK, other["id"], helper["id"], on=dt.date(2026, 8, 2))


def test_cassation_bar_forever_l1745_art_17_par_1(make_municipio):
    make_municipio("lei-1745-2011", today=TODAY)
    holder, vehicle = holder_with_vehicle()
    permit = grant(holder, vehicle)
    permits.cassate(SUPERVISOR, permit["id"], on=dt.date(2026, 8, 1), reason="Art. 10")
    assert PersonBar.get(PersonBar.person == holder["id"]).until is None


def test_reinstate_after_cassation_lifts_the_bar(municipio):
    """SRM Art. 35 §2: an accepted defence undoes the penalties (the ledger calls this)."""
    holder, vehicle = holder_with_vehicle()
    permit = grant(holder, vehicle)
    permits.cassate(SUPERVISOR, permit["id"], on=dt.date(2026, 8, 1), reason="x")
    back = permits.reinstate(SUPERVISOR, permit["id"], on=dt.date(2026, 8, 20),
                             reason="Defesa acolhida")
    assert back["status"] == "active"
    assert PersonBar.get(PersonBar.person == holder["id"]).lifted


def test_suspend_then_refresh_resumes(municipio):
    permit = grant(*holder_with_vehicle())
    permits.suspend(SUPERVISOR, permit["id"], until=dt.date(2026, 8, 31), on=dt.date(2026, 7, 1),
                    reason="3ª infração (Art. 38 I)")
    assert permits.refresh_statuses(SUPERVISOR, on=dt.date(2026, 9, 1))["resumed"] == 1
    assert Permit.get_by_id(permit["id"]).status == "active"


def test_only_supervisors_grant(municipio):
    person, vehicle = holder_with_vehicle()
    with pytest.raises(PermissionDenied):
        permits.grant_permit(CLERK, holder_id=person["id"], vehicle_id=vehicle["id"], on=TODAY)


def test_grant_from_a_deferred_application(municipio):
    person, vehicle = holder_with_vehicle()
    app = apps.file_application(CLERK, person["id"], "new_permit")
    for item in app["checklist"]:
        if item["mandatory"]:
            apps.set_checklist_item(CLERK, app["id"], item["code"], received=True)
    with pytest.raises(ValidationError, match="deferido"):
        grant(person, vehicle, application_id=app["id"])
    apps.change_status(SUPERVISOR, app["id"], "deferido")
    permit = grant(person, vehicle, application_id=app["id"])
    assert apps.get_application(app["id"]).permit_id == permit["id"]


@pytest.mark.parametrize("call, words", [
    (lambda p: permits.interrupt_permit(SUPERVISOR, p, days="muitos"), "Dias"),
    (lambda p: permits.suspend(SUPERVISOR, p, until="31/02/2026", reason="x"), "Suspensa até"),
    (lambda p: permits.cassate(SUPERVISOR, p, reason=""), "Motivo"),
    (lambda p: permits.revoke(SUPERVISOR, p, reason="x", act_number="9" * 100), "Nº do ato"),
    (lambda p: permits.renew_permit(SUPERVISOR, 99999), "não existe"),
])
def test_bad_input_writes_nothing(municipio, call, words):
    permit = grant(*holder_with_vehicle())
    before = row_counts()
    with pytest.raises(ValidationError, match=words):
        call(permit["id"])
    assert row_counts() == before

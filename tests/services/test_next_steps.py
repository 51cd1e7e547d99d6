"""services.next_steps (issue 36): what the person in front of the clerk needs next, each with
its action — from an empty município, through the real services: the grant's fee to pay, the
card to print, the vehicle to present for the vistoria (and the debt that refuses it, SRM
Art. 17 §1º), a document missing from an open application, a deferred permit not granted
and the deadlines of services/views/alerts.py (CNH)."""
import datetime as dt

from mototaxi_desk.domain.errors import DebtRefusal
from mototaxi_desk.services.licensing import applications as apps
from mototaxi_desk.services.views import counter, next_steps
from mototaxi_desk.services import documents
from mototaxi_desk.services.register import inspections
from mototaxi_desk.services.licensing import permits

import pytest

from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle

ON = dt.date(2026, 6, 15)


def _granted(name="Raimunda Nonata Sousa", **person):
    holder = make_person(name, today=ON, **person)
    vehicle = make_vehicle(holder["id"], today=ON)
    app = apps.file_application(CLERK, holder["id"], "new_permit")
    apps.set_checklist_items(CLERK, app["id"], [c["code"] for c in app["checklist"]],
                             received=True)
    apps.change_status(SUPERVISOR, app["id"], "deferido")
    permit = permits.grant_permit(SUPERVISOR, holder_id=holder["id"], vehicle_id=vehicle["id"],
                                  application_id=app["id"], act_number="Portaria 1/2026",
                                  on=ON)
    return holder, vehicle, permit


def _kinds(steps):
    return [(s["kind"], s["action"]) for s in steps]


def test_after_the_grant_the_fee_the_card_and_the_vistoria_are_next(srm, clock_at):
    """SRM Art. 47 I (the card's fee charged by the grant), Art. 17 §1º (no vistoria with
    debts): after the grant the record says pay, print the card, present the vehicle — and
    that the debt must go first for the vistoria."""
    clock_at(ON)
    holder, vehicle, permit = _granted()
    steps = next_steps.for_person(CLERK, holder["id"])
    assert ("debt", "pay") in _kinds(steps)
    assert ("card", "print_card") in _kinds(steps)
    debt = next(s for s in steps if s["kind"] == "debt")
    assert "R$ 48,26" in debt["text"] and "Art. 47 I" in debt["text"] and debt["enabled"]
    card = next(s for s in steps if s["kind"] == "card")
    assert card["target"] == {"permit_id": permit["id"]} and permit["order_text"] in card["text"]
    inspect = next(s for s in steps if s["action"] == "inspect")
    assert vehicle["plate_original"] in inspect["text"] and "vistoria anual" in inspect["text"]
    assert "nunca vistoriado" in inspect["detail"]
    assert "pague os débitos" in inspect["detail"] and "Art. 17 §1º" in inspect["detail"]
    # the clerk cannot record the vistoria: the step says who does
    assert not inspect["enabled"] and "fiscalização" in inspect["why"]
    assert next_steps.for_person(SUPERVISOR, holder["id"])[0]["urgency"] in ("todo", "overdue")

    # paid and printed: those steps go; the vistoria stays, no longer blocked by the debt
    fee = next(d for d in counter.actions(CLERK, holder["id"])["pay"]["debts"])
    counter.pay_debt(CLERK, fee, paid_on=ON, receipt="DAM 77")
    documents.confirm(CLERK, counter.second_copy_card(CLERK, permit["id"], on=ON))
    steps = next_steps.for_person(SUPERVISOR, holder["id"])
    # SRM: the annual vistoria and the semiannual inspection (Art. 17), both never made
    assert _kinds(steps) == [("deadline", "inspect")] * 2
    assert all("débitos" not in s["detail"] and s["enabled"] for s in steps)


def test_the_vistoria_refused_for_a_debt_names_who_owes_what(srm, clock_at):
    """SRM Art. 17 §1º: the refusal carries the holder and the open debts, so the form can
    offer to pay them; blocking_debts says the same before the checklist is filled."""
    clock_at(ON)
    holder, vehicle, _permit = _granted()
    blocking = inspections.blocking_debts(vehicle["id"])
    assert blocking["person_id"] == holder["id"] and len(blocking["debts"]) == 1
    assert "Art. 17 §1º" in blocking["message"]
    with pytest.raises(DebtRefusal) as refused:
        inspections.record_inspection(SUPERVISOR, vehicle["id"], {
            "kind": "annual", "inspected_on": ON,
            "results": {i.code: "pass" for i in _annual_items()}})
    assert refused.value.person_id == holder["id"]
    assert refused.value.debts[0]["id"] == blocking["debts"][0]["id"]
    # SRM Art. 47 III: the annual vistoria is charged (and announced before it is recorded)
    assert inspections.fee_notice("annual") == (
        "Este ato cobra R$ 48,26 (taxa Vistoria veicular, 1 UFM, Art. 47 III), lançada para o "
        "permissionário.")
    assert inspections.fee_notice("on_demand") == ""


def _annual_items():
    from mototaxi_desk.domain import inspection_rules
    from mototaxi_desk.services import setup
    return inspection_rules.checklist(setup.profile(), "annual")


def test_documents_missing_and_a_deferred_permit_not_granted(srm, clock_at):
    """An open application lacking a mandatory document (SRM Art. 4) and a deferred new
    permit not yet granted are next steps that open the application."""
    clock_at(ON)
    waiting = make_person("Francisco das Chagas Lima", today=ON)
    app = apps.file_application(CLERK, waiting["id"], "new_permit")
    steps = next_steps.for_person(CLERK, waiting["id"])
    assert _kinds(steps) == [("documents", "application")]
    assert app["protocol"] in steps[0]["text"] and steps[0]["target"] == {
        "application_id": app["id"]}
    first_missing = next(c["text"] for c in app["checklist"] if c["mandatory"])
    assert steps[0]["detail"].startswith(first_missing)
    apps.set_checklist_items(CLERK, app["id"], [c["code"] for c in app["checklist"]],
                             received=True)
    apps.change_status(SUPERVISOR, app["id"], "deferido")
    steps = next_steps.for_person(CLERK, waiting["id"])
    assert _kinds(steps) == [("grant", "application")]
    assert not steps[0]["enabled"] and "outorgar" in steps[0]["why"].lower()
    assert next_steps.for_person(SUPERVISOR, waiting["id"])[0]["enabled"]


def test_a_cnh_expiring_soon_is_a_step_and_a_far_one_is_not(srm, clock_at):
    """SRM Art. 21 (the holder's CNH in force): a CNH expiring within 30 days is a next step
    with the CNH form as its action; one expiring in 50 days is only a deadline."""
    clock_at(ON)
    soon, _vehicle, _permit = _granted("Antônia Ribeiro", cnh_expiry=ON + dt.timedelta(days=20))
    cnh = [s for s in next_steps.for_person(CLERK, soon["id"]) if s["action"] == "cnh"]
    assert len(cnh) == 1 and cnh[0]["urgency"] == "soon" and "20/07/2026" not in cnh[0]["detail"]
    assert "05/07/2026" in cnh[0]["detail"]
    far, _vehicle, _permit = _granted("Benedita Alves", cnh_expiry=ON + dt.timedelta(days=50))
    assert not [s for s in next_steps.for_person(CLERK, far["id"]) if s["action"] == "cnh"]

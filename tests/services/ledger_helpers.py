"""Shared set-up for the penalty-ledger service tests."""
import datetime as dt

from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.context import Actor

from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle

FISCAL = Actor(None, "fiscal.teste", "fiscal")
ADMIN = Actor(None, "admin.teste", "admin")
TODAY = dt.date(2026, 6, 15)


def holder_permit(name="Raimundo Nonato Sá", on=dt.date(2026, 1, 10)):
    person = make_person(name, today=on)
    vehicle = make_vehicle(person["id"], year=on.year - 1, today=on,
                           insured_until=dt.date(2032, 12, 31))
    permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"],
                                  vehicle_id=vehicle["id"], on=on)
    for fee in fees.open_debts(person["id"]):  # the card fee: no debts in the way
        if fee["source"] == "fee":
            fees.pay(CLERK, fee["id"], paid_on=on, receipt=f"DAM {fee['id']}")
    return person, permit


def notice_data(permit, code, when, **extra):
    data = {"permit_id": permit["id"], "infraction_code": code,
            "occurred_at": when, "place": "Praça da Matriz", "agent_name": "Antônio Fiscal",
            "agent_registration": "MAT-1234", "description": "Constatado em ronda."}
    data.update(extra)
    return data

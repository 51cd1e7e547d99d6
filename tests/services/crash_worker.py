"""The child of the crash test: a burst of real counter actions on an SQLite file, forever,
until the test kills it (SIGKILL); it prints `done` after each action. Refusals by a rule are part of the burst; any other error
ends the process with status 3 and a traceback (the test fails on it).

    python -m tests.services.crash_worker DB_PATH SEED
"""
from __future__ import annotations

import datetime as dt
import random
import sys

from mototaxi_desk.domain import inspection_rules
from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.services.licensing import applications, permits
from mototaxi_desk.services.payments import fees
from mototaxi_desk.services.register import inspections, stands
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import open_database
from mototaxi_desk.store.models import (Application, ApplicationChecklistItem, Fee,
                                        InfractionNotice, PenaltyCharge, Permit, Person, Stand,
                                        Sticker)

from ..factories import make_person, make_vehicle

CLERK = Actor(None, "atendente", "atendente")
FISCAL = Actor(None, "fiscal", "fiscal")
SUPERVISOR = Actor(None, "supervisor", "supervisor")
TODAY = dt.date.today()
NAMES = ["Ana", "Brandão", "Cícero", "Damião", "Inês", "Falcão", "Luíza", "Magalhães", "Tomé"]


def _pick(rng, query):
    rows = list(query.limit(200))
    return rng.choice(rows) if rows else None


def _in_force(rng):
    return _pick(rng, Permit.select().where(Permit.status.in_(permits.IN_FORCE)))


def file_application(rng):
    person = _pick(rng, Person.select())
    applications.file_application(CLERK, person.id, "new_permit")


def receive_document(rng):
    item = _pick(rng, ApplicationChecklistItem.select().join(Application).where(
        (Application.status == "protocolado") & ~ApplicationChecklistItem.received))
    if item:
        applications.set_checklist_item(CLERK, item.application_id, item.code, received=True)


def decide(rng):
    app = _pick(rng, Application.select().where(Application.status == "protocolado"))
    if app:
        applications.change_status(SUPERVISOR, app.id, rng.choice(["indeferido", "arquivado"]),
                                   reason="Teste de queda de energia")


def grant(rng):
    name = " ".join(rng.choice(NAMES) for _ in range(3))
    person = make_person(name, today=TODAY)
    vehicle = make_vehicle(person["id"], year=TODAY.year, today=TODAY)
    stand = _pick(rng, Stand.select())
    permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                         stand_id=stand.id if stand and rng.random() < 0.5 else None, on=TODAY)


def inspect(rng):
    permit = _in_force(rng)
    if permit and permit.vehicle_id:
        items = inspection_rules.checklist(setup.profile(), "semiannual")
        results = {i.code: "pass" for i in items}
        if rng.random() < 0.2:
            results[items[0].code] = "fail"
        inspections.record_inspection(FISCAL, permit.vehicle_id, {
            "kind": "semiannual", "inspected_on": TODAY, "results": results}, on=TODAY)


def reissue(rng):
    sticker = _pick(rng, Sticker.select().where(Sticker.status == "issued"))
    if sticker:
        inspections.reissue_sticker(SUPERVISOR, sticker.serial, reason="Selo danificado")


def notice(rng):
    permit = _in_force(rng)
    if permit:
        ledger.record_notice(FISCAL, {
            "permit_id": permit.id, "infraction_code": rng.choice(["36-IX", "36-X", "36-II"]),
            "occurred_at": dt.datetime.combine(TODAY, dt.time(rng.randint(6, 11), 0)),
            "place": "Praça da Matriz", "agent_name": "Antônio Fiscal",
            "agent_registration": "MAT-1234", "description": "Constatado em ronda."})


def void_notice(rng):
    row = _pick(rng, InfractionNotice.select().where(InfractionNotice.status == "active"))
    if row:
        ledger.void_notice(SUPERVISOR, row.id, reason="Erro de digitação")


def pay(rng):
    fee = _pick(rng, Fee.select().where(Fee.status == "open"))
    if fee:
        fees.pay(CLERK, fee.id, paid_on=TODAY, receipt=f"DAM {fee.id}")
    charge = _pick(rng, PenaltyCharge.select().where(PenaltyCharge.status == "open"))
    if charge:
        ledger.pay_charge(CLERK, charge.id, paid_on=TODAY, receipt=f"DAM M{charge.id}",
                          amount=f"{charge.amount_cents / 100:.2f}".replace(".", ","))


def end_permit(rng):
    permit = _in_force(rng)
    if permit:
        if rng.random() < 0.5:
            permits.desist(SUPERVISOR, permit.id, on=TODAY)
        else:
            permits.cassate(SUPERVISOR, permit.id, on=TODAY, reason="Teste")


def change_stand(rng):
    permit = _in_force(rng)
    stand = _pick(rng, Stand.select())
    if permit and stand:
        stands.change_stand(SUPERVISOR, permit.id, stand.id, on=TODAY)


# weights: the numbered records (protocols, permits, stickers, notices) come most often
ACTIONS = [(file_application, 4), (receive_document, 2), (decide, 1), (grant, 2),
           (inspect, 3), (reissue, 2), (notice, 3), (void_notice, 1), (pay, 3),
           (end_permit, 1), (change_stand, 1)]


def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    open_database(path)
    functions, weights = zip(*ACTIONS)
    print("ready", flush=True)  # the parent starts counting here
    while True:
        action = rng.choices(functions, weights)[0]
        try:
            action(rng)
        except DomainError:
            pass  # refused by a rule: nothing written, on to the next
        print("done", flush=True)  # one line per action: the parent cuts after N of them


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))

"""Rows for inspection, waiting-list and alert tests, created directly with the models (the
permit and vehicle services are written elsewhere). Documents only need to be unique here."""
from __future__ import annotations

import datetime as dt
import itertools

from mototaxi_desk.domain.dates import add_months
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuxiliaryDriver, Cnh, Permit, Person, Vehicle

FISCAL = Actor(None, "fiscal", "fiscal")
SUPERVISOR = Actor(None, "supervisor", "supervisor")
ATENDENTE = Actor(None, "atendente", "atendente")

_serial = itertools.count(1)


def person(name: str = "José da Silva", *, cnh_expiry: dt.date | None = None) -> Person:
    n = next(_serial)
    row = Person.create(cpf=f"{n:011d}", name=name, name_folded=name.lower())
    if cnh_expiry is not None:
        Cnh.create(person=row, number=f"{n:011d}", category="A",
                   first_licence_date=dt.date(2010, 1, 1), expiry_date=cnh_expiry, ear=True)
    return row


def vehicle(owner: Person, *, manufacture_year: int = 2024, cc: int = 160,
            insurance_expiry: dt.date | None = None, **extra) -> Vehicle:
    n = next(_serial)
    letters = "".join("ABCDEFGHJK"[int(d)] for d in f"{n:03d}"[-3:])
    plate = f"{letters}{n % 10}A{n % 100:02d}"
    return Vehicle.create(plate=plate, plate_original=plate, renavam=f"{n:011d}",
                          chassis=f"9C2{n:014d}", make="Honda", model="CG 160 Fan",
                          manufacture_year=manufacture_year, model_year=manufacture_year, cc=cc,
                          owner=owner, insurance_cover_cents=2_000_000,
                          insurance_expiry=insurance_expiry, **extra)


def permit(holder: Person, veh: Vehicle | None, *, issued_on: dt.date,
           valid_until: dt.date | None = None, months: int = 60, status: str = "active",
           status_until: dt.date | None = None) -> Permit:
    n = next(_serial)
    return Permit.create(order_number=n, holder=holder, vehicle=veh, status=status,
                         issued_on=issued_on, held_since=issued_on,
                         valid_until=valid_until or add_months(issued_on, months),
                         status_until=status_until)


def holder_with_vehicle(on: dt.date, *, name: str = "Maria Conceição", permit_status="active",
                        valid_until: dt.date | None = None, manufacture_year: int = 2024,
                        cnh_expiry: dt.date | None = None,
                        insurance_expiry: dt.date | None = None):
    """A holder with CNH, vehicle and a permit issued a year before `on`."""
    who = person(name, cnh_expiry=cnh_expiry or on + dt.timedelta(days=3 * 365))
    veh = vehicle(who, manufacture_year=manufacture_year,
                  insurance_expiry=insurance_expiry or on + dt.timedelta(days=300))
    granted = permit(who, veh, issued_on=on - dt.timedelta(days=365), valid_until=valid_until
                     or on + dt.timedelta(days=4 * 365), status=permit_status)
    return who, veh, granted


def auxiliary(permit_row: Permit, *, valid_until: dt.date | None, on: dt.date,
              cnh_expiry: dt.date | None = None, active: bool = True) -> AuxiliaryDriver:
    who = person("Antônio Auxiliar", cnh_expiry=cnh_expiry or on + dt.timedelta(days=900))
    return AuxiliaryDriver.create(permit=permit_row, person=who,
                                  credentialed_on=on - dt.timedelta(days=300),
                                  valid_until=valid_until, active=active)

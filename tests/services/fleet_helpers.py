"""Helpers for the vehicle, stand and auxiliary-driver tests: people with a CNH, registered
motorcycles, and permits written straight into the table (the permit service is separate)."""
from __future__ import annotations

import datetime as dt
import itertools
import random

from validate_docbr import CNH, CPF, RENAVAM

from mototaxi_desk.domain import dates
from mototaxi_desk.services import audit
from mototaxi_desk.services.register import persons, vehicles
from mototaxi_desk.services.context import SYSTEM, Actor
from mototaxi_desk.store.models import Permit, User

ON = dt.date(2026, 6, 1)
_rng = random.Random(7)
_serial = itertools.count(1)
_VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def admin() -> Actor:
    return Actor(User.get(User.login == "admin").id, "admin", "admin")


def clerk() -> Actor:
    return Actor(User.get(User.login == "admin").id, "balcao", "atendente")


FISCAL = Actor(None, "fiscal", "fiscal")


def new_cpf() -> str:
    return CPF().generate()


def new_renavam() -> str:
    return RENAVAM().generate()


def new_chassis() -> str:
    return "9C2" + "".join(_rng.choice(_VIN_CHARS) for _ in range(14))


def new_plate(old_format: bool = False) -> str:
    n = next(_serial)
    letters = "".join(chr(ord("A") + (n // 26 ** i) % 26) for i in (2, 1, 0))
    digits = f"{n % 10000:04d}"
    if old_format:
        return f"{letters}-{digits}"
    return f"{letters}{digits[0]}{chr(ord('A') + int(digits[1]))}{digits[2:]}"


def person(name="Fulano de Tal", *, birth=dt.date(1990, 5, 10), cnh=True, category="A",
           first=dt.date(2015, 1, 20), expiry=dt.date(2030, 1, 20), ear=True) -> int:
    data = persons.register_person(SYSTEM, {"cpf": new_cpf(), "name": name,
                                            "birth_date": birth}, today=ON)
    if cnh:
        persons.set_cnh(SYSTEM, data["id"], {"number": CNH().generate(), "category": category,
                                             "first_licence_date": first,
                                             "expiry_date": expiry, "ear": ear}, today=ON)
    return data["id"]


def vehicle_data(**changes) -> dict:
    data = {"plate": new_plate(), "renavam": new_renavam(), "chassis": new_chassis(),
            "make": "Honda", "model": "CG 160 Fan", "manufacture_year": 2024,
            "model_year": 2025, "cc": 160, "colour": "Vermelha", "insurer": "Seguradora X",
            "insurance_policy": "AP-123", "insurance_cover": "10.000,00",
            "insurance_expiry": "01/05/2027"}
    data.update(changes)
    return data


def vehicle(owner_id, *, on=ON, **changes) -> int:
    return vehicles.register_vehicle(SYSTEM, owner_id, vehicle_data(**changes), on=on)["id"]


_orders = itertools.count(1)


def permit(holder_id, vehicle_id=None, *, status="active", issued_on=ON, order_number=None,
           **fields) -> Permit:
    fields.setdefault("valid_until", dates.add_years(issued_on, 5))
    row = Permit.create(order_number=order_number or next(_orders) + 1000, holder=holder_id,
                        vehicle=vehicle_id, issued_on=issued_on, status=status, **fields)
    audit.seal_pending()  # sealed as the program seals what it creates (issue 34)
    return row


def holder_with_permit(name="Fulano de Tal", *, year=2024, cc=160, **permit_fields):
    """(person id, vehicle id, permit) for a holder whose vehicle serves the permit."""
    pid = person(name)
    vid = vehicle(pid, manufacture_year=year, model_year=year, cc=cc)
    return pid, vid, permit(pid, vid, **permit_fields)


def bare_person(name="Pessoa de Teste") -> int:
    """A person row without the service (quick filler for stands)."""
    from mototaxi_desk.domain.search_terms import fold
    from mototaxi_desk.store.models import Person
    row = Person.create(cpf=new_cpf(), name=name, name_folded=fold(name))
    audit.seal_pending()  # sealed as the program seals what it creates (issue 34)
    return row.id


def assign_in_another_process(url, permit_id, stand_id, barrier, results, lock=True):
    """Run stands.assign_permit in a process of its own (spawn): its own connection to the
    same PostgreSQL database. lock=False leaves out the stand row lock, so only the unique
    index on (stand, stand_position) stands between two counters. The pause after reading
    the free places makes every contender read before any of them writes."""
    import time

    from mototaxi_desk.domain.errors import RuleRefusal
    from mototaxi_desk.services.register import stands
    from mototaxi_desk.services.context import SYSTEM
    from mototaxi_desk.store.migrations import close_database, open_database
    open_database(url)
    if not lock:
        stands.is_postgres = lambda *args: False
    read_free_position = stands._free_position

    def slow_free_position(*args):
        position = read_free_position(*args)
        time.sleep(0.3)
        return position
    stands._free_position = slow_free_position
    try:
        barrier.wait(timeout=60)
        place = stands.assign_permit(SYSTEM, permit_id, stand_id, on=ON)
        results.put(("ok", permit_id, place["position"]))
    except RuleRefusal as exc:
        results.put(("refused", permit_id, str(exc)))
    except Exception as exc:  # reported to the test, which fails on it
        results.put(("error", permit_id, repr(exc)))
    finally:
        close_database()


def pay_fees(person_id) -> None:
    """Pay every open fee of a person (fees are debts that block requests, SRM Art. 50)."""
    from mototaxi_desk.services.payments import fees
    for fee in fees.open_debts(person_id):
        if fee["source"] == "fee":
            fees.pay(clerk(), fee["id"], paid_on=ON, receipt=f"DAM {fee['id']}")

"""Test data through the real services (so it obeys the rules)."""
from __future__ import annotations

import datetime as dt
import itertools
import random

from validate_docbr import CNH, CPF, RENAVAM

from mototaxi_desk.services.register import persons
from mototaxi_desk.services.context import Actor

SUPERVISOR = Actor(None, "supervisor.teste", "supervisor")
CLERK = Actor(None, "atendente.teste", "atendente")
_counter = itertools.count(1)
_rng = random.Random(99)


def _unique(generator) -> str:
    state = random.getstate()
    random.seed(next(_counter) * 7919)
    try:
        return generator()
    finally:
        random.setstate(state)


def make_person(name="José da Silva Araújo", *, birth=dt.date(1985, 5, 20), cnh=True,
                cnh_category="A", cnh_first=dt.date(2010, 1, 10), cnh_expiry=None,
                ear=True, today=None) -> dict:
    today = today or dt.date.today()
    person = persons.register_person(CLERK, {"cpf": _unique(CPF().generate), "name": name,
                                             "birth_date": birth, "blood": "O+"}, today=today)
    if cnh:
        persons.set_cnh(CLERK, person["id"], {
            "number": _unique(CNH().generate), "category": cnh_category,
            "first_licence_date": cnh_first,
            "expiry_date": cnh_expiry or today + dt.timedelta(days=10 * 365), "ear": ear},
            today=today)
    return person


def make_vehicle(owner_id: int, *, year=None, cc=160, cover="10.000,00", today=None,
                 insured_until=None) -> dict:
    from mototaxi_desk.services.register import vehicles
    today = today or dt.date.today()
    year = year or today.year - 1
    n = next(_counter)
    letters = "".join(chr(65 + (n // 26 ** i) % 26) for i in range(3)).replace("I", "K") \
        .replace("O", "P").replace("Q", "R")
    return vehicles.register_vehicle(CLERK, owner_id, {
        "plate": f"{letters}{n % 10}{chr(65 + n % 26)}{n % 100:02d}",
        "renavam": _unique(RENAVAM().generate),
        "chassis": f"9C2KC{n:012d}", "make": "Honda", "model": "CG 160 Fan",
        "manufacture_year": year, "model_year": year, "cc": cc, "colour": "Vermelha",
        "insurer": "Seguradora Teste", "insurance_policy": f"AP-{n}",
        "insurance_cover": cover,
        "insurance_expiry": (insured_until or today + dt.timedelta(days=300)).strftime("%d/%m/%Y")},
        on=today)

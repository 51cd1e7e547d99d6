"""Realistic demo data: holders with accented names and valid documents, stands full and
part-full, vehicles near their age limit, expired CNHs, a waiting list.

Only for demo and benchmark databases; `make run` keeps its demo database apart from the
real one. The same seed gives the same data.
"""
from __future__ import annotations

import datetime as dt
import random
from contextlib import contextmanager

from validate_docbr import CNH, CPF, RENAVAM

from ..domain import validators
from ..domain.dates import add_months
from ..domain.errors import DomainError
from ..domain.search_terms import fold, name_tokens
from ..store.models import (DB, Cnh, Permit, Person, PersonNameToken, Stand,
                            User, Vehicle, WaitingListEntry)
from . import audit, setup, users
from .context import SYSTEM

FIRST_NAMES = [
    "João", "José", "Antônio", "Francisco", "Luís", "Raimundo", "Sebastião", "Cícero",
    "Márcio", "Fábio", "Sérgio", "Vinícius", "Otávio", "Cláudio", "Rogério", "Lúcio",
    "Maria", "Ana", "Conceição", "Lúcia", "Márcia", "Cláudia", "Luíza", "Mônica", "Rosângela",
    "Andréa", "Patrícia", "Débora", "Jéssica", "Letícia", "Bárbara", "Inês",
    "Pedro", "Paulo", "Carlos", "Marcos", "Gabriel", "Rafael", "Daniel", "Thiago",
    "Wellington", "Edvaldo", "Josué", "Natanael", "Ismael", "Jônatas", "Tomé", "Benedito",
]
SURNAMES = [
    "Silva", "Santos", "Oliveira", "Souza", "Conceição", "Araújo", "Sá", "Gonçalves",
    "Assunção", "Brandão", "Damião", "Falcão", "Guimarães", "Leitão", "Magalhães", "Simões",
    "Lopes", "Pereira", "Costa", "Ribeiro", "Carvalho", "Almeida", "Nascimento", "Lima",
    "Sampaio", "Rocha", "Mendes", "Barbosa", "Cardoso", "Teixeira", "Nogueira", "Macêdo",
    "D'Ávila", "Azevêdo", "Patrício", "Antunes", "Bezerra", "Cavalcanti", "Monteiro", "Batista",
]
STREETS = ["Rua Grande", "Rua do Comércio", "Avenida Getúlio Vargas", "Rua São José",
           "Travessa da Conceição", "Rua Coronel Manoel Bandeira", "Avenida Tancredo Neves",
           "Rua Sete de Setembro", "Rua Benedito Leite", "Praça da Matriz"]
DISTRICTS = ["Centro", "Vila Nova", "Bairro São Francisco", "Alto da Boa Vista", "Cohab",
             "Vila Operária", "Santa Luzia", "Mangueiral"]
STAND_PLACES = ["Praça da Matriz", "Mercado Municipal", "Rodoviária", "Hospital Municipal",
                "Feira Livre", "Praça São Raimundo", "Escola Estadual", "Posto de Saúde",
                "Avenida Principal", "Igreja de Santa Luzia", "Banco do Brasil", "Câmara Municipal"]
MOTORCYCLES = [("Honda", "CG 160 Fan", 162), ("Honda", "CG 160 Titan", 162),
               ("Honda", "NXR 160 Bros", 162), ("Yamaha", "Factor 150", 149),
               ("Yamaha", "Fazer 250", 249), ("Honda", "Pop 110i", 109),
               ("Suzuki", "Yes 125", 125), ("Yamaha", "XTZ 150 Crosser", 149),
               ("Honda", "CB 300F Twister", 293), ("Shineray", "Jet 125", 125)]
COLOURS = ["Vermelha", "Preta", "Branca", "Prata", "Azul", "Cinza"]
BLOOD = ["O+", "O+", "O+", "A+", "A+", "B+", "AB+", "O-", "A-", "B-"]
DEMO_PASSWORD = "mototaxi123"
DEMO_USERS = [("admin", "Administrador do Sistema", "admin"),
              ("atendente", "Joana Conceição Brandão", "atendente"),
              ("fiscal", "Raimundo Nonato Falcão", "fiscal"),
              ("supervisor", "Sebastião Guimarães Leitão", "supervisor")]
DEMO_MUNICIPIO = {"profile_id": "sao-raimundo-das-mangabeiras-2019",
                  "municipio": "São Raimundo das Mangabeiras", "uf": "MA", "ibge": "2111102",
                  "population": 18540, "fiscal_unit_value": "48,26"}
_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ"
_VIN = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


@contextmanager
def _seeded(seed: int):
    # validate-docbr draws from the global generator: seed it, then put it back
    state = random.getstate()
    random.seed(seed)
    try:
        yield random.Random(seed)
    finally:
        random.setstate(state)


class _Unique:
    """Draws from `make` until the value is new to this run and to the column already stored."""

    def __init__(self, make, field):
        self.make = make
        self.seen = {value for (value,) in field.model.select(field).tuples()}

    def __call__(self) -> str:
        while True:
            value = self.make()
            if value not in self.seen and len(set(value)) > 1:
                self.seen.add(value)
                return value


def _birth(rng, today, min_age, max_age) -> dt.date:
    return today - dt.timedelta(days=rng.randint(min_age * 365 + 10, max_age * 365))


def fill(holders: int, *, seed: int = 2019, today: dt.date | None = None,
         waiting: int | None = None, with_users: bool = True) -> dict:
    """Add `holders` permit holders (each with CNH, vehicle and permit on a stand) and a
    waiting list to an initialised database. Returns counts."""
    if holders < 0 or holders > 1_000_000:
        raise DomainError("Número de permissionários deve estar entre 0 e 1.000.000.")
    today = today or dt.date.today()
    profile = setup.profile()
    stand_max = profile.stand.max_vehicles or 10
    stand_min = profile.stand.min_vehicles
    vehicle_years = profile.vehicle.max_age_years or 5
    cc_min, cc_max = profile.vehicle.cc_min or 0, profile.vehicle.cc_max or 10_000
    bikes = [b for b in MOTORCYCLES if cc_min <= b[2] <= cc_max] or MOTORCYCLES
    waiting = holders // 10 if waiting is None else waiting
    with _seeded(seed) as rng, DB.atomic():
        cpf = _Unique(CPF().generate, Person.cpf)
        cnh = _Unique(CNH().generate, Cnh.number)
        renavam = _Unique(RENAVAM().generate, Vehicle.renavam)
        # canonical (Mercosul) plates are what must be unique; half are shown in the old form
        plates = _Unique(lambda: "".join(rng.choice(_LETTERS) for _ in range(3)) +
                         str(rng.randint(0, 9)) + rng.choice("ABCDEFGHIJ" + _LETTERS) +
                         f"{rng.randint(0, 99):02d}", Vehicle.plate)
        vins = _Unique(lambda: "9C2" + "".join(rng.choice(_VIN) for _ in range(14)),
                       Vehicle.chassis)
        first_order = (Permit.select(Permit.order_number).order_by(
            Permit.order_number.desc()).scalar() or 0) + 1
        first_stand = (Stand.select(Stand.number).order_by(Stand.number.desc()).scalar() or 0) + 1

        # Stands: mostly full, some part-full and one below the minimum.
        sizes, left = [], holders
        while left > 0:
            roll = rng.random()
            size = stand_max if roll < 0.6 else (
                max(1, stand_min - 2) if roll < 0.7 and stand_min else rng.randint(
                    max(1, stand_min), stand_max))
            size = min(size, left)
            sizes.append(size)
            left -= size
        stand_rows = [{"number": first_stand + i,
                       "name": f"Ponto {first_stand + i:02d} — "
                               f"{STAND_PLACES[(first_stand + i - 1) % len(STAND_PLACES)]}",
                       "location": f"{rng.choice(STREETS)}, em frente ao nº {rng.randint(1, 900)}",
                       "min_vehicles": stand_min, "max_vehicles": stand_max}
                      for i in range(len(sizes))]
        _insert(Stand, stand_rows)
        stand_ids = dict(Stand.select(Stand.number, Stand.id).where(
            Stand.number >= first_stand).tuples())

        people = [_person_row(rng, cpf(), today) for _ in range(holders + waiting)]
        _insert(Person, people)
        ids = dict(Person.select(Person.cpf, Person.id).tuples())
        _insert(PersonNameToken, [{"person": ids[p["cpf"]], "token": t}
                                  for p in people for t in name_tokens(p["name"])])

        cnh_rows, vehicle_rows = [], []
        for i, person in enumerate(people[:holders]):
            pid = ids[person["cpf"]]
            first = today - dt.timedelta(days=rng.randint(2 * 365 + 30, 20 * 365))
            # about one in twelve CNHs is expired: the alerts must show them
            expiry = today + dt.timedelta(days=rng.randint(-200, -1) if i % 12 == 5
                                          else rng.randint(20, 5 * 365))
            cnh_rows.append({"person": pid, "number": cnh(), "category": rng.choice(["A", "AB"]),
                             "first_licence_date": first, "expiry_date": expiry, "ear": True})
            make, model, cc = rng.choice(bikes)
            # one in eight vehicles reaches its age limit this year or next
            age = vehicle_years - rng.randint(0, 1) if i % 8 == 3 else rng.randint(0, vehicle_years - 2)
            year = today.year - max(0, age)
            canonical = plates()
            plate_canonical, plate_original = validators.plate(
                validators.old_plate(canonical) if rng.random() < 0.5 else canonical)
            vehicle_rows.append({
                "plate": plate_canonical, "plate_original": plate_original, "renavam": renavam(),
                "chassis": vins(), "make": make, "model": model, "manufacture_year": year,
                "model_year": year + rng.randint(0, 1), "cc": cc, "colour": rng.choice(COLOURS),
                "owner": pid, "insurer": rng.choice(["Porto Seguro", "Mapfre", "Bradesco Seguros",
                                                     "Tokio Marine"]),
                "insurance_policy": f"{rng.randint(10**9, 10**10 - 1)}",
                "insurance_cover_cents": rng.choice([1_000_000, 1_500_000, 2_000_000]),
                "insurance_expiry": today + dt.timedelta(days=rng.randint(-30, 365))})
        _insert(Cnh, cnh_rows)
        _insert(Vehicle, vehicle_rows)
        vehicle_ids = dict(Vehicle.select(Vehicle.plate, Vehicle.id).tuples())

        permit_rows, holder_index = [], 0
        validity = profile.permit.validity_months
        for stand_offset, size in enumerate(sizes):
            for position in range(1, size + 1):
                person = people[holder_index]
                issued = today - dt.timedelta(days=rng.randint(30, max(31, validity * 30 - 5)))
                status = "active"
                if holder_index % 25 == 7:
                    status = "suspended"
                elif holder_index % 31 == 11:
                    status = "interrupted"
                permit_rows.append({
                    "order_number": first_order + holder_index, "holder": ids[person["cpf"]],
                    "vehicle": vehicle_ids[vehicle_rows[holder_index]["plate"]],
                    "stand": stand_ids[first_stand + stand_offset], "stand_position": position,
                    "status": status, "issued_on": issued, "stand_since": issued,
                    "valid_until": add_months(issued, validity)})
                holder_index += 1
        _insert(Permit, permit_rows)
        _insert(WaitingListEntry, [
            {"person": ids[p["cpf"]], "enrolled_at": dt.datetime.combine(
                today - dt.timedelta(days=rng.randint(1, 700)), dt.time(9, rng.randint(0, 59)))}
            for p in people[holders:]])
        created_users = 0
        if with_users:
            for login, name, role in DEMO_USERS:
                if not User.select().where(User.login == login).exists():
                    users.create_user(login, name, role, DEMO_PASSWORD)
                    created_users += 1
            User.update(must_change_password=False).where(
                User.login.in_([u[0] for u in DEMO_USERS])).execute()
        counts = {"holders": holders, "stands": len(sizes), "waiting": waiting,
                  "users": created_users}
        audit.record(SYSTEM, "demo.fill", "database", "", after=counts)
    return counts


def _person_row(rng, cpf: str, today: dt.date) -> dict:
    name = (f"{rng.choice(FIRST_NAMES)} {rng.choice(SURNAMES)} "
            f"{rng.choice(SURNAMES)}")
    blood = rng.choice(BLOOD)
    return {
        "cpf": cpf, "name": name, "name_folded": fold(name),
        "rg": f"{rng.randint(10**6, 10**8)}", "rg_issuer": "SSP/MA",
        "birth_date": _birth(rng, today, 22, 60), "profession": "Mototaxista",
        "blood_type": blood[:-1], "rh_factor": blood[-1],
        "street": rng.choice(STREETS), "number": str(rng.randint(1, 1500)),
        "district": rng.choice(DISTRICTS), "city": DEMO_MUNICIPIO["municipio"], "uf": "MA",
        "cep": f"659{rng.randint(0, 99999):05d}",
        "address_proof_date": today - dt.timedelta(days=rng.randint(1, 120)),
        "phone": f"99{rng.choice('89')}{rng.randint(10**7, 10**8 - 1)}",
        "email": "" if rng.random() < 0.4 else
        f"{fold(name).split()[0]}.{rng.randint(1, 999)}@email.com.br",
    }


def _insert(model, rows: list[dict], batch: int = 500) -> None:
    for start in range(0, len(rows), batch):
        model.insert_many(rows[start:start + batch]).execute()


def ensure_demo_database(today: dt.date | None = None) -> bool:
    """Set up the (already opened) demo database on first use; True if it was created now."""
    if setup.is_initialised():
        return False
    setup.initialise(admin_password=DEMO_PASSWORD, today=today, **DEMO_MUNICIPIO)
    fill(48, today=today)
    return True



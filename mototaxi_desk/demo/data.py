"""Realistic demo data: holders with accented names and valid documents, stands full and
part-full, vehicles near their age limit, expired CNHs, a waiting list.

Only for demo and benchmark databases; `make run` keeps its demo database apart from the
real one. The same seed gives the same data.
"""
from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Callable
from contextlib import contextmanager
from decimal import Decimal

from validate_docbr import CNH, CPF, RENAVAM

from ..domain import validators
from ..domain.dates import add_months
from ..domain.errors import DomainError
from ..domain.money import format_money
from ..domain.search_terms import fold, name_tokens
from ..store.models import (DB, Cnh, Permit, Person, PersonNameToken, Stand,
                            User, Vehicle, WaitingListEntry)
from ..domain import inspection_rules, permit_rules
from ..store import seals as row_seals
from ..store.connection import write_transaction
from ..services.licensing import applications, auxiliary, card_licensing, permits, waiting_list
from ..services import audit, setup
from . import bulk as demo_bulk
from ..services.payments import fees
from ..services.register import inspections, persons, stands, vehicles
from ..services.administration import users
from ..services.context import SYSTEM
from ..domain import wallclock

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
         waiting: int | None = None, with_users: bool = True,
         progress: Callable[[int, int], None] | None = None) -> dict:
    """Add `holders` permit holders to an initialised database through the real services —
    register person and CNH, vehicle, grant on a stand, pay the fees, inspections,
    auxiliary drivers, some suspensions and interruptions, open applications and a waiting
    list — so the demo obeys every rule of the profile. Returns counts.

    All of it is one transaction (each service's own becomes a savepoint), so an error or
    a cancel raised by `progress(done, total)` leaves the database as it was."""
    if holders < 0 or holders > 5000:
        raise DomainError("Número de permissionários deve estar entre 0 e 5.000 "
                          "(para volumes maiores use os scripts de benchmarks/).")
    today = today or wallclock.today()
    profile = setup.profile(today)
    cap_left = setup.summary()["permit_cap"] - permits.in_force_count()
    if holders > cap_left:
        raise DomainError(f"O limite de permissões do município comporta só mais {cap_left}; "
                          "aumente a população (settings population) ou peça menos.")
    if waiting is None:  # a tenth on the waiting list, where the law has one
        waiting = holders // 10 if permit_rules.has_waiting_list(profile) else 0
    total = holders + waiting + 1
    step = progress or (lambda done, total: None)
    with write_transaction(), _seeded(seed) as rng:
        builder = _DemoBuilder(rng, profile, today)
        builder.ensure_fiscal_units()
        stand_ids = builder.stands(holders)
        issue_days = sorted(builder.issue_date() for _ in range(holders))
        granted = []
        step(0, total)
        for index, issued in enumerate(issue_days):
            granted.append(builder.holder(index, issued, stand_ids))
            step(index + 1, total)
        builder.afterwards(granted)
        for done in range(holders + 1, total):
            step(done, total)
            enrolled = today - dt.timedelta(days=rng.randint(1, 700))
            person = builder.person(enrolled)
            waiting_list.enrol(SYSTEM, person["id"], on=enrolled,
                               seniority_years=rng.randint(0, 8),
                               dependents=rng.randint(0, 4),
                               vehicle_condition=rng.randint(3, 10))
        step(total, total)
        created_users = _demo_users() if with_users else 0
        counts = {"holders": holders, "stands": len(set(stand_ids)), "waiting": waiting,
                  "users": created_users}
        with write_transaction():
            audit.record(SYSTEM, "demo.fill", "database", "", after=counts)
    return counts


class _DemoBuilder:
    """Draws realistic values and calls the services, one counter action at a time."""

    def __init__(self, rng: random.Random, profile, today: dt.date):
        self.rng, self.profile, self.today = rng, profile, today
        self.cpf = _Unique(CPF().generate, Person.cpf)
        self.cnh = _Unique(CNH().generate, Cnh.number)
        self.renavam = _Unique(RENAVAM().generate, Vehicle.renavam)
        self.plates = _Unique(lambda: "".join(rng.choice(_LETTERS) for _ in range(3)) +
                              str(rng.randint(0, 9)) + rng.choice("ABCDEFGHIJ" + _LETTERS) +
                              f"{rng.randint(0, 99):02d}", Vehicle.plate)
        self.vins = _Unique(lambda: "9C2" + "".join(rng.choice(_VIN) for _ in range(14)),
                            Vehicle.chassis)
        v = profile.vehicle
        self.bikes = [b for b in MOTORCYCLES
                      if (not v.cc_min or b[2] >= v.cc_min) and (not v.cc_max or b[2] <= v.cc_max)]
        self.max_age = v.max_age_years or 5

    # --- dates ---------------------------------------------------------------------------
    def term_days(self) -> int:
        """How far back a grant can be and still be in force today."""
        if self.profile.permit.no_term:  # grants spread over five years
            return 5 * 365
        first_end = permit_rules.validity_end(self.profile, self.today)
        return max(30, (first_end - self.today).days - 5)

    def issue_date(self) -> dt.date:
        # most permits in force; about one in fifteen just past its validity (alerts)
        days = self.term_days()
        if self.rng.random() < 1 / 15:
            return self.today - dt.timedelta(days=days + self.rng.randint(6, 20))
        return self.today - dt.timedelta(days=self.rng.randint(20, days))

    def ensure_fiscal_units(self) -> None:
        current = setup.fiscal_unit_value_cents(self.today.year)
        known = setup.fiscal_unit_values()
        first_year = self.today.year - self.term_days() // 365 - 2
        for year in range(first_year, self.today.year):
            if year not in known:
                cents = current * (100 - 4 * (self.today.year - year)) // 100  # ~4% a year
                setup.set_fiscal_unit_value(SYSTEM, year, format_money(cents))

    # --- people, vehicles, stands ----------------------------------------------------------
    def person(self, since: dt.date, **extra) -> dict:
        row = _person_row(self.rng, self.cpf(), self.today)
        data = {k: row[k] for k in ("cpf", "name", "rg", "rg_issuer", "birth_date",
                                    "profession", "street", "number", "district", "city", "uf",
                                    "cep", "phone", "email")}
        data["blood"] = row["blood_type"] + row["rh_factor"]
        data["address_proof_date"] = min(row["address_proof_date"], since)
        data["birth_date"] = _birth(self.rng, since, 22, 60)  # of age when they start
        data.update(extra)
        person = persons.register_person(SYSTEM, data, today=self.today)
        first = since - dt.timedelta(days=self.rng.randint(3 * 365, 20 * 365))
        persons.set_cnh(SYSTEM, person["id"], {
            "number": self.cnh(), "category": self.rng.choice(["A", "AB"]),
            "first_licence_date": first, "ear": True,
            # renewed since, so valid today (a few are made to expire in afterwards())
            "expiry_date": self.today + dt.timedelta(days=self.rng.randint(40, 4 * 365))},
            today=since)
        return person

    def vehicle(self, owner_id: int, issued: dt.date, near_limit: bool) -> dict:
        make, model, cc = self.rng.choice(self.bikes)
        if near_limit:  # its age limit falls this year or next
            year = self.today.year - self.max_age + self.rng.randint(0, 1)
        else:
            year = self.today.year - self.rng.randint(0, max(0, self.max_age - 2))
        year = min(year, issued.year)
        canonical = self.plates()
        plate = validators.old_plate(canonical) if self.rng.random() < 0.5 else canonical
        cover = max(int(self.profile.vehicle.insurance_min_cover_per_person), 10_000)
        return vehicles.register_vehicle(SYSTEM, owner_id, {
            "plate": plate, "renavam": self.renavam(), "chassis": self.vins(), "make": make,
            "model": model, "manufacture_year": year, "model_year": year, "cc": cc,
            "colour": self.rng.choice(COLOURS),
            "insurer": self.rng.choice(["Porto Seguro", "Mapfre", "Bradesco Seguros",
                                        "Tokio Marine"]),
            "insurance_policy": f"{self.rng.randint(10**9, 10**10 - 1)}",
            "insurance_cover": f"{cover * self.rng.choice([1, 1, 2])},00",
            "insurance_expiry": self.today + dt.timedelta(days=self.rng.randint(-20, 360))
            if self.rng.random() < 0.9 else self.today + dt.timedelta(days=400)}, on=issued)

    def stands(self, holders: int) -> list[int]:
        """Enough stands for everyone: most full, some part-full, one below the minimum."""
        s = self.profile.stand
        largest = s.max_vehicles or 8
        sizes, left = [], holders
        while left > 0:
            roll = self.rng.random()
            if roll < 0.55:
                size = largest
            elif roll < 0.65 and s.min_vehicles > 1:
                size = s.min_vehicles - 1
            else:
                size = self.rng.randint(max(1, s.min_vehicles), largest)
            sizes.append(min(size, left))
            left -= sizes[-1]
        first = (Stand.select(Stand.number).order_by(Stand.number.desc()).scalar() or 0) + 1
        ids = []
        for offset, size in enumerate(sizes):
            number = first + offset
            # stands on a grid 300 m apart (SRM Art. 31 XVIII asks for 100 m)
            cell = number - 1  # each stand number has its own place on the grid
            lat = Decimal("-7.0200") - Decimal("0.0027") * (cell // 5)
            lon = Decimal("-45.4800") + Decimal("0.0030") * (cell % 5)
            stand = stands.create_stand(SYSTEM, {
                "number": number,
                "name": STAND_PLACES[(number - 1) % len(STAND_PLACES)],
                "location": f"{self.rng.choice(STREETS)}, em frente ao nº "
                            f"{self.rng.randint(1, 900)}",
                "latitude": str(lat), "longitude": str(lon),
                "max_vehicles": largest if not s.max_vehicles else None}, on=self.today)
            ids.extend([stand["id"]] * size)
        return ids

    # --- one holder --------------------------------------------------------------------
    def holder(self, index: int, issued: dt.date, stand_ids: list[int]) -> dict:
        person = self.person(issued)
        vehicle = self.vehicle(person["id"], issued, near_limit=index % 8 == 3)
        permit = permits.grant_permit(SYSTEM, holder_id=person["id"], vehicle_id=vehicle["id"],
                                      stand_id=stand_ids[index], on=issued,
                                      act_number=f"Portaria {index + 1:03d}/{issued.year}")
        # most pay the card fee at once; a few still owe it (debts block requests)
        for fee in fees.open_debts(person["id"]):
            if fee["source"] == "fee" and index % 17 != 9:
                fees.pay(SYSTEM, fee["id"], paid_on=min(issued + dt.timedelta(days=2),
                                                        self.today),
                         receipt=f"DAM {issued.year}/{fee['id']:05d}")
        return {"person": person, "vehicle": vehicle, "permit": permit, "index": index}

    def afterwards(self, granted: list[dict]) -> None:
        """What happens after the grants: inspections, auxiliaries, suspensions,
        interruptions, expired CNHs, open applications, statuses brought up to date."""
        rng, today, profile = self.rng, self.today, self.profile
        for item in granted:
            index, permit = item["index"], item["permit"]
            self.license_card(item)
            if index % 6 != 1 and profile.inspection.annual:
                self.inspect(item)
            if profile.auxiliary.allowed and index % 5 == 2:
                helper = self.person(today - dt.timedelta(days=rng.randint(10, 200)))
                with _quiet_refusal():
                    auxiliary.credential(SYSTEM, permit["id"], helper["id"],
                                         on=today - dt.timedelta(days=rng.randint(5, 60)))
            if index % 12 == 5:  # the CNH has expired since (the alerts show it)
                cnh = persons.current_cnh(item["person"]["id"])
                persons.set_cnh(SYSTEM, item["person"]["id"], {
                    "number": cnh.number, "category": cnh.category,
                    "first_licence_date": cnh.first_licence_date, "ear": cnh.ear,
                    "expiry_date": today - dt.timedelta(days=rng.randint(1, 200))}, today=today)
        permits.refresh_statuses(SYSTEM, on=today)
        for item in granted:
            index, permit = item["index"], item["permit"]
            current = permits.get_permit(permit["id"])
            if current.status != "active":
                continue
            if index % 25 == 7:
                permits.suspend(SYSTEM, permit["id"], on=today - dt.timedelta(days=10),
                                until=today + dt.timedelta(days=50),
                                reason="3ª infração em 12 meses", act_number="Portaria 77/"
                                f"{today.year}")
            elif index % 31 == 11 and profile.interruption.allowed:
                with _quiet_refusal():
                    permits.interrupt_permit(SYSTEM, permit["id"],
                                             start=today - dt.timedelta(days=5),
                                             days=min(20, profile.interruption.max_days),
                                             reason="Tratamento de saúde")
            elif index % 9 == 4:
                self.application(item)

    def license_card(self, item: dict) -> None:
        """SRM Art. 6 XX: the card licensed on its latest anniversary, the fee paid (Art. 47
        I); a few holders did not come (the alerts show it, Art. 38 III d)."""
        months = self.profile.licensing.card_months
        if not months or item["index"] % 23 == 13:
            return
        permit = permits.get_permit(item["permit"]["id"])
        last = _latest_licensing(self.profile, permit.issued_on, permit.valid_until,
                                 self.today)
        if last is None:
            return
        with _quiet_refusal():  # e.g. SRM Art. 50: a holder who still owes the grant's fee
            card_licensing.license_card(SYSTEM, permit.id, on=last)
            for fee in fees.open_debts(permit.holder_id):
                if fee["source"] == "fee" and fee["code"] == self.profile.licensing.fee_key:
                    fees.pay(SYSTEM, fee["id"], paid_on=last, receipt=f"DAM LIC {fee['id']:05d}")

    def inspect(self, item: dict) -> None:
        """An approved annual vistoria in the last year, its fee paid."""
        on = self.today - dt.timedelta(days=self.rng.randint(1, 55))
        issued = item["permit"]["issued_on"]
        if on < issued:
            return
        items = inspection_rules.checklist(self.profile, "annual")
        with _quiet_refusal():  # e.g. SRM Art. 17 §1: not inspected while owing fees
            inspections.record_inspection(SYSTEM, item["vehicle"]["id"], {
                "kind": "annual", "inspected_on": on,
                "results": {i.code: "pass" for i in items}}, on=on)
            for fee in fees.open_debts(item["person"]["id"]):
                if fee["source"] == "fee" and fee["code"] == "inspection":
                    fees.pay(SYSTEM, fee["id"], paid_on=on, receipt=f"DAM VIST {fee['id']:05d}")

    def application(self, item: dict) -> None:
        kinds = [t for t in ("renewal", "stand_change", "card_second_copy", "auxiliary_driver")
                 if self.profile.application(t).allowed]
        if not kinds:
            return
        with _quiet_refusal():  # debts block requests (SRM Art. 50): that holder waits
            app = applications.file_application(
                SYSTEM, item["person"]["id"], self.rng.choice(kinds),
                permit_id=item["permit"]["id"], notes="Atendimento no balcão")
            applications.change_status(SYSTEM, app["id"], "em_analise")
            if self.rng.random() < 0.4:
                applications.change_status(SYSTEM, app["id"], "pendente",
                                           reason="Falta comprovante de endereço atualizado")


@contextmanager
def _quiet_refusal():
    """A demo step a rule refuses is skipped: the demo only shows what the law allows."""
    try:
        yield
    except DomainError:
        pass


def _demo_users() -> int:
    """The demo's staff (the README's password, no forced change: they are fictitious),
    each audited as `user.add`. A user already there is left as it is."""
    created = 0
    for login, name, role in DEMO_USERS:
        with write_transaction():
            user = User.get_or_none(User.login == login)
            if user is None:
                user = users.create_user(login, name, role, DEMO_PASSWORD)
                audit.record(SYSTEM, "user.add", "user", user.id,
                             after={**audit.snapshot(user), "demo": True})
                created += 1
    return created


def is_demo_database() -> bool:
    """Whether this database was made as a demo one (ensure_demo_database)."""
    return bool(setup.settings().is_demo)


def fill_demo(actor, holders: int, *, seed: int = 2019) -> dict:
    """`demo`: fictitious data, only into a database made as a demo one (`--demo`):
    fictitious permits cannot be told apart from real ones nor removed."""
    from ..services import permissions
    permissions.require(actor, "demo.fill")
    if not is_demo_database():
        raise DomainError("Este banco não é de demonstração: dados fictícios não podem ser "
                          "gravados nele (não haveria como removê-los). Use "
                          "'mototaxi-desk --demo demo' para o banco de demonstração; nada "
                          "foi alterado.")
    return fill(holders, seed=seed)


def fill_bulk(holders: int, *, seed: int = 2019, today: dt.date | None = None,
              waiting: int | None = None, with_users: bool = True, notices: int = 0) -> dict:
    """For benchmarks only (100,000 holders in seconds): the same kind of rows as fill(),
    inserted directly instead of through the services — with what the services write around
    each grant (application, checklist, status lines, fees, an inspection and its sticker,
    permit history) and `notices` infraction notices over the last three years with their
    fines, payments and proceedings (demo/bulk.py), each with its audit entries,
    so `check` passes on the register. The values are drawn within the profile's limits,
    but no rule is checked, so use fill() for anything a person sees."""
    if holders < 0 or holders > 1_000_000:
        raise DomainError("Número de permissionários deve estar entre 0 e 1.000.000.")
    today = today or wallclock.today()
    profile = setup.profile(today)
    stand_max = profile.stand.max_vehicles or 10
    stand_min = profile.stand.min_vehicles
    vehicle_years = profile.vehicle.max_age_years or 5
    cc_min, cc_max = profile.vehicle.cc_min or 0, profile.vehicle.cc_max or 10_000
    bikes = [b for b in MOTORCYCLES if cc_min <= b[2] <= cc_max] or MOTORCYCLES
    if waiting is None:  # a tenth on the waiting list, where the law has one
        waiting = holders // 10 if permit_rules.has_waiting_list(profile) else 0
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
        row_seals.inserted("stand", stand_ids.values())  # sealed at the end, like fill()'s

        people = [_person_row(rng, cpf(), today) for _ in range(holders + waiting)]
        _insert(Person, people)
        ids = dict(Person.select(Person.cpf, Person.id).tuples())
        row_seals.inserted("person", [ids[p["cpf"]] for p in people])
        _insert(PersonNameToken, [{"person": ids[p["cpf"]], "token": t,
                                   "name_folded": p["name_folded"]}
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
        row_seals.inserted("vehicle", [vehicle_ids[v["plate"]] for v in vehicle_rows])
        new_cnhs = {c["number"] for c in cnh_rows}
        row_seals.inserted("cnh", [i for n, i in Cnh.select(Cnh.number, Cnh.id).tuples()
                                   if n in new_cnhs])

        permit_rows, holder_index = [], 0
        validity = profile.permit.validity_months or 60  # no term: grants over five years
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
                    "valid_until": permit_rules.NO_TERM if profile.permit.no_term
                    else add_months(issued, validity)})
                holder_index += 1
        _insert(Permit, permit_rows)
        _permit_records(first_order, first_order + len(permit_rows) - 1, profile, today)
        around = demo_bulk.grant_records(rng, profile, first_order,
                                         first_order + len(permit_rows) - 1, today)
        _insert(WaitingListEntry, [
            {"person": ids[p["cpf"]], "enrolled_at": wallclock.utc(dt.datetime.combine(
                today - dt.timedelta(days=rng.randint(1, 700)),
                dt.time(9, rng.randint(0, 59))))}  # kept in UTC
            for p in people[holders:]])
        created_users = _demo_users() if with_users else 0
        counts = {"holders": holders, "stands": len(sizes), "waiting": waiting,
                  "users": created_users, **around}
        if notices:
            counts.update(demo_bulk.fill_bulk_notices(notices, seed=seed, today=today))
        audit.record(SYSTEM, "demo.fill_bulk", "database", "", after=counts)
        audit.seal_pending(SYSTEM)  # DB.atomic: no write_transaction seals what is left
    return counts


def _latest_licensing(profile, issued: dt.date, valid_until: dt.date,
                       today: dt.date) -> dt.date | None:
    """The card's latest anniversary up to today, before the permit's end (SRM Art. 6 XX):
    the day a demo holder licensed it; None where there is none yet or no licensing."""
    months, last, step = profile.licensing.card_months, None, 1
    while months and add_months(issued, step * months) <= today \
            and add_months(issued, step * months) < valid_until:
        last, step = add_months(issued, step * months), step + 1
    return last


def _permit_records(first: int, last: int, profile, today: dt.date) -> None:
    """What granting writes besides the permit (permits.grant_permit), so that `check`
    passes on a bulk register: the grant in the permit's history (and the suspension or
    stoppage that put it in its status), the card's latest yearly licensing where the law
    has it (SRM Art. 6 XX), its audit entry, and the order number sequence."""
    from ..store.models import PermitHistory, Sequence
    rows = list(Permit.select(Permit.id, Permit.order_number, Permit.status, Permit.issued_on,
                              Permit.holder, Permit.vehicle, Permit.valid_until)
                .where(Permit.order_number.between(first, last)).order_by(Permit.id).tuples())
    row_seals.inserted("permit", [row[0] for row in rows])
    history, entries = [], []
    for permit_id, order, status, issued, holder, vehicle, valid_until in rows:
        details = json.dumps({"holder_id": holder, "vehicle_id": vehicle})
        history.append({"permit": permit_id, "effective_on": issued, "action": "grant",
                        "to_status": "active", "details": details})
        licensed = _latest_licensing(profile, issued, valid_until, today)
        if licensed is not None:
            history.append({"permit": permit_id, "effective_on": licensed,
                            "action": "card_licensing", "from_status": "active",
                            "to_status": "active"})
        if status != "active":
            history.append({"permit": permit_id, "effective_on": issued,
                            "action": "suspension" if status == "suspended" else "stoppage",
                            "from_status": "active", "to_status": status})
        entries.append({"action": "permit.grant", "entity": "permit", "entity_id": permit_id,
                        "after": {"order_number": order, "holder": holder, "vehicle": vehicle,
                                  "status": "active", "issued_on": issued}})
    _insert(PermitHistory, history)
    audit.record_many(SYSTEM, entries)
    if rows:
        where = (Sequence.name == "permit_order") & (Sequence.year == 0)
        if Sequence.update(last_value=last).where(where).execute() == 0:
            Sequence.create(name="permit_order", year=0, last_value=last)


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


DEMO_COLLECTION = {"cnpj": "11.222.333/0001-81", "febraban_code": "9999",
                   "pix_key": "11222333000181"}


def ensure_demo_database(today: dt.date | None = None,
                         progress: Callable[[int, int], None] | None = None) -> bool:
    """Set up the (already opened) demo database on first use; True if it was created now.
    One transaction: a cancel (raised by `progress`) leaves the database empty, to be set up
    again at the next start."""
    if setup.is_initialised():
        return False
    with write_transaction():
        setup.initialise(admin_password=DEMO_PASSWORD, today=today, demo=True,
                         **DEMO_MUNICIPIO)
        fill(48, today=today, progress=progress)
        # its admin was made at set-up with the README's password: no forced change
        User.update(must_change_password=False).where(User.login == "admin").execute()
        from ..services.payments import collection  # guias (issue 22): a fictitious CNPJ, code and PIX key
        collection.update(SYSTEM, **DEMO_COLLECTION)
    return True



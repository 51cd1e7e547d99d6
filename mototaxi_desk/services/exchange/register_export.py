"""The whole register as one XLSX for the município's own archive (issue 21 item 3), in the
layout the import reads (docs/importing.md): Pontos, Permissionários (one row per permit —
every status — then vehicles serving none, then people in no other row), Auxiliares (the
active credentials) and Lista de espera (open entries in enrolment order). So the archive
can be read back: importing it into the database it came from changes nothing, and into an
empty one it rebuilds the register. Admin only and audited: it is everyone's personal data.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import io
from decimal import Decimal

from ...domain import importing as imp
from ...domain import output_files
from ...domain import validators
from ...domain.permit_rules import NO_TERM
from ...store.connection import write_transaction
from ...store.models import AuxiliaryDriver, Cnh, Permit, Person, Stand, Vehicle, WaitingListEntry
from .. import audit, permissions
from ..context import Actor
from ...domain import wallclock

STAND_HEADERS = ["Número", "Nome", "Localização", "Mínimo", "Máximo", "Ponto de extensão"]
PERSON_HEADERS = ["CPF", "Nome", "Data de nascimento", "RG", "Órgão emissor", "Telefone",
                  "E-mail", "Endereço", "Número do endereço", "Bairro", "Cidade", "UF", "CEP",
                  "Nacionalidade", "Profissão", "Tipo sanguíneo"]
CNH_HEADERS = ["Nº da CNH", "Categoria da CNH", "1ª habilitação", "Validade da CNH", "EAR"]
VEHICLE_HEADERS = ["Placa", "RENAVAM", "Chassi", "Marca", "Modelo", "Ano de fabricação",
                   "Ano do modelo", "Cilindrada", "Cor", "Seguradora", "Nº da apólice",
                   "Cobertura por pessoa", "Vencimento do seguro"]
MONEY_FORMAT = '"R$" #,##0.00'  # the cover: a number the sheet sums, shown in reais
PERMIT_HEADERS = ["Nº da permissão", "Data da outorga", "Validade", "Situação", "Ponto"]
AUX_HEADERS = ["Nº da permissão", *PERSON_HEADERS, *CNH_HEADERS, "Data do credenciamento",
               "Validade"]
WAITING_HEADERS = ["Posição", *PERSON_HEADERS, *CNH_HEADERS, "Data de inscrição",
                   "Tempo de atividade", "Dependentes", "Estado de conservação", "Observações"]


def _blank(value):
    return None if value in ("", None) else value


def _person(p: Person) -> list:
    blood = f"{p.blood_type}{p.rh_factor}" if p.blood_type and p.rh_factor else None
    return [validators.format_cpf(p.cpf), p.name, p.birth_date, _blank(p.rg),
            _blank(p.rg_issuer), _blank(p.phone), _blank(p.email), _blank(p.street),
            _blank(p.number), _blank(p.district), _blank(p.city), _blank(p.uf), _blank(p.cep),
            _blank(p.nationality), _blank(p.profession), blood]


def _cnh(c: Cnh | None) -> list:
    if c is None:
        return [None] * len(CNH_HEADERS)
    return [c.number, c.category, c.first_licence_date, c.expiry_date,
            "Sim" if c.ear else "Não"]


def _vehicle(v: Vehicle | None) -> list:
    if v is None:
        return [None] * len(VEHICLE_HEADERS)
    cover = Decimal(v.insurance_cover_cents) / 100 if v.insurance_cover_cents else None
    return [v.plate_original, v.renavam, v.chassis, v.make, v.model, v.manufacture_year,
            v.model_year, v.cc, _blank(v.colour), _blank(v.insurer),
            _blank(v.insurance_policy), cover, v.insurance_expiry]


class _Sheet:
    """A write-only sheet whose amounts (Decimal, the insurance cover) get the money format."""

    def __init__(self, ws):
        self.ws = ws

    def append(self, values: list) -> None:
        from openpyxl.cell import WriteOnlyCell
        cells = []
        for value in values:
            if isinstance(value, Decimal):
                value = WriteOnlyCell(self.ws, value=value)
                value.number_format = MONEY_FORMAT
            cells.append(value)
        self.ws.append(cells)


def _until(day):
    return "sem prazo" if day == NO_TERM else day


def workbook(on: dt.date | None = None) -> tuple[bytes, dict]:
    """(XLSX bytes, counts per sheet) of the register as it is."""
    from openpyxl import Workbook
    from openpyxl.styles import Font
    on = on or wallclock.today()
    people = {p.id: p for p in Person.select()}
    cnhs = {c.person_id: c for c in Cnh.select().order_by(Cnh.expiry_date)}
    vehicles = {v.id: v for v in Vehicle.select()}
    stand_numbers = {s.id: s.number for s in Stand.select()}
    book = Workbook(write_only=True)
    counts = {}
    bold = Font(bold=True)

    def sheet(title: str, headers: list[str]):
        ws = book.create_sheet(title)
        ws.append(headers)
        return _Sheet(ws)

    ws = sheet("Pontos", STAND_HEADERS)
    rows = 0
    for s in Stand.select().order_by(Stand.number):
        ws.append([s.number, s.name, _blank(s.location), s.min_vehicles, s.max_vehicles,
                   _blank(s.extension_point)])
        rows += 1
    counts["Pontos"] = rows

    ws = sheet("Permissionários", PERSON_HEADERS + CNH_HEADERS + VEHICLE_HEADERS +
               PERMIT_HEADERS)
    in_a_row: set[int] = set()
    serving: set[int] = set()
    rows = 0
    for p in Permit.select().order_by(Permit.order_number):
        holder = people[p.holder_id]
        vehicle = vehicles.get(p.vehicle_id)
        in_a_row.add(holder.id)
        if vehicle is not None and vehicle.owner_id == holder.id:
            serving.add(vehicle.id)
        else:
            vehicle = None  # a vehicle owned by someone else: listed on its owner's row
        ws.append(_person(holder) + _cnh(cnhs.get(holder.id)) + _vehicle(vehicle) +
                  [p.order_number, p.issued_on, _until(p.valid_until),
                   imp.STATUS_NAMES[p.status], stand_numbers.get(p.stand_id)])
        rows += 1
    for v in sorted(vehicles.values(), key=lambda v: v.plate):
        if v.id in serving:
            continue
        owner = people[v.owner_id]
        in_a_row.add(owner.id)
        ws.append(_person(owner) + _cnh(cnhs.get(owner.id)) + _vehicle(v) +
                  [None] * len(PERMIT_HEADERS))
        rows += 1
    others = set()
    for (pid,) in AuxiliaryDriver.select(AuxiliaryDriver.person).where(
            AuxiliaryDriver.active == True).tuples():  # noqa: E712 (peewee expression)
        others.add(pid)
    for (pid,) in WaitingListEntry.select(WaitingListEntry.person).where(
            WaitingListEntry.status.in_(("waiting", "called"))).tuples():
        others.add(pid)
    for person in sorted(people.values(), key=lambda p: (p.name_folded, p.cpf)):
        if person.id not in in_a_row and person.id not in others:
            ws.append(_person(person) + _cnh(cnhs.get(person.id)) +
                      [None] * (len(VEHICLE_HEADERS) + len(PERMIT_HEADERS)))
            rows += 1
    counts["Permissionários"] = rows

    ws = sheet("Auxiliares", AUX_HEADERS)
    orders = dict(Permit.select(Permit.id, Permit.order_number).tuples())
    rows = 0
    for a in AuxiliaryDriver.select().where(AuxiliaryDriver.active == True) \
            .order_by(AuxiliaryDriver.id):  # noqa: E712 (peewee expression)
        person = people[a.person_id]
        ws.append([orders[a.permit_id], *_person(person), *_cnh(cnhs.get(person.id)),
                   a.credentialed_on, _until(a.valid_until)])
        rows += 1
    counts["Auxiliares"] = rows

    ws = sheet("Lista de espera", WAITING_HEADERS)
    rows = 0
    for position, w in enumerate(WaitingListEntry.select().where(
            WaitingListEntry.status.in_(("waiting", "called")))
            .order_by(WaitingListEntry.enrolled_at, WaitingListEntry.id), start=1):
        person = people[w.person_id]
        enrolled = wallclock.local_day(w.enrolled_at) if isinstance(
            w.enrolled_at, dt.datetime) else w.enrolled_at  # kept in UTC
        ws.append([position, *_person(person), *_cnh(cnhs.get(person.id)), enrolled,
                   w.seniority_years, w.dependents, w.vehicle_condition, _blank(w.notes)])
        rows += 1
    counts["Lista de espera"] = rows
    del bold
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue(), counts


def export(actor: Actor, on: dt.date | None = None, *, path=None) -> dict:
    """The register as XLSX bytes, audited (who, when, how many rows, the file's SHA-256).
    With a `path`, the file is written (domain/output_files.py) inside the audit entry's
    transaction: a file refused or not written (OutputError) leaves no entry."""
    permissions.require(actor, "register.export")
    if path is not None:
        output_files.check_target(path)  # before the work of building it
    data, counts = workbook(on)
    digest = hashlib.sha256(data).hexdigest()
    with write_transaction():
        audit.record(actor, "register.export", "register", "",
                     after={"rows": counts, "sha256": digest})
        if path is not None:
            output_files.write_atomic(path, data)
    return {"xlsx": data, "rows": counts, "sha256": digest}

"""Import the município's existing register from a spreadsheet (docs/importing.md).

`dry_run` reads the file, maps its columns (guessed from the headers, or the mapping given),
validates every row (domain/importing.py), looks every key up in the database and returns
what the import would do: the rows' problems (field and Portuguese reason; errors refuse the
import, alerts do not), the records it would create, and for records already registered the
fields that differ (before -> after). `apply` does it in ONE write transaction: any error —
a bad row, a failure while writing, a cancel from the progress callback — writes nothing.
It is audited (the file's name and SHA-256, one entry per record created or updated), and
the counters of permit order numbers and protocols continue after the highest imported.

Records are matched by their keys: a person by CPF, a vehicle by plate (either format), a
permit by its order number, a ponto by its number, an auxiliary credential by permit and
CPF, a waiting-list entry by CPF. So importing the same file again changes nothing (and
writes nothing, not even an audit entry), and a later file updates only the fields that
differ. Nothing absent from the file is removed.
"""
from __future__ import annotations

import datetime as dt
import io
import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ...domain import importing as imp
from ...domain import input_limits, output_files
from ...domain import permit_rules, validators
from ...domain.errors import DomainError
from ...domain.money import format_money
from ...domain.os_errors import os_error_text
from ...domain.search_terms import fold, name_tokens
from ...store.bulk import insert_rows
from ...store.connection import write_transaction
from ...store import seals as row_seals
from ...store.models import (SEALED_FIELDS, Application, ApplicationStatusChange, AuxiliaryDriver,
                             Cnh, ImportRun, Permit, PermitHistory, Person, PersonNameToken,
                             Sequence, Stand, Vehicle, WaitingListEntry, utcnow)
from ...store.seals import sealed_update
from .. import audit, permissions, setup
from . import import_files
from ..context import Actor
from ...domain import wallclock

ENTITY_LABELS = {"stand": "Ponto", "person": "Pessoa", "cnh": "CNH", "vehicle": "Veículo",
                 "permit": "Permissão", "application": "Protocolo",
                 "auxiliary": "Condutor auxiliar", "waiting": "Lista de espera"}
ENTITY_ORDER = tuple(ENTITY_LABELS)
ENTITY_PLURALS = {"stand": "pontos", "person": "pessoas", "cnh": "CNHs", "vehicle": "veículos",
                  "permit": "permissões", "application": "protocolos",
                  "auxiliary": "condutores auxiliares", "waiting": "inscrições na lista de espera"}


def count_text(counts: dict[str, int]) -> str:
    """{"person": 4, "stand": 1} -> '1 ponto, 4 pessoas' (in the entities' order)."""
    return ", ".join(f"{counts[e]} " + (ENTITY_LABELS[e].lower() if counts[e] == 1 and e != "cnh"
                                        else "CNH" if e == "cnh" and counts[e] == 1
                                        else ENTITY_PLURALS[e])
                     for e in ENTITY_ORDER if counts.get(e))
CHUNK = 500
REPORT_SHEETS = ("Resumo", "Problemas", "Alterações")  # write_report's, skipped on import


class ImportRefused(DomainError):
    """The file has errors: nothing was imported. `report` is the dry run's result."""

    def __init__(self, message: str, report: dict):
        super().__init__(message)
        self.report = report


# field of the model -> (label, how a value is shown)
def _text(value) -> str:
    if value is None or value == "":
        return ""
    if isinstance(value, bool):
        return "Sim" if value else "Não"
    if isinstance(value, dt.datetime):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, dt.date):
        return validators.format_date(value)
    return str(value)


_LABELS = {
    "person": {"name": "Nome", "birth_date": "Data de nascimento", "rg": "RG",
               "rg_issuer": "Órgão emissor do RG", "phone": "Telefone", "email": "E-mail",
               "street": "Logradouro", "number": "Número (endereço)", "district": "Bairro",
               "city": "Cidade", "uf": "UF", "cep": "CEP", "nationality": "Nacionalidade",
               "profession": "Profissão", "blood_type": "Tipo sanguíneo",
               "rh_factor": "Fator RH"},
    "cnh": {"number": "Nº da CNH", "category": "Categoria da CNH",
            "first_licence_date": "Data da 1ª habilitação", "expiry_date": "Validade da CNH",
            "ear": "EAR"},
    "vehicle": {"plate_original": "Placa", "renavam": "RENAVAM", "chassis": "Chassi",
                "make": "Marca", "model": "Modelo", "manufacture_year": "Ano de fabricação",
                "model_year": "Ano do modelo", "cc": "Cilindradas (cc)", "colour": "Cor",
                "insurer": "Seguradora", "insurance_policy": "Nº da apólice",
                "insurance_cover_cents": "Cobertura do seguro por pessoa",
                "insurance_expiry": "Vencimento do seguro", "owner": "Proprietário (CPF)"},
    "permit": {"holder": "Permissionário (CPF)", "vehicle": "Placa", "stand": "Ponto",
               "issued_on": "Data da outorga", "valid_until": "Validade", "status": "Situação"},
    "stand": {"name": "Nome do ponto", "location": "Localização",
              "min_vehicles": "Mínimo de motocicletas", "max_vehicles": "Máximo de motocicletas",
              "extension_point": "Ponto de extensão"},
    "auxiliary": {"credentialed_on": "Data do credenciamento",
                  "valid_until": "Validade do credenciamento"},
    "waiting": {"enrolled_at": "Data de inscrição e posição",
                "seniority_years": "Tempo de atividade (anos)", "dependents": "Dependentes",
                "vehicle_condition": "Estado de conservação do veículo",
                "notes": "Observações"},
    "application": {"person": "Requerente (CPF)"},
}
_PERSON_FIELDS = {"name": "name", "birth_date": "birth_date", "rg": "rg",
                  "rg_issuer": "rg_issuer", "phone": "phone", "email": "email",
                  "street": "street", "house_number": "number", "district": "district",
                  "city": "city", "uf": "uf", "cep": "cep", "nationality": "nationality",
                  "profession": "profession"}
_CNH_FIELDS = {"cnh_number": "number", "cnh_category": "category",
               "cnh_first_licence": "first_licence_date", "cnh_expiry": "expiry_date",
               "cnh_ear": "ear"}
_VEHICLE_FIELDS = ("renavam", "chassis", "make", "model", "manufacture_year", "model_year",
                   "cc", "colour", "insurer", "insurance_policy", "insurance_cover_cents",
                   "insurance_expiry")
# an import field whose model field is named otherwise (the cover is kept in centavos)
_VEHICLE_COLUMNS = {"insurance_cover": "insurance_cover_cents"}
_STAND_FIELDS = {"stand_name": "name", "location": "location", "min_vehicles": "min_vehicles",
                 "max_vehicles": "max_vehicles", "extension_point": "extension_point"}


@dataclass
class Record:
    """One record the file describes, merged from every row that names its key."""
    entity: str
    key: object
    values: dict                 # model field -> value (references as keys: "holder_cpf"...)
    rows: list[tuple[str, int]]  # (sheet, row) it came from
    sources: dict = field(default_factory=dict)  # model field -> (sheet, row) that set it
    existing: object = None      # the model row already registered, if any
    changes: list = field(default_factory=list)  # [(field, before, after)] for an update

    @property
    def where(self) -> tuple[str, int]:
        return self.rows[0]


@dataclass
class Plan:
    source: import_files.SourceFile
    sheets: list[dict]
    rows: int = 0
    problems: list[imp.Problem] = field(default_factory=list)
    records: dict[str, dict] = field(default_factory=lambda: {e: {} for e in ENTITY_ORDER})
    numbers: dict[str, int] = field(default_factory=dict)
    learned: dict[str, dict] = field(default_factory=dict)
    cnh_owners: dict[str, str] = field(default_factory=dict)  # CNH number -> CPF in the file

    def error(self, where, label, message):
        self.problems.append(imp.Problem(where[0], where[1], label, message, imp.ERROR))

    def alert(self, where, label, message):
        self.problems.append(imp.Problem(where[0], where[1], label, message, imp.ALERT))

    @property
    def errors(self) -> int:
        return sum(p.severity == imp.ERROR for p in self.problems)

    def creates(self) -> dict[str, int]:
        return {e: sum(r.existing is None for r in self.records[e].values())
                for e in ENTITY_ORDER}

    def updates(self) -> list[Record]:
        return [r for e in ENTITY_ORDER for r in self.records[e].values()
                if r.existing is not None and r.changes]


# --- mappings ---------------------------------------------------------------------------

def learned_mappings() -> dict[str, dict[str, str]]:
    """The mappings of the imports made before, newest last: kind -> {normalised header:
    field code}, offered first when the next file's headers are guessed."""
    learned: dict[str, dict[str, str]] = defaultdict(dict)
    for (text,) in ImportRun.select(ImportRun.mapping).order_by(ImportRun.id).tuples():
        for kind, pairs in json.loads(text or "{}").items():
            if kind in imp.KINDS:
                learned[kind].update(pairs)
    return dict(learned)


def read_mapping_file(path) -> dict:
    """A mapping written by hand or saved by the window: {sheet: {"kind": ..., "columns":
    {header: field code or ""}}}."""
    try:
        data = json.loads(input_limits.read_text(path, input_limits.MAPPING))
    except OSError as exc:
        raise DomainError(f"Não foi possível ler {path}: {os_error_text(exc)}.") from None
    except ValueError as exc:
        raise DomainError(f"{path}: o mapeamento não é um JSON válido ({exc}).") from None
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise DomainError(f"{path}: use {{\"Aba\": {{\"kind\": \"titulares\", \"columns\": "
                          "{\"Cabeçalho\": \"campo\"}}}}.")
    return data


def sheet_mappings(source: import_files.SourceFile, given: dict | None = None,
                   learned: dict | None = None) -> list[dict]:
    """For each sheet: its kind and {column: field code}, guessed unless `given` says
    ({sheet: {"kind", "columns": {header: code}}}, any part may be left out)."""
    given = given or {}
    learned = learned if learned is not None else learned_mappings()
    result = []
    for sheet in source.sheets:
        spec = given.get(sheet.name, {})
        kind = spec.get("kind") or imp.guess_kind(sheet.name, sheet.headers)
        if kind is not None and kind not in imp.KINDS:
            raise DomainError(f"Aba '{sheet.name}': tipo '{kind}' desconhecido; use um de: "
                              f"{', '.join(imp.KINDS)}.")
        mapping = imp.guess_mapping(kind, sheet.headers, learned.get(kind)) if kind else {}
        columns = spec.get("columns")
        if kind and columns is not None:
            by_header = {imp.normalise_header(h): c for h, c in columns.items()}
            for index, header in enumerate(sheet.headers):
                normal = imp.normalise_header(header)
                if header in columns:
                    mapping[index] = columns[header] or None
                elif normal in by_header:
                    mapping[index] = by_header[normal] or None
        result.append({"name": sheet.name, "kind": kind, "mapping": mapping,
                       "headers": sheet.headers, "rows": len(sheet.rows)})
    return result


def describe_mapping(sheet: dict) -> list[dict]:
    fields = imp.fields_of(sheet["kind"]) if sheet["kind"] else {}
    return [{"column": i + 1, "header": h, "field": sheet["mapping"].get(i) or "",
             "label": fields[sheet["mapping"][i]].label if sheet["mapping"].get(i) else ""}
            for i, h in enumerate(sheet["headers"])]


def mapping_to_json(sheets: list[dict]) -> dict:
    """The form `--mapping` and the window read back."""
    return {s["name"]: {"kind": s["kind"] or "", "columns": {
        h: s["mapping"].get(i) or "" for i, h in enumerate(s["headers"])}} for s in sheets}


# --- the plan -----------------------------------------------------------------------------

def build_plan(source: import_files.SourceFile, mapping: dict | None = None, *,
               today: dt.date | None = None, progress=None) -> Plan:
    """Everything the import would do, checked against the database; writes nothing."""
    today = today or wallclock.today()
    profile = setup.profile(on=today)
    sheets = sheet_mappings(source, mapping)
    plan = Plan(source=source, sheets=sheets)
    total = sum(s["rows"] for s in sheets) or 1
    done = 0
    rows: list[imp.Row] = []
    for sheet, spec in zip(source.sheets, sheets):
        if spec["kind"] is None:
            if sheet.name not in REPORT_SHEETS:  # the report's own sheets are not data
                plan.alert((sheet.name, 1), "", "aba ignorada: não foi possível saber o que "
                           "ela contém (Permissionários, Pontos, Condutores auxiliares ou "
                           "Lista de espera); renomeie a aba ou escolha o tipo no "
                           "mapeamento.")
            continue
        for number, message in sheet.bad_widths.items():  # a CSV row cut or joined wrongly
            plan.error((sheet.name, number), "", message)
        problems = imp.check_mapping(spec["kind"], spec["mapping"])
        for message in problems:
            plan.error((sheet.name, 1), "Mapeamento", message)
        if problems:
            continue
        learned = plan.learned.setdefault(spec["kind"], {})
        for index, code in spec["mapping"].items():
            if code and index < len(sheet.headers) and sheet.headers[index]:
                learned[imp.normalise_header(sheet.headers[index])] = code
        # the rows' own checks depend on the cells, the mapping and the day only: the dry
        # run's are reused by the import of the same file as read (the window's path)
        key = (sheet.name, spec["kind"], tuple(sorted(spec["mapping"].items())), today)
        checked = source.validated.get(key)
        if checked is None:
            checked = []
            for number, cells in sheet.rows:
                if number in sheet.bad_widths:  # its cells are not where the header says
                    continue
                checked.append(imp.validate_row(sheet.name, number, spec["kind"],
                                                spec["mapping"], cells, today))
                done += 1
                if progress and done % 200 == 0:
                    progress(done, total)
            source.validated[key] = checked
        for row in checked:
            if row is None:
                continue
            plan.rows += 1
            plan.problems.extend(row.problems)
            rows.append(row)
    _merge(plan, rows, today)
    _look_up(plan)
    _compare(plan, profile, today)
    if progress:
        progress(total, total)
    return plan


def _put(plan: Plan, entity: str, key, values: dict, where, row_label: str = "") -> Record:
    """Merge `values` into the record `key` of `entity`; a field the file gives twice with
    different values is an error at the second row."""
    record = plan.records[entity].get(key)
    if record is None:
        record = Record(entity, key, {}, [])
        plan.records[entity][key] = record
    record.rows.append(where)
    for name, value in values.items():
        if name in record.values and record.values[name] != value:
            first = record.sources.get(name, record.where)
            label = _LABELS.get(entity, {}).get(name, name)
            plan.error(where, label, f"{row_label or ENTITY_LABELS[entity]} repetido na "
                       f"planilha com {label.lower()} diferente ({first[0]}, linha "
                       f"{first[1]}: {_text(record.values[name])}).")
            continue
        record.values[name] = value
        record.sources.setdefault(name, where)
    return record


def _merge(plan: Plan, rows: list[imp.Row], today: dt.date) -> None:
    """The records of the rows, by key; duplicates and contradictions are errors."""
    positions: dict[int, tuple] = {}
    waiting_order = 0
    for row in rows:
        if not row.ok:
            continue
        where = (row.sheet, row.number)
        person = row.values.get("person", {})
        cpf = person.get("cpf")
        if row.kind == "pontos":
            _put_stand(plan, row, where)
            continue
        if cpf is None:
            continue
        _put_person(plan, cpf, person, where)
        if "cnh" in row.values:
            _put_cnh(plan, cpf, row.values["cnh"], where)
        if row.kind == "titulares":
            _put_holder_row(plan, row, cpf, where, today)
        elif row.kind == "auxiliares":
            aux = row.values.get("auxiliary", {})
            if "permit_order" not in aux:
                plan.error(where, imp.label_of("permit_order"), "campo obrigatório.")
                continue
            key = (aux["permit_order"], cpf)
            if key in plan.records["auxiliary"]:
                plan.error(where, "CPF", "condutor auxiliar repetido nesta permissão na "
                           f"planilha (linha {plan.records['auxiliary'][key].where[1]}).")
                continue
            values = {"permit_order": aux["permit_order"], "person_cpf": cpf}
            if "credentialed_on" in aux:
                values["credentialed_on"] = aux["credentialed_on"]
            if "aux_valid_until" in aux:
                values["valid_until"] = aux["aux_valid_until"]
            _put(plan, "auxiliary", key, values, where)
        elif row.kind == "espera":
            waiting = row.values.get("waiting", {})
            waiting_order += 1
            position = waiting.get("position", waiting_order)
            if cpf in plan.records["waiting"]:
                plan.error(where, "CPF", "pessoa repetida na lista de espera (linha "
                           f"{plan.records['waiting'][cpf].where[1]}).")
                continue
            if position in positions:
                plan.error(where, imp.label_of("position"), f"posição {position} repetida "
                           f"(linha {positions[position][1]}).")
                continue
            positions[position] = where
            values = {"person_cpf": cpf, "position": position,
                      "enrolled_on": waiting.get("enrolled_on")}
            for name in ("seniority_years", "dependents", "vehicle_condition", "notes"):
                if name in waiting:
                    values[name] = waiting[name]
            _put(plan, "waiting", cpf, values, where)


def _put_stand(plan: Plan, row: imp.Row, where) -> None:
    stand = row.values.get("stand", {})
    number = stand.get("stand_number")
    if number is None:
        return
    if number in plan.records["stand"] and "stand_name" in \
            plan.records["stand"][number].values:
        plan.error(where, imp.label_of("stand_number"), f"ponto {number} repetido na planilha "
                   f"(linha {plan.records['stand'][number].where[1]}).")
        return
    values = {_STAND_FIELDS[k]: v for k, v in stand.items() if k in _STAND_FIELDS}
    _put(plan, "stand", number, values, where, "Ponto")


def _put_person(plan: Plan, cpf: str, person: dict, where) -> None:
    values = {_PERSON_FIELDS[k]: v for k, v in person.items() if k in _PERSON_FIELDS}
    if "blood" in person:
        values["blood_type"], values["rh_factor"] = person["blood"][:-1], person["blood"][-1]
    _put(plan, "person", cpf, values, where, "CPF")


def _put_cnh(plan: Plan, cpf: str, cnh: dict, where) -> None:
    values = {_CNH_FIELDS[k]: v for k, v in cnh.items()}
    number = values.get("number")
    owner = plan.cnh_owners.get(number)
    if number and owner is not None and owner != cpf:
        other = plan.records["cnh"][owner]
        plan.error(where, imp.label_of("cnh_number"), f"a CNH {number} já está na "
                   f"planilha para outro CPF (linha {other.where[1]}).")
        return
    if number:
        plan.cnh_owners[number] = cpf
    _put(plan, "cnh", cpf, values, where, "CNH")


def _vehicle_values(vehicle: dict) -> dict:
    """A row's vehicle columns by model field (the plate apart)."""
    out = {_VEHICLE_COLUMNS.get(code, code): value for code, value in vehicle.items()}
    return {name: out[name] for name in _VEHICLE_FIELDS if name in out}


def _put_holder_row(plan: Plan, row: imp.Row, cpf: str, where, today: dt.date) -> None:
    vehicle = row.values.get("vehicle", {})
    permit = row.values.get("permit", {})
    plate = None
    if "plate" in vehicle:
        plate, original = vehicle["plate"]
        values = {"plate_original": original, "owner_cpf": cpf, **_vehicle_values(vehicle)}
        existing = plan.records["vehicle"].get(plate)
        if existing is not None:  # one vehicle serves one permit row
            plan.error(where, "Placa", f"placa {original} repetida na planilha (linha "
                       f"{existing.where[1]}).")
            return
        _put(plan, "vehicle", plate, values, where, "Placa")
    elif _vehicle_values(vehicle):
        plan.error(where, "Placa", "campo obrigatório quando o veículo é informado.")
    if "order_number" not in permit:
        for code in ("issued_on", "valid_until", "status", "stand", "protocol"):
            if code in permit:
                plan.error(where, imp.label_of("order_number"),
                           "campo obrigatório quando a permissão é informada.")
                break
        return
    number = permit["order_number"]
    if number in plan.records["permit"]:
        plan.error(where, imp.label_of("order_number"), f"permissão nº {number} repetida na "
                   f"planilha (linha {plan.records['permit'][number].where[1]}).")
        return
    values = {"holder_cpf": cpf, "order_number": number}
    if plate:
        values["vehicle_plate"] = plate
    for code in ("issued_on", "valid_until", "status", "stand"):
        if code in permit:
            values[code] = permit[code]
    if "protocol" in permit:
        values["protocol"] = permit["protocol"]
    _put(plan, "permit", number, values, where)


def _chunks(values):
    values = list(values)
    for start in range(0, len(values), CHUNK):
        yield values[start:start + CHUNK]


def _look_up(plan: Plan) -> None:
    """The registered rows of every key in the file, a few batched queries per entity."""
    recs = plan.records
    for chunk in _chunks(recs["person"]):
        for person in Person.select().where(Person.cpf.in_(chunk)):
            recs["person"][person.cpf].existing = person
    person_ids = {r.existing.id: r.key for r in recs["person"].values() if r.existing}
    for chunk in _chunks(person_ids):
        for cnh in Cnh.select().where(Cnh.person.in_(chunk)):
            record = recs["cnh"].get(person_ids[cnh.person_id])
            if record is not None:
                record.existing = cnh
    for chunk in _chunks(recs["vehicle"]):
        for vehicle in Vehicle.select().where(Vehicle.plate.in_(chunk)):
            recs["vehicle"][vehicle.plate].existing = vehicle
    for chunk in _chunks(recs["permit"]):
        for permit in Permit.select().where(Permit.order_number.in_(chunk)):
            recs["permit"][permit.order_number].existing = permit
    for stand in Stand.select():
        if stand.number in recs["stand"]:
            recs["stand"][stand.number].existing = stand
    waiting = {r.key for r in recs["waiting"].values()}
    ids = {cpf: pid for pid, cpf in person_ids.items()}
    for chunk in _chunks([ids[c] for c in waiting if c in ids]):
        for entry in WaitingListEntry.select().where(
                WaitingListEntry.person.in_(chunk) &
                WaitingListEntry.status.in_(("waiting", "called"))):
            recs["waiting"][person_ids[entry.person_id]].existing = entry


def _lookup_many(model, column, values) -> dict:
    found = {}
    for chunk in _chunks(set(values)):
        for row in model.select().where(column.in_(chunk)):
            found[getattr(row, column.name)] = row
    return found


def _compare(plan: Plan, profile, today: dt.date) -> None:
    """Checks against the database and the profile, and the differences of each record
    already registered."""
    recs = plan.records
    _compare_stands(plan, profile)
    _compare_people(plan, today)
    _compare_vehicles(plan, profile, today)
    _compare_permits(plan, profile, today)
    _compare_auxiliaries(plan, profile)
    _compare_waiting(plan)
    numbers = {}
    for number in recs["permit"]:
        numbers["permit_order:0"] = max(numbers.get("permit_order:0", 0), number)
    for record in recs["application"].values():
        year, seq = record.key
        numbers[f"protocol:{year}"] = max(numbers.get(f"protocol:{year}", 0), seq)
    plan.numbers = numbers


def _diff(record: Record, names) -> None:
    for name in names:
        if name not in record.values:
            continue
        before = getattr(record.existing, name)
        after = record.values[name]
        if isinstance(before, dt.datetime) and not isinstance(after, dt.datetime):
            before = before.date()
        if before != after:
            record.changes.append((name, before, after))


def _compare_stands(plan: Plan, profile) -> None:
    for record in plan.records["stand"].values():
        if record.existing is None:
            if "name" not in record.values:
                plan.error(record.where, "Nome do ponto", f"ponto {record.key} não está "
                           "cadastrado: informe o nome (aba Pontos).")
            record.values.setdefault("min_vehicles", profile.stand.min_vehicles)
            record.values.setdefault("max_vehicles", profile.stand.max_vehicles)
        else:
            _diff(record, ("name", "location", "min_vehicles", "max_vehicles",
                           "extension_point"))


def _compare_people(plan: Plan, today: dt.date) -> None:
    recs = plan.records
    for record in recs["person"].values():
        if record.existing is None:
            if "name" not in record.values:
                plan.error(record.where, "Nome", f"CPF {validators.format_cpf(record.key)} não "
                           "está cadastrado: informe o nome.")
        else:
            _diff(record, _LABELS["person"])
    numbers = _lookup_many(Cnh, Cnh.number, [r.values.get("number") for r in
                                             recs["cnh"].values() if r.values.get("number")])
    for record in recs["cnh"].values():
        other = numbers.get(record.values.get("number"))
        person = recs["person"][record.key].existing
        if other is not None and (person is None or other.person_id != person.id):
            plan.error(record.where, "Nº da CNH", f"a CNH {record.values['number']} já "
                       "pertence a outra pessoa cadastrada.")
            continue
        if record.existing is None:
            if not all(k in record.values for k in ("number", "category",
                                                    "first_licence_date", "expiry_date")):
                plan.error(record.where, "Nº da CNH", "a pessoa não tem CNH cadastrada: "
                           "informe número, categoria, 1ª habilitação e validade.")
        else:
            _diff(record, _LABELS["cnh"])
        expiry = record.values.get("expiry_date")
        if expiry and expiry < today:
            plan.alert(record.where, "Validade da CNH", f"CNH vencida em "
                       f"{validators.format_date(expiry)}; importada com alerta.")


def _compare_vehicles(plan: Plan, profile, today: dt.date) -> None:
    recs = plan.records
    renavams = _lookup_many(Vehicle, Vehicle.renavam, [r.values["renavam"] for r in
                            recs["vehicle"].values() if "renavam" in r.values])
    chassis = _lookup_many(Vehicle, Vehicle.chassis, [r.values["chassis"] for r in
                           recs["vehicle"].values() if "chassis" in r.values])
    seen: dict[tuple, Record] = {}
    for record in recs["vehicle"].values():
        for name, label, found in (("renavam", "RENAVAM", renavams),
                                   ("chassis", "Chassi", chassis)):
            value = record.values.get(name)
            if value is None:
                continue
            twin = seen.get((name, value))
            if twin is not None:
                plan.error(record.where, label, f"{label} {value} repetido na planilha (placa "
                           f"{twin.values['plate_original']}, linha {twin.where[1]}).")
            seen[(name, value)] = record
            other = found.get(value)
            if other is not None and other.plate != record.key:
                plan.error(record.where, label, f"{label} {value} já está cadastrado no "
                           f"veículo {other.plate_original}.")
        if record.existing is None:
            missing = [c for c in imp.VEHICLE_REQUIRED if c not in record.values]
            if missing:
                plan.error(record.where, imp.label_of(missing[0]), "campo obrigatório para "
                           f"cadastrar o veículo {record.values['plate_original']}.")
            record.values.setdefault("model_year", record.values.get("manufacture_year"))
        else:
            _diff(record, ("plate_original", *_VEHICLE_FIELDS))
            owner = recs["person"][record.values["owner_cpf"]].existing
            if owner is None or owner.id != record.existing.owner_id:
                record.changes.append(("owner", Person.get_by_id(record.existing.owner_id).cpf,
                                       record.values["owner_cpf"]))
        year = record.values.get("manufacture_year") or (
            record.existing.manufacture_year if record.existing else None)
        cc = record.values.get("cc") or (record.existing.cc if record.existing else None)
        for label, message in imp.vehicle_alerts(
                profile, year, cc, today,
                cover_cents=record.values.get("insurance_cover_cents"),
                insurance_expiry=record.values.get("insurance_expiry")):
            plan.alert(record.where, label, message)


def _stand_key(plan: Plan, profile, value, where, numbers: dict[int, int],
               names: dict[str, int]):
    """A permit's ponto: its number (in the file or registered) or its name (`names`:
    folded name -> number, of the registered pontos and those met so far); a name not
    found is a new ponto, numbered after the highest."""
    recs = plan.records["stand"]
    if isinstance(value, int):
        if value in recs:
            return value
        if value in numbers:
            return value
        plan.error(where, "Ponto", f"ponto {value} não existe: inclua-o na aba Pontos.")
        return None
    folded = fold(value)
    if folded in names:
        return names[folded]
    number = max([0, *numbers, *recs]) + 1
    names[folded] = number
    _put(plan, "stand", number, {"name": value, "min_vehicles": profile.stand.min_vehicles,
                                 "max_vehicles": profile.stand.max_vehicles}, where, "Ponto")
    plan.alert(where, "Ponto", f"ponto '{value}' não está cadastrado: será criado como "
               f"Ponto {number:02d}; complete o cadastro dele depois.")
    return number


def _compare_permits(plan: Plan, profile, today: dt.date) -> None:
    recs = plan.records
    per_holder: Counter = Counter()
    per_stand: Counter = Counter()
    stand_numbers = dict(Stand.select(Stand.id, Stand.number).tuples())  # id -> number
    by_number = {n: i for i, n in stand_numbers.items()}
    plates = {r.existing.id: r.key for r in recs["vehicle"].values() if r.existing}
    stand_names = {fold(name): number for number, name in
                   Stand.select(Stand.number, Stand.name).tuples()}
    stand_names.update({fold(r.values["name"]): n for n, r in recs["stand"].items()
                        if r.values.get("name")})
    for record in list(recs["permit"].values()):
        values, where = record.values, record.where
        if "stand" in values:
            values["stand_number"] = _stand_key(plan, profile, values.pop("stand"), where,
                                                by_number, stand_names)
        if record.existing is None and "issued_on" not in values:
            plan.error(where, "Data da outorga", "campo obrigatório para cadastrar a "
                       f"permissão nº {record.key}.")
            continue
        issued = values.get("issued_on") or record.existing.issued_on
        if record.existing is None and "valid_until" not in values:
            values["valid_until"] = permit_rules.validity_end(profile, issued)
        until = values.get("valid_until") or record.existing.valid_until
        if "status" not in values and record.existing is None:
            values["status"] = imp.default_status(until, today)
        if values.get("status") == "active" and until < today:
            values["status"] = "expired"
            if record.existing is not None and record.existing.status == "lapsed":
                values.pop("status")  # the passage of time went on from there (L1745 Art. 9)
            plan.alert(where, "Situação", f"permissão nº {record.key} informada como Ativa "
                       f"com validade vencida em {validators.format_date(until)}: importada "
                       "como Vencida.")
        if record.existing is not None:
            _diff(record, ("issued_on", "valid_until", "status"))
            holder = recs["person"][values["holder_cpf"]].existing
            if holder is None or holder.id != record.existing.holder_id:
                record.changes.append(("holder", Person.get_by_id(
                    record.existing.holder_id).cpf, values["holder_cpf"]))
            if "vehicle_plate" in values:
                vehicle_id = record.existing.vehicle_id
                current = (plates.get(vehicle_id) or Vehicle.get_by_id(vehicle_id).plate
                           if vehicle_id else None)
                if current != values["vehicle_plate"]:
                    record.changes.append(("vehicle", current, values["vehicle_plate"]))
            if "stand_number" in values and values["stand_number"] is not None:
                current = stand_numbers.get(record.existing.stand_id)
                status = values.get("status", record.existing.status)
                if current != values["stand_number"] and status not in imp.ENDED:
                    record.changes.append(("stand", current, values["stand_number"]))
        status = values.get("status") or record.existing.status
        if status not in imp.ENDED:
            per_holder[values["holder_cpf"]] += 1
            if values.get("stand_number"):
                per_stand[values["stand_number"]] += 1
        if "protocol" in values:
            _put_protocol(plan, record, values.pop("protocol"))
    rules = profile.permit
    for cpf, count in per_holder.items():
        if count > rules.max_per_person:
            where = next(r.where for r in recs["permit"].values()
                         if r.values["holder_cpf"] == cpf)
            plan.alert(where, "CPF", f"{validators.format_cpf(cpf)} tem {count} permissões em "
                       f"vigor; o limite é {rules.max_per_person} por pessoa "
                       f"({rules.max_per_person_article}); importadas com alerta.")
    for number, count in per_stand.items():
        record = recs["stand"].get(number)
        stand = record.existing if record else Stand.get_or_none(Stand.number == number)
        maximum = (record.values.get("max_vehicles") if record else None) or \
            (stand.max_vehicles if stand else 0)
        if maximum and count > maximum:
            where = record.where if record else next(
                r.where for r in recs["permit"].values() if r.values.get("stand_number") == number)
            plan.alert(where, "Ponto", f"Ponto {number:02d} fica com {count} motocicletas, "
                       f"acima do máximo de {maximum} ({profile.stand.article}); importado "
                       "com alerta.")


def _put_protocol(plan: Plan, permit: Record, protocol: tuple[int, int]) -> None:
    where = permit.where
    key = protocol
    if key in plan.records["application"]:
        plan.error(where, "Protocolo", f"protocolo {key[0]}/{key[1]:06d} repetido na planilha "
                   f"(linha {plan.records['application'][key].where[1]}).")
        return
    record = _put(plan, "application", key, {"person_cpf": permit.values["holder_cpf"],
                                             "order_number": permit.key}, where)
    existing = Application.get_or_none((Application.protocol_year == key[0]) &
                                       (Application.protocol_seq == key[1]))
    if existing is not None:
        record.existing = existing
        person = plan.records["person"][permit.values["holder_cpf"]].existing
        if person is None or existing.person_id != person.id:
            plan.error(where, "Protocolo", f"protocolo {key[0]}/{key[1]:06d} já está "
                       "cadastrado para outra pessoa.")


def _compare_auxiliaries(plan: Plan, profile) -> None:
    recs = plan.records
    if recs["auxiliary"] and not profile.auxiliary.allowed:
        first = next(iter(recs["auxiliary"].values()))
        plan.error(first.where, "Nº da permissão", "a lei do município não prevê condutor "
                   "auxiliar.")
        return
    per_permit: Counter = Counter()
    for record in recs["auxiliary"].values():
        order, cpf = record.key
        permit = recs["permit"].get(order)
        registered = permit.existing if permit else Permit.get_or_none(
            Permit.order_number == order)
        if permit is None and registered is None:
            plan.error(record.where, "Nº da permissão", f"permissão nº {order} não existe "
                       "(nem na planilha nem no cadastro).")
            continue
        holder = permit.values["holder_cpf"] if permit else Person.get_by_id(
            registered.holder_id).cpf
        if holder == cpf:
            plan.error(record.where, "CPF", "o permissionário não é condutor auxiliar da "
                       "própria permissão.")
            continue
        per_permit[order] += 1
        person = recs["person"][cpf].existing
        if registered is not None and person is not None:
            record.existing = AuxiliaryDriver.get_or_none(
                (AuxiliaryDriver.permit == registered.id) &
                (AuxiliaryDriver.person == person.id) &
                (AuxiliaryDriver.active == True))  # noqa: E712 (peewee expression)
        if record.existing is None:
            record.values.setdefault("credentialed_on", permit.values.get("issued_on") if
                                     permit and permit.values.get("issued_on") else
                                     registered.issued_on if registered else None)
        else:
            _diff(record, ("credentialed_on", "valid_until"))
    maximum = profile.auxiliary.max_per_vehicle
    for order, count in per_permit.items():
        if maximum and count > maximum:
            where = next(r.where for r in recs["auxiliary"].values() if r.key[0] == order)
            plan.alert(where, "Nº da permissão", f"permissão nº {order} fica com {count} "
                       f"condutores auxiliares; o limite é {maximum} "
                       f"({profile.auxiliary.max_article}); importados com alerta.")


def _compare_waiting(plan: Plan) -> None:
    """The list's order is kept as the enrolment time (day + position). An entry enrolled at
    the counter has its real time: it is left alone while the file gives the same day and
    the registered entries keep their relative order (an exported list read back)."""
    records = list(plan.records["waiting"].values())
    for record in records:
        values = record.values
        if values.get("enrolled_on") is not None:
            values["enrolled_at"] = _waiting_stamp(values["enrolled_on"], values["position"],
                                                   values["enrolled_on"])
    registered = [r for r in records if r.existing is not None]
    by_file = sorted(registered, key=lambda r: r.values["position"])
    by_time = sorted(registered, key=lambda r: (r.existing.enrolled_at, r.existing.id))
    same_order = [r.key for r in by_file] == [r.key for r in by_time]
    for record in registered:
        names = ["seniority_years", "dependents", "vehicle_condition", "notes"]
        stamp = record.values.get("enrolled_at")
        if stamp is not None and not (same_order and _local_day(record.existing.enrolled_at) ==
                                      wallclock.local_day(stamp)):
            names.insert(0, "enrolled_at")
        _diff(record, names)


def _waiting_stamp(enrolled_on: dt.date | None, position: int, fallback: dt.date
                   ) -> dt.datetime:
    """domain/importing.waiting_stamp (the local day of enrolment plus the position in
    seconds) as the database keeps times: UTC."""
    return wallclock.utc(imp.waiting_stamp(enrolled_on, position, fallback))


def _local_day(value) -> dt.date:
    """The local day of a stored (UTC) time, read as the driver gives it."""
    if not isinstance(value, dt.datetime):
        value = dt.datetime.fromisoformat(str(value))
    return wallclock.local_day(value)


# --- what the window and the command show ------------------------------------------------

def _shown(entity: str, name: str, value) -> str:
    if value is None:
        return ""
    if entity == "permit" and name == "status":
        return imp.STATUS_NAMES.get(value, value)
    if name in ("holder", "owner") and isinstance(value, str) and len(value) == 11:
        return validators.format_cpf(value)
    if name == "vehicle" and isinstance(value, str) and len(value) == 7:
        return value
    if name == "insurance_cover_cents" and isinstance(value, int):
        return format_money(value)
    if name == "enrolled_at" and isinstance(value, dt.datetime):
        value = wallclock.local(value)  # kept in UTC
        return f"{value:%d/%m/%Y} (posição {value.hour * 3600 + value.minute * 60 + value.second})"
    return _text(value)


def _key_text(entity: str, key) -> str:
    if entity in ("person", "cnh", "waiting"):
        return validators.format_cpf(key)
    if entity == "vehicle":
        return validators.old_plate(key) if key[4].isalpha() else key
    if entity == "permit":
        return f"nº {key}"
    if entity == "stand":
        return f"Ponto {key:02d}"
    if entity == "auxiliary":
        return f"permissão nº {key[0]}, CPF {validators.format_cpf(key[1])}"
    if entity == "application":
        return f"{key[0]}/{key[1]:06d}"
    return str(key)


def report(plan: Plan) -> dict:
    """The plan as plain data: problems, what would be created, the differences."""
    updates = [{"entity": r.entity, "entity_label": ENTITY_LABELS[r.entity],
                "key": _key_text(r.entity, r.key), "sheet": r.where[0], "row": r.where[1],
                "changes": [{"field": name,
                             "label": _LABELS.get(r.entity, {}).get(name, name),
                             "before": _shown(r.entity, name, before),
                             "after": _shown(r.entity, name, after)}
                            for name, before, after in r.changes]}
               for r in plan.updates()]
    problems = sorted(plan.problems, key=lambda p: (p.sheet, p.row, p.severity != imp.ERROR))
    creates = plan.creates()
    return {"file": plan.source.name, "sha256": plan.source.sha256,
            "sheets": [{"name": s["name"], "kind": s["kind"] or "",
                        "kind_label": imp.KIND_LABELS.get(s["kind"], "não reconhecida"),
                        "rows": s["rows"], "columns": describe_mapping(s)}
                       for s in plan.sheets],
            "rows": plan.rows,
            "problems": [p.as_dict() for p in problems],
            "errors": plan.errors,
            "alerts": sum(p.severity == imp.ALERT for p in plan.problems),
            "creates": {e: n for e, n in creates.items() if n},
            "creates_text": {ENTITY_LABELS[e]: n for e, n in creates.items() if n},
            "creates_summary": count_text(creates),
            "updates": updates,
            "importable": plan.errors == 0,
            "nothing_to_do": plan.errors == 0 and not any(creates.values()) and not updates,
            "mapping": mapping_to_json(plan.sheets)}


def _source(path_or_source) -> import_files.SourceFile:
    if isinstance(path_or_source, import_files.SourceFile):
        return path_or_source
    return import_files.read(path_or_source)


def read(actor: Actor, path) -> import_files.SourceFile:
    """The file read once (the window reads it for the mapping step, then passes it to
    dry_run and apply: what was checked is what is imported, whatever the disk holds)."""
    permissions.require(actor, "import.register")
    return import_files.read(path)


def dry_run(actor: Actor, path, mapping: dict | None = None, *, today=None,
            progress=None) -> dict:
    """Read and check the file (a path, or what `read` returned); nothing is written."""
    permissions.require(actor, "import.register")
    return report(build_plan(_source(path), mapping, today=today, progress=progress))


# --- the import ---------------------------------------------------------------------------

def apply(actor: Actor, path, mapping: dict | None = None, *, today=None,
          progress=None) -> dict:
    """Import the file in one write transaction (all or nothing). Refused with the dry run's
    report (ImportRefused) when a row has an error. Returns the report plus
    {"imported": bool, "run_id"}; a file that changes nothing writes nothing."""
    permissions.require(actor, "import.register")
    today = today or wallclock.today()
    source = _source(path)
    with write_transaction():
        plan = build_plan(source, mapping, today=today, progress=progress)
        result = report(plan)
        if plan.errors:
            raise ImportRefused(f"{source.name}: {plan.errors} problema(s) impedem a "
                                "importação; nada foi gravado. Corrija a planilha (veja o "
                                "relatório) e importe de novo.", result)
        if result["nothing_to_do"]:
            return {**result, "imported": False, "run_id": None}
        run_id = _write(actor, plan, today, progress)
    return {**result, "imported": True, "run_id": run_id}


class _Writer:
    def __init__(self, actor: Actor, plan: Plan, today: dt.date, progress):
        self.actor, self.plan, self.today, self.progress = actor, plan, today, progress
        self.audit: list[dict] = []
        self.ids: dict[str, dict] = {e: {} for e in ENTITY_ORDER}
        self.total = sum(len(v) for v in plan.records.values()) or 1
        self.done = 0
        self.context = {"file": plan.source.name, "sha256": plan.source.sha256}

    def step(self, count: int = 1) -> None:
        self.done += count
        if self.progress:
            self.progress(min(self.done, self.total), self.total)

    def new(self, entity: str) -> list[Record]:
        return [r for r in self.plan.records[entity].values() if r.existing is None]

    def changed(self, entity: str) -> list[Record]:
        return [r for r in self.plan.records[entity].values()
                if r.existing is not None and r.changes]

    def id_of(self, entity: str, key):
        record = self.plan.records[entity].get(key)
        if record is not None and record.existing is not None:
            return record.existing.id
        return self.ids[entity].get(key)

    def created(self, entity: str, record: Record, row_id, after: dict) -> None:
        self.ids[entity][record.key] = row_id
        self.audit.append({"action": "import.create", "entity": entity, "entity_id": row_id,
                           "after": {**after, "import": {**self.context,
                                                         "sheet": record.where[0],
                                                         "row": record.where[1]}}})

    def updated(self, entity: str, record: Record) -> None:
        self.audit.append({
            "action": "import.update", "entity": entity, "entity_id": record.existing.id,
            "before": {name: before for name, before, _ in record.changes},
            "after": {**{name: after for name, _, after in record.changes},
                      "import": {**self.context, "sheet": record.where[0],
                                 "row": record.where[1]}}})

    def insert(self, model, entity: str, records: list[Record], rows: list[dict],
               key_column) -> None:
        """Insert in batches, then read the new ids back by key."""
        rows = _uniform(model, rows)
        for start in range(0, len(rows), CHUNK):
            insert_rows(model, rows[start:start + CHUNK])
            self.step(len(rows[start:start + CHUNK]))
        keys = [r.key for r in records]
        found = {}
        for chunk in _chunks(keys):
            for row_id, key in model.select(model.id, key_column).where(
                    key_column.in_(chunk)).tuples():
                found[key] = row_id
        for record, row in zip(records, rows):
            self.created(entity, record, found[record.key], row)
        if model._meta.table_name in SEALED_FIELDS:  # sealed by the import's entries
            row_seals.inserted(model._meta.table_name, found.values())


def _uniform(model, rows: list[dict]) -> list[dict]:
    """Rows with the same columns (a multi-row INSERT names them once): a field some rows
    leave out gets the model's default."""
    names = {name for row in rows for name in row}
    fields = model._meta.fields
    out = []
    for row in rows:
        full = dict(row)
        for name in names - row.keys():
            default = fields[name].default
            full[name] = default() if callable(default) else default
        out.append(full)
    return out


def _write(actor: Actor, plan: Plan, today: dt.date, progress) -> int:
    w = _Writer(actor, plan, today, progress)
    _write_stands(w)
    _write_people(w)
    _write_vehicles(w)
    _write_permits(w)
    _write_applications(w)
    _write_auxiliaries(w)
    _write_waiting(w)
    _raise_sequences(plan)
    creates = {e: n for e, n in plan.creates().items() if n}
    updates = Counter(r.entity for r in plan.updates())
    run = ImportRun.create(file_name=plan.source.name[:200], sha256=plan.source.sha256,
                           imported_by=actor.user_id, rows=plan.rows,
                           created=json.dumps(creates), updated=json.dumps(dict(updates)),
                           alerts=sum(p.severity == imp.ALERT for p in plan.problems),
                           mapping=json.dumps(plan.learned, ensure_ascii=False,
                                              sort_keys=True),
                           numbers=json.dumps(plan.numbers, sort_keys=True))
    w.audit.append({"action": "import.apply", "entity": "import_run", "entity_id": run.id,
                    "after": {**w.context, "rows": plan.rows, "created": creates,
                              "updated": dict(updates), "numbers": plan.numbers}})
    audit.record_many(actor, w.audit)
    if progress:
        progress(w.total, w.total)
    return run.id


def _values(record: Record, names) -> dict:
    return {n: record.values[n] for n in names if n in record.values}


def _apply_changes(w: _Writer, entity: str, record: Record, model, extra: dict | None = None
                   ) -> None:
    values = {name: after for name, _, after in record.changes
              if name in model._meta.fields and name not in ("holder", "owner", "vehicle",
                                                             "stand", "person")}
    values.update(extra or {})
    if values:
        if model._meta.table_name in SEALED_FIELDS:  # checked against its seal, sealed again
            sealed_update(model, [record.existing.id], **values)
        else:
            model.update(**values).where(model.id == record.existing.id).execute()
    w.updated(entity, record)
    w.step()


def _write_stands(w: _Writer) -> None:
    names = ("name", "location", "min_vehicles", "max_vehicles", "extension_point")
    records = w.new("stand")
    rows = [{"number": r.key, **_values(r, names)} for r in records]
    w.insert(Stand, "stand", records, rows, Stand.number)
    for record in w.changed("stand"):
        _apply_changes(w, "stand", record, Stand)


def _write_people(w: _Writer) -> None:
    names = tuple(_LABELS["person"])
    records = w.new("person")
    now = utcnow()
    rows = [{"cpf": r.key, "name_folded": fold(r.values["name"]), "created_at": now,
             "updated_at": now, **_values(r, names)} for r in records]
    w.insert(Person, "person", records, rows, Person.cpf)
    tokens = [{"person": w.ids["person"][r.key], "token": t,
               "name_folded": fold(r.values["name"])}
              for r in records for t in name_tokens(r.values["name"])]
    insert_rows(PersonNameToken, tokens)
    for record in w.changed("person"):
        extra = {"updated_at": now}
        if any(name == "name" for name, _, _ in record.changes):
            extra["name_folded"] = fold(record.values["name"])
            PersonNameToken.delete().where(PersonNameToken.person == record.existing.id) \
                .execute()
            PersonNameToken.insert_many([{"person": record.existing.id, "token": t,
                                          "name_folded": extra["name_folded"]}
                                         for t in name_tokens(record.values["name"])]).execute()
        _apply_changes(w, "person", record, Person, extra)
    cnh_names = tuple(_LABELS["cnh"])
    records = w.new("cnh")
    rows = _uniform(Cnh, [{"person": w.id_of("person", r.key), "ear": False,
                           **_values(r, cnh_names)} for r in records])
    for start in range(0, len(rows), CHUNK):
        insert_rows(Cnh, rows[start:start + CHUNK])
        w.step(len(rows[start:start + CHUNK]))
    if records:
        found = {}
        for chunk in _chunks([row["number"] for row in rows]):
            found.update(dict(Cnh.select(Cnh.number, Cnh.id).where(Cnh.number.in_(chunk))
                              .tuples()))
        for record, row in zip(records, rows):
            w.created("cnh", record, found[row["number"]], row)
        row_seals.inserted("cnh", found.values())
    for record in w.changed("cnh"):
        _apply_changes(w, "cnh", record, Cnh)


def _write_vehicles(w: _Writer) -> None:
    names = ("plate_original", *_VEHICLE_FIELDS)
    records = w.new("vehicle")
    now = utcnow()
    rows = [{"plate": r.key, "owner": w.id_of("person", r.values["owner_cpf"]),
             "created_at": now, **_values(r, names)} for r in records]
    w.insert(Vehicle, "vehicle", records, rows, Vehicle.plate)
    for record in w.changed("vehicle"):
        extra = {}
        if any(name == "owner" for name, _, _ in record.changes):
            extra["owner"] = w.id_of("person", record.values["owner_cpf"])
        _apply_changes(w, "vehicle", record, Vehicle, extra)


def _free_positions(stand_ids) -> dict[int, set[int]]:
    taken: dict[int, set[int]] = defaultdict(set)
    for chunk in _chunks(stand_ids):
        for stand_id, position in Permit.select(Permit.stand, Permit.stand_position).where(
                Permit.stand.in_(chunk) & Permit.stand_position.is_null(False)).tuples():
            taken[stand_id].add(position)
    return taken


def _next_place(taken: set[int]) -> int:
    position = 1
    while position in taken:
        position += 1
    taken.add(position)
    return position


def _write_permits(w: _Writer) -> None:
    plan = w.plan
    records = w.new("permit")
    changed = w.changed("permit")
    registered = {n: i for i, n in Stand.select(Stand.id, Stand.number).tuples()}
    numbers_by_id = {i: n for n, i in registered.items()}
    stand_ids = {n: registered[n] for r in records + changed
                 for n in [r.values.get("stand_number")] if n is not None}
    # a changed permit leaving its stand (a new stand, or ended) frees its place first
    for record in changed:
        names = {name for name, _, _ in record.changes}
        ended = record.values.get("status") in imp.ENDED
        if record.existing.stand_id and ("stand" in names or ended):
            sealed_update(Permit, [record.existing.id], stand=None, stand_position=None,
                          stand_since=None)
    taken = _free_positions(set(stand_ids.values()))
    rows = []
    for record in records:
        values = record.values
        stand_id = stand_ids.get(values.get("stand_number"))
        in_force = values["status"] not in imp.ENDED
        rows.append({
            "order_number": record.key, "holder": w.id_of("person", values["holder_cpf"]),
            "vehicle": w.id_of("vehicle", values["vehicle_plate"])
            if values.get("vehicle_plate") else None,
            "stand": stand_id if in_force else None,
            "stand_position": _next_place(taken[stand_id]) if stand_id and in_force else None,
            "stand_since": values["issued_on"] if stand_id and in_force else None,
            "status": values["status"], "issued_on": values["issued_on"],
            "held_since": values["issued_on"], "valid_until": values["valid_until"],
            "created_at": utcnow()})
    w.insert(Permit, "permit", records, rows, Permit.order_number)
    history = []
    reason = f"Importada da planilha {plan.source.name}"
    for record, row in zip(records, rows):
        permit_id = w.ids["permit"][record.key]
        details = json.dumps({"import": {**w.context, "sheet": record.where[0],
                                         "row": record.where[1]}}, ensure_ascii=False)
        history.append({"permit": permit_id, "effective_on": row["issued_on"],
                        "action": "grant", "from_status": "", "to_status": "active",
                        "reason": reason, "user": w.actor.user_id, "details": details,
                        "at": utcnow()})
        if row["status"] != "active":
            history.append({"permit": permit_id, "effective_on": w.today, "action": "import",
                            "from_status": "active", "to_status": row["status"],
                            "reason": f"Situação informada na planilha {plan.source.name}",
                            "user": w.actor.user_id, "details": details, "at": utcnow()})
    for record in changed:
        extra = {}
        names = {name for name, _, _ in record.changes}
        status = record.values.get("status", record.existing.status)
        if "holder" in names:
            extra["holder"] = w.id_of("person", record.values["holder_cpf"])
        if "vehicle" in names:
            extra["vehicle"] = w.id_of("vehicle", record.values["vehicle_plate"])
        stand_number = record.values.get("stand_number")
        if status not in imp.ENDED and stand_number is not None and (
                "stand" in names or record.existing.stand_id is None):
            stand_id = stand_ids[stand_number]
            extra.update(stand=stand_id, stand_position=_next_place(taken[stand_id]),
                         stand_since=w.today)
        _apply_changes(w, "permit", record, Permit, extra)
        details = {"changes": {n: [_shown("permit", n, b), _shown("permit", n, a)]
                               for n, b, a in record.changes}, "import": w.context}
        old_stand = record.existing.stand_id
        if old_stand and ("stand" in names or status in imp.ENDED):
            # the place left, as a release line says it (the pontos' yearly roster reads it)
            details["stand_release"] = {"stand_number": numbers_by_id[old_stand],
                                        "position": record.existing.stand_position,
                                        "since": record.existing.stand_since}
        history.append({
            "permit": record.existing.id, "effective_on": w.today, "action": "import",
            "from_status": record.existing.status, "to_status": status,
            "reason": f"Atualizada pela planilha {plan.source.name}", "user": w.actor.user_id,
            "details": json.dumps(details, ensure_ascii=False, default=str), "at": utcnow()})
    insert_rows(PermitHistory, _uniform(PermitHistory, history))


def _write_applications(w: _Writer) -> None:
    for record in w.new("application"):
        year, seq = record.key
        order = record.values["order_number"]
        permit_id = w.id_of("permit", order)
        permit = w.plan.records["permit"][order]
        issued = permit.values.get("issued_on") or permit.existing.issued_on
        when = dt.datetime.combine(issued, dt.time(0, 0))
        app = Application.create(protocol_year=year, protocol_seq=seq, type="new_permit",
                                 person=w.id_of("person", record.values["person_cpf"]),
                                 permit=permit_id, status="deferido", filed_at=when,
                                 decided_at=when, notes=f"Importado da planilha "
                                                        f"{w.plan.source.name}")
        for status in ("protocolado", "deferido"):
            ApplicationStatusChange.create(application=app.id, to_status=status, at=when,
                                           user=w.actor.user_id,
                                           reason="importado" if status == "deferido" else "")
        w.created("application", record, app.id, {"protocol": f"{year}/{seq:06d}",
                                                  "permit_id": permit_id})
        w.step()


def _write_auxiliaries(w: _Writer) -> None:
    for record in w.new("auxiliary"):
        order, cpf = record.key
        aux = AuxiliaryDriver.create(permit=w.id_of("permit", order) or Permit.get(
            Permit.order_number == order).id, person=w.id_of("person", cpf),
            credentialed_on=record.values["credentialed_on"] or w.today,
            valid_until=record.values.get("valid_until"), active=True)
        w.created("auxiliary", record, aux.id, {"order_number": order, "cpf": cpf,
                                                **_values(record, ("credentialed_on",
                                                                   "valid_until"))})
        w.step()
    for record in w.changed("auxiliary"):
        _apply_changes(w, "auxiliary", record, AuxiliaryDriver)


def _write_waiting(w: _Writer) -> None:
    names = ("seniority_years", "dependents", "vehicle_condition", "notes")
    for record in sorted(w.new("waiting"), key=lambda r: r.values["position"]):
        values = record.values
        enrolled = values.get("enrolled_at") or _waiting_stamp(None, values["position"],
                                                               w.today)
        entry = WaitingListEntry.create(person=w.id_of("person", record.key),
                                        enrolled_at=enrolled, status="waiting",
                                        **_values(record, names))
        w.created("waiting", record, entry.id, {"cpf": record.key, "enrolled_at": enrolled,
                                                **_values(record, names)})
        w.step()
    for record in w.changed("waiting"):
        _apply_changes(w, "waiting", record, WaitingListEntry)


def _raise_sequences(plan: Plan) -> None:
    """The counters continue after the highest number imported (never go back)."""
    for key, highest in plan.numbers.items():
        name, _, year = key.partition(":")
        year = int(year)
        where = (Sequence.name == name) & (Sequence.year == year)
        current = Sequence.get_or_none(where)
        if current is None:
            Sequence.create(name=name, year=year, last_value=highest)
        elif current.last_value < highest:
            Sequence.update(last_value=highest).where(where).execute()


def imported_floors() -> dict[tuple[str, int], int]:
    """(counter, year) -> the highest number an import brought: the numbers below it were
    given before this program (services/trust/integrity.py does not call them gaps)."""
    floors: dict[tuple[str, int], int] = {}
    for (text,) in ImportRun.select(ImportRun.numbers).tuples():
        for key, highest in json.loads(text or "{}").items():
            name, _, year = key.partition(":")
            floors[(name, int(year))] = max(floors.get((name, int(year)), 0), int(highest))
    return floors


def runs(actor: Actor, limit: int = 50) -> list[dict]:
    """The imports made, newest first (when: this computer's local time, as shown): who may
    import sees them (Configurações → Importar cadastro, `import --list`)."""
    permissions.require(actor, "import.register")
    return [{"id": r.id, "file_name": r.file_name, "sha256": r.sha256,
             "imported_at": wallclock.local(r.imported_at), "rows": r.rows,
             "created": json.loads(r.created), "updated": json.loads(r.updated),
             "alerts": r.alerts}
            for r in ImportRun.select().order_by(ImportRun.id.desc()).limit(limit)]


# --- the report the clerk fixes and imports again -----------------------------------------

def write_report(result: dict, path, source_path=None) -> None:
    """An XLSX: Resumo (counts), Problemas (sheet, row, field, reason, kind), Alterações
    (before -> after), and, when the source is given, a copy of each of its sheets with a
    last column naming the row's problems — fix the cells there and import that file."""
    from openpyxl import Workbook
    from openpyxl.styles import Font, PatternFill
    bold = Font(bold=True)
    red = PatternFill("solid", fgColor="F8D7DA")
    amber = PatternFill("solid", fgColor="FFF3CD")
    book = Workbook()
    summary = book.active
    summary.title = "Resumo"
    summary.append(["Arquivo", result["file"]])
    summary.append(["SHA-256", result["sha256"]])
    summary.append(["Linhas lidas", result["rows"]])
    summary.append(["Erros (impedem a importação)", result["errors"]])
    summary.append(["Alertas (importados assim mesmo)", result["alerts"]])
    for label, count in result["creates_text"].items():
        summary.append([f"Novos: {label}", count])
    summary.append(["Registros alterados", len(result["updates"])])
    for cell in summary["A"]:
        cell.font = bold
    problems = book.create_sheet("Problemas")
    problems.append(["Aba", "Linha", "Campo", "Motivo", "Tipo"])
    for p in result["problems"]:
        problems.append([p["sheet"], p["row"], p["field"], p["message"], p["severity"]])
        fill = red if p["severity"] == imp.ERROR else amber
        for cell in problems[problems.max_row]:
            cell.fill = fill
    changes = book.create_sheet("Alterações")
    changes.append(["Registro", "Chave", "Campo", "Antes", "Depois", "Aba", "Linha"])
    for u in result["updates"]:
        for c in u["changes"]:
            changes.append([u["entity_label"], u["key"], c["label"], c["before"], c["after"],
                            u["sheet"], u["row"]])
    for sheet in (problems, changes):
        for cell in sheet[1]:
            cell.font = bold
    if source_path is not None:
        by_row = defaultdict(list)
        for p in result["problems"]:
            by_row[(p["sheet"], p["row"])].append(p)
        source = _source(source_path)  # a path, or the file as read
        for original in source.sheets:
            title = original.name[:31]
            if title in book.sheetnames:
                title = f"{title[:27]} (2)"
            copy = book.create_sheet(title)
            copy.append([*original.headers, imp.REPORT_COLUMN])
            for cell in copy[1]:
                cell.font = bold
            for number, cells in original.rows:
                found = by_row.get((original.name, number), [])
                text = "; ".join(f"{p['field']}: {p['message']}" if p["field"] else
                                 p["message"] for p in found)
                width = max(len(original.headers), len(cells))  # a CSV row may be longer
                padded = list(cells) + [None] * (width - len(cells))
                copy.append([*padded, text])
                if found:
                    fill = red if any(p["severity"] == imp.ERROR for p in found) else amber
                    copy.cell(row=copy.max_row, column=width + 1).fill = fill
    buffer = io.BytesIO()
    book.save(buffer)
    output_files.write_atomic(path, buffer.getvalue())

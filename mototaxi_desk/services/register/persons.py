"""People at the counter: register and update a person (validated documents), their CNH."""
from __future__ import annotations

import datetime as dt

import peewee as pw

from ...domain import dates, validators
from ...domain.errors import ValidationError
from ...domain.search_terms import fold
from ...store.connection import locked, retry_conflicts, write_transaction
from ...store.models import Cnh, Person, utcnow
from .. import audit, permissions
from ..views import search
from ..context import Actor
from ...domain import wallclock

MAX_PHOTO_BYTES = 2_000_000

# field -> (label, validator); the order is the form's order
_OPTIONAL_TEXT = {"rg": ("RG", 20), "rg_issuer": ("Órgão emissor do RG", 20),
                  "nationality": ("Nacionalidade", 40), "profession": ("Profissão", 60),
                  "street": ("Logradouro", 120), "number": ("Número", 20),
                  "complement": ("Complemento", 60), "district": ("Bairro", 60),
                  "city": ("Cidade", 80)}


def _clean_person(data: dict, today: dt.date) -> dict:
    """Validated values for the fields present in data (unknown keys are an error)."""
    known = {"cpf", "name", "birth_date", "blood", "uf", "cep", "address_proof_date", "phone",
             "email", "photo", *_OPTIONAL_TEXT}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido.")
    out: dict = {}
    if "cpf" in data:
        out["cpf"] = validators.cpf(data["cpf"])
    if "name" in data:
        out["name"] = validators.person_name(data["name"], "Nome")
        out["name_folded"] = fold(out["name"])
    # an optional field sent empty is cleared (the edit form), one left out is kept
    if "birth_date" in data:
        out["birth_date"] = None if data["birth_date"] in (None, "") else validators.parse_date(
            data["birth_date"], "Data de nascimento", earliest=dt.date(1900, 1, 1),
            latest=dates.latest_birth(today, 16))
    for key, (label, size) in _OPTIONAL_TEXT.items():
        if key in data:
            out[key] = validators.text(data[key], label, max_length=size, required=False)
    if "blood" in data:
        out["blood_type"], out["rh_factor"] = ("", "") if data["blood"] in (None, "") else \
            validators.blood_type(data["blood"])
    if "uf" in data:
        out["uf"] = "" if data["uf"] in (None, "") else validators.uf(data["uf"])
    if "cep" in data:
        out["cep"] = check_cep(data["cep"])
    if "address_proof_date" in data:
        out["address_proof_date"] = None if data["address_proof_date"] in (None, "") else \
            validators.parse_date(data["address_proof_date"], "Data do comprovante de endereço",
                                  earliest=dt.date(2000, 1, 1), latest=today)
    if "phone" in data:
        out["phone"] = validators.phone(data["phone"])
    if "email" in data:
        out["email"] = validators.email(data["email"])
    if data.get("photo") is not None:
        out["photo"] = _photo(data["photo"])
    return out


def check_cep(value) -> str:
    """The 8 digits of a CEP typed with or without its mask ("" when left blank): the
    domain's one rule (validators.cep), for the window and the command line alike."""
    return validators.cep(value)


def _photo(blob) -> bytes:
    if not isinstance(blob, (bytes, bytearray)) or not blob:
        raise ValidationError("Foto", "arquivo de imagem vazio.")
    if len(blob) > MAX_PHOTO_BYTES:
        raise ValidationError("Foto", "imagem grande demais (máximo 2 MB).")
    if not blob.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")):
        raise ValidationError("Foto", "use uma imagem JPEG ou PNG.")
    return bytes(blob)


def as_dict(person: Person) -> dict:
    data = audit.snapshot(person, exclude=("photo", "name_folded"))
    data["cpf_text"] = validators.format_cpf(person.cpf)
    data["blood"] = f"{person.blood_type}{person.rh_factor}"
    data["has_photo"] = person.photo is not None
    return data


@retry_conflicts
def register_person(actor: Actor, data: dict, *, today: dt.date | None = None,
                    cnh: dict | None = None) -> dict:
    """Register a person; with `cnh` (the fields of set_cnh) their CNH too, in the same
    transaction (the new-person path of the application wizard)."""
    permissions.require(actor, "person.register")
    today = today or wallclock.today()
    for required, label in (("cpf", "CPF"), ("name", "Nome")):
        if data.get(required) in (None, ""):
            raise ValidationError(label, "campo obrigatório.")
    values = _clean_person(data, today)
    if cnh is not None:
        permissions.require(actor, "person.cnh")
        cnh_values = clean_cnh(cnh, today)
    with write_transaction(concurrent=True):  # a twin CPF: the unique index
        duplicate = Person.get_or_none(Person.cpf == values["cpf"])
        if duplicate is not None:
            raise ValidationError("CPF", duplicate_cpf_message(duplicate))
        try:
            with write_transaction():  # savepoint: a twin saved at another counter meanwhile
                person = Person.create(**values)
        except pw.IntegrityError:
            raise ValidationError("CPF", "este CPF acabou de ser cadastrado em outro "
                                         "terminal; consulte o cadastro.") from None
        search.index_person_name(person)
        audit.record(actor, "person.register", "person", person.id, after=audit.snapshot(person))
        if cnh is not None:
            _write_cnh(actor, person, cnh_values)
    return as_dict(person)


def duplicate_cpf_message(person: Person) -> str:
    return (f"{validators.format_cpf(person.cpf)} já está cadastrado ({person.name}); "
            "abra o cadastro existente.")


def find_by_cpf(cpf) -> dict | None:
    """The person registered under a CPF (any spelling), or None; a malformed CPF is a
    ValidationError. For the new-person form: a duplicate is refused as it is typed."""
    digits = validators.cpf(cpf)
    person = Person.get_or_none(Person.cpf == digits)
    return None if person is None else {"id": person.id, "name": person.name,
                                        "cpf_text": validators.format_cpf(person.cpf)}


@retry_conflicts
def update_person(actor: Actor, person_id: int, data: dict, *,
                  today: dt.date | None = None, recadastramento: bool = False) -> dict:
    """Save the person's data; with recadastramento=True the data was confirmed for the
    recadastramento campaigns that call the person this year (services/messaging/campaigns.py), whose
    attendance is recorded in the same transaction."""
    permissions.require(actor, "person.update")
    if recadastramento:
        permissions.require(actor, "campaign.attend")
    today = today or wallclock.today()
    if "cpf" in data:
        raise ValidationError("CPF", "o CPF não pode ser alterado; cadastre a pessoa correta.")
    values = _clean_person(data, today)
    # the person's row locked first: two counters saving one person take turns (the
    # recadastramento's campaign rules still run alone)
    with write_transaction(concurrent=not recadastramento):
        person = locked(Person.select().where(Person.id == get_person(person_id).id)).get()
        before = audit.snapshot(person)
        for key, value in values.items():
            setattr(person, key, value)
        person.updated_at = utcnow()
        person.save()
        if "name" in values:
            search.index_person_name(person)
        audit.record(actor, "person.update", "person", person.id, before=before,
                     after=audit.snapshot(person))
        if recadastramento:
            from ..messaging import campaigns
            campaigns.mark_person(actor, person.id, on=today)
    return as_dict(person)


def get_person(person_id) -> Person:
    person = Person.get_or_none(Person.id == person_id)
    if person is None:
        raise ValidationError("Pessoa", f"cadastro nº {person_id} não existe.")
    return person


def person(person_id) -> dict:
    """One person as plain data: the screens' getter (no row or lazy relation leaves here)."""
    return as_dict(get_person(person_id))


def photo(person_id) -> bytes | None:
    """The person's 3×4 photo as stored (JPEG or PNG bytes), None when there is none."""
    blob = get_person(person_id).photo
    return bytes(blob) if blob else None


def person_by_cpf(cpf) -> Person:
    digits = validators.cpf(cpf)
    person = Person.get_or_none(Person.cpf == digits)
    if person is None:
        raise ValidationError("CPF", f"{validators.format_cpf(digits)} não está cadastrado.")
    return person


CNH_FIELDS = ("number", "category", "first_licence_date", "expiry_date", "ear")


def clean_cnh(data: dict, today: dt.date) -> dict:
    """Validated CNH fields: number (11 digits, check digits), category, first-licence
    date (not in the future), expiry (after the first licence, at most 15 years ahead)."""
    unknown = sorted(set(data) - set(CNH_FIELDS))
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido.")
    first = validators.parse_date(data.get("first_licence_date"), "Data da 1ª habilitação",
                                  earliest=dt.date(1940, 1, 1), latest=today)
    return {"number": validators.cnh_number(data.get("number")),
            "category": validators.cnh_category(data.get("category")),
            "first_licence_date": first,
            "expiry_date": validators.parse_date(
                data.get("expiry_date"), "Validade da CNH", earliest=first,
                latest=dates.add_years(today, 15)),
            "ear": bool(data.get("ear", False))}


def _write_cnh(actor: Actor, person: Person, values: dict) -> Cnh:
    other = Cnh.get_or_none((Cnh.number == values["number"]) & (Cnh.person != person.id))
    if other is not None:
        raise ValidationError("Nº da CNH", "este número já pertence a outra pessoa.")
    cnh = Cnh.get_or_none(Cnh.person == person.id)
    before = audit.snapshot(cnh) if cnh else None
    if cnh is None:
        cnh = Cnh(person=person.id)
    cnh.number, cnh.category = values["number"], values["category"]
    cnh.first_licence_date, cnh.expiry_date = values["first_licence_date"], values["expiry_date"]
    cnh.ear = values["ear"]
    try:
        with write_transaction():  # savepoint: the number saved at another counter meanwhile
            cnh.save()
    except pw.IntegrityError:
        raise ValidationError("Nº da CNH", "este número acabou de ser cadastrado para outra "
                                           "pessoa em outro terminal.") from None
    audit.record(actor, "person.cnh", "cnh", cnh.id, before=before, after=audit.snapshot(cnh))
    return cnh


def set_cnh(actor: Actor, person_id: int, data: dict, *, today: dt.date | None = None) -> dict:
    """Record (or replace) the person's CNH: number, category, first-licence date, expiry,
    EAR remark. Audited with before and after."""
    permissions.require(actor, "person.cnh")
    today = today or wallclock.today()
    values = clean_cnh(data, today)
    with write_transaction():
        cnh = _write_cnh(actor, get_person(person_id), values)
    return audit.snapshot(cnh)


def current_cnh(person_id: int) -> Cnh | None:
    return Cnh.select().where(Cnh.person == person_id).order_by(Cnh.expiry_date.desc()).first()


def cnh(person_id: int) -> dict | None:
    """The person's current CNH as plain data, or None."""
    row = current_cnh(person_id)
    return None if row is None else audit.snapshot(row)

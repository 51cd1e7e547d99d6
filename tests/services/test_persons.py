"""People at the counter (issue 15 item 1): editing a person's data is audited with before and
after and refreshes the name index; optional fields can be cleared; the CPF never changes;
the CNH is recorded or replaced, also together with a new person in one transaction; bad
input names the field and writes nothing."""
import datetime as dt
import json

import pytest
from validate_docbr import CNH, CPF

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.services.register import persons
from mototaxi_desk.services.views import search
from mototaxi_desk.store.models import AuditLog, Cnh, Person, PersonNameToken

from ..conftest import row_counts
from ..factories import CLERK

TODAY = dt.date(2026, 6, 1)


def _person(name="Ana Maria Pereira", **data) -> dict:
    return persons.register_person(CLERK, {"cpf": CPF().generate(), "name": name, **data},
                                   today=TODAY)


def _cnh(**data) -> dict:
    return {"number": CNH().generate(), "category": "A",
            "first_licence_date": dt.date(2015, 2, 1), "expiry_date": dt.date(2028, 2, 1),
            "ear": True, **data}


def test_update_audits_before_after_and_refreshes_the_name_index(municipio):
    person = _person(birth_date="10/10/1980")
    persons.update_person(CLERK, person["id"], {"name": "Ana Maria Pereira Lopes",
                                                "phone": "(99) 98765-4321", "cep": "65840-000",
                                                "blood": "AB-"}, today=TODAY)
    stored = Person.get_by_id(person["id"])
    assert (stored.phone, stored.cep, stored.blood_type, stored.rh_factor) == (
        "99987654321", "65840000", "AB", "-")
    assert stored.birth_date == dt.date(1980, 10, 10)  # a key left out keeps its value
    entry = AuditLog.select().where(AuditLog.action == "person.update").get()
    assert json.loads(entry.before)["name"] == "Ana Maria Pereira"
    assert json.loads(entry.after)["name"] == "Ana Maria Pereira Lopes"
    tokens = {t.token for t in PersonNameToken.select().where(
        PersonNameToken.person == person["id"])}
    assert "lopes" in tokens
    assert [h["person_id"] for h in search.search("lopes ana")] == [person["id"]]


def test_optional_fields_sent_empty_are_cleared(municipio):
    person = _person(birth_date="10/10/1980", blood="O+", uf="MA", cep="65840000")
    persons.update_person(CLERK, person["id"], {"birth_date": None, "blood": "", "uf": "",
                                                "cep": "", "address_proof_date": ""},
                          today=TODAY)
    stored = Person.get_by_id(person["id"])
    assert (stored.birth_date, stored.blood_type, stored.uf, stored.cep) == (None, "", "", "")


@pytest.mark.parametrize("data, field", [
    ({"cpf": "52998224725"}, "CPF"),
    ({"name": "J0ão"}, "Nome"),
    ({"name": "x" * 200}, "Nome"),
    ({"birth_date": "31/02/1990"}, "Data de nascimento"),
    ({"birth_date": "01/01/2020"}, "Data de nascimento"),  # under 16
    ({"email": "ana@"}, "E-mail"),
    ({"phone": "123"}, "Telefone"),
    ({"cep": "6584"}, "CEP"),
    ({"blood": "Z+"}, "Tipo sanguíneo"),
    ({"uf": "XX"}, "UF"),
    ({"rg": "1" * 50}, "RG"),
    ({"street": "Rua\x00"}, "Logradouro"),
    ({"apelido": "x"}, "apelido"),
])
def test_bad_input_names_the_field_and_writes_nothing(municipio, data, field):
    person = _person()
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        persons.update_person(CLERK, person["id"], data, today=TODAY)
    assert err.value.field == field
    assert row_counts() == before


def test_cnh_is_recorded_then_replaced_with_before_and_after(municipio):
    person = _person()
    first = persons.set_cnh(CLERK, person["id"], _cnh(), today=TODAY)
    second = persons.set_cnh(CLERK, person["id"], _cnh(category="AB"), today=TODAY)
    assert Cnh.select().where(Cnh.person == person["id"]).count() == 1
    entry = AuditLog.select().where(AuditLog.action == "person.cnh").order_by(
        AuditLog.id.desc()).first()
    assert json.loads(entry.before)["number"] == first["number"]
    assert json.loads(entry.after)["number"] == second["number"]


@pytest.mark.parametrize("data, field", [
    ({"number": "12345678901"}, "Nº da CNH"),
    ({"category": "Z"}, "Categoria da CNH"),
    ({"first_licence_date": "2015-13-01"}, "Data da 1ª habilitação"),
    ({"first_licence_date": "01/01/2030"}, "Data da 1ª habilitação"),  # in the future
    ({"expiry_date": "01/01/2014"}, "Validade da CNH"),  # before the first licence
    ({"expiry_date": ""}, "Validade da CNH"),
])
def test_bad_cnh_names_the_field_and_writes_nothing(municipio, data, field):
    person = _person()
    before = row_counts()
    with pytest.raises(ValidationError) as err:
        persons.set_cnh(CLERK, person["id"], _cnh(**data), today=TODAY)
    assert err.value.field == field
    assert row_counts() == before


def test_a_cnh_number_belongs_to_one_person(municipio):
    first, second = _person("Primeira Pessoa"), _person("Segunda Pessoa")
    cnh = _cnh()
    persons.set_cnh(CLERK, first["id"], cnh, today=TODAY)
    before = row_counts()
    with pytest.raises(ValidationError, match="outra pessoa"):
        persons.set_cnh(CLERK, second["id"], cnh, today=TODAY)
    assert row_counts() == before


def test_register_with_the_cnh_in_one_transaction(municipio):
    cpf = CPF().generate()
    person = persons.register_person(CLERK, {"cpf": cpf, "name": "Nova Pessoa"}, today=TODAY,
                                     cnh=_cnh())
    assert Cnh.get(Cnh.person == person["id"]).category == "A"
    before = row_counts()
    with pytest.raises(ValidationError, match="Nº da CNH"):  # checked before anything is written
        persons.register_person(CLERK, {"cpf": CPF().generate(), "name": "Outra Pessoa"},
                                today=TODAY, cnh=_cnh(number="12345678901"))
    taken = Cnh.get(Cnh.person == person["id"]).number
    with pytest.raises(ValidationError, match="outra pessoa"):  # refused inside: rolled back
        persons.register_person(CLERK, {"cpf": CPF().generate(), "name": "Outra Pessoa"},
                                today=TODAY, cnh=_cnh(number=taken))
    assert row_counts() == before


def test_a_registered_cpf_is_found_under_any_spelling(municipio):
    person = _person("Joana Duplicada")
    found = persons.find_by_cpf(person["cpf_text"])
    assert found == {"id": person["id"], "name": "Joana Duplicada",
                     "cpf_text": person["cpf_text"]}
    assert persons.find_by_cpf(CPF().generate()) is None
    with pytest.raises(ValidationError, match="CPF"):
        persons.find_by_cpf("111.111.111-11")
    with pytest.raises(ValidationError, match="Joana Duplicada"):
        persons.register_person(CLERK, {"cpf": person["cpf"], "name": "Outra"}, today=TODAY)

"""Legal identifiers (DOMAIN.md, 'Legal identifiers'): each failure names the field in Portuguese."""
import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mototaxi_desk.domain import validators as v
from mototaxi_desk.domain.errors import ValidationError

VALID_CPF = "52998224725"
VALID_CNH = "02650306461"
VALID_RENAVAM = "63925750318"


def refused(func, value, field_word):
    with pytest.raises(ValidationError) as err:
        func(value)
    assert field_word in str(err.value)
    return str(err.value)


@pytest.mark.parametrize("typed", ["529.982.247-25", "52998224725", " 529 982 247 25 "])
def test_cpf_accepts_mask_or_digits(typed):
    assert v.cpf(typed) == VALID_CPF


@pytest.mark.parametrize("bad, why", [
    ("529.982.247-24", "inválido"), ("11111111111", "inválido"), ("00000000000", "inválido"),
    ("5299822472", "11 dígitos"),      # validate-docbr would pad this one: we must not
    ("529982247255", "11 dígitos"), ("52998224a25", "apenas números"), ("", "obrigatório"),
    ("٥٢٩٩٨٢٢٤٧٢٥", "apenas números"),  # Arabic-Indic digits are digits to Python, not to a CPF
    ("-52998224725", "começar e terminar com um algarismo"),  # a minus was dropped (issue 34)
    ("52998224725-", "começar e terminar com um algarismo"),
])
def test_cpf_refusals_name_the_field(bad, why):
    message = refused(v.cpf, bad, "CPF")
    assert why in message


def test_cnh_number_check_digits():
    assert v.cnh_number("026.503.064-61") == VALID_CNH
    refused(v.cnh_number, "02650306462", "CNH")
    refused(v.cnh_number, "2650306461", "CNH")  # short input is not padded


def test_renavam_check_digit():
    assert v.renavam(VALID_RENAVAM) == VALID_RENAVAM
    refused(v.renavam, "63925750315", "RENAVAM")
    refused(v.renavam, "6392575031", "RENAVAM")


@pytest.mark.parametrize("typed, canonical, original", [
    ("ABC-1234", "ABC1C34", "ABC-1234"), ("abc1234", "ABC1C34", "ABC-1234"),
    ("ABC1C34", "ABC1C34", "ABC1C34"), ("abc 1c34", "ABC1C34", "ABC1C34"),
    ("XYZ-9099", "XYZ9A99", "XYZ-9099"), ("QWE9J87", "QWE9J87", "QWE9J87"),
])
def test_plate_either_format_one_canonical_form(typed, canonical, original):
    """Old ABC-1234 and Mercosul ABC1D23 name one vehicle: the 5th character maps 0=A ... 9=J."""
    assert v.plate(typed) == (canonical, original)


def test_old_plate_spelling_of_canonical():
    assert v.old_plate("ABC1C34") == "ABC-1234"
    assert v.old_plate("ABC1X34") == "ABC1X34"  # no old spelling for letters past J


@pytest.mark.parametrize("bad", ["AB-1234", "ABCD123", "ABC12345", "1BC1234", "ABC1CC4", "ÁBC1234"])
def test_plate_refusals(bad):
    refused(v.plate, bad, "Placa")


def test_plate_search_key_partial_input():
    assert v.plate_search_key("abc-12") == "ABC1C"  # old ABC-12xx is Mercosul ABC1Cxx
    assert v.plate_search_key("abc") == "ABC"
    assert v.plate_search_key("ABC-123") == "ABC1C3"
    assert v.plate_search_key("abc1c3") == "ABC1C3"
    assert v.plate_search_key("joão") is None
    assert v.plate_search_key("silva") is None


def test_chassis_format_without_check_digit():
    """17 characters, no I, O, Q; the VIN check digit is not used in Brazil: never rejected on it."""
    assert v.chassis("9c2kc1670gr000001") == "9C2KC1670GR000001"
    assert v.chassis("9C2KC0810AR123456") == "9C2KC0810AR123456"  # 9th char would fail a US check
    assert "I, O ou Q" in refused(v.chassis, "9C2KC1670GR00000I", "Chassi")
    assert "17" in refused(v.chassis, "9C2KC1670GR0001", "Chassi")


def test_blood_type_and_rh():
    assert v.blood_type("o+") == ("O", "+")
    assert v.blood_type("AB negativo") == ("AB", "-")
    refused(v.blood_type, "C+", "Tipo sanguíneo")


def test_dates_dd_mm_aaaa():
    assert v.parse_date("31/03/2026", "Data") == dt.date(2026, 3, 31)
    assert v.parse_date("2026-03-31", "Data") == dt.date(2026, 3, 31)
    # a date in its shape that no calendar has is impossible, not mistyped (issue 36)
    assert "data impossível '31/02/2026': fevereiro de 2026 tem 28 dias" in refused(
        lambda x: v.parse_date(x, "Data de nascimento"), "31/02/2026", "Data de nascimento")
    assert "dd/mm/aaaa" in refused(lambda x: v.parse_date(x, "Data de nascimento"),
                                   "31.02.26", "Data de nascimento")
    refused(lambda x: v.parse_date(x, "Validade"), "01/01/1800", "Validade")
    assert v.format_date(dt.date(2026, 1, 5)) == "05/01/2026"


def test_text_limits_and_control_characters():
    assert v.text("  José   da  Silva ", "Nome") == "José da Silva"
    refused(lambda x: v.text(x, "Endereço"), "a" * 500, "Endereço")
    refused(lambda x: v.text(x, "Endereço"), "Rua\x00Grande", "Endereço")
    refused(v.person_name, "José 2", "Nome")


def test_cpf_mask_for_card():
    assert v.mask_cpf("123456789" + "09") == "***.456.789-**"


def test_ibge_uf_phone():
    assert v.ibge_code("2111102") == "2111102"
    refused(v.ibge_code, "9911102", "IBGE")
    refused(v.uf, "XX", "UF")
    assert v.phone("(99) 98765-4321") == "99987654321"
    refused(v.phone, "1234", "Telefone")


@pytest.mark.parametrize("typed", ["2026", " 2026 ", 2026, 2026.0])
def test_year_as_typed_or_from_a_spreadsheet(typed):
    assert v.year(typed, "Ano") == 2026


@pytest.mark.parametrize("bad, why", [
    ("2.022", "4 algarismos"),   # issue 34: read as 2022 (the dot of thousands)
    ("2,022", "4 algarismos"), ("22", "4 algarismos"), ("02022", "4 algarismos"),
    ("20 22", "4 algarismos"), ("٢٠٢٢", "4 algarismos"), ("-2022", "4 algarismos"),
    (2022.5, "4 algarismos"), (True, "4 algarismos"), ("", "obrigatório"),
    ("1899", "entre 1900 e 2200"), (2201, "entre 1900 e 2200"),
])
def test_year_refusals_name_the_field(bad, why):
    assert why in refused(lambda x: v.year(x, "Ano do modelo"), bad, "Ano do modelo")


VALIDATORS = [v.cpf, v.cnh_number, v.renavam, v.plate, v.chassis, v.blood_type, v.cnh_category,
              lambda x: v.parse_date(x, "Data"), lambda x: v.text(x, "Texto"), v.person_name,
              v.email, v.phone, v.uf, v.ibge_code, lambda x: v.positive_int(x, "Número"),
              v.plate_search_key]


@settings(max_examples=300, deadline=None)
@given(value=st.one_of(st.text(max_size=300), st.integers(), st.none(), st.floats(),
                       st.binary(max_size=40)))
def test_no_input_crashes_a_validator(value):
    """Any input either passes or is refused with a ValidationError: never another exception."""
    for validator in VALIDATORS:
        try:
            validator(value)
        except ValidationError as exc:
            assert exc.field and exc.message

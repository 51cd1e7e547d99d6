"""The pt-BR number readers (domain/numbers.py, domain/money.py): strict, one reading only.
Issue 18 item 3: "1.234" is mil duzentos e trinta e quatro reais; ambiguous or non-ASCII
input is refused naming the field."""
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mototaxi_desk.domain import validators
from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.money import MAX_REAIS, format_money, parse_money
from mototaxi_desk.domain.numbers import (format_decimal, format_int, parse_coordinate,
                                          parse_decimal, parse_int)


@pytest.mark.parametrize("typed, cents", [
    ("1.234", 123400), ("1.234,56", 123456), ("1234,5", 123450), ("R$ 1.234,56", 123456),
    ("R$1.234,56", 123456), ("48,26", 4826), ("10", 1000), ("1.000.000", 100_000_000),
    ("0,01", 1), (" 7 ", 700), (Decimal("0.2"), 20), (Decimal("48.26"), 4826), (12, 1200)])
def test_money_reads_pt_br(typed, cents):
    assert parse_money(typed) == cents


@pytest.mark.parametrize("bad", [
    "", "abc", "1,2,3", "-5", "0", "1e9", "1E9", "1e9999", "1.23", "48.26", "1,234.56",
    "1.234.56", "12.34,5", "1.2345", "1,234", "1,2345", "٣٤", "١٢٣", "１２３", "12３",
    "1 234", "R$", "NaN", "Infinity", "+5", "12.345.678.901,00", "0x10", "1_000",
    "٣,٤٥", 1.5, Decimal("0.001"), Decimal("-1"), Decimal("NaN")])
def test_money_refuses_naming_the_field(bad):
    with pytest.raises(ValidationError) as err:
        parse_money(bad, "Valor da UFM")
    assert err.value.field == "Valor da UFM"
    assert str(err.value).startswith("Valor da UFM: ")


def test_money_messages_say_why():
    with pytest.raises(ValidationError, match="ambíguo"):
        parse_money("1.23", "Valor pago")
    with pytest.raises(ValidationError, match="ambíguo"):
        parse_money("1,234.56", "Valor pago")
    with pytest.raises(ValidationError, match="negativo"):
        parse_money("-1,00", "Valor pago")
    with pytest.raises(ValidationError, match="0 a 9"):
        parse_money("١٢٣", "Valor pago")
    with pytest.raises(ValidationError, match="científica"):
        parse_money("1e9", "Valor pago")
    assert parse_money("0", "Despesas", allow_zero=True) == 0


@settings(deadline=None)  # a loaded machine must not fail a property
@given(st.integers(min_value=1, max_value=int(MAX_REAIS * 100)))
def test_money_round_trips_through_its_format(cents):
    """What the program shows (R$ 1.234,56) is read back as the same amount."""
    shown = format_money(cents)
    assert parse_money(shown) == cents
    assert parse_money(shown.removeprefix("R$ ")) == cents
    assert parse_money(shown.removeprefix("R$ ").replace(".", "")) == cents


@settings(deadline=None)  # a loaded machine must not fail a property
@given(st.integers(min_value=0, max_value=10**12))
def test_int_round_trips(number):
    assert parse_int(format_int(number), "N", maximum=10**12) == number
    assert parse_int(str(number), "N", maximum=10**12) == number


@settings(deadline=None)  # a loaded machine must not fail a property
@given(st.decimals(min_value=Decimal("-1e9"), max_value=Decimal("1e9"), places=4,
                   allow_nan=False, allow_infinity=False))
def test_decimal_round_trips(number):
    assert parse_decimal(format_decimal(number), "D", signed=True) == number


@settings(deadline=None)  # a loaded machine must not fail a property
@given(st.text(max_size=25))
def test_parsers_never_crash_and_never_accept_non_ascii(text):
    """Any text is either a number read from ASCII digits or a ValidationError."""
    for parse in (lambda t: parse_money(t, "V"), lambda t: parse_int(t, "V"),
                  lambda t: parse_decimal(t, "V"), lambda t: parse_coordinate(t, "V", 90),
                  lambda t: validators.positive_int(t, "V")):
        try:
            parse(text)
        except ValidationError as err:
            assert err.field == "V"
        else:
            assert text.strip().removeprefix("R$").strip().isascii()
            assert "e" not in text.lower()


@settings(deadline=None)  # a loaded machine must not fail a property
@given(st.integers(min_value=1, max_value=999), st.integers(min_value=0, max_value=99))
def test_dot_without_three_digits_is_never_read(whole, frac):
    """"1.5" or "12.34" could be decimals or a thousands group missing digits: refused."""
    text = f"{whole}.{frac}"
    for parse in (lambda t: parse_money(t, "V"), lambda t: parse_int(t, "V"),
                  lambda t: parse_decimal(t, "V")):
        with pytest.raises(ValidationError):
            parse(text)


@pytest.mark.parametrize("bad", ["1.5", "1,5", "15.0", "1.50", "-3", "３", "٣", "1e3", "0",
                                 "2.5", 1.0, True])
def test_positive_int_refuses_decimals(bad):
    """Before: positive_int("1.5") was 15 (cilindradas, dias de interrupção)."""
    with pytest.raises(ValidationError) as err:
        validators.positive_int(bad, "Cilindradas (cc)", maximum=3000)
    assert err.value.field == "Cilindradas (cc)"


def test_positive_int_reads_grouped_thousands():
    assert validators.positive_int("1.500", "População", maximum=20_000_000) == 1500
    assert validators.positive_int("18540", "População", maximum=20_000_000) == 18540
    with pytest.raises(ValidationError, match="entre 1 e 3.000"):
        validators.positive_int("3001", "Cilindradas (cc)", maximum=3000)


@pytest.mark.parametrize("typed, value", [("-7,0219", Decimal("-7.0219")),
                                          ("-7.0219", Decimal("-7.0219")), ("45", Decimal(45))])
def test_coordinates(typed, value):
    assert parse_coordinate(typed, "Latitude", 90) == value


@pytest.mark.parametrize("bad", ["-٧,٠٢", "－7,02", "7,0２", "1e1", "91", "-7,02,1", "--7",
                                 "1.234,5", "NaN"])
def test_coordinates_refuse_non_ascii_and_junk(bad):
    with pytest.raises(ValidationError) as err:
        parse_coordinate(bad, "Latitude", 90)
    assert err.value.field == "Latitude"


def test_ibge_prefix_must_match_the_uf():
    """A Maranhão code (21…) with UF SP would bring São Paulo's holidays."""
    validators.ibge_matches_uf("2111102", "MA")
    with pytest.raises(ValidationError, match="não é de um município de SP"):
        validators.ibge_matches_uf("2111102", "SP")
    with pytest.raises(ValidationError):
        validators.ibge_code("1911102")  # 19 is no state

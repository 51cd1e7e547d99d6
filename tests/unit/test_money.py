from decimal import Decimal

import pytest

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.money import (format_money, format_units, parse_money, units_text,
                                        units_to_cents)


@pytest.mark.parametrize("typed, cents", [("1.234,56", 123456), ("R$ 48,26", 4826),
                                          ("10", 1000), (Decimal("0.2"), 20)])
def test_parse_money(typed, cents):
    assert parse_money(typed) == cents


@pytest.mark.parametrize("bad", ["", "abc", "1,2,3", "-5", "0", "1e9999", "12.345.678.901,00", "48.26"])
def test_parse_money_refuses(bad):
    with pytest.raises(ValidationError) as err:
        parse_money(bad, "Valor da UFM")
    assert "Valor da UFM" in str(err.value)


def test_format_money_brazilian():
    assert format_money(123456) == "R$ 1.234,56"
    assert format_money(5) == "R$ 0,05"


def test_storage_fee_in_units_is_exact():
    """SRM Art. 48: 0,20 UFM per day, computed without float."""
    assert units_to_cents(Decimal("0.20") * 3, 4826) == 2896
    assert format_units(Decimal("0.20"), "UFM") == "0,2 UFM"


@pytest.mark.parametrize("stored, text", [
    (Decimal("12.0000"), "12"), (Decimal("12"), "12"), ("12.5000", "12.5"),
    (Decimal("0.2000"), "0.2"), (Decimal("100.0000"), "100"), (Decimal("0E-4"), "0")])
def test_units_text_is_the_same_whatever_the_database_gave_back(stored, text):
    """PostgreSQL's NUMERIC(12,4) gives '12.0000', SQLite '12': one text for both."""
    assert units_text(stored) == text

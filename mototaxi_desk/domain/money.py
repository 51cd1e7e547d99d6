"""Money as integer centavos; shown as R$ 1.234,56. Never float.

Every amount typed anywhere (settings, insurance cover, impound costs, payments, fees) is read
by parse_money: pt-BR only ("1.234" is mil duzentos e trinta e quatro reais), see numbers.py.
"""
from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from .errors import ValidationError
from .numbers import parse_decimal

MAX_REAIS = Decimal("9999999999.99")  # below R$ 10 bilhões: no counter amount is larger


def parse_money(value, field: str = "Valor", *, allow_zero: bool = False) -> int:
    """'1.234,56', '1234,5', 'R$ 1.234', or a Decimal -> centavos (> 0, or >= 0 with
    allow_zero). Ambiguous, non-ASCII, exponent, negative or fractional-centavo input is
    refused naming the field."""
    if isinstance(value, str):
        text = value.strip()
        if text[:2].upper() == "R$":
            text = text[2:].strip()
        value = text
    if isinstance(value, Decimal) and value.is_finite() and value != value.quantize(
            Decimal("0.01"), rounding=ROUND_HALF_UP):
        raise ValidationError(field, "valor com frações de centavo.")
    try:
        amount = parse_decimal(value, field, places=2)
    except ValidationError as err:
        if err.message.startswith("número inválido"):
            raise ValidationError(field, "valor" + err.message[len("número"):]) from None
        raise
    if amount < 0:
        raise ValidationError(field, "o valor não pode ser negativo.")
    if amount == 0 and not allow_zero:
        raise ValidationError(field, "informe um valor maior que zero.")
    if amount > MAX_REAIS:
        raise ValidationError(field, "valor alto demais.")
    return int((amount * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def format_money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    reais, centavos = divmod(abs(cents), 100)
    return f"{sign}R$ {reais:,}".replace(",", ".") + f",{centavos:02d}"


def units_to_cents(units: Decimal, unit_value_cents: int) -> int:
    """An amount in fiscal units at a unit value, rounded to the centavo."""
    return int((units * unit_value_cents).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def units_text(units) -> str:
    """An amount of fiscal units as plain data ('12', '12.5', '0.2'): the same text whatever
    the database gave back for a decimal column (PostgreSQL's NUMERIC keeps the column's
    scale, '12.0000'; SQLite gives '12')."""
    return f"{Decimal(str(units)).normalize():f}"


def format_units(units: Decimal, unit_name: str) -> str:
    text = f"{units.normalize():f}".replace(".", ",")
    return f"{text} {unit_name}".strip()

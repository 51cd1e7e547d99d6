"""Money as integer centavos; shown as R$ 1.234,56. Never float."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from .errors import ValidationError

_MONEY = re.compile(r"^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$|^\d+(\.\d{1,2})?$")


def parse_money(value, field: str = "Valor") -> int:
    """'1.234,56', '1234,56', '1234.56' or a Decimal -> centavos (> 0)."""
    if isinstance(value, Decimal):
        amount = value
    else:
        text = str(value or "").strip().removeprefix("R$").strip()
        if not text:
            raise ValidationError(field, "campo obrigatório.")
        if len(text) > 20 or not _MONEY.match(text):
            raise ValidationError(field, "valor inválido; use o formato 1.234,56.")
        if "," in text:
            text = text.replace(".", "").replace(",", ".")
        try:
            amount = Decimal(text)
        except InvalidOperation:
            raise ValidationError(field, "valor inválido; use o formato 1.234,56.") from None
    if not amount.is_finite() or amount <= 0 or amount >= Decimal("1e10"):
        raise ValidationError(field, "informe um valor maior que zero.")
    return int((amount * 100).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def format_money(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    reais, centavos = divmod(abs(cents), 100)
    return f"{sign}R$ {reais:,}".replace(",", ".") + f",{centavos:02d}"


def units_to_cents(units: Decimal, unit_value_cents: int) -> int:
    """An amount in fiscal units at a unit value, rounded to the centavo."""
    return int((units * unit_value_cents).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def format_units(units: Decimal, unit_name: str) -> str:
    text = f"{units.normalize():f}".replace(".", ",")
    return f"{text} {unit_name}".strip()

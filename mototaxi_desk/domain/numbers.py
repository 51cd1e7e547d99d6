"""Numbers typed the Brazilian way: one strict reader for integers, decimals and money.

pt-BR writes 1.234.567,89: the dot only groups thousands (always three digits after it), the
comma starts the decimals. So "1.234" is one thousand two hundred and thirty-four, and "1.23"
or "1,234.56" could mean two things and are refused rather than guessed. Only ASCII digits are
read (Arabic-Indic or full-width digits are not the counter's), no exponents, no signs where a
sign is not allowed. Every refusal is a ValidationError naming the field.
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from .errors import ValidationError

MAX_TEXT = 40  # no number typed at the counter is longer

# integer part: grouped by dots in threes, or plain digits
_GROUPED = r"\d{1,3}(?:\.\d{3})+"
_PLAIN = r"\d+"
_INTEGER = re.compile(rf"^(?:{_GROUPED}|{_PLAIN})$")
_DECIMAL = re.compile(rf"^(?P<int>{_GROUPED}|{_PLAIN})(?:,(?P<frac>\d+))?$")


def _clean(value, field: str, *, signed: bool) -> tuple[str, bool]:
    """The text without surrounding spaces and its sign; refuses what is not plain ASCII."""
    text = str(value if value is not None else "").strip()
    if not text:
        raise ValidationError(field, "campo obrigatório.")
    if len(text) > MAX_TEXT:
        raise ValidationError(field, "número longo demais.")
    if not text.isascii():
        raise ValidationError(field, "use apenas os algarismos 0 a 9 (outros caracteres "
                                     "não são aceitos).")
    negative = False
    if text[0] in "+-":
        if not signed:
            if text[0] == "-":
                raise ValidationError(field, "o valor não pode ser negativo.")
            raise ValidationError(field, "informe o número sem sinal.")
        negative = text[0] == "-"
        text = text[1:].strip()
    if re.fullmatch(r"[\d.,]+[eE][+-]?\d+", text):
        raise ValidationError(field, "número inválido; escreva o número por extenso em "
                                     "algarismos (sem notação científica).")
    return text, negative


def _ambiguity(text: str) -> str:
    """The reason a text that is not pt-BR is refused (for the message)."""
    if "," in text and "." in text and text.rfind(".") > text.rfind(","):
        return ("formato ambíguo: no Brasil a vírgula separa os centavos e o ponto os "
                "milhares (ex.: 1.234,56).")
    if "." in text and "," not in text:
        return ("formato ambíguo: o ponto separa milhares (ex.: 1.234); para decimais use "
                "vírgula (ex.: 1,5).")
    return "número inválido; use o formato 1.234,56."


def parse_int(value, field: str, *, minimum: int = 0, maximum: int = 10**9) -> int:
    """An integer typed as "1234" or "1.234" (an int passes through); decimals, signs beyond
    `minimum`, non-ASCII digits and values out of [minimum, maximum] refused."""
    if isinstance(value, bool):
        raise ValidationError(field, "informe um número inteiro.")
    if isinstance(value, int):
        number = value
    else:
        if isinstance(value, (float, Decimal)):
            raise ValidationError(field, "informe um número inteiro.")
        text, negative = _clean(value, field, signed=minimum < 0)
        if not _INTEGER.match(text):
            if "," in text or re.fullmatch(r"\d+\.\d{1,2}|\d+\.\d{4,}", text):
                raise ValidationError(field, "informe um número inteiro, sem casas decimais.")
            raise ValidationError(field, "informe um número inteiro (ex.: 1.234).")
        number = int(text.replace(".", ""))
        number = -number if negative else number
    if not minimum <= number <= maximum:
        raise ValidationError(field, f"informe um número entre {format_int(minimum)} e "
                                     f"{format_int(maximum)}.")
    return number


def parse_decimal(value, field: str, *, places: int | None = None, signed: bool = False,
                  minimum: Decimal | None = None, maximum: Decimal | None = None) -> Decimal:
    """A decimal typed the pt-BR way ("1.234,5", "0,20", "12"); a Decimal or int passes
    through (its value is still checked). `places` caps the digits after the comma."""
    if isinstance(value, bool) or isinstance(value, float):
        raise ValidationError(field, "número inválido.")
    if isinstance(value, (Decimal, int)):
        number = Decimal(value)
        if not number.is_finite():
            raise ValidationError(field, "número inválido.")
        if number < 0 and not signed:
            raise ValidationError(field, "o valor não pode ser negativo.")
    else:
        text, negative = _clean(value, field, signed=signed)
        match = _DECIMAL.match(text)
        if not match:
            raise ValidationError(field, _ambiguity(text))
        frac = match.group("frac") or ""
        if places is not None and len(frac) > places:
            raise ValidationError(field, f"use no máximo {places} casas decimais.")
        try:
            number = Decimal(match.group("int").replace(".", "") + ("." + frac if frac else ""))
        except InvalidOperation:  # pragma: no cover - the pattern admits only digits
            raise ValidationError(field, "número inválido.") from None
        number = -number if negative else number
    if minimum is not None and number < minimum:
        raise ValidationError(field, f"informe um valor a partir de {format_decimal(minimum)}.")
    if maximum is not None and number > maximum:
        raise ValidationError(field, f"informe um valor até {format_decimal(maximum)}.")
    return number


def parse_coordinate(value, field: str, limit: int) -> Decimal:
    """Decimal degrees, signed, "-7,0219" or "-7.0219" (a coordinate has no thousands, so a
    dot can only be the decimal point); ASCII digits only."""
    if isinstance(value, (Decimal, int, float)) and not isinstance(value, bool):
        number = Decimal(str(value))
    else:
        text, negative = _clean(value, field, signed=True)
        if not re.fullmatch(r"\d{1,3}(?:[.,]\d{1,12})?", text):
            raise ValidationError(field, "coordenada inválida; use graus decimais "
                                         "(ex.: -7,0219).")
        number = Decimal(text.replace(",", "."))
        number = -number if negative else number
    if not number.is_finite() or not -limit <= number <= limit:
        raise ValidationError(field, f"coordenada fora do intervalo de -{limit} a {limit} graus.")
    return number


def format_int(number: int) -> str:
    sign = "-" if number < 0 else ""
    return sign + f"{abs(number):,}".replace(",", ".")


def format_decimal(number: Decimal) -> str:
    """1234.5 -> '1.234,5' (the form parse_decimal reads back)."""
    sign = "-" if number < 0 else ""
    text = f"{abs(number).normalize():f}"
    whole, _, frac = text.partition(".")
    return sign + format_int(int(whole)) + ("," + frac if frac else "")

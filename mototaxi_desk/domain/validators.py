"""Validators for the legal identifiers and free text typed at the counter.

Each returns the normalised value or raises ValidationError with a Portuguese message that
names the field. validate-docbr computes the check digits, but it accepts (pads) short input,
so every number is first held to its exact length here.
"""
from __future__ import annotations

import calendar
import re
import unicodedata
from datetime import date, datetime

from validate_docbr import CNH, CPF, RENAVAM

from .errors import ValidationError
from .numbers import parse_int

_CPF, _CNH, _RENAVAM = CPF(), CNH(), RENAVAM()

# Masks people type: dots, dashes, slashes, spaces. Anything else is refused, not dropped.
_NUMBER_SEPARATORS = re.compile(r"[.\-/\s]")
MAX_INPUT = 200  # no identifier is longer; refusing early keeps huge pastes out of regexes


def _digits(value, field: str, length: int, name: str) -> str:
    if value is None:
        raise ValidationError(field, "campo obrigatório.")
    text = str(value).strip()
    if not text:
        raise ValidationError(field, "campo obrigatório.")
    if len(text) > MAX_INPUT:
        raise ValidationError(field, f"{name} longo demais.")
    digits = _NUMBER_SEPARATORS.sub("", text)
    if not digits.isascii() or not digits.isdigit():
        raise ValidationError(field, f"{name} deve conter apenas números.")
    if len(digits) != length:
        raise ValidationError(field, f"{name} deve ter {length} dígitos (tem {len(digits)}).")
    if not (text[0].isdigit() and text[-1].isdigit()):  # '-12345678909': a minus, not a mask
        raise ValidationError(field, f"{name} deve começar e terminar com um algarismo (sem "
                                     "sinal nem separador nas pontas).")
    return digits


def cpf(value, field: str = "CPF") -> str:
    """11 digits with 2 check digits; all-equal digits are invalid."""
    digits = _digits(value, field, 11, "o CPF")
    if len(set(digits)) == 1 or not _CPF.validate(digits):
        raise ValidationError(field, "CPF inválido (dígitos verificadores não conferem).")
    return digits


def format_cpf(digits: str) -> str:
    return f"{digits[:3]}.{digits[3:6]}.{digits[6:9]}-{digits[9:]}"


def mask_cpf(digits: str) -> str:
    """The card's CPF: only the middle six digits shown (LGPD)."""
    return f"***.{digits[3:6]}.{digits[6:9]}-**"


def cnh_number(value, field: str = "Nº da CNH") -> str:
    """CNH registration number: 11 digits, 2 check digits."""
    digits = _digits(value, field, 11, "o número da CNH")
    if len(set(digits)) == 1 or not _CNH.validate(digits):
        raise ValidationError(field, "número de CNH inválido (dígitos verificadores não conferem).")
    return digits


def renavam(value, field: str = "RENAVAM") -> str:
    """RENAVAM: 11 digits, 1 check digit."""
    digits = _digits(value, field, 11, "o RENAVAM")
    if len(set(digits)) == 1 or not _RENAVAM.validate(digits):
        raise ValidationError(field, "RENAVAM inválido (dígito verificador não confere).")
    return digits


# --- plates -------------------------------------------------------------------------------
# Old plates ABC-1234 became Mercosul ABC1C34: the 5th character maps digit <-> letter
# (0=A ... 9=J). Both forms name one vehicle; the Mercosul form is the canonical one stored.
_OLD_PLATE = re.compile(r"^[A-Z]{3}[0-9]{4}$")
_MERCOSUL_PLATE = re.compile(r"^[A-Z]{3}[0-9][A-Z][0-9]{2}$")
_PLATE_SEPARATORS = re.compile(r"[\s\-.]")


def _plate_text(value) -> str:
    return _PLATE_SEPARATORS.sub("", str(value or "")).upper()


def plate(value, field: str = "Placa") -> tuple[str, str]:
    """(canonical, as typed normalised) for an old or Mercosul plate."""
    text = str(value or "").strip()
    if not text:
        raise ValidationError(field, "campo obrigatório.")
    if len(text) > MAX_INPUT:
        raise ValidationError(field, "placa longa demais.")
    compact = _plate_text(text)
    if _OLD_PLATE.match(compact):
        original = f"{compact[:3]}-{compact[3:]}"
    elif _MERCOSUL_PLATE.match(compact):
        original = compact
    else:
        raise ValidationError(field, "placa inválida: use o formato antigo ABC-1234 "
                                     "ou o Mercosul ABC1D23.")
    return canonical_plate(compact), original


def canonical_plate(compact: str) -> str:
    """Mercosul form of a compact plate (7 characters, either format)."""
    fifth = compact[4]
    if fifth.isdigit():
        fifth = chr(ord("A") + int(fifth))
    return compact[:4] + fifth + compact[5:]


def plate_search_key(text: str) -> str | None:
    """Canonical prefix for a plate being typed (3 to 7 characters), or None if it is not one."""
    compact = _plate_text(text)
    if not 3 <= len(compact) <= 7 or not compact[:3].isalpha() or not compact.isascii():
        return None
    if len(compact) > 3 and not compact[3].isdigit():
        return None
    if len(compact) > 4:
        fifth = compact[4]
        if fifth.isdigit():
            fifth = chr(ord("A") + int(fifth))
        elif not fifth.isalpha():
            return None
        if compact[5:] and not compact[5:].isdigit():
            return None
        compact = compact[:4] + fifth + compact[5:]
    return compact


def old_plate(canonical: str) -> str:
    """The old-format spelling of a canonical plate, when its 5th character maps to a digit."""
    fifth = canonical[4]
    if "A" <= fifth <= "J":
        return f"{canonical[:3]}-{canonical[3]}{ord(fifth) - ord('A')}{canonical[5:]}"
    return canonical


# --- chassis ------------------------------------------------------------------------------
_VIN = re.compile(r"^[A-HJ-NPR-Z0-9]{17}$")


def chassis(value, field: str = "Chassi") -> str:
    """17 characters, letters and digits without I, O, Q. The VIN check digit is not used
    in Brazil, so it is never checked."""
    text = re.sub(r"[\s\-]", "", str(value or "")).upper()
    if not text:
        raise ValidationError(field, "campo obrigatório.")
    if len(text) > MAX_INPUT:
        raise ValidationError(field, "chassi longo demais.")
    if len(text) != 17:
        raise ValidationError(field, f"o chassi deve ter 17 caracteres (tem {len(text)}).")
    if any(c in "IOQ" for c in text):
        raise ValidationError(field, "o chassi não pode conter as letras I, O ou Q.")
    if not _VIN.match(text):
        raise ValidationError(field, "o chassi deve conter apenas letras e números.")
    return text


# --- other fields ------------------------------------------------------------------------
BLOOD_TYPES = ("A", "B", "AB", "O")
RH_FACTORS = ("+", "-")
CNH_CATEGORIES = ("A", "B", "C", "D", "E", "AB", "AC", "AD", "AE", "ACC")


def blood_type(value, field: str = "Tipo sanguíneo") -> tuple[str, str]:
    """'O+', 'AB-' ... -> (type, rh)."""
    text = str(value or "").strip().upper().replace(" ", "")
    for rh, words in (("+", ("POSITIVO", "POS")), ("-", ("NEGATIVO", "NEG"))):
        for word in words:
            if text.endswith(word):
                text = text[: -len(word)] + rh
    if len(text) < 2 or text[-1] not in RH_FACTORS or text[:-1] not in BLOOD_TYPES:
        raise ValidationError(field, "use A, B, AB ou O seguido de + ou - (ex.: O+).")
    return text[:-1], text[-1]


def cnh_category(value, field: str = "Categoria da CNH") -> str:
    text = str(value or "").strip().upper().replace(" ", "")
    if text not in CNH_CATEGORIES:
        raise ValidationError(field, f"categoria inválida; use uma de: {', '.join(CNH_CATEGORIES)}.")
    return text


def parse_date(value, field: str, *, earliest: date = date(1900, 1, 1),
               latest: date = date(2200, 12, 31)) -> date:
    """A date as dd/mm/aaaa (or ISO aaaa-mm-dd, or a date object) within a plausible range."""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        result = value
    else:
        text = str(value or "").strip()
        if not text:
            raise ValidationError(field, "campo obrigatório.")
        if len(text) > 40:
            raise ValidationError(field, "data inválida; use dd/mm/aaaa.")
        result = None
        for fmt in ("%d/%m/%Y", "%Y-%m-%d"):
            try:
                result = datetime.strptime(text, fmt).date()
                break
            except ValueError:
                continue
        if result is None:
            raise ValidationError(field, _impossible_date(text) or
                                  f"data inválida '{text[:20]}'; use dd/mm/aaaa.")
    if not earliest <= result <= latest:
        raise ValidationError(field, f"data fora do intervalo aceito "
                                     f"({format_date(earliest)} a {format_date(latest)}).")
    return result


# the register keeps people without a CEP (imported registers, `person add` without --cep):
# the address's CEP is optional wherever a person is registered or edited
CEP_REQUIRED = False

_DATE_SHAPE = re.compile(r"^(\d{2})/(\d{2})/(\d{4})$")
_MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
           "setembro", "outubro", "novembro", "dezembro")


def _impossible_date(text: str) -> str | None:
    """What is wrong with a date written in the right shape that no calendar has
    ("31/02/2026": fevereiro de 2026 tem 28 dias), or None when the shape is wrong."""
    shape = _DATE_SHAPE.match(text)
    if not shape:
        return None
    day, month, year = (int(part) for part in shape.groups())
    if not 1 <= month <= 12:
        return f"data impossível '{text}': não existe o mês {month:02d}."
    if year < 1:
        return f"data impossível '{text}': não existe o ano {year}."
    days = calendar.monthrange(year, month)[1]
    return (f"data impossível '{text}': {_MONTHS[month - 1]} de {year} tem {days} dias"
            + ("." if day else "; o dia começa em 01."))


def cep(value, field: str = "CEP", *, required: bool = CEP_REQUIRED) -> str:
    """The 8 digits of a CEP typed with or without its mask; "" for a CEP left blank (its
    mask alone, "_____-___", is blank too) where the address does not require one. One rule
    for the window and the command line (a person registered by `person add` without a CEP
    is saved unchanged in the window)."""
    digits = "".join(c for c in str(value or "") if c not in ".- _")
    if not digits:
        if required:
            raise ValidationError(field, "campo obrigatório.")
        return ""
    if not (digits.isascii() and digits.isdigit() and len(digits) == 8):
        raise ValidationError(field, "informe os 8 dígitos do CEP (ex.: 65840-000).")
    return digits


def format_date(value: date | None) -> str:
    if value == NO_TERM_DATE:  # permit_rules.NO_TERM: a permit the law gives no term
        return "sem prazo"
    return value.strftime("%d/%m/%Y") if value else ""


NO_TERM_DATE = date(9999, 12, 31)


def text(value, field: str, *, max_length: int = 120, required: bool = True) -> str:
    """Free text: trimmed, inner whitespace folded, no control characters, bounded length."""
    raw = "" if value is None else str(value)
    cleaned = " ".join(raw.split())
    if any(unicodedata.category(c).startswith("C") for c in cleaned):
        raise ValidationError(field, "contém caracteres inválidos.")
    if required and not cleaned:
        raise ValidationError(field, "campo obrigatório.")
    if len(cleaned) > max_length:
        raise ValidationError(field, f"texto longo demais (máximo {max_length} caracteres).")
    return cleaned


def person_name(value, field: str = "Nome") -> str:
    name = text(value, field, max_length=120)
    if not any(c.isalpha() for c in name):
        raise ValidationError(field, "informe um nome com letras.")
    if any(c.isdigit() for c in name):
        raise ValidationError(field, "o nome não pode conter números.")
    return name


_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")


def email(value, field: str = "E-mail") -> str:
    result = text(value, field, max_length=120, required=False)
    if result and not _EMAIL.match(result):
        raise ValidationError(field, "e-mail inválido.")
    return result


def phone(value, field: str = "Telefone") -> str:
    """Brazilian phone: 10 or 11 digits with area code; stored as digits."""
    raw = text(value, field, max_length=30, required=False)
    if not raw:
        return ""
    digits = re.sub(r"[\s().\-+]", "", raw)
    if digits.startswith("55") and len(digits) in (12, 13):
        digits = digits[2:]
    if not digits.isascii() or not digits.isdigit() or len(digits) not in (10, 11):
        raise ValidationError(field, "telefone inválido; informe DDD e número (ex.: (99) 98765-4321).")
    return digits


UFS = ("AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
       "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO")


def uf(value, field: str = "UF") -> str:
    result = str(value or "").strip().upper()
    if result not in UFS:
        raise ValidationError(field, "UF inválida; use a sigla do estado (ex.: MA).")
    return result


def ibge_code(value, field: str = "Código IBGE") -> str:
    """Município code: 7 digits, the first two the state code (11-53)."""
    digits = _digits(value, field, 7, "o código IBGE")
    if digits[:2] not in IBGE_STATE_CODES.values():
        raise ValidationError(field, "código IBGE inválido (os dois primeiros dígitos são o estado).")
    return digits


# IBGE's two-digit state codes: a município's code begins with its state's
IBGE_STATE_CODES = {
    "RO": "11", "AC": "12", "AM": "13", "RR": "14", "PA": "15", "AP": "16", "TO": "17",
    "MA": "21", "PI": "22", "CE": "23", "RN": "24", "PB": "25", "PE": "26", "AL": "27",
    "SE": "28", "BA": "29", "MG": "31", "ES": "32", "RJ": "33", "SP": "35", "PR": "41",
    "SC": "42", "RS": "43", "MS": "50", "MT": "51", "GO": "52", "DF": "53",
}


def ibge_matches_uf(code: str, state: str, field: str = "Código IBGE") -> None:
    """The IBGE code's state prefix must be the UF's (a wrong pair brings the wrong state's
    holidays)."""
    expected = IBGE_STATE_CODES.get(state)
    if expected and not code.startswith(expected):
        raise ValidationError(field, f"o código IBGE {code} não é de um município de {state} "
                                     f"(os códigos de {state} começam com {expected}).")


def positive_int(value, field: str, *, maximum: int = 10**9) -> int:
    """A whole number from 1 to `maximum`, typed "1234" or "1.234" (numbers.parse_int):
    "1.5" or "1,5" is refused, not read as 15."""
    return parse_int(value, field, minimum=1, maximum=maximum)


def year(value, field: str, *, earliest: int = 1900, latest: int = 2200) -> int:
    """A year: a whole number (a spreadsheet's 2019.0 too) or its four digits as typed.
    "2.022" is refused, not read as 2022 as positive_int would (the dot of thousands)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    else:
        text = str(value if value is not None else "").strip()
        if not text:
            raise ValidationError(field, "campo obrigatório.")
        if not (len(text) == 4 and text.isascii() and text.isdigit()):
            raise ValidationError(field, "informe o ano com os 4 algarismos, sem ponto nem "
                                         "espaço (ex.: 2026).")
        number = int(text)
    if not earliest <= number <= latest:
        raise ValidationError(field, f"informe um ano entre {earliest} e {latest}.")
    return number

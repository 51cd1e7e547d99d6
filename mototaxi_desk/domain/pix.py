"""PIX: the receiving key (chave) and the static BR Code printed on a guia.

Sources: Banco Central do Brasil, "Manual de Padrões para Iniciação do Pix" (Anexo I,
BR Code: EMV® QRCPS Merchant-Presented Mode with the Pix template), and "Manual do BR Code";
key formats as the DICT API describes them (CPF, CNPJ, e-mail, +55 phone, EVP/UUID).

Payload: ID + 2-digit length + value, in this order —
    00 "01"                      payload format
    01 "12"                      point of initiation: 12 = pay this code only once
    26 { 00 "br.gov.bcb.pix", 01 key }   merchant account information (Pix)
    52 "0000"  53 "986"  54 amount ("123.45")  58 "BR"
    59 merchant name (≤ 25)  60 merchant city (≤ 15)
    62 { 05 txid }               additional data: ≤ 25 letters and digits in a static code
    63 CRC16                     CRC-16/CCITT-FALSE over everything up to "6304", 4 hex digits

No maintained PyPI package covers this (checked for this project: pixcanvas has one
release, brutils pins holidays < 0.99, the others are unmaintained since 2022-2024), so it is
the small code below, checked against the Banco Central's own example code in the tests.
Pure: no database, no Qt.
"""
from __future__ import annotations

import re
import unicodedata
import uuid
from dataclasses import dataclass

from validate_docbr import CNPJ, CPF

from .errors import ValidationError

GUI = "br.gov.bcb.pix"
MAX_KEY = 77
MAX_NAME, MAX_CITY, MAX_TXID = 25, 15, 25
KEY_KINDS = {"cpf": "CPF", "cnpj": "CNPJ", "email": "E-mail", "phone": "Telefone",
             "evp": "Chave aleatória"}
_CPF, _CNPJ = CPF(), CNPJ()
_EMAIL = re.compile(r"^[a-z0-9.!#$&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
                    r"(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$")
_EVP = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_PHONE = re.compile(r"^\+55[1-9][0-9]9?[0-9]{8}$")
_TXID = re.compile(r"^[A-Za-z0-9]{1,25}$")
FIELD = "Chave PIX"


# --- CNPJ (also the município's own number) -----------------------------------------------

def cnpj(value, field: str = "CNPJ") -> str:
    """14 characters with 2 check digits: the numeric CNPJ or the alphanumeric one the
    Receita Federal issues from July 2026 (validate-docbr checks both)."""
    text = re.sub(r"[.\-/\s]", "", str(value or "").strip()).upper()
    if not text:
        raise ValidationError(field, "campo obrigatório.")
    if len(text) != 14 or not text.isascii() or not text.isalnum() \
            or not text[-2:].isdigit():
        raise ValidationError(field, "o CNPJ tem 14 caracteres (ex.: 12.345.678/0001-95).")
    if len(set(text)) == 1 or not _CNPJ.validate(text):
        raise ValidationError(field, "CNPJ inválido (dígitos verificadores não conferem).")
    return text


def format_cnpj(text: str) -> str:
    return f"{text[:2]}.{text[2:5]}.{text[5:8]}/{text[8:12]}-{text[12:]}"


# --- the key --------------------------------------------------------------------------------

def _cpf_key(text: str) -> str:
    digits = re.sub(r"[.\-\s]", "", text)
    if len(digits) != 11 or not digits.isascii() or not digits.isdigit() \
            or len(set(digits)) == 1 or not _CPF.validate(digits):
        raise ValidationError(FIELD, "CPF inválido (dígitos verificadores não conferem).")
    return digits


def _phone_key(text: str) -> str:
    digits = re.sub(r"[\s().\-]", "", text)
    if not digits.startswith("+"):
        digits = "+55" + digits.removeprefix("55") if len(digits) in (12, 13) \
            else "+55" + digits
    if not _PHONE.match(digits):
        raise ValidationError(FIELD, "telefone inválido; use +55, DDD e número "
                                     "(ex.: +5599987654321).")
    return digits


def _email_key(text: str) -> str:
    key = text.strip().lower()
    if len(key) > MAX_KEY or not _EMAIL.match(key):
        raise ValidationError(FIELD, "e-mail inválido.")
    return key


def _evp_key(text: str) -> str:
    key = text.strip().lower()
    if not _EVP.match(key):
        raise ValidationError(FIELD, "chave aleatória inválida (formato "
                                     "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx).")
    uuid.UUID(key)
    return key


def guess_kind(text: str) -> str:
    """The kind a typed key most likely is (the phone needs its +55)."""
    text = text.strip()
    if "@" in text:
        return "email"
    if _EVP.match(text.lower()):
        return "evp"
    if text.startswith("+"):
        return "phone"
    compact = re.sub(r"[.\-/\s]", "", text)
    return "cnpj" if len(compact) == 14 else "cpf"


def pix_key(value, kind: str | None = None) -> tuple[str, str]:
    """(kind, key as the DICT holds it) of a typed key; `kind` as chosen, or guessed."""
    text = str(value or "").strip()
    if not text:
        raise ValidationError(FIELD, "campo obrigatório.")
    if len(text) > 120:
        raise ValidationError(FIELD, "longa demais.")
    kind = kind or guess_kind(text)
    if kind == "cpf":
        return kind, _cpf_key(text)
    if kind == "cnpj":
        return kind, cnpj(text, FIELD)
    if kind == "phone":
        return kind, _phone_key(text)
    if kind == "email":
        return kind, _email_key(text)
    if kind == "evp":
        return kind, _evp_key(text)
    raise ValidationError(FIELD, f"tipo de chave desconhecido: {kind}.")


def key_text(key: str) -> str:
    """The key as printed next to the QR ('Chave PIX (CNPJ): 12.345.678/0001-95')."""
    kind = guess_kind(key)
    shown = format_cnpj(key) if kind == "cnpj" else \
        (f"{key[:3]}.{key[3:6]}.{key[6:9]}-{key[9:]}" if kind == "cpf" else key)
    return f"{shown} ({KEY_KINDS[kind]})"


# --- the BR Code -------------------------------------------------------------------------

def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no
    final XOR (check value of b"123456789": 0x29B1)."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


def _field(tag: str, value: str) -> str:
    if len(value) > 99:
        raise ValueError(f"field {tag} longer than 99")
    return f"{tag}{len(value):02d}{value}"


def plain(text: str, limit: int) -> str:
    """ASCII without accents, cut at `limit` (the EMV character set)."""
    folded = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    folded = re.sub(r"[^A-Za-z0-9 .\-/&]", " ", folded)
    return " ".join(folded.split())[:limit].rstrip()


def txid(text: str) -> str:
    if not _TXID.match(text or ""):
        raise ValidationError("Identificador PIX", "até 25 letras e números, sem espaços.")
    return text


def amount_text(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def brcode(*, key: str, name: str, city: str, cents: int | None, transaction_id: str = "***",
           once: bool = True) -> str:
    """The text of a static Pix QR code (copia e cola)."""
    account = _field("00", GUI) + _field("01", key)
    parts = [_field("00", "01")]
    if once:
        parts.append(_field("01", "12"))
    parts += [_field("26", account), _field("52", "0000"), _field("53", "986")]
    if cents:
        parts.append(_field("54", amount_text(cents)))
    parts += [_field("58", "BR"), _field("59", plain(name, MAX_NAME) or "N"),
              _field("60", plain(city, MAX_CITY) or "BRASILIA"),
              _field("62", _field("05", transaction_id if transaction_id == "***"
                                  else txid(transaction_id)))]
    body = "".join(parts) + "6304"
    return body + f"{crc16(body.encode('ascii')):04X}"


@dataclass(frozen=True)
class BrCode:
    fields: dict[str, str]
    account: dict[str, str]     # template 26
    additional: dict[str, str]  # template 62

    @property
    def key(self) -> str:
        return self.account.get("01", "")

    @property
    def cents(self) -> int | None:
        value = self.fields.get("54")
        if value is None:
            return None
        whole, _, part = value.partition(".")
        return int(whole) * 100 + int((part + "00")[:2])

    @property
    def txid(self) -> str:
        return self.additional.get("05", "")


def tlv(text: str) -> dict[str, str]:
    """ID-length-value fields of a BR Code or of one of its templates."""
    fields, at = {}, 0
    while at < len(text):
        if at + 4 > len(text) or not text[at + 2:at + 4].isdigit():
            raise ValueError(f"malformed field at {at}")
        tag, size = text[at:at + 2], int(text[at + 2:at + 4])
        value = text[at + 4:at + 4 + size]
        if len(value) != size:
            raise ValueError(f"field {tag} cut short")
        fields[tag] = value
        at += 4 + size
    return fields


def parse(text: str) -> BrCode:
    """Read a BR Code and check its CRC (ValueError when it does not match)."""
    if len(text) < 8 or text[-8:-4] != "6304":
        raise ValueError("no CRC field at the end")
    expected = f"{crc16(text[:-4].encode('ascii')):04X}"
    if text[-4:].upper() != expected:
        raise ValueError(f"CRC {text[-4:]} != {expected}")
    fields = tlv(text)
    return BrCode(fields=fields, account=tlv(fields.get("26", "")),
                  additional=tlv(fields.get("62", "")))

"""The signed QR code on the permit card, the auxiliary driver card and the inspection sticker.

Text = PREFIX + base45(record + Ed25519 signature of the record). The record is 32 bytes,
big-endian (struct ">BHIBIIB7sHHI"):

    version   1  B   RECORD_VERSION
    key id    2  H   which município key signed it (rotation keeps old public keys)
    ibge      4  I   IBGE code of the município
    kind      1  B   1 permit card, 2 auxiliary card, 3 annual sticker, 4 semiannual sticker
    number    4  I   cards: permit order number; sticker: serial year*1_000_000 + number
    ref       4  I   permit card: stand number (0 none); auxiliary card: credential id;
                     sticker: permit order number (0 none)
    copy      1  B   copy number of this document (a reprint supersedes earlier copies)
    plate     7  7s  vehicle plate, canonical form, ASCII (spaces if none)
    date 1    2  H   cards: issue date; sticker: inspection date (days since 2000-01-01)
    date 2    2  H   valid until (days since 2000-01-01; 0 = no end)
    person    4  I   the six middle CPF digits the card shows (***.456.789-**) as a number;
                     NO_PERSON (0xFFFFFFFF) for stickers

32 + 64 bytes of signature = 96 bytes -> 144 base45 characters + 4 of prefix = 148
characters, all in the QR alphanumeric set: version 6 (41 × 41 modules) at error correction
M (capacity 154). With 5-dot modules at 300 dpi (0.423 mm) the symbol is 17.4 mm, 20.7 mm
with its quiet zone of 4 modules. No name, no full CPF: less than the card itself shows.

Pure: no database. Verification needs the public keys, which the caller passes in.
"""
from __future__ import annotations

import datetime as dt
import struct
from dataclasses import asdict, dataclass
from functools import lru_cache

import base45
import qrcode
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from qrcode.util import MODE_ALPHA_NUM, QRData

PREFIX = "MT1:"
RECORD_VERSION = 1
_RECORD = struct.Struct(">BHIBIIB7sHHI")
RECORD_SIZE = _RECORD.size  # 32
SIGNATURE_SIZE = 64
EPOCH = dt.date(2000, 1, 1)
KINDS = {1: "permit_card", 2: "aux_card", 3: "sticker_annual", 4: "sticker_semiannual"}
KIND_CODES = {name: code for code, name in KINDS.items()}
KIND_LABELS = {"permit_card": "Cartão de permissão", "aux_card": "Cartão de condutor auxiliar",
               "sticker_annual": "Selo de vistoria anual",
               "sticker_semiannual": "Selo de inspeção semestral"}
DOT_PT = 72 / 300  # one 300-dpi printer dot in points
QUIET_MODULES = 4
MODULE_DOTS = 5  # 0.423 mm per module
NO_PERSON = 0xFFFFFFFF


class QrError(ValueError):
    """A QR text that does not verify; `reason` is one of REASONS."""
    REASONS = {"malformed": "QR code malformado ou de outro sistema",
               "unknown_key": "assinado por uma chave desconhecida",
               "bad_signature": "assinatura inválida (documento alterado ou falsificado)",
               "expired": "documento vencido",
               "other_municipio": "documento de outro município"}

    def __init__(self, reason: str, detail: str = ""):
        self.reason = reason
        message = self.REASONS[reason]
        super().__init__(f"{message}: {detail}" if detail else message)


@dataclass(frozen=True)
class QrRecord:
    kind: str
    key_id: int
    ibge: str
    number: int
    ref: int
    copy: int
    plate: str
    date1: dt.date | None
    valid_until: dt.date | None
    person: str  # "456789" (six middle CPF digits) or ""
    version: int = RECORD_VERSION

    def as_dict(self) -> dict:
        data = asdict(self)
        data["kind_label"] = KIND_LABELS[self.kind]
        return data


# --- dates and numbers --------------------------------------------------------------------

def _day(value: dt.date | None) -> int:
    if value is None:
        return 0
    days = (value - EPOCH).days
    if not 0 < days < 0x10000:
        raise ValueError(f"data fora do intervalo do QR: {value}")
    return days


def _date(days: int) -> dt.date | None:
    return None if days == 0 else EPOCH + dt.timedelta(days=days)


def sticker_number(serial: str) -> int:
    """'2026-000123' -> 2026000123."""
    year, _, number = serial.partition("-")
    return int(year) * 1_000_000 + int(number)


def sticker_serial(number: int) -> str:
    return f"{number // 1_000_000:04d}-{number % 1_000_000:06d}"


def cpf_middle(cpf: str) -> str:
    """The six digits the card shows of a CPF (***.456.789-**)."""
    return cpf[3:9] if len(cpf) == 11 else ""


# --- pack, sign, verify -------------------------------------------------------------------

def pack(record: QrRecord) -> bytes:
    plate = (record.plate or "").upper()
    if not plate.isascii() or len(plate) > 7:
        raise ValueError(f"placa inválida para o QR: {plate!r}")
    person = record.person or ""
    if person and (len(person) != 6 or not person.isdigit()):
        raise ValueError("dígitos do CPF inválidos para o QR")
    for name in ("number", "ref"):
        if not 0 <= getattr(record, name) <= 0xFFFFFFFF:
            raise ValueError(f"{name} fora do intervalo do QR")
    if not 1 <= record.copy <= 255:
        raise ValueError("número da via fora do intervalo (1 a 255)")
    return _RECORD.pack(record.version, record.key_id, int(record.ibge), KIND_CODES[record.kind],
                        record.number, record.ref, record.copy, plate.ljust(7).encode("ascii"),
                        _day(record.date1), _day(record.valid_until),
                        int(person) if person else NO_PERSON)


def unpack(data: bytes) -> QrRecord:
    if len(data) != RECORD_SIZE:
        raise QrError("malformed", f"registro com {len(data)} bytes")
    (version, key_id, ibge, kind, number, ref, copy, plate, date1, date2,
     person) = _RECORD.unpack(data)
    if version != RECORD_VERSION:
        raise QrError("malformed", f"versão {version} desconhecida")
    if kind not in KINDS:
        raise QrError("malformed", f"tipo de documento {kind} desconhecido")
    if person != NO_PERSON and person > 999_999:
        raise QrError("malformed", "dígitos do CPF inválidos")
    try:
        plate_text = plate.decode("ascii").rstrip()
        first, second = _date(date1), _date(date2)
    except (UnicodeDecodeError, OverflowError) as exc:
        raise QrError("malformed", str(exc)) from None
    return QrRecord(kind=KINDS[kind], key_id=key_id, ibge=f"{ibge:07d}", number=number,
                    ref=ref, copy=copy, plate=plate_text, date1=first, valid_until=second,
                    person="" if person == NO_PERSON else f"{person:06d}", version=version)


def sign(record: QrRecord, private_key: Ed25519PrivateKey) -> str:
    """The QR text: prefix + base45(record + signature)."""
    body = pack(record)
    return PREFIX + base45.b45encode(body + private_key.sign(body)).decode("ascii")


def decode(text: str) -> tuple[QrRecord, bytes, bytes]:
    """(record, record bytes, signature) of a QR text, without checking the signature.
    Raises QrError('malformed')."""
    if not isinstance(text, str):
        raise QrError("malformed")
    text = text.strip("\r\n\t ")
    if not text.startswith(PREFIX):
        raise QrError("malformed", "prefixo ausente")
    try:
        raw = base45.b45decode(text[len(PREFIX):])
    except ValueError:
        raise QrError("malformed", "codificação base45 inválida") from None
    if len(raw) != RECORD_SIZE + SIGNATURE_SIZE:
        raise QrError("malformed", f"{len(raw)} bytes em vez de {RECORD_SIZE + SIGNATURE_SIZE}")
    body, signature = raw[:RECORD_SIZE], raw[RECORD_SIZE:]
    return unpack(body), body, signature


def key_ref(ibge: str, serial: int) -> str:
    """A key's id across municípios: the IBGE code and the município's own serial (the
    record carries both), e.g. "2111102-1". Every município's first key has serial 1."""
    return f"{ibge}-{serial}"


def verify(text: str, public_keys: dict[str, bytes], *, ibge: str | None = None) -> QrRecord:
    """The record of a QR text whose signature checks with one of the public keys
    (key_ref -> 32 raw bytes). With `ibge`, a record of another município is refused as
    such before its signature is looked at (its keys are not ours: any verdict on the
    signature would be wrong). Raises QrError with the reason otherwise."""
    record, body, signature = decode(text)
    if ibge is not None and record.ibge != ibge:
        raise QrError("other_municipio", f"IBGE {record.ibge}")
    raw_key = public_keys.get(key_ref(record.ibge, record.key_id))
    if raw_key is None:
        raise QrError("unknown_key", f"chave nº {record.key_id}")
    try:
        Ed25519PublicKey.from_public_bytes(raw_key).verify(signature, body)
    except InvalidSignature:
        raise QrError("bad_signature") from None
    return record


def sign_bytes(data: bytes, private_key: Ed25519PrivateKey) -> bytes:
    return private_key.sign(data)


def verify_bytes(data: bytes, signature: bytes, raw_public: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(raw_public).verify(signature, data)
    except InvalidSignature:
        return False
    return True


# --- keys ---------------------------------------------------------------------------------

def new_private_key() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.generate()


def private_pem(key: Ed25519PrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def load_private_pem(data: bytes) -> Ed25519PrivateKey:
    key = serialization.load_pem_private_key(data, password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError("a chave não é Ed25519")
    return key


def public_raw(key: Ed25519PrivateKey) -> bytes:
    return key.public_key().public_bytes(serialization.Encoding.Raw,
                                         serialization.PublicFormat.Raw)


def public_pem(raw: bytes) -> str:
    return Ed25519PublicKey.from_public_bytes(raw).public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


# --- drawing ------------------------------------------------------------------------------

# one fixed mask (ISO/IEC 18004 allows any of the eight): qrcode would otherwise build the
# symbol eight times to score each mask, most of a card's time (issue 23)
MASK_PATTERN = 2


@lru_cache(maxsize=256)
def matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The QR module matrix (no quiet zone) of an alphanumeric text at error correction M
    (cached: a layout asks for its size before drawing it)."""
    data = QRData(text.encode("ascii"), mode=MODE_ALPHA_NUM)
    # our 148-character texts fit version 6; trying it first skips the best-fit search
    version = 6 if len(text) <= 154 else None
    code = qrcode.QRCode(version=version, error_correction=qrcode.constants.ERROR_CORRECT_M,
                         border=0, mask_pattern=MASK_PATTERN)
    code.add_data(data)
    code.make(fit=version is None)
    return tuple(tuple(bool(v) for v in row) for row in code.modules)


def symbol_size(modules: int, module_dots: int = MODULE_DOTS) -> float:
    """Side in points of a symbol of `modules` modules plus its quiet zone."""
    return (modules + 2 * QUIET_MODULES) * module_dots * DOT_PT


def draw(canvas, text: str, x: float, y: float, *, module_dots: int = MODULE_DOTS) -> float:
    """Draw the QR with its lower-left quiet-zone corner at (x, y), each module a whole
    number of 300-dpi dots, as filled vector rectangles (one per horizontal run of dark
    modules). Nothing is drawn in the quiet zone. Returns the side (quiet zone included)."""
    return draw_modules(canvas, matrix(text), x, y, module_dots=module_dots)


def draw_modules(canvas, modules, x: float, y: float, *, module_dots: int = MODULE_DOTS) -> float:
    """`draw` for any module matrix (e.g. a PIX BR Code, which is not alphanumeric)."""
    step = module_dots * DOT_PT
    count = len(modules)
    side = (count + 2 * QUIET_MODULES) * step
    left = x + QUIET_MODULES * step
    top = y + side - QUIET_MODULES * step
    path = canvas.beginPath()
    for r, row in enumerate(modules):
        c = 0
        while c < count:
            if row[c]:
                start = c
                while c < count and row[c]:
                    c += 1
                path.rect(left + start * step, top - (r + 1) * step, (c - start) * step, step)
            else:
                c += 1
    canvas.saveState()
    canvas.setFillColorRGB(0, 0, 0)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
    return side

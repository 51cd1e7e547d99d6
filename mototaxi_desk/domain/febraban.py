"""FEBRABAN collection ("arrecadação") barcodes and the bank's collection return file.

Source: FEBRABAN, "Layout Padrão de Arrecadação/Recebimento com Utilização do Código de
Barras" (versão 04 of 28/05/2004 onwards; the current text is on FEBRABAN's portal, page
"layout-arrecadacao": https://portal.febraban.org.br/pagina/3166/33/pt-br/layour-arrecadacao;
a copy of versão 04 is at https://pt.slideshare.net/slideshow/codbar4-v28052004/38669772).
Its chapter 04 gives the 44-digit barcode, chapters 07-10 the check digits and the typeable
line, chapter 06 the 150-character return file (records A, G and Z used here).

Barcode (44 digits, printed as Interleaved 2 of 5):

    1      product: 8 (arrecadação)
    2      segment: 1 = prefeituras
    3      value identifier: 6 / 7 = value in R$ / in a reference unit, check digits mod 10;
           8 / 9 = the same with check digits mod 11
    4      general check digit over the other 43 digits
    5-15   value (11 digits, centavos)
    16-19  the órgão's FEBRABAN code (segments other than 6)
    20-44  free field (here: due date AAAAMMDD, then the guia's year and number)

The typeable line is the 44 digits in 4 blocks of 11, each followed by its own check digit
(mod 10 or mod 11 as the value identifier says): 4 × 12 = 48 digits.

Pure: no database, no Qt. Parsing never trusts a line; every problem is a DomainError
naming the line and the field.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from .errors import DomainError, ValidationError

PRODUCT = "8"
SEGMENT_PREFEITURAS = "1"
VALUE_IDS = {"6": 10, "7": 10, "8": 11, "9": 11}  # value identifier -> check-digit module
MAX_CENTS = 99_999_999_999  # 11 digits


# --- check digits (chapters 07-10) ----------------------------------------------------------

def mod10(digits: str) -> int:
    """Weights 2, 1, 2, 1... from the right; the digits of each product are added; the
    check digit is what takes the sum to the next ten (a sum ending in 0 gives 0)."""
    total, weight = 0, 2
    for char in reversed(digits):
        product = int(char) * weight
        total += product // 10 + product % 10
        weight = 1 if weight == 2 else 2
    return (10 - total % 10) % 10


def mod11(digits: str) -> int:
    """Weights 2 to 9 from the right, repeated; remainder 0 or 1 gives 0, remainder 10
    gives 1, otherwise 11 - remainder."""
    total, weight = 0, 2
    for char in reversed(digits):
        total += int(char) * weight
        weight = 2 if weight == 9 else weight + 1
    remainder = total % 11
    return 0 if remainder in (0, 1) else 11 - remainder


def _module(value_id: str):
    if value_id not in VALUE_IDS:
        raise ValidationError("Código de barras", f"identificador de valor '{value_id}' "
                                                  "inválido (use 6, 7, 8 ou 9).")
    return mod10 if VALUE_IDS[value_id] == 10 else mod11


def value_id_for(module: int) -> str:
    """The identifier of a value in R$ checked by mod 10 (6) or mod 11 (8)."""
    if module not in (10, 11):
        raise ValidationError("Módulo do dígito verificador", "use 10 ou 11.")
    return "6" if module == 10 else "8"


# --- the barcode -------------------------------------------------------------------------

def febraban_code(value, field: str = "Código FEBRABAN") -> str:
    """The 4-digit identification FEBRABAN gives an órgão for its collection barcodes."""
    text = str(value or "").strip()
    if not text:
        raise ValidationError(field, "campo obrigatório.")
    if not text.isascii() or not text.isdigit() or len(text) != 4:
        raise ValidationError(field, "informe os 4 dígitos que a FEBRABAN atribuiu ao "
                                     "município.")
    return text


def barcode(*, febraban: str, cents: int, free_field: str, module: int = 10,
            segment: str = SEGMENT_PREFEITURAS) -> str:
    """The 44 digits of a collection barcode for a value in R$."""
    febraban = febraban_code(febraban)
    if not 0 < cents <= MAX_CENTS:
        raise ValidationError("Valor", "fora do que o código de barras comporta.")
    if len(free_field) != 25 or not free_field.isdigit():
        raise ValueError("the free field has 25 digits")
    value_id = value_id_for(module)
    body = f"{PRODUCT}{segment}{value_id}{cents:011d}{febraban}{free_field}"
    check = _module(value_id)(body)
    return body[:3] + str(check) + body[3:]


def free_field(due: dt.date, year: int, number: int) -> str:
    """Due date AAAAMMDD (the layout's advice for a date in the free field), then the
    guia's year (4) and number (13 digits): 25 digits."""
    if not 0 < number < 10**13:
        raise ValueError(number)
    return f"{due:%Y%m%d}{year:04d}{number:013d}"


@dataclass(frozen=True)
class Barcode:
    digits: str
    segment: str
    value_id: str
    cents: int            # the value when the identifier says R$ (6 or 8)
    febraban: str
    free_field: str

    @property
    def module(self) -> int:
        return VALUE_IDS[self.value_id]


def parse_barcode(text: str, field: str = "Código de barras") -> Barcode:
    """Read and check 44 digits (or a 48-digit typeable line, whose block check digits are
    checked too). ValidationError when a digit or a check digit is wrong."""
    digits = "".join(c for c in str(text or "") if not c.isspace() and c not in "-.")
    if not digits.isascii() or not digits.isdigit():
        raise ValidationError(field, "use apenas números.")
    if len(digits) == 48:
        digits = _from_line(digits, field)
    if len(digits) != 44:
        raise ValidationError(field, f"deve ter 44 dígitos (tem {len(digits)}).")
    if digits[0] != PRODUCT:
        raise ValidationError(field, "não é um código de arrecadação (começa com 8).")
    check = _module(digits[2])(digits[:3] + digits[4:])
    if str(check) != digits[3]:
        raise ValidationError(field, "dígito verificador geral não confere.")
    return Barcode(digits=digits, segment=digits[1], value_id=digits[2],
                   cents=int(digits[4:15]), febraban=digits[15:19], free_field=digits[19:])


def blocks(digits: str) -> list[str]:
    """The typeable line: 4 blocks of 11 digits, each with its check digit after a dash."""
    module = _module(digits[2])
    parts = [digits[i:i + 11] for i in range(0, 44, 11)]
    return [f"{part}-{module(part)}" for part in parts]


def typeable_line(digits: str) -> str:
    return " ".join(blocks(digits))


def _from_line(line: str, field: str) -> str:
    module = _module(line[2])
    parts = []
    for i in range(4):
        part, check = line[i * 12:i * 12 + 11], line[i * 12 + 11]
        if str(module(part)) != check:
            raise ValidationError(field, f"dígito verificador do bloco {i + 1} não confere.")
        parts.append(part)
    return "".join(parts)


def guia_from_free_field(field_digits: str) -> tuple[dt.date | None, int, int]:
    """(due date, year, number) of a free field written by `free_field` (due None when the
    first 8 digits are not a date)."""
    try:
        due = dt.datetime.strptime(field_digits[:8], "%Y%m%d").date()
    except ValueError:
        due = None
    return due, int(field_digits[8:12]), int(field_digits[12:25])


# --- the return file (chapter 06: records A, G, Z; 150 characters each) ------------------

RECORD_LENGTH = 150
COLLECTION_CHANNELS = {
    "1": "guichê de caixa", "2": "autoatendimento", "3": "internet", "4": "outros meios",
    "5": "correspondente bancário", "6": "telefone", "7": "casa lotérica",
    "a": "guichê de caixa (sem guia)", "b": "autoatendimento (sem guia)",
    "c": "internet (sem guia)", "d": "correspondente bancário (sem guia)",
    "e": "telefone (sem guia)", "f": "outros meios (sem guia)", "g": "casa lotérica (sem guia)",
}
PAYMENT_FORMS = {"1": "dinheiro", "2": "cheque", "3": "outras formas", "0": ""}


class ReturnFileError(DomainError):
    """The file is not a FEBRABAN collection return, or is damaged; nothing is imported."""


@dataclass(frozen=True)
class ReturnHeader:          # record A
    convenio: str            # A.03, set by the bank
    company: str             # A.04
    bank_code: str           # A.05
    bank_name: str           # A.06
    generated_on: dt.date    # A.07
    sequence: int            # A.08, NSA: +1 for each file the bank sends
    layout_version: str      # A.09


@dataclass(frozen=True)
class ReturnItem:            # record G
    line: int                # line of the file (1 = header)
    account: str             # G.02
    paid_on: dt.date         # G.03
    credited_on: dt.date     # G.04
    barcode: str             # G.05, 44 characters as the bank read them
    cents: int               # G.06, amount received
    fee_cents: int           # G.07, bank fee (when agreed)
    record_number: int       # G.08, NSR
    agency: str              # G.09
    channel: str             # G.10
    authentication: str      # G.11
    payment_form: str        # G.12


@dataclass(frozen=True)
class ReturnFile:
    header: ReturnHeader
    items: tuple[ReturnItem, ...]
    total_records: int       # Z.02 (header and trailer included)
    total_cents: int         # Z.03


def _date(text: str, line: int, field: str) -> dt.date:
    try:
        return dt.datetime.strptime(text, "%Y%m%d").date()
    except ValueError:
        raise ReturnFileError(f"Linha {line}: {field} inválida ('{text}').") from None


def _number(text: str, line: int, field: str) -> int:
    if not text.isascii() or not text.isdigit():
        raise ReturnFileError(f"Linha {line}: {field} não é numérico ('{text.strip()}').")
    return int(text)


def _lines(content: bytes) -> list[str]:
    if len(content) > 50_000_000:
        raise ReturnFileError("Arquivo grande demais para um retorno de arrecadação.")
    text = content.decode("latin-1")  # the layout is plain ASCII; never fail on a byte
    lines = [line.rstrip("\r") for line in text.split("\n")]
    while lines and not lines[-1].strip(" \x1a"):  # trailing blank lines, DOS end-of-file
        lines.pop()
    if not lines:
        raise ReturnFileError("Arquivo vazio.")
    for number, line in enumerate(lines, 1):
        if len(line) > RECORD_LENGTH:
            raise ReturnFileError(f"Linha {number}: tem {len(line)} caracteres; o layout "
                                  f"FEBRABAN tem {RECORD_LENGTH}.")
    # some transfer programs trim the trailing blanks of each record: put them back
    return [line.ljust(RECORD_LENGTH) for line in lines]


def parse_return(content: bytes) -> ReturnFile:
    """The records of a collection return file: header A, one G per payment, trailer Z,
    with the trailer's count and total checked (a truncated file is refused whole)."""
    lines = _lines(content)
    first = lines[0]
    if first[0] != "A":
        raise ReturnFileError("Não é um arquivo de retorno de arrecadação FEBRABAN: a "
                              "primeira linha deve ser o registro A.")
    if first[1] != "2":
        raise ReturnFileError("O registro A indica arquivo de remessa (código 1), não de "
                              "retorno do banco (código 2).")
    header = ReturnHeader(convenio=first[2:22].strip(), company=first[22:42].strip(),
                          bank_code=first[42:45], bank_name=first[45:65].strip(),
                          generated_on=_date(first[65:73], 1, "data de geração (A.07)"),
                          sequence=_number(first[73:79], 1, "NSA (A.08)"),
                          layout_version=first[79:81].strip())
    items, trailer = [], None
    for number, line in enumerate(lines[1:], 2):
        kind = line[0]
        if trailer is not None:
            raise ReturnFileError(f"Linha {number}: há registros depois do trailer Z.")
        if kind == "G":
            items.append(_item(line, number))
        elif kind == "Z":
            trailer = (_number(line[1:7], number, "total de registros (Z.02)"),
                       _number(line[7:24], number, "valor total (Z.03)"))
        elif kind in "BCDEFHJKX":  # other records of the layout: not about collections
            continue
        else:
            raise ReturnFileError(f"Linha {number}: registro '{kind}' desconhecido.")
    if trailer is None:
        raise ReturnFileError("Arquivo incompleto: falta o registro Z (trailer).")
    count, total = trailer
    if count != len(lines):
        raise ReturnFileError(f"O trailer Z informa {count} registros, mas o arquivo tem "
                              f"{len(lines)}: arquivo incompleto ou alterado.")
    received = sum(item.cents for item in items)
    if total != received:
        raise ReturnFileError(f"O trailer Z informa valor total {total / 100:.2f}, mas os "
                              f"registros G somam {received / 100:.2f}: arquivo alterado.")
    return ReturnFile(header=header, items=tuple(items), total_records=count,
                      total_cents=total)


def _item(line: str, number: int) -> ReturnItem:
    return ReturnItem(
        line=number, account=line[1:21].strip(),
        paid_on=_date(line[21:29], number, "data de pagamento (G.03)"),
        credited_on=_date(line[29:37], number, "data de crédito (G.04)"),
        barcode=line[37:81].strip(),
        cents=_number(line[81:93], number, "valor recebido (G.06)"),
        fee_cents=_number(line[93:100].replace(" ", "0"), number, "valor da tarifa (G.07)"),
        record_number=_number(line[100:108], number, "NSR (G.08)"),
        agency=line[108:116].strip(), channel=line[116:117].strip(),
        authentication=line[117:140].strip(), payment_form=line[140:141].strip())


# --- writing a return file (the bank's side: tests, and a sample for the município's IT) ---

def header_record(*, convenio: str, company: str, bank_code: str, bank_name: str,
                  generated_on: dt.date, sequence: int, layout_version: str = "05") -> str:
    record = (f"A2{convenio[:20]:<20}{company[:20]:<20}{bank_code:0>3}{bank_name[:20]:<20}"
              f"{generated_on:%Y%m%d}{sequence:06d}{layout_version:0>2}"
              f"{'CODIGO DE BARRAS':<17}{'':52}")
    assert len(record) == RECORD_LENGTH
    return record


def item_record(*, barcode_digits: str, cents: int, paid_on: dt.date, credited_on: dt.date,
                record_number: int, account: str = "", agency: str = "", channel: str = "1",
                authentication: str = "", payment_form: str = "1", fee_cents: int = 0) -> str:
    record = (f"G{account[:20]:<20}{paid_on:%Y%m%d}{credited_on:%Y%m%d}"
              f"{barcode_digits[:44]:<44}{cents:012d}{fee_cents:07d}{record_number:08d}"
              f"{agency[:8]:<8}{channel[:1]:<1}{authentication[:23]:<23}{payment_form[:1]:<1}"
              f"{'':9}")
    assert len(record) == RECORD_LENGTH
    return record


def trailer_record(total_records: int, total_cents: int) -> str:
    record = f"Z{total_records:06d}{total_cents:017d}{'':126}"
    assert len(record) == RECORD_LENGTH
    return record

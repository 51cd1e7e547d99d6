"""FEBRABAN collection barcodes (Layout Padrão de Arrecadação/Recebimento com Utilização do
Código de Barras, chapters 04 and 07-10) and the collection return file (chapter 06),
checked against codes published elsewhere."""
import datetime as dt

import pytest

from mototaxi_desk.domain import febraban as fb
from mototaxi_desk.domain.errors import DomainError, ValidationError

# Published typeable lines (44 digits in 4 blocks + a check digit each):
PUBLISHED_LINES = [
    # mod 10 (value identifier 6): the example in the README of the PHP library
    # rafsalvioni/zeus-barcode-febraban, published on packagist.org
    "836000000007 839700481006 200471236816 001009939388",
    # mod 11 (value identifier 8): Guias da Previdência Social printed by the Receita Federal
    # for NIT 128.00186.72-2, competência 11/2025, as quoted in the repository
    # gesielr/guiasMEIlast, file apps/backend/inss/ANALISE_CODIGOS_OFICIAIS.md
    "85820000001-5 66980270116-2 30001280018-9 67222025113-0",
    "85810000003-0 03600270100-7 70001280018-4 67222025113-0",
    "85800000001-1 66980270112-0 00001280018-0 67222025113-0",
    "85870000003-0 03600270128-7 70001280018-4 67222025113-0",
]
# Published 44-digit barcodes (electricity bills, segment 3, mod 10), quoted in
# github.com/ottoleggio/ds-2019-02 (trabalho.md)
PUBLISHED_BARCODES = ["83600000000268700090000000106228970800110000",
                      "83620000001399500090000000103780000810100000",
                      "83650000000493400090013000001542120000600000"]


def _digits(line: str) -> str:
    return "".join(c for c in line if c.isdigit())


@pytest.mark.parametrize("line", PUBLISHED_LINES)
def test_published_typeable_lines_check_and_rebuild(line):
    code = fb.parse_barcode(line)
    assert len(code.digits) == 44
    assert _digits(fb.typeable_line(code.digits)) == _digits(line)


@pytest.mark.parametrize("digits", PUBLISHED_BARCODES)
def test_published_barcodes_have_the_right_general_check_digit(digits):
    assert fb.parse_barcode(digits).digits == digits
    broken = digits[:3] + str((int(digits[3]) + 1) % 10) + digits[4:]
    with pytest.raises(ValidationError, match="verificador geral"):
        fb.parse_barcode(broken)


def test_mod11_remainders_zero_one_and_ten():
    """Chapter 09: remainder 0 or 1 gives 0, remainder 10 gives 1."""
    assert fb.mod11("0") == 0                      # remainder 0
    assert fb.mod11("6") == 0                      # 12 % 11 = 1
    assert fb.mod11("5") == 1                      # 10 % 11 = 10 -> 1
    assert fb.mod11("4") == 3                      # 8 -> 11 - 8


def test_mod10_adds_the_digits_of_each_product():
    assert fb.mod10("01230067896") == 3            # 2,1,2,1... from the right; 12 -> 1+2
    assert fb.mod10("0") == 0


@pytest.mark.parametrize("module, value_id", [(10, "6"), (11, "8")])
def test_a_prefeitura_barcode_carries_value_code_and_due_date(module, value_id):
    free = fb.free_field(dt.date(2026, 3, 16), 2026, 123)
    digits = fb.barcode(febraban="1234", cents=14478, free_field=free, module=module)
    code = fb.parse_barcode(digits)
    assert digits[:3] == "81" + value_id and code.module == module
    assert code.cents == 14478 and code.febraban == "1234"
    assert fb.guia_from_free_field(code.free_field) == (dt.date(2026, 3, 16), 2026, 123)
    line = fb.typeable_line(digits)
    assert len(_digits(line)) == 48 and fb.parse_barcode(line).digits == digits


def test_a_wrong_block_digit_of_the_typeable_line_is_named():
    line = _digits(PUBLISHED_LINES[0])
    broken = line[:23] + str((int(line[23]) + 1) % 10) + line[24:]
    with pytest.raises(ValidationError, match="bloco 2"):
        fb.parse_barcode(broken)


@pytest.mark.parametrize("typed", ["123", "12a4", "", "12345"])
def test_febraban_code_has_four_digits(typed):
    with pytest.raises(ValidationError, match="Código FEBRABAN"):
        fb.febraban_code(typed)


def _file(items, *, total=None, count=None, header=True):
    lines = [fb.header_record(convenio="000123", company="PREF SAO RAIMUNDO", bank_code="001",
                              bank_name="BANCO DO BRASIL", generated_on=dt.date(2026, 3, 17),
                              sequence=42)] if header else []
    lines += items
    lines.append(fb.trailer_record(count if count is not None else len(lines) + 1,
                                   total if total is not None else sum(
                                       int(i[81:93]) for i in items)))
    return ("\r\n".join(lines) + "\r\n").encode("ascii")


def _item(n, cents=1000):
    digits = fb.barcode(febraban="1234", cents=cents,
                        free_field=fb.free_field(dt.date(2026, 3, 20), 2026, n))
    return fb.item_record(barcode_digits=digits, cents=cents, paid_on=dt.date(2026, 3, 16),
                          credited_on=dt.date(2026, 3, 17), record_number=n,
                          authentication="AUT123")


def test_return_file_records_are_read_at_their_positions():
    parsed = fb.parse_return(_file([_item(1, 14478), _item(2)]))
    assert parsed.header.bank_code == "001" and parsed.header.sequence == 42
    assert parsed.header.generated_on == dt.date(2026, 3, 17)
    first = parsed.items[0]
    assert (first.paid_on, first.credited_on, first.cents) == (dt.date(2026, 3, 16),
                                                               dt.date(2026, 3, 17), 14478)
    assert first.record_number == 1 and first.authentication == "AUT123"
    assert fb.parse_barcode(first.barcode).cents == 14478
    assert parsed.total_records == 4 and parsed.total_cents == 15478


def test_trimmed_trailing_blanks_and_lf_line_ends_are_accepted():
    content = b"\n".join(line.rstrip() for line in _file([_item(1)]).split(b"\r\n"))
    assert len(fb.parse_return(content).items) == 1


@pytest.mark.parametrize("content, why", [
    (b"", "vazio"),
    (b"X" * 150, "registro A"),
    (b"A1" + b" " * 148, "remessa"),
    (_file([_item(1)], count=9), "trailer Z informa 9"),
    (_file([_item(1)], total=5), "valor total"),
    (_file([_item(1)])[:-154], "falta o registro Z"),
    (_file([_item(1)]).replace(b"\r\nZ", b"X" * 151 + b"\r\nZ"), "caracteres"),
])
def test_a_damaged_or_foreign_file_is_refused_whole(content, why):
    with pytest.raises(DomainError, match=why):
        fb.parse_return(content)

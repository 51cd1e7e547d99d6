"""Spreadsheets for the import tests and the benchmark, made with openpyxl: the example of
docs/importing.md (one sheet per kind of row) and N-row registers. Every identifier is valid
and distinct (check digits computed), so a test spoils exactly the cell it means to."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from openpyxl import Workbook
from validate_docbr import CNH

HOLDER_HEADERS = ["CPF", "Nome", "Data de nascimento", "Telefone", "Nº da CNH", "Categoria",
                  "1ª habilitação", "Validade CNH", "Placa", "RENAVAM", "Chassi", "Marca",
                  "Modelo", "Ano de fabricação", "Cilindrada", "Nº da permissão",
                  "Data da outorga", "Validade", "Situação", "Ponto"]
STAND_HEADERS = ["Número", "Nome", "Localização", "Máximo"]
AUX_HEADERS = ["Nº da permissão", "CPF", "Nome", "Nº da CNH", "Categoria", "1ª habilitação",
               "Validade CNH", "Data do credenciamento", "Validade"]
WAITING_HEADERS = ["Posição", "CPF", "Nome", "Data de inscrição", "Telefone"]


def cpf(n: int) -> str:
    base = [int(c) for c in f"{100_000_000 + n * 7:09d}"[-9:]]
    for size in (9, 10):
        total = sum(d * w for d, w in zip(base, range(size + 1, 1, -1)))
        rest = total % 11
        base.append(0 if rest < 2 else 11 - rest)
    return "".join(map(str, base))


def cnh(n: int) -> str:
    doc = list(f"{200_000_000 + n * 13:09d}"[-9:])
    maker = CNH()
    doc.append(maker._generate_first_digit(doc))
    doc.append(maker._generate_second_digit(doc))
    return "".join(doc)


def renavam(n: int) -> str:
    base = f"{3_000_000_000 + n * 11:010d}"[-10:]
    weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    total = sum(int(d) * w for d, w in zip(base, weights))
    digit = (total * 10) % 11
    return base + str(0 if digit == 10 else digit)


def plate(n: int, mercosul: bool | None = None) -> str:
    """Old format (ABC-1234) for even n, Mercosul (ABC1D23) for odd n, unless told."""
    letters = "".join("ABCDEFGHJKLMNPRSTUVWXYZ"[(n // 23 ** i) % 23] for i in (2, 1, 0))
    digits = f"{n % 10_000:04d}"
    if mercosul if mercosul is not None else n % 2:
        return f"{letters}{digits[0]}{'ABCDEFGHIJ'[int(digits[1])]}{digits[2:]}"
    return f"{letters}-{digits}"


def chassis(n: int) -> str:
    return f"9C2JC{n:012d}"


def holder_row(n: int, *, stand=1, year=2022, order=None, status="Ativa",
               issued=dt.date(2023, 3, 1), valid=dt.date(2028, 3, 1)) -> list:
    return [cpf(n), f"Permissionário Número {_words(n)}", dt.date(1980, 1, 1 + n % 28),
            "(99) 98765-4321", cnh(n), "A", dt.date(2005, 6, 1), dt.date(2030, 6, 1),
            plate(n), renavam(n), chassis(n), "Honda", "CG 160 Fan", year, 160,
            order if order is not None else n, issued, valid, status, stand]


def _words(n: int) -> str:
    """A name has no digits: the row number spelt in letters."""
    names = "Zero Um Dois Três Quatro Cinco Seis Sete Oito Nove".split()
    return " ".join(names[int(d)] for d in str(n))


def example_workbook(path: Path, *, holders: int = 3) -> Path:
    """The example of docs/importing.md: two pontos, `holders` permit holders (the first on
    Ponto 01, the others on Ponto 02), one auxiliary driver, two on the waiting list."""
    book = Workbook()
    stands = book.active
    stands.title = "Pontos"
    stands.append(STAND_HEADERS)
    stands.append([1, "Praça da Matriz", "Praça da Matriz, em frente à igreja", 10])
    stands.append([2, "Rodoviária", "Av. Getúlio Vargas, 500", 10])
    sheet = book.create_sheet("Permissionários")
    sheet.append(HOLDER_HEADERS)
    for n in range(1, holders + 1):
        sheet.append(holder_row(n, stand=1 if n == 1 else 2, order=10 + n * 3))
    aux = book.create_sheet("Auxiliares")
    aux.append(AUX_HEADERS)
    aux.append([13, cpf(900), "Auxiliar Primeiro", cnh(900), "A", dt.date(2010, 1, 1),
                dt.date(2031, 1, 1), dt.date(2024, 2, 1), dt.date(2027, 2, 1)])
    waiting = book.create_sheet("Lista de espera")
    waiting.append(WAITING_HEADERS)
    waiting.append([1, cpf(950), "Inscrita Primeira", dt.date(2022, 5, 10), "99 3333-4444"])
    waiting.append([2, cpf(951), "Inscrito Segundo", dt.date(2022, 5, 10), ""])
    book.save(path)
    return path


def holders_workbook(path: Path, rows: int, *, stands: int = 0, spoil=None) -> Path:
    """A Permissionários sheet of `rows` holders on `stands` pontos (none if 0), each with
    a permit numbered like its row; `spoil(n, row)` may change a row before it is written."""
    book = Workbook(write_only=True)
    if stands:
        sheet = book.create_sheet("Pontos")
        sheet.append(STAND_HEADERS)
        for number in range(1, stands + 1):
            sheet.append([number, f"Ponto {_words(number)}", "Centro", 500])
    sheet = book.create_sheet("Permissionários")
    sheet.append(HOLDER_HEADERS)
    for n in range(1, rows + 1):
        row = holder_row(n, stand=(n % stands) + 1 if stands else None)
        if spoil:
            row = spoil(n, row) or row
        sheet.append(row)
    book.save(path)
    return path

"""Reading a spreadsheet chosen for import: XLSX (openpyxl, every sheet) or CSV (UTF-8, with
or without BOM, or Windows-1252; `;` or `,` sniffed). Returns plain sheets of cells; what
the cells mean is domain/importing.py's.

The file is size-limited before it is read and its cells counted as they are read
(domain/input_limits.py: a compressed XLSX can hold far more than its size). A CSV row with
more or fewer cells than its header (a `;` inside a value without quotes splits a cell, a
missing one shifts every column after it) is kept with its count in `Sheet.bad_widths`, and
the import reports it by line instead of guessing which cell moved."""
from __future__ import annotations

import csv
import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path

from ...domain import input_limits
from ...domain.errors import DomainError
from ...domain.importing import empty
from ...domain.os_errors import os_error_text


@dataclass
class Sheet:
    name: str
    headers: list[str]
    rows: list[tuple[int, list]] = field(default_factory=list)  # (row number, cells)
    # a CSV's rows whose number of cells differs from the header's: row number -> message
    bad_widths: dict[int, str] = field(default_factory=dict)


@dataclass
class SourceFile:
    name: str
    sha256: str
    sheets: list[Sheet]
    # rows already checked (services/exchange/importing.py): (sheet, kind, mapping, day) -> rows
    validated: dict = field(default_factory=dict, repr=False, compare=False)


def read(path) -> SourceFile:
    path = Path(path)
    try:
        content = input_limits.read_bytes(path, input_limits.IMPORT)
    except OSError as exc:
        raise DomainError(f"Não foi possível ler {path}: {os_error_text(exc)}.") from None
    return parse(content, path.name)


def parse(content: bytes, name: str) -> SourceFile:
    digest = hashlib.sha256(content).hexdigest()
    if content[:4] == b"PK\x03\x04":
        sheets = _xlsx(content, name)
    elif name.lower().endswith((".xlsx", ".xlsm")):
        raise DomainError(f"{name}: não é uma planilha XLSX válida.")
    elif name.lower().endswith(".xls"):
        raise DomainError(f"{name}: o formato XLS antigo não é lido; salve a planilha como "
                          "XLSX ou CSV.")
    else:
        sheets = [_csv(content, name)]
    sheets = [s for s in sheets if s.headers]
    if not sheets:
        raise DomainError(f"{name}: nenhuma planilha com cabeçalho e linhas foi encontrada.")
    return SourceFile(name=name, sha256=digest, sheets=sheets)


class _Cells:
    """The cells read so far from one file, against input_limits.IMPORT_CELLS."""

    def __init__(self, name: str):
        self.name, self.count = name, 0

    def add(self, count: int) -> None:
        self.count += count
        if self.count > input_limits.IMPORT_CELLS:
            limit = f"{input_limits.IMPORT_CELLS:,}".replace(",", ".")
            raise DomainError(f"{self.name}: mais de {limit} células preenchidas, mais que o "
                              "máximo de uma importação; divida o arquivo. Nada foi "
                              "importado.")


def _rows_to_sheet(name: str, rows, cells_read: _Cells, delimiter: str | None = None) -> Sheet:
    """The first non-empty row is the header; empty rows after it are skipped. With a
    `delimiter` (a CSV), a row whose number of cells differs from the header's is noted
    in `bad_widths` (the count as written, trailing empty cells included)."""
    sheet = Sheet(name=name, headers=[])
    width = 0
    for number, cells in rows:
        cells = list(cells)
        written = len(cells)
        while cells and empty(cells[-1]):
            cells.pop()
        if not cells:
            continue
        cells_read.add(len(cells))
        if not sheet.headers:
            sheet.headers = ["" if c is None else str(c).strip() for c in cells]
            width = written
            continue
        if delimiter is not None and written != width:
            sheet.bad_widths[number] = _width_message(number, written, width, delimiter)
        sheet.rows.append((number, cells))
    return sheet


def _width_message(number: int, written: int, width: int, delimiter: str) -> str:
    shown = "tabulação" if delimiter == "\t" else f"'{delimiter}'"
    cause = (f"um {shown} dentro de um valor sem aspas divide a célula em duas"
             if written > width else "falta um separador, e as colunas seguintes se deslocam")
    return (f"a linha {number} tem {written} células e o cabeçalho tem {width}: {cause}. "
            f"Corrija a linha no arquivo (um valor com {shown} vai entre aspas) e leia-o "
            "de novo.")


def _xlsx(content: bytes, name: str) -> list[Sheet]:
    from openpyxl import load_workbook
    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise DomainError(f"{name}: não foi possível abrir a planilha XLSX "
                          f"({type(exc).__name__}).") from None
    cells_read = _Cells(name)
    try:
        return [_rows_to_sheet(ws.title, enumerate(ws.iter_rows(values_only=True), start=1),
                               cells_read)
                for ws in book.worksheets]
    finally:
        book.close()


def decode(content: bytes) -> str:
    """UTF-8 (a BOM is dropped) or, failing that, Windows-1252 (Excel's 'CSV' in Brazil)."""
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError:
        return content.decode("cp1252", errors="replace")


def _csv(content: bytes, name: str) -> Sheet:
    text = decode(content)
    sample = text[:20_000]
    first_line = sample.splitlines()[0] if sample else ""
    try:
        delimiter = csv.Sniffer().sniff(sample, delimiters=";,\t").delimiter
    except csv.Error:
        delimiter = ";" if first_line.count(";") >= first_line.count(",") else ","
    if first_line.count(delimiter) == 0 and (first_line.count(";") or first_line.count(",")):
        delimiter = ";" if first_line.count(";") >= first_line.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    stem = Path(name).stem
    try:
        return _rows_to_sheet(stem, enumerate(reader, start=1), _Cells(name), delimiter)
    except csv.Error:  # e.g. a quote never closed swallowing the rest of the file
        raise DomainError(f"{name}: CSV malformado perto da linha {reader.line_num}: uma "
                          "aspa aberta e não fechada, ou um valor longo demais. Confira as "
                          "aspas. Nada foi importado.") from None

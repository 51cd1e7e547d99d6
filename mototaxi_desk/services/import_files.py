"""Reading a spreadsheet chosen for import: XLSX (openpyxl, every sheet) or CSV (UTF-8, with
or without BOM, or Windows-1252; `;` or `,` sniffed). Returns plain sheets of cells; what
the cells mean is domain/importing.py's."""
from __future__ import annotations

import csv
import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path

from ..domain.errors import DomainError
from ..domain.importing import empty

MAX_BYTES = 100_000_000


@dataclass
class Sheet:
    name: str
    headers: list[str]
    rows: list[tuple[int, list]] = field(default_factory=list)  # (row number, cells)


@dataclass
class SourceFile:
    name: str
    sha256: str
    sheets: list[Sheet]
    # rows already checked (services/importing.py): (sheet, kind, mapping, day) -> rows
    validated: dict = field(default_factory=dict, repr=False, compare=False)


def read(path) -> SourceFile:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise DomainError(f"{path.name}: arquivo grande demais para importar (máximo "
                              f"{MAX_BYTES // 1_000_000} MB).")
        content = path.read_bytes()
    except OSError as exc:
        raise DomainError(f"Não foi possível ler {path}: {exc.strerror}.") from None
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


def _rows_to_sheet(name: str, rows) -> Sheet:
    """The first non-empty row is the header; empty rows after it are skipped."""
    sheet = Sheet(name=name, headers=[])
    for number, cells in rows:
        cells = list(cells)
        while cells and empty(cells[-1]):
            cells.pop()
        if not cells:
            continue
        if not sheet.headers:
            sheet.headers = ["" if c is None else str(c).strip() for c in cells]
            continue
        sheet.rows.append((number, cells))
    return sheet


def _xlsx(content: bytes, name: str) -> list[Sheet]:
    from openpyxl import load_workbook
    try:
        book = load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise DomainError(f"{name}: não foi possível abrir a planilha XLSX "
                          f"({type(exc).__name__}).") from None
    try:
        return [_rows_to_sheet(ws.title, enumerate(ws.iter_rows(values_only=True), start=1))
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
    return _rows_to_sheet(stem, enumerate(reader, start=1))

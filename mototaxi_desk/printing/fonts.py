"""The TrueType fonts every document embeds (package data resources/fonts,
DejaVu: freely redistributable, see LICENSE-DejaVu.txt), so Windows and Linux print the same
glyphs, accents included.

Also the text-fitting helpers the layouts share: a line that shrinks to its box, and a
paragraph that wraps and then shrinks — never drawn past its box."""
from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from .. import package_data
from ..domain.errors import DomainError

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONT_DIR = package_data.folder("fonts")  # a Traversable (tests point it elsewhere)
_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}


@lru_cache(maxsize=1)
def register() -> tuple[str, str]:
    """Register the fonts with ReportLab once per process; (regular, bold) names."""
    for name, filename in _FILES.items():
        source = FONT_DIR.joinpath(filename)
        if not source.is_file():  # a damaged installation: say so, print nothing
            raise DomainError(f"Fonte ausente: {source}. Os arquivos do programa estão "
                              "incompletos; reinstale o Mototáxi Desk (os dados não são "
                              "afetados).")
        with source.open("rb") as fh:  # read through importlib.resources, not a path
            pdfmetrics.registerFont(TTFont(name, fh))
    # a table cell without a Paragraph (an empty signature line) otherwise names Helvetica,
    # a font never embedded: PDF/A wants every font embedded (printing/pades.py)
    from reportlab.platypus import tables
    tables.CellStyle.fontname = REGULAR
    return REGULAR, BOLD


def width(text: str, font: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit_size(text: str, font: str, size: float, max_width: float, *, minimum: float = 4.0) -> float:
    """The largest size ≤ size at which text fits max_width (never below minimum)."""
    w = width(text, font, size)
    if w <= max_width or w == 0:
        return size
    return max(minimum, size * max_width / w * 0.999)


def ellipsize(text: str, font: str, size: float, max_width: float) -> str:
    """Cut text with '…' so that it fits (the last resort, after shrinking)."""
    if width(text, font, size) <= max_width:
        return text
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if width(text[:mid].rstrip() + "…", font, size) <= max_width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + "…"


def wrap(text: str, font: str, size: float, max_width: float) -> list[str]:
    """Greedy word wrap; a word longer than the line is broken by characters."""
    lines: list[str] = []
    for paragraph in str(text).split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if width(candidate, font, size) <= max_width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while width(word, font, size) > max_width and len(word) > 1:
                cut = len(word)
                while cut > 1 and width(word[:cut], font, size) > max_width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def fit_block(text: str, font: str, size: float, max_width: float, max_height: float, *,
              leading: float = 1.15, minimum: float = 4.0) -> tuple[list[str], float]:
    """Wrap text into max_width and shrink until its lines fit max_height; if even the
    minimum size does not fit, the last line that fits ends with '…'. (lines, size)."""
    current = size
    while True:
        lines = wrap(text, font, current, max_width)
        if len(lines) * current * leading <= max_height + 0.01 or current <= minimum:
            break
        current = max(minimum, current * 0.92)
    room = max(1, int((max_height + 0.01) // (current * leading)))
    if len(lines) > room:
        lines = lines[:room]
        lines[-1] = ellipsize(lines[-1] + " …", font, current, max_width)
    return lines, current


def draw_fitted(canvas, text: str, x: float, y: float, max_width: float, *, font: str = REGULAR,
                size: float = 8.0, minimum: float = 4.0, align: str = "left") -> float:
    """One line at baseline y, shrunk (then cut) to max_width; the size used."""
    text = str(text)
    used = fit_size(text, font, size, max_width, minimum=minimum)
    text = ellipsize(text, font, used, max_width)
    canvas.setFont(font, used)
    if align == "center":
        canvas.drawCentredString(x + max_width / 2, y, text)
    elif align == "right":
        canvas.drawRightString(x + max_width, y, text)
    else:
        canvas.drawString(x, y, text)
    return used


def draw_block(canvas, text: str, x: float, top: float, max_width: float, max_height: float, *,
               font: str = REGULAR, size: float = 8.0, minimum: float = 4.0,
               leading: float = 1.15, align: str = "left") -> float:
    """A wrapped paragraph whose first line's top is at `top`; the height used."""
    lines, used = fit_block(text, font, size, max_width, max_height, leading=leading,
                            minimum=minimum)
    canvas.setFont(font, used)
    y = top - used * 0.93
    for line in lines:
        if align == "center":
            canvas.drawCentredString(x + max_width / 2, y, line)
        else:
            canvas.drawString(x, y, line)
        y -= used * leading
    return len(lines) * used * leading

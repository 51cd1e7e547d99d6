"""What every document shares: the município header data, images (brasão, 3×4 photo, with
placeholders), colours, cut marks and sheet imposition. Pure: data in, drawing out."""
from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass
from functools import lru_cache

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from .. import package_data
from . import fonts

# Package data (resources/images), read as bytes: no file path is assumed.
BRASAO_PLACEHOLDER = "brasao-placeholder.png"
PHOTO_PLACEHOLDER = "foto-placeholder.png"
ACCENT = (0.06, 0.27, 0.52)   # dark blue: titles and rules
MUTED = (0.35, 0.35, 0.35)    # labels
A4 = (210 * mm, 297 * mm)
MARK_EDGE = 5 * mm  # nothing printed closer to the sheet's edge: most printers cannot
MONTHS = ("janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto",
          "setembro", "outubro", "novembro", "dezembro")

# content streams Flate-compressed as binary, without the ASCII85 layer ReportLab adds by
# default: a fifth smaller and its encoding is a third of a sticker sheet's time (issue 23)
rl_config.useA85 = 0


@dataclass(frozen=True)
class Municipio:
    """The header of every document (from the município settings)."""
    name: str
    uf: str
    ibge: str
    brasao: bytes | None = None
    law: str = ""          # the profile's law, e.g. "Projeto de Lei nº 002/2019"

    @property
    def title(self) -> str:
        return f"Prefeitura Municipal de {self.name}"


def date_text(value: dt.date | None) -> str:
    if value == dt.date(9999, 12, 31):  # permit_rules.NO_TERM: the law gives no term
        return "sem prazo"
    return value.strftime("%d/%m/%Y") if value else "—"


def long_date(value: dt.date) -> str:
    return f"{value.day} de {MONTHS[value.month - 1]} de {value.year}"


def text_or_dash(value) -> str:
    text = "" if value is None else str(value).strip()
    return text or "—"


@lru_cache(maxsize=4)
def _placeholder_reader(name: str) -> ImageReader:
    return ImageReader(io.BytesIO(package_data.file("images", name).read_bytes()))


def image(blob: bytes | None, placeholder: str) -> ImageReader:
    """An image from a blob (PNG/JPEG), or the placeholder (a file name of the package's
    images) when there is none or it cannot be read."""
    if blob:
        try:
            return _blob_reader(bytes(blob))
        except Exception:  # a damaged image prints the placeholder, never fails the document
            pass
    return _placeholder_reader(placeholder)


@lru_cache(maxsize=32)
def _blob_reader(blob: bytes) -> ImageReader:
    reader = ImageReader(io.BytesIO(blob))
    reader.getSize()  # decodes the header now: a bad file fails here
    return reader


def draw_image_fit(canvas: Canvas, reader: ImageReader, x: float, y: float, w: float,
                   h: float, *, align: str = "center") -> None:
    """The image inside the box, aspect ratio kept, centred (or left-aligned)."""
    iw, ih = reader.getSize()
    scale = min(w / iw, h / ih)
    dw, dh = iw * scale, ih * scale
    dx = x + (w - dw) / 2 if align == "center" else x
    canvas.drawImage(reader, dx, y + (h - dh) / 2, dw, dh, mask="auto")


def new_canvas(buffer: io.BytesIO, pagesize, title: str, municipio: Municipio) -> Canvas:
    regular, _bold = fonts.register()
    canvas = Canvas(buffer, pagesize=pagesize, pageCompression=1, initialFontName=regular)
    canvas.setTitle(title)
    canvas.setAuthor(municipio.title)
    canvas.setCreator("Mototáxi Desk")
    return canvas


def cut_marks(canvas: Canvas, xs: list[float], ys: list[float], grid: tuple[float, float, float, float],
              *, length: float = 4 * mm, gap: float = 1 * mm) -> None:
    """Short lines outside the grid (left, bottom, right, top) at each cut position."""
    left, bottom, right, top = grid
    canvas.saveState()
    canvas.setLineWidth(0.3)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x in xs:
        canvas.line(x, top + gap, x, top + gap + length)
        canvas.line(x, bottom - gap, x, bottom - gap - length)
    for y in ys:
        canvas.line(left - gap, y, left - gap - length, y)
        canvas.line(right + gap, y, right + gap + length, y)
    canvas.restoreState()


@dataclass(frozen=True)
class Sheet:
    """A grid of equal items on a page: columns × rows, with the origin of each cell."""
    page: tuple[float, float]
    item: tuple[float, float]
    columns: int
    rows: int
    gap: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        w, h = self.item
        total_w = self.columns * w + (self.columns - 1) * self.gap
        total_h = self.rows * h + (self.rows - 1) * self.gap
        return (self.page[0] - total_w) / 2, (self.page[1] - total_h) / 2

    def cell(self, index: int, *, mirrored: bool = False) -> tuple[float, float]:
        """Lower-left corner of cell `index` (row by row from the top); mirrored swaps the
        columns, for the back side of a duplex sheet (long-edge binding)."""
        col, row = index % self.columns, index // self.columns
        if mirrored:
            col = self.columns - 1 - col
        x0, y0 = self.origin
        w, h = self.item
        return (x0 + col * (w + self.gap),
                y0 + (self.rows - 1 - row) * (h + self.gap))

    def marks(self, canvas: Canvas) -> None:
        x0, y0 = self.origin
        w, h = self.item
        xs, ys = [], []
        for col in range(self.columns):
            left = x0 + col * (w + self.gap)
            xs += [left, left + w]
        for row in range(self.rows):
            bottom = y0 + row * (h + self.gap)
            ys += [bottom, bottom + h]
        right = x0 + self.columns * w + (self.columns - 1) * self.gap
        top = y0 + self.rows * h + (self.rows - 1) * self.gap
        # outside the grid while the margin leaves room, never closer than MARK_EDGE to the
        # sheet's edge; else short crosses on the cut lines themselves (cut away with them)
        length = min(4 * mm, min(x0, y0) - 1 * mm - MARK_EDGE)
        if length >= 1.5 * mm:
            cut_marks(canvas, sorted(set(xs)), sorted(set(ys)), (x0, y0, right, top),
                      length=length)
        else:
            inner_marks(canvas, sorted(set(xs)), sorted(set(ys)), (x0, y0, right, top))


def inner_marks(canvas: Canvas, xs: list[float], ys: list[float],
                grid: tuple[float, float, float, float], *, arm: float = 2.5 * mm) -> None:
    """A small cross at every crossing of the cut lines, its arms along the lines and never
    outside the grid (whose edge is at least MARK_EDGE inside the sheet)."""
    left, bottom, right, top = grid
    canvas.saveState()
    canvas.setLineWidth(0.3)
    canvas.setStrokeColorRGB(0, 0, 0)
    for x in xs:
        for y in ys:
            canvas.line(max(left, x - arm), y, min(right, x + arm), y)
            canvas.line(x, max(bottom, y - arm), x, min(top, y + arm))
    canvas.restoreState()


def fit_sheet(item: tuple[float, float], *, page=A4, margin: float = 10 * mm,
              gap: float = 0.0, max_items: int | None = None) -> Sheet:
    """As many items as fit the page inside the margin (cut marks go in the margin)."""
    w, h = item
    columns = max(1, int((page[0] - 2 * margin + gap + 0.01) // (w + gap)))
    rows = max(1, int((page[1] - 2 * margin + gap + 0.01) // (h + gap)))
    if max_items is not None:
        while columns * rows > max_items and rows > 1:
            rows -= 1
    return Sheet(page, item, columns, rows, gap)

"""A4 documents (termo, roster, notice, receipt): platypus flowables under a page header
with the município's brasão and name, and a footer with the page number and the copy."""
from __future__ import annotations

import datetime as dt
import io
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from . import common, fonts
from .common import ACCENT, Municipio


def styles() -> dict[str, ParagraphStyle]:
    regular, bold = fonts.register()
    registerFontFamily(regular, normal=regular, bold=bold, italic=regular, boldItalic=bold)
    base = ParagraphStyle("base", fontName=regular, fontSize=10, leading=13)
    return {
        "body": ParagraphStyle("body", parent=base, alignment=TA_JUSTIFY),
        "small": ParagraphStyle("small", parent=base, fontSize=8, leading=10),
        "cell": ParagraphStyle("cell", parent=base, fontSize=9, leading=11),
        "label": ParagraphStyle("label", parent=base, fontSize=8, leading=10,
                                textColor=colors.Color(*common.MUTED)),
        "title": ParagraphStyle("title", parent=base, fontName=bold, fontSize=15, leading=19,
                                alignment=TA_CENTER, textColor=colors.Color(*ACCENT),
                                spaceAfter=4 * mm),
        "section": ParagraphStyle("section", parent=base, fontName=bold, fontSize=10.5,
                                  leading=13, textColor=colors.Color(*ACCENT),
                                  spaceBefore=3 * mm, spaceAfter=1.5 * mm),
        "center": ParagraphStyle("center", parent=base, alignment=TA_CENTER),
    }


def p(text, style) -> Paragraph:
    """A paragraph of plain text (escaped; long words may break)."""
    return Paragraph(escape(common.text_or_dash(text)), style)


def fields_table(rows: list[tuple[str, str]], width: float) -> Table:
    """Label | value rows; long values wrap inside their cell."""
    st = styles()
    data = [[p(label, st["label"]), p(value, st["cell"])] for label, value in rows]
    table = Table(data, colWidths=[width * 0.3, width * 0.7])
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.8)),
        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.2),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


def signature_block(names: list[tuple[str, str]], width: float) -> Table:
    """Signature lines side by side, a gap between them: (name, role) each; an empty name
    leaves the line to be filled in by hand."""
    st = styles()
    role_style = ParagraphStyle("role", parent=st["small"], alignment=TA_CENTER)
    gap = 12 * mm
    col = (width - gap * (len(names) - 1)) / len(names)
    widths, lines, name_row, role_row = [], [], [], []
    for i, (name, role) in enumerate(names):
        if i:
            widths.append(gap)
            for row in (lines, name_row, role_row):
                row.append("")
        widths.append(col)
        lines.append("")
        name_row.append(Paragraph(escape(name or ""), st["center"]))
        role_row.append(Paragraph(escape(role), role_style))
    table = Table([lines, name_row, role_row], colWidths=widths,
                  rowHeights=[16 * mm, None, None])
    style = [("VALIGN", (0, 0), (-1, -1), "TOP")]
    for i in range(0, len(widths), 2):
        style.append(("LINEBELOW", (i, 0), (i, 0), 0.6, colors.black))
    table.setStyle(TableStyle(style))
    return table


def listing(rows: list[list], widths: list[float]) -> Table:
    """A list table: the first row is the header (accent background, repeated on every
    page), thin grid, striped rows."""
    table = Table(rows, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), colors.Color(*ACCENT)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("GRID", (0, 0), (-1, -1), 0.3, colors.Color(0.7, 0.7, 0.7)),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.Color(0.95, 0.96, 0.98)]),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]))
    return table


@dataclass(frozen=True)
class PageFrame:
    """Page size, margins and the header/footer measures (mm) of a document family."""
    pagesize: tuple[float, float]
    side: float
    top: float
    bottom: float
    logo: float
    header_top: float
    title_size: float
    subtitle_size: float
    footer_y: float
    footer_size: float


A4_FRAME = PageFrame(common.A4, side=18, top=32, bottom=18, logo=18, header_top=10,
                     title_size=12, subtitle_size=8.5, footer_y=10, footer_size=7.5)


def build(story: list, *, municipio: Municipio, title: str, footer: str,
          frame: PageFrame = A4_FRAME) -> bytes:
    """The PDF of a story with the município header and a footer on every page."""
    regular, bold = fonts.register()
    buffer = io.BytesIO()
    side = frame.side * mm
    doc = SimpleDocTemplate(buffer, pagesize=frame.pagesize, leftMargin=side, rightMargin=side,
                            topMargin=frame.top * mm, bottomMargin=frame.bottom * mm,
                            title=title, author=municipio.title, creator="Mototáxi Desk",
                            # each page's preamble names the embedded font, not ReportLab's
                            # Helvetica (never embedded: PDF/A, printing/pades.py)
                            initialFontName=regular)

    def page(canvas, document):
        canvas.saveState()
        w, _h = frame.pagesize
        logo = frame.logo * mm
        top = frame.pagesize[1] - frame.header_top * mm
        common.draw_image_fit(canvas, common.image(municipio.brasao, common.BRASAO_PLACEHOLDER),
                              side, top - logo, logo, logo)
        tx = side + logo + logo * 0.22
        tw = w - side - tx
        fonts.draw_fitted(canvas, municipio.title.upper(), tx, top - logo * 0.39, tw, font=bold,
                          size=frame.title_size, minimum=5)
        canvas.setFillColorRGB(*common.MUTED)
        fonts.draw_fitted(canvas, f"Estado: {municipio.uf} · Código IBGE {municipio.ibge} · "
                                  "Serviço municipal de mototáxi", tx, top - logo * 0.72, tw,
                          size=frame.subtitle_size, minimum=5)
        canvas.setStrokeColorRGB(*ACCENT)
        canvas.setLineWidth(1)
        canvas.line(side, top - logo - 2 * mm, w - side, top - logo - 2 * mm)
        canvas.setFillColorRGB(*common.MUTED)
        fonts.draw_fitted(canvas, footer, side, frame.footer_y * mm,
                          w - 2 * side - 2.5 * frame.footer_y * mm, size=frame.footer_size,
                          minimum=5)
        canvas.setFont(regular, frame.footer_size)
        canvas.drawRightString(w - side, frame.footer_y * mm, f"Página {document.page}")
        canvas.restoreState()

    doc.build(story, onFirstPage=page, onLaterPages=page)
    return buffer.getvalue()


def footer_text(copy: int, printed_at: dt.datetime, login: str) -> str:
    return (f"{copy}ª via · emitido em {printed_at.strftime('%d/%m/%Y %H:%M')} por {login} · "
            "Mototáxi Desk")


def spacer(height_mm: float) -> Spacer:
    return Spacer(1, height_mm * mm)


CONTENT_WIDTH = common.A4[0] - 2 * A4_FRAME.side * mm

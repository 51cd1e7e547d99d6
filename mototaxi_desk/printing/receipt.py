"""Protocol receipt of an application (comprovante de protocolo, A5): the município header,
the protocol number, type, applicant (name and masked CPF), when it was filed, the document
checklist (received ✓ / pending) and the attendant who filed it. Pure: data in, PDF out."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A5
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Table, TableStyle

from . import a4, fonts
from .common import Municipio, text_or_dash

A5_FRAME = a4.PageFrame(A5, side=12, top=27, bottom=14, logo=14, header_top=8, title_size=10,
                        subtitle_size=7.5, footer_y=7, footer_size=7)
CONTENT_WIDTH = A5[0] - 2 * A5_FRAME.side * mm


@dataclass(frozen=True)
class ReceiptItem:
    text: str
    mandatory: bool
    received: bool


@dataclass(frozen=True)
class ReceiptData:
    municipio: Municipio
    protocol: str          # "2026/000012"
    type_label: str        # "Nova permissão"
    status_label: str
    applicant: str
    cpf_masked: str        # "***.456.789-**"
    filed_at: dt.datetime
    attendant: str         # login of who filed it
    copy: int
    printed_at: dt.datetime
    login: str             # who printed
    permit: str = ""       # order number of the permit it concerns, if any
    items: list[ReceiptItem] = field(default_factory=list)


def render(data: ReceiptData) -> bytes:
    regular, bold = fonts.register()
    st = a4.styles()
    cell = ParagraphStyle("rcell", parent=st["cell"], fontSize=8, leading=9.6)
    received = sum(1 for i in data.items if i.received)
    story = [
        a4.p(f"COMPROVANTE DE PROTOCOLO Nº {data.protocol}",
             ParagraphStyle("rtitle", parent=st["title"], fontSize=12.5, leading=15,
                            spaceAfter=2.5 * mm)),
        _fields([("Protocolo", data.protocol), ("Requerimento", data.type_label),
                 ("Situação", data.status_label),
                 ("Requerente", data.applicant), ("CPF", data.cpf_masked)]
                + ([("Permissão", data.permit)] if data.permit else [])
                + [("Protocolado em", data.filed_at.strftime("%d/%m/%Y às %H:%M")),
                   ("Atendente", data.attendant)]),
        a4.p(f"Documentos ({received} de {len(data.items)} recebidos)", st["section"]),
    ]
    if data.items:
        rows = []
        for item in data.items:
            mark = "✓ recebido" if item.received else "pendente"
            text = item.text + ("" if item.mandatory else " (facultativo)")
            rows.append([Paragraph(escape(mark), ParagraphStyle(
                "mark", parent=cell, fontName=bold if item.received else regular,
                textColor=colors.Color(0.05, 0.45, 0.15) if item.received
                else colors.Color(0.6, 0.3, 0.0))), Paragraph(escape(text), cell)])
        table = Table(rows, colWidths=[20 * mm, CONTENT_WIDTH - 20 * mm])
        table.setStyle(TableStyle([
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.8)),
            ("TOPPADDING", (0, 0), (-1, -1), 1.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
            ("LEFTPADDING", (0, 0), (-1, -1), 2)]))
        story.append(table)
    else:
        story.append(a4.p("Este requerimento não exige documentos.", cell))
    story += [a4.spacer(3), Paragraph(
        "Guarde este comprovante: o número do protocolo identifica o requerimento em qualquer "
        "atendimento. Os documentos pendentes devem ser entregues para que o pedido seja "
        "decidido.", st["small"])]
    return _build(story, data)


def _fields(rows: list[tuple[str, str]]) -> Table:
    st = a4.styles()
    table = Table([[a4.p(label, st["label"]), a4.p(text_or_dash(value), st["cell"])]
                   for label, value in rows], colWidths=[CONTENT_WIDTH * 0.28,
                                                        CONTENT_WIDTH * 0.72])
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.8)),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 2)]))
    return table


def _build(story: list, data: ReceiptData) -> bytes:
    return a4.build(story, municipio=data.municipio,
                    title=f"Comprovante de protocolo nº {data.protocol}",
                    footer=a4.footer_text(data.copy, data.printed_at, data.login), frame=A5_FRAME)

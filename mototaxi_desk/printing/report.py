"""A report of the Relatórios page on A4 (landscape when it has many columns): the
município's header, the title and period, the table with its header repeated on every page,
and the summary lines. Cells arrive as text, already formatted (dd/mm/aaaa, R$ 1.234,56)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import mm

from . import a4
from .common import Municipio

LANDSCAPE_FROM = 7  # columns; fewer fit upright
LANDSCAPE_FRAME = replace(a4.A4_FRAME, pagesize=landscape(a4.A4_FRAME.pagesize))


@dataclass(frozen=True)
class ReportTable:
    title: str
    period: str
    headers: list[str]
    numeric: list[bool]         # right-aligned columns (money, counts)
    cells: list[list[str]]
    summary: list[str]
    trail: str = ""  # the audit chain's head when printed (services/trust/checkpoints.py)


def render(data: ReportTable, *, municipio: Municipio, printed_at: dt.datetime,
           login: str) -> bytes:
    frame = LANDSCAPE_FRAME if len(data.headers) >= LANDSCAPE_FROM else a4.A4_FRAME
    width = frame.pagesize[0] - 2 * frame.side * mm
    st = a4.styles()
    cell = a4.ParagraphStyle("report", parent=st["cell"], fontSize=8.5, leading=10.5)
    right = a4.ParagraphStyle("report_right", parent=cell, alignment=TA_RIGHT)
    head = a4.ParagraphStyle("report_head", parent=cell, textColor=colors.white)
    story = [a4.p(data.title.upper(), st["title"]), a4.p(f"Período: {data.period}", st["center"]),
             a4.spacer(3)]
    for line in data.summary:
        story.append(a4.p(line, st["body"]))
    story.append(a4.spacer(3))
    if not data.cells:
        story.append(a4.p("Nenhum registro neste relatório.", st["body"]))
    else:
        rows = [[a4.p(h, head) for h in data.headers]]
        rows += [[a4.p(text, right if numeric else cell)
                  for text, numeric in zip(line, data.numeric)] for line in data.cells]
        table = a4.listing(rows, _widths(data, width))
        story.append(table)
    if data.trail:  # on paper, where no station can rewrite it
        story += [a4.spacer(3), a4.p(data.trail, st["small"])]
    footer = (f"Relatório emitido em {printed_at.strftime('%d/%m/%Y %H:%M')} por {login} · "
              "Mototáxi Desk")
    return a4.build(story, municipio=municipio, title=data.title, footer=footer, frame=frame)


def _widths(data: ReportTable, width: float) -> list[float]:
    """Columns share the width by their longest text (capped), so names get room."""
    longest = [max([len(h)] + [len(line[i]) for line in data.cells[:300]])
               for i, h in enumerate(data.headers)]
    weights = [min(max(n, 4), 40) for n in longest]
    return [width * w / sum(weights) for w in weights]

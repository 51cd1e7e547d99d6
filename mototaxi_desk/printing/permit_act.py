"""An act on a permit, on A4, for the parties and the authority to sign: the termo de
transferência (SRM Art. 4 §9º, L1745 Art. 8 §1º), the authorisation of an interruption and
its extension (PF Art. 11, SRM Art. 29), the return to service, the termo de desistência
(SRM Art. 12 §2º "comunicada formalmente", PF Art. 12), the notification of a sanction with
its ground and the appeal term (SRM Art. 49, L1745 Art. 19, PF Art. 38) and the
reinstatement. services/act_documents.py gathers the words; this module only lays them out:
title, opening paragraph, sections of fields, clauses, place and date, signature lines."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import KeepTogether

from . import a4
from .common import Municipio, long_date


@dataclass(frozen=True)
class ActData:
    municipio: Municipio
    title: str
    opening: str                                        # plain text; **bold** spans allowed
    sections: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    clauses: tuple[str, ...]
    dated: dt.date
    signatures: tuple[tuple[str, str], ...]             # (name, role); "" = by hand
    copy: int
    printed_at: dt.datetime
    login: str


def _rich(text: str) -> str:
    """Escape, then turn **x** into bold (the service marks the parties' names)."""
    parts = escape(text).split("**")
    return "".join(f"<b>{part}</b>" if i % 2 else part for i, part in enumerate(parts))


def render(data: ActData) -> bytes:
    st = a4.styles()
    width = a4.CONTENT_WIDTH
    m = data.municipio
    story = [a4.p(data.title, st["title"]), a4.Paragraph(_rich(data.opening), st["body"])]
    for heading, rows in data.sections:
        story += [a4.p(heading, st["section"]), a4.fields_table(list(rows), width)]
    if data.clauses:
        story.append(a4.spacer(2))
        for n, clause in enumerate(data.clauses, 1):
            story += [a4.Paragraph(f"{n}. {_rich(clause)}", st["body"]), a4.spacer(1.2)]
    # place, date and signatures never part: they move to the next page together
    story += [a4.spacer(2), KeepTogether([
        a4.p(f"{m.name}/{m.uf}, {long_date(data.dated)}.", st["center"]), a4.spacer(3),
        a4.signature_block(list(data.signatures), width)])]
    return a4.build(story, municipio=m, title=data.title.capitalize(),
                    footer=a4.footer_text(data.copy, data.printed_at, data.login))

"""The recadastramento call letter (A4, one page per holder): who is called, by which
campaign and act, in which month, what to bring, and what missing it means under the
profile (issue 21 item 2)."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.platypus import PageBreak

from . import a4
from .common import Municipio, long_date


@dataclass(frozen=True)
class Letter:
    holder: str
    order_text: str
    plate: str
    month_label: str      # "março de 2026"
    deadline: dt.date


@dataclass(frozen=True)
class LettersData:
    municipio: Municipio
    campaign: str
    year: int
    act_number: str
    schedule_lines: tuple[str, ...]
    missed_text: str      # what a miss means, with its article when there is one
    letters: tuple[Letter, ...]
    issued_on: dt.date
    printed_at: dt.datetime
    login: str


def render(data: LettersData) -> bytes:
    st = a4.styles()
    width = a4.CONTENT_WIDTH
    m = data.municipio
    act = f", nos termos do {escape(data.act_number)}," if data.act_number else ","
    story: list = []
    for i, letter in enumerate(data.letters):
        if i:
            story.append(PageBreak())
        story += [
            a4.p("CARTA DE CONVOCAÇÃO — RECADASTRAMENTO", st["title"]),
            a4.p(f"{m.name}/{m.uf}, {long_date(data.issued_on)}.", st["body"]),
            a4.spacer(3),
            a4.Paragraph(f"Prezado(a) <b>{escape(letter.holder)}</b>,", st["body"]),
            a4.spacer(2),
            a4.Paragraph(
                f"A Prefeitura Municipal de {escape(m.name)}{act} convoca Vossa Senhoria a "
                f"comparecer ao setor de mototáxi durante o mês de "
                f"<b>{escape(letter.month_label)}</b> (até {letter.deadline:%d/%m/%Y}) para o "
                f"<b>{escape(data.campaign)}</b>, com os documentos pessoais, a CNH, o "
                "comprovante de endereço atualizado e os documentos do veículo, para "
                "conferência e atualização dos seus dados cadastrais.", st["body"]),
            a4.spacer(2),
            a4.fields_table([("Permissão nº", letter.order_text),
                             ("Placa do veículo", letter.plate),
                             ("Mês de comparecimento", letter.month_label),
                             ("Consequência da falta", data.missed_text)], width),
            a4.p("Calendário da campanha", st["section"]),
            *[a4.p(line, st["cell"]) for line in data.schedule_lines],
            a4.spacer(10),
            a4.signature_block([("", "Setor de mototáxi")], width / 2),
        ]
    return a4.build(story, municipio=m, title=f"{data.campaign} — cartas de convocação",
                    footer=a4.footer_text(1, data.printed_at, data.login))

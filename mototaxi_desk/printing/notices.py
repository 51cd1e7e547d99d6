"""Auto de infração / notification (A4) with every field of SRM Art. 35 (holder, permit, plate,
infractor and registration, article violated, place, date and time, description, agent and
matrícula, infractor's signature — its absence does not void the notice, SRM Art. 34 §4),
the fine, the defence deadline and where to file it; and the impound release receipt with
each amount."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.platypus import Table, TableStyle

from . import a4
from .common import ACCENT, Municipio, date_text, long_date, text_or_dash


@dataclass(frozen=True)
class NoticeData:
    municipio: Municipio
    number: str                  # "00012/2026"
    voided: bool
    void_text: str
    holder: str
    order_text: str              # "" without permit
    plate: str
    infractor: str
    infractor_role: str          # "Permissionário", "Condutor auxiliar", ...
    infractor_registration: str  # CPF, credential...
    article: str
    infraction: str
    class_label: str
    measure: str
    place: str
    occurred_at: dt.datetime
    description: str
    agent: str
    agent_registration: str
    infractor_signed: bool
    fine: str                    # "R$ 144,78 (3 UFM)" or "sem multa"
    points: str                  # "" when the profile has none
    warning: str                 # "" or the written-warning text
    notified_on: dt.date | None
    notification: str            # channel text
    defence_deadline: dt.date | None
    defence_article: str
    appeal: str                  # "10 dias após a decisão da defesa (Art. 49)" or ""
    where_to_file: str
    copy: int
    printed_at: dt.datetime
    login: str


@dataclass(frozen=True)
class ReleaseLine:
    label: str
    receipt: str
    amount: str


@dataclass(frozen=True)
class ReleaseData:
    municipio: Municipio
    impound_number: str
    notice_number: str
    person: str
    order_text: str
    plate: str
    reason: str                  # of the impound
    place: str
    deposited_at: dt.datetime
    boletim: str
    released_at: dt.datetime
    release_reason: str
    storage_days: int
    article: str
    total: str
    copy: int
    printed_at: dt.datetime
    login: str
    lines: list[ReleaseLine] = field(default_factory=list)


def _when(value: dt.datetime | None) -> str:
    return value.strftime("%d/%m/%Y às %H:%M") if value else "—"


def render_notice(data: NoticeData) -> bytes:
    st = a4.styles()
    width = a4.CONTENT_WIDTH
    m = data.municipio
    story = [a4.p(f"AUTO DE INFRAÇÃO Nº {data.number}", st["title"])]
    if data.voided:
        story += [a4.p(f"AUTO ANULADO — {data.void_text}",
                       a4.ParagraphStyle("void", parent=st["section"],
                                         textColor=colors.Color(0.7, 0.1, 0.1))), a4.spacer(2)]
    story += [
        a4.p("Identificação", st["section"]),
        a4.fields_table([
            ("Permissionário", data.holder),
            ("Permissão nº", text_or_dash(data.order_text)),
            ("Placa do veículo", data.plate),
            ("Infrator", f"{data.infractor} ({data.infractor_role})"),
            ("Registro do infrator", data.infractor_registration),
        ], width),
        a4.p("Infração", st["section"]),
        a4.fields_table([
            ("Dispositivo infringido", data.article),
            ("Descrição legal", data.infraction),
            ("Natureza", data.class_label),
            ("Medida administrativa", text_or_dash(data.measure)),
            ("Local", data.place),
            ("Data e hora", _when(data.occurred_at)),
            ("Relato do agente", text_or_dash(data.description)),
        ], width),
        a4.p("Penalidade", st["section"]),
        a4.fields_table([row for row in (
            ("Multa", data.fine),
            ("Pontos", data.points) if data.points else None,
            ("Advertência", data.warning) if data.warning else None,
        ) if row], width),
        a4.p("Notificação e defesa", st["section"]),
        a4.fields_table([row for row in (
            ("Notificado em", f"{date_text(data.notified_on)} ({data.notification})"
             if data.notified_on else "aguardando notificação"),
            ("Prazo para defesa", (f"até {date_text(data.defence_deadline)} "
                                   f"({data.defence_article})") if data.defence_deadline
             else f"contado da notificação ({data.defence_article})"),
            ("Onde apresentar", data.where_to_file),
            ("Recurso", data.appeal) if data.appeal else None,
        ) if row], width),
        a4.p("Agente e assinaturas", st["section"]),
        a4.fields_table([
            ("Agente autuador", data.agent), ("Matrícula", data.agent_registration),
            ("Assinatura do infrator", "colhida" if data.infractor_signed else
             "não colhida — a ausência não invalida o auto"),
        ], width),
        a4.spacer(4),
        a4.p(f"{m.name}/{m.uf}, {long_date(data.occurred_at.date())}.", st["center"]),
        a4.spacer(2),
        a4.signature_block([(data.agent, f"Agente autuador — matrícula {data.agent_registration}"),
                            (data.infractor, "Infrator (ciente)")], width),
    ]
    return a4.build(story, municipio=m, title=f"Auto de infração nº {data.number}",
                    footer=a4.footer_text(data.copy, data.printed_at, data.login))


def render_release(data: ReleaseData) -> bytes:
    st = a4.styles()
    width = a4.CONTENT_WIDTH
    m = data.municipio
    story = [
        a4.p(f"RECIBO DE LIBERAÇÃO DE VEÍCULO — APREENSÃO Nº {data.impound_number}",
             st["title"]),
        a4.fields_table([
            ("Veículo (placa)", data.plate), ("Responsável", data.person),
            ("Permissão nº", text_or_dash(data.order_text)),
            ("Auto de infração", text_or_dash(data.notice_number)),
            ("Motivo da apreensão", data.reason), ("Local de depósito", data.place),
            ("Depósito", _when(data.deposited_at)), ("Boletim", text_or_dash(data.boletim)),
            ("Liberação", _when(data.released_at)), ("Motivo da liberação", data.release_reason),
            ("Diárias de estadia", str(data.storage_days)),
            ("Fundamento", text_or_dash(data.article)),
        ], width),
        a4.p("Valores pagos", st["section"]),
    ]
    cell = st["cell"]
    rows = [[a4.p("Descrição", cell), a4.p("Recibo / DAM", cell), a4.p("Valor", cell)]]
    rows += [[a4.p(line.label, cell), a4.p(line.receipt, cell),
              a4.Paragraph(line.amount, a4.ParagraphStyle("amount", parent=cell,
                                                          alignment=2))]
             for line in data.lines]
    rows.append([a4.p("Total", cell), "", a4.Paragraph(f"<b>{data.total}</b>", a4.ParagraphStyle(
        "total", parent=cell, alignment=2))])
    table = Table(rows, colWidths=[width * 0.58, width * 0.22, width * 0.20], repeatRows=1)
    table.setStyle(TableStyle([
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.Color(*ACCENT)),
        ("LINEABOVE", (0, -1), (-1, -1), 0.8, colors.Color(*ACCENT)),
        ("LINEBELOW", (0, 1), (-1, -2), 0.25, colors.Color(0.8, 0.8, 0.8)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
    ]))
    if not data.lines:
        story.append(a4.p("Nenhum valor cobrado nesta liberação.", st["body"]))
    story += [table, a4.spacer(6),
              a4.p(f"{m.name}/{m.uf}, {long_date(data.released_at.date())}.", st["center"]),
              a4.spacer(2),
              a4.signature_block([("", "Servidor responsável"),
                                  (data.person, "Recebi o veículo")], width)]
    return a4.build(story, municipio=m, title=f"Recibo de liberação {data.impound_number}",
                    footer=a4.footer_text(data.copy, data.printed_at, data.login))

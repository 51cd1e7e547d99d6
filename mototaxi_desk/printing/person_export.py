"""The PDF of a data-subject export (LGPD Art. 18 II): every section of services/administration/privacy.py
as label | value tables under the município header; the JSON file beside it is the complete,
machine-readable copy (audit details, photo)."""
from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Table, TableStyle

from ..domain import field_words, wallclock
from ..domain.validators import format_cpf
from . import a4
from .common import Municipio

SECTIONS = [  # export key -> title
    ("cnh", "Carteira Nacional de Habilitação"),
    ("permits", "Permissões"),
    ("vehicles", "Veículos"),
    ("inspections", "Vistorias"),
    ("applications", "Requerimentos"),
    ("waiting_list", "Lista de espera"),
    ("auxiliary_credentials", "Credenciamentos como condutor auxiliar"),
    ("fees", "Taxas"),
    ("notices", "Autos de infração"),
    ("proceedings", "Defesas e recursos"),
    ("penalty_charges", "Multas e cobranças"),
    ("sanctions", "Sanções"),
    ("impounds", "Apreensões"),
    ("bars", "Impedimentos"),
    ("recadastramento", "Comparecimentos ao recadastramento"),
    ("print_log", "Documentos impressos"),
]
NESTED = {"history": "Histórico", "checklist": "Documentos conferidos",
          "status_changes": "Andamento"}
_SKIP = {"photo_base64", "name_folded", "password_hash", "cpf_text", "blood"}  # derived


def _fields(row: dict) -> list[tuple[str, str]]:
    """The row's own fields (not its nested lists) as (label, value) in words."""
    return [(field_words.label(k), field_words.value_text(k, v)) for k, v in row.items()
            if k not in _SKIP and not isinstance(v, (list, dict))]


def _row_table(row: dict, width: float) -> list:
    parts = [a4.fields_table(_fields(row), width)]
    st = a4.styles()
    for key, title in NESTED.items():
        items = row.get(key)
        if isinstance(items, list) and items:
            parts.append(a4.p(f"{title} ({len(items)})", st["label"]))
            for item in items:
                parts.append(a4.spacer(1))
                parts.append(a4.fields_table(_fields(item), width * 0.96))
    parts.append(a4.spacer(2))
    return parts


def _audit_table(entries: list[dict], width: float) -> Table:
    st = a4.styles()
    head = [Paragraph(f"<b>{t}</b>", st["cell"]) for t in ("Data e hora", "Usuário", "Ato",
                                                              "Registro")]
    data = [head] + [[a4.p(field_words.value_text("at", e["at"]), st["cell"]),
                      a4.p(e["login"], st["cell"]),
                      a4.p(e["action"], st["cell"]),
                      a4.p(f"{e['entity']}, registro nº {e['entity_id']}", st["cell"])]
                     for e in entries]
    table = Table(data, colWidths=[width * 0.22, width * 0.13, width * 0.35, width * 0.30],
                  repeatRows=1)
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.Color(0.8, 0.8, 0.8)),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


def render(export: dict, municipio: Municipio) -> bytes:
    """The PDF of `export` as services/administration/privacy.in_words gives it (its codes
    in words)."""
    st = a4.styles()
    width = a4.CONTENT_WIDTH
    person = export["person"]
    exported_at = wallclock.local(export["exported_at"])  # the JSON keeps UTC
    story = [
        a4.p("DADOS PESSOAIS MANTIDOS PELO MUNICÍPIO", st["title"]),
        Paragraph(
            f"Relação de todos os dados de <b>{escape(person['name'])}</b>, CPF "
            f"{escape(format_cpf(person['cpf']))}, mantidos pelo serviço municipal de mototáxi "
            f"de {escape(municipio.name)}/{escape(municipio.uf)}, fornecida a pedido do titular "
            "(Lei 13.709/2018 — LGPD, Art. 18, II). O arquivo JSON que acompanha este documento "
            "contém os mesmos dados, com os detalhes de cada registro de auditoria e a foto.",
            st["body"]),
        a4.spacer(2),
        a4.p("Cadastro", st["section"]),
        *_row_table({**person, "has_photo": person.get("has_photo")}, width),
    ]
    for key, title in SECTIONS:
        rows = export.get(key) or []
        story.append(a4.p(f"{title} ({len(rows)})", st["section"]))
        if not rows:
            story.append(a4.p("Nenhum registro.", st["small"]))
        for row in rows:
            story.extend(_row_table(row, width))
    audit = export.get("audit") or []
    story.append(a4.p(f"Registros de auditoria ({len(audit)}): quem fez o quê e quando, "
                      "inclusive consultas ao prontuário", st["section"]))
    story.append(_audit_table(audit, width) if audit else a4.p("Nenhum registro.", st["small"]))
    footer = (f"Exportação LGPD · emitida em {exported_at.strftime('%d/%m/%Y %H:%M')} por "
              f"{export['exported_by']} · Mototáxi Desk")
    return a4.build(story, municipio=municipio, title=f"Dados pessoais — {person['name']}",
                    footer=footer)

"""The PDF of a data-subject export (LGPD Art. 18 II): every section of services/administration/privacy.py
as label | value tables under the município header; the JSON file beside it is the complete,
machine-readable copy (audit details, photo)."""
from __future__ import annotations

import datetime as dt
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.platypus import Paragraph, Table, TableStyle

from ..domain import wallclock
from ..domain.money import format_money
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
LABELS = {
    "id": "Registro nº", "cpf": "CPF", "name": "Nome", "rg": "RG", "rg_issuer": "Órgão emissor",
    "birth_date": "Nascimento", "nationality": "Nacionalidade", "profession": "Profissão",
    "blood_type": "Tipo sanguíneo", "rh_factor": "Fator Rh", "street": "Logradouro",
    "number": "Número", "complement": "Complemento", "district": "Bairro", "city": "Cidade",
    "uf": "UF", "cep": "CEP", "phone": "Telefone", "email": "E-mail",
    "created_at": "Cadastrado em", "updated_at": "Atualizado em", "category": "Categoria",
    "first_licence_date": "Primeira habilitação", "expiry_date": "Validade",
    "ear": "Observação EAR", "order_number": "Nº de ordem", "status": "Situação",
    "issued_on": "Expedição", "valid_until": "Válido até", "plate_original": "Placa",
    "renavam": "RENAVAM", "chassis": "Chassi", "make": "Marca", "model": "Modelo",
    "manufacture_year": "Ano de fabricação", "model_year": "Ano do modelo", "colour": "Cor",
    "inspected_on": "Data da vistoria", "approved": "Aprovada", "sticker_serial": "Selo",
    "protocol": "Protocolo", "app_type": "Tipo", "filed_at": "Protocolado em",
    "enrolled_at": "Inscrição", "amount_cents": "Valor", "paid_on": "Pago em",
    "receipt": "Recibo", "label": "Descrição", "number_text": "Número",
    "reason": "Motivo", "action": "Ato", "document": "Documento", "entity_key": "Chave",
    "copy": "Via", "login": "Usuário", "at": "Data e hora", "effective_on": "Vigência",
    "text": "Texto", "received": "Recebido", "to_status": "Para", "from_status": "De",
    "address_proof_date": "Comprovante de endereço", "has_photo": "Foto cadastrada",
    "person": "Pessoa nº", "holder": "Titular nº", "permit": "Permissão nº",
    "vehicle": "Veículo nº", "stand": "Ponto nº", "application": "Requerimento nº",
    "user": "Usuário nº", "key_id": "Chave de assinatura", "layout": "Formato",
    "code": "Código", "article": "Artigo", "units": "Unidades fiscais",
    "unit_value_cents": "Valor da unidade", "cancel_reason": "Motivo do cancelamento",
    "kind": "Espécie", "inspector": "Vistoriador nº", "notes": "Observações",
    "checklist": "Itens verificados", "act_number": "Nº do ato", "details": "Detalhes",
    "status_until": "Situação até", "fleet_owner": "Frotista", "cc": "Cilindrada (cc)",
    "insurance_expiry": "Seguro válido até", "insurance_cover_cents": "Cobertura do seguro",
    "mandatory": "Obrigatório", "received_on": "Recebido em", "note": "Observação",
    "credentialed_on": "Credenciado em", "active": "Ativo", "ended_on": "Encerrado em",
    "year": "Ano", "recorded_at": "Registrado em", "filed_by": "Protocolado por (nº)",
    "decided_by": "Decidido por (nº)", "stand_position": "Posição no ponto",
    "stand_since": "No ponto desde", "held_since": "Titular desde",
    "campaign": "Campanha (nº)", "came_on": "Compareceu em", "recorded_by": "Registrado por (nº)",
    "protocol_year": "Protocolo (ano)", "protocol_seq": "Protocolo (nº no ano)",
    "type": "Tipo", "decided_at": "Decidido em", "decision_reason": "Motivo da decisão",
    "state": "Estado da via",
    # the ledger's, the waiting list's and the vehicles' own fields
    "agent_name": "Agente autuador", "agent_registration": "Matrícula do agente",
    "applied_at": "Aplicada em", "applied_by": "Aplicada por (nº)", "attachments": "Anexos",
    "auxiliary": "Condutor auxiliar nº", "bar": "Impedimento nº",
    "boletim": "Boletim de ocorrência", "call_deadline": "Prazo da convocação",
    "called_at": "Convocado em", "class_code": "Natureza da infração",
    "decided_on": "Decidido em", "decision": "Decisão", "dependents": "Dependentes",
    "deposited_at": "Depositado em", "description": "Descrição",
    "end_reason": "Motivo do encerramento", "ended_at": "Encerrado em", "event": "Evento",
    "explanation": "Memória de cálculo", "filed_on": "Protocolado em",
    "fine_cents": "Valor da multa", "fine_units": "Multa (unidades)",
    "impound": "Apreensão nº", "infraction_article": "Artigo da infração",
    "infraction_code": "Código da infração", "infraction_text": "Infração",
    "infractor": "Infrator (pessoa nº)", "infractor_role": "Condição do infrator",
    "infractor_signed": "Assinado pelo infrator", "insurance_policy": "Apólice do seguro",
    "insurer": "Seguradora", "lifted": "Levantado", "lottery_number": "Número do sorteio",
    "measure": "Medida administrativa", "notice": "Auto nº",
    "notification_channel": "Notificação", "notified_on": "Notificado em",
    "occurred_at": "Data e hora da infração", "occurred_on": "Data da infração",
    "out_of_service": "Fora de circulação", "owner": "Proprietário (pessoa nº)",
    "paid_cents": "Valor pago", "permit_status_before": "Situação da permissão antes",
    "place": "Local", "plate": "Placa", "points": "Pontos", "points_doubled": "Pontos em dobro",
    "recidivism": "Reincidência", "reissue_of": "Reemissão do auto nº",
    "release_article": "Artigo da liberação", "release_reason": "Motivo da liberação",
    "released_at": "Liberado em", "released_by": "Liberado por (nº)",
    "replacement_declared_on": "Substituição declarada em", "rule_key": "Regra aplicada",
    "seniority_years": "Anos de serviço", "since": "Desde", "stage": "Fase",
    "storage_days": "Dias de estadia", "undo_reason": "Motivo do desfazimento",
    "undone_on": "Desfeita em", "until": "Até", "vehicle_condition": "Condição do veículo",
    "void_kind": "Tipo de anulação", "void_reason": "Motivo da anulação",
    "voided_by": "Anulado por (nº)", "voided_on": "Anulado em", "warning": "Advertência",
}
_SKIP = {"photo_base64", "name_folded", "password_hash", "cpf_text", "blood"}  # derived


def _value(key: str, value) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "Sim" if value else "Não"
    if isinstance(value, dt.datetime):  # kept in UTC in the JSON beside
        return wallclock.shown(key, value).strftime("%d/%m/%Y %H:%M")
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if key.endswith("_cents") and isinstance(value, int):
        return format_money(value)
    if key == "cpf" and isinstance(value, str) and len(value) == 11:
        return format_cpf(value)
    return str(value)


def _row_table(row: dict, width: float) -> list:
    flat = [(LABELS.get(k, k), _value(k, v)) for k, v in row.items()
            if k not in _SKIP and not isinstance(v, (list, dict))]
    parts = [a4.fields_table(flat, width)]
    st = a4.styles()
    for key, title in NESTED.items():
        items = row.get(key)
        if isinstance(items, list) and items:
            parts.append(a4.p(f"{title} ({len(items)})", st["label"]))
            for item in items:
                parts.append(a4.spacer(1))
                parts.append(a4.fields_table(
                    [(LABELS.get(k, k), _value(k, v)) for k, v in item.items()
                     if k not in _SKIP and not isinstance(v, (list, dict))], width * 0.96))
    parts.append(a4.spacer(2))
    return parts


def _audit_table(entries: list[dict], width: float) -> Table:
    st = a4.styles()
    head = [Paragraph(f"<b>{t}</b>", st["cell"]) for t in ("Data e hora", "Usuário", "Ato",
                                                              "Registro")]
    data = [head] + [[a4.p(_value("at", e["at"]), st["cell"]),
                      a4.p(e.get("login") or "sistema", st["cell"]),
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

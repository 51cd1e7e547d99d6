"""The records' fields in Portuguese, and a stored value as a person reads it: the LGPD
export's PDF lists a person's records field by field, and the prontuário's Histórico shows
what an entry changed (before → after) the same way ("Válido até 26/02/2027", not
"valid_until 2027-02-26"; a stored UTC time in the computer's time)."""
from __future__ import annotations

import datetime as dt
import re

from . import wallclock
from .money import format_money
from .validators import format_cpf

FIELD_LABELS = {
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
    # the details a permit's act keeps (permit_history.record(details=...))
    "authorised": "Autorizada", "auxiliary_id": "Condutor auxiliar nº",
    "card_valid_until_before": "Cartão válido até (antes)", "changes": "Alterações",
    "days": "Dias", "from_holder_id": "Titular anterior nº",
    "from_vehicle_id": "Veículo anterior nº", "holder_id": "Titular nº",
    "import": "Importação nº", "new_plate": "Placa nova", "new_position": "Nova posição",
    "new_stand_id": "Novo ponto nº", "new_stand_number": "Número do novo ponto",
    "new_vehicle_id": "Veículo novo nº", "old_plate": "Placa anterior",
    "old_position": "Posição anterior", "old_since": "No ponto anterior desde",
    "old_stand_id": "Ponto anterior nº", "old_stand_number": "Número do ponto anterior",
    "old_vehicle_id": "Veículo anterior nº", "person_id": "Pessoa nº",
    "position": "Posição no ponto", "previous_valid_until": "Válido até (antes)",
    "reverts_on": "Reverte ao município em", "stand_id": "Ponto nº",
    "stand_number": "Número do ponto", "stand_release": "Vaga liberada",
    "to_holder_id": "Novo titular nº", "to_vehicle_id": "Veículo novo nº",
    "valid_until_before": "Válido até (antes)", "vehicle_id": "Veículo nº",
}

_ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_ISO_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?")
# the fields that hold a date or a time (an audit entry's JSON keeps them as ISO text); a
# free text that looks like one ("2026-02-26 10:00" typed as a reason) stays as typed
_TIME_ENDINGS = ("_at", "_on", "_date", "_until", "_since", "_expiry", "_before", "_deadline")
_TIME_KEYS = frozenset({"at", "since", "until"})


def _as_time(key: str, text: str):
    """The date or datetime an ISO text of a date or time field stands for, else None."""
    if key not in _TIME_KEYS and not key.endswith(_TIME_ENDINGS):
        return None
    try:
        if _ISO_MOMENT.fullmatch(text):
            return dt.datetime.fromisoformat(text)
        if _ISO_DAY.fullmatch(text):
            return dt.date.fromisoformat(text)
    except ValueError:  # "2026-02-30": not a day after all
        return None
    return None


def label(key: str) -> str:
    """The field's Portuguese name (the key itself for one not named here)."""
    return FIELD_LABELS.get(key, key)


def value_text(key: str, value) -> str:
    """A stored value of field `key` as text: "—" for nothing, Sim/Não, dates dd/mm/aaaa,
    a stored time (a datetime, or the ISO text of a date or time field, as an audit entry's
    before/after keeps it) in
    the computer's time unless it is one kept as typed (wallclock.shown), money in R$, a
    CPF formatted; a nested record as "Campo: valor; …", a list item by item."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "Sim" if value else "Não"
    if isinstance(value, str):
        value = _as_time(key, value) or value
    if isinstance(value, dt.datetime):  # kept in UTC but for the fields typed as local
        return wallclock.shown(key, value).strftime("%d/%m/%Y %H:%M")
    if isinstance(value, dt.date):
        return value.strftime("%d/%m/%Y")
    if key.endswith("_cents") and isinstance(value, int):
        return format_money(value)
    if key == "cpf" and isinstance(value, str) and len(value) == 11 and value.isdigit():
        return format_cpf(value)
    if isinstance(value, dict):
        return "; ".join(f"{label(str(k))}: {value_text(str(k), v)}"
                         for k, v in value.items()) or "—"
    if isinstance(value, list):
        return ", ".join(value_text(key, item) for item in value) or "—"
    return str(value)

"""Portuguese words for the codes the records hold (a permit's status, an application's type,
a printed copy's layout...). The screens show them, and so does a document that lists the
records as they are stored (the LGPD export's PDF), which must never hand a citizen
"new_permit" or "issued". The JSON export keeps the codes."""
from __future__ import annotations

import json

from ..domain import field_words, permit_status
from ..domain.penalty_engine import SANCTION_LABELS
from .documents.common import DOCUMENTS
from .ledger.acts.base import PROCEEDING_STAGES
from .ledger.notices import CHANNEL_LABELS
from .licensing import applications, bars

INSPECTION_KINDS = {"annual": "Anual", "semiannual": "Semestral", "on_demand": "Extraordinária"}
INFRACTOR_ROLES = {"holder": "Permissionário", "auxiliary": "Condutor auxiliar",
                   "other": "Outra pessoa", "unlicensed": "Sem permissão"}
CHARGE_KINDS = {"fine": "Multa", "removal": "Remoção", "storage": "Estadia"}
CHARGE_STATUS = {"open": "Em aberto", "paid": "Paga", "voided": "Anulada"}
FEE_STATUS = {"open": "Em aberto", "paid": "Paga", "cancelled": "Cancelada"}
WAITING_STATUS = {"waiting": "Aguardando", "called": "Convocado", "granted": "Atendido",
                  "left": "Saiu", "expired": "Convocação expirada"}
STICKER_STATUS = {"issued": "Emitido", "voided": "Cancelado"}
NOTICE_STATUS = {"active": "Em vigor", "voided": "Anulado"}
VOID_KINDS = {"correction": "Correção do auto", "defence": "Defesa acolhida",
              "appeal": "Recurso acolhido"}
PROCEEDING_EVENTS = {"filed": "Protocolada", "revelia": "Revelia"}
DECISIONS = {"accepted": "Acolhida", "rejected": "Rejeitada", "": "Pendente", None: "Pendente"}
IMPOUND_STATUS = {"held": "Apreendido", "released": "Liberado"}
SANCTION_STATUS = {"applied": "Aplicada", "undone": "Desfeita"}
PRINT_STATES = {"reserved": "Reservada (impressão não confirmada)", "issued": "Emitida"}
LAYOUTS = {"single": "Avulsa (impressora de cartões ou etiquetas)", "a4": "Folha A4",
           "a5": "Folha A5"}


def _capitalized(words: dict[str, str]) -> dict[str, str]:
    return {code: word[:1].upper() + word[1:] for code, word in words.items()}


# (section of services/administration/privacy.collect, field) -> the words of its codes; a
# nested list's section is "<section>.<key>" ("permits.history")
EXPORT_FIELDS: dict[tuple[str, str], dict] = {
    ("permits", "status"): permit_status.STATUS_LABELS,
    ("permits.history", "action"): permit_status.ACTION_LABELS,
    ("permits.history", "from_status"): permit_status.STATUS_LABELS,
    ("permits.history", "to_status"): permit_status.STATUS_LABELS,
    ("inspections", "kind"): INSPECTION_KINDS,
    ("applications", "type"): applications.TYPE_LABELS,
    ("applications", "status"): applications.STATUS_LABELS,
    ("applications.status_changes", "from_status"): applications.STATUS_LABELS,
    ("applications.status_changes", "to_status"): applications.STATUS_LABELS,
    ("waiting_list", "status"): WAITING_STATUS,
    ("fees", "status"): FEE_STATUS,
    ("notices", "status"): NOTICE_STATUS,
    ("notices", "void_kind"): VOID_KINDS,
    ("notices", "infractor_role"): INFRACTOR_ROLES,
    ("notices", "notification_channel"): _capitalized(CHANNEL_LABELS),
    ("proceedings", "stage"): PROCEEDING_STAGES,
    ("proceedings", "event"): PROCEEDING_EVENTS,
    ("proceedings", "decision"): DECISIONS,
    ("penalty_charges", "kind"): CHARGE_KINDS,
    ("penalty_charges", "status"): CHARGE_STATUS,
    ("sanctions", "kind"): SANCTION_LABELS,
    ("sanctions", "status"): SANCTION_STATUS,
    ("sanctions", "permit_status_before"): permit_status.STATUS_LABELS,
    ("impounds", "status"): IMPOUND_STATUS,
    ("bars", "reason"): _capitalized(bars.REASON_LABELS),
    ("print_log", "document"): _capitalized(DOCUMENTS),
    ("print_log", "state"): PRINT_STATES,
    ("print_log", "layout"): LAYOUTS,
}


# codes whose words the record holds beside them (a fee's label, a checklist item's text):
# left out of the PDF
EXPORT_CODES_WORDED_BESIDE = frozenset({("fees", "code"), ("applications.checklist", "code")})


# fields kept as JSON text: a permit act's details ({"holder_id": 5} -> "Titular nº: 5"); a
# notice's and a sanction's computation, by the texts it carries (the fine's own words)
EXPORT_JSON_FIELDS = frozenset({("permits.history", "details"), ("notices", "explanation"),
                                ("sanctions", "explanation")})


def export_value(section: str, field: str, value):
    """The words of a coded field of the LGPD export (`value` itself when it has none: a
    code of a later release, a free text)."""
    if (section, field) in EXPORT_JSON_FIELDS and isinstance(value, str):
        try:
            parsed = json.loads(value or "{}")
        except ValueError:  # not JSON after all: as stored
            return value
        if field == "explanation" and isinstance(parsed, dict):
            return _explanation(parsed)
        return field_words.value_text(field, parsed)
    words = EXPORT_FIELDS.get((section, field))
    if words is None or not (isinstance(value, str) or value is None):
        return value
    return words.get(value, value)


def _explanation(computed: dict) -> str:
    """A notice's or a sanction's computation (services/ledger) in the words it carries:
    the fine's text ("3 UFM × R$ 48,26 = R$ 144,78 (…)"), the points and their article, the
    sanction's reason."""
    parts = list(dict.fromkeys(_texts(computed)))
    points = computed.get("points")
    if isinstance(points, dict) and points.get("points") is not None:
        article = f" ({points['article']})" if points.get("article") else ""
        parts.append(f"{points['points']} ponto(s){article}")
    return "; ".join(parts) or field_words.value_text("explanation", computed)


def _texts(value) -> list[str]:
    if isinstance(value, dict):
        found = [value["text"]] if isinstance(value.get("text"), str) and value["text"] else []
        return found + [t for k, v in value.items() if k != "text" for t in _texts(v)]
    if isinstance(value, list):
        return [t for item in value for t in _texts(item)]
    return []


# the audit trail's record names (audit_log.entity) -> their section of the export
# (services/administration/privacy.collect finds a person's audit entries by them)
ENTITY_SECTIONS = {
    "person": "person", "cnh": "cnh", "permit": "permits", "vehicle": "vehicles",
    "inspection": "inspections", "application": "applications",
    "waiting_list_entry": "waiting_list", "auxiliary_driver": "auxiliary_credentials",
    "fee": "fees", "infraction_notice": "notices", "notice_proceeding": "proceedings",
    "penalty_charge": "penalty_charges", "sanction": "sanctions", "impound": "impounds",
    "campaign_attendance": "recadastramento",
}


def change_text(entity: str, field: str, value) -> str:
    """A field's value as an audit entry's before/after keeps it, as a person reads it: its
    code in words, dates and times as the screens show them (domain/field_words)."""
    shown = export_value(ENTITY_SECTIONS.get(entity, entity), field, value)
    return field_words.value_text(field, shown)

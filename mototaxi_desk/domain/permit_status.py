"""A permit's statuses and the actions of its history, each with its Portuguese words and its
colours beside it (UX.md: always a word plus a colour — Ativa green, Suspensa/Interrompida
amber, Vencida grey, Revogada/Cassada red). The values are stored in the database
(Permit.status, PermitHistory.action): never change one. Pure Python: the colours are hex
strings the window paints (the pale one for tables and badges, the strong one for bars)."""
from __future__ import annotations

from enum import StrEnum

# pale (tables, badges) and strong (charts' bars) colours
GREEN, AMBER, GREY, RED = "#d8f0dc", "#fbeccb", "#e4e4e4", "#f6d5d5"
BAR_GREEN, BAR_AMBER, BAR_GREY, BAR_RED = "#3f8f4f", "#d08a1e", "#8a8a8a", "#b83232"


class PermitStatus(StrEnum):
    ACTIVE = "active"
    SUSPENDED = "suspended"
    INTERRUPTED = "interrupted"
    EXPIRED = "expired"
    REVOKED = "revoked"
    CASSATED = "cassated"
    WITHDRAWN = "withdrawn"
    LAPSED = "lapsed"

    @property
    def label(self) -> str:
        return _STATUS[self][0]

    @property
    def colour(self) -> str:
        return _STATUS[self][1]

    @property
    def bar_colour(self) -> str:
        return _STATUS[self][2]


_STATUS = {
    PermitStatus.ACTIVE: ("Ativa", GREEN, BAR_GREEN),
    PermitStatus.SUSPENDED: ("Suspensa", AMBER, BAR_AMBER),
    PermitStatus.INTERRUPTED: ("Interrompida", AMBER, BAR_AMBER),
    PermitStatus.EXPIRED: ("Vencida", GREY, BAR_GREY),
    PermitStatus.REVOKED: ("Revogada", RED, BAR_RED),
    PermitStatus.CASSATED: ("Cassada", RED, BAR_RED),
    PermitStatus.WITHDRAWN: ("Desistência", GREY, BAR_GREY),
    PermitStatus.LAPSED: ("Caducada", GREY, BAR_GREY),
}

# the tables the services and the window read ({code: word}, {code: colour})
STATUS_LABELS: dict[str, str] = {s.value: s.label for s in PermitStatus}
STATUS_COLOURS: dict[str, str] = {s.value: s.colour for s in PermitStatus}
STATUS_BAR_COLOURS: dict[str, str] = {s.value: s.bar_colour for s in PermitStatus}
# not ended: they count against the cap and hold their stand place
IN_FORCE = (PermitStatus.ACTIVE, PermitStatus.SUSPENDED, PermitStatus.INTERRUPTED,
            PermitStatus.EXPIRED)
ENDED = (PermitStatus.REVOKED, PermitStatus.CASSATED, PermitStatus.WITHDRAWN,
         PermitStatus.LAPSED)


class PermitAction(StrEnum):
    """The action of a line of a permit's history (PermitHistory.action)."""
    GRANT = "grant"
    IMPORT = "import"
    RENEW = "renew"
    TRANSFER = "transfer"
    INTERRUPT = "interrupt"
    INTERRUPT_EXTEND = "interrupt_extend"
    RESUME = "resume"
    WITHDRAW = "withdraw"
    SUSPEND = "suspend"
    REVOKE = "revoke"
    CASSATE = "cassate"
    REINSTATE = "reinstate"
    EXPIRE = "expire"
    LAPSE = "lapse"
    STAND_ASSIGN = "stand_assign"
    STAND_RELEASE = "stand_release"
    STAND_CHANGE = "stand_change"
    VEHICLE_SUBSTITUTE = "vehicle_substitute"
    VEHICLE_SUBSTITUTION = "vehicle_substitution"
    STOPPAGE = "stoppage"
    REVERT = "revert"
    AUXILIARY_CREDENTIAL = "auxiliary_credential"
    AUXILIARY_RECREDENTIAL = "auxiliary_recredential"
    CARD_LICENSING = "card_licensing"
    AUXILIARY_END = "auxiliary_end"
    AUXILIARY_CASSATE = "auxiliary_cassate"

    @property
    def label(self) -> str:
        return _ACTION_LABELS[self]


_ACTION_LABELS = {
    PermitAction.GRANT: "Outorga", PermitAction.IMPORT: "Importação",
    PermitAction.RENEW: "Renovação", PermitAction.TRANSFER: "Transferência",
    PermitAction.INTERRUPT: "Interrupção",
    PermitAction.INTERRUPT_EXTEND: "Prorrogação da interrupção",
    PermitAction.RESUME: "Retorno ao serviço", PermitAction.WITHDRAW: "Desistência",
    PermitAction.SUSPEND: "Suspensão", PermitAction.REVOKE: "Revogação",
    PermitAction.CASSATE: "Cassação", PermitAction.REINSTATE: "Restabelecimento",
    PermitAction.EXPIRE: "Vencimento", PermitAction.LAPSE: "Caducidade",
    PermitAction.STAND_ASSIGN: "Vinculada a ponto", PermitAction.STAND_RELEASE: "Vaga liberada",
    PermitAction.STAND_CHANGE: "Mudança de ponto",
    PermitAction.VEHICLE_SUBSTITUTE: "Substituição do veículo",
    PermitAction.VEHICLE_SUBSTITUTION: "Substituição do veículo",
    # the passage of time and the acts of issue 16
    PermitAction.STOPPAGE: "Interrupção sem autorização",
    PermitAction.REVERT: "Reversão ao Poder Público",
    PermitAction.AUXILIARY_CREDENTIAL: "Condutor auxiliar credenciado",
    PermitAction.AUXILIARY_RECREDENTIAL: "Credencial de condutor auxiliar renovada",
    PermitAction.CARD_LICENSING: "Licenciamento anual do cartão",
    PermitAction.AUXILIARY_END: "Credencial de condutor auxiliar encerrada",
    PermitAction.AUXILIARY_CASSATE: "Credencial de condutor auxiliar cassada",
}
ACTION_LABELS: dict[str, str] = {a.value: a.label for a in PermitAction}

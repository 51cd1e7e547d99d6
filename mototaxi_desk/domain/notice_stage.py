"""Where an auto de infração stands in its proceeding (services/ledger/notice_terms.stage),
each stage with its Portuguese word and its colour beside it (UX.md: a word plus a colour —
a running term amber, revelia red, definitive green, voided grey). The values are what the
services return and the Infrações page filters on: never change one. Pure Python."""
from __future__ import annotations

from enum import StrEnum

from .permit_status import AMBER, GREEN, GREY, RED


class NoticeStage(StrEnum):
    VOIDED = "voided"
    AWAITING_NOTIFICATION = "awaiting_notification"
    DEFENCE_OPEN = "defence_open"
    DEFENCE_PENDING = "defence_pending"
    REVELIA_DUE = "revelia_due"
    APPEAL_OPEN = "appeal_open"
    APPEAL_PENDING = "appeal_pending"
    FINAL = "final"

    @property
    def label(self) -> str:
        return _STAGES[self][0]

    @property
    def colour(self) -> str:
        return _STAGES[self][1]


_STAGES = {
    NoticeStage.VOIDED: ("Anulado", GREY),
    NoticeStage.AWAITING_NOTIFICATION: ("Aguardando notificação", AMBER),
    NoticeStage.DEFENCE_OPEN: ("Prazo de defesa aberto", AMBER),
    NoticeStage.DEFENCE_PENDING: ("Defesa em análise", AMBER),
    NoticeStage.REVELIA_DUE: ("Prazo de defesa vencido (revelia)", RED),
    NoticeStage.APPEAL_OPEN: ("Prazo de recurso aberto", AMBER),
    NoticeStage.APPEAL_PENDING: ("Recurso em análise", AMBER),
    NoticeStage.FINAL: ("Definitivo", GREEN),
}

# the tables the services and the window read ({code: word}, {code: colour})
STAGE_LABELS: dict[str, str] = {s.value: s.label for s in NoticeStage}
STAGE_COLOURS: dict[str, str] = {s.value: s.colour for s in NoticeStage}


class Proceeding(StrEnum):
    """The two instances of a notice's proceeding (a NoticeProceeding's `stage`): the defence
    against the auto and the appeal against its judgement. Stored: never change a value."""
    DEFENCE = "defence"
    APPEAL = "appeal"

    @property
    def label(self) -> str:
        return "Defesa" if self is Proceeding.DEFENCE else "Recurso"


class ProceedingEvent(StrEnum):
    """What a NoticeProceeding row records: the filing, or the revelia declared."""
    FILED = "filed"
    REVELIA = "revelia"

"""Defence and appeal against a notice (SRM Arts. 35 §1º, 49; PF Art. 38; L1745 Art. 19),
their judgement, and revelia."""
from __future__ import annotations

import datetime as dt
import json

from ...domain import validators
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...store.connection import write_transaction
from ...store.models import NoticeProceeding
from .. import audit, permissions, setup
from ..context import Actor
from .notice_records import active_notice, day_or_today, number_text
from .notice_terms import deadlines, proceeding_dict, proceedings_of, revelia
from .notice_voiding import void_and_undo
from ...domain.notice_stage import Proceeding

DECIDERS = permissions.DECIDERS  # the GUI asks; services check services/permissions.py


def file_defence(actor: Actor, notice_id, *, stage_: str = "defence", filed_on=None,
                 text, attachments=(), on: dt.date | None = None) -> dict:
    """A written defence (SRM Art. 35 §1º, PF Art. 38) or appeal (SRM Art. 49, L1745
    Art. 19), within the term, with the documents attached."""
    permissions.require(actor, "defence.file")
    today = day_or_today(on)
    if stage_ not in tuple(Proceeding):
        raise ValidationError("Fase", "defesa ou recurso.")
    filed_on = validators.parse_date(filed_on or today, "Data do protocolo", latest=today)
    text = validators.text(text, "Texto da defesa" if stage_ == Proceeding.DEFENCE else
                           "Texto do recurso", max_length=20000)
    files = [validators.text(a, "Anexo", max_length=200) for a in attachments]
    notice = active_notice(notice_id)
    rule = setup.profile(on=notice.occurred_at.date()).defence  # the notice's own terms
    days, article = ((rule.defence_days, rule.defence_article) if stage_ == Proceeding.DEFENCE else
                     (rule.appeal_days, rule.appeal_article))
    if not days:
        raise RuleRefusal(f"A lei do município não prevê {'defesa prévia' if stage_ == Proceeding.DEFENCE else 'recurso'} com prazo próprio",
                          rule.appeal_article or rule.defence_article)
    if notice.notified_on is None:
        raise DomainError(f"O auto nº {number_text(notice)} ainda não foi notificado.")
    if filed_on < notice.notified_on:
        raise ValidationError("Data do protocolo", "anterior à notificação.")
    proceedings = proceedings_of(notice.id)
    if any(p.stage == stage_ for p in proceedings):
        raise DomainError(f"Já há {'defesa' if stage_ == Proceeding.DEFENCE else 'recurso'} ou "
                          f"revelia registrada para o auto nº {number_text(notice)}.")
    term = deadlines(notice, proceedings)[stage_]
    if term is None:
        raise DomainError("O recurso cabe depois da decisão sobre a defesa ou da revelia.")
    if filed_on > term:
        raise RuleRefusal(f"Prazo encerrado em {term:%d/%m/%Y}", article)
    with write_transaction():
        row = NoticeProceeding.create(notice=notice.id, stage=stage_, event="filed",
                                      filed_on=filed_on, text=text,
                                      attachments=json.dumps(files, ensure_ascii=False),
                                      recorded_by=actor.user_id)
        audit.record(actor, f"notice.{stage_}_file", "notice_proceeding", row.id,
                     after=audit.snapshot(row))
    return proceeding_dict(row)


def judge(actor: Actor, proceeding_id, *, accepted: bool, reason,
          on: dt.date | None = None) -> dict:
    """Judge a defence or appeal. Accepted: the notice becomes void and every penalty and
    measure from it is undone, sanctions already applied included (SRM Art. 35 §2º)."""
    permissions.require(actor, "defence.judge")
    today = day_or_today(on)
    reason = validators.text(reason, "Fundamentação da decisão", max_length=5000)
    row = NoticeProceeding.get_or_none(NoticeProceeding.id == proceeding_id)
    if row is None or row.event != "filed":
        raise ValidationError("Defesa/recurso", f"nº {proceeding_id} não existe.")
    if row.decision:
        raise DomainError("Esta defesa ou recurso já foi julgado.")
    if today < row.filed_on:
        raise ValidationError("Data da decisão", "anterior ao protocolo.")
    notice = active_notice(row.notice_id)
    result = {}
    with write_transaction():
        before = audit.snapshot(row)
        row.decision = "accepted" if accepted else "rejected"
        row.decided_on, row.decided_by, row.decision_reason = today, actor.user_id, reason
        row.save()
        audit.record(actor, f"notice.{row.stage}_judge", "notice_proceeding", row.id,
                     before=before, after=audit.snapshot(row))
        if accepted:
            label = "Defesa acolhida" if row.stage == Proceeding.DEFENCE else "Recurso provido"
            result = void_and_undo(actor, notice, row.stage, f"{label}: {reason}", today)
    return {**proceeding_dict(row), **result}


def record_revelia(actor: Actor, notice_id, *, on: dt.date | None = None) -> dict:
    """No defence by the deadline (SRM Art. 35 §3º): the penalties apply."""
    permissions.require(actor, "notice.revelia")
    today = day_or_today(on)
    notice = active_notice(notice_id)
    with write_transaction():
        row = revelia(actor, notice, today)
    return proceeding_dict(row)

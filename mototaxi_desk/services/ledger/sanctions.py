"""Sanctions the penalty engine proposes (PF Art. 37 II, SRM Art. 38 I-II) and a
supervisor applies through the permit services; undone when a notice behind them falls."""
from __future__ import annotations

import datetime as dt
import json

from ...domain import penalty_engine as engine
from ...domain import validators
from ...domain.dates import add_months
from ...domain.errors import DomainError, RuleRefusal
from ...store.connection import write_transaction
from ...store.models import InfractionNotice, Sanction, SanctionNotice
from .. import audit, permissions, setup
from ..views import lookup
from ..licensing import permits
from ..context import Actor
from ..administration.holidays import business_calendar
from .notice_records import day_or_today, get_notice, notice_facts, notices_of, number_text
from .notice_terms import revelia, sanctions_ready, stage

SANCTION_RESULT = {"suspension": "suspended", "revocation": "revoked", "cassation": "cassated"}


def applied_sanctions(permit_id) -> list[Sanction]:
    return list(Sanction.select().where((Sanction.permit == permit_id) &
                                        (Sanction.status == "applied")).order_by(Sanction.id))


def proposals(permit_id, *, on: dt.date | None = None) -> list[dict]:
    """The sanctions the engine proposes for a permit (PF Art. 37 II, SRM Art. 38 I-II),
    each with its explanation, whether already applied, and whether it may be applied now
    (the defence window of every notice it rests on is over, PF Art. 38 §2º)."""
    today = day_or_today(on)
    permit = lookup.get_permit(permit_id)
    profile = setup.profile(today)
    notices = {n.id: n for n in notices_of(permit_id=permit.id)}
    at = setup.profiles_by_date()
    result = engine.assess(profile, [notice_facts(n, at) for n in notices.values()])
    applied = {s.rule_key for s in applied_sanctions(permit.id)}
    calendar = business_calendar()
    out = []
    for proposal in result.proposals:
        if proposal.register != (permit.holder_id, permit.id):
            continue
        waiting = [number_text(notices[i]) for i in proposal.notice_ids
                   if not sanctions_ready(notices[i], today, calendar)]
        out.append({"sanction": proposal.sanction, "label": proposal.label,
                    "rule_key": proposal.rule_key, "permit_id": permit.id,
                    "trigger_on": proposal.trigger_on, "article": proposal.article,
                    "suspension_months": proposal.suspension_months,
                    "notice_ids": list(proposal.notice_ids),
                    "explanation": proposal.explanation,
                    "applied": proposal.rule_key in applied,
                    "ready": not waiting, "waiting_for": waiting})
    return out


def apply_sanction(actor: Actor, permit_id, rule_key: str, *, on: dt.date | None = None,
                   act_number="") -> dict:
    """A supervisor applies a proposed sanction through the permit services (suspend,
    revoke, cassate), after the contraditório (PF Art. 38 §2º); revelia is recorded for the
    notices whose defence term passed with no defence (SRM Art. 35 §3º)."""
    permissions.require(actor, "sanction.apply")
    today = day_or_today(on)
    act_number = validators.text(act_number, "Nº do ato", max_length=60, required=False)
    match = [p for p in proposals(permit_id, on=today) if p["rule_key"] == rule_key]
    if not match:
        raise DomainError(f"Nenhuma sanção '{rule_key}' é proposta para esta permissão.")
    proposal = match[0]
    if proposal["applied"]:
        raise DomainError(f"{proposal['label']} ({proposal['article']}) já foi aplicada.")
    if not proposal["ready"]:
        raise RuleRefusal("Prazo de defesa em curso ou defesa pendente nos autos "
                          f"{', '.join(proposal['waiting_for'])}: a sanção só pode ser "
                          "aplicada depois do contraditório",
                          setup.profile(today).defence.defence_article)
    permit = lookup.get_permit(permit_id)
    reason = f"{proposal['label']} — {proposal['explanation']['text']}"
    until = (add_months(today, proposal["suspension_months"]) - dt.timedelta(days=1)
             if proposal["sanction"] == "suspension" else None)
    with write_transaction():
        for notice_id in proposal["notice_ids"]:
            notice = get_notice(notice_id)
            if stage(notice, today) == "revelia_due":
                revelia(actor, notice, today)
        status_before = permit.status
        if proposal["sanction"] == "suspension":
            permits.suspend(actor, permit.id, until=until, on=today, reason=reason,
                            act_number=act_number)
        elif proposal["sanction"] == "revocation":
            permits.revoke(actor, permit.id, on=today, reason=reason, act_number=act_number)
        else:
            permits.cassate(actor, permit.id, on=today, reason=reason, act_number=act_number)
        sanction = Sanction.create(
            person=permit.holder_id, permit=permit.id, kind=proposal["sanction"],
            rule_key=rule_key, article=proposal["article"], effective_on=today, until=until,
            act_number=act_number, permit_status_before=status_before,
            explanation=json.dumps(proposal["explanation"], ensure_ascii=False, default=str),
            applied_by=actor.user_id)
        for notice_id in proposal["notice_ids"]:
            SanctionNotice.create(sanction=sanction.id, notice=notice_id)
        audit.record(actor, "sanction.apply", "sanction", sanction.id,
                     after=audit.snapshot(sanction))
    return sanction_dict(sanction)


def undo_sanctions(actor: Actor, notice: InfractionNotice, on: dt.date,
                   reason: str) -> list[dict]:
    """Undo, newest first, the applied sanctions that rested on the notice: the permit is
    reinstated (permits.reinstate) when the sanction is what holds it now."""
    rows = list(Sanction.select().join(SanctionNotice).where(
        (SanctionNotice.notice == notice.id) & (Sanction.status == "applied"))
        .order_by(Sanction.id.desc()))
    out = []
    for sanction in rows:
        permit = lookup.get_permit(sanction.permit_id)
        newest = applied_sanctions(permit.id)[-1]
        if newest.id == sanction.id and permit.status == SANCTION_RESULT[sanction.kind]:
            permits.reinstate(actor, permit.id, on=on, reason=f"Sanção desconstituída: "
                              f"auto nº {number_text(notice)} anulado ({reason})"[:500],
                              act_number="")
        before = audit.snapshot(sanction)
        sanction.status, sanction.undone_on = "undone", on
        sanction.undo_reason = f"Auto nº {number_text(notice)} anulado: {reason}"
        sanction.save()
        audit.record(actor, "sanction.undo", "sanction", sanction.id, before=before,
                     after=audit.snapshot(sanction))
        out.append(sanction_dict(sanction))
    return out


def sanction_dict(sanction: Sanction) -> dict:
    return {"id": sanction.id, "kind": sanction.kind,
            "label": engine.SANCTION_LABELS[sanction.kind], "rule_key": sanction.rule_key,
            "permit_id": sanction.permit_id, "article": sanction.article,
            "effective_on": sanction.effective_on, "until": sanction.until,
            "act_number": sanction.act_number, "status": sanction.status,
            "undone_on": sanction.undone_on, "undo_reason": sanction.undo_reason,
            "explanation": json.loads(sanction.explanation or "{}"),
            "notice_ids": [link.notice_id for link in sanction.notice_links]}

"""A notice falls (a correction, an accepted defence or appeal): what rested on it is
undone inside the caller's transaction — open charges, applied sanctions, held impounds,
and the recidivism of later fines (SRM Art. 35 §2º, L1745 Art. 8 §3º)."""
from __future__ import annotations

import datetime as dt

from ...domain import penalty_engine as engine
from ...store.models import InfractionNotice, PenaltyCharge
from .. import audit, setup
from . import impounds
from ..payments.charges import charge_dict, charge_fine
from ..context import Actor
from .notice_records import notice_facts, notices_of, number_text, profile_range
from .sanctions import undo_sanctions


def void_and_undo(actor: Actor, notice: InfractionNotice, kind: str, reason: str,
                  on: dt.date) -> dict:
    """Inside the caller's transaction: void the notice, its open charges, the sanctions
    applied because of it, its held impounds, and re-price later fines whose recidivism
    rested on it (SRM Art. 35 §2º)."""
    before = audit.snapshot(notice)
    notice.status, notice.voided_on, notice.void_kind = "voided", on, kind
    notice.void_reason, notice.voided_by = reason, actor.user_id
    notice.save()
    audit.record(actor, "notice.void", "infraction_notice", notice.id, before=before,
                 after=audit.snapshot(notice))
    refunds = []
    for charge in PenaltyCharge.select().where(PenaltyCharge.notice == notice.id):
        if charge.status == "open":
            void_charge(actor, charge, f"Auto nº {number_text(notice)} anulado: {reason}")
        elif charge.status == "paid":
            refunds.append(charge_dict(charge))
    undone = undo_sanctions(actor, notice, on, reason)
    released = impounds.release_for_void(actor, notice, on=on, reason=reason)
    repriced = _reprice_recidivism(actor, notice, on)
    return {"undone_sanctions": undone, "refunds_due": refunds,
            "released_impounds": released, "repriced": repriced}


def void_charge(actor: Actor, charge: PenaltyCharge, reason: str) -> None:
    before = audit.snapshot(charge)
    charge.status, charge.void_reason = "voided", reason[:500]
    charge.save()
    audit.record(actor, "charge.void", "penalty_charge", charge.id, before=before,
                 after=audit.snapshot(charge))


def _reprice_recidivism(actor: Actor, voided: InfractionNotice, on: dt.date) -> list[dict]:
    """Later notices doubled because of the voided one (L1745 Art. 8 §3º): the open fine is
    replaced by the single one when no other earlier notice keeps the recidivism."""
    profile = setup.profile(on)
    out = []
    for later in InfractionNotice.select().where(
            (InfractionNotice.status == "active") & InfractionNotice.recidivism &
            (InfractionNotice.infractor == voided.infractor_id) &
            (InfractionNotice.occurred_at > voided.occurred_at)):
        at = setup.profiles_by_date()
        facts = [notice_facts(n, at) for n in notices_of(infractor_id=later.infractor_id)]
        if engine.is_recidivism(profile, facts, notice_facts(later, at)) is not None:
            continue
        dated = setup.profile(on=later.occurred_at.date())  # priced as when it was recorded
        fine = engine.compute_fine(dated, dated.infraction(later.infraction_code),
                                   unit_value_cents=later.unit_value_cents,
                                   tariff_cents=later.unit_value_cents,
                                   chosen_units=later.fine_units / 2
                                   if profile_range(later.class_code,
                                                    on=later.occurred_at.date()) else None)
        for charge in PenaltyCharge.select().where((PenaltyCharge.notice == later.id) &
                                                   (PenaltyCharge.kind == "fine") &
                                                   (PenaltyCharge.status == "open")):
            void_charge(actor, charge, f"Reincidência desconstituída: auto nº "
                                       f"{number_text(voided)} anulado")
            new = charge_fine(actor, later, fine, charge.year)
            out.append({"notice": number_text(later), "old_cents": charge.amount_cents,
                        "new_cents": new.amount_cents})
    return out

"""Bars on new permits: after a cassation (SRM Art. 38 §§1,3; PF Art. 37 §ú; L1745 Art. 17
§1, forever) and for a transferor (SRM Art. 4 §9 II)."""
from __future__ import annotations

import datetime as dt

from ..domain.errors import RuleRefusal
from ..store.models import PersonBar

REASON_LABELS = {"cassation": "cassação", "transferor": "transferência de permissão"}
# SRM Art. 4 §9 II forbids the transferor only a new permit ("vedada nova outorga")
_PERMIT_ONLY = ("transferor",)


def active_bars(person_id: int, on: dt.date, *, auxiliary: bool = False) -> list[PersonBar]:
    """Bars in force on `on`: for a new permit, or (auxiliary=True) for a credential."""
    query = PersonBar.select().where(
        (PersonBar.person == person_id) & (PersonBar.lifted == False) &  # noqa: E712
        (PersonBar.since <= on) & (PersonBar.until.is_null() | (PersonBar.until >= on)))
    if auxiliary:
        query = query.where(PersonBar.reason.not_in(_PERMIT_ONLY))
    return list(query.order_by(PersonBar.id))


def check_not_barred(person_id: int, on: dt.date, *, auxiliary: bool = False) -> None:
    bars = active_bars(person_id, on, auxiliary=auxiliary)
    if bars:
        bar = bars[0]
        until = f"até {bar.until:%d/%m/%Y}" if bar.until else "por tempo indeterminado"
        raise RuleRefusal(f"{bar.person.name} está impedido(a) {until} "
                          f"(motivo: {REASON_LABELS.get(bar.reason, bar.reason)})", bar.article)


def bar(person_id: int, reason: str, *, since: dt.date, until: dt.date | None, article: str,
        permit_id: int | None = None) -> PersonBar:
    """Record a bar (inside the caller's transaction and audit)."""
    return PersonBar.create(person=person_id, reason=reason, since=since, until=until,
                            article=article, permit=permit_id)


def lift_for_permit(permit_id: int, reason: str) -> int:
    """Lift the bars a permit's cassation created (the cassation was undone)."""
    return PersonBar.update(lifted=True).where(
        (PersonBar.permit == permit_id) & (PersonBar.reason == reason) &
        (PersonBar.lifted == False)).execute()  # noqa: E712

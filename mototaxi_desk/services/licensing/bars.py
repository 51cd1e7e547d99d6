"""Bars: on a new permit after a permit's cassation (SRM Art. 38 §1º; PF Art. 37 §ú; L1745
Art. 17 §1º, forever) and for a transferor (SRM Art. 4 §9º II); on a new auxiliary credential
after that credential's cassation (SRM Art. 38 §3º; L1745 Art. 17 §2º)."""
from __future__ import annotations

import datetime as dt

from ...domain.errors import RuleRefusal
from ...store.models import PersonBar

REASON_LABELS = {"cassation": "cassação da permissão",
                 "credential_cassation": "cassação do credenciamento de condutor auxiliar",
                 "transferor": "transferência de permissão"}
# What each bar forbids, as the laws word it: a cassated holder "não poderá obter outra"
# permit (PF Art. 37 §ú, SRM Art. 38 §1º, L1745 Art. 17 §1º) and the transferor gets no "nova
# outorga" (SRM Art. 4 §9º II) — a new permit only; an auxiliary whose credential was cassated
# "somente poderá obter outro" credential after the bar (SRM Art. 38 §3º).
_PERMIT_ONLY = ("cassation", "transferor")
_CREDENTIAL_ONLY = ("credential_cassation",)


def active_bars(person_id: int, on: dt.date, *, auxiliary: bool = False) -> list[PersonBar]:
    """Bars in force on `on`: for a new permit, or (auxiliary=True) for a credential."""
    query = PersonBar.select().where(
        (PersonBar.person == person_id) & (PersonBar.lifted == False) &  # noqa: E712
        (PersonBar.since <= on) & (PersonBar.until.is_null() | (PersonBar.until >= on)))
    query = query.where(PersonBar.reason.not_in(_PERMIT_ONLY if auxiliary else _CREDENTIAL_ONLY))
    return list(query.order_by(PersonBar.id))


# What each bar forbids, for the record (the law's words)
FORBIDS = {"cassation": "de nova permissão", "transferor": "de nova outorga",
           "credential_cassation": "de novo credenciamento como condutor auxiliar"}


def in_force(person_id: int, on: dt.date) -> list[dict]:
    """The person's bars in force on `on`, for the record: [{"reason", "text", "until",
    "article"}] — "Impedido(a) de nova permissão até 01/12/2028 (cassação da permissão,
    Art. 38 §1º)". A cassated holder's bar is on a new permit, an auxiliary's on a new
    credential (PF Art. 37 §ú, SRM Art. 38 §§1º and 3º, L1745 Art. 17 §§1º and 2º)."""
    rows = PersonBar.select().where(
        (PersonBar.person == person_id) & (PersonBar.lifted == False) &  # noqa: E712
        (PersonBar.since <= on) & (PersonBar.until.is_null() | (PersonBar.until >= on)))
    out = []
    for row in rows.order_by(PersonBar.id):
        until = f"até {row.until:%d/%m/%Y}" if row.until else "por tempo indeterminado"
        out.append({"reason": row.reason, "until": row.until, "article": row.article,
                    "text": f"Impedido(a) {FORBIDS.get(row.reason, '')} {until} "
                            f"({REASON_LABELS.get(row.reason, row.reason)}, {row.article})"})
    return out


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

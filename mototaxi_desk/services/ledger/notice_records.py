"""What the penalty-ledger services share about notices: reading them, their number as
printed, the facts the engine works on, and the date and time fields a clerk types."""
from __future__ import annotations

import datetime as dt

from ...domain import penalty_engine as engine
from ...domain.errors import DomainError, ValidationError
from ...store.models import InfractionNotice
from .. import setup
from ...domain import wallclock


def day_or_today(on) -> dt.date:
    return on or wallclock.today()


def parse_datetime(value, field: str) -> dt.datetime:
    """dd/mm/aaaa hh:mm, ISO, or a datetime (local time, no time zone)."""
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None, microsecond=0)
    text = str(value or "").strip()
    for fmt in ("%d/%m/%Y %H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S",
                "%Y-%m-%d %H:%M:%S"):
        try:
            return dt.datetime.strptime(text, fmt)
        except ValueError:
            continue
    raise ValidationError(field, f"data e hora inválidas '{text[:20]}'; use dd/mm/aaaa hh:mm.")


# --- facts for the engine -----------------------------------------------------------------

def notice_facts(notice: InfractionNotice, at=None) -> engine.NoticeFacts:
    """What the engine needs of a notice, its penalty class (points, recidivism) as the
    profile version in force on its infraction date has it. `at`: setup.profiles_by_date(),
    read once for many notices."""
    at = at or setup.profiles_by_date()
    return engine.NoticeFacts(
        id=notice.id, register=(notice.holder_id, notice.permit_id),
        infractor_id=notice.infractor_id, code=notice.infraction_code,
        class_code=notice.class_code, occurred_at=notice.occurred_at,
        voided=notice.status == "voided", label=number_text(notice),
        penalty=at(notice.occurred_at.date()).penalty_class(notice.class_code))


def notices_of(holder_id=None, permit_id=None, infractor_id=None) -> list[InfractionNotice]:
    query = InfractionNotice.select()
    cond = None
    for field, value in ((InfractionNotice.holder, holder_id),
                         (InfractionNotice.permit, permit_id),
                         (InfractionNotice.infractor, infractor_id)):
        if value is not None:
            cond = (field == value) if cond is None else (cond | (field == value))
    if cond is not None:
        query = query.where(cond)
    return list(query.order_by(InfractionNotice.occurred_at, InfractionNotice.id))


def number_text(notice: InfractionNotice) -> str:
    return f"{notice.number:05d}/{notice.year}"


def get_notice(notice_id) -> InfractionNotice:
    notice = InfractionNotice.get_or_none(InfractionNotice.id == notice_id)
    if notice is None:
        raise ValidationError("Auto de infração", f"auto nº {notice_id} não existe.")
    return notice


def active_notice(notice_id) -> InfractionNotice:
    notice = get_notice(notice_id)
    if notice.status != "active":
        raise DomainError(f"O auto nº {number_text(notice)} foi anulado: "
                          f"{notice.void_reason}")
    return notice


def profile_range(class_code: str, *, on: dt.date | None = None) -> bool:
    """Whether the class's fine is a range the authority sets (L1745), in the version in
    force on `on` (the infraction date)."""
    return setup.profile(on=on).penalty_class(class_code).fine_units_max > 0

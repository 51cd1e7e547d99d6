"""Municipal holidays: the business-day calendar of the defence and appeal terms."""
from __future__ import annotations

import datetime as dt

from ...domain import validators
from ...domain.errors import ValidationError
from ...domain.penalty_calendar import BusinessCalendar
from ...store.connection import write_transaction
from ...store.models import MunicipalHoliday
from .. import audit, permissions, setup
from ..context import Actor


def add_holiday(actor: Actor, day, name) -> dict:
    """A municipal holiday (municipal law), out of business days from now on."""
    permissions.require(actor, "settings.holiday_add")
    day = validators.parse_date(day, "Data do feriado", earliest=dt.date(2000, 1, 1))
    name = validators.text(name, "Nome do feriado", max_length=120)
    if MunicipalHoliday.select().where(MunicipalHoliday.day == day).exists():
        raise ValidationError("Data do feriado", f"{day:%d/%m/%Y} já está cadastrado.")
    with write_transaction():
        row = MunicipalHoliday.create(day=day, name=name)
        audit.record(actor, "holiday.add", "municipal_holiday", row.id, after=audit.snapshot(row))
    return {"id": row.id, "day": row.day, "name": row.name}


def remove_holiday(actor: Actor, day) -> dict:
    permissions.require(actor, "settings.holiday_remove")
    day = validators.parse_date(day, "Data do feriado")
    row = MunicipalHoliday.get_or_none(MunicipalHoliday.day == day)
    if row is None:
        raise ValidationError("Data do feriado", f"{day:%d/%m/%Y} não é feriado municipal "
                                                 "cadastrado.")
    with write_transaction():
        before = audit.snapshot(row)
        row.delete_instance()
        audit.record(actor, "holiday.remove", "municipal_holiday", before["id"], before=before)
    return {"day": day, "name": before["name"]}


def list_holidays() -> list[dict]:
    return [{"day": h.day, "name": h.name}
            for h in MunicipalHoliday.select().order_by(MunicipalHoliday.day)]


def business_calendar() -> BusinessCalendar:
    from ...store.reading import remembered
    return remembered("business_calendar", _read_calendar)  # once per prontuário opened


def _read_calendar() -> BusinessCalendar:
    days = [d for (d,) in MunicipalHoliday.select(MunicipalHoliday.day).tuples()]
    return BusinessCalendar(setup.settings().uf, [
        d if isinstance(d, dt.date) else dt.date.fromisoformat(str(d)[:10]) for d in days])

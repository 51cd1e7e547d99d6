"""Time is an audited input, never a silent one (issue 34).

The register is brought to "today" by the daily step (services/clock.py), and a step past
the real date does permanent harm: permits expire, stand places free, the waiting list is
called. So before anything runs, the program asks whether the computer's date can be
trusted (`assess`, when a database opens and on each new day):

- PostgreSQL: the computer's date must agree with the server's (one day either way: time
  zones, midnight);
- SQLite (one PC, no other clock): the date may not be earlier than the register's last day
  and may not jump past the next business day after it (a weekend or a holiday between is
  normal; a week closed, a dead clock battery or a date typed wrong is not) without an
  admin's confirmation that names both dates (`confirm`).

Until then the program is held at the register's last day (domain/wallclock.py `hold`: every
screen and command computes with that day) and works read-only: every audited change is
refused (services/audit.py asks `refusal`), but logins, refusals, backups and the clock's
own acts. A step that did run on a wrong date (an admin confirmed a wrong date; a server
with a wrong clock) is undone by `undo`: every row each step changed is put back as it was
(store/row_journal.py), audited, unless an action since changed it again.
"""
from __future__ import annotations

import datetime as dt

from ...domain import validators, wallclock
from ...domain.errors import ClockNotTrusted, DomainError  # noqa: F401 (clock_trust.X)
from ...store import row_journal
from ...store.connection import is_postgres, write_transaction
from ...store.models import (MODELS, SEALED_FIELDS, AlertDueState, ClockJournal, ClockTick,
                             MunicipioSettings, touched_rows)
from .. import audit, clock, permissions
from ..administration import first_run, holidays
from . import key_files
from ..context import SYSTEM, Actor

SERVER_TOLERANCE_DAYS = 1
# what a held (read-only) program still does: nothing of these changes the register
ALLOWED_WHILE_HELD = ("refused:", "clock.", "user.login", "user.password_change",
                      "backup.create", "registro.selo")

_state: dict | None = None


def _fmt(day: dt.date | None) -> str:
    return f"{day:%d/%m/%Y}" if day else "—"


def server_day() -> dt.date | None:
    """The PostgreSQL server's date (None on SQLite)."""
    if not is_postgres():
        return None
    from ...store.models import DB
    value = DB.obj.execute_sql("SELECT CURRENT_DATE").fetchone()[0]
    return value if isinstance(value, dt.date) else dt.date.fromisoformat(str(value)[:10])


def allowed_until(last: dt.date) -> dt.date:
    """The latest date the register may move to from `last` without a confirmation: the
    next business day after it (Saturday, Sunday and holidays between are normal)."""
    try:
        calendar = holidays.business_calendar()
        return calendar.next_business_day(last + dt.timedelta(days=1))
    except DomainError:  # no município yet
        return last + dt.timedelta(days=1)


def assess() -> dict:
    """Whether the computer's date can be trusted, and the hold that follows (set here):
    {"trusted", "problem" (None, "server", "behind", "ahead"), "computer_day",
    "register_day", "server_day", "allowed_until", "message", "undoable" (the days an undo
    to the computer's date would reverse)}."""
    global _state
    computer = wallclock.computer_today()
    state = {"trusted": True, "problem": None, "computer_day": computer,
             "register_day": None, "server_day": None, "allowed_until": None,
             "message": "", "undoable": []}
    if first_run.is_initialised():
        # the register's day: its last daily step, or before the first the day it was set up
        last = clock.last_day() or _set_up_day()
        state["register_day"] = last
        server = state["server_day"] = server_day()
        if server is not None and abs((computer - server).days) > SERVER_TOLERANCE_DAYS:
            state["problem"] = "server"
        elif computer < last - dt.timedelta(
                days=SERVER_TOLERANCE_DAYS if server is not None else 0):
            state["problem"] = "behind"
        elif server is None and not key_files._is_demo_database():  # the demo: no one's data
            state["allowed_until"] = allowed_until(last)
            if computer > state["allowed_until"]:
                state["problem"] = "ahead"
        if last is not None and computer < last:
            state["undoable"] = [d for (d,) in ClockTick.select(ClockTick.day).where(
                ClockTick.day > computer).order_by(ClockTick.day.desc()).tuples()]
        state["trusted"] = state["problem"] is None
        state["message"] = _message(state)
    wallclock.hold(None if state["trusted"] else state["register_day"])
    _state = state
    return state


def _set_up_day() -> dt.date:
    created = MunicipioSettings.select(MunicipioSettings.created_at).scalar()
    if isinstance(created, str):
        created = dt.datetime.fromisoformat(created[:19])
    # stored in UTC: the day it was on this computer's clock (in the evening in Brazil, UTC
    # is already the next day; a fixed five hours back was wrong west of UTC-5)
    return wallclock.local_day(created)


def state() -> dict | None:
    """The last assessment (None before the first)."""
    return _state


def _message(state: dict) -> str:
    computer, last = _fmt(state["computer_day"]), _fmt(state["register_day"])
    held = (f" Até lá o programa fica somente para consulta, como no dia {last}.")
    if state["problem"] == "server":
        return (f"O relógio deste computador marca {computer}, mas o servidor do banco de "
                f"dados marca {_fmt(state['server_day'])}. Acerte a data do computador (ou a "
                f"do servidor) e abra o programa de novo.{held}")
    if state["problem"] == "behind":
        return (f"O cadastro já foi atualizado até {last}, mas o relógio deste computador "
                f"marca {computer}. Se o relógio está errado, acerte-o. Se está certo, a "
                f"atualização foi feita com data errada: um administrador a desfaz "
                f"(no aviso no alto da janela, ou 'mototaxi-desk clock undo').{held}")
    if state["problem"] == "ahead":
        days = (state["computer_day"] - state["register_day"]).days
        return (f"O relógio deste computador marca {computer}, mas o cadastro foi atualizado "
                f"pela última vez em {last} ({days} dias antes). Se a data do computador "
                f"está errada, acerte-a. Se está certa, um administrador a confirma "
                f"(no aviso no alto da janela, ou 'mototaxi-desk clock confirm {computer}')."
                f"{held}")
    return ""


def refusal(action: str) -> str | None:
    """Why an audited change may not happen now (None when it may): the program is held."""
    if wallclock.held() is None or action.startswith(ALLOWED_WHILE_HELD):
        return None
    return (_state or {}).get("message") or (
        f"A data do computador não foi confirmada; o programa está somente para consulta, "
        f"como no dia {_fmt(wallclock.held())}.")


audit.set_guard(refusal)


def confirm(actor: Actor, day) -> dict:
    """An admin confirms that the computer's date — typed, so that both dates are read — is
    right: the hold ends and the register is brought to it. Only a jump on SQLite can be
    confirmed; a disagreement with the server or a date behind the register cannot."""
    permissions.require(actor, "clock.confirm")
    day = validators.parse_date(day, "Data de hoje")
    now = assess()
    if now["problem"] is None:
        raise DomainError(f"A data do computador ({_fmt(now['computer_day'])}) já é aceita: "
                          "nada a confirmar.")
    if now["problem"] != "ahead":
        raise DomainError(now["message"])
    if day != now["computer_day"]:
        raise DomainError(f"A data informada ({_fmt(day)}) não é a do relógio deste computador "
                          f"({_fmt(now['computer_day'])}); nada foi alterado.")
    with write_transaction():
        audit.record(actor, "clock.confirm", "clock_tick", "",
                     after={"computer_day": day, "register_day": now["register_day"],
                            "days": (day - now["register_day"]).days})
    wallclock.hold(None)
    result = clock.tick(actor, on=day)
    assess()
    return {"confirmed": day, "previous_day": now["register_day"], "tick": result}


def _model(table: str):
    return next(m for m in MODELS if m._meta.table_name == table)


def undo(actor: Actor, to=None) -> dict:
    """Reverse every daily step after `to` (default: the computer's date), newest first:
    each row they changed is put back as it was before them (store/row_journal.py), in one
    transaction, each restored row audited. Refused — nothing changed — when a step has no
    journal (made by an earlier release) or a row was changed again since by an action:
    undoing would erase that action."""
    permissions.require(actor, "clock.undo")
    to = validators.parse_date(to, "Desfazer até") if to else wallclock.computer_today()
    with write_transaction():
        days = [d for (d,) in ClockTick.select(ClockTick.day).where(ClockTick.day > to)
                .order_by(ClockTick.day.desc()).tuples()]
        if not days:
            raise DomainError(f"Nenhuma atualização diária depois de {_fmt(to)}: nada a desfazer.")
        lines = list(ClockJournal.select().where(ClockJournal.day.in_(days))
                     .order_by(ClockJournal.day.desc(), ClockJournal.seq.desc()))
        journaled = {line.day for line in lines}
        missing = [d for d in days if d not in journaled]
        if missing:
            raise DomainError(
                f"A atualização de {', '.join(map(_fmt, missing))} foi feita por uma versão "
                "anterior do programa, sem o registro que permite desfazê-la. Restaure uma "
                "cópia de segurança de antes dela; nada foi alterado.")
        conflicts = []
        restored = 0
        for line in lines:
            model = _model(line.table_name)
            now = row_journal.image_of(model, line.row_id)
            if not row_journal.same(now, row_journal.load(line.after)):
                conflicts.append(f"{line.table_name} nº {line.row_id} (atualização de "
                                 f"{_fmt(line.day)})")
                continue
            if not conflicts:
                _put_back(actor, model, line, now)
                restored += 1
        if conflicts:
            shown = "; ".join(conflicts[:5]) + (f"; e mais {len(conflicts) - 5}"
                                               if len(conflicts) > 5 else "")
            raise DomainError(
                "Não é possível desfazer: registros alterados depois da atualização com data "
                f"errada seriam perdidos ({shown}). Nada foi alterado; restaure uma cópia de "
                "segurança de antes dela ou corrija esses registros.")
        ClockJournal.delete().where(ClockJournal.day.in_(days)).execute()
        AlertDueState.update(stale=True).execute()  # the due dates computed on those days
        audit.record(actor, "clock.undo", "clock_tick", "",
                     after={"to": to, "days": sorted(days), "rows": restored})
    wallclock.hold(None)
    state = assess()
    tick = clock.tick(SYSTEM) if state["trusted"] else None
    return {"undone": sorted(days), "rows": restored, "register_day": clock.last_day(),
            "tick": tick, "state": state}


def _put_back(actor: Actor, model, line, now: dict | None) -> None:
    before = row_journal.load(line.before)
    pk = model._meta.primary_key
    table = model._meta.table_name
    if before is None:  # the step inserted it
        if table in SEALED_FIELDS:
            touched_rows().add((table, line.row_id))  # its seal says it is gone
        model.delete().where(pk == line.row_id).execute()
    elif now is None:  # the step deleted it
        model.insert(**before).execute()
        if table in SEALED_FIELDS:
            touched_rows().add((table, line.row_id))
    else:
        instance = model.get_by_id(line.row_id)
        for name, value in before.items():
            setattr(instance, model._meta.fields[name].name, value)
        instance.save()  # a sealed row is sealed again as it was
    audit.record(actor, "clock.undo_row", table, line.row_id,
                 before=_shown(now), after=_shown(before))


def _shown(image: dict | None) -> dict | None:
    if image is None:
        return None
    return {k: v for k, v in image.items() if k not in ("password_hash", "photo", "brasao")}

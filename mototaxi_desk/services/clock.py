"""The passage of time (ARCHITECTURE: "Time is an explicit, audited step").

Status changes that happen because days pass are made here, and only here: a permit past
its validity becomes 'expired' and, under a yearly renewal deadline, lapses after the grace
days (L1745 Art. 9 §2º "caducará automaticamente"), freeing its stand place and the cap; a
suspension (SRM Art. 38 I) or an authorised interruption (PF Art. 11, SRM Art. 29) ends; a
service interrupted without authorisation reverts after the profile's days (PF Art. 12);
a waiting-list call whose deadline passed expires and, where the list is automatic (PF
Art. 12 §ú), the next applicant is called; a summons to present the vehicle for inspection
whose deadline passed is found met or missed (L1745 Art. 10 §ú).

`tick` runs when the program or a command opens the database and once a day while the
window stays open, as the system (actor "sistema"), in one write transaction. It is
idempotent: a row per day (ClockTick, unique day) records that the register was brought to
that day and what changed, so it runs once a day however many counters open the database
(on PostgreSQL the write transaction's lock makes the second counter wait, then find the
day done). Time never runs backwards: a day on or before the last one done changes nothing.
"""
from __future__ import annotations

import datetime as dt
import json

from ..domain import wallclock
from ..store import row_journal
from ..store.connection import write_transaction
from ..store.models import ClockJournal, ClockTick
from . import audit, permissions
from .licensing import permits, summons, waiting_list
from .context import SYSTEM, Actor

KIND_LABELS = {"expired": "Permissão vencida", "lapsed": "Permissão caducada",
               "reverted": "Permissão revertida (interrupção não autorizada)",
               "suspension_ended": "Fim da suspensão", "interruption_ended": "Fim da interrupção",
               "call_expired": "Convocação da lista de espera vencida",
               "called": "Convocado da lista de espera",
               "summons_missed": "Intimação para vistoria descumprida"}


def last_day() -> dt.date | None:
    """The last day the register was brought to, or None before the first tick."""
    day = ClockTick.select(ClockTick.day).order_by(ClockTick.day.desc()).scalar()
    return _as_date(day)


def _as_date(value) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)[:10])


def _waiting_changes(result: dict) -> list[dict]:
    def line(kind, entry, effective_on, detail):
        return {"kind": kind, "entity": "waiting_list_entry", "id": entry["id"],
                "person_id": entry["person_id"], "person_name": entry["person_name"],
                "effective_on": effective_on, "detail": detail}
    out = [line("call_expired", e, _as_date(e["call_deadline"]) + dt.timedelta(days=1),
                f"prazo até {_as_date(e['call_deadline']):%d/%m/%Y}")
           for e in result["expired"]]
    out += [line("called", e, _as_date(e["called_at"]),
                 f"prazo para comparecer até {_as_date(e['call_deadline']):%d/%m/%Y}")
            for e in result["called"]]
    return out


def tick(actor: Actor = SYSTEM, *, on: dt.date | None = None) -> dict:
    """Bring the register to `on` (the program's today): {"ran", "day", "last", "changes",
    "counts"}. "ran" is False when that day (or a later one) was already done — and while
    the computer's date is not trusted (`assess`): the program's today is then held at the
    register's last day. Any role opening the program may set it off; the changes are made
    and audited as the system, and journaled row by row (store/row_journal.py) so that
    `undo` can reverse them."""
    permissions.require(actor, "clock.tick")
    on = on or wallclock.today()
    with write_transaction():
        last = last_day()
        if last is not None and on <= last:
            return {"ran": False, "day": on, "last": last, "changes": [], "counts": {}}
        with row_journal.recording() as journal:
            # whoever opened the program, the changes are the system's
            changes = permits.refresh_statuses(SYSTEM, on=on)["changes"]
            changes += _waiting_changes(waiting_list.expire_calls(SYSTEM, on=on))
            changes += summons.resolve(SYSTEM, on=on)
            counts = {kind: sum(c["kind"] == kind for c in changes) for kind in KIND_LABELS}
            counts = {kind: n for kind, n in counts.items() if n}
            row = ClockTick.create(day=on, changes=json.dumps(changes, ensure_ascii=False,
                                                              default=str))
        _keep_journal(on, journal)
        audit.record(SYSTEM, "clock.tick", "clock_tick", row.id,
                     after={"day": on, "previous_day": last, "counts": counts,
                            "opened_by": actor.login})
    return {"ran": True, "day": on, "last": last, "changes": changes, "counts": counts}


def _keep_journal(day: dt.date, journal: row_journal.Journal) -> None:
    rows = [{"day": day, "seq": seq, "table_name": entry["table"], "row_id": entry["row_id"],
             "before": entry["before"], "after": entry["after"]}
            for seq, entry in enumerate(journal.entries())]
    for start in range(0, len(rows), 500):
        ClockJournal.insert_many(rows[start:start + 500]).execute()


def changes_on(day: dt.date | None = None) -> list[dict]:
    """What the passage of time changed when it brought the register to `day` (today), each
    with a Portuguese label: the Painel's list. Empty when that day's step changed nothing
    or has not run."""
    day = day or wallclock.today()
    row = ClockTick.get_or_none(ClockTick.day == day)
    if row is None:
        return []
    out = []
    for change in json.loads(row.changes or "[]"):
        change["effective_on"] = _as_date(change.get("effective_on"))
        change["label"] = KIND_LABELS.get(change["kind"], change["kind"])
        out.append(change)
    return out

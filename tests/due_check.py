"""The due-dates table (services/views/due_dates.py) holds what alerts.due() computes: a check the
story tests make after their steps (issue 23).

    due_dates.rebuild(on)          # what the day's first Painel does
    ... an action ...
    assert_due_table_current(on)   # kept current by the action itself, not rebuilt
"""
from __future__ import annotations

import datetime as dt

from mototaxi_desk.services.views import alerts, due_dates
from mototaxi_desk.store.models import AlertDueState, Person


def _canonical(items: list[dict]) -> list[tuple]:
    return sorted(tuple(sorted((k, str(v)) for k, v in item.items())) for item in items)


def _order(items: list[dict]) -> list[tuple]:
    """The sort key of each item (due date, kind, folded name, entity id), in list order:
    the two lists are in the same order when these sequences are equal."""
    names = dict(Person.select(Person.id, Person.name_folded)
                 .where(Person.id.in_({i["person_id"] for i in items} or {0})).tuples())
    return [(i["due_date"], i["kind"], names.get(i["person_id"], ""), i["entity_id"])
            for i in items]


def assert_due_table_current(on: dt.date, days: int = due_dates.WINDOW, *,
                             where: str = "") -> None:
    """The table is fresh for `on` (no rebuild since) and its items are exactly those of a
    fresh alerts.due(on, days), in the same order."""
    state = AlertDueState.select().order_by(AlertDueState.id).first()
    assert state is not None and not state.stale, f"{where}: the table went stale"
    assert due_dates._as_date(state.day) == on and state.window >= days, where
    stored = due_dates.stored(on, days)
    expected = alerts.due(on=on, days=days)
    assert _canonical(stored) == _canonical(expected), (where, _diff(stored, expected))
    assert _order(stored) == _order(expected), where
    board = due_dates.page(on, days, 3)
    assert board["total"] == len(expected), where
    assert board["overdue"] == sum(i["urgency"] == "overdue" for i in expected), where


def _diff(stored: list[dict], expected: list[dict]) -> dict:
    have, want = _canonical(stored), _canonical(expected)
    return {"only stored": [dict(i) for i in have if i not in want][:5],
            "only computed": [dict(i) for i in want if i not in have][:5]}

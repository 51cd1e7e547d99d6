"""The PostgreSQL twins `make test` leaves out (tests/twins.py), on stand-ins for pytest's items."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests import twins

LAWS = twins.PROFILES


def _item(nodeid: str, marked: bool = False):
    params = nodeid.partition("[")[2].rstrip("]")
    backend = next((b for b in ("sqlite", "postgres") if b in params.split("-")), None)
    return SimpleNamespace(
        nodeid=nodeid,
        callspec=SimpleNamespace(id=params, params={"db_url": backend} if backend else {}),
        get_closest_marker=lambda name: object() if marked and name == "both_backends" else None)


def _ids(items) -> list[str]:
    return [item.nodeid for item in twins.redundant(items)]


def test_below_the_window_both_twins_run():
    items = [_item("tests/services/test_x.py::test_a[sqlite]"),
             _item("tests/services/test_x.py::test_a[postgres]")]
    assert _ids(items) == []


def test_a_window_test_runs_on_sqlite_only_unless_marked():
    items = [_item("tests/gui/test_w.py::test_a[sqlite]"),
             _item("tests/gui/test_w.py::test_a[postgres]"),
             _item("tests/gui/test_w.py::test_b[sqlite]"),
             _item("tests/gui/test_w.py::test_b[postgres]", marked=True)]
    assert _ids(items) == ["tests/gui/test_w.py::test_a[postgres]"]


def test_a_test_asking_for_postgresql_alone_is_kept():
    """No SQLite twin collected (a test of PostgreSQL only, or MOTOTAXI_TEST_PG with -k)."""
    items = [_item("tests/gui/test_w.py::test_on_postgresql[postgres]")]
    assert _ids(items) == []


def test_of_a_test_for_each_law_one_laws_twin_runs_and_the_laws_vary():
    kept_laws = set()
    for n in range(30):
        items = []
        for law in LAWS:
            for backend in ("sqlite", "postgres"):
                items.append(_item(f"tests/services/test_x.py::test_{n}[{backend}-{law}-Art. 5]"))
        dropped = set(_ids(items))
        kept = [i.nodeid for i in items if "postgres" in i.nodeid and i.nodeid not in dropped]
        assert len(kept) == 1 and len(dropped) == len(LAWS) - 1
        assert all("sqlite" not in i for i in dropped)  # every law on SQLite
        kept_laws |= {law for law in LAWS if law in kept[0]}
        assert set(_ids(list(reversed(items)))) == dropped  # whatever the order
    assert kept_laws == set(LAWS)  # each law on PostgreSQL in some test


def test_every_twin_when_asked(monkeypatch):
    monkeypatch.setenv("MOTOTAXI_TEST_PG_TWINS", "all")
    items = [_item("tests/gui/test_w.py::test_a[sqlite]"),
             _item("tests/gui/test_w.py::test_a[postgres]")]
    assert _ids(items) == []


@pytest.mark.parametrize("nodeid, twin", [
    ("tests/x.py::test_a[postgres]", "tests/x.py::test_a[sqlite]"),
    ("tests/x.py::test_a[postgres-lei-1745-2011]", "tests/x.py::test_a[sqlite-lei-1745-2011]"),
    ("tests/x.py::test_a[a-postgres-b]", "tests/x.py::test_a[a-sqlite-b]"),
    ("tests/x.py::test_a[postgresql-x-postgres]", "tests/x.py::test_a[postgresql-x-sqlite]"),
])
def test_the_sqlite_twins_name(nodeid, twin):
    assert twins._sqlite_twin(_item(nodeid)) == twin

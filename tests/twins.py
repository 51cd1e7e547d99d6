"""Which PostgreSQL twins `make test` runs (issue 40 item 6: the suite within 6 minutes).

Every test that takes a database (the `db_url` fixture) runs on SQLite, the backend of most
counters. Its PostgreSQL twin runs where the backend can make a difference that the SQLite
run does not show:

- every test below the window (store, services, command line, scale, releases): the SQL,
  the transactions, the locks and the types are theirs;
- of the window's tests (tests/gui), those marked `both_backends` (the test's subject is the
  backend: a query cut, what the backup tab offers) and those that ask for PostgreSQL by
  name. The window reaches the database only through the services, whose own tests run on
  both; the twins of the others repeated those statements through the widgets, about 58 s
  of the suite's 840 s summed over its workers (06/12/2026);
- of a test run once for each law (a profile among its parameters), the twin of one law,
  a different one from test to test (chosen by the test's name: the same in every run and
  in every pytest-xdist worker). A law is data, read the same way on both backends; every
  law still runs on PostgreSQL in some tests.

A twin is dropped only when its SQLite twin was collected. `MOTOTAXI_TEST_PG_TWINS=all`
runs every twin (after a change to the store or to how the window reads, before a release):
`make test-all-twins`.
"""
from __future__ import annotations

import os
import re
import zlib
from pathlib import Path

PROFILES = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "resources" /
                                   "profiles").glob("*.toml"))
_POSTGRES = re.compile(r"(?<=[\[-])postgres(?=[\]-])")


def every_twin() -> bool:
    return os.environ.get("MOTOTAXI_TEST_PG_TWINS", "") == "all"


def _backend(item) -> str | None:
    callspec = getattr(item, "callspec", None)
    return None if callspec is None else callspec.params.get("db_url")


def _profile(item) -> str | None:
    """The law a test is run for, when one of its parameters names a profile."""
    callspec = getattr(item, "callspec", None)
    if callspec is None:
        return None
    found = [p for p in PROFILES if p in callspec.id]
    return found[0] if len(found) == 1 else None


def _function(item) -> str:
    return item.nodeid.split("[", 1)[0]


def _sqlite_twin(item) -> str:
    head, bracket, params = item.nodeid.partition("[")
    return head + _POSTGRES.sub("sqlite", bracket + params, count=1)


def redundant(items) -> list:
    """The PostgreSQL twins the rules above leave out, in collection order."""
    if every_twin():
        return []
    ids = {item.nodeid for item in items}
    laws: dict[str, set[str]] = {}
    for item in items:
        if _backend(item) == "postgres" and (law := _profile(item)) is not None:
            laws.setdefault(_function(item), set()).add(law)
    chosen = {function: sorted(found)[zlib.crc32(function.encode()) % len(found)]
              for function, found in laws.items()}
    out = []
    for item in items:
        if _backend(item) != "postgres" or _sqlite_twin(item) not in ids \
                or item.get_closest_marker("both_backends"):
            continue
        law = _profile(item)
        if item.nodeid.startswith("tests/gui/") or \
                (law is not None and law != chosen[_function(item)]):
            out.append(item)
    return out


def drop_redundant_postgres_twins(config, items) -> None:
    dropped = redundant(items)
    if dropped:
        left_out = {id(item) for item in dropped}
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if id(item) not in left_out]

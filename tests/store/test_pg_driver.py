"""The PostgreSQL driver is loaded with a PostgreSQL database, not at each start
(store/pg_driver.py): peewee imported by the program finds no psycopg2, and load() leaves it
as its own import with the driver does."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ..conftest import PG_URL

STATE = """
import json, sys, types
{setup}
import peewee
import psycopg2.extensions

def describe(value):  # what each of peewee's names is, without addresses
    if isinstance(value, types.ModuleType):
        return "module " + value.__name__
    if isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
        return f"{{type(value).__name__}} {{value.__module__}}.{{value.__qualname__}}"
    if value is None or isinstance(value, (str, int, float)):
        return repr(value)
    return type(value).__name__
adapter = peewee.Psycopg2Adapter
print(json.dumps({{
    "peewee": {{name: describe(value) for name, value in vars(peewee).items()
                if not name.startswith("__")}},
    "adapter": {{name: repr(value) for name, value in vars(adapter).items()
                 if not callable(value) and not name.startswith("__")}},
    "adapters": sorted(repr(key) for key in psycopg2.extensions.adapters),
    "loaded": {loaded},
}}))
"""


def _state(setup: str, loaded: str) -> dict:
    out = subprocess.run([sys.executable, "-c", STATE.format(setup=setup, loaded=loaded)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def test_the_program_starts_without_the_driver_and_loads_it_as_peewee_would():
    program = _state("import mototaxi_desk.store.connection, peewee\n"
                     "before = 'psycopg2' in sys.modules\n"
                     "from mototaxi_desk.store import pg_driver\n"
                     "none = peewee.psycopg2 is None\n"
                     "pg_driver.load()",
                     "[before, none]")
    assert program["loaded"] == [False, True]  # not imported; peewee took it as missing
    plain = _state("import peewee", "[]")  # peewee imported alone: the driver with it
    assert program["peewee"] == plain["peewee"]
    assert program["adapter"] == plain["adapter"]
    assert program["adapters"] == plain["adapters"]  # the UUID adapter registered too


def test_psycopg2_imported_first_is_taken_as_it_is():
    program = _state("import psycopg2\nimport mototaxi_desk.store.connection",
                     "peewee.psycopg2 is not None")
    assert program["loaded"] is True


@pytest.mark.skipif(not PG_URL, reason="MOTOTAXI_TEST_PG não definido")
def test_a_postgresql_database_opens_in_a_program_that_started_without_the_driver():
    code = ("import sys, mototaxi_desk\n"
            "from mototaxi_desk.store import connection\n"
            "assert 'psycopg2' not in sys.modules\n"
            f"db = connection.make_database({PG_URL!r})\n"
            "db.connect()\n"
            "print(db.execute_sql('select 1').fetchone()[0])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "1"


def test_a_missing_driver_is_said_plainly():
    code = ("import sys\n"
            "sys.modules['psycopg2'] = None  # as if it were not installed\n"
            "from mototaxi_desk.store import connection\n"
            "from mototaxi_desk.store.errors import StoreError\n"
            "try:\n"
            "    connection.make_database('postgresql://usuario@servidor/banco')\n"
            "except StoreError as exc:\n"
            "    print(exc)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "driver do PostgreSQL (psycopg2) não está instalado" in out.stdout

"""Shared fixtures. `db` gives every store and service test a fresh database: SQLite always,
and PostgreSQL too when MOTOTAXI_TEST_PG is set (each test in its own schema, dropped after)."""
from __future__ import annotations

import datetime
import os
import uuid
from pathlib import Path
from urllib.parse import quote

import pytest

from mototaxi_desk.store.migrations import close_database, open_database

PG_URL = os.environ.get("MOTOTAXI_TEST_PG", "")
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.skipif(
    not PG_URL, reason="MOTOTAXI_TEST_PG não definido"))]


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory, monkeypatch):
    """No test touches the real data folder or an outside MOTOTAXI_DB."""
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    monkeypatch.delenv("MOTOTAXI_DB", raising=False)


class PgSchema:
    """A throw-away schema in the test PostgreSQL database; url() points search_path at it."""

    def __init__(self):
        import psycopg2
        self.name = f"t_{uuid.uuid4().hex[:12]}"
        self._conn = psycopg2.connect(PG_URL, connect_timeout=5)
        self._conn.autocommit = True
        with self._conn.cursor() as cur:
            cur.execute(f'CREATE SCHEMA "{self.name}"')

    def url(self) -> str:
        sep = "&" if "?" in PG_URL else "?"
        return f"{PG_URL}{sep}options={quote(f'-c search_path={self.name}')}"

    def drop(self) -> None:
        with self._conn.cursor() as cur:
            cur.execute(f'DROP SCHEMA "{self.name}" CASCADE')
        self._conn.close()


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path):
    """The URL of an empty database on each backend."""
    if request.param == "sqlite":
        yield str(tmp_path / "test.db")
        return
    schema = PgSchema()
    try:
        yield schema.url()
    finally:
        close_database()
        schema.drop()


@pytest.fixture
def db(db_url, tmp_path):
    """An open, migrated, empty database bound to the models."""
    database = open_database(db_url, backup_dir=tmp_path / "backups")
    yield database
    close_database()


MUNICIPIOS = {
    "sao-raimundo-das-mangabeiras-2019": ("São Raimundo das Mangabeiras", "MA", "2111102", 18540),
    "porto-feliz-2017": ("Porto Feliz", "SP", "3540606", 52000),
    "lei-1745-2011": ("Município da Lei 1.745", "MG", "3100104", 59000),
}


@pytest.fixture
def make_municipio(db):
    """Set up the database for a profile: make_municipio("porto-feliz-2017")."""
    from mototaxi_desk.services import setup

    def make(profile_id="sao-raimundo-das-mangabeiras-2019", *, population=None,
             fiscal_unit_value="48,26", today=None):
        name, uf, ibge, default_population = MUNICIPIOS[profile_id]
        return setup.initialise(profile_id=profile_id, municipio=name, uf=uf, ibge=ibge,
                                population=population or default_population,
                                fiscal_unit_value=fiscal_unit_value,
                                admin_password="senha-forte-1", today=today)
    return make


SRM, PF, L1745 = "sao-raimundo-das-mangabeiras-2019", "porto-feliz-2017", "lei-1745-2011"
PROFILE_YEAR_START = datetime.date(2026, 1, 2)  # the fiscal-unit value is set for 2026


@pytest.fixture
def srm(make_municipio):
    return make_municipio(SRM, today=PROFILE_YEAR_START)


@pytest.fixture
def pf(make_municipio):
    return make_municipio(PF, today=PROFILE_YEAR_START)


@pytest.fixture
def l1745(make_municipio):
    return make_municipio(L1745, today=PROFILE_YEAR_START)


@pytest.fixture
def cli(monkeypatch, capsys):
    """Run `mototaxi-desk ARGS` in-process: (exit code, stdout, stderr); never a traceback."""
    import io
    import sys

    from mototaxi_desk.__main__ import main

    def run(*args, stdin="senha-forte-1\n"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse usage errors and --version
            code = exc.code
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err
    return run


@pytest.fixture
def sqlite_db(tmp_path):
    return str(tmp_path / "municipio.db")


@pytest.fixture
def municipio(make_municipio):
    """A set-up município (SRM profile) with its admin; returns the settings summary."""
    return make_municipio()


@pytest.fixture
def demo_data(municipio):
    from mototaxi_desk.services import demo
    return demo.fill(40, seed=11)


def row_counts() -> dict[str, int]:
    """Rows per table, to show that a refused action wrote nothing."""
    from mototaxi_desk.store.models import MODELS, AuditLog
    counts = {m.__name__: m.select().count() for m in MODELS}
    # a refused action writes only the audit entry of its refusal (services/refusals.py)
    counts["AuditLog"] = AuditLog.select().where(~AuditLog.action.startswith("refused:")).count()
    return counts


ROOT = Path(__file__).resolve().parents[1]


# PySide6 can crash while the interpreter tears down Qt objects at exit (seen here as
# "none_dealloc" / "malloc_consolidate" after every test had passed). When Qt was loaded, the
# run ends right after pytest has reported, with pytest's own exit status.
_exit_status = {}


def pytest_sessionfinish(session, exitstatus):
    _exit_status["code"] = int(exitstatus)


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    import sys
    if "code" in _exit_status and any(m.startswith("PySide6") for m in sys.modules):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(_exit_status["code"])

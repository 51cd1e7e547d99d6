"""Shared fixtures. Use them: they keep the suite fast (README: `make test` time).

- `db` — an open, migrated, empty database, once per backend: SQLite always (a copy of a
  migrated file), PostgreSQL too when MOTOTAXI_TEST_PG is set (a schema of its own, taken
  from a pool and emptied, tests/prepared.py). `db_url` is its URL (an empty database, not
  migrated, when a test asks for `db_url` alone). Parametrize `db_url` indirectly
  (`[BACKENDS[1]]`: PostgreSQL with its skip mark) for a test of one backend.
- `make_municipio(profile, today=...)`, `srm`, `pf`, `l1745`, `municipio` — a set-up
  município through `setup.initialise`, as `init` does (cheap: see below).
- `demo_data` — the default município with `demo.fill(40, seed=11)`: built once per session
  and backend, then copied into each test's database (milliseconds instead of seconds).
  Need other prepared data for many tests? Build it once the same way:
  `templates(backend).build(name, make, base=...)`, then `.restore(name, db_url)`.
- GUI tests (tests/gui/conftest.py): no modal window waits for a user; `prompts` answers
  gui/prompts.py. A window per test costs 0.1-0.2 s on the demo copy.
- Passwords are hashed with a cheap argon2 in every test (`_cheap_password_hashing`); the
  production parameters are checked by the tests that ask for `production_hashing`.
- Every test has its own data folder (MOTOTAXI_DATA_DIR) and no MOTOTAXI_DB.
- `clock_at(day)` sets the program's one clock (domain/wallclock.py) for the rest of a test.
"""
from __future__ import annotations

import contextlib
import copy
import datetime
import hashlib
import os
import time
from pathlib import Path

import pytest
from argon2 import PasswordHasher

from mototaxi_desk.services.administration import users
from mototaxi_desk.store.migrations import close_database, open_database

from . import affinity, twins
from .prepared import PostgresBackend, SqliteBackend, Templates, fingerprint

PG_URL = os.environ.get("MOTOTAXI_TEST_PG", "")
BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.skipif(
    not PG_URL, reason="MOTOTAXI_TEST_PG não definido"))]

PRODUCTION_HASHER = users._hasher
# argon2's smallest parameters: a hash costs microseconds instead of 0.5-1 s
CHEAP_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)


def pytest_configure(config):
    """Before any test (in the controller, before pytest-xdist starts its workers): the
    server's catalogue tidied if earlier runs left it bloated (tests/prepared.py). In a
    worker: the worker on a core of its own (tests/affinity.py)."""
    affinity.pin_worker(config)
    if PG_URL and not hasattr(config, "workerinput"):
        import psycopg2

        from .prepared import tidy_catalogue
        try:
            connection = psycopg2.connect(PG_URL, connect_timeout=5)
        except psycopg2.Error:
            return  # the tests that need the server say so themselves
        try:
            connection.autocommit = True
            with connection.cursor() as cursor:
                tidy_catalogue(cursor, full=True)
        finally:
            connection.close()


# Tests of several seconds each (whole stories, subprocesses, every screen rendered): run
# first, so that the workers' last minutes hold short tests and neither waits alone for one
# of these at the end (pytest-xdist's work stealing balances the rest). A stale entry only
# stops matching.
LONG_FIRST = (
    "tests/unit/test_import_layers.py::test_every_module_imports_as_the_first_one_loaded",
    "tests/services/test_crash_safety.py::test_power_cut_during_a_burst",
    "tests/gui/test_app.py::test_screenshots_render",
    "tests/test_cli_municipio_vazio.py::",
    "tests/gui/test_municipio_vazio.py::",
    "tests/services/test_invariants.py::test_random_actions_keep_the_invariants",
    "tests/test_wheel_install.py::",
    "tests/services/test_atomic_actions.py::test_every_write_of_a_burst",
    "tests/browser/test_verifier_camera.py::",
)


def pytest_collection_modifyitems(config, items):
    twins.drop_redundant_postgres_twins(config, items)
    items.sort(key=lambda item: not item.nodeid.startswith(LONG_FIRST))  # stable: else as found


@pytest.fixture(scope="session", autouse=True)
def _cheap_password_hashing():
    """Every password hashed or checked in a test uses CHEAP_HASHER (services.users._hasher
    is the seam). Hashes made with it still look like production ones ($argon2id$...)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(users, "_hasher", CHEAP_HASHER)
        yield


@pytest.fixture(scope="session", autouse=True)
def _kept_postgres_sessions():
    """The program's PostgreSQL sessions are kept between tests (tests/pg_reuse.py)."""
    if not PG_URL:
        yield
        return
    from . import pg_reuse
    with pytest.MonkeyPatch.context() as patch:
        pg_reuse.install(patch)
        yield
    pg_reuse.close_all()


@pytest.fixture
def production_hashing(monkeypatch):
    """This test hashes with the parameters the program ships with."""
    monkeypatch.setattr(users, "_hasher", PRODUCTION_HASHER)
    return PRODUCTION_HASHER


@pytest.fixture(autouse=True)
def _one_clock():
    """Every test starts on the computer's own clock, with no day held (a test that moved the
    program's one clock, domain/wallclock.py, never moves the next one's)."""
    from mototaxi_desk.domain import wallclock
    wallclock.hold(None)
    yield
    wallclock.hold(None)


@pytest.fixture
def clock_at():
    """clock_at(day or datetime): the computer's clock says that day for the rest of the test,
    for the whole program (window, commands, services) through its one clock."""
    import contextlib

    from mototaxi_desk.domain import wallclock
    with contextlib.ExitStack() as stack:
        def move(to):
            stack.close()
            stack.enter_context(wallclock.travel(to))
        yield move


@pytest.fixture(autouse=True)
def _isolated_data_dir(tmp_path_factory, monkeypatch):
    """No test touches the real data folder or an outside MOTOTAXI_DB."""
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    monkeypatch.delenv("MOTOTAXI_DB", raising=False)


def backend_of(url: str) -> str:
    return "postgres" if url.startswith("postgres") else "sqlite"


@pytest.fixture(scope="session")
def templates(tmp_path_factory):
    """templates("sqlite"|"postgres") -> that backend's Templates (tests/prepared.py), made
    on first use and dropped at the end of the session."""
    made: dict[str, Templates] = {}

    def get(kind: str) -> Templates:
        if kind not in made:
            root = tmp_path_factory.mktemp(f"templates-{kind}")
            made[kind] = Templates(SqliteBackend(root) if kind == "sqlite"
                                   else PostgresBackend(PG_URL), root)
        return made[kind]
    yield get
    for each in made.values():
        each.backend.close()


@pytest.fixture(params=BACKENDS)
def db_url(request, tmp_path, templates):
    """The URL of an empty database on each backend; when the test also uses `db`, of a copy
    of a migrated one (on PostgreSQL a schema of its own, taken from a pool)."""
    if request.param == "postgres" and not PG_URL:  # asked by name, not as BACKENDS[1]:
        # without a server its URL would open an SQLite file named '?options=...'
        pytest.skip("MOTOTAXI_TEST_PG não definido")
    backend = templates(request.param).backend
    if "db" in request.fixturenames or "migrated_db_url" in request.fixturenames:
        url = templates(request.param).database("migrated", tmp_path)
    else:
        url = backend.empty(tmp_path)
    try:
        yield url
    finally:
        close_database()
        backend.release(url)


@pytest.fixture
def migrated_db_url(db_url):
    """`db_url` with the program's tables already made, and no rows: for tests whose `init`
    only sets the scene (on PostgreSQL the tables' DDL costs about a quarter of a second
    each time). The first run from a database with nothing in it is tested with `db_url`
    alone (the município vazio stories, `init`'s own tests)."""
    return db_url


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
def make_municipio(db, db_url, templates):
    """Set up the database for a profile: make_municipio("porto-feliz-2017").

    What setup.initialise() makes for the same values is a template (tests/prepared.py),
    built once per session and backend and copied into the test's empty database: about a
    tenth of a second saved in each of some 1,500 tests. The template's name holds every
    input of the set-up (the values, the year, the schema's version, the profile files, the
    functions it calls), so a test that changed one of them (a patched step or profile)
    gets a set-up of its own; production hashing and a database that is not empty any more
    are set up for real."""
    from mototaxi_desk.services import setup

    def make(profile_id="sao-raimundo-das-mangabeiras-2019", *, population=None,
             fiscal_unit_value="48,26", today=None):
        values = municipio_values(profile_id, population=population,
                                  fiscal_unit_value=fiscal_unit_value)
        day = today or datetime.date.today()
        # of the day, set-up uses the year alone (that year's fiscal-unit value and tariff)
        name = "municipio-" + hashlib.sha256(repr(
            (sorted(values.items()), day.year, _setup_inputs(profile_id))).encode()
        ).hexdigest()[:16]
        return from_template(db_url, templates, name,
                             lambda: setup.initialise(today=day, **values),
                             for_real=lambda: setup.initialise(today=today, **values))
    return make


def municipio_values(profile_id: str, *, population=None, fiscal_unit_value="48,26") -> dict:
    """setup.initialise()'s values for the test município of `profile_id` (MUNICIPIOS)."""
    name, uf, ibge, default_population = MUNICIPIOS[profile_id]
    return dict(profile_id=profile_id, municipio=name, uf=uf, ibge=ibge,
                population=population or default_population,
                fiscal_unit_value=fiscal_unit_value, admin_password="senha-forte-1")


def from_template(db_url, templates, name: str, make, *, for_real=None):
    """What make() writes on an empty migrated database, as template `name` (built once per
    session and backend, tests/prepared.py) copied into the test's database; returns a copy
    of what make() returned. Where the test's database is no longer the empty copy it got,
    or passwords are hashed as in production, `for_real` (default: make) runs on it
    instead."""
    prepared = templates(backend_of(db_url))
    if users._hasher is not CHEAP_HASHER or fingerprint() != prepared.state("migrated"):
        return (for_real or make)()
    result = prepared.build(name, make)
    prepared.restore(name, db_url)
    return copy.deepcopy(result)


def _setup_inputs(profile_id: str) -> tuple:
    """What else setup.initialise() depends on, cheaply: the schema's version, the profile
    files' text, and which functions it calls (a test that patched one gets its own)."""
    from mototaxi_desk import profile_files
    from mototaxi_desk.domain import profiles
    from mototaxi_desk.services import setup
    from mototaxi_desk.store import migrations
    functions = (setup.initialise, setup.validate_init, setup.profile, setup.summary,
                 profile_files.find, profiles.parse_profile_text, users._hasher)
    return (migrations.LATEST, str(profiles.PROFILES_DIR), profile_files.files_of(profile_id),
            tuple(id(f) for f in functions))


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


CLI_LOGIN = ("admin", "senha-forte-1")  # the admin `init` and make_municipio make


@pytest.fixture
def cli(monkeypatch, capsys):
    """Run `mototaxi-desk ARGS` in-process: (exit code, stdout, stderr); never a traceback.
    Logged in as the município's admin (MOTOTAXI_USER / MOTOTAXI_PASSWORD, as a script
    would): a test of the login itself changes or removes them with monkeypatch."""
    import io
    import sys

    from mototaxi_desk.__main__ import main
    monkeypatch.setenv("MOTOTAXI_USER", CLI_LOGIN[0])
    monkeypatch.setenv("MOTOTAXI_PASSWORD", CLI_LOGIN[1])

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


@contextlib.contextmanager
def time_zone(name: str, posix: str):
    """This process in the zone `name` (the system's, where it has the data, as an office PC
    does: the signing library wants a zone's name), else in the POSIX rule `posix`."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = name if Path("/usr/share/zoneinfo", name).exists() else posix
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = before
        time.tzset()


@pytest.fixture
def brasilia():
    """This process in Brasília time (UTC−3)."""
    with time_zone("America/Sao_Paulo", "<-03>3"):
        yield


@pytest.fixture
def sqlite_db(tmp_path):
    return str(tmp_path / "municipio.db")


@pytest.fixture
def municipio(make_municipio):
    """A set-up município (SRM profile) with its admin; returns the settings summary."""
    return make_municipio()


@pytest.fixture
def demo_data(municipio, db_url, templates):
    """The default município (`municipio`) with `demo.fill(40, seed=11)`: 40 holders, their
    stands, vehicles, inspections, a waiting list and the demo users (admin, atendente, fiscal,
    supervisor; password demo.DEMO_PASSWORD). A copy of a database filled once per session
    and backend. Returns fill's counts."""
    from mototaxi_desk.demo import data as demo
    from mototaxi_desk.services import setup
    prepared = templates(backend_of(db_url))
    prepared.build("municipio", lambda: _default_municipio(setup))
    counts = prepared.build("demo", lambda: demo.fill(40, seed=11), base="municipio")
    if fingerprint() != prepared.state("municipio"):  # a fixture changed the município first
        return demo.fill(40, seed=11)
    prepared.restore("demo", db_url)
    return dict(counts)


def _default_municipio(setup) -> dict:
    """What make_municipio() does with its defaults."""
    return setup.initialise(**municipio_values(SRM))


def row_counts() -> dict[str, int]:
    """Rows per table, to show that a refused action wrote nothing."""
    from mototaxi_desk.store import plain_sql
    from mototaxi_desk.store.models import MODELS, AuditLog, StationMark

    # a refused action writes only the audit entry of its refusal (services/refusals.py) and,
    # from the command line, the entry of the login that preceded it (cli/common.actor);
    # StationMark follows the chain's head, those entries' too. One statement (UNION ALL),
    # not one per table: on PostgreSQL 4 ms instead of 25; written as text, as prepared.py's
    # fingerprint is (peewee took 4 ms to compose it)
    parts = [f"SELECT '{m.__name__}', COUNT(*) FROM \"{m._meta.table_name}\""
             for m in MODELS if m not in (AuditLog, StationMark)]
    parts.append("SELECT 'AuditLog', COUNT(*) FROM audit_log "
                 "WHERE NOT LOWER(action) LIKE ? AND action <> 'user.login'")
    return dict(plain_sql.rows(" UNION ALL ".join(parts), "refused:%"))


def program_update(model, where, **values) -> int:
    """Set up a state by a query update made as the program makes one (issue 34): each row
    checked against its seal and sealed again, so the next action on it is not refused as
    a row edited outside the program (store.seals.sealed_update)."""
    from mototaxi_desk.store.connection import write_transaction
    from mototaxi_desk.store.seals import sealed_update
    with write_transaction():
        ids = [i for (i,) in model.select(model.id).where(where).tuples()]
        return sealed_update(model, ids, **values)


ROOT = Path(__file__).resolve().parents[1]




def _wait_for_background_work() -> None:
    import sys
    if "PySide6.QtWidgets" in sys.modules:
        from mototaxi_desk.gui.workers import wait_for_background_work
        wait_for_background_work()


@pytest.fixture(scope="session")
def qapp(qapp):
    """pytest-qt's application, with the program's garbage collection on the GUI thread
    (mototaxi_desk/gui/gc_collector.py): an xdist worker crashed when a background job
    collected a closed window's Qt objects in its own thread."""
    from mototaxi_desk.gui import gc_collector
    gc_collector.install(qapp)
    return qapp


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item):
    """A test's background jobs (the Painel loading, a backup) end before its fixtures close
    and drop its database (a job left running would read a database the next test
    replaced); then the garbage the test left in cycles is collected here, on the GUI
    thread, as the program's timer does.

    Once its fixtures are closed, the windows it left hidden are deleted through Qt (as at
    the session's end): dialogs closed but never deleted, kept alive by their signal
    connections' cycles, piled up by the thousand over the suite (three tests of the empty
    município left 18,000 widgets), and every later style sheet or font set on the
    application walked them all again (run_gui's set-up took 8 s each then)."""
    import sys
    _wait_for_background_work()
    if "mototaxi_desk.gui.gc_collector" in sys.modules:
        sys.modules["mototaxi_desk.gui.gc_collector"].collect_if_due()
    result = yield
    if "PySide6.QtWidgets" in sys.modules:
        from mototaxi_desk.gui.shutdown import delete_hidden_windows
        delete_hidden_windows()
    return result


def pytest_sessionfinish(session, exitstatus):
    """The windows tests leave open are deleted through Qt before the interpreter exits,
    as the program does (mototaxi_desk/gui/shutdown.py explains the crash this prevents)."""
    import sys
    _wait_for_background_work()
    if "PySide6.QtWidgets" in sys.modules:
        from mototaxi_desk.gui.shutdown import delete_windows
        delete_windows()

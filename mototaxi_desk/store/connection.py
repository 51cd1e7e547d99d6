"""Opening a database by URL: a file path, sqlite:///path, or postgresql://user@host/db."""
from __future__ import annotations

import logging
import os
import threading
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urlparse

import peewee as pw

from ..domain.os_errors import os_error_text
from . import pg_driver, reconnect, row_journal
from .errors import StoreError
from .reconnect import ConnectionLost, Reconnecting  # noqa: F401 (for the layers above)
from ..domain import alert_sources
from .models import DB, AlertDueState, touched_rows

_log = logging.getLogger(__name__)

SQLITE_PRAGMAS = {
    "journal_mode": "wal",   # readers never block the writer at the counter
    "foreign_keys": 1,
    "busy_timeout": 10000,  # ms: two windows writing at once wait instead of failing
    "synchronous": "normal",  # safe with WAL: a power cut loses at most the last commit
}


def describe(url: str) -> str:
    """The URL without its password, for the status bar and logs."""
    parsed = urlparse(url)
    if parsed.scheme.startswith("postgres"):
        host = parsed.hostname or "localhost"
        port = f":{parsed.port}" if parsed.port else ""
        return f"PostgreSQL {parsed.username or ''}@{host}{port}/{parsed.path.lstrip('/')}"
    return f"SQLite {sqlite_path(url)}"


def sqlite_path(url: str) -> Path:
    if url.startswith("sqlite:///"):
        return Path(unquote(url[len("sqlite:///"):]) or ".")
    return Path(url)


DatabaseBusy = pw.OperationalError  # "database is locked" past busy_timeout, and kin: for
# the layers above, which do not import peewee


class Interrupted(StoreError):
    """A query of background work the program asked to stop (a window closing while its
    Painel or a check still reads): the work's transaction rolls back, nothing is written."""

    def __init__(self, message: str = "Trabalho em segundo plano interrompido."):
        super().__init__(message)


_stopping = threading.local()
_one_server_core = False  # yield_server_cores(): this process's sessions without parallel workers


class _Stoppable:
    """Every query of a thread whose stop event is set raises Interrupted before it starts
    (one already running is cut by interrupt()). A write while this thread's row journal
    records is noted there first (store/row_journal.py: the passage of time, undoable)."""

    def execute(self, query, *args, **kwargs):
        if row_journal.active() is not None:
            row_journal.before_execute(query)
        return super().execute(query, *args, **kwargs)

    def execute_sql(self, sql, params=None, *args, **kwargs):
        if stop_requested():
            raise Interrupted()
        return super().execute_sql(sql, params, *args, **kwargs)


class SqliteDatabase(_Stoppable, pw.SqliteDatabase):
    pass


class PostgresqlDatabase(_Stoppable, Reconnecting, pw.PostgresqlDatabase):
    """A dropped connection is opened anew: reads sent again, a write reported
    (store/reconnect.py)."""

    def _initialize_connection(self, conn):
        """Each session, as peewee opens it (a connection opened anew too). A statement
        whose process is gone (a child job killed as the window closes, a window ended
        from the task manager) stops within a second, instead of working on for nobody
        (measured at 100,000 holders: the start-up check's hashing, on one core, went on
        1.2 s after its child was killed 3 s in; a longer chain, longer). One core of the
        server for a process that yields (yield_server_cores)."""
        super()._initialize_connection(conn)
        settings = ["SET client_connection_check_interval = 1000"] \
            if conn.server_version >= 140000 else []  # the setting's first release
        if _one_server_core:
            settings.append("SET max_parallel_workers_per_gather = 0")
        if settings:
            with conn.cursor() as cursor:  # peewee's connections commit each statement
                cursor.execute("; ".join(settings))


def yield_server_cores() -> None:
    """From now on, the PostgreSQL sessions this process opens run each statement on one
    core of the server (no parallel workers): for work nobody waits for (the
    administrator's start-up check, services/child_jobs.py), whose server may share the
    counter PC's cores with the window. Set as each session opens, so a connection opened
    anew (store/reconnect.py) keeps it."""
    global _one_server_core
    _one_server_core = True


def stop_queries_when(event: threading.Event | None) -> None:
    """From now on this thread's queries raise Interrupted once `event` is set (None: never)."""
    _stopping.event = event


def stop_requested() -> bool:
    """Whether this thread's work was asked to stop (stop_queries_when's event is set): for
    work that waits on something other than a query (a child process)."""
    event = getattr(_stopping, "event", None)
    return event is not None and event.is_set()


def current_url() -> str | None:
    """The URL the program's database was opened with (None when none is): what a child
    process opens to work on the same database."""
    return getattr(DB.obj, "opened_from", None)


def thread_connection():
    """This thread's connection to the program's database (opened now if need be; None with
    no database open): what interrupt() is given from another thread."""
    return DB.obj.connection() if DB.obj is not None else None


def interrupt(raw_connection) -> None:
    """Cut the statement running now on a connection another thread uses (sqlite3's
    interrupt(), psycopg2's cancel(): both made to be called from another thread)."""
    stop = getattr(raw_connection, "interrupt", None) or getattr(raw_connection, "cancel", None)
    try:
        if stop is not None:
            stop()
    except Exception:  # noqa: BLE001 - closed meanwhile: nothing left to cut
        pass


def make_database(url: str) -> pw.Database:
    """A peewee Database for the URL, not yet connected. Malformed URLs raise StoreError."""
    if not url or not url.strip():
        raise StoreError("Endereço do banco de dados vazio.")
    url = url.strip()
    scheme = url.split(":", 1)[0].lower() if "://" in url else ""
    if scheme in ("postgresql", "postgres"):
        return _postgres(url)
    if scheme == "sqlite":
        if not url.startswith("sqlite:///") or url == "sqlite:///":
            raise StoreError(f"Endereço SQLite malformado: '{url}'. Use sqlite:///caminho/arquivo.db")
    elif scheme:
        raise StoreError(f"Tipo de banco de dados não suportado: '{scheme}'. "
                         "Use um caminho de arquivo, sqlite:///... ou postgresql://...")
    path = sqlite_path(url)
    return SqliteDatabase(str(path), pragmas=SQLITE_PRAGMAS)


def _postgres(url: str) -> pw.Database:
    try:
        parsed = urlparse(url)
        port = parsed.port
    except ValueError:
        raise StoreError(f"Endereço PostgreSQL malformado: '{url}'.") from None
    name = parsed.path.lstrip("/")
    if not parsed.hostname or not name or "/" in name:
        raise StoreError(f"Endereço PostgreSQL malformado: '{url}'. "
                         "Use postgresql://usuario:senha@servidor:5432/banco")
    params = {"host": parsed.hostname, "port": port or 5432,
              "user": unquote(parsed.username or ""), "connect_timeout": 5,
              "application_name": "mototaxi-desk", **reconnect.KEEPALIVES}
    if parsed.password:
        params["password"] = unquote(parsed.password)
    for pair in filter(None, parsed.query.split("&")):
        key, _, value = pair.partition("=")
        if key in ("sslmode", "options"):
            params[key] = unquote(value)
    try:
        pg_driver.load()  # peewee was imported without it (store/pg_driver.py)
    except ImportError:
        raise StoreError("O driver do PostgreSQL (psycopg2) não está instalado: reinstale "
                         "o programa.") from None
    return PostgresqlDatabase(name, autorollback=False, **params)


def connect(url: str, *, check: bool = True) -> pw.Database:
    """Bind DB to the URL's database and connect; StoreError with a clear message if not.
    An SQLite file must pass a quick integrity check: a damaged one is not written to.
    `check=False` leaves that check to the caller (the GUI runs `quick_check_file` while the
    login shows, and lets nobody in before it has passed)."""
    database = make_database(url)
    is_sqlite = isinstance(database, pw.SqliteDatabase)
    if is_sqlite:
        _check_sqlite_location(sqlite_path(url))
        warning = location_warning(url)
        if warning:
            _log.warning(warning)
    try:
        database.connect(reuse_if_open=True)
        if is_sqlite:
            database.execute_sql("PRAGMA schema_version").fetchone()  # touches the file
            if check:
                problem = database.execute_sql("PRAGMA quick_check(1)").fetchone()[0]
                if problem != "ok":
                    raise pw.DatabaseError(problem)
    except pw.OperationalError as exc:
        database.close()
        raise StoreError(_explain(url, exc)) from None
    except pw.DatabaseError as exc:  # corrupt pages, or not a database at all
        database.close()
        if not is_sqlite:
            raise StoreError(_explain(url, exc)) from None
        from .backup import damaged_message
        raise StoreError(damaged_message(sqlite_path(url), _first_line(exc))) from None
    database.opened_from = url  # current_url()
    DB.initialize(database)
    return database


def quick_check_file(path: Path) -> str | None:
    """PRAGMA quick_check of an SQLite file on a connection of its own, read-only, so it can
    run in another thread: None when sound, else the message that names the restore command."""
    import sqlite3
    try:
        raw = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True,
                              check_same_thread=False)
        try:
            problem = raw.execute("PRAGMA quick_check(1)").fetchone()[0]
        finally:
            raw.close()
    except sqlite3.DatabaseError as exc:
        problem = _first_line(exc)
    if problem == "ok":
        return None
    from .backup import damaged_message
    return damaged_message(Path(path), problem)


def location_warning(url: str) -> str | None:
    """A warning when an SQLite database lies on a network share (None otherwise)."""
    if url.strip().lower().startswith("postgres"):
        return None
    from .location import network_warning
    return network_warning(sqlite_path(url.strip()))


def shown_path(path) -> str:
    """A path as a message shows it: a very long one cut in the middle."""
    text = str(path)
    return text if len(text) <= 120 else f"{text[:60]}…{text[-40:]}"


def sqlite_file_exists(path: Path) -> bool:
    """Whether the database file is there; StoreError (in Portuguese) for a path the
    system refuses (a name too long, a file where a folder should be...)."""
    try:
        return Path(path).is_file()
    except OSError as exc:
        raise StoreError(f"Caminho do banco de dados inválido ('{shown_path(path)}'): "
                         f"{os_error_text(exc)}.") from None


def _check_sqlite_location(path: Path) -> None:
    try:
        _check_sqlite_folder(path)
    except OSError as exc:  # a name too long, a file where a folder should be...
        raise StoreError(f"Caminho do banco de dados inválido ('{shown_path(path)}'): "
                         f"{os_error_text(exc)}.") from None


def _check_sqlite_folder(path: Path) -> None:
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise StoreError(f"'{path}' é uma pasta, não um arquivo de banco de dados.")
    if not path.exists():
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"Não foi possível criar a pasta de dados '{folder}': "
                             f"{os_error_text(exc)}.") from None
        if not os.access(folder, os.W_OK):
            raise StoreError(f"A pasta de dados '{folder}' é somente leitura; "
                             "escolha outra pasta ou peça permissão de escrita.")
    elif not os.access(path, os.W_OK) or not os.access(folder, os.W_OK):
        raise StoreError(f"O banco de dados '{path}' ou sua pasta é somente leitura; "
                         "o SQLite precisa escrever na pasta.")


def _first_line(exc: Exception) -> str:
    lines = [ln for ln in str(exc).strip().splitlines() if ln.strip() and not ln.startswith("***")]
    return lines[0] if lines else type(exc).__name__  # "*** in database main ***" says nothing


def _explain(url: str, exc: Exception) -> str:
    first_line = _first_line(exc)
    if url.startswith("postgres"):
        return (f"Não foi possível conectar ao PostgreSQL ({describe(url)}): {first_line}. "
                "Verifique o servidor, a rede e o usuário.")
    return f"Não foi possível abrir o banco de dados {describe(url)}: {first_line}."


def is_postgres(database: pw.Database | None = None) -> bool:
    return isinstance(database or DB.obj, pw.PostgresqlDatabase)


_after = threading.local()


def after_outermost_transaction(callback) -> None:
    """Run `callback` once the outermost write_transaction of this thread has ended, committed
    or rolled back (e.g. to audit a refusal that the rollback would otherwise erase)."""
    if not hasattr(_after, "callbacks"):
        _after.callbacks = []
    if callback not in _after.callbacks:
        _after.callbacks.append(callback)


_before_commit: list = []


def before_commit(callback, *, first: bool = False) -> None:
    """Run `callback()` at the end of every outermost write_transaction, inside it, just
    before it commits (the audit service seals the rows the action saved). `first`: before
    the others (the audit entries a concurrent action queued, under the chain lock: what
    the others do then runs under it too)."""
    if callback not in _before_commit:
        if first:
            _before_commit.insert(0, callback)
        else:
            _before_commit.append(callback)


_change_listener: list = []


def listen_to_changes(callback) -> None:
    """`callback(action, entity, entity_id)` for every audited change of this process
    (services/views/due_dates.py, which keeps the Painel's due-dates table current)."""
    _change_listener[:] = [callback]


def changed(action: str, entity: str, entity_id) -> None:
    """An audited change (services/audit.py). In a process where nobody keeps the due-dates
    table current, a change that may move a deadline marks it stale: the next Painel
    rebuilds it, it is never left wrong."""
    if _change_listener:
        _change_listener[0](action, entity, entity_id)
    elif alert_sources.classify(action, entity, entity_id) is not None:
        AlertDueState.update(stale=True).execute()


def serialise(name: str) -> None:
    """Inside a transaction: actions calling this with the same name run one after the other
    (PostgreSQL transaction advisory lock, per schema, freed at commit or rollback; re-entrant
    within the transaction). SQLite's write transaction already runs alone."""
    if is_postgres():
        _advisory("pg_advisory_xact_lock", name)


def _advisory(function: str, name: str):
    """SELECT one of PostgreSQL's advisory lock functions on the key of `name` in this
    schema: its answer."""
    return DB.obj.execute_sql(f"SELECT {function}(hashtext(%s), hashtext(current_schema()))",
                              (f"mototaxi-desk:{name}",)).fetchone()[0]


SESSION_LOCK_WAIT_S = 120  # then the work goes on without it (it must stay correct alone)


@contextmanager
def session_lock(name: str, wait_s: float | None = None):
    """Work with this name runs one at a time across every counter of a PostgreSQL database
    (a session advisory lock, per schema: held across transactions, until the block ends or
    the connection closes); a second one waits, and may then find the work done. It waits
    `wait_s` at most (a counter that vanished mid-work keeps its lock until the server
    notices) and then goes on without the lock; a stop asked of the thread ends the wait.
    SQLite: one PC, the caller's own lock suffices."""
    if not is_postgres():
        yield
        return
    import time
    wait_s = SESSION_LOCK_WAIT_S if wait_s is None else wait_s
    deadline = time.monotonic() + wait_s
    while True:
        held = _advisory("pg_try_advisory_lock", name)
        if held or time.monotonic() >= deadline:
            break
        if stop_requested():
            raise Interrupted()
        time.sleep(0.1)
    if not held:
        _log.warning("trava %s não obtida em %s s: segue sem ela", name, wait_s)
    try:
        yield
    finally:
        if held:
            try:
                if not _advisory("pg_advisory_unlock", name):  # another session answered (a pooler): it ends with it
                    _log.warning("trava %s não era desta sessão", name)
            except pw.PeeweeException:  # a broken session: closing it frees the lock
                _log.warning("trava %s não liberada; sai com a conexão", name, exc_info=True)


WRITE_LOCK = "write"  # every PostgreSQL write transaction: shared (concurrent) or alone
CHAIN_LOCK = "audit-chain"  # the append to the audit hash chain: always the last lock taken

_tx = threading.local()  # the outermost write_transaction of this thread: its mode


def lock_audit_chain() -> None:
    """Wait for the audit hash chain, so two counters never link their entries to the same
    previous one. Held until the transaction ends. Outside a write_transaction (a bulk
    filler's own transaction) it also waits for every writer to end (the write lock, alone),
    as every append did before the chain had its own lock."""
    if not is_postgres():
        return
    if not getattr(_tx, "active", False):
        serialise(WRITE_LOCK)
    if not getattr(_tx, "chain_held", False):
        serialise(CHAIN_LOCK)
        if getattr(_tx, "active", False):
            _tx.chain_held = True


def chain_deferred() -> bool:
    """Whether this thread's audit entries wait for the end of its transaction (a concurrent
    write_transaction on PostgreSQL that has not yet taken the chain): they are appended,
    under the chain lock, just before it commits (services/audit.py)."""
    return getattr(_tx, "concurrent", False) and not getattr(_tx, "chain_held", False)


def pending_entries() -> list:
    """The audit entries this thread's transaction will append before it commits (a
    savepoint rolled back drops those it queued)."""
    if not hasattr(_tx, "entries"):
        _tx.entries = []
    return _tx.entries


class WriteConflict(StoreError):
    """PostgreSQL ended this action's transaction to break a deadlock between two counters
    (SQLSTATE 40P01), or a serialization failure (40001): nothing of it was written, and
    running it again succeeds (retry_conflicts)."""

    def __init__(self, message: str = "Outro terminal alterava os mesmos dados ao mesmo tempo; "
                                      "nada foi gravado. Tente de novo."):
        super().__init__(message)


CONFLICT_CODES = ("40P01", "40001")
CONFLICT_ATTEMPTS = 5
_conflicts = {"retried": 0, "surfaced": 0}  # this process's counts (the counters benchmark)


def conflict_counts() -> dict:
    return dict(_conflicts)


def _is_conflict(exc: BaseException | None) -> bool:
    seen = 0
    while exc is not None and seen < 5:
        if getattr(exc, "pgcode", None) in CONFLICT_CODES:
            return True
        inner = exc.args[0] if getattr(exc, "args", None) and \
            isinstance(exc.args[0], BaseException) else None
        exc = inner or exc.__cause__ or exc.__context__
        seen += 1
    return False


def retry_conflicts(action):
    """The action run again (after a short random pause) when PostgreSQL ended its
    transaction for a deadlock or a serialization failure, up to CONFLICT_ATTEMPTS times;
    inside an outer transaction it runs once (the outermost action is the one to repeat)."""
    import functools
    import random
    import time

    @functools.wraps(action)
    def run(*args, **kwargs):
        attempt = 0
        while True:
            nested = DB.obj is not None and DB.obj.in_transaction()
            try:
                return action(*args, **kwargs)
            except WriteConflict:
                attempt += 1
                if nested or attempt >= CONFLICT_ATTEMPTS:
                    if not nested:
                        _conflicts["surfaced"] += 1
                    raise
                _conflicts["retried"] += 1
                _log.info("conflito entre terminais: %s repetido (%s)", action.__name__,
                          attempt)
                time.sleep(random.uniform(0.005, 0.03) * attempt)
    return run


def locked(query):
    """The query with FOR UPDATE on PostgreSQL: the rows it reads stay locked until the
    action's transaction ends, so a second counter reading them waits and then sees what the
    first one committed. SQLite needs nothing: its write transaction already runs alone."""
    return query.for_update() if is_postgres() else query


@contextmanager
def write_transaction(*, concurrent: bool = False):
    """The transaction of one user action; nested calls become savepoints.

    A check made inside the transaction still holds when the action writes (the limits, the
    "once only" rules, the numbers, the audit chain):
    - SQLite takes the write lock at once (BEGIN IMMEDIATE): one action writes at a time; two
      windows or processes queue on busy_timeout instead of failing mid-way;
    - PostgreSQL takes the write advisory lock as its first statement, freed at commit or
      rollback. By default alone: the action runs while no other writes, as SQLite's. An
      action whose conflicts are each taken by a lock of its own (`concurrent=True`: the
      record it changes with locked(), its number's row in sequences, the person or stand
      it counts with serialise(), the audit chain at the end) takes it shared: such actions
      run beside each other, and none beside an action that runs alone. Its audit entries
      are appended just before it commits, under the chain lock (services/audit.py), which
      is always the last lock: locks in the order write, records, chain.
    A PostgreSQL deadlock or serialization failure (the whole transaction rolled back) comes
    out as WriteConflict, for retry_conflicts to run the action again."""
    database = DB.obj
    outermost = not database.in_transaction()
    postgres = isinstance(database, pw.PostgresqlDatabase)
    # rows saved before it (outside any transaction) still wait for their seal after a
    # rollback: a row left unsealed would be refused at its next save (store/seals.py)
    pending_before = set(touched_rows()) if outermost else None
    queued = len(pending_entries())
    if outermost and isinstance(database, pw.SqliteDatabase):
        transaction = database.atomic("IMMEDIATE")
    else:
        transaction = DB.atomic()
    try:
        with transaction as handle:
            if outermost and postgres:
                _tx.active, _tx.concurrent, _tx.chain_held = True, concurrent, False
                pending_entries().clear()
                if concurrent:
                    _advisory("pg_advisory_xact_lock_shared", WRITE_LOCK)
                else:
                    serialise(WRITE_LOCK)
            yield handle
            if outermost:
                for callback in _before_commit:
                    callback()
    except BaseException as exc:
        del pending_entries()[queued:]  # a savepoint rolled back: its entries with it
        if outermost:  # rolled back: the rows it saved are as they were, nothing to seal
            touched_rows().clear()
            touched_rows().update(pending_before)
            if postgres and _is_conflict(exc):
                raise WriteConflict() from exc
        raise
    finally:
        if outermost:
            _tx.active = _tx.concurrent = _tx.chain_held = False
            pending_entries().clear()
            callbacks, _after.callbacks = getattr(_after, "callbacks", []), []
            for callback in callbacks:
                callback()

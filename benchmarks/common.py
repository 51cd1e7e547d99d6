"""What the benchmark scripts share: a large register on a temporary (or given) database,
percentiles, and the machine line printed with every figure."""
from __future__ import annotations

import os
import platform
import re
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

# BENCH_CODE: the program of another revision (`git archive REV mototaxi_desk resources`
# unpacked there) for a before/after; else this checkout's
sys.path.insert(0, os.environ.get("BENCH_CODE") or str(Path(__file__).resolve().parents[1]))

from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import setup  # noqa: E402
from mototaxi_desk.store.migrations import close_database, open_database  # noqa: E402


def percentile(values, fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def machine_line(db_url: str | None) -> str:
    kind = "PostgreSQL" if db_url and db_url.startswith("postgres") else "SQLite"
    return f"machine: {platform.processor() or platform.machine()}, Python " \
           f"{platform.python_version()}, {kind}"


def bench_cache() -> Path:
    """Where the big benchmark databases are kept between runs: outside the checkout and
    the user's data folder (MOTOTAXI_BENCH_CACHE, or ~/.cache/mototaxi-bench)."""
    path = Path(os.environ.get("MOTOTAXI_BENCH_CACHE") or
                Path.home() / ".cache" / "mototaxi-bench")
    path.mkdir(parents=True, exist_ok=True)
    return path


def is_postgres(source) -> bool:
    return str(source).startswith(("postgresql://", "postgres://"))


def _pg_url(server: str, database: str) -> str:
    """`server` (any database URL on the PostgreSQL server) with its database replaced."""
    parts = urlsplit(server)
    return urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, ""))


@contextmanager
def _pg_admin(server: str):
    """An autocommit cursor on the server's own `postgres` database (CREATE / DROP DATABASE
    run outside transactions and not from the database they copy)."""
    import psycopg2
    conn = psycopg2.connect(_pg_url(server, "postgres"), connect_timeout=5)
    conn.autocommit = True
    try:
        with conn.cursor() as cur:
            yield cur
    finally:
        conn.close()


def _pg_exists(cur, name: str) -> bool:
    cur.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
    return cur.fetchone() is not None


def cached_register(name: str, fill, server: str | None = None) -> tuple[str, float | None]:
    """The source of the cached register `name` (a file in bench_cache() on SQLite; a
    database on the PostgreSQL `server`, kept there between runs as the files are) and the
    seconds `fill(url)` took to build it now (None: it was there). Built into a partial copy
    renamed when complete, so an interrupted build is never taken for a register."""
    if server is None:
        with _building(bench_cache() / f"{name}.building"):  # one build at a time
            path = _this_or_older(name)
            took = None
            if not path.exists():
                partial = path.with_suffix(".partial")
                for left in (partial, Path(f"{partial}-wal"), Path(f"{partial}-shm")):
                    left.unlink(missing_ok=True)  # a killed build's, WAL included
                start = time.perf_counter()
                fill(str(partial))
                took = time.perf_counter() - start
                partial.rename(path)
            return str(path), took
    database = _pg_name(name)
    with _building(bench_cache() / f"{database}.building"):
        with _pg_admin(server) as cur:
            for older in _versions_of(name):  # as on SQLite: an older schema's, migrated
                if _pg_exists(cur, _pg_name(older)):
                    return _pg_url(server, _pg_name(older)), None
            cur.execute(f'DROP DATABASE IF EXISTS "{database}_partial"')
            cur.execute(f'CREATE DATABASE "{database}_partial"')
        start = time.perf_counter()
        fill(_pg_url(server, database + "_partial"))
        took = time.perf_counter() - start
        vacuum_analyze(_pg_url(server, database + "_partial"))
        with _pg_admin(server) as cur:
            cur.execute(f'ALTER DATABASE "{database}_partial" RENAME TO "{database}"')
        return _pg_url(server, database), took


@contextmanager
def _building(lock: Path):
    """The build of one cached register by one benchmark at a time: two at once (two
    benchmarks started together) wrote the same partial copy, and one took the other's
    half-written file ("disk I/O error"). A lock file holding the builder's process id;
    one whose process is gone (a killed build) is taken over."""
    lock.parent.mkdir(parents=True, exist_ok=True)
    announced = False
    while True:
        try:
            descriptor = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            break
        except FileExistsError:
            try:
                holder = int(lock.read_text() or 0)
            except (OSError, ValueError):
                holder = 0
            if holder and not _alive(holder):
                lock.unlink(missing_ok=True)
                continue
            if not announced:
                print(f"waiting for process {holder} to build {lock.stem}", flush=True)
                announced = True
            time.sleep(1)
    with os.fdopen(descriptor, "w") as out:
        out.write(str(os.getpid()))
    try:
        yield
    finally:
        lock.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    if sys.platform == "win32":  # os.kill would end it there: taken as alive
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: alive
        return True
    return True


def _pg_name(name: str) -> str:
    return "mtx_bench_" + re.sub(r"[^a-z0-9]+", "_", name.lower())[:50]


def _versions_of(name: str) -> list[str]:
    """`name` ("...-v{LATEST}-...") and the same register's names under older schema
    versions, newest first."""
    from mototaxi_desk.store.migrations import LATEST
    marker = f"-v{LATEST}-"
    if marker not in name:
        return [name]
    return [name.replace(marker, f"-v{version}-") for version in range(LATEST, 0, -1)]


def _this_or_older(name: str) -> Path:
    """The file of register `name`, or else the newest one made under an older schema
    version: opened_copy migrates its copy as a counter would, so a schema step does not
    cost rebuilding the million-notice register (half an hour)."""
    for older in _versions_of(name):
        if (bench_cache() / f"{older}.db").exists():
            return bench_cache() / f"{older}.db"
    return bench_cache() / f"{name}.db"


def vacuum_analyze(url: str) -> None:
    """What the server's autovacuum does within minutes of a bulk load: the planner's
    statistics and the visibility map (index-only scans). Without them a just-built register
    measured the name search at 20 ms p95 instead of 8."""
    import psycopg2
    conn = psycopg2.connect(url, connect_timeout=5)
    conn.autocommit = True
    try:
        with conn.cursor() as cur:
            cur.execute("VACUUM ANALYZE")
    finally:
        conn.close()


def size_text(source: str) -> str:
    if not is_postgres(source):
        return f"{Path(source).stat().st_size / 2**20:,.0f} MiB"
    database = urlsplit(source).path.lstrip("/")
    with _pg_admin(source) as cur:
        cur.execute("SELECT pg_database_size(%s)", (database,))
        return f"{cur.fetchone()[0] / 2**20:,.0f} MiB"


@contextmanager
def _copy_of(source: str, tmp: str):
    """A throwaway copy of a cached register: a file copy, or a PostgreSQL database made
    from the cached one as its template (dropped afterwards)."""
    if not is_postgres(source):
        copy = Path(tmp) / "copy.db"
        shutil.copy(source, copy)
        yield str(copy)
        return
    database = urlsplit(source).path.lstrip("/")
    copy = f"{database[:50]}_copy_{os.getpid()}"
    with _pg_admin(source) as cur:
        cur.execute(f'DROP DATABASE IF EXISTS "{copy}"')
        cur.execute(f'CREATE DATABASE "{copy}" TEMPLATE "{database}"')
    try:
        yield _pg_url(source, copy)
    finally:
        with _pg_admin(source) as cur:
            cur.execute(f'DROP DATABASE IF EXISTS "{copy}" WITH (FORCE)')


@contextmanager
def data_folder(path: str):
    """MOTOTAXI_DATA_DIR set to `path` (keys, copies, checkpoints: never the user's folder)
    for the duration, then as it was."""
    before = os.environ.get("MOTOTAXI_DATA_DIR")
    os.environ["MOTOTAXI_DATA_DIR"] = str(path)
    try:
        yield path
    finally:
        if before is None:
            os.environ.pop("MOTOTAXI_DATA_DIR", None)
        else:
            os.environ["MOTOTAXI_DATA_DIR"] = before


@contextmanager
def opened_copy(source):
    """A copy of a cached register (a file, or a PostgreSQL URL: cached_register), open,
    with a temporary data folder (keys and copies never go to the user's); closed and
    removed afterwards. The cache stays as it was."""
    with tempfile.TemporaryDirectory() as tmp, data_folder(tmp), \
            _copy_of(str(source), tmp) as copy:
        open_database(copy, backup_dir=Path(tmp), check=False)
        try:
            yield copy
        finally:
            close_database()


def _backend_cpu() -> float:
    """Seconds of CPU the PostgreSQL server process serving this thread's connection has
    used (same machine: /proc), with the parallel workers it started that have ended; 0 on
    SQLite, whose work is done in this process."""
    from mototaxi_desk.store import connection
    from mototaxi_desk.store.models import DB
    if DB.obj is None or not connection.is_postgres(DB.obj):
        return 0.0
    pid = _backends.get(id(DB.obj.connection()))
    if pid is None:
        pid = _backends[id(DB.obj.connection())] = \
            DB.obj.execute_sql("SELECT pg_backend_pid()").fetchone()[0]
    try:  # nanoseconds on the CPU (stat's ticks are 10 ms: coarser than a search)
        own = int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9
    except OSError:
        return 0.0
    return own + _ended_server_children(pid)


_backends: dict[int, int] = {}  # connection -> its server process


def _ended_server_children(backend: int) -> float:
    """CPU seconds of the server's processes that have ended: the parallel workers a large
    query starts (each plans, and may JIT-compile, on its own) end with the query, and
    their time is then counted to the postmaster that reaps them, never to the backend
    that asked. Any other ended process of the server counts too (another session's
    backend, an autovacuum worker): a benchmark runs alone. Clock ticks (10 ms)."""
    try:
        parent = Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1]
        fields = Path(f"/proc/{parent}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")  # cutime, cstime


def _children_cpu() -> float:
    """CPU seconds of this process's children that have ended (services/child_jobs.py: the
    seals of a large `check`), which process_time leaves out."""
    try:
        import resource
    except ImportError:  # Windows
        return 0.0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def cpu_now(thread: bool = False) -> float:
    """CPU seconds so far: this process's (this thread's, with `thread`) plus, on
    PostgreSQL, the server process answering it and its parallel workers: a query's cost
    is there. The process's
    figure counts its ended child processes too."""
    if thread:
        return time.thread_time() + _backend_cpu()
    return time.process_time() + _children_cpu() + _backend_cpu()


@contextmanager
def register(holders: int, db_url: str | None = None, **fill_options):
    """An initialised database with `holders` holders (bulk loader); yields fill seconds.
    The keys and backups made on the way go to a temporary data folder, never the user's
    (MOTOTAXI_DATA_DIR is set for the duration)."""
    with tempfile.TemporaryDirectory() as tmp, data_folder(tmp):
        open_database(db_url or str(Path(tmp) / "bench.db"), backup_dir=Path(tmp))
        try:
            if not setup.is_initialised():
                setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                                 municipio="Município de Teste", uf="MA", ibge="2111102",
                                 population=min(holders * 300, 20_000_000),
                                 fiscal_unit_value="50,00", admin_password="senha-de-bench")
            start = time.perf_counter()
            demo.fill_bulk(holders, seed=1, with_users=False, **fill_options)
            yield time.perf_counter() - start
        finally:
            close_database()


def clock(call, thread: bool = False) -> tuple[float, float]:
    """(CPU ms, wall ms) of one call; CPU as cpu_now counts it."""
    c, w = cpu_now(thread), time.perf_counter()
    call()
    return (cpu_now(thread) - c) * 1000, (time.perf_counter() - w) * 1000


def medians(pairs) -> tuple[float, float]:
    """(CPU ms, wall ms): the medians of clock()'s pairs."""
    pairs = list(pairs)
    return statistics.median(c for c, _ in pairs), statistics.median(w for _, w in pairs)


def timed(call, runs: int) -> tuple[float, float]:
    """Medians (CPU ms, wall ms) of `runs` calls."""
    return medians(clock(call) for _ in range(runs))

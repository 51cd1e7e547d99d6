"""What the benchmark scripts share: a large register on a temporary (or given) database,
percentiles, and the machine line printed with every figure."""
from __future__ import annotations

import os
import platform
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mototaxi_desk.services import demo, setup  # noqa: E402
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


def cached_register(stem: str, day: str) -> Path:
    """The cached register `{stem}-v{version}-{day}.db` of this schema version, or else the
    newest one made under an older version (opened_copy migrates its copy, as a counter
    would: a schema step does not cost a rebuild of hours), or the path to build it at."""
    from mototaxi_desk.store.migrations import LATEST
    for version in range(LATEST, 0, -1):
        path = bench_cache() / f"{stem}-v{version}-{day}.db"
        if path.exists():
            return path
    return bench_cache() / f"{stem}-v{LATEST}-{day}.db"


@contextmanager
def opened_copy(source: Path):
    """A copy of a cached register, open, with a temporary data folder (keys and copies
    never go to the user's); closed and removed afterwards. The cache stays as it was."""
    with tempfile.TemporaryDirectory() as tmp:
        before = os.environ.get("MOTOTAXI_DATA_DIR")
        os.environ["MOTOTAXI_DATA_DIR"] = tmp
        copy = Path(tmp) / "copy.db"
        shutil.copy(source, copy)
        open_database(str(copy), backup_dir=Path(tmp), check=False)
        try:
            yield copy
        finally:
            close_database()
            if before is None:
                os.environ.pop("MOTOTAXI_DATA_DIR", None)
            else:
                os.environ["MOTOTAXI_DATA_DIR"] = before


@contextmanager
def register(holders: int, db_url: str | None = None, **fill_options):
    """An initialised database with `holders` holders (bulk loader); yields fill seconds.
    The keys and backups made on the way go to a temporary data folder, never the user's
    (MOTOTAXI_DATA_DIR is set for the duration)."""
    with tempfile.TemporaryDirectory() as tmp:
        before = os.environ.get("MOTOTAXI_DATA_DIR")
        os.environ["MOTOTAXI_DATA_DIR"] = tmp
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
            if before is None:
                os.environ.pop("MOTOTAXI_DATA_DIR", None)
            else:
                os.environ["MOTOTAXI_DATA_DIR"] = before

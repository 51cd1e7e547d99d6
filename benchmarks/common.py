"""What the benchmark scripts share: a large register on a temporary (or given) database,
percentiles, and the machine line printed with every figure."""
from __future__ import annotations

import platform
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


@contextmanager
def register(holders: int, db_url: str | None = None, **fill_options):
    """An initialised database with `holders` holders (bulk loader); yields fill seconds."""
    with tempfile.TemporaryDirectory() as tmp:
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

"""Crash safety (issue #8 part 2): a power cut in the middle of a burst of counter actions,
50 times. A child process runs real services on an SQLite file and is killed (SIGKILL) at a
random moment; afterwards the file passes PRAGMA integrity_check and every record is whole
(services/integrity.py): no application without its checklist, no permit without its
history, no notice without its fine, no gap in the numbers, an unbroken audit chain.

MOTOTAXI_CRASH_TRIALS changes the number of trials (default 50)."""
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import time

import pytest

from mototaxi_desk.services import demo, integrity, setup
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import AuditLog

from ..conftest import MUNICIPIOS, ROOT, SRM

TRIALS = int(os.environ.get("MOTOTAXI_CRASH_TRIALS", "50"))
KILL_AFTER = (0.05, 1.5)  # seconds of burst before the power cut

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """A município with demo data, made once; every trial starts from a copy of the file."""
    folder = tmp_path_factory.mktemp("crash")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MOTOTAXI_DATA_DIR", str(folder / "data"))
        open_database(str(folder / "prepared.db"), backup_dir=folder)
        try:
            name, uf, ibge, population = MUNICIPIOS[SRM]
            setup.initialise(profile_id=SRM, municipio=name, uf=uf, ibge=ibge,
                             population=population, fiscal_unit_value="48,26",
                             admin_password="senha-forte-1")
            demo.fill(16, seed=5, with_users=False)
            assert integrity.check() == []
            entries = AuditLog.select().count()
        finally:
            close_database()
    assert not (folder / "prepared.db-wal").exists()  # a clean close leaves one file
    return folder / "prepared.db", entries


def _run_and_kill(path, seed: int, delay: float, env: dict) -> None:
    child = subprocess.Popen([sys.executable, "-m", "tests.services.crash_worker", str(path),
                              str(seed)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        time.sleep(delay)
        if child.poll() is not None:  # the burst itself failed: a bug, not a power cut
            pytest.fail(f"o processo terminou sozinho ({child.returncode}): "
                        f"{child.stderr.read()[-2000:]}")
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()


def test_power_cut_during_a_burst_leaves_every_record_whole(prepared, tmp_path):
    source, base_entries = prepared
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
        "MOTOTAXI_DATA_DIR": str(tmp_path / "data")}
    rng = random.Random(20261130)
    started, added, failures = time.monotonic(), [], []
    for trial in range(TRIALS):
        path = tmp_path / f"trial-{trial}.db"
        shutil.copyfile(source, path)
        _run_and_kill(path, seed=trial, delay=rng.uniform(*KILL_AFTER), env=env)
        open_database(str(path), backup_dir=tmp_path)  # recovers the WAL like a restart
        try:
            problems = integrity.check()
            added.append(AuditLog.select().count() - base_entries)
        finally:
            close_database()
        if problems:
            failures.append((trial, problems))
            shutil.copyfile(path, tmp_path / f"broken-{trial}.db")  # kept for a post-mortem
        for leftover in tmp_path.glob(f"trial-{trial}.db*"):
            leftover.unlink()
    elapsed = time.monotonic() - started
    print(f"\n{TRIALS} quedas em {elapsed:.1f} s; registros de auditoria gravados antes da "
          f"queda: mín {min(added)}, mediana {statistics.median(added)}, máx {max(added)}")
    assert failures == []
    assert statistics.median(added) > 5, "the burst must have written before the cut"

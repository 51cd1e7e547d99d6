"""Crash safety (issue #8 part 2): a power cut in the middle of a burst of counter actions,
50 times. A child process runs real services on an SQLite file and is killed (SIGKILL) at a
random moment; afterwards the file passes PRAGMA integrity_check and every record is whole
(services/trust/integrity.py): no application without its checklist, no permit without its
history, no notice without its fine, no gap in the numbers, an unbroken audit chain.

MOTOTAXI_CRASH_TRIALS changes the number of trials (default 50)."""
import contextlib
import os
import random
import select
import shutil
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.services import setup
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import AuditLog

from ..conftest import MUNICIPIOS, ROOT, SRM

TRIALS = int(os.environ.get("MOTOTAXI_CRASH_TRIALS", "50"))
# the power cut comes after a random number of actions, then a random fraction of a
# second, so it lands anywhere inside an action; counted in actions rather than seconds,
# a loaded machine cuts the same burst as an idle one
KILL_AFTER_ACTIONS = (0, 40)
KILL_DELAY = (0.0, 0.06)  # seconds after the last counted action
# The zygote's answer to `wait` once the child was sent SIGKILL. On a disk writing back
# gigabytes a killed child's exit can wait for its fsync a minute or more (_Lines); with the
# trials' files in memory (/dev/shm, as `make test` puts them) it comes at once, and a zygote
# silent for longer is stuck. (What looked stuck, about one trial in 150, was an answer glued
# to a child's line cut by the kill, "doneexit -9": the zygote now starts each answer on a
# line of its own.)
REAPED_WITHIN = 20 if str(Path(os.environ.get("TMPDIR", "/tmp")).resolve()).startswith(
    "/dev/shm") else None

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


class _Lines:
    """The zygote's answers, a line at a time, never waiting more than `timeout` seconds
    (a child that died before saying `ready` must fail the test, not hang it). Generous: a
    disk still writing back gigabytes (seen right after a benchmark run) holds a commit's
    fsync, and a killed child's exit with it, for a minute or more."""

    def __init__(self, stream, timeout: float = 180):
        self.fd, self.buffer, self.timeout = stream.fileno(), b"", timeout

    def next(self, timeout: float | None = None) -> str:
        while b"\n" not in self.buffer:
            if not select.select([self.fd], [], [], timeout or self.timeout)[0]:
                raise TimeoutError("o processo de teste não respondeu")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise EOFError("o processo de teste terminou")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line.decode().strip()


class ZygoteStuck(Exception):
    """The zygote (the test's own process factory) stopped answering — its fork or its wait,
    not the burst's child, which is killed and judged as before."""

    def __init__(self, message: str, pid: int | None):
        super().__init__(message)
        self.pid = pid


def _send(zygote, *fields) -> None:
    zygote.stdin.write(("\t".join(map(str, fields)) + "\n").encode())
    zygote.stdin.flush()


def _run_and_kill(zygote, lines: _Lines, path, seed: int, actions: int, delay: float,
                  errors) -> None:
    """One trial: a child forked by the zygote (crash_zygote.py) runs the burst on `path`
    and is killed (SIGKILL) `delay` seconds after its `actions`-th action ended."""
    _send(zygote, "run", path, seed, errors)
    pid, ready, done, silent = None, False, 0, False
    try:
        while pid is None or not ready or done < actions:
            try:
                line = lines.next()
            except TimeoutError:  # dead without a word, or stuck: where it was, then gone
                silent = True
                if pid is not None:
                    os.kill(pid, signal.SIGABRT)  # faulthandler writes its stack (zygote)
                    time.sleep(1)
                    os.kill(pid, signal.SIGKILL)  # a zombie until reaped: still ours
                break
            pid = int(line.split()[1]) if line.startswith("pid ") else pid
            ready = ready or line == "ready"
            done += line == "done"
            if line == "failed":  # the burst itself failed (crash_zygote prints it)
                break
        else:
            time.sleep(delay)
            os.kill(pid, signal.SIGKILL)  # dead or alive, it is ours until reaped below
    finally:
        _send(zygote, "wait")
        try:
            ended = next(line for line in iter(lambda: lines.next(REAPED_WITHIN), None)
                         if line.startswith("exit "))
        except TimeoutError as exc:
            raise ZygoteStuck(f"pid {pid}, {ready=}, {done} ações: {_tail(errors)}",
                              pid) from exc
    if silent:
        pytest.fail(f"o processo não respondeu em {lines.timeout:.0f} s (pid {pid}, {ready=}, "
                    f"{done} ações; {ended}): {_tail(errors)}")
    if ended != f"exit {-signal.SIGKILL}":  # the burst itself failed: a bug, not a power cut
        pytest.fail(f"o processo terminou sozinho ({ended}): {_tail(errors)}")


def _tail(errors) -> str:
    try:
        return errors.read_text(errors="replace")[-3000:]
    except OSError as exc:
        return f"(sem o arquivo de erros: {exc})"


def test_power_cut_during_a_burst_leaves_every_record_whole(prepared, tmp_path):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")])),
        "MOTOTAXI_DATA_DIR": str(tmp_path / "data")}
    rng = random.Random(20261130)
    started, added, failures = time.monotonic(), [], []

    def start():
        process = subprocess.Popen([sys.executable, "-m", "tests.services.crash_zygote"],
                                   cwd=ROOT, env=env, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE)
        return process, _Lines(process.stdout)

    zygote, lines = start()
    restarted = []
    try:
        for trial in range(TRIALS):
            cut = (rng.randint(*KILL_AFTER_ACTIONS), rng.uniform(*KILL_DELAY))
            try:
                _trial(zygote, lines, prepared, tmp_path, trial, cut, added, failures)
            except ZygoteStuck as stuck:
                # the factory hung (seen in two full runs of the suite, on a loaded machine):
                # a new one runs the same trial again; stuck twice, the test fails
                restarted.append(f"tentativa {trial}: {stuck}")
                if stuck.pid is not None:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(stuck.pid, signal.SIGKILL)
                zygote.kill()
                zygote.wait(timeout=30)
                zygote.stdout.close()
                with contextlib.suppress(OSError):  # its stdin too: unclosed, a ResourceWarning
                    zygote.stdin.close()
                zygote, lines = start()
                _trial(zygote, lines, prepared, tmp_path, trial, cut, added, failures)
    finally:
        zygote.stdin.close()
        zygote.wait(timeout=30)
        zygote.stdout.close()
    elapsed = time.monotonic() - started
    print(f"\n{TRIALS} quedas em {elapsed:.1f} s; registros de auditoria gravados antes da "
          f"queda: mín {min(added)}, mediana {statistics.median(added)}, máx {max(added)}")
    if restarted:
        print("fábrica de processos reiniciada:", *restarted, sep="\n  ")
    assert failures == []
    assert statistics.median(added) > 5, "the burst must have written before the cut"


def _trial(zygote, lines, prepared, tmp_path, trial: int, cut: tuple[int, float], added,
           failures) -> None:
    """Copy, burst, power cut, then open the file as a restart would and check it all."""
    source, base_entries = prepared
    path = tmp_path / f"trial-{trial}.db"
    shutil.copyfile(source, path)
    _run_and_kill(zygote, lines, path, seed=trial, actions=cut[0], delay=cut[1],
                  errors=tmp_path / f"trial-{trial}.err")
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

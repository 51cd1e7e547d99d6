"""The administrator's start-up integrity check runs in a child process (issue 23: 37–70 s
of CPU on a 100,000-holder register, off the window's interpreter): the same verdict as in
the process (issue 18 item 5: a row edited by SQL is named), a stop that kills the child, a
failure that comes back as a message. On SQLite and, with MOTOTAXI_TEST_PG, PostgreSQL."""
import subprocess
import sys
import time

import pytest

from mototaxi_desk.services import child_jobs
from mototaxi_desk.services.trust import integrity, keys
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.store import connection
from mototaxi_desk.store.models import Person

from ..conftest import BACKENDS
from .ledger_helpers import holder_permit
from .test_tamper import _sql


@pytest.fixture
def register(srm):
    keys.ensure_key(SYSTEM)
    person, _permit = holder_permit()
    return person


def test_the_child_gives_the_verdict_the_process_gives(register, db_url):
    assert child_jobs.run("integrity") == [] == integrity.quick_problems()
    _sql(db_url, "UPDATE person SET name = 'Trocado Por Sql' WHERE id = ?", (register["id"],))
    found = child_jobs.run("integrity")
    assert found == integrity.quick_problems()
    assert any(f"Pessoa id {register['id']} (Trocado Por Sql)" in p for p in found), found


def test_a_stop_kills_the_child(register, monkeypatch):
    started = []
    popen = subprocess.Popen

    def spawn(*args, **kwargs):
        started.append(popen(*args, **kwargs))
        return started[-1]
    monkeypatch.setattr(subprocess, "Popen", spawn)
    with pytest.raises(connection.Interrupted):
        child_jobs.run("integrity", stop=lambda: True)
    assert started and started[0].poll() is not None  # killed and reaped, not left running
    assert Person.select().count() == 1


def test_a_child_that_cannot_open_the_database_says_why(register, monkeypatch, tmp_path):
    monkeypatch.setattr(connection, "current_url",
                        lambda: str(tmp_path / "não existe" / "mototaxi.db"))
    with pytest.raises(child_jobs.ChildJobError) as failed:
        child_jobs.run("integrity")
    assert "não existe" in str(failed.value)


def test_a_child_that_cannot_start_is_done_in_the_process(register, db_url, monkeypatch):
    """A PC whose policy forbids starting pythonw.exe still gets the check (as before)."""
    def refused(*args, **kwargs):
        raise PermissionError("acesso negado")
    monkeypatch.setattr(subprocess, "Popen", refused)
    _sql(db_url, "UPDATE person SET name = 'Sem Processo Filho' WHERE id = ?",
         (register["id"],))
    found = child_jobs.run("integrity")
    assert any("(Sem Processo Filho)" in p for p in found), found


def test_a_job_whose_folder_went_away_fails_as_a_job(register, monkeypatch):
    """The job's temporary folder removed while it ran (the process ending with the job on,
    as a script's exit does): a ChildJobError, never a FileNotFoundError from the reading."""
    import json
    import shutil
    from pathlib import Path
    popen = subprocess.Popen

    def spawn(*args, **kwargs):
        started = popen(*args, **kwargs)
        started.wait()
        request = json.loads(kwargs["env"][child_jobs.REQUEST])
        shutil.rmtree(Path(request["result"]).parent)
        return started
    monkeypatch.setattr(subprocess, "Popen", spawn)
    with pytest.raises(child_jobs.ChildJobError, match="sem resposta"):
        child_jobs.run("integrity")


def test_folders_left_by_jobs_of_a_program_that_ended_go_a_day_later(tmp_path, monkeypatch):
    """A window closed by a power cut with the integrity check on leaves its job's folder
    in %TEMP%: the next job removes it once a day old, never a fresh one (a job running in
    another window) nor anything not named as a job's."""
    import os
    import time
    monkeypatch.setattr(child_jobs.tempfile, "gettempdir", lambda: str(tmp_path))
    old, fresh, other = (tmp_path / "mototaxi-job-old", tmp_path / "mototaxi-job-new",
                         tmp_path / "outro-programa")
    for folder in (old, fresh, other):
        folder.mkdir()
        (folder / "errors.txt").write_text("x")
    day_and_more = time.time() - child_jobs.LEFT_BEHIND_S - 60
    for folder in (old, other):
        os.utime(folder, (day_and_more, day_and_more))
    assert child_jobs._sweep_left_behind(now=time.time()) == 1
    assert not old.exists() and fresh.exists() and other.exists()


@pytest.mark.skipif(sys.platform == "win32", reason="os.nice: POSIX (Windows: a priority class)")
def test_the_administrator_s_check_yields_the_cores_to_the_window():
    """Nobody waits for the start-up check (a minute of CPU at 100,000 holders): its child
    runs at a lower priority; the Painel's table, which the window waits for, does not."""
    assert "integrity" in child_jobs.YIELDING and "prepare_painel" not in child_jobs.YIELDING
    code = ("import os; from mototaxi_desk.services import child_jobs; before = os.nice(0); "
            "child_jobs._yield_priority(); print(before, os.nice(0))")
    before, after = map(int, subprocess.run([sys.executable, "-c", code], capture_output=True,
                                            text=True, check=True).stdout.split())
    assert after == min(before + 10, 19)


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # skipped without a server
def test_the_administrator_s_check_takes_one_core_of_the_server(db, db_url):
    """Issue 40 item 5: on PostgreSQL the start-up check hashes the whole audit chain on the
    server, as a parallel query (store/chain_sql.py). A server on the counter PC then took
    both of its cores while the clerk waited for the login, argon2 and the Painel. The
    yielding child's sessions run on one core of the server; the URL's own options (here
    the test's schema) are kept, and the window's sessions are left as they are."""
    show = ("SHOW max_parallel_workers_per_gather", "SHOW search_path")
    code = ("import sys; from mototaxi_desk.services import child_jobs; "
            "from mototaxi_desk.store import connection; child_jobs._yield_priority(); "
            "d = connection.make_database(sys.argv[1]); d.connect(); "
            f"print('|'.join(d.execute_sql(q).fetchone()[0] for q in {show!r}))")
    child = subprocess.run([sys.executable, "-c", code, db_url], capture_output=True,
                           text=True, check=True).stdout.strip().split("|")
    window = [db.execute_sql(q).fetchone()[0] for q in show]
    assert child == ["0", window[1]]
    assert window[0] != "0", "the server's default gives the window's sessions workers"
    assert window[1] != '"$user", public', "the test's URL names a schema of its own"


@pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # skipped without a server
def test_a_killed_check_stops_hashing_on_the_server(db, db_url):
    """Issue 40 item 5: the window kills the check's child when it closes (or the clerk
    logs out). Its statement went on on the server, for nobody, until it ended (measured
    at 100,000 holders: the chain's hashing, 1.2 s more after a kill 3 s in). The server
    now sees within a second that the process is gone, and stops its statement (any of
    the program's sessions: a killed Painel job's, a window ended from the task manager)."""
    code = ("import sys; from mototaxi_desk.store import connection; "
            "d = connection.make_database(sys.argv[1]); d.connect(); "
            "print(d.execute_sql('SELECT pg_backend_pid()').fetchone()[0], flush=True); "
            "d.execute_sql('SELECT pg_sleep(60)')")
    child = subprocess.Popen([sys.executable, "-c", code, db_url], stdout=subprocess.PIPE,
                             text=True)
    backend = int(child.stdout.readline())

    def running() -> bool:
        return db.execute_sql("SELECT count(*) FROM pg_stat_activity WHERE pid = %s AND "
                              "state = 'active'", (backend,)).fetchone()[0] == 1
    deadline = time.monotonic() + 20
    while not running() and time.monotonic() < deadline:  # the sleep sent
        time.sleep(0.05)
    assert running()
    child.kill()
    child.wait()
    child.stdout.close()
    killed_at = time.monotonic()
    while running() and time.monotonic() < killed_at + 10:
        time.sleep(0.1)
    assert not running(), "the statement went on after its process was killed"

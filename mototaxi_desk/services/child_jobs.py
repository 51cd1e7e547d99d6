"""Long background work in a Python process of their own (issue 23).

The administrator's integrity check at start walks the whole audit log and every sealed row:
37–70 s of CPU on a 100,000-holder register. In a thread of the window's process it holds
the interpreter the window needs (a single event-loop turn took 0.56 s meanwhile, even with
the GUI thread's short switch interval); in a child process it runs on another core and the
window does not feel it. Same code, same database, same data folder: the child opens the
URL the program opened (store.connection.current_url) with the environment it inherits.
The day's due-dates table (services/due_dates.prepare: ~0.1 s to bring the day before's
forward at 100,000 holders, ~2 s to compute it whole, 4 s on PostgreSQL) is made the same way while the login
shows: it writes only that table, in one transaction of its own.
`check` on a large register has the seals worked out by one (services/trust/check_beside.py).

The request goes in an environment variable (a PostgreSQL URL may hold a password: never
on a command line other users can list), the result comes back in a file (the windowed
Python of the Windows installer, pythonw.exe, may have no usable standard output).
"""
from __future__ import annotations

import datetime as dt
import importlib
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from ..domain import wallclock
from ..store import connection

_log = logging.getLogger(__name__)
REQUEST = "MOTOTAXI_CHILD_JOB"
# the child is the program's own interpreter and packages: the parent's sys.path, given
# explicitly (the installer's embedded Python finds its packages through the launcher)
BOOTSTRAP = ("import json, sys; sys.path[:0] = json.loads(sys.argv[1]); "
             "from mototaxi_desk.services import child_jobs; child_jobs.main()")
POLL_S = 0.05
# a job's temporary folder older than this was left by a program that ended with the job on
# (killed, a power cut): no job runs for a day
LEFT_BEHIND_S = 24 * 3600
FOLDER_PREFIX = "mototaxi-job-"
_swept = False


# each job: the function run, named (module:function, no arguments) rather than imported:
# this runner sits below the services it runs for, which start it (no import cycle)
JOBS: dict[str, str] = {
    "integrity": "mototaxi_desk.services.trust.integrity:quick_problems",  # the admin's, at start
    "prepare_painel": "mototaxi_desk.services.views.due_dates:prepare",  # while the login shows
    "seal_problems": "mototaxi_desk.services.trust.audit_walk:seal_problems",  # a large `check`
}

# the jobs nobody waits for (the administrator's check: a minute of CPU at 100,000 holders)
# run at a lower priority: on a busy PC the window's searches and its Painel get the cores
# first
YIELDING = ("integrity",)


def _yield_priority() -> None:
    """The child at a lower priority, and on PostgreSQL its statements on one core of the
    server: hashing the whole audit chain there is otherwise a parallel query (store/
    chain_sql.py) that takes both cores of a PC that is the server and the counter too,
    while the clerk waits for the login, argon2 and the Painel."""
    connection.yield_server_cores()
    try:
        if sys.platform == "win32":
            import ctypes
            kernel = ctypes.windll.kernel32
            kernel.SetPriorityClass(kernel.GetCurrentProcess(), 0x4000)  # BELOW_NORMAL
        else:
            os.nice(10)
    except (OSError, AttributeError):  # not allowed here: the job runs as it is
        pass


def _job(name: str) -> Callable[[], object]:
    module, _, function = JOBS[name].partition(":")
    return getattr(importlib.import_module(module), function)


class ChildJobError(RuntimeError):
    """The child process failed: its message (or the end of what it printed)."""


def run(job: str, *, stop: Callable[[], bool] = connection.stop_requested) -> object:
    """The function JOBS names run in a child process on the program's database; returns
    its result (plain data). `stop()` is polled: when it says so, the child is killed and
    store.connection.Interrupted raised (a job reads, or writes in one transaction, which
    the database rolls back when its process dies: nothing is left half done)."""
    if job not in JOBS:
        raise ValueError(f"unknown child job {job!r}")
    url = connection.current_url()
    if url is None:
        raise connection.StoreError("Nenhum banco de dados aberto.")
    global _swept
    if not _swept:  # once per process
        _swept = True
        _sweep_left_behind(time.time())
    # Windows may hold the child's files a moment after it ended (seen under wine): a
    # folder left in the temporary folder is no reason to lose the answer
    with tempfile.TemporaryDirectory(prefix=FOLDER_PREFIX,
                                     ignore_cleanup_errors=True) as folder:
        result_file = Path(folder) / "result.json"
        # the child lives on the parent's day (held at the register's: services/clock_trust)
        env = {**os.environ, REQUEST: json.dumps({"job": job, "url": url,
                                                  "today": wallclock.today().isoformat(),
                                                  "result": str(result_file)})}
        error_file = Path(folder) / "errors.txt"
        with error_file.open("wb") as errors_out:  # a file: a pipe left unread could fill
            try:
                process = subprocess.Popen(
                    [sys.executable, "-c", BOOTSTRAP, json.dumps(sys.path)], env=env,
                    stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=errors_out,
                    creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
            except OSError as exc:  # a PC whose policy forbids it: the work is done here
                _log.warning("processo em segundo plano não iniciado (%s): %s feito aqui",
                             exc, job)
                return _job(job)()
            try:
                while process.poll() is None:
                    if stop():
                        raise connection.Interrupted()
                    time.sleep(POLL_S)
            finally:
                if process.poll() is None:
                    process.kill()
                process.wait()
        try:
            errors = error_file.read_text(encoding="utf-8", errors="replace")
        except OSError:  # the folder removed under it (a process ending with the job on)
            errors = ""
        try:
            answer = json.loads(result_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            tail = errors.strip().splitlines()[-1:] or [f"código {process.returncode}"]
            raise ChildJobError(f"o processo em segundo plano terminou sem resposta "
                                f"({tail[0]})") from None
    if "error" in answer:
        raise ChildJobError(answer["error"])
    return answer["ok"]


def _sweep_left_behind(now: float) -> int:
    """The folders earlier jobs left in the temporary folder (their program ended with the
    job on, or Windows held a file as it was removed); returns how many went."""
    removed = 0
    for folder in Path(tempfile.gettempdir()).glob(f"{FOLDER_PREFIX}*"):
        try:
            if folder.is_dir() and now - folder.stat().st_mtime > LEFT_BEHIND_S:
                shutil.rmtree(folder, ignore_errors=True)
                removed += not folder.exists()
        except OSError:  # another program's, or gone meanwhile: not ours to insist on
            continue
    return removed


def main() -> None:
    """The child's side: open the database, run the job, write its result (or its error)
    where the parent reads it."""
    request = json.loads(os.environ.pop(REQUEST))
    if request.get("job") in YIELDING:
        _yield_priority()
    from ..store.migrations import close_database, open_database
    try:
        url = request["url"]
        if not connection.is_postgres(connection.make_database(url)) and \
                not connection.sqlite_path(url.strip()).is_file():  # never made anew here
            raise connection.StoreError(
                f"O banco de dados {connection.sqlite_path(url.strip())} não existe mais.")
        open_database(url, check=False)  # the parent checked the file
        today = dt.date.fromisoformat(request.get("today") or wallclock.today().isoformat())
        if today != wallclock.today():  # the parent's program day, not this clock's
            wallclock.hold(today)
        answer = {"ok": _job(request["job"])()}
    except Exception as exc:  # noqa: BLE001 - any failure goes back to the window
        answer = {"error": str(exc).splitlines()[0] if str(exc).strip()
                  else type(exc).__name__}
    finally:
        close_database()
    Path(request["result"]).write_text(json.dumps(answer, ensure_ascii=False),
                                       encoding="utf-8")

"""CPU of a refused login, by reason (issue 34 item 7): an unknown login, a disabled user, a
locked user and a wrong password should cost the same, so timing tells no login apart (it
was 0.12-0.14 s for an unknown login and 0.33-0.38 s for a real one). Production argon2
parameters (services/users._hasher as shipped), on a temporary SQLite database.

Two measures per reason: users.authenticate() in this process (median CPU and wall of
--runs calls), and a whole `mototaxi-desk search` command refused at its login (median
CPU of --commands child processes: start, parser, database, login — what a script
trying logins from the command line sees).

    python benchmarks/login_timing.py [--runs N] [--commands M]

Prints figures; asserts nothing (timings are never test assertions).
"""
from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import data_folder, machine_line

from mototaxi_desk.services import setup
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import User

ROOT = Path(__file__).resolve().parents[1]
# reason -> (login, password): each refused
CASES = {
    "unknown login": ("ninguem", "senha-de-joana"),
    "disabled user": ("pedro", "senha-de-pedro"),
    "locked user": ("lia", "senha-de-lia"),
    "wrong password": ("joana", "senha-errada-1"),
}


def _prepare(url: str) -> None:
    """A município with joana (active), pedro (disabled) and lia (locked), hashed with the
    production parameters."""
    open_database(url)
    setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                     municipio="São Raimundo das Mangabeiras", uf="MA", ibge="2111102",
                     population=18540, fiscal_unit_value="48,26",
                     admin_password="senha-forte-1")
    admin = Actor(None, "admin", "admin")
    for login, name in (("joana", "Joana Sá"), ("pedro", "Pedro Sá"), ("lia", "Lia Sá")):
        users.add_user(admin, login, name, "atendente", f"senha-de-{login}")
    users.disable_user(admin, "pedro")
    _relock()
    close_database()


def _relock() -> None:
    """lia stays locked, joana never locks (her wrong passwords would lock her after 5)."""
    User.update(locked_until=dt.datetime(2999, 1, 1)).where(User.login == "lia").execute()
    User.update(failed_logins=0, locked_until=None).where(User.login == "joana").execute()


def _in_process(url: str, runs: int) -> dict[str, tuple[float, float]]:
    open_database(url, check=False)
    try:
        result = {}
        for reason, (login, password) in CASES.items():
            cpu, wall = [], []
            for _ in range(runs):
                _relock()
                c0, w0 = time.process_time(), time.perf_counter()
                try:
                    users.authenticate(login, password)
                except users.LoginFailed:
                    pass
                else:
                    raise SystemExit(f"{reason}: the login was accepted")
                cpu.append(time.process_time() - c0)
                wall.append(time.perf_counter() - w0)
            result[reason] = (statistics.median(cpu), statistics.median(wall))
        return result
    finally:
        close_database()


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _commands(url: str, runs: int) -> dict[str, float]:
    result = {}
    for reason, (login, password) in CASES.items():
        cpu = []
        for _ in range(runs):
            open_database(url, check=False)
            _relock()
            close_database()
            env = {**os.environ, "MOTOTAXI_USER": login, "MOTOTAXI_PASSWORD": password}
            before = _children_cpu()
            done = subprocess.run([sys.executable, "-m", "mototaxi_desk", "--db", url,
                                   "search", "silva"], env=env, cwd=ROOT,
                                  capture_output=True, text=True)
            cpu.append(_children_cpu() - before)
            if done.returncode != 1 or "incorretos" not in done.stderr:
                raise SystemExit(f"{reason}: unexpected answer {done.returncode} "
                                 f"{done.stderr.strip()}")
        result[reason] = statistics.median(cpu)
    return result


def _spread(values) -> str:
    low, high = min(values), max(values)
    return f"slowest / fastest = {high / low:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    parser.add_argument("--runs", type=int, default=15, help="calls per reason, in process")
    parser.add_argument("--commands", type=int, default=5, help="commands per reason")
    args = parser.parse_args()
    print(machine_line(None))
    params = users._hasher
    print(f"argon2{params.type.name.lower()} m={params.memory_cost} KiB, t={params.time_cost}, "
          f"p={params.parallelism} (production parameters)")
    with tempfile.TemporaryDirectory() as tmp, data_folder(tmp):
        url = str(Path(tmp) / "mototaxi.db")
        _prepare(url)
        measured = _in_process(url, args.runs)
        print(f"\nusers.authenticate(), median of {args.runs} refused calls:")
        for reason, (cpu, wall) in measured.items():
            print(f"  {reason:<15} CPU {cpu * 1000:6.0f} ms   wall {wall * 1000:6.0f} ms")
        print(f"  CPU {_spread([cpu for cpu, _ in measured.values()])}")
        if args.commands:
            commands = _commands(url, args.commands)
            print(f"\n`mototaxi-desk search` refused at login, median CPU of {args.commands} "
                  "commands (whole process):")
            for reason, cpu in commands.items():
                print(f"  {reason:<15} CPU {cpu * 1000:6.0f} ms")
            print(f"  CPU {_spread(commands.values())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Start-up of the counter application against a bare PySide6 window (issue 6 budget: start to
usable window ≤ 2.5× the bare window, on a 100,000-holder database), and the time from the
last key to search results (budget ≤ 100 ms). Each start is a fresh process; the bare and
the app starts alternate, so a machine busy with other work weighs on both alike.

The app side takes the path `mototaxi-desk` takes (the entry module with the command line,
logging, then gui.app) up to the login dialog on screen. Two clocks: from the first line of
the script (in-process, as before), and from the moment the process was spawned
(interpreter start included, what a clerk waits for); and the CPU time the process used
until then (user + system), which other work on a shared machine disturbs far less.

    python benchmarks/gui_startup.py [--holders N] [--runs R] [--db FILE]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

from common import machine_line, register

BARE = """
import os, time, sys
t0 = time.perf_counter()
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication(sys.argv)
w = QMainWindow(); w.setCentralWidget(QLabel("ok")); w.show(); app.processEvents()
print(time.perf_counter() - t0, time.monotonic(), sum(os.times()[:2]))
"""

APP = """
import os, time, sys
t0 = time.perf_counter()
from mototaxi_desk import __main__, cli      # what `mototaxi-desk` imports first
from mototaxi_desk.logs import setup_logging
cli.build_parser().parse_args(["--db", sys.argv[1]])
setup_logging()
from PySide6.QtWidgets import QApplication
from mototaxi_desk.store.migrations import open_database
from mototaxi_desk.gui.app import LoginDialog, install_translations, _preload_screens
from mototaxi_desk.gui.dialogs.crash import install_excepthook
from mototaxi_desk.gui.startup_checks import IntegrityCheck
from mototaxi_desk.services import setup
from pathlib import Path
app = QApplication(sys.argv)
install_translations(app)
install_excepthook()
database = open_database(sys.argv[1], check=False)  # as run_gui: the check runs beside
integrity = IntegrityCheck(Path(database.database))  # the login, which waits for it
setup.is_initialised()
login = LoginDialog("Informe usuário e senha."); login.show(); app.processEvents()
usable = time.perf_counter() - t0          # the first window a clerk uses: the login
spawned_clock = time.monotonic()
cpu = sum(os.times()[:2])                  # user + system seconds of this process so far
_preload_screens()                          # what run_gui does while the password is typed
from mototaxi_desk.services import users
from mototaxi_desk.gui.main_window import MainWindow
t1 = time.perf_counter()
assert integrity.wait() is None             # the login's gate: the verdict, if still due
actor = users.authenticate("admin", "senha-de-bench")
w = MainWindow(actor); login.close(); w.show(); app.processEvents()
main_window = time.perf_counter() - t1     # Entrar pressed -> main window on screen
from mototaxi_desk.gui.widgets import search_box
samples = []
for text in ["joao sil", "529.98", "ABC1C", "maria conc", "0042"]:
    w.search_box.setText(text)
    s = time.perf_counter(); w.search_box.run_search(); app.processEvents()
    samples.append((time.perf_counter() - s) * 1000 + search_box.TYPING_PAUSE_MS)
print(usable, spawned_clock, cpu, main_window, max(samples))
"""


def run(code: str, *args: str) -> list[float]:
    """The figures the child prints; its second one (a monotonic clock reading, the same
    clock in every process on Linux) becomes the time since the spawn."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    spawned = time.monotonic()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env=env, cwd=Path(__file__).resolve().parents[1], check=True).stdout
    values = [float(x) for x in out.split()]
    values[1] -= spawned
    return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--db", help="a database file kept between runs: filled when missing")
    args = parser.parse_args()
    with (nullcontext(str(Path(args.db).parent)) if args.db
          else tempfile.TemporaryDirectory()) as tmp:
        db = args.db or str(Path(tmp) / "big.db")
        fill_s = None
        if not Path(db).exists():
            with register(args.holders, db) as fill_s:
                pass
        os.environ["MOTOTAXI_DATA_DIR"] = tmp
        bare, app = [], []
        for _ in range(args.runs):  # alternate, so the machine's load weighs on both alike
            bare.append(run(BARE))
            app.append(run(APP, db))
    print(machine_line(None))
    filled = f"filled {args.holders} holders in {fill_s:.1f} s" if fill_s is not None \
        else f"database {db} reused"
    print(f"{filled}; {args.runs} runs each, alternating")
    for clock, i in (("from the script's first line", 0), ("from the process spawn", 1),
                     ("CPU time of the process (user + system)", 2)):
        b = statistics.median(x[i] for x in bare)
        a = statistics.median(x[i] for x in app)
        print(f"{clock}:")
        print(f"  bare PySide6 window      median {b * 1000:7.0f} ms")
        print(f"  start → login usable     median {a * 1000:7.0f} ms   ratio {a / b:4.2f} "
              "(budget 2.5)")
    m = statistics.median(x[3] for x in app)
    print(f"Entrar → main window     median {m * 1000:7.0f} ms   (argon2 check included)")
    print(f"last key → results       worst {max(x[4] for x in app):6.1f} ms (budget 100, "
          f"includes the typing pause)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

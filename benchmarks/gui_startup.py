"""Start-up of the counter application against a bare PySide6 window (issue 23 budget: start to
usable window ≤ 2× the bare window, on a 100,000-holder database), and the time from the
last key to search results (budget ≤ 100 ms). Each start is a fresh process; the bare and
the app starts alternate, so a machine busy with other work weighs on both alike. The
longest event the window handled is timed in starts of their own (a notify() written in
Python costs each of the thousands of events some µs, which the clocks must not count).

The app side runs `mototaxi-desk --db FILE` itself (the entry module's main(): command line,
logging, gui.app's run_gui with the integrity check and the automatic copy beside the login),
hooked only where a person would act: when the login is on screen the clock stops; "Entrar"
is pressed by the hook; once the main window shows, searches are typed, then it leaves. Two clocks: from the first line of
the script (in-process, as before), and from the moment the process was spawned
(interpreter start included, what a clerk waits for); and the CPU time the process used
until then (user + system), which other work on a shared machine disturbs far less.

With --db (a kept register), the day's first start too: the due-dates table of an earlier
day, as every morning, and the Painel's wait after the main window when the person logs in at
once and after 4 s at the login (the program builds the table while the login shows).

With --tour (issue 40): the window process's peak resident memory (VmHWM, read from
/proc at the end, and the step at which it was reached) through the login, the Painel, ten
prontuários, Infrações and Relatórios, then "Nova pessoa" opened and cancelled 50 times,
and Entrar → usable main window split into the password's argon2 check and the rest (and
the GUI thread's CPU meanwhile); --morning makes each start the day's first. --db also
takes a PostgreSQL URL (the register kept there, its data folder in the benchmarks' cache).
BENCH_CODE=DIR runs the program from another tree (`git archive REV mototaxi_desk
resources`): before/after starts interleaved.

    python benchmarks/gui_startup.py [--holders N] [--runs R] [--db FILE|URL] [--tour [--morning]]
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

from common import data_folder, machine_line, register

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
from mototaxi_desk import __main__          # what `mototaxi-desk` runs, unchanged: main()
from mototaxi_desk.gui import app as gui_app  # main() imports it next; hooked below
from PySide6.QtWidgets import QApplication
figures = {}
show = gui_app.LoginDialog.show

class PlainApp(QApplication):               # the program's own, as it is
    pass

class TimedApp(PlainApp):                   # how long each event held the window: one turn
    depth, longest, watching = 0, 0.0, False  # of the event loop is one event handled

    def notify(self, receiver, event):      # (a processEvents() call may handle many)
        if TimedApp.depth or not TimedApp.watching:
            TimedApp.depth += 1
            try:
                return super().notify(receiver, event)
            finally:
                TimedApp.depth -= 1
        TimedApp.depth, s = 1, time.perf_counter()
        try:
            return super().notify(receiver, event)
        finally:
            TimedApp.depth = 0
            TimedApp.longest = max(TimedApp.longest, time.perf_counter() - s)

def shown(self):                            # the first window a clerk uses: the login
    show(self)
    QApplication.processEvents()
    figures["usable"] = (time.perf_counter() - t0, time.monotonic(), sum(os.times()[:2]))
    figures["login_memory"] = memory()

def enter(self):                            # the password typed, Entrar pressed
    typing = float(sys.argv[2]) if len(sys.argv) > 2 else 0.0
    # the login on screen while a person types (1 s at least: nobody types a login and a
    # password faster): the login's own timers run meanwhile (the screens' preload, the Qt
    # types' warm-up, the start-up's garbage collected), not in the main window's first turn
    # as they did when the hook left at once
    until = time.perf_counter() + max(typing, 1.0)
    while time.perf_counter() < until:
        QApplication.processEvents(); time.sleep(0.01)
    gui_app._preload_screens()              # done by now (run_gui starts it at once)
    from mototaxi_desk.services.administration import users
    from mototaxi_desk.gui import account   # the first login's forced password change
    account.first_login_password_change = lambda actor: True  # once, not at each start
    figures["t1"], figures["t1_cpu"] = time.perf_counter(), time.thread_time()
    if self.before_login is not None:       # as Entrar does: the file's verdict first
        self.before_login()
    s = time.perf_counter()
    self.actor = users.authenticate("admin", "senha-de-bench")
    figures["password"] = time.perf_counter() - s  # argon2's verification, mostly
    return gui_app.QDialog.DialogCode.Accepted

def searches(app, w):                       # the worst of five: last key -> results
    from mototaxi_desk.gui.widgets import search_box
    samples = []
    for text in ["joao sil", "529.98", "ABC1C", "maria conc", "0042"]:
        w.search_box.setText(text)
        s = time.perf_counter(); w.search_box.run_search(); app.processEvents()
        samples.append((time.perf_counter() - s) * 1000 + search_box.TYPING_PAUSE_MS)
    return max(samples)

def event_loop(app):                        # the main window is on screen
    app.processEvents()
    shown_at = figures["shown_at"] = time.perf_counter()
    figures["gui_cpu"] = time.thread_time() - figures["t1_cpu"]  # the GUI thread's (argon2's
    # own threads left out)
    if "tour" in sys.argv[3:]:
        from mototaxi_desk.gui.main_window import MainWindow
        return tour(app, next(x for x in app.topLevelWidgets() if isinstance(x, MainWindow)))
    main_window = shown_at - figures["t1"]
    cpu_main = sum(os.times()[:2])          # no CPU passes while a person types the password
    from mototaxi_desk.gui.main_window import MainWindow
    from mototaxi_desk.gui.pages.dashboard import DashboardPage
    w = next(x for x in app.topLevelWidgets() if isinstance(x, MainWindow))
    landed, earlier = [], []                # today's figures; the day before's, if shown first
    w.findChild(DashboardPage).loaded.connect(lambda: landed.append(time.perf_counter()))
    w.findChild(DashboardPage).shown_earlier.connect(lambda: earlier.append(time.perf_counter()))
    busy = searches(app, w)                 # at once: the Painel still loads behind
    TimedApp.watching = True                # then the Painel lands; the longest event
    batch = 0.0                             # handled meanwhile is how long one handler held
    while not landed:                       # the window; a processEvents() batch (what
        s = time.perf_counter(); app.processEvents()  # piled up in 5 ms) bounds it above
        batch = max(batch, time.perf_counter() - s); time.sleep(0.005)
    painel = landed[0] - shown_at
    for _ in range(20):
        s = time.perf_counter(); app.processEvents()
        batch = max(batch, time.perf_counter() - s); time.sleep(0.005)
    stall = TimedApp.longest
    import gc; gc.collect()
    print(*figures["usable"], main_window, busy, searches(app, w), painel, stall, rss_mib(),
          cpu_main, batch, figures["password"], (earlier or landed)[0] - shown_at, flush=True)
    return 0

def memory():                               # (VmRSS now, VmHWM the peak so far) in MiB
    try:
        with open("/proc/self/status") as status:
            found = {l.split(":")[0]: int(l.split()[1]) / 1024 for l in status
                     if l.startswith(("VmRSS:", "VmHWM:"))}
        return found["VmRSS"], found["VmHWM"]
    except (OSError, KeyError):
        import resource
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        return peak, peak

def tour(app, w):                           # the pages a clerk opens, the peak after each
    import json
    from mototaxi_desk.store.models import Permit
    steps = [("login", *figures["login_memory"])]
    def settle(name, until=None):           # until a page says it is shown, then idle
        while until is not None and not until:
            app.processEvents(); time.sleep(0.005)
        for _ in range(5):
            app.processEvents(); time.sleep(0.005)
        steps.append((name, *memory()))
    landed = []
    w.dashboard.loaded.connect(lambda: landed.append(1))
    if (w.dashboard._info or {"alerts_as_of": 1}).get("alerts_as_of") is None:
        landed.append(0)                    # today's figures already shown
    settle("main window")
    settle("Painel", landed)
    people = [p for (p,) in Permit.select(Permit.holder).where(Permit.status == "active")
              .order_by(Permit.id).limit(10).tuples()]
    for i, person in enumerate(people, 1):
        w.open_person(person)
        settle(f"prontuário {i}")
    w.nav.setCurrentRow(w.row_of("infractions_page"))
    settle("Infrações")
    done = []
    w.reports_page.loaded.connect(lambda: done.append(1))
    w.nav.setCurrentRow(w.row_of("reports_page"))
    settle("Relatórios", done)
    from PySide6.QtCore import QEventLoop, QTimer
    for _ in range(50):                     # a counter's day of dialogs: opened, cancelled
        dialog = w.new_person()
        app.processEvents()
        dialog.reject()
        spin = QEventLoop()                 # back in an event loop, as the window's own,
        QTimer.singleShot(5, spin.quit)     # where what was deleted later goes
        spin.exec()
    settle("50 × Nova pessoa")
    print("TOUR", json.dumps({"steps": steps, "peak": memory()[1],
                              "enter_to_main": figures["shown_at"] - figures["t1"],
                              "password": figures["password"],
                              "gui_cpu": figures["gui_cpu"]}), flush=True)
    return 0

def rss_mib():                              # resident memory now (Linux), else the peak
    try:
        with open("/proc/self/status") as status:
            line = next(l for l in status if l.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024
    except (OSError, StopIteration):
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

# the program makes its application with it: timed in the runs that time events only (a
# notify() in Python costs every event some µs: 17,000 events while the main window is built)
gui_app.QApplication = TimedApp if "events" in sys.argv[3:] else PlainApp
gui_app.LoginDialog.show = shown
gui_app.LoginDialog.exec = enter
PlainApp.exec = event_loop
__main__.main(["--db", sys.argv[1]])       # the automatic copy, the integrity check: all of it
"""


def compiled() -> None:
    """The program's modules compiled to bytecode, as an installed copy has them (pip and
    the Windows installer compile at install time): a process with PYTHONDONTWRITEBYTECODE
    set (some shells, CI) would otherwise compile every module from source at each start."""
    import compileall

    compileall.compile_dir(str(_code_dir() / "mototaxi_desk"), quiet=1)


def _code_dir() -> Path:
    """Where the program measured is imported from: this checkout, or BENCH_CODE (an
    earlier revision's tree, `git archive REV mototaxi_desk resources`, for before/after
    starts interleaved under the same load)."""
    return Path(os.environ.get("BENCH_CODE") or Path(__file__).resolve().parents[1])


def run(code: str, *args: str) -> list[float]:
    """The figures the child prints; its second one (a monotonic clock reading, the same
    clock in every process on Linux) becomes the time since the spawn."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    spawned = time.monotonic()
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env=env, cwd=_code_dir(), check=True).stdout
    values = [float(x) for x in out.split()]
    values[1] -= spawned
    return values


def _data_of(db: str) -> str:
    """The data folder kept beside a register: FILE.data, or for a PostgreSQL URL a folder
    of that name in the benchmarks' cache."""
    if db.startswith(("postgresql://", "postgres://")):
        from common import bench_cache
        folder = bench_cache() / (db.rsplit("/", 1)[1] + ".data")
    else:
        folder = Path(db).with_suffix(".data")
    folder.mkdir(exist_ok=True)
    return str(folder)


def tour(db: str, runs: int, morning: bool = False) -> dict:
    """The real program logged in, then the Painel, ten prontuários, Infrações and
    Relatórios opened in turn, `runs` starts: the window process's peak resident memory
    (VmHWM at the end) and the step at which it was reached (the first whose VmHWM reading
    is the final peak), the median Entrar → main window and the password's check in it.
    `db` a kept register with its data folder beside (as measure() leaves it). `morning`:
    each start is the day's first (the due-dates table of the day before, as first_painel
    leaves it)."""
    import json
    import sqlite3

    from mototaxi_desk.store import verified_file
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    rows = []
    with data_folder(_data_of(db)):
        if not Path(_data_of(db), "logs").exists():
            run(APP, db)  # not counted: the first start (keys, the day's copy, the checkpoint)
        for _ in range(runs):
            if morning:
                with sqlite3.connect(db) as raw:
                    raw.execute("UPDATE alert_due_state SET day = date(day, '-1 day'), "
                                "stale = 0")
                raw.close()
                verified_file.verify_and_note(Path(db))
            out = subprocess.run([sys.executable, "-c", APP, db, "0", "tour"],
                                 capture_output=True, text=True, env=env, check=True,
                                 cwd=_code_dir()).stdout
            rows.append(json.loads(next(line for line in out.splitlines()
                                        if line.startswith("TOUR "))[5:]))
    for row in rows:
        row["at"] = next(name for name, _rss, hwm in row["steps"] if hwm >= row["peak"])
    return {"runs": rows, "peak_median": statistics.median(r["peak"] for r in rows),
            "peak_worst": max(r["peak"] for r in rows),
            "enter_to_main": statistics.median(r["enter_to_main"] for r in rows),
            "enter_worst": max(r["enter_to_main"] for r in rows),
            "password": statistics.median(r["password"] for r in rows),
            "gui_cpu": statistics.median(r["gui_cpu"] for r in rows)}


def tour_text(t: dict) -> str:
    steps = t["runs"][len(t["runs"]) // 2]["steps"]
    return (f"peak resident memory (VmHWM) login → Painel → 10 prontuários → Infrações → "
            f"Relatórios → 50 × Nova pessoa: median {t['peak_median']:.0f} MiB, worst "
            f"{t['peak_worst']:.0f} (budget 250), reached at: "
            f"{', '.join(sorted({r['at'] for r in t['runs']}))}\n"
            "  steps (VmRSS/VmHWM MiB): " + "; ".join(f"{n} {rss:.0f}/{hwm:.0f}"
                                                     for n, rss, hwm in steps) + "\n"
            f"Entrar → usable main window: median {t['enter_to_main'] * 1000:.0f} ms (worst "
            f"{t['enter_worst'] * 1000:.0f}), of which the password's argon2 check "
            f"{t['password'] * 1000:.0f} ms, the rest "
            f"{(t['enter_to_main'] - t['password']) * 1000:.0f} ms (budget 100 + argon2); the "
            f"GUI thread's CPU meanwhile {t['gui_cpu'] * 1000:.0f} ms (argon2 runs in threads "
            "of its own)")


def measure(holders: int, runs: int, db: str | None = None) -> dict:
    """Both processes started `runs` times each, alternating, on a register of `holders`
    holders (`db`: a file kept between runs, filled when missing). Returns the medians (and
    the worst search): the seconds of each clock, the memory in MiB."""
    kept = db is not None
    compiled()
    with (nullcontext(str(Path(db).parent)) if db else tempfile.TemporaryDirectory()) as tmp:
        db = db or str(Path(tmp) / "big.db")
        fill_s = None
        if not db.startswith("postgres") and not Path(db).exists():
            with register(holders, db) as fill_s:
                pass
        # the data folder (keys, the day's copy, the audit checkpoint): never the user's; a
        # kept register keeps its own, as a counter PC that ran the program before does
        with (nullcontext(_data_of(db)) if kept
              else tempfile.TemporaryDirectory()) as data, data_folder(data):
            Path(data).mkdir(exist_ok=True)
            run(APP, db)  # not counted: the day's first start makes the day's copy (and the
            # program migrates a register of an older schema version)
            bare, app, timed = [], [], []
            for _ in range(runs):  # alternate: the machine's load weighs on all alike
                bare.append(run(BARE))
                app.append(run(APP, db))  # the clocks
                timed.append(run(APP, db, "0", "events"))  # the events' lengths

    def median(rows, pick):
        return statistics.median(pick(x) for x in rows)
    return {
        "fill_s": fill_s, "db": db, "runs": runs,
        "bare": {clock: median(bare, lambda x, i=i: x[i])
                 for clock, i in (("script", 0), ("spawn", 1), ("cpu", 2))},
        "login": {clock: median(app, lambda x, i=i: x[i])
                  for clock, i in (("script", 0), ("spawn", 1), ("cpu", 2))},
        # start to the main window, the person's typing left out
        "main_window": {"spawn": median(app, lambda x: x[1] + x[3]),
                        "cpu": median(app, lambda x: x[9])},
        "enter_to_main": median(app, lambda x: x[3]),
        "password": median(app, lambda x: x[11]),
        "painel_after_main": median(app, lambda x: x[6]),
        "longest_turn": max(x[7] for x in timed),  # one event handled
        "longest_batch": max(x[10] for x in timed),  # one processEvents() call
        "rss_mib": median(app, lambda x: x[8]),
        "search_while_loading_ms": max(x[4] for x in app),
        "search_after_ms": max(x[5] for x in app)}


def first_painel(db: str, runs: int, typing: tuple[float, ...] = (1.0, 4.0)) -> dict:
    """The day's first start (the due-dates table of an earlier day, as every morning): the
    Painel's wait after the main window shows, when the person logs in at once and after
    `typing` seconds at the login (the program builds the table meanwhile). {seconds typed:
    (median Painel after the main window, longest event handled, worst last key → results
    while it loads)}. `db` is a kept register (measure() made it and its data folder)."""
    import sqlite3

    from mototaxi_desk.store import verified_file
    out = {}
    with data_folder(str(Path(db).with_suffix(".data"))):
        for seconds in typing:
            rows = []
            for _ in range(runs):
                with sqlite3.connect(db) as raw:  # yesterday's table: rebuilt today
                    raw.execute("UPDATE alert_due_state SET day = date(day, '-1 day'), "
                                "stale = 0")
                raw.close()
                verified_file.verify_and_note(Path(db))  # as yesterday's close left it
                rows.append(run(APP, db, str(seconds), "events"))
            out[seconds] = (statistics.median(x[6] for x in rows), max(x[7] for x in rows),
                            max(x[4] for x in rows), statistics.median(x[12] for x in rows))
    return out


def _holds_a_register(url: str) -> bool:
    """Whether a PostgreSQL database holds a set-up register (read only: nothing made)."""
    import psycopg2
    connection = psycopg2.connect(url, connect_timeout=5)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT to_regclass('municipio_settings') IS NOT NULL")
            if not cursor.fetchone()[0]:
                return False
            cursor.execute("SELECT EXISTS (SELECT 1 FROM municipio_settings)")
            return bool(cursor.fetchone()[0])
    finally:
        connection.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holders", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--db", help="a database file kept between runs: filled when missing")
    parser.add_argument("--tour", action="store_true", help="only the memory tour (and "
                        "Entrar → main window) on --db, which must exist")
    parser.add_argument("--morning", action="store_true", help="with --tour: each start the "
                        "day's first (the due-dates table of the day before)")
    args = parser.parse_args()
    if args.db and args.db.startswith("postgres") and not _holds_a_register(args.db):
        # the program would set its schema up in that database and wait at the first-run
        # wizard (a database of the tests' server, given by mistake)
        print(f"{args.db}: no register in that database; `python benchmarks/due_dates.py "
              "--db SERVER_URL` builds one (mtx_bench_startup_…)", file=sys.stderr)
        return 2
    if args.tour:
        compiled()
        print(machine_line(args.db), f"load {os.getloadavg()[0]:.2f}")
        print(tour_text(tour(args.db, args.runs, args.morning)))
        print(f"load after {os.getloadavg()[0]:.2f}")
        return 0
    load = os.getloadavg()
    m = measure(args.holders, args.runs, args.db)
    first = first_painel(m["db"], args.runs) \
        if args.db and not args.db.startswith("postgres") else {}
    print(machine_line(args.db), f"load {load[0]:.2f} before, {os.getloadavg()[0]:.2f} after")
    filled = f"filled {args.holders} holders in {m['fill_s']:.1f} s" \
        if m["fill_s"] is not None else f"database {m['db']} reused"
    print(f"{filled}; {args.runs} runs each, alternating")
    for clock, key in (("from the script's first line", "script"),
                       ("from the process spawn", "spawn"),
                       ("CPU time of the process (user + system)", "cpu")):
        b, a = m["bare"][key], m["login"][key]
        print(f"{clock}:")
        print(f"  bare PySide6 window      median {b * 1000:7.0f} ms")
        print(f"  start → login usable     median {a * 1000:7.0f} ms   ratio {a / b:4.2f}")
    print(f"Entrar → main window     median {m['enter_to_main'] * 1000:7.0f} ms   "
          f"(the password's check included: median {m['password'] * 1000:.0f} ms, argon2)")
    for clock, key in (("from the process spawn", "spawn"), ("CPU time", "cpu")):
        a, b = m["main_window"][key], m["bare"][key]
        print(f"start → main window, typing left out ({clock}): median {a * 1000:7.0f} ms   "
              f"ratio {a / b:4.2f} to the bare window (budget 2.0)")
    a, b = m["main_window"]["spawn"] - m["password"], m["bare"]["spawn"]
    print(f"the same without the password's argon2 check (from the process spawn): "
          f"{a * 1000:7.0f} ms   ratio {a / b:4.2f}")
    print(f"Painel figures loaded    median {m['painel_after_main'] * 1000:7.0f} ms after the "
          f"main window (in the background; longest event handled meanwhile "
          f"{m['longest_turn'] * 1000:.0f} ms, longest processEvents() batch "
          f"{m['longest_batch'] * 1000:.0f} ms; budget 50)")
    print(f"resident memory          median {m['rss_mib']:7.0f} MiB after the Painel loaded "
          "and the searches ran (budget 250)")
    print(f"last key → results       worst {m['search_while_loading_ms']:6.1f} ms while the "
          f"Painel loads, {m['search_after_ms']:6.1f} ms after (budget 100, typing pause "
          "included)")
    for seconds, (painel, turn, search, shown) in first.items():
        print(f"day's first start, {seconds:.0f} s at the login: Painel's first figures "
              f"median {shown * 1000:7.0f} ms after the main window (budget 1000), today's "
              f"{painel * 1000:7.0f} ms (longest event {turn * 1000:.0f} ms, last key → "
              f"results {search:.1f} ms while it loads)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

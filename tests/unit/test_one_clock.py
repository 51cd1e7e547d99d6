"""One clock (ARCHITECTURE "One clock"; issue: time is an audited input): the computer's date
and time are read in mototaxi_desk/domain/wallclock.py only, so a test or the daily step's
hold moves the whole program's "today". The file ages of child jobs compare the computer's
time with the file system's own stamps and read time.time() (the real clock, on purpose)."""
from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import mototaxi_desk
from mototaxi_desk.domain import wallclock

PACKAGE = Path(mototaxi_desk.__file__).parent
READERS = {"domain/wallclock.py"}
REAL_TIME_FOR_FILES = {"services/child_jobs.py"}
CLOCK_CALLS = {("date", "today"), ("datetime", "now"), ("datetime", "today"),
               ("datetime", "utcnow"), ("time", "time"), ("time", "localtime"),
               ("QDate", "currentDate"), ("QDateTime", "currentDateTime"),
               ("QDateTime", "currentDateTimeUtc"), ("QTime", "currentTime")}


def _clock_reads(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            owner = node.func.value
            name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
            if (name, node.func.attr) in CLOCK_CALLS:
                lines.append(node.lineno)
    return lines


def test_the_computers_clock_is_read_in_one_module():
    found = {}
    for path in PACKAGE.rglob("*.py"):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in READERS or relative in REAL_TIME_FOR_FILES or "/forms/ui_" in relative:
            continue
        lines = _clock_reads(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            found[relative] = lines
    assert found == {}, f"read the clock through domain/wallclock.py: {found}"


def test_the_detector_sees_every_way_of_reading_the_clock():
    tree = ast.parse("import datetime as dt\nimport time\nfrom datetime import date\n"
                     "dt.date.today()\ndate.today()\ndt.datetime.now()\ntime.time()\n"
                     "QDate.currentDate()\n")
    assert _clock_reads(tree) == [4, 5, 6, 7, 8]


def test_travel_and_hold_move_today_now_and_utcnow_together():
    with wallclock.travel(dt.date(2028, 2, 29)):
        assert wallclock.today() == wallclock.computer_today() == dt.date(2028, 2, 29)
        assert wallclock.now().date() == dt.date(2028, 2, 29)
        assert abs(wallclock.utcnow() - (wallclock.now() - wallclock.now_aware().utcoffset())
                   ) < dt.timedelta(seconds=5)
        wallclock.hold(dt.date(2026, 12, 5))
        assert wallclock.today() == dt.date(2026, 12, 5)
        assert wallclock.computer_today() == dt.date(2028, 2, 29)
        assert wallclock.now().date() == dt.date(2026, 12, 5)
        assert wallclock.utcnow().date() in (dt.date(2026, 12, 4), dt.date(2026, 12, 5),
                                             dt.date(2026, 12, 6))
    assert wallclock.held() is None and wallclock.today() == dt.date.today()

"""What the program loads before the login shows is the start-up budget (issue 6: start to
usable window ≤ 2.5× a bare PySide6 window; figures in benchmarks/gui_startup.py). The
heavy parts — the rule profiles, the screens, PDF and spreadsheet libraries, QtCharts, a
.ui loader — wait until the password is being typed. This test keeps it that way without
timing anything: it starts `mototaxi-desk --db FILE` and lists the modules at the moment
the login appears."""
from __future__ import annotations

import os
import subprocess
import sys

from ..test_cli import INIT

CHILD = """
import enum, os, sys
made = []  # the enums PySide6 has made by now (Python's functional API: EnumType._create_)
create = enum.EnumType._create_
def watched(cls, class_name, *args, **kwargs):
    made.append(class_name)
    return create(cls, class_name, *args, **kwargs)
enum.EnumType._create_ = watched
from mototaxi_desk.gui import app as gui_app

def shown(self):  # the login is on screen: what is loaded, which enums are made, by now?
    print("\\n".join(sorted(sys.modules)), flush=True)
    print("ENUMS", *made, flush=True)
    os._exit(0)

gui_app.LoginDialog.show = shown
from mototaxi_desk import __main__
__main__.main(["--db", sys.argv[1]])
"""

NOT_BEFORE_LOGIN = ("mototaxi_desk.domain.profiles", "mototaxi_desk.gui.main_window",
                    "mototaxi_desk.gui.pages.dashboard", "mototaxi_desk.printing",
                    "mototaxi_desk.services.views.overview", "mototaxi_desk.services.views.alerts",
                    "reportlab", "openpyxl", "qrcode", "cryptography", "holidays",
                    "PySide6.QtCharts", "PySide6.QtPdf", "PySide6.QtPrintSupport",
                    "PySide6.QtUiTools", "PySide6.QtMultimedia",
                    "mototaxi_desk.cli")  # the command line's parser: not for the window


def test_login_shows_before_the_heavy_parts_load(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    result = subprocess.run([sys.executable, "-c", CHILD, sqlite_db], capture_output=True,
                            text=True, timeout=120,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    loaded = set(result.stdout.split())
    assert "mototaxi_desk.gui.app" in loaded, result.stderr  # the login was reached
    early = sorted(name for name in loaded
                   if any(name == heavy or name.startswith(heavy + ".")
                          for heavy in NOT_BEFORE_LOGIN))
    assert early == [], f"carregados antes do login: {early}"
    # Issue 40 item 5: PySide6 makes all ~100 enums of Qt's own namespace (Qt.WindowType,
    # Qt.FocusPolicy...) the first time any of them is used: 15 ms, 7 % of the start to a
    # usable login. Nothing before the login shows uses them (the screen fit, the dialogs'
    # lifetime, the login's buttons); they are made while the password is typed.
    enums = result.stdout.split("ENUMS", 1)[1].split()
    assert enums, "the hook saw no enum made"  # it sees those that are (the login's own)
    assert {"FocusPolicy", "WindowType", "AlignmentFlag"}.isdisjoint(enums), enums


def test_the_window_s_arguments_are_read_without_the_command_line_and_nothing_else_is():
    """--db and --demo open the window without the command line's parser; everything else
    (a command, --help, an abbreviation, a missing value) goes to that parser as before."""
    from mototaxi_desk import __main__, cli
    for argv, db, demo in (([], None, False), (["--demo"], None, True),
                           (["--db", "x.db"], "x.db", False), (["--db=y.db", "--demo"], "y.db", True)):
        args = __main__._window_args(argv)
        assert (args.command, args.db, args.demo) == (None, db, demo), argv
        full = cli.parser().parse_args(argv)
        assert (full.command, full.db, full.demo) == (None, db, demo), argv
    for argv in (["--help"], ["--version"], ["--dem"], ["--db"], ["--db", "--demo"], ["--db="],
                 ["search", "maria"], ["--db", "x.db", "check"], ["--json"]):
        assert __main__._window_args(argv) is None, argv

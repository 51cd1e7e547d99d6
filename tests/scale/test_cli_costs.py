"""Issue 23: the command line pays only for what a command needs — `verify` does not load
ReportLab, and the commands that only show skip the full integrity check of the file."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from mototaxi_desk.cli import common
from mototaxi_desk.store import migrations

from ..printing import pdf_tools
from ..test_cli import INIT
from ..test_cli_printing import _seed

CHILD = """
import json, sys
from mototaxi_desk.__main__ import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "reportlab": sorted(m for m in sys.modules
                                                    if m.startswith("reportlab"))[:3]}))
"""


def test_verify_loads_no_reportlab_and_read_only_commands_skip_the_full_check(
        cli, sqlite_db, tmp_path, monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    first, _ = _seed(sqlite_db)
    out_pdf = tmp_path / "cartao.pdf"
    assert cli("--db", sqlite_db, "print", "card", str(first), "-o", str(out_pdf))[0] == 0
    text = pdf_tools.qr_texts(out_pdf.read_bytes(), 0, 300)[0]

    run = subprocess.run([sys.executable, "-c", CHILD, "--db", sqlite_db, "verify", text],
                         capture_output=True, text=True, env=os.environ.copy(), check=False)
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result == {"code": 0, "reportlab": []}, run.stderr

    checks = []
    real = migrations.open_database

    def opened(url, *args, check=True, **kwargs):
        checks.append(check)
        return real(url, *args, check=check, **kwargs)
    monkeypatch.setattr(common, "open_database", opened)
    for args in (("verify", text), ("alerts",), ("search", "Sá")):
        code, _, err = cli("--db", sqlite_db, *args)
        assert code == 0, (args, err)
    assert checks == [False, False, False]
    checks.clear()  # a command that writes checks the file first
    code, _, err = cli("--db", sqlite_db, "tick")
    assert code == 0, err
    assert checks == [True]

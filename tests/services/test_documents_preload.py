"""What the window loads while the password is typed, for the day's first document (issue 40
item 4; services/documents/preload.py): after it, a clerk's first guia loads no library, no
layout and no holiday calendar of its own. Run in a fresh interpreter (the suite's own has
loaded everything long ago), against one that did not preload, so the test can fail."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mototaxi_desk.domain import wallclock
from mototaxi_desk.services.context import SYSTEM
from mototaxi_desk.services.payments import collection, fees
from mototaxi_desk.store.migrations import close_database

from ..conftest import ROOT
from ..factories import CLERK, make_person

CHILD = """
import json, sys
from mototaxi_desk.store.migrations import open_database
open_database(sys.argv[1], check=False)
from mototaxi_desk.services import setup
setup.profile_today()  # the window's screens' preload (gui/app.py) parses it too
if sys.argv[3] == "preload":
    from mototaxi_desk.services.documents.preload import preload
    preload()
from mototaxi_desk.services.context import Actor
from mototaxi_desk.services.payments import guias
before = set(sys.modules)
guias.issue(Actor(None, "atendente", "atendente"), "fee", int(sys.argv[2]))
watched = ("reportlab", "holidays", "PIL", "qrcode", "mototaxi_desk.printing")
print(json.dumps({"loaded": sorted(m for m in set(sys.modules) - before
                                   if m.startswith(watched))}))
"""


def _first_guia(db_url: str, fee_id: int, mode: str) -> dict:
    done = subprocess.run([sys.executable, "-c", CHILD, db_url, str(fee_id), mode],
                          capture_output=True, text=True, timeout=120, cwd=ROOT,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)  # a file the children open
def test_after_the_preload_the_first_guia_of_the_day_loads_nothing_of_its_own(srm, db_url):
    collection.update(SYSTEM, cnpj="11.222.333/0001-81", febraban_code="1234",
                      pix_key="11222333000181")
    today = wallclock.today()
    first, second = (fees.charge(CLERK, make_person(name, today=today)["id"], "stand_change",
                                 on=today).id for name in ("Conceição Sá", "Inês Falcão"))
    close_database()  # the children open the file as a counter would
    cold = _first_guia(db_url, first, "cold")
    assert {"reportlab.pdfgen.canvas", "holidays", "mototaxi_desk.printing.guia"} <= \
        set(cold["loaded"])  # what a first guia pays without the preload
    loaded = _first_guia(db_url, second, "preload")["loaded"]
    assert loaded == [], loaded

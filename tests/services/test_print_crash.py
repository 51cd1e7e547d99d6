"""Issue 17 item 2: a copy is spent only when the document exists. The real
`mototaxi-desk print card` is killed (SIGKILL) at every step of a reprint — inside the
reservation's transaction, while drawing, while writing the file, after the file is written,
inside the confirmation's transaction — and once after it finished. Afterwards the database
is whole, the card in the holder's pocket is still the current one unless the reprint was
confirmed, no half-written file lies where the PDF was asked for, and printing again works.
(tests/services/print_crash_worker.py is the child.)"""
import json
import os
import shutil
import signal
import subprocess
import sys

import pytest

from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.trust import integrity
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import PrintLog

from ..conftest import MUNICIPIOS, ROOT, SRM
from ..printing import pdf_tools
from .licensing_rows import holder_with_vehicle
from .print_crash_worker import STEPS

CLERK = Actor(None, "atendente", "atendente")

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")


@pytest.fixture(scope="module")
def prepared(tmp_path_factory):
    """A município with one permit whose card (1ª via) is in the holder's pocket."""
    import datetime as dt
    folder = tmp_path_factory.mktemp("print-crash")
    data = folder / "data"
    data.mkdir()
    (data / "backup.json").write_text(json.dumps({"automatic": False}))
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MOTOTAXI_DATA_DIR", str(data))
        open_database(str(folder / "prepared.db"), backup_dir=folder)
        try:
            name, uf, ibge, population = MUNICIPIOS[SRM]
            setup.initialise(profile_id=SRM, municipio=name, uf=uf, ibge=ibge,
                             population=population, fiscal_unit_value="48,26",
                             admin_password="senha-forte-1")
            permit = holder_with_vehicle(dt.date.today(), name="Raimunda Sá")[2]
            first = documents.print_cards(CLERK, [permit.order_number])
            documents.confirm(CLERK, first)
            others = []
            for name in ("Cícero Brandão", "Inês Falcão"):  # three cards in circulation
                other = holder_with_vehicle(dt.date.today(), name=name)[2]
                printed = documents.print_cards(CLERK, [other.order_number])
                documents.confirm(CLERK, printed)
                others.append(printed["copies"][0]["qr_text"])
            # the permit is made directly as rows (no grant history): what check() says of
            # it before any kill is the baseline; a kill must add nothing
            baseline = integrity.check()
        finally:
            close_database()
    return {"db": folder / "prepared.db", "data": data, "order": permit.order_number,
            "card": first["copies"][0]["qr_text"], "baseline": baseline,
            "pockets": [first["copies"][0]["qr_text"], *others]}


def _kill_at(path, output, step: str, prepared, order=None) -> None:
    env = {**os.environ, "MOTOTAXI_DATA_DIR": str(prepared["data"]),
           "MOTOTAXI_USER": "admin", "MOTOTAXI_PASSWORD": "senha-forte-1",  # a script's login
           "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                       os.environ.get("PYTHONPATH", "")]))}
    env.pop("MOTOTAXI_DB", None)
    child = subprocess.Popen([sys.executable, "-m", "tests.services.print_crash_worker",
                              str(path), str(order or prepared["order"]), str(output), step],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        lines = []
        for line in child.stdout:  # the command's own output may come first
            lines.append(line.strip())
            if lines[-1] == f"at {step}":
                break
        assert lines and lines[-1] == f"at {step}", (lines, child.stderr.read()[-3000:])
        child.send_signal(signal.SIGKILL)
        assert child.wait(timeout=30) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()


@pytest.mark.parametrize("step", STEPS)
def test_kill_at_each_step_of_a_reprint(prepared, tmp_path, step, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(prepared["data"]))
    path = tmp_path / "trial.db"
    shutil.copyfile(prepared["db"], path)
    output = tmp_path / "saida" / "cartao.pdf"
    output.parent.mkdir()
    _kill_at(path, output, step, prepared)
    open_database(str(path), backup_dir=tmp_path)  # recovers the WAL like a restart
    try:
        assert integrity.check() == prepared["baseline"]
        key = str(prepared["order"])
        issued = step == "done"
        assert documents.latest_copy("card", key) == (2 if issued else 1)
        pocket = documents.verify(prepared["card"])
        assert pocket["valid"] is not issued
        assert (pocket["reason"] == "superseded") is issued
        files = sorted(p.name for p in output.parent.iterdir())
        if step in ("written", "confirm", "done"):  # the PDF was written whole
            assert output.name in files
            [text] = pdf_tools.qr_texts(output.read_bytes(), 0, 150)
            assert documents.verify(text)["reason"] == (None if issued else "not_issued")
        else:
            assert output.name not in files  # at most a temporary file beside it
        # printing again works, and makes the card in the pocket a superseded copy
        again = documents.print_cards(CLERK, [prepared["order"]])
        documents.write_file(CLERK, again, output)
        assert documents.verify(again["copies"][0]["qr_text"])["valid"]
        assert documents.verify(prepared["card"])["reason"] == "superseded"
        reserved = PrintLog.select().where(PrintLog.state == "reserved").count()
        assert reserved == (1 if step in ("render", "write", "written", "confirm") else 0)
    finally:
        close_database()


@pytest.mark.parametrize("step", ["reserve", "render", "written"])
def test_a_batch_killed_midway_replaces_no_card_in_circulation(prepared, tmp_path, step,
                                                               monkeypatch):
    """Issue 17: a batch killed mid-way marked 41 cards in circulation as replaced."""
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(prepared["data"]))
    path = tmp_path / "trial.db"
    shutil.copyfile(prepared["db"], path)
    _kill_at(path, tmp_path / "lote.pdf", step, prepared, order="all")
    open_database(str(path), backup_dir=tmp_path)
    try:
        assert integrity.check() == prepared["baseline"]
        assert [documents.verify(text)["verdict"] for text in prepared["pockets"]] == \
            ["VÁLIDO"] * 3
    finally:
        close_database()

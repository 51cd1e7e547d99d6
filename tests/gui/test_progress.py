"""Progress dialog with Cancelar: batch printing and the demo fill run off the GUI thread;
a cancel stops the work at its next step and its transaction rolls back (nothing written)."""
import threading

import pytest

from mototaxi_desk.domain.errors import DomainError
from mototaxi_desk.gui.dialogs.batch_print import BatchPrintDialog
from mototaxi_desk.gui.widgets.progress import Cancelled, ProgressDialog
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import documents, setup
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import AuditLog, Permit, PrintLog

from ..conftest import row_counts


def _gated(step, at: int, gate: threading.Event):
    """A progress callback that, at step `at`, waits (in the worker) until the test has
    pressed Cancelar: the cancel then lands at a known step, whatever the machine's speed."""
    def progress(done, total):
        step(done, total)
        if done == at:
            assert gate.wait(10)
    return progress


def _cancel_at(dialog: ProgressDialog, at: int, gate: threading.Event) -> list:
    seen = []

    def on_step(done, total):
        seen.append(done)
        if done == at:
            dialog.cancel_button.click()
            gate.set()
    dialog.step.connect(on_step)
    return seen


def test_work_runs_off_the_gui_thread_and_returns_its_result(qtbot):
    dialog = ProgressDialog("Teste", "Contando…")
    qtbot.addWidget(dialog)
    threads = []

    def work(step):
        threads.append(threading.current_thread())
        for i in range(1, 6):
            step(i, 5)
        return "feito"
    assert dialog.run(work) == "feito"
    assert threads[0] is not threading.main_thread()
    assert dialog.bar.value() == 5 and dialog.bar.maximum() == 5


def test_an_error_in_the_work_reaches_the_caller(qtbot):
    dialog = ProgressDialog("Teste", "…")
    qtbot.addWidget(dialog)

    def work(step):
        step(1, 2)
        raise DomainError("Nenhuma permissão ativa e válida para imprimir.")
    with pytest.raises(DomainError, match="Nenhuma permissão"):
        dialog.run(work)


def test_cancelled_batch_of_cards_issues_no_copy(qtbot, demo_data):
    actor = users.authenticate("atendente", demo.DEMO_PASSWORD)
    prints, audits = PrintLog.select().count(), AuditLog.select().count()
    dialog = ProgressDialog("Impressão em lote", "Preparando…")
    qtbot.addWidget(dialog)
    gate = threading.Event()
    seen = _cancel_at(dialog, 3, gate)
    with pytest.raises(Cancelled):
        dialog.run(lambda step: documents.print_document(
            actor, "card", all_active=True, sheet="a4", progress=_gated(step, 3, gate)))
    assert seen[-1] == 3  # stopped at the next step
    assert PrintLog.select().count() == prints and AuditLog.select().count() == audits


def test_escape_while_running_cancels_instead_of_closing(qtbot, demo_data):
    actor = users.authenticate("atendente", demo.DEMO_PASSWORD)
    prints = PrintLog.select().count()
    dialog = ProgressDialog("Impressão em lote", "Preparando…")
    qtbot.addWidget(dialog)
    gate = threading.Event()

    def on_step(done, total):
        if done == 2:
            dialog.reject()  # what Esc and the close button do
            assert dialog.isVisible() and "Cancelando" in dialog.label.text()
            gate.set()
    dialog.step.connect(on_step)
    with pytest.raises(Cancelled):
        dialog.run(lambda step: documents.print_document(
            actor, "sticker", all_active=True, progress=_gated(step, 2, gate)))
    assert PrintLog.select().count() == prints


def test_batch_print_dialog_issues_every_current_card(qtbot, demo_data):
    actor = users.authenticate("atendente", demo.DEMO_PASSWORD)
    dialog = BatchPrintDialog(actor)
    qtbot.addWidget(dialog)
    dialog.sheet.setCurrentIndex(dialog.sheet.findData("a4"))
    result = dialog.prepare(show_preview=False)
    current = Permit.select().where(Permit.status.in_(documents.CARD_STATUSES)).count()
    assert result["count"] == PrintLog.select().where(PrintLog.document == "card").count()
    assert 0 < result["count"] <= current and result["pdf"].startswith(b"%PDF")
    assert "preparado" in dialog.message.text()


def test_after_the_last_step_cancel_is_off_and_says_why(qtbot):
    dialog = ProgressDialog("Teste", "…", last_step_text="Vias registradas; desenhando o PDF…")
    qtbot.addWidget(dialog)
    states = []
    dialog.step.connect(lambda done, total: states.append(
        (done, dialog.cancel_button.isEnabled(), dialog.label.text())))

    def work(step):
        step(1, 2)
        step(2, 2)
    dialog.run(work)
    assert states[0][1] is True
    assert states[-1] == (2, False, "Vias registradas; desenhando o PDF…")


def test_cancelled_demo_fill_leaves_the_database_empty(qtbot, db):
    counts = row_counts()
    dialog = ProgressDialog("Demonstração", "Criando…")
    qtbot.addWidget(dialog)
    gate = threading.Event()
    _cancel_at(dialog, 5, gate)
    with pytest.raises(Cancelled):
        dialog.run(lambda step: demo.ensure_demo_database(progress=_gated(step, 5, gate)))
    assert not setup.is_initialised()
    assert row_counts() == counts

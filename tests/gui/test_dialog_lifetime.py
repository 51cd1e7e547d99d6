"""Dialogs are deleted once they finish (issue 40, memory in bounds; gui/dialog_lifetime.py):
a window open all day no longer keeps every dialog the clerk ever opened. Before, each
"Nova pessoa" opened and cancelled left 96 widgets and about 0.7 MiB behind until the main
window closed."""
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from shiboken6 import Shiboken

from mototaxi_desk.gui import app_filter, dialog_lifetime, look
from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services.context import Actor

from ..conftest import BACKENDS


def _widgets() -> int:
    return len(QApplication.allWidgets())


def test_the_program_start_installs_it(qapp, monkeypatch):
    """gui/app.py sets the program's look (look.apply) before its first window: the hook
    is installed there, with the windows' fitting."""
    shown = []
    monkeypatch.setattr(app_filter, "on_window_shown", shown.append)
    look.apply(qapp)
    assert dialog_lifetime._adopt in shown


@pytest.mark.parametrize("db_url", [BACKENDS[0]], indirect=True)
def test_nova_pessoa_opened_and_cancelled_all_day_leaves_nothing_behind(qtbot, make_municipio):
    make_municipio("porto-feliz-2017")
    dialog_lifetime.install()  # as look.apply does when the program starts
    window = MainWindow(Actor(None, "atendente.teste", "atendente"))
    qtbot.addWidget(window)
    window.show()

    sizes = []

    def open_and_cancel():
        dialog = window.new_person()
        qtbot.waitUntil(dialog.isVisible)
        sizes.append(len(dialog.findChildren(QWidget)) + 1)
        dialog.reject()
        qtbot.waitUntil(lambda: not Shiboken.isValid(dialog))  # deleted, once back in the loop

    open_and_cancel()  # the first one loads what every later one shares
    before = _widgets()
    for _ in range(20):
        open_and_cancel()
    # the window may finish a page meanwhile (the Painel loads off the GUI thread): less
    # than one dialog's widgets, where each dialog left behind made twenty
    assert _widgets() - before < min(sizes)
    assert not window.findChildren(QDialog)


def test_a_saved_dialog_runs_its_slots_before_it_is_deleted(qtbot):
    """What its caller connected to `accepted` and `finished` (the record opened, the page
    refreshed) runs first; the dialog goes after, with what it held."""
    dialog_lifetime.install()
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    dialog = QDialog(parent)
    child = QWidget(dialog)
    seen = []
    dialog.accepted.connect(lambda: seen.append(("accepted", Shiboken.isValid(child))))
    dialog.finished.connect(lambda code: seen.append(("finished", code, Shiboken.isValid(child))))
    dialog.open()
    qtbot.waitUntil(dialog.isVisible)
    dialog.accept()
    assert sorted(seen) == [("accepted", True), ("finished", QDialog.DialogCode.Accepted, True)]
    assert Shiboken.isValid(dialog)  # not in the middle of its caller's code
    qtbot.waitUntil(lambda: not Shiboken.isValid(dialog))
    assert not Shiboken.isValid(child)


def test_parentless_and_exec_dialogs_are_left_to_their_owners(qtbot):
    """One without a parent is Python's (collected with its last reference); one run by
    exec() is read by its caller after exec() returns, so the hook never adopts it."""
    dialog_lifetime.install()
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    alone = QDialog()
    alone.open()
    qtbot.waitUntil(alone.isVisible)
    alone.reject()
    qtbot.wait(20)
    assert Shiboken.isValid(alone)

    modal = QDialog(parent)
    modal.setWindowModality(Qt.WindowModality.ApplicationModal)  # as exec() runs it
    modal.show()
    qtbot.waitUntil(modal.isVisible)
    modal.reject()
    qtbot.wait(20)
    assert Shiboken.isValid(modal)
    modal.deleteLater()
    alone.deleteLater()


def test_the_dialogs_run_by_exec_are_deleted_by_their_callers(qtbot):
    """A dialog run by exec() is read by its caller after exec() returns; the caller then
    deletes it: the progress of a long job (batch printing, reports) leaves nothing."""
    from mototaxi_desk.gui.widgets.progress import run_with_progress
    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    for _ in range(3):
        assert run_with_progress(parent, "Imprimindo", "Aguarde.", lambda progress: 42) == 42
    qtbot.waitUntil(lambda: not parent.findChildren(QDialog))

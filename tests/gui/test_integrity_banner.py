"""The window runs the quick tamper checks in the background at start and tells the
administrator (issue 18 item 5); other roles are not asked to act on it."""
import pytest

from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.services import demo, users
from mototaxi_desk.store.models import DB, Person


@pytest.fixture
def open_window(qtbot, demo_data):
    def make(login):
        password = "senha-forte-1" if login == "admin" else demo.DEMO_PASSWORD
        win = MainWindow(users.authenticate(login, password))
        qtbot.addWidget(win)
        return win
    return make


def test_a_sound_register_shows_no_banner(open_window, qtbot):
    with qtbot.waitSignal(open_window("admin").integrity_checked, timeout=20_000) as done:
        pass
    assert done.args[0] == []


def test_a_person_renamed_by_sql_is_shown_to_the_administrator(open_window, qtbot):
    person = Person.select().order_by(Person.id).first()
    DB.obj.execute_sql("UPDATE person SET name = 'Fulano Trocado' WHERE id = ?"
                       .replace("?", "%s" if "Postgres" in type(DB.obj).__name__ else "?"),
                       (person.id,))
    window = open_window("admin")
    with qtbot.waitSignal(window.integrity_checked, timeout=20_000):
        pass
    assert window.integrity_banner.isVisibleTo(window)
    text = window.integrity_banner.text()
    assert f"Pessoa id {person.id} (Fulano Trocado) foi alterado fora do programa" in text
    assert "mototaxi-desk check" in text


def test_other_roles_do_not_run_it(open_window, qtbot):
    window = open_window("atendente")
    qtbot.wait(50)
    assert window._integrity_job is None and not window.integrity_banner.isVisibleTo(window)

"""The window runs the quick tamper checks in the background at start and tells the
administrator (issue 18 item 5); other roles are not asked to act on it."""
import pytest

from mototaxi_desk.gui.main_window import MainWindow
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.administration import users
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


def _rename_by_sql(person_id: int, name: str) -> None:
    DB.obj.execute_sql("UPDATE person SET name = ? WHERE id = ?"
                       .replace("?", "%s" if "Postgres" in type(DB.obj).__name__ else "?"),
                       (name, person_id))


def test_an_action_refused_on_a_tampered_row_is_shown_at_once(open_window, qtbot):
    """Issue 34: the start-up check ran clean; a row renamed by SQL afterwards is refused by
    the next action on it, and the administrator's banner names it at once."""
    from mototaxi_desk.services.register import persons
    from mototaxi_desk.store.seals import SealBroken
    window = open_window("admin")
    with qtbot.waitSignal(window.integrity_checked, timeout=20_000):
        pass
    assert not window.integrity_banner.isVisibleTo(window)
    person = Person.select().order_by(Person.id).first()
    _rename_by_sql(person.id, "Fulano Trocado")
    with pytest.raises(SealBroken):
        persons.update_person(window.actor, person.id, {"phone": "(99) 98765-4321"})
    qtbot.waitUntil(lambda: window.integrity_banner.isVisibleTo(window), timeout=5_000)
    text = window.integrity_banner.text()
    assert f"Ação recusada agora: Pessoa id {person.id} (Fulano Trocado) foi alterado(a)" \
           in text and f"nome: '{person.name}' → 'Fulano Trocado'" in text
    assert window.integrity_details.isVisibleTo(window)


def test_the_banner_detail_accepts_the_row_and_the_check_runs_again(open_window, qtbot):
    person = Person.select().order_by(Person.id).first()
    _rename_by_sql(person.id, "Fulano Trocado")
    window = open_window("admin")
    with qtbot.waitSignal(window.integrity_checked, timeout=20_000):
        pass
    assert window.integrity_details.isVisibleTo(window)
    dialog = window.review_seals()
    qtbot.waitUntil(lambda: dialog.rows.count() == 1, timeout=20_000)
    assert f"Pessoa id {person.id} (Fulano Trocado)" in dialog.rows.item(0).text()
    assert dialog.accept_button.isEnabled() and dialog.restore_button.isEnabled()
    form = dialog.act("accept")
    assert not form.submit()  # the reason is required
    assert "Motivo" in form.message.text()
    form.widget("reason").setText("Nome social adotado pelo permissionário")
    assert form.submit()
    qtbot.waitUntil(lambda: dialog.status.text() == "Nenhuma linha alterada fora do programa.",
                    timeout=20_000)
    with qtbot.waitSignal(window.integrity_checked, timeout=20_000) as checked:
        dialog.reject()
    assert checked.args[0] == [] and not window.integrity_banner.isVisibleTo(window)

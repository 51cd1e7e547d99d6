"""Configurações → Cópias de segurança: only administrators see it; a copy now, a restore of
the selected copy (the program then closes), a bad file refused with nothing changed, the
rotation settings saved and audited."""
import json
import os

import pytest

from mototaxi_desk import config
from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.gui.pages.settings_backup import BackupTab, age_text, size_text
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import AuditLog, Person, User
from tests.conftest import row_counts
from tests.store.backup_helpers import copy_of, make_municipio_file

SHOTS = os.environ.get("MOTOTAXI_SHOTS")  # a folder: the test also saves the tab as PNG


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    return make_municipio_file(tmp_path_factory.mktemp("modelo") / "mototaxi.db", holders=60)


@pytest.fixture
def admin():
    user = User.get(User.login == "admin")
    return Actor(user.id, user.login, user.role)


@pytest.fixture
def opened(template, tmp_path):
    path = copy_of(template, tmp_path / "mototaxi.db")
    open_database(str(path))
    yield path
    close_database()


@pytest.fixture
def tab(qtbot, opened, admin, prompts):
    page = SettingsPage(admin)
    qtbot.addWidget(page)
    backup_tab = page.backup_tab
    backup_tab.closed = prompts.closed  # gui/prompts.close_program, answered in conftest
    page.resize(1100, 640)
    page.show()
    page.tabs.setCurrentWidget(backup_tab)
    qtbot.waitExposed(page)
    backup_tab.page = page
    return backup_tab


def _wait(qtbot, tab):
    qtbot.waitUntil(lambda: not tab.busy, timeout=20_000)


def test_only_administrators_see_the_tab(qtbot, opened):
    demo_user = Actor(None, "supervisor", "supervisor")
    page = SettingsPage(demo_user)
    qtbot.addWidget(page)
    titles = [page.tabs.tabText(i) for i in range(page.tabs.count())]
    assert "Cópias de segurança" not in titles and page.backup_tab is None


def test_copy_now_then_restore_the_selected_copy(qtbot, tab):
    assert "Nenhuma cópia" in tab.summary.text() and tab.model.rows == []
    assert not tab.restore_selected.isEnabled()
    tab.backup_now()
    _wait(qtbot, tab)
    assert "Cópia gravada em" in tab.message.text()
    assert len(tab.model.rows) == 1 and tab.model.rows[0]["kind_label"] == "Manual"
    assert "Última cópia:" in tab.summary.text() and str(config.data_dir()) in tab.summary.text()
    assert AuditLog.select().where(AuditLog.action == "backup.create").count() == 1
    people = Person.select().count()

    demo.fill_bulk(10, seed=21, with_users=False, waiting=0)
    tab.refresh()
    tab.view.selectRow(0)
    tab.restore_selected_copy()
    _wait(qtbot, tab)
    assert tab.closed == [True]  # the program closes after a restore
    assert "Cópia restaurada" in tab.message.text() and "guardado em" in tab.message.text()
    assert Person.select().count() == people
    kinds = [r["kind"] for r in tab.model.rows]
    assert kinds == ["antes-restauracao", "manual"]
    if SHOTS:
        tab.page.grab().save(os.path.join(SHOTS, "copias-de-seguranca.png"))


def test_a_bad_file_is_refused_in_the_tab(qtbot, tab, tmp_path):
    bad = tmp_path / "planilha.db"
    bad.write_bytes(b"nome;cpf\n" * 500)
    before = row_counts()
    tab.restore_file(bad, "o arquivo")
    _wait(qtbot, tab)
    assert "não é um banco de dados SQLite" in tab.message.text()
    assert "bold" in tab.message.styleSheet() and tab.closed == []
    assert row_counts() == before


def test_rotation_settings_saved_and_audited(qtbot, tab):
    tab.keep_daily.setValue(14)
    tab.keep_monthly.setValue(6)
    tab.automatic.setChecked(False)
    tab.page.tabs.setCurrentWidget(tab)
    tab.page._save_current()  # Ctrl+S on this tab
    saved = json.loads((config.data_dir() / "backup.json").read_text(encoding="utf-8"))
    assert saved == {"keep_daily": 14, "keep_monthly": 6, "automatic": False}
    assert "desligada" in tab.message.text()
    assert AuditLog.select().where(AuditLog.action == "backup.settings").count() == 1


@pytest.mark.both_backends  # its subject is the backend
def test_postgresql_explains_and_offers_no_restore(qtbot, municipio, admin):
    tab = BackupTab(admin)
    qtbot.addWidget(tab)
    tab.refresh()
    if tab.info["engine"] == "sqlite":
        assert "Nenhuma cópia" in tab.summary.text() and tab.restore_other.isEnabled()
    else:
        assert "PostgreSQL" in tab.summary.text() and "pg_restore" in tab.summary.text()
        assert not tab.restore_other.isEnabled() and not tab.restore_selected.isEnabled()


def test_texts():
    import datetime as dt
    now = dt.datetime(2026, 5, 10, 12, 0)
    assert age_text(now - dt.timedelta(minutes=5), now) == "há 5 minutos"
    assert age_text(now - dt.timedelta(hours=1), now) == "há 1 hora"
    assert age_text(now - dt.timedelta(days=3), now) == "há 3 dias"
    assert size_text(2_500_000) == "2,4 MB" and size_text(300) == "1 KB"


# --- start-up ------------------------------------------------------------------------------

def test_start_up_warns_about_a_network_share_and_makes_the_automatic_copy(qtbot, opened,
                                                                         monkeypatch):
    from mototaxi_desk.gui import startup_checks
    from mototaxi_desk.services.administration import backups
    from mototaxi_desk.store import location
    monkeypatch.setattr(location, "network_location", lambda *a, **k: r"pasta de rede \\srv\p")
    warning = startup_checks.after_open(str(opened), demo=False, ask=False)
    assert r"\\srv\p" in warning and "PostgreSQL" in warning
    qtbot.waitUntil(lambda: AuditLog.select().where(  # the job's last step
        AuditLog.action == "backup.create").count() == 1, timeout=20_000)
    assert backups.status()["copies"][0]["kind"] == "automatica"


def test_start_up_dialog_of_a_damaged_database_names_the_restore(qtbot, opened, monkeypatch):
    from mototaxi_desk.gui import app
    from mototaxi_desk.services.administration import backups
    from mototaxi_desk.services.context import SYSTEM
    from tests.store.backup_helpers import corrupt_pages
    newest = backups.make_backup(SYSTEM)["path"]
    close_database()
    pages = opened.stat().st_size // 4096
    corrupt_pages(opened, range(pages // 2, pages // 2 + 3))
    shown = []
    monkeypatch.setattr(app.QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    monkeypatch.setattr(app, "install_excepthook", lambda: None)
    assert app.run_gui(str(opened)) == 1
    assert "danificado" in shown[0] and f'restore "{newest}"' in shown[0]


def test_login_waits_for_the_integrity_verdict_and_a_damaged_file_lets_nobody_in(
        qtbot, opened, monkeypatch):
    """The check runs beside the login (start-up budget); a bad verdict refuses the login
    without touching the database (no failed-login count, no audit entry)."""
    from mototaxi_desk.gui import app
    from mototaxi_desk.demo import data as demo
    from tests.conftest import row_counts
    shown = []
    monkeypatch.setattr(app.QMessageBox, "critical", lambda parent, title, text: shown.append(text))
    login = app.LoginDialog("Informe usuário e senha.")
    qtbot.addWidget(login)
    login.before_login = lambda: "O banco de dados x está danificado (teste)."
    login.login.setText("admin")
    login.password.setText(demo.DEMO_PASSWORD + "errada")
    before = row_counts()
    login.try_login()
    assert login.actor is None and login.result() == app.QDialog.DialogCode.Rejected
    assert shown == ["O banco de dados x está danificado (teste)."]
    assert row_counts() == before
    login = app.LoginDialog("Informe usuário e senha.")
    qtbot.addWidget(login)
    login.before_login = lambda: None  # sound: the login goes on as always
    login.login.setText("admin")
    login.password.setText(demo.DEMO_PASSWORD + "errada")
    login.try_login()
    assert login.actor is None and "senha" in login.message.text().lower()


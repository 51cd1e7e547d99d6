"""Configurações → Usuários (issue 37 item 3, the window's side of `users role` and
`users enable`): from a new município, the administrator changes a user's perfil de acesso
and re-enables a disabled user; the refusals (own account, the last active administrator)
are shown in Portuguese with nothing written."""
import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuditLog, User
from tests.conftest import row_counts

INIT_PASSWORD = "senha-forte-1"  # tests/conftest.py make_municipio


@pytest.fixture
def municipio(db, make_municipio):
    return make_municipio()


@pytest.fixture
def admin(municipio) -> Actor:
    return users.authenticate("admin", INIT_PASSWORD)


@pytest.fixture
def page(qtbot, admin):
    page = SettingsPage(admin)
    qtbot.addWidget(page)
    page.resize(1300, 640)
    page.refresh()
    page.show()
    page.tabs.setCurrentIndex([page.tabs.tabText(i) for i in range(page.tabs.count())]
                              .index("Usuários"))
    qtbot.waitExposed(page)
    return page


def button(widget, words: str) -> QPushButton:
    """The visible button a clerk reads as `words` (mnemonic marks and '…' aside)."""
    found = [b for b in widget.findChildren(QPushButton)
             if b.text().replace("&", "").rstrip("…") == words and b.isVisible()]
    assert found, f"sem botão “{words}”"
    return found[0]


def click(qtbot, words: str, page) -> None:
    target = button(page, words)
    assert target.isEnabled(), words
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)


def select(page, login: str) -> None:
    page.user_view.selectRow([u["login"] for u in page.user_model.rows].index(login))


def shown(page, login: str) -> dict:
    return next(u for u in page.user_model.rows if u["login"] == login)


def add(page, qtbot, login, name, role_label, password="senha-nova-1") -> None:
    page.user_login.editor.setText(login)
    page.user_name.editor.setText(name)
    page.user_role.setCurrentText(role_label)
    page.user_password.editor.setText(password)
    page.user_password_again.editor.setText(password)
    click(qtbot, "Cadastrar usuário", page)
    assert User.get_or_none(User.login == login) is not None, page.user_message.text()


def test_admin_changes_a_users_role_audited_and_listed(qtbot, page, prompts):
    add(page, qtbot, "joana", "Joana Ribeiro Lima", "Atendente")
    select(page, "joana")
    assert page.user_new_role.currentText() == "Atendente"  # offered from the user's own
    page.user_new_role.setCurrentText("Fiscal")
    click(qtbot, "Alterar perfil", page)
    assert "Atendente para Fiscal" in prompts.asked[-1]
    assert shown(page, "joana")["role_label"] == "Fiscal"
    assert page.user_model.rows[page.user_view.currentIndex().row()]["login"] == "joana"
    assert "alterado para Fiscal" in page.user_message.text()
    entry = AuditLog.get(AuditLog.action == "user.role")
    assert json.loads(entry.before)["role"] == "atendente"
    assert json.loads(entry.after)["role"] == "fiscal"
    assert users.authenticate("joana", "senha-nova-1").role == "fiscal"

    # the same role again: the service's words, nothing written
    before = row_counts()
    click(qtbot, "Alterar perfil", page)
    assert "já é fiscal" in page.user_message.text()
    assert row_counts() == before

    # answered "Não": nothing changes
    prompts.yes = False
    page.user_new_role.setCurrentText("Supervisor")
    click(qtbot, "Alterar perfil", page)
    assert shown(page, "joana")["role_label"] == "Fiscal" and row_counts() == before


def test_admin_reenables_a_disabled_user_who_can_log_in_again(qtbot, page):
    add(page, qtbot, "pedro", "Pedro Santos Costa", "Fiscal")
    select(page, "pedro")
    assert not button(page, "Reativar o selecionado").isEnabled()  # active: only Desativar
    click(qtbot, "Desativar o selecionado", page)
    assert shown(page, "pedro")["active"] is False
    with pytest.raises(users.LoginFailed):
        users.authenticate("pedro", "senha-nova-1")
    assert not button(page, "Desativar o selecionado").isEnabled()  # disabled: only Reativar
    click(qtbot, "Reativar o selecionado", page)
    assert shown(page, "pedro")["active"] is True
    assert "reativado" in page.user_message.text()
    assert button(page, "Desativar o selecionado").isEnabled()
    assert not button(page, "Reativar o selecionado").isEnabled()
    assert AuditLog.select().where(AuditLog.action == "user.enable").count() == 1
    assert users.authenticate("pedro", "senha-nova-1").login == "pedro"


def test_own_account_refused_in_portuguese_nothing_written(qtbot, page):
    select(page, "admin")
    before, listed = row_counts(), page.user_model.rows
    page.user_new_role.setCurrentText("Supervisor")
    click(qtbot, "Alterar perfil", page)
    assert page.user_message.text() == "Você não pode alterar o próprio perfil de acesso."
    click(qtbot, "Desativar o selecionado", page)
    assert page.user_message.text() == "Você não pode desativar o próprio usuário."
    assert row_counts() == before and page.user_model.rows == listed
    assert User.get(User.login == "admin").role == "admin"


def test_a_window_whose_admin_was_demoted_elsewhere_is_refused_nothing_written(qtbot, page):
    """This window's administrator was made supervisor from another session (its window still
    open as admin): its next act on the users is refused — the role is read at every action —
    and the other administrator, now the only active one, keeps the role. (The last active
    admin's own guard is tested from the command line, tests/test_cli_window_acts.py.)"""
    add(page, qtbot, "chefe", "Maria Chefe Souza", "Administrador")
    chefe = users.authenticate("chefe", "senha-nova-1")
    users.set_role(chefe, "admin", "supervisor")
    page.refresh()
    select(page, "chefe")
    before, listed = row_counts(), page.user_model.rows
    page.user_new_role.setCurrentText("Fiscal")
    click(qtbot, "Alterar perfil", page)
    assert "mudou para Supervisor depois da entrada" in page.user_message.text()
    click(qtbot, "Desativar o selecionado", page)
    assert "mudou para Supervisor depois da entrada" in page.user_message.text()
    assert row_counts() == before and page.user_model.rows == listed
    assert shown(page, "chefe")["role"] == "admin" and shown(page, "chefe")["active"]


def test_other_roles_cannot_use_the_users_buttons(qtbot, municipio):
    supervisor = Actor(None, "supervisor", "supervisor")
    page = SettingsPage(supervisor)
    qtbot.addWidget(page)
    page.refresh()
    select(page, "admin")
    for widget in (page.user_disable, page.user_enable, page.user_set_role,
                   page.user_new_role):
        assert not widget.isEnabled()

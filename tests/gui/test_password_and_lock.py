"""Passwords and the idle lock (issue 8 part 4): the admin made at `init` must change the
password before the main window opens; the window locks after the idle time and only the same
user's password (or leaving the program) dismisses the lock."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMainWindow

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.gui import account, idle_lock
from mototaxi_desk.gui.dialogs.change_password import ChangePasswordDialog
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuditLog

INIT_PASSWORD = "senha-forte-1"  # tests/conftest.py make_municipio


@pytest.fixture
def admin(municipio) -> Actor:
    return users.authenticate("admin", INIT_PASSWORD)


def _fill(qtbot, dialog, current, new, confirm):
    for field, text in ((dialog.current, current), (dialog.new, new), (dialog.confirm, confirm)):
        field.clear()
        qtbot.keyClicks(field, text)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)


def test_the_admin_made_at_init_must_change_the_password(qtbot, admin, tmp_path):
    assert users.must_change_password(admin)
    dialog = ChangePasswordDialog(admin, forced=True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    _fill(qtbot, dialog, "errada-123", "nova-senha-boa", "nova-senha-boa")
    assert dialog.message.text() == "Senha atual: incorreta." and dialog.result() == 0
    _fill(qtbot, dialog, INIT_PASSWORD, "nova-senha-boa", "outra-coisa")
    assert "não conferem" in dialog.message.text()
    _fill(qtbot, dialog, INIT_PASSWORD, "curta", "curta")
    assert f"ao menos {users.MIN_PASSWORD_LENGTH} caracteres" in dialog.message.text()
    _fill(qtbot, dialog, INIT_PASSWORD, INIT_PASSWORD, INIT_PASSWORD)
    assert "diferente da senha atual" in dialog.message.text()
    assert users.must_change_password(admin)  # nothing changed so far
    dialog.grab().save(str(tmp_path / "troque-sua-senha.png"))
    _fill(qtbot, dialog, INIT_PASSWORD, "nova-senha-boa", "nova-senha-boa")
    assert dialog.result() == ChangePasswordDialog.DialogCode.Accepted
    assert not users.must_change_password(admin)
    assert account.first_login_password_change(admin)  # no dialog any more
    with pytest.raises(users.LoginFailed):
        users.authenticate("admin", INIT_PASSWORD)
    assert users.authenticate("admin", "nova-senha-boa").user_id == admin.user_id
    entry = AuditLog.get(AuditLog.action == "user.password_change")
    assert "nova-senha-boa" not in (entry.after or "") + (entry.before or "")


def test_the_password_change_service_checks_the_new_password(admin):
    with pytest.raises(ValidationError, match="Nova senha: .*ao menos 8"):
        users.change_password(admin, INIT_PASSWORD, "1234567")
    users.add_user(admin, "joaquim.silva", "Joaquim Silva", "atendente", "provisoria-1")
    joaquim = users.authenticate("joaquim.silva", "provisoria-1")
    assert users.must_change_password(joaquim)  # the administrator's temporary password
    with pytest.raises(ValidationError, match="igual ao nome de usuário"):
        users.change_password(joaquim, "provisoria-1", "Joaquim.Silva")
    users.change_password(joaquim, "provisoria-1", "joaquim-escolheu-1")
    assert not users.must_change_password(joaquim)
    users.change_password(admin, INIT_PASSWORD, "administrador-2")
    assert not users.must_change_password(admin)


@pytest.fixture
def window(qtbot):
    win = QMainWindow()
    win.setCentralWidget(QLabel("CPF 529.982.247-25 — dados do prontuário"))
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_the_window_locks_when_idle_and_only_the_same_password_unlocks(qtbot, admin, window,
                                                                       tmp_path):
    lock = idle_lock.IdleLock(window, admin, minutes=0.002)  # 120 ms
    with qtbot.waitSignal(lock.locked, timeout=3000):
        pass
    dialog = lock.dialog
    assert dialog is not None and dialog.isVisible() and dialog.isModal()
    assert not window.centralWidget().isVisible()  # the data is hidden behind the lock
    window.grab().save(str(tmp_path / "bloqueado-janela.png"))
    dialog.grab().save(str(tmp_path / "bloqueado.png"))
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # Esc does not unlock
    assert lock.dialog is dialog and dialog.isVisible()
    qtbot.keyClicks(dialog.password, "errada-123")
    qtbot.mouseClick(dialog.unlock_button, Qt.MouseButton.LeftButton)
    assert "incorretos" in dialog.message.text() and lock.dialog is dialog
    with qtbot.waitSignal(lock.unlocked, timeout=1000):
        qtbot.keyClicks(dialog.password, INIT_PASSWORD)
        qtbot.mouseClick(dialog.unlock_button, Qt.MouseButton.LeftButton)
    assert lock.dialog is None and window.centralWidget().isVisible()
    assert lock.timer.isActive()  # counting again
    lock.stop()


def test_input_restarts_the_idle_countdown(qtbot, admin, window):
    lock = idle_lock.IdleLock(window, admin, minutes=0.5)  # 30 s
    for send in (lambda: qtbot.keyClick(window, Qt.Key.Key_A),
                 lambda: qtbot.mouseClick(window.centralWidget(), Qt.MouseButton.LeftButton)):
        qtbot.wait(400)
        elapsed = lock.timer.interval() - lock.timer.remainingTime()
        assert elapsed >= 200
        send()
        assert lock.timer.interval() - lock.timer.remainingTime() < elapsed
    assert lock.dialog is None
    lock.stop()


def test_leaving_from_the_lock_logs_out(qtbot, admin, window):
    lock = idle_lock.IdleLock(window, admin, minutes=60)
    lock.lock()
    with qtbot.waitSignal(lock.logged_out, timeout=1000):
        qtbot.mouseClick(lock.dialog.logout_button, Qt.MouseButton.LeftButton)
    lock.stop()


def test_the_idle_time_is_configurable(monkeypatch, tmp_path):
    monkeypatch.setenv("MOTOTAXI_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("MOTOTAXI_IDLE_MINUTES", raising=False)
    assert idle_lock.idle_minutes() == 15
    (tmp_path / "gui.json").write_text(json.dumps({"idle_lock_minutes": 5}), "utf-8")
    assert idle_lock.idle_minutes() == 5
    monkeypatch.setenv("MOTOTAXI_IDLE_MINUTES", "2,5")
    assert idle_lock.idle_minutes() == 2.5
    monkeypatch.setenv("MOTOTAXI_IDLE_MINUTES", "nunca")
    assert idle_lock.idle_minutes() == 15  # a bad value does not turn the lock off


def test_the_main_window_gets_the_lock_and_the_account_buttons(qtbot, admin):
    from mototaxi_desk.gui.main_window import MainWindow
    win = MainWindow(admin)
    qtbot.addWidget(win)
    lock = account.install(win, admin, idle_minutes=60)
    assert win.search_box.actor == admin and win.idle_lock is lock
    from PySide6.QtWidgets import QPushButton
    buttons = {b.text(): b for b in win.statusBar().findChildren(QPushButton)}
    assert set(buttons) >= {"Trocar senha", "Bloquear (Ctrl+L)"}
    assert lock.timer.isActive() and lock.timer.interval() == 60 * 60_000
    qtbot.mouseClick(buttons["Bloquear (Ctrl+L)"], Qt.MouseButton.LeftButton)
    assert lock.dialog is not None and lock.dialog.isVisible()
    lock.stop()
    win.close()  # before the database closes: its tables must not repaint without one

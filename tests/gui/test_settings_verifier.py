"""Configurações → Verificação dos documentos (issue 17): the trusted keys' fingerprints as
the roster prints them, a key only in the database named, the status age (admin only), and
"Exportar verificador" writing the phone page (every role)."""
import datetime as dt
import json

from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.printing import qr
from mototaxi_desk.services.trust import keys
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuditLog, SigningKey

ADMIN = Actor(None, "admin", "admin")


def test_tab_shows_fingerprints_and_exports_the_verifier(qtbot, municipio, tmp_path):
    page = SettingsPage(ADMIN)
    qtbot.addWidget(page)
    tab = page.verifier_tab
    assert page.tabs.indexOf(tab) >= 0
    fingerprint = keys.trust_summary()["keys"][0]["fingerprint_text"]
    assert fingerprint in tab.keys_label.text() and "2111102-1" in tab.keys_label.text()
    assert tab.max_age.value() == 7 and tab.max_age_button.isEnabled()
    tab.max_age.setValue(10)
    tab.save_max_age()
    assert "10 dia(s)" in tab.message.text()
    info = tab.export(str(tmp_path / "verificador.html"))
    assert info and (tmp_path / "verificador.html").read_text(encoding="utf-8").startswith(
        "<!DOCTYPE html>")
    assert "Verificador gravado" in tab.message.text()
    page.resize(1366, 768)  # it fits the office PC's screen
    page.tabs.setCurrentWidget(tab)
    assert page.grab().save(str(tmp_path / "configuracoes-verificacao.png"))
    assert tab.export(str(tmp_path / "nao-existe" / "v.html")) is None
    assert "Não foi possível gravar" in tab.message.text()


def test_a_fiscal_exports_but_cannot_change_the_age(qtbot, municipio, tmp_path):
    raw = qr.public_raw(qr.new_private_key())
    SigningKey.create(key_id=9, public_key=raw.hex(), fingerprint=keys.fingerprint(raw),
                      retired_at=dt.datetime(2025, 1, 1))
    page = SettingsPage(Actor(None, "fiscal", "fiscal"))
    qtbot.addWidget(page)
    tab = page.verifier_tab
    assert not tab.max_age_button.isEnabled() and tab.export_button.isEnabled()
    assert "2111102-9" in tab.keys_label.text() and "não é confiável" in tab.keys_label.text()
    assert tab.export(str(tmp_path / "v.html"))


def _file_with_a_new_key(tmp_path):
    """The station's trust file plus a key 2 the database has, with no signed statement."""
    raw = qr.public_raw(qr.new_private_key())
    row = SigningKey.create(key_id=2, public_key=raw.hex(), fingerprint=keys.fingerprint(raw))
    data = json.loads(keys.trust_path().read_text())
    data["keys"].append(keys._entry(row, "2111102"))
    path = tmp_path / "trusted-2111102.json"
    path.write_text(json.dumps(data))
    return path, row


def test_admin_installs_a_trust_file_after_a_dialog_naming_the_fingerprint(
        qtbot, municipio, tmp_path, prompts):
    """Issue 34: a key no trusted key signed enters only after the admin compares its
    fingerprint in a dialog; 'Não' changes nothing."""
    path, row = _file_with_a_new_key(tmp_path)
    page = SettingsPage(ADMIN)
    qtbot.addWidget(page)
    tab = page.verifier_tab
    assert tab.install_button.isEnabled() and tab.trust_database_button.isEnabled()
    before = keys.trust_path().read_bytes()
    prompts.yes = False
    assert tab.install_keys(str(path)) is None
    assert keys.fingerprint_text(row.fingerprint) in prompts.asked[-1]
    assert "2111102-2" in prompts.asked[-1] and keys.trust_path().read_bytes() == before
    assert "Nenhuma chave" in tab.keys_message.text()
    prompts.yes = True
    assert tab.install_keys(str(path))
    assert "Chaves acrescentadas: 2111102-2" in tab.keys_message.text()
    assert "não é confiável" not in tab.keys_label.text()
    assert not tab.trust_database_button.isEnabled()  # nothing left to trust
    assert AuditLog.select().where(AuditLog.action == "key.trust").count() == 1


def test_a_signed_rotation_is_installed_without_a_question(qtbot, municipio, tmp_path, prompts):
    station_b = keys.trust_path().read_bytes()
    keys.rotate(ADMIN)
    copied = tmp_path / "trusted-2111102.json"
    copied.write_bytes(keys.trust_path().read_bytes())
    keys.trust_path().write_bytes(station_b)
    page = SettingsPage(ADMIN)
    qtbot.addWidget(page)
    assert page.verifier_tab.install_keys(str(copied))
    assert prompts.asked == []
    assert "2111102-2" in page.verifier_tab.keys_label.text()


def test_other_roles_cannot_add_keys(qtbot, municipio, tmp_path):
    path, _ = _file_with_a_new_key(tmp_path)
    page = SettingsPage(Actor(None, "atendente", "atendente"))
    qtbot.addWidget(page)
    tab = page.verifier_tab
    assert not tab.install_button.isEnabled() and not tab.trust_database_button.isEnabled()
    before = keys.trust_path().read_bytes()
    assert tab.install_keys(str(path)) is None and "não pode" in tab.keys_message.text()
    assert keys.trust_path().read_bytes() == before

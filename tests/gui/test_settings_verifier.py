"""Configurações → Verificação dos documentos (issue 17): the trusted keys' fingerprints as
the roster prints them, a key only in the database named, the status age (admin only), and
"Exportar verificador" writing the phone page (every role)."""
import datetime as dt

from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.printing import qr
from mototaxi_desk.services import keys
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import SigningKey

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

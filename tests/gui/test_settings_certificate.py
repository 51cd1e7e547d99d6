"""Configurações → Certificado digital (issue 41 item 1), from a município made by `init`:
the CNPJ typed on Cobrança, then the A1 installed through the window with its password (a
wrong one refused, the password field cleared), holder, CNPJ and validity shown, a warning
when its end is near, the timestamp server, removal; a fiscal only sees it. Rendered at
1366×768 (100% and 125%)."""
import datetime as dt

import pytest

from mototaxi_desk.gui.pages.settings import SettingsPage
from mototaxi_desk.services.administration import certificate
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import AuditLog

from ..signing_pki import HOLDER, PASSWORD, make_pki

ADMIN = Actor(None, "admin", "admin")


@pytest.fixture
def station(municipio, tmp_path, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    certificate._forget()
    yield tmp_path
    certificate._forget()


def _pfx(tmp_path, **kwargs):
    path = tmp_path / "prefeitura.pfx"
    path.write_bytes(make_pki(**kwargs).pfx())
    return str(path)


def test_admin_installs_sees_and_removes_the_certificate(qtbot, station, tmp_path, prompts):
    page = SettingsPage(ADMIN)
    qtbot.addWidget(page)
    tab = page.certificate_tab
    page.tabs.setCurrentWidget(tab)
    assert tab.ui.holder.text() == "Nenhum certificado instalado."
    assert not tab.ui.remove.isEnabled()
    collection = page.collection_tab  # the município's CNPJ, where the guias take it from
    collection.refresh()
    collection.ui.cnpj.setText("12.345.678/0001-95")
    assert collection.save()
    tab.ui.file_path.setText(_pfx(tmp_path))
    qtbot.keyClicks(tab.ui.password, "senha-errada")
    qtbot.mouseClick(tab.ui.install, qtbot_left())
    assert "Senha do certificado: senha incorreta" in tab.ui.message.text()
    assert tab.ui.password.text() == "" and not certificate.show()["installed"]
    qtbot.keyClicks(tab.ui.password, PASSWORD)
    qtbot.mouseClick(tab.ui.install, qtbot_left())
    assert f"Certificado de {HOLDER} instalado" in tab.ui.message.text()
    assert tab.ui.holder.text() == HOLDER and tab.ui.cnpj.text() == "12.345.678/0001-95"
    assert "dias restantes" in tab.ui.validity.text() and tab.ui.warning.isHidden()
    assert "assinados (PAdES-B-B, PDF/A-2b)" in tab.ui.signing.text()
    tab.ui.timestamp_url.setText("https://carimbo.example/tsa")
    qtbot.mouseClick(tab.ui.save_timestamp, qtbot_left())
    assert "PAdES-B-T" in tab.ui.signing.text()
    _screens(page, tmp_path)
    qtbot.mouseClick(tab.ui.remove, qtbot_left())
    assert prompts.asked and "sem assinatura digital" in prompts.asked[-1]
    assert tab.ui.holder.text() == "Nenhum certificado instalado."
    assert AuditLog.select().where(AuditLog.action.in_(
        ["certificate.install", "certificate.remove"])).count() == 2


def test_the_warning_as_the_end_nears(qtbot, station, tmp_path):
    from mototaxi_desk.services.payments import collection
    collection.update(ADMIN, cnpj="12.345.678/0001-95")
    now = dt.datetime.now(dt.timezone.utc)
    certificate.install(ADMIN, _pfx(tmp_path, not_after=now + dt.timedelta(days=5, hours=12)),
                        PASSWORD)
    page = SettingsPage(ADMIN)
    qtbot.addWidget(page)
    warning = page.certificate_tab.ui.warning
    assert not warning.isHidden() and "O certificado vence em" in warning.text()


def test_a_fiscal_sees_but_cannot_install(qtbot, station):
    page = SettingsPage(Actor(None, "fiscal", "fiscal"))
    qtbot.addWidget(page)
    ui = page.certificate_tab.ui
    assert not ui.install.isEnabled() and not ui.password.isEnabled()
    assert not ui.save_timestamp.isEnabled()
    assert "Somente o administrador" in ui.message.text()


def qtbot_left():
    from PySide6.QtCore import Qt
    return Qt.MouseButton.LeftButton


def _screens(page, tmp_path):
    """1366×768 at 100% and at 125% (the same window on a screen scaled to 125% has 1093×614
    logical pixels)."""
    for name, size in (("100", (1366, 768)), ("125", (1093, 614))):
        page.resize(*size)
        assert page.grab().save(str(tmp_path / f"configuracoes-certificado-{name}.png"))

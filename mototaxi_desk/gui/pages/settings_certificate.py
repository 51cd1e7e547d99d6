"""Configurações → Certificado digital (issue 41 item 1): this station's A1 — its holder,
CNPJ, validity and the warning as its end nears — installed from its .pfx/.p12 with the
password (refused with the service's message when wrong, expired or of another CNPJ),
removed, and the timestamp server. Only the administrator changes it (the services check);
the other roles see it. Layout: ui/certificate_settings.ui."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from ... import settings_registry
from ...domain.errors import DomainError
from ...services.administration import certificate
from ...services import permissions
from ...services.context import Actor
from ..forms.ui_certificate_settings import Ui_CertificateSettings
from ..widgets.common import AMBER

OK_STYLE, ERROR_STYLE = "color: #1b5e20;", "color: #c62828; font-weight: bold;"


def _date(iso: str) -> str:
    year, month, day = iso.split("-")
    return f"{day}/{month}/{year}"


class CertificateTab(QWidget):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.ui = Ui_CertificateSettings()
        self.ui.setupUi(self)
        ui = self.ui
        ui.choose_file.clicked.connect(lambda: self.choose_file())
        ui.install.clicked.connect(lambda: self.install())
        ui.remove.clicked.connect(lambda: self.remove())
        ui.save_timestamp.clicked.connect(lambda: self.save_timestamp())
        ui.password.returnPressed.connect(lambda: self.install())
        may_install = permissions.can(actor, "certificate.install")
        for widget in (ui.file_path, ui.choose_file, ui.password, ui.install, ui.remove):
            widget.setEnabled(may_install)
        ui.timestamp_url.setEnabled(permissions.can(actor, "certificate.timestamp"))
        ui.save_timestamp.setEnabled(ui.timestamp_url.isEnabled())
        ui.timestamp_url.setToolTip(settings_registry.tooltip(
            settings_registry.CERTIFICADO_JSON, "timestamp_url"))
        if not may_install:
            self._say("Somente o administrador instala ou remove o certificado.", ok=True)
        self.refresh()

    def _say(self, text: str, *, ok: bool) -> None:
        self.ui.message.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        self.ui.message.setText(text)

    def refresh(self) -> None:
        ui, data = self.ui, certificate.show()
        installed = data["installed"]
        ui.holder.setText(data["holder"] if installed else "Nenhum certificado instalado.")
        ui.cnpj.setText(data["cnpj_text"] if installed else "—")
        ui.issuer.setText(data["issuer"] if installed else "—")
        ui.validity.setText(f"{_date(data['not_before'])} a {_date(data['not_after'])} "
                            f"({data['days_left']} dias restantes)" if installed else "—")
        ui.fingerprint.setText(data["fingerprint"] if installed else "—")
        ui.signing.setText(data["signing"])
        ui.warning.setText(data["warning"])
        ui.warning.setStyleSheet(f"background: {AMBER}; padding: 4px;" if data["warning"]
                                 else "")
        ui.warning.setVisible(bool(data["warning"]))
        ui.remove.setEnabled(installed and permissions.can(self.actor, "certificate.remove"))
        ui.timestamp_url.setText(data["timestamp_url"])

    def choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Certificado A1 da prefeitura", "",
            "Certificado A1 (*.pfx *.p12 *.PFX *.P12);;Todos os arquivos (*)")
        if path:
            self.ui.file_path.setText(path)
            self.ui.password.setFocus()

    def install(self) -> bool:
        ui = self.ui
        if not ui.file_path.text().strip():
            self._say("Arquivo do certificado: escolha o arquivo .pfx/.p12.", ok=False)
            ui.file_path.setFocus()
            return False
        try:
            data = certificate.install(self.actor, Path(ui.file_path.text().strip()),
                                       ui.password.text())
        except DomainError as exc:
            self._say(str(exc), ok=False)
            (ui.password if "Senha" in str(exc) else ui.file_path).setFocus()
            return False
        finally:
            ui.password.clear()  # the password is not kept, not even in the field
        ui.file_path.clear()
        self.refresh()
        self._say(f"Certificado de {data['holder']} instalado nesta estação.", ok=True)
        return True

    def remove(self) -> bool:
        from .. import prompts
        if not prompts.ask_yes_no(self, "Remover certificado",
                               "Remover o certificado desta estação? Os documentos passam a "
                               "sair sem assinatura digital."):
            return False
        try:
            certificate.remove(self.actor)
        except DomainError as exc:
            self._say(str(exc), ok=False)
            return False
        self.refresh()
        self._say("Certificado removido desta estação.", ok=True)
        return True

    def save_timestamp(self) -> bool:
        try:
            certificate.set_timestamp_url(self.actor, self.ui.timestamp_url.text())
        except DomainError as exc:
            self._say(str(exc), ok=False)
            self.ui.timestamp_url.setFocus()
            return False
        self.refresh()
        self._say("Servidor de carimbo do tempo salvo.", ok=True)
        return True


def add_certificate_tab(page) -> CertificateTab:
    """The hook in SettingsPage: the tab, and Ctrl+S installing the certificate."""
    tab = CertificateTab(page.actor)
    page.tabs.addTab(tab, "Certificado digital")
    page._save_actions[tab] = tab.install
    return tab

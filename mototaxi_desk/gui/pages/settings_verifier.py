"""Configurações → Verificação dos documentos: the signing keys this station trusts with their
fingerprints (the ones printed on the stand roster and shown by the phone verifier), any key
of the database this station does not trust, how many days the status list stays current
(admin), and "Exportar verificador…" — the offline page for the inspectors' phones
(services/exchange/verifier.py). Every role may export it; only the administrator changes the age
and adds keys to this station's trust (a trust file copied from the station that signs, or
this database's keys), confirming in a dialog the fingerprint of each new key that no key
trusted here signed (services/trust/keys.py)."""
from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from ...domain.errors import DomainError
from ...services.trust import keys
from ...services import permissions
from ...services.exchange import verifier
from ...services.context import Actor
from .. import prompts

OK_STYLE = "color: #1b5e20;"
ERROR_STYLE = "color: #c62828; font-weight: bold;"


class VerifierTab(QWidget):
    def __init__(self, actor: Actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        layout = QVBoxLayout(self)
        trust = QGroupBox("Chaves de assinatura dos QR codes confiáveis nesta estação")
        tl = QVBoxLayout(trust)
        self.keys_label = QLabel()
        self.keys_label.setTextFormat(Qt.TextFormat.RichText)
        self.keys_label.setWordWrap(True)
        self.keys_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        tl.addWidget(self.keys_label)
        self.install_button = QPushButton("Instalar arquivo de chaves…")
        self.install_button.clicked.connect(lambda: self.install_keys())
        self.trust_database_button = QPushButton("Confiar nas chaves deste banco…")
        self.trust_database_button.clicked.connect(lambda: self.install_keys(from_database=True))
        key_buttons = QHBoxLayout()
        key_buttons.addWidget(self.install_button)
        key_buttons.addWidget(self.trust_database_button)
        key_buttons.addStretch(1)
        tl.addLayout(key_buttons)
        self.keys_message = QLabel()
        self.keys_message.setWordWrap(True)
        tl.addWidget(self.keys_message)
        layout.addWidget(trust)

        export = QGroupBox("Verificador offline para o celular do fiscal")
        form = QFormLayout(export)
        intro = QLabel("Um arquivo HTML, sem internet: lê o QR code com a câmera ou de uma foto "
                       "e mostra VÁLIDO ou INVÁLIDO com o motivo. Leva as chaves acima e a "
                       "situação das permissões e vias de hoje; gere um novo periodicamente e "
                       "envie aos fiscais (WhatsApp, e-mail, USB).")
        intro.setWordWrap(True)
        form.addRow(intro)
        self.max_age = QSpinBox()
        self.max_age.setRange(*verifier.MAX_AGE_RANGE)
        self.max_age.setSuffix(" dia(s)")
        self.max_age_button = QPushButton("Salvar")
        self.max_age_button.clicked.connect(self.save_max_age)
        row = QHBoxLayout()
        row.addWidget(self.max_age)
        row.addWidget(self.max_age_button)
        row.addStretch(1)
        form.addRow("Avisar no celular quando a situação tiver mais de:", row)
        self.export_button = QPushButton("Exportar verificador…")
        self.export_button.clicked.connect(lambda: self.export())
        button_row = QHBoxLayout()
        button_row.addWidget(self.export_button)
        button_row.addStretch(1)
        form.addRow(button_row)
        self.message = QLabel()
        self.message.setWordWrap(True)
        form.addRow(self.message)
        layout.addWidget(export)
        layout.addStretch(1)
        admin = permissions.can(actor, "settings.verifier")
        self.max_age.setEnabled(admin)
        self.max_age_button.setEnabled(admin)
        self.export_button.setEnabled(permissions.can(actor, "verifier.export"))
        self.install_button.setEnabled(permissions.can(actor, "keys.trust"))
        self.load()

    def load(self) -> None:
        self.max_age.setValue(verifier.max_age_days())
        self.trust_database_button.setEnabled(False)
        try:
            summary = keys.trust_summary()
        except DomainError as exc:
            self.keys_label.setText(f"<span style='{ERROR_STYLE}'>{escape(str(exc))}</span>")
            return
        rows = "".join(
            f"<tr><td><b>{escape(k['key_id'])}</b></td><td style='font-family:monospace'>"
            f"{escape(k['fingerprint_text'])}</td><td>{'atual' if k['current'] else 'aposentada'}"
            "</td></tr>" for k in summary["keys"])
        warning = "".join(
            f"<p style='{ERROR_STYLE}'>A chave {escape(ref)} está no banco de dados mas não é "
            "confiável nesta estação: documentos assinados com ela são recusados.</p>"
            for ref in summary["untrusted"]) + "".join(
            f"<p style='{ERROR_STYLE}'>A chave {escape(ref)} é confiável nesta estação mas não "
            "está no banco de dados: documentos assinados com ela são recusados.</p>"
            for ref in summary["missing"])
        self.keys_label.setText(
            "<p>Impressão digital (confira com a relação do ponto impressa e com o "
            "verificador do celular):</p><table cellspacing='6'>" + rows + "</table>" + warning
            + f"<p style='color:#555'>Arquivo: {escape(summary['path'])}</p>")
        self.trust_database_button.setEnabled(
            bool(summary["untrusted"]) and permissions.can(self.actor, "keys.trust"))

    def install_keys(self, path: str | None = None, *, from_database: bool = False) -> dict | None:
        """Add keys to this station's trust (admin): those a trusted key signed at once, the
        others after a dialog naming each fingerprint to compare. None when nothing changed."""
        if not from_database and not path:
            path, _ = QFileDialog.getOpenFileName(
                self, "Instalar chaves confiáveis", "",
                "Chaves confiáveis (trusted-*.json);;Arquivo JSON (*.json)")
            if not path:
                return None
        source = None if from_database else Path(path)
        try:
            plan = keys.trust_plan(self.actor, source)
            confirm = []
            if plan["unsigned"]:
                if not prompts.ask_yes_no(self, "Confiar em chaves novas?", _confirm_text(plan)):
                    self._say_keys("Nenhuma chave foi acrescentada.", ok=True)
                    return None
                confirm = [k["fingerprint"] for k in plan["unsigned"]]
            result = keys.install_trusted(self.actor, source, confirm=confirm)
        except DomainError as exc:
            self._say_keys(str(exc), ok=False)
            return None
        self.load()
        added = ", ".join(f"{k['key_id']} ({k['fingerprint_text']})" for k in result["added"])
        self._say_keys(f"Chaves acrescentadas: {added}." if added else
                       "Nenhuma chave nova; o arquivo de chaves confiáveis foi atualizado.",
                       ok=True)
        return result

    def _say_keys(self, text: str, *, ok: bool) -> None:
        self.keys_message.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        self.keys_message.setText(text)

    def save_max_age(self) -> None:
        try:
            days = verifier.set_max_age_days(self.actor, self.max_age.value())["max_age_days"]
        except DomainError as exc:
            self._say(str(exc), ok=False)
            return
        self._say(f"O celular avisará quando a situação tiver mais de {days} dia(s).", ok=True)

    def export(self, path: str | None = None) -> dict | None:
        if not path:
            from ..look import in_documents
            path, _ = QFileDialog.getSaveFileName(self, "Exportar verificador",
                                                  in_documents("verificador.html"),
                                                  "Página HTML (*.html)")
        if not path:
            return None
        try:
            info = verifier.export_file(self.actor, path)
        except DomainError as exc:
            self._say(str(exc), ok=False)
            return None
        self._say(f"Verificador gravado em {info['output']} ({info['bytes'] // 1024 + 1} KB), "
                  f"situação de {info['as_of_text']}.", ok=True)
        return info

    def _say(self, text: str, *, ok: bool) -> None:
        self.message.setStyleSheet(OK_STYLE if ok else ERROR_STYLE)
        self.message.setText(text)


def _confirm_text(plan: dict) -> str:
    listed = "\n".join(f"    {k['key_id']}    {k['fingerprint_text']}" for k in plan["unsigned"])
    signed = "".join(f"\n(A chave {k['key_id']} vem assinada pela chave {k['signed_by']} e "
                     "entra com elas.)" for k in plan["signed"])
    return ("Estas chaves não vêm assinadas por uma chave já confiável nesta estação:\n\n"
            f"{listed}\n{signed}\n\nCompare cada impressão digital com a mostrada em "
            "Configurações → Verificação dos documentos da estação que assina (ou com o "
            "rodapé da relação do ponto). Só confie se forem iguais: um documento assinado "
            "com uma chave confiável é aceito como verdadeiro.\n\nConfiar nestas chaves?")


def add_verifier_tab(page) -> VerifierTab:
    """Add the tab to Configurações (every role sees it)."""
    tab = VerifierTab(page.actor)
    page.tabs.addTab(tab, "Verificação dos documentos")
    return tab

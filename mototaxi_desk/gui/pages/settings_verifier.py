"""Configurações → Verificação dos documentos: the signing keys this station trusts with their
fingerprints (the ones printed on the stand roster and shown by the phone verifier), any key
of the database this station does not trust, how many days the status list stays current
(admin), and "Exportar verificador…" — the offline page for the inspectors' phones
(services/verifier.py). Every role may export it; only the administrator changes the age."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QFileDialog, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from ...domain.errors import DomainError
from ...services import keys, permissions, verifier
from ...services.context import Actor

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
        self.load()

    def load(self) -> None:
        self.max_age.setValue(verifier.max_age_days())
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
            for ref in summary["untrusted"])
        self.keys_label.setText(
            "<p>Impressão digital (confira com a relação do ponto impressa e com o "
            "verificador do celular):</p><table cellspacing='6'>" + rows + "</table>" + warning
            + f"<p style='color:#555'>Arquivo: {escape(summary['path'])}</p>")

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


def add_verifier_tab(page) -> VerifierTab:
    """Add the tab to Configurações (every role sees it)."""
    tab = VerifierTab(page.actor)
    page.tabs.addTab(tab, "Verificação dos documentos")
    return tab

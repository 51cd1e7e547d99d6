"""Verificar documento: the QR text of a card or sticker, typed by a USB reader (it ends
with Enter) or pasted; the signature is checked and the database consulted. One word first,
the one the inspector acts on (domain/verdicts.py): VÁLIDO (green) only for a genuine,
current document of a permit in force, INVÁLIDO (red) with the reason otherwise, then the
decoded data and the current status."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout

from .. import screen_fit
from ...domain.errors import DomainError
from ...domain.validators import format_date
from ...services import documents
from ..widgets.common import GREEN, RED

# only what a reader or a paste adds around the text; base45 itself may end in a space
READER_NOISE = "\r\n\t"


def _line(label: str, value) -> str:
    if value in (None, "", 0):
        return ""
    if hasattr(value, "strftime"):
        value = format_date(value)
    return f"<tr><td style='padding-right:12px'>{label}</td><td><b>{escape(str(value))}</b></td></tr>"


class VerifyDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Verificar documento")
        self.result_data: dict | None = None
        self.text = QLineEdit()
        self.text.setPlaceholderText("Leia o QR code com o leitor ou cole o texto e tecle Enter")
        self.text.setMaxLength(2000)
        self.text.returnPressed.connect(self.verify)
        self.verdict = QLabel()
        self.verdict.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verdict.setWordWrap(True)  # a long verdict wraps, the dialog keeps its width
        self.verdict.setMinimumHeight(48)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        self.details.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox()
        check = buttons.addButton("&Verificar", QDialogButtonBox.ButtonRole.ActionRole)
        clear = buttons.addButton("&Limpar", QDialogButtonBox.ButtonRole.ResetRole)
        close = buttons.addButton("Fechar", QDialogButtonBox.ButtonRole.RejectRole)
        for button in (check, clear, close):
            # Enter belongs to the reader: it must run the check, never press a button
            button.setAutoDefault(False)
            button.setDefault(False)
        check.clicked.connect(self.verify)
        clear.clicked.connect(self.clear)
        close.clicked.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Texto do QR code:"))
        layout.addWidget(self.text)
        layout.addWidget(self.verdict)
        layout.addWidget(self.details, 1)
        layout.addWidget(buttons)
        screen_fit.preferred_size(self, 640, 460)
        self.text.setFocus()

    def clear(self) -> None:
        self.text.clear()
        self.verdict.clear()
        self.verdict.setStyleSheet("")
        self.details.clear()
        self.result_data = None
        self.text.setFocus()

    def verify(self) -> dict | None:
        raw = self.text.text().strip(READER_NOISE)
        if not raw.strip():
            self.details.setText("Leia ou cole o texto do QR code.")
            return None
        try:
            result = documents.verify(raw)
        except DomainError as exc:  # this station cannot judge (no trusted keys)
            self.verdict.clear()
            self.verdict.setStyleSheet("")
            self.details.setText(f"<p><b>{escape(str(exc))}</b></p>")
            return None
        self.result_data = result
        if result["valid"]:
            self._show(result["verdict"], GREEN, "#060")
            self.details.setText("<p>Assinatura conferida e em dia no cadastro.</p>"
                                 + self._data_table(result))
        else:
            self._show(result["verdict"], RED, "#800")
            first, *others = result["problems"]
            more = "".join(f"<li>{escape(p)}</li>" for p in others)
            why = escape(first[:1].upper() + first[1:])
            self.details.setText(f"<p style='font-size:14pt'><b>{why}</b></p>"
                                 + (f"<p>Também:</p><ul>{more}</ul>" if more else "")
                                 + self._data_table(result))
        self.text.selectAll()  # the next reading replaces this one
        return result

    def _show(self, word: str, background: str, colour: str) -> None:
        self.verdict.setText(word)
        self.verdict.setStyleSheet(f"background:{background}; color:{colour}; font-size:20pt; "
                                   "font-weight:bold; border:1px solid #999; border-radius:4px;")

    @staticmethod
    def _data_table(result: dict) -> str:
        data = result.get("data") or {}
        status = result.get("status") or {}
        if not data:
            return ""
        if data.get("unverified"):  # another município's: named, its claims not shown
            note = data["note"]
            return ("<table>" + _line("Município (IBGE)", data["ibge"])
                    + _line("Chave indicada", data["key_ref"]) + "</table>"
                    + f"<p>{escape(note[:1].upper() + note[1:])}.</p>")
        rows = [_line("Documento", data.get("kind_label")),
                _line("Permissão nº", data.get("order_text")),
                _line("Selo nº", data.get("serial")),
                _line("Via", data.get("copy_text")),
                _line("Placa", data.get("plate")),
                _line("CPF", data.get("cpf_masked")),
                _line("Data", data.get("date1")),
                _line("Validade", data.get("valid_until")),
                _line("Situação atual da permissão", status.get("permit_status_label")),
                _line("Permissão válida até", status.get("permit_valid_until")),
                _line("Placa atual", status.get("plate_now")),
                _line("Condutor auxiliar", status.get("auxiliary_name"))]
        return "<table>" + "".join(rows) + "</table>"


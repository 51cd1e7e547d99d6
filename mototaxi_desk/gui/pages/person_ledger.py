"""The "Infrações" tab of the person's record: ledger.ledger(person_id=...) — the notices with
status, the points in each rolling window, open amounts, running deadlines and the sanctions
the rules propose (the supervisor applies them here too)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QSplitter, QVBoxLayout, QWidget

from .. import screen_fit
from ...domain.validators import format_date
from ...services import ledger, setup
from ..dialogs.notice_detail import NoticeDetailDialog
from ..widgets.common import open_rows
from ..widgets.ledger_view import (NoticeTableModel, SanctionsPanel, notice_rows,
                                   notice_table_view)

DEADLINE_KIND = {"defence": "defesa", "appeal": "recurso"}


class PersonLedgerTab(QWidget):
    changed = Signal()

    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.person_id: int | None = None
        self.data: dict | None = None
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.model = NoticeTableModel(self, with_holder=False)
        self.view = notice_table_view(self.model)
        open_rows(self.view, lambda row: self.open_notice(self.model.row(row)["id"]))
        self.sanctions = SanctionsPanel(actor)
        self.sanctions.applied.connect(lambda *_: self._after_change())
        lower = QWidget()
        box = QVBoxLayout(lower)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(QLabel("<b>Sanções propostas</b>"))
        box.addWidget(self.sanctions, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.view)
        # squeezed on a short screen (1366×768, 125%) it scrolls instead of overlapping
        splitter.addWidget(screen_fit.scrolling(lower))
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(splitter, 1)

    def set_person(self, person_id: int) -> int:
        """Load the ledger; returns the number of notices (for the tab's title)."""
        self.person_id = person_id
        data = ledger.ledger(person_id=person_id)
        self.data = data
        self.model.set_rows(notice_rows(data["notices"], setup.profile_today()))
        self.sanctions.permit_id = None
        self.sanctions.set_rows([p for permit in data["permits"] for p in permit["proposals"]])
        self.summary.setText(self._summary(data))
        return len(data["notices"])

    def _summary(self, data: dict) -> str:
        today = data["on"]
        parts = [f"Em aberto (multas e despesas): <b>{data['open_total_text']}</b>"]
        for permit in data["permits"]:
            windows = permit["points_windows"]
            text = "; ".join(f"{w['points']} de {w['threshold']} pontos em {w['months']} "
                             f"meses ({w['article']})" for w in windows)
            parts.append(f"Permissão nº {permit['order_text']}: "
                         f"{permit['infractions_counted']} infração(ões) contada(s)"
                         + (f" — {text}" if text else
                            " — a lei do município não conta pontos"))
        for d in data["deadlines"]:
            late = d["due"] < today
            soon = (d["due"] - today).days <= 30
            colour = "#f6d5d5" if late else ("#fbeccb" if soon else "transparent")
            parts.append(f"<span style='background:{colour}'>Prazo de "
                         f"{DEADLINE_KIND[d['kind']]} do auto nº {d['notice']}: "
                         f"{format_date(d['due'])}"
                         f"{' (vencido)' if late else ''}</span>")
        held = [i for i in data["impounds"] if i["status"] == "held"]
        if held:
            parts.append("Veículo apreendido: " + ", ".join(i["plate"] for i in held))
        return "<br>".join(parts)

    def open_notice(self, notice_id: int, *, modal: bool = True) -> NoticeDetailDialog:
        """The notice's dialog, window-modal without blocking (tests drive `self.dialog`);
        modal=False only builds it."""
        dialog = NoticeDetailDialog(self.actor, notice_id, self)
        self.dialog = dialog
        if modal:
            dialog.finished.connect(lambda *_: dialog.changed and self._after_change())
            dialog.open()
        return dialog

    def _after_change(self) -> None:
        if self.person_id is not None:
            self.set_person(self.person_id)
        self.changed.emit()

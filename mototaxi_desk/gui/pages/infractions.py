"""Infrações: the autos de infração (number, date, holder, permit, plate, catalogue item,
fine, status and deadline as word + colour), filtered by stage; a double click opens the
notice; the fiscal records new ones; the supervisor sees and applies the sanctions the
rules propose for the selected notice's permit."""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QLineEdit, QPushButton,
                               QSplitter, QVBoxLayout, QWidget)

from ...domain.notice_stage import NoticeStage
from ...domain.search_terms import fold
from ...services import ledger, setup
from ..dialogs.notice_detail import NoticeDetailDialog
from ..dialogs.notice_entry import NoticeEntryDialog
from ..widgets.common import heading, open_rows
from ..widgets.ledger_view import (NoticeTableModel, SanctionsPanel, notice_rows,
                                   notice_table_view)

FILTERS = [("", "Todos"), ("running", "Em andamento"), ("open_fine", "Multa em aberto"),
           *[(stage.value, stage.label) for stage in NoticeStage]]
PAGE_SIZE = 100  # notices read at a time, newest first (a screen shows about 25)
SEARCH_PAGES = 5  # a filter that matches few reads at most this many pages per scroll


class _NoticePages(NoticeTableModel):
    """The notices shown, loaded a page at a time as the list scrolls (issue 23): the view
    asks canFetchMore / fetchMore; the page reads the next notices after the last one."""

    def __init__(self, page: "InfractionsPage"):
        super().__init__(page)
        self.page = page

    def canFetchMore(self, parent=QModelIndex()) -> bool:  # noqa: N802 (Qt API)
        return not parent.isValid() and not self.page.exhausted

    def fetchMore(self, parent=QModelIndex()) -> None:  # noqa: N802
        if parent.isValid() or self.page.exhausted:
            return
        shown = []
        for _ in range(SEARCH_PAGES):
            shown += [r for r in self.page.load_more() if self.page.matches(r)]
            if shown or self.page.exhausted:
                break
        if shown:
            self.beginInsertRows(QModelIndex(), len(self.rows), len(self.rows) + len(shown) - 1)
            self.rows.extend(shown)
            self.endInsertRows()
        self.page.show_count()


class InfractionsPage(QWidget):
    title = "Infrações"
    person_chosen = Signal(int)

    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.all_rows: list[dict] = []  # the notices read so far, newest first
        self.exhausted = True
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Infrações — autos de infração"))
        bar = QHBoxLayout()
        self.status_filter = QComboBox()
        for code, label in FILTERS:
            self.status_filter.addItem(label, code)
        self.text_filter = QLineEdit()
        self.text_filter.setPlaceholderText("Filtrar por nº do auto, nome, placa ou código")
        self.text_filter.setClearButtonEnabled(True)
        self.new_button = QPushButton("Lavrar auto de infração…")
        self.new_button.setEnabled(actor.role in ledger.RECORDERS)
        self.new_button.setToolTip("Fiscal, supervisor ou administrador.")
        self.open_button = QPushButton("Abrir auto")
        self.person_button = QPushButton("Abrir prontuário")
        bar.addWidget(QLabel("Situação:"))
        bar.addWidget(self.status_filter)
        bar.addWidget(self.text_filter, 1)
        bar.addWidget(self.open_button)
        bar.addWidget(self.person_button)
        bar.addWidget(self.new_button)
        layout.addLayout(bar)
        self.count = QLabel()
        layout.addWidget(self.count)

        self.model = _NoticePages(self)
        self.view = notice_table_view(self.model)
        open_rows(self.view, lambda row: self.open_notice(self.model.row(row)["id"]))
        self.sanctions = SanctionsPanel(actor)
        self.sanctions_title = QLabel("<b>Sanções propostas</b> — selecione um auto")
        lower = QWidget()
        lower_box = QVBoxLayout(lower)
        lower_box.setContentsMargins(0, 0, 0, 0)
        lower_box.addWidget(self.sanctions_title)
        lower_box.addWidget(self.sanctions, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.view)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout.addWidget(splitter, 1)

        self.status_filter.currentIndexChanged.connect(lambda *_: self._apply_filter())
        self.text_filter.textChanged.connect(lambda *_: self._apply_filter())
        self.new_button.clicked.connect(lambda: self.new_notice())
        self.open_button.clicked.connect(self._open_current)
        self.person_button.clicked.connect(self._open_person)
        self.view.selectionModel().currentRowChanged.connect(lambda *_: self._selected())
        self.sanctions.applied.connect(lambda *_: self.refresh())

    def refresh(self) -> None:
        """The newest notices, a page of them; more as the list scrolls (fetchMore)."""
        self.all_rows, self.exhausted = [], False
        self.load_more()
        self._apply_filter()

    def load_more(self) -> list[dict]:
        """The next page of notices after the last one read (display rows)."""
        if self.exhausted:
            return []
        last = self.all_rows[-1] if self.all_rows else None
        before = (last["year"], int(last["number"].split("/")[0])) if last else None
        page = ledger.list_notices(limit=PAGE_SIZE, before=before)
        self.exhausted = len(page) < PAGE_SIZE
        rows = notice_rows(page, setup.profile_today())
        self.all_rows += rows
        return rows

    def matches(self, row: dict) -> bool:
        """Whether a notice passes the situation and text filters."""
        code = self.status_filter.currentData()
        if code == "running" and row["stage"] in ("final", "voided"):
            return False
        if code == "open_fine" and not any(c["status"] == "open" and c["kind"] == "fine"
                                           for c in row["charges"]):
            return False
        if code and code not in ("running", "open_fine") and row["stage"] != code:
            return False
        hay = fold(f"{row['number']} {row['holder_name']} {row['plate']} "
                   f"{row['infraction_code']} {row['permit_text']}")
        return all(w in hay for w in fold(self.text_filter.text()).split())

    def _apply_filter(self) -> None:
        self.model.set_rows([row for row in self.all_rows if self.matches(row)])
        self.show_count()
        self._selected()

    def show_count(self) -> None:
        shown, read = len(self.model.rows), len(self.all_rows)
        self.count.setText(f"{shown} auto(s) de {read}." if self.exhausted else
                           f"{shown} auto(s) entre os {read} mais recentes; role a lista "
                           "para ver os anteriores.")

    def current(self) -> dict | None:
        index = self.view.currentIndex()
        return self.model.row(index.row()) if index.isValid() else None

    def _selected(self) -> None:
        row = self.current()
        if row is None or not row.get("permit_id"):
            self.sanctions_title.setText("<b>Sanções propostas</b> — selecione um auto com "
                                         "permissão")
            self.sanctions.set_permit(None)
        else:
            self.sanctions_title.setText(f"<b>Sanções propostas</b> para a permissão nº "
                                         f"{row['permit_text']} ({row['holder_name']})")
            self.sanctions.set_permit(row["permit_id"])
        self.open_button.setEnabled(row is not None)
        self.person_button.setEnabled(row is not None)

    def _open_current(self) -> None:
        row = self.current()
        if row:
            self.open_notice(row["id"])

    def _open_person(self) -> None:
        row = self.current()
        if row:
            self.person_chosen.emit(row["holder_id"])

    def open_notice(self, notice_id: int, *, modal: bool = True) -> NoticeDetailDialog:
        dialog = NoticeDetailDialog(self.actor, notice_id, self)
        self.dialog = dialog  # window-modal without blocking: tests drive it
        if modal:
            dialog.finished.connect(lambda *_: self.refresh())
            dialog.open()
        return dialog

    def new_notice(self, *, modal: bool = True) -> NoticeEntryDialog:
        """The entry form, window-modal without blocking (`self.entry`); once saved, the
        list is reloaded and the new notice opens."""
        dialog = NoticeEntryDialog(self.actor, self)
        self.entry = dialog
        if modal:
            dialog.accepted.connect(lambda: self._notice_saved(dialog))
            dialog.open()
        return dialog

    def _notice_saved(self, dialog: NoticeEntryDialog) -> None:
        self.refresh()
        if dialog.result_notice:
            self.open_notice(dialog.result_notice["id"])

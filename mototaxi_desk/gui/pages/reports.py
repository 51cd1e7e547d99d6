"""Relatórios: pick a report and a period, see the table and its totals, export it to CSV or
Excel, or print it (A4 PDF in the print preview). Reports load off the GUI thread; a double
click opens the person's record."""
from __future__ import annotations

import datetime as dt

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QLabel,
                               QMessageBox, QPushButton, QVBoxLayout, QWidget)

from ...domain.errors import DomainError
from ...services.views import reports
from ...services.register import stands
from ..look import in_documents
from ..models.dict_table import Column
from ..models.paged_table import PAGE_SIZE, PagedTableModel
from ..widgets.common import STATUS_COLOURS, heading, open_rows, table_view
from ..widgets.dates import DateField
from ..workers import run_in_background
from ...domain import dates, wallclock

# default file names of the exports, in Portuguese
FILE_NAMES = {"permits_by_stand": "permissoes_por_ponto",
              "permits_expiring": "permissoes_a_vencer", "inspections_due": "vistorias_a_vencer",
              "fines": "multas", "applications": "requerimentos_por_situacao",
              "waiting_list": "lista_de_espera", "permits_ended": "permissoes_extintas_detran",
              "stand_roster_year": "relacao_anual_dos_pontos"}
EXPORTS = {"csv": ("CSV (separado por ponto e vírgula)", "CSV (*.csv)"),
           "xlsx": ("Excel", "Planilha do Excel (*.xlsx)"),
           "pdf": ("PDF", "Documento PDF (*.pdf)")}


def _month_start(day: dt.date) -> dt.date:
    return day.replace(day=1)


def preset_range(preset: str, today: dt.date) -> tuple[dt.date, dt.date] | None:
    """The dates of a period preset; None for "Personalizado" (the dates stay as typed)."""
    if preset == "this_month":
        following = (_month_start(today) + dt.timedelta(days=32)).replace(day=1)
        return _month_start(today), following - dt.timedelta(days=1)
    if preset == "last_month":
        end = _month_start(today) - dt.timedelta(days=1)
        return _month_start(end), end
    if preset == "last_12_months":
        return dates.add_months(_month_start(today), -11), today
    if preset == "this_year":
        return today.replace(month=1, day=1), today.replace(month=12, day=31)
    if preset.startswith("next_"):
        return today, today + dt.timedelta(days=int(preset.removeprefix("next_")))
    return None


PRESETS = [("next_30", "Próximos 30 dias"), ("next_90", "Próximos 90 dias"),
           ("this_month", "Este mês"), ("last_month", "Mês passado"),
           ("last_12_months", "Últimos 12 meses"), ("this_year", "Este ano"),
           ("custom", "Personalizado")]
# reports that look ahead (deadlines) start with the next 90 days, the others look back
LOOKS_AHEAD = {"permits_expiring", "inspections_due"}


def _date_edit(label: str) -> DateField:
    return DateField(label=label)


class ReportsPage(QWidget):
    title = "Relatórios"
    person_chosen = Signal(int)
    loaded = Signal()

    def __init__(self, actor, parent=None):
        super().__init__(parent)
        self.actor = actor
        self.report: dict | None = None
        self._job = None
        self._asked = 0  # which request a report answers: only the last one is shown
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Relatórios"))
        bar = QHBoxLayout()
        self.kind = QComboBox()
        for kind in reports.KINDS:
            self.kind.addItem(kind.title, kind.key)
        self.preset = QComboBox()
        for code, label in PRESETS:
            self.preset.addItem(label, code)
        self.start, self.end = _date_edit("Início do período"), _date_edit("Fim do período")
        self.stand = QComboBox()
        self.run_button = QPushButton("&Gerar (F5)")
        self.run_button.setDefault(True)
        self.period_label = QLabel("Período:")
        self.until_label = QLabel("a")
        self.stand_label = QLabel("Ponto:")
        for widget in (QLabel("Relatório:"), self.kind, self.period_label, self.preset,
                       self.start, self.until_label, self.end, self.stand_label, self.stand):
            bar.addWidget(widget)
        bar.addStretch(1)
        bar.addWidget(self.run_button)
        layout.addLayout(bar)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        # the report's rows a page at a time as the table scrolls (issue 23): the GUI thread
        # makes the cells of what is shown, not of every row of a register-wide report
        self.model = PagedTableModel(
            [], fetch=self._fetch, total=lambda: 0 if self.report is None else
            self.report["total"],
            colour_of=lambda row: STATUS_COLOURS.get(row.get("tone")))
        self.view = table_view(self.model)
        # columns sized to the first rows, not to every row loaded so far
        self.view.horizontalHeader().setResizeContentsPrecision(50)
        open_rows(self.view, self._open_person)
        layout.addWidget(self.view, 1)
        actions = QHBoxLayout()
        self.count = QLabel()
        self.person_button = QPushButton("Abrir prontuário")
        self.csv_button = QPushButton("Exportar CSV…")
        self.xlsx_button = QPushButton("Exportar Excel…")
        self.pdf_button = QPushButton("Exportar PDF…")
        self.print_button = QPushButton("Imprimir / PDF… (Ctrl+P)")
        # recadastramento campaigns: their own window (gui/dialogs/campaigns.py)
        self.campaigns_button = QPushButton("Recadastramento…")
        actions.addWidget(self.campaigns_button)
        actions.addWidget(self.count, 1)
        for button in (self.person_button, self.csv_button, self.xlsx_button, self.pdf_button,
                       self.print_button):
            actions.addWidget(button)
        layout.addLayout(actions)

        self.kind.currentIndexChanged.connect(lambda *_: self._kind_changed())
        self.preset.currentIndexChanged.connect(lambda *_: self._apply_preset())
        self.start.editor.textEdited.connect(lambda *_: self._custom())
        self.end.editor.textEdited.connect(lambda *_: self._custom())
        self.run_button.clicked.connect(self.refresh)
        self.person_button.clicked.connect(
            lambda: self._open_person(self.view.currentIndex().row()))
        self.csv_button.clicked.connect(lambda: self.export("csv"))
        self.xlsx_button.clicked.connect(lambda: self.export("xlsx"))
        self.pdf_button.clicked.connect(lambda: self.export("pdf"))
        self.print_button.clicked.connect(lambda: self.print_preview())
        self.campaigns_button.clicked.connect(self.open_campaigns)
        QShortcut(QKeySequence("Ctrl+P"), self, activated=lambda: self.print_preview())
        self._stands_loaded = False
        self._kind_changed()

    def open_campaigns(self, *, show: bool = True):
        """The Recadastramento window (create, follow, attend, call letters)."""
        from ..dialogs.campaigns import CampaignsDialog
        dialog = CampaignsDialog(self.actor, self)
        if show:
            dialog.open()
        return dialog

    # --- choosing --------------------------------------------------------------------

    def current_kind(self) -> reports.ReportKind:
        return reports.KIND_BY_KEY[self.kind.currentData()]

    def _kind_changed(self) -> None:
        kind = self.current_kind()
        for widget in (self.period_label, self.preset, self.start, self.until_label, self.end):
            widget.setVisible(kind.uses_period)
        self.stand_label.setVisible(kind.uses_stand)
        self.stand.setVisible(kind.uses_stand)
        default = "next_90" if kind.key in LOOKS_AHEAD else "last_12_months"
        self.preset.setCurrentIndex(self.preset.findData(default))
        self._apply_preset()
        self._asked += 1  # a report still loading for the kind left is not shown
        self.run_button.setEnabled(True)
        self._set_report(None)

    def _apply_preset(self) -> None:
        dates = preset_range(self.preset.currentData(), wallclock.today())
        if dates is None:
            return
        for edit, day in zip((self.start, self.end), dates):
            edit.set_date(day)  # textEdited (typing) marks the period custom; this does not

    def _custom(self) -> None:
        self.preset.blockSignals(True)
        self.preset.setCurrentIndex(self.preset.findData("custom"))
        self.preset.blockSignals(False)

    def set_period(self, start: dt.date, end: dt.date) -> None:
        self.start.set_date(start)
        self.end.set_date(end)
        self._custom()

    def _load_stands(self) -> None:
        self.stand.clear()
        self.stand.addItem("Todos os pontos", None)
        for s in stands.stand_choices():
            self.stand.addItem(f"{s['label']} — {s['name']}", s["number"])
        self._stands_loaded = True

    # --- loading ---------------------------------------------------------------------

    def refresh(self) -> None:
        """Run the chosen report off the GUI thread; `loaded` fires when it is shown."""
        if not self._stands_loaded:
            self._load_stands()
        key = self.kind.currentData()
        stand = self.stand.currentData()
        try:  # a bad period is refused here, before any work starts
            start, end = self.start.date(), self.end.date()
            if self.current_kind().uses_period:
                reports.period(start, end)
        except DomainError as exc:
            self._asked += 1  # what was still loading is not shown over this message
            self._show_error(exc)
            return
        self.summary.setStyleSheet("")
        self.summary.setText("Carregando…")
        self.run_button.setEnabled(False)
        self._asked += 1
        asked = self._asked
        self._job = run_in_background(
            lambda: (asked, reports.run(key, start=start, end=end, stand_number=stand,
                                        actor=self.actor, limit=PAGE_SIZE)),
            self.show_report,
            lambda exc: asked == self._asked and self._show_error(exc),  # a stale failure
            interruptible=True)

    def _show_error(self, exc: Exception) -> None:
        self.run_button.setEnabled(True)
        self.summary.setStyleSheet("color: #a00; font-weight: bold;")
        self.summary.setText(f"Não foi possível gerar o relatório: {exc}")
        self.loaded.emit()

    def show_report(self, answer: tuple[int, dict]) -> None:
        asked, report = answer
        if asked != self._asked:
            return  # asked before another report was chosen or asked: not the one wanted
        self.run_button.setEnabled(True)
        self._set_report(report)
        self.loaded.emit()

    def _set_report(self, report: dict | None) -> None:
        self.report = report
        columns = [] if report is None else [
            Column(c["key"], c["header"], lambda v, kind=c["kind"]: reports.cell_text(v, kind))
            for c in report["columns"]]
        self.model.beginResetModel()
        self.model.columns = columns
        self.model.endResetModel()
        self.model.reload()
        for button in (self.csv_button, self.xlsx_button, self.pdf_button, self.print_button):
            button.setEnabled(report is not None)
        self.person_button.setEnabled(bool(report and report["rows"]
                                           and "person_id" in report["rows"][0]))
        if report is None:
            self.summary.setStyleSheet("")
            self.summary.setText("Escolha o relatório e o período e clique em <b>Gerar</b>.")
            self.count.setText("")
            return
        self.summary.setStyleSheet("")
        self.summary.setText(f"<b>{report['title']}</b> — {report['period']}<br>"
                             + "<br>".join(report["summary"]))
        self.count.setText(f"{report['total']} linha(s)")
        self.view.resizeColumnsToContents()

    def _fetch(self, offset: int, limit: int) -> list[dict]:
        if self.report is None:
            return []
        return reports.more_rows(self.report, offset, limit, actor=self.actor)

    def whole_report(self) -> dict | None:
        """The report shown with every row (a register-wide one is shown a page at a time):
        what is exported and printed."""
        if self.report is not None and not self.report["complete"]:
            self.report = reports.complete(self.report, actor=self.actor)
        return self.report

    def _open_person(self, row: int) -> None:
        if self.report and 0 <= row < len(self.model.rows):
            person_id = self.model.rows[row].get("person_id")
            if person_id:
                self.person_chosen.emit(person_id)

    # --- output ----------------------------------------------------------------------

    def export(self, fmt: str, path: str | None = None) -> str | None:
        """Save the report shown as CSV, XLSX or PDF (the A4 of the print preview); asks for
        the file, in Documentos, when no path is given."""
        if self.report is None:
            return None
        label, pattern = EXPORTS[fmt]
        if not path:
            default = in_documents(f"{FILE_NAMES.get(self.report['key'], 'relatorio')}-"
                                   f"{wallclock.today():%Y%m%d}.{fmt}")
            path, _ = QFileDialog.getSaveFileName(self, f"Exportar {label}", default, pattern)
        if not path:
            return None
        try:  # the file written through the checked writer before the export is audited
            report = self.whole_report()
            if fmt == "pdf":
                reports.print_report(self.actor, report, path=path)
            else:
                reports.export(self.actor, report, fmt, path=path)
        except DomainError as exc:  # OutputError too: a device, a link, a full disk...
            QMessageBox.warning(self, "Exportar", str(exc))
            return None
        self.count.setText(f"{self.report['total']} linha(s) — exportado para {path}")
        return path

    def print_preview(self, *, show: bool = True):
        """The report as an A4 PDF in the print preview (print or save from there)."""
        if self.report is None:
            return None
        from ..dialogs.print_preview import PrintPreviewDialog  # the PDF viewer loads late
        try:
            result = reports.print_report(self.actor, self.whole_report())
        except DomainError as exc:
            QMessageBox.warning(self, "Imprimir", str(exc))
            return None
        dialog = PrintPreviewDialog(result, self)
        if show:
            dialog.open()
        return dialog

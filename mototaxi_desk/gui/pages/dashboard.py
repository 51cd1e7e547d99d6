"""Painel: permits in use against the cap, stands that need attention, the waiting list,
and everything due sorted by urgency (overdue red, ≤ 30 days amber); a double click opens
the person's record."""
from __future__ import annotations

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QChart, QChartView, QValueAxis
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from ...domain import permit_rules
from ...services import overview, setup
from ...services.permits import STATUS_LABELS
from ..models.dict_table import Column, DictTableModel
from ..workers import run_in_background
from ..widgets.common import STATUS_COLOURS, heading, table_view


def _days_text(days: int) -> str:
    if days < 0:
        return f"vencido há {-days} dia(s)"
    return "vence hoje" if days == 0 else f"em {days} dia(s)"


class DashboardPage(QWidget):
    person_chosen = Signal(int)
    loaded = Signal()
    title = "Painel"

    def __init__(self, parent=None):
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Painel"))
        top = QHBoxLayout()
        self.figures = QLabel()
        self.figures.setTextFormat(Qt.TextFormat.RichText)
        self.figures.setWordWrap(True)
        box = QGroupBox("Situação")
        QVBoxLayout(box).addWidget(self.figures)
        top.addWidget(box, 2)
        self.chart = QChartView()
        self.chart.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.chart.setMinimumHeight(200)
        top.addWidget(self.chart, 3)
        layout.addLayout(top)
        grid = QGridLayout()
        self.alert_model = DictTableModel(
            [Column("due_date", "Data"), Column("days_left", "Prazo", _days_text),
             Column("label", "O quê"), Column("person_name", "Pessoa"),
             Column("permit_order_number", "Permissão", self._order), Column("plate", "Placa"),
             Column("article", "Artigo")],
            colour_of=lambda row: STATUS_COLOURS[row["urgency"]])
        self.alerts_view = table_view(self.alert_model)
        self.alerts_view.doubleClicked.connect(
            lambda index: self.person_chosen.emit(self.alert_model.row(index.row())["person_id"]))
        self.alerts_title = QLabel()
        grid.addWidget(self.alerts_title, 0, 0)
        grid.addWidget(self.alerts_view, 1, 0)
        layout.addLayout(grid, 1)

    @staticmethod
    def _order(number) -> str:
        return permit_rules.format_order_number(setup.profile(), number) if number else ""

    def refresh(self) -> None:
        """Load the figures off the GUI thread (alerts over every permit take a moment on a
        large register); `loaded` fires when they are shown."""
        self.alerts_title.setText("<b>Prazos</b>: carregando…")
        self._job = run_in_background(overview.dashboard, self.show_dashboard,
                                      lambda exc: self.alerts_title.setText(
                                          f"<b>Prazos</b>: não foi possível carregar ({exc})."))

    def show_dashboard(self, info: dict) -> None:
        cap = info["permit_cap"]
        below = ", ".join(s["label"] for s in info["stands_below_minimum"]) or "nenhum"
        free = sum(s["free"] for s in info["stands_free"])
        self.figures.setText(
            f"<p style='font-size:11pt'>Permissões em vigor: <b>{info['permits_in_force']}</b> "
            f"de <b>{cap}</b> ({info['population']} habitantes)<br>"
            f"Ativas: <b>{info['permits_active']}</b><br>"
            f"Pontos: <b>{info['stands']}</b>, vagas livres: <b>{free}</b><br>"
            f"Abaixo do mínimo: <b>{below}</b><br>"
            f"Lista de espera: <b>{info['waiting']}</b> pessoa(s)</p>")
        self._chart(info["permits_by_status"])
        rows = info["alerts"]
        self.alert_model.set_rows(rows)
        overdue = sum(1 for a in rows if a["urgency"] == "overdue")
        self.alerts_title.setText(f"<b>Prazos</b>: {overdue} vencido(s), "
                                  f"{len(rows) - overdue} nos próximos 30 dias "
                                  "(duplo clique abre o prontuário)")
        self.alerts_view.resizeColumnsToContents()
        self.loaded.emit()

    def _chart(self, by_status: dict) -> None:
        shown = [s for s in by_status if by_status[s]] or ["active"]
        bars = QBarSet("Permissões")
        for status in shown:
            bars.append(by_status.get(status, 0))
        series = QBarSeries()
        series.append(bars)
        chart = QChart()
        chart.addSeries(series)
        chart.setTitle("Permissões por situação")
        chart.legend().setVisible(False)
        axis_x = QBarCategoryAxis()
        axis_x.append([STATUS_LABELS[s] for s in shown])
        chart.addAxis(axis_x, Qt.AlignmentFlag.AlignBottom)
        series.attachAxis(axis_x)
        axis_y = QValueAxis()
        axis_y.setLabelFormat("%d")
        axis_y.setRange(0, max(by_status.values() or [1]) + 1)
        chart.addAxis(axis_y, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(axis_y)
        self.chart.setChart(chart)



"""The Painel's charts (QtCharts). This module is imported only when the first chart is
drawn: QtCharts costs tens of milliseconds that the start-up should not pay."""
from __future__ import annotations

from PySide6.QtCharts import (QBarCategoryAxis, QBarSeries, QBarSet, QChart, QChartView,
                              QHorizontalBarSeries, QHorizontalStackedBarSeries,
                              QStackedBarSeries, QValueAxis)
from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QColor, QFont, QPainter

from ...domain.money import format_money
from ...domain.permit_status import STATUS_BAR_COLOURS

BLUE, AMBER, GREEN, GREY, RED = "#3a6ea5", "#d08a1e", "#3f8f4f", "#8a8a8a", "#b83232"
# the colours of UX.md's statuses, strong enough for a bar (the tables use pale ones), are
# domain/permit_status.py's STATUS_BAR_COLOURS


def chart_view() -> QChartView:
    view = QChartView()
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumSize(300, 200)
    return view


def _chart(title: str) -> QChart:
    chart = QChart()
    chart.setTitle(title)
    font = QFont(chart.titleFont())
    font.setPointSize(11)
    font.setBold(True)
    chart.setTitleFont(font)
    chart.legend().setVisible(False)
    chart.setMargins(QMargins(2, 2, 2, 2))
    chart.setBackgroundRoundness(0)
    return chart


def bar_chart(title: str, labels: list[str], values: list[float], *, colours=None,
              horizontal: bool = False, value_format: str = "%d") -> QChart:
    """Bars, one per label (horizontal ones when the labels are long words); `colours`
    gives each bar its own colour (one set per bar, so the colours stay with their words)."""
    chart = _chart(title)
    if colours:  # stacked: each set fills only its own category, so bars stay centred
        series = QHorizontalStackedBarSeries() if horizontal else QStackedBarSeries()
    else:
        series = QHorizontalBarSeries() if horizontal else QBarSeries()
    if colours:
        for i, (value, colour) in enumerate(zip(values, colours)):
            bar = QBarSet(labels[i])
            bar.append([value if j == i else 0 for j in range(len(values))])
            bar.setColor(QColor(colour))
            series.append(bar)
    else:
        bar = QBarSet(title)
        bar.append(list(values))
        bar.setColor(QColor(BLUE))
        series.append(bar)
    chart.addSeries(series)
    small = QFont(chart.titleFont())
    small.setPointSize(10)  # UX.md: text ≥ 10 pt
    small.setBold(False)
    categories = QBarCategoryAxis()
    categories.append(labels)
    categories.setLabelsFont(small)
    amounts = QValueAxis()
    amounts.setLabelFormat(value_format)
    amounts.setLabelsFont(small)
    amounts.setRange(0, _nice_top(max(values or [0])))
    amounts.setTickCount(5)
    amounts.setTitleFont(small)
    categories.setTitleFont(small)
    chart.addAxis(categories, Qt.AlignmentFlag.AlignLeft if horizontal
                  else Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(amounts, Qt.AlignmentFlag.AlignBottom if horizontal
                  else Qt.AlignmentFlag.AlignLeft)
    series.attachAxis(categories)
    series.attachAxis(amounts)
    return chart


def _nice_top(value: float) -> float:
    """A round axis maximum above `value` (4 ticks of whole steps): 7 → 8, 1234 → 1600."""
    if value <= 0:
        return 4
    step = 1
    while value / step > 40:
        step *= 10
    ticks = -(-value // (4 * step)) or 1
    return ticks * 4 * step if value < ticks * 4 * step else (ticks + 1) * 4 * step


def permits_chart(labels: list[str], counts: list[int], statuses: list[str]) -> QChart:
    return bar_chart("Permissões por situação", labels, counts, horizontal=True,
                     colours=[STATUS_BAR_COLOURS.get(s, BLUE) for s in statuses])


def notices_chart(months: list[dict]) -> QChart:
    """Twelve bars, oldest month first."""
    chart = bar_chart("Autos de infração por mês (não anulados)",
                      [m["label"] for m in months], [m["count"] for m in months])
    return chart


def fines_chart(open_: dict, paid: dict) -> QChart:
    """Open against paid fines in R$ (word and amount under each bar; amber and green)."""
    labels = [f"Em aberto: {format_money(open_['cents'])} ({open_['count']})",
              f"Pagas: {format_money(paid['cents'])} ({paid['count']})"]
    return bar_chart("Multas dos autos dos últimos 12 meses (R$)", labels,
                     [open_["cents"] / 100, paid["cents"] / 100], colours=[AMBER, GREEN],
                     horizontal=True, value_format="%.0f")

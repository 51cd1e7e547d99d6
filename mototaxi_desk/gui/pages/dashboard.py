"""Painel: permits in use against the cap, stands that need attention, the waiting list,
and everything due sorted by urgency (overdue red, ≤ 30 days amber); a double click opens
the person's record."""
from __future__ import annotations

from html import escape
from types import MethodType

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QGridLayout, QGroupBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget)

from ...services.views import due_dates, overview
from ...services.licensing.permits import STATUS_LABELS
from ..models.dict_table import Column, DictTableModel
from ..widgets.fitting_tabs import fitting_tab_widget
from .. import painel_preparation
from ..workers import run_in_background
from ..widgets.common import STATUS_COLOURS, heading, open_rows, table_view
from ..widgets.first_steps import FirstSteps
from ...domain import wallclock


def _days_text(days: int) -> str:
    from ..labels import deadline_words
    return deadline_words(days)


def _meanwhile_words(info: dict) -> str:
    """Which due dates the Painel shows while today's are built (DashboardPage.refresh)."""
    as_of = info["alerts_as_of"]
    counted = f" contados em {as_of:%d/%m/%Y}"
    if not info.get("alerts_stale"):
        return counted
    return " de antes da última alteração de regras ou do cadastro" + (
        "" if as_of == wallclock.today() else f",{counted}")


def _figures_html(info: dict | None) -> str:
    """The Situação box; with None, the same lines with "…" while the figures load."""
    if info is None:
        return ("<p style='font-size:11pt'>Permissões em vigor: <b>…</b><br>Ativas: <b>…</b>"
                "<br>Pontos: <b>…</b>, vagas livres: <b>…</b><br>Abaixo do mínimo: <b>…</b>"
                "<br>Lista de espera: <b>…</b></p>")
    below = _below_text(info["stands_below_minimum"])
    free = info["stands_free_places"]  # counted by the database (services/overview)
    expired = (f", vencidas aguardando renovação: <b>{info['permits_expired']}</b>"
               if info["permits_expired"] else "")
    return (f"<p style='font-size:11pt'>Permissões em vigor: <b>{info['permits_in_force']}</b> "
            f"de <b>{info['permit_cap']}</b> ({info['population']} habitantes)<br>"
            f"Ativas: <b>{info['permits_active']}</b>{expired}<br>"
            f"Pontos: <b>{info['stands']}</b>, vagas livres: <b>{free}</b><br>"
            f"Abaixo do mínimo: <b>{below}</b><br>"
            f"Lista de espera: <b>{info['waiting']}</b> pessoa(s)"
            f"{recadastramento_text(info.get('recadastramento'))}</p>")


BELOW_SHOWN = 8  # stands named in the Situação box; the Pontos page lists them all


def _below_text(stands: list[dict]) -> str:
    """The stands below their minimum, the first few by name: a large register has
    hundreds (1,164 of 11,693 in the 100,000-holder benchmark), whose names made the box a
    14 KB text that took 20 ms of the GUI thread to lay out and pushed the alerts down."""
    if not stands:
        return "nenhum"
    names = ", ".join(s["label"] for s in stands[:BELOW_SHOWN])
    more = len(stands) - BELOW_SHOWN
    return names if more <= 0 else f"{names} e mais {more} (veja Pontos)"


def recadastramento_text(line: dict | None) -> str:
    """The Painel's "Recadastramento" line (services/campaigns.painel), or nothing when
    there is no campaign this year."""
    if not line:
        return ""
    return (f"<br>Recadastramento: <b>{line['due']}</b> chamado(s) neste mês, "
            f"<b>{line['missed']}</b> faltoso(s)")


def time_changes_text(changes: list[dict], shown: int = 4) -> str:
    """Today's changes by the passage of time, for the Situação box."""
    if not changes:
        return "<p>Hoje a atualização diária não alterou nenhuma situação.</p>"
    lines = [f"{c['label']}: {escape(c['person_name'])}" for c in changes[:shown]]
    more = len(changes) - shown
    if more > 0:
        lines.append(f"e mais {more}")
    return (f"<p><b>Atualização diária de hoje</b> ({len(changes)} alteração(ões)):<br>"
            + "<br>".join(lines) + "</p>")


# short: each chart carries its whole title (widgets/charts.py), and the tabs, with
# "Primeiros passos", stay in sight at 1366×768, 125%
CHART_TABS = ("Permissões", "Autos por mês", "Multas")


class DashboardPage(QWidget):
    person_chosen = Signal(int)
    loaded = Signal()  # today's figures shown
    shown_earlier = Signal()  # the day's first: an earlier day's due dates shown meanwhile
    step_chosen = Signal(str)  # a "Primeiros passos" button: the place to open
    title = "Painel"

    def __init__(self, actor=None, parent=None):  # the same figures for every role
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addWidget(heading("Painel"))
        top = QHBoxLayout()
        self.figures = QLabel()
        self.figures.setTextFormat(Qt.TextFormat.RichText)
        self.figures.setWordWrap(True)
        self.figures.setText(_figures_html(None))  # the same lines while loading: no reflow
        box = QGroupBox("Situação")
        QVBoxLayout(box).addWidget(self.figures)
        self.time_changes = QLabel()  # what the passage of time changed today
        self.time_changes.setTextFormat(Qt.TextFormat.RichText)
        self.time_changes.setWordWrap(True)
        box.layout().addWidget(self.time_changes)
        box.setMinimumWidth(260)
        top.addWidget(box, 2)
        # one chart per tab, each made when its tab is first shown with figures: QtCharts
        # loads then, not at start-up, and the charts get the width their labels need
        self.charts = fitting_tab_widget()
        self.charts.setMinimumHeight(230)
        self.charts.setMaximumHeight(260)
        for label in CHART_TABS:
            self.charts.addTab(QWidget(), label)
        self.charts.currentChanged.connect(lambda *_: self._draw_current_chart())
        top.addWidget(self.charts, 6)
        # what a new município does first, until each is done: a tab beside the charts
        # (the Painel keeps its height at 1366×768, 125%), the one shown while the register
        # is empty (the charts have nothing to show yet)
        self.first_steps = FirstSteps(actor)
        self.first_steps.chosen.connect(self.step_chosen)
        self.chart = self.notices_chart = self.fines_chart = None
        self._info: dict | None = None
        self._asked = 0  # refreshes asked for: only the last one's figures are shown
        self._drawn: set[int] = set()
        layout.addLayout(top)
        grid = QGridLayout()
        self.alert_model = DictTableModel(
            [Column("due_date", "Data"), Column("days_left", "Prazo", _days_text),
             Column("label", "O quê"), Column("person_name", "Pessoa"),
             Column("permit_order_text", "Permissão"), Column("plate", "Placa"),
             Column("article", "Artigo")],
            colour_of=lambda row: STATUS_COLOURS[row["urgency"]])
        self.alerts_view = table_view(self.alert_model)
        open_rows(self.alerts_view,
                  lambda row: self.person_chosen.emit(self.alert_model.row(row)["person_id"]))
        self.alerts_title = QLabel("<b>Prazos</b>: carregando…")  # until refresh() asks
        self.alerts_title.setWordWrap(True)  # a long line never widens the window
        grid.addWidget(self.alerts_title, 0, 0)
        grid.addWidget(self.alerts_view, 1, 0)
        layout.addLayout(grid, 1)

    def refresh(self) -> None:
        """Load the figures off the GUI thread (alerts over every permit take a moment on a
        large register); `loaded` fires when today's are shown. The day's first Painel
        shows at once the due dates counted on the earlier day the table was built for, and
        the first after a change of everybody's alerts (a profile adopted, a campaign) the
        due dates as they were before it, saying so (`shown_earlier`), while today's table
        is built (seconds on a large register, in a child process: painel_preparation.py),
        then today's."""
        self.show_first_steps()  # a few EXISTS queries: at once, not with the figures
        self.alerts_title.setText("<b>Prazos</b>: carregando…")
        self._asked += 1
        asked = self._asked  # a newer refresh's figures are never covered by these

        def work():
            if due_dates.readiness(wallclock.today()) is None:  # never built, or long ago
                painel_preparation.wait()  # the day's table, being built as the window opened
            return overview.dashboard(earlier_ok=True)
        self._job = run_in_background(
            work, self._bound(lambda page, info: page._shown_then_today(info, asked)),
            self._bound(lambda page, exc: page._failed(exc, asked)), interruptible=True)

    def show_first_steps(self) -> None:
        """The "Primeiros passos" tab with what is left, or no such tab."""
        self.first_steps.refresh()
        steps = self.first_steps.steps
        index = self.charts.indexOf(self.first_steps)
        if not steps:
            if index >= 0:
                self.charts.removeTab(index)
            return
        if index < 0:
            index = self.charts.addTab(self.first_steps, "")
            if {"stands", "holders"} & {s["key"] for s in steps}:  # an empty register
                self.charts.setCurrentIndex(index)
        self.charts.setTabText(index, f"Primeiros passos ({len(steps)})")

    def _bound(self, call):
        """`call(self, ...)` as a method of this page: run_in_background then calls neither
        callback once the page is deleted (a window closed while its Painel loads)."""
        return MethodType(call, self)

    def _failed(self, exc: Exception, asked: int) -> None:
        if asked != self._asked:
            return
        info = self._info or {}
        if info.get("alerts_as_of") is not None:  # the earlier ones stay: still said to be so
            self.alerts_title.setText(f"<b>Prazos</b>{_meanwhile_words(info)}: não foi "
                                      f"possível atualizar para hoje ({exc}).")
        else:
            self.alerts_title.setText(f"<b>Prazos</b>: não foi possível carregar ({exc}).")

    def _shown_then_today(self, info: dict, asked: int) -> None:
        if asked != self._asked:
            return
        self.show_dashboard(info)
        if info.get("alerts_as_of") is None:
            return
        self.shown_earlier.emit()
        painel_preparation.start()  # on another core (nothing when already under way)

        def today():
            painel_preparation.wait()  # started above or as the window opened, else built here
            return overview.dashboard()
        self._job = run_in_background(
            today, self._bound(lambda page, found: asked == page._asked and
                               page.show_dashboard(found)),
            self._bound(lambda page, exc: page._failed(exc, asked)), interruptible=True)

    def show_dashboard(self, info: dict) -> None:
        """The figures and the alerts now, the chart at the event loop's next turn (two
        shorter turns rather than one the clerk may feel; QtCharts and the first chart's
        types are made by the login's warm-up, main_window.warm_up, else by the first
        drawing); `loaded` once both are shown."""
        self.figures.setText(_figures_html(info))
        self.time_changes.setText(time_changes_text(info["time_changes"]))
        self.time_changes.setToolTip("\n".join(
            f"{c['label']}: {c['person_name']} — {c['detail']}" for c in info["time_changes"]))
        rows = info["alerts"]
        self.alert_model.set_rows(rows)
        overdue, total = info["alerts_overdue"], info.get("alerts_total", len(rows))
        shown = f"; os {len(rows)} mais urgentes abaixo" if total > len(rows) else ""
        as_of = info.get("alerts_as_of")
        earlier = "" if as_of is None else _meanwhile_words(info) + (
            " (atualizando…)" if as_of == wallclock.today() else " (atualizando para hoje…)")
        self.alerts_title.setText(f"<b>Prazos</b>{earlier}: {overdue} vencido(s), "
                                  f"{total - overdue} nos próximos 30 dias{shown} "
                                  "(duplo clique abre o prontuário)")
        self._info = info
        QTimer.singleShot(0, self, lambda: self._charts_then_loaded(as_of is None))

    def _charts_then_loaded(self, today: bool = True) -> None:
        if self._info is not None:
            self._draw_charts(self._info)
        if today:
            self.loaded.emit()

    def _draw_charts(self, info: dict) -> None:
        self._info = info
        self._drawn.clear()
        self._draw_current_chart()

    def _draw_current_chart(self) -> None:
        """Draw the chart of the tab shown, once per load of the figures."""
        tab = self.charts.currentIndex()
        if self._info is None or tab in self._drawn or tab >= len(CHART_TABS):
            return
        from ..widgets import charts  # QtCharts: not loaded by the screens' modules
        info = self._info
        page = self.charts.widget(tab)
        if page.layout() is None:
            QVBoxLayout(page).setContentsMargins(0, 0, 0, 0)
            page.layout().addWidget(charts.chart_view())
        view = page.layout().itemAt(0).widget()
        if tab == 0:
            by_status = info["permits_by_status"]
            shown = [s for s in by_status if by_status[s]] or ["active"]
            view.setChart(charts.permits_chart([STATUS_LABELS[s] for s in shown],
                                               [by_status.get(s, 0) for s in shown], shown))
            self.chart = view
        elif tab == 1:
            chart = charts.notices_chart(info["notices_by_month"])
            if not any(m["count"] for m in info["notices_by_month"]):  # say it, not a blank
                chart.setTitle("Nenhum auto de infração nos últimos 12 meses")
            view.setChart(chart)
            self.notices_chart = view
        else:
            chart = charts.fines_chart(info["fines_open"], info["fines_paid"])
            if not (info["fines_open"]["count"] or info["fines_paid"]["count"]):
                chart.setTitle("Nenhuma multa lançada nos últimos 12 meses")
            view.setChart(chart)
            self.fines_chart = view
        self._drawn.add(tab)

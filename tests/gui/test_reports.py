"""Relatórios page on the demo data: choose a report and a period, see rows and totals,
export CSV/XLSX, print preview; a bad period is refused on the page."""
import datetime as dt

import pytest
from PySide6.QtCore import Qt

from mototaxi_desk.gui.pages.reports import ReportsPage, preset_range
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services import ledger
from mototaxi_desk.services.views import reports
from mototaxi_desk.services.administration import users
from mototaxi_desk.store.models import AuditLog, Permit


@pytest.fixture
def page(qtbot, demo_data):
    widget = ReportsPage(users.authenticate("supervisor", demo.DEMO_PASSWORD))
    qtbot.addWidget(widget)
    widget.resize(1200, 700)
    return widget


def _run(page, qtbot, key):
    page.kind.setCurrentIndex(page.kind.findData(key))
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        page.refresh()


def _notice(permit, when):
    fiscal = users.authenticate("fiscal", demo.DEMO_PASSWORD)
    return ledger.record_notice(fiscal, {
        "permit_id": permit.id, "infraction_code": "36-II", "occurred_at": when,
        "place": "Praça da Matriz", "agent_name": "Antônio Fiscal",
        "agent_registration": "MAT-1234", "description": "Constatado em ronda."})


def test_fines_report_shows_rows_colours_and_totals(page, qtbot):
    permit = Permit.select().where(Permit.status == "active").order_by(Permit.id).first()
    now = dt.datetime.now().replace(second=0, microsecond=0)
    _notice(permit, now - dt.timedelta(days=3))
    _notice(permit, now - dt.timedelta(days=400))  # outside the last 12 months
    _run(page, qtbot, "fines")
    assert page.preset.currentData() == "last_12_months"
    assert page.model.rowCount() == 1
    headers = [page.model.headerData(i, Qt.Orientation.Horizontal)
               for i in range(page.model.columnCount())]
    assert headers[:3] == ["Auto", "Data", "Permissionário"]
    value = page.model.data(page.model.index(0, headers.index("Valor")))
    assert value.startswith("R$ ") and "," in value
    status = page.model.data(page.model.index(0, headers.index("Situação")))
    assert status == "Em aberto"
    colour = page.model.data(page.model.index(0, 0), Qt.ItemDataRole.BackgroundRole)
    assert colour is not None  # word plus colour
    assert "Lançadas no período: 1" in page.summary.text()
    assert page.csv_button.isEnabled() and page.print_button.isEnabled()


def test_stand_filter_and_double_click_opens_the_record(page, qtbot):
    _run(page, qtbot, "permits_by_stand")
    assert not page.stand.isHidden() and page.preset.isHidden()
    every = page.model.rowCount()
    page.stand.setCurrentIndex(1)  # the first stand
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        page.refresh()
    assert 0 < page.model.rowCount() < every
    assert {r["stand"] for r in page.model.rows} == {"Ponto 01"}
    with qtbot.waitSignal(page.person_chosen) as chosen:
        page._open_person(0)
    assert chosen.args == [page.model.rows[0]["person_id"]]


def test_bad_period_is_refused_on_the_page(page, qtbot):
    page.kind.setCurrentIndex(page.kind.findData("applications"))
    page.set_period(dt.date(2026, 6, 1), dt.date(2026, 5, 1))
    assert page.preset.currentData() == "custom"
    with qtbot.waitSignal(page.loaded, timeout=2_000):
        page.refresh()
    assert "posterior" in page.summary.text()
    assert page.report is None and not page.csv_button.isEnabled()


def test_export_csv_xlsx_and_print_preview(page, qtbot, tmp_path):
    _run(page, qtbot, "waiting_list")
    csv_path = page.export("csv", str(tmp_path / "espera.csv"))
    xlsx_path = page.export("xlsx", str(tmp_path / "espera.xlsx"))
    from pathlib import Path
    text = Path(csv_path).read_text(encoding="utf-8-sig")
    assert "Ordem;Nome;CPF" in text
    assert page.model.rows[0]["person_name"] in text
    assert Path(xlsx_path).read_bytes()[:2] == b"PK"  # a zip: the xlsx container
    dialog = page.print_preview(show=False)
    qtbot.addWidget(dialog)
    assert dialog.document.pageCount() >= 1
    assert "Relatório" in dialog.windowTitle()
    assert AuditLog.select().where(AuditLog.action == "report.export").count() == 3
    pdf_path = page.export("pdf", str(tmp_path / "espera.pdf"))  # issue 19: PDF too
    assert Path(pdf_path).read_bytes()[:5] == b"%PDF-"
    assert AuditLog.select().where(AuditLog.action == "report.export").count() == 4


def test_export_to_a_folder_that_does_not_exist_says_so(page, qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox
    warned = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    _run(page, qtbot, "waiting_list")
    assert page.export("csv", str(tmp_path / "nao-existe" / "x.csv")) is None
    assert warned == [f"Não foi possível gravar {tmp_path / 'nao-existe' / 'x.csv'}: arquivo "
                      "ou pasta não encontrado. O arquivo não foi gravado."]
    from mototaxi_desk.store.models import AuditLog
    assert AuditLog.select().where(AuditLog.action == "report.export").count() == 0


@pytest.mark.parametrize("preset, expected", [
    ("this_month", (dt.date(2026, 2, 1), dt.date(2026, 2, 28))),
    ("last_month", (dt.date(2026, 1, 1), dt.date(2026, 1, 31))),
    ("last_12_months", (dt.date(2025, 3, 1), dt.date(2026, 2, 14))),
    ("this_year", (dt.date(2026, 1, 1), dt.date(2026, 12, 31))),
    ("next_30", (dt.date(2026, 2, 14), dt.date(2026, 3, 16))),
    ("custom", None)])
def test_period_presets(preset, expected):
    assert preset_range(preset, dt.date(2026, 2, 14)) == expected


def test_december_and_january_presets_cross_the_year():
    assert preset_range("last_12_months", dt.date(2026, 12, 5)) == \
        (dt.date(2026, 1, 1), dt.date(2026, 12, 5))
    assert preset_range("last_month", dt.date(2026, 1, 5)) == \
        (dt.date(2025, 12, 1), dt.date(2025, 12, 31))
    assert preset_range("this_month", dt.date(2026, 12, 5)) == \
        (dt.date(2026, 12, 1), dt.date(2026, 12, 31))


def test_every_report_runs_on_the_demo(demo_data):
    today = dt.date.today()
    for kind in reports.KINDS:
        report = reports.run(kind.key, start=today - dt.timedelta(days=365),
                             end=today + dt.timedelta(days=90))
        assert report["columns"] and report["summary"]


def test_register_wide_report_shows_a_page_and_exports_every_row(page, qtbot, tmp_path,
                                                                 monkeypatch):
    """Issue 23: permits by stand (the whole register) is shown a page at a time — the
    first rows, the total counted, more as the table scrolls — and the export has every
    row."""
    from pathlib import Path

    from mototaxi_desk.gui.models import paged_table
    from mototaxi_desk.gui.pages import reports as module
    monkeypatch.setattr(module, "PAGE_SIZE", 3)
    monkeypatch.setattr(paged_table, "PAGE_SIZE", 3)
    _run(page, qtbot, "permits_by_stand")
    whole = reports.run("permits_by_stand")
    assert len(page.model.rows) == 3 and not page.report["complete"]
    assert page.count.text() == f"{whole['total']} linha(s)" and whole["total"] > 6
    page.model.fetchMore()
    assert [r["order_number"] for r in page.model.rows] == \
        [r["order_number"] for r in whole["rows"][:6]]
    path = page.export("csv", str(tmp_path / "pontos.csv"))
    lines = Path(path).read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) >= whole["total"] + 1  # the header, every permit (and the summary)
    assert page.report["complete"] and len(page.report["rows"]) == whole["total"]


def test_a_report_asked_before_another_was_chosen_is_not_shown(page, qtbot, monkeypatch):
    """A slow report still loading when the clerk picks another kind (and runs it) never
    replaces the one now chosen when it ends: the title, rows and combo agree."""
    import threading
    release, real = threading.Event(), reports.run

    def slow_for_stands(key, **kwargs):
        if key == "permits_by_stand":
            release.wait(10)
        return real(key, **kwargs)
    monkeypatch.setattr(reports, "run", slow_for_stands)
    page.kind.setCurrentIndex(page.kind.findData("permits_by_stand"))
    page.refresh()  # slow: still loading below
    page.kind.setCurrentIndex(page.kind.findData("fines"))
    assert page.run_button.isEnabled()  # the kind left is not waited for
    _run(page, qtbot, "fines")
    shown = page.summary.text()
    from mototaxi_desk.gui.workers import wait_for_background_work
    late = []
    page.loaded.connect(lambda *args: late.append(args))
    release.set()
    assert wait_for_background_work(10_000)  # the slow report has ended...
    qtbot.wait(200)  # ...and what it sent the window has arrived
    assert not late
    assert page.report["title"] == real("fines", start=page.start.date(),
                                        end=page.end.date())["title"]
    assert page.summary.text() == shown and page.kind.currentData() == "fines"


def test_a_failure_of_a_report_no_longer_wanted_is_not_shown(page, qtbot, monkeypatch):
    """The slow report the clerk moved away from fails: its message never covers the kind
    now chosen, nor a newer report still loading."""
    import threading
    release, real = threading.Event(), reports.run

    def failing_for_stands(key, **kwargs):
        if key == "permits_by_stand":
            release.wait(10)
            raise RuntimeError("conexão perdida")
        return real(key, **kwargs)
    monkeypatch.setattr(reports, "run", failing_for_stands)
    page.kind.setCurrentIndex(page.kind.findData("permits_by_stand"))
    page.refresh()
    page.kind.setCurrentIndex(page.kind.findData("fines"))
    _run(page, qtbot, "fines")
    shown = page.summary.text()
    release.set()
    qtbot.wait(300)
    assert page.summary.text() == shown and "conexão perdida" not in shown

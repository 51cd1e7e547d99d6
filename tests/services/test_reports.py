"""Relatórios: the figures of each report against data built through the services (or the
demo), on SQLite and PostgreSQL; exports to CSV, XLSX and PDF."""
import csv
import datetime as dt
import io

import pytest

from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.money import format_money
from mototaxi_desk.services.licensing import applications, waiting_list
from mototaxi_desk.services import ledger, setup
from mototaxi_desk.services.trust import published_head
from mototaxi_desk.services.views import reports
from mototaxi_desk.services.register import stands
from mototaxi_desk.store.models import (Application, AuditLog, InfractionNotice, PenaltyCharge,
                                        Permit, Stand, WaitingListEntry)

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person
from . import fleet_helpers as h
from .ledger_helpers import ADMIN, FISCAL, TODAY, holder_permit, notice_data


def _notice(permit, when: str) -> dict:
    return ledger.record_notice(FISCAL, notice_data(permit, "36-IX", when), on=TODAY)


def _pay(notice: dict, paid_on: dt.date) -> None:
    charge = notice["charges"][0]
    ledger.pay_charge(CLERK, charge["id"], paid_on=paid_on, receipt=f"DAM {charge['id']}",
                      amount=format_money(charge["amount_cents"]).removeprefix("R$ "),
                      on=TODAY)


def test_fines_by_period_counts_issued_paid_open_and_what_was_received(srm):
    """Fines of notices written in the period (by the notice's date), split by what became of
    them; a voided notice's fine is listed but not counted; money received counts payments
    dated in the period, whatever the notice's date."""
    _person, permit = holder_permit()
    before = _notice(permit, "10/02/2026 10:00")     # before the period, paid inside it
    paid = _notice(permit, "10/03/2026 10:00")       # paid after the period
    still_open = _notice(permit, "10/04/2026 10:00")
    voided = _notice(permit, "10/05/2026 10:00")
    _pay(before, dt.date(2026, 4, 1))
    _pay(paid, dt.date(2026, 6, 1))
    ledger.void_notice(SUPERVISOR, voided["id"], reason="Placa anotada errada.", on=TODAY)
    amount = {n["id"]: PenaltyCharge.get(PenaltyCharge.notice == n["id"]).amount_cents
              for n in (before, paid, still_open, voided)}

    report = reports.run("fines", start="01/03/2026", end="31/05/2026", today=TODAY)

    assert [r["notice"] for r in report["rows"]] == [n["number"] for n in
                                                     (paid, still_open, voided)]
    assert [r["status"] for r in report["rows"]] == ["Paga", "Em aberto", "Anulada"]
    assert report["rows"][0]["paid_on"] == dt.date(2026, 6, 1)
    issued = amount[paid["id"]] + amount[still_open["id"]]
    assert f"Lançadas no período: 2 ({format_money(issued)})" in report["summary"][0]
    assert f"pagas: 1 ({format_money(amount[paid['id']])})" in report["summary"][0]
    assert f"em aberto: 1 ({format_money(amount[still_open['id']])})" in report["summary"][0]
    assert f"1 multa(s), {format_money(amount[before['id']])}" in report["summary"][1]
    assert reports.fine_totals(dt.date(2026, 3, 1), dt.date(2026, 5, 31)) == {
        "paid": (1, amount[paid["id"]]), "open": (1, amount[still_open["id"]]),
        "voided": (1, amount[voided["id"]])}


def test_permits_by_stand_lists_the_permits_holding_places_and_filters_one_stand(srm):
    admin = h.admin()
    first = stands.create_stand(admin, {"number": 1, "name": "Praça", "location": "Centro"},
                                on=h.ON)
    second = stands.create_stand(admin, {"number": 2, "name": "Feira", "location": "Feira"},
                                 on=h.ON)
    on_first = [h.permit(h.bare_person(f"Titular {i}"), stand=first["id"], stand_position=i)
                for i in (1, 2)]
    suspended = h.permit(h.bare_person("Suspenso"), stand=second["id"], stand_position=1,
                         status="suspended")
    h.permit(h.bare_person("Revogado"), stand=second["id"], stand_position=2, status="revoked")
    h.permit(h.bare_person("Sem ponto"))

    report = reports.run("permits_by_stand", today=h.ON)
    listed = [(r["stand"], r["position"], r["person_name"], r["status"]) for r in report["rows"]]
    assert listed == [("Ponto 01", 1, "Titular 1", "Ativa"), ("Ponto 01", 2, "Titular 2", "Ativa"),
                      ("Ponto 02", 1, "Suspenso", "Suspensa"),
                      ("Sem ponto", None, "Sem ponto", "Ativa")]
    assert report["summary"][0].startswith(
        "Total: 4 permissão(ões) em vigor (ativas: 3, suspensas: 1, interrompidas: 0, "
        "vencidas aguardando renovação: 0)")

    only_second = reports.run("permits_by_stand", stand_number=2, today=h.ON)
    assert [r["order_number"] for r in only_second["rows"]] == \
        [f"{suspended.order_number:04d}"]  # SRM Art. 4 §5: four digits
    # the revoked permit holds no card but still a place: 2 of the stand's places are taken
    assert "2 de " in only_second["summary"][1] and "Ponto 02 (Feira)" in only_second["summary"][1]
    assert len(on_first) == 2


def test_permits_expiring_keeps_the_period_and_marks_deadlines(srm):
    today = dt.date(2026, 6, 1)
    dates = {"vencida": dt.date(2026, 5, 20), "em breve": dt.date(2026, 6, 20),
             "depois": dt.date(2026, 9, 1), "fora": dt.date(2027, 1, 1)}
    for name, valid in dates.items():
        p = h.permit(h.bare_person(name))
        Permit.update(valid_until=valid).where(Permit.id == p.id).execute()
    h.permit(h.bare_person("cassada"), status="cassated")

    report = reports.run("permits_expiring", start="01/05/2026", end="30/09/2026", today=today)
    assert [(r["person_name"], r["days_left"], r["tone"]) for r in report["rows"]] == [
        ("vencida", -12, "overdue"), ("em breve", 19, "soon"), ("depois", 92, None)]
    assert "3 permissão(ões)" in report["summary"][0] and "1 já vencida(s)" in report["summary"][0]


def test_inspections_due_lists_every_overdue_one_and_those_due_by_the_end(demo_data):
    """The dates are those of the alerts (one rule, in domain/inspection_rules.py), read from
    the due-dates table (issue 23), which a 120-day period makes hold 120 days ahead."""
    from mototaxi_desk.services.views import alerts
    today = dt.date.today()
    end = today + dt.timedelta(days=120)
    expected = [a for a in alerts.due(on=today, days=120)
                if a["kind"] in reports.INSPECTION_ALERTS and (a["days_left"] < 0 or
                                                                a["due_date"] >= today)]
    report = reports.run("inspections_due", start=today, end=end, today=today)
    assert len(report["rows"]) == len(expected) > 0
    assert [(r["due_date"], r["person_id"], r["label"]) for r in report["rows"]] == \
        [(a["due_date"], a["person_id"], alerts.KIND_LABELS[a["kind"]]) for a in expected]
    assert [r["due_date"] for r in report["rows"]] == sorted(r["due_date"] for r in report["rows"])
    overdue = sum(r["days_left"] < 0 for r in report["rows"])
    assert report["summary"][0].startswith(f"{overdue} vistoria(s) vencida(s)")
    assert all(r["situation"] == ("Vencida" if r["days_left"] < 0 else "A vencer")
               for r in report["rows"])


def test_applications_by_status_in_the_period(srm):
    person = make_person("Requerente Um", today=dt.date(2026, 1, 5))
    other = make_person("Requerente Dois", today=dt.date(2026, 1, 5))
    inside = applications.file_application(CLERK, person["id"], "new_permit",
                                           on=dt.datetime(2026, 3, 2, 12))
    applications.file_application(CLERK, other["id"], "new_permit",
                                  on=dt.datetime(2026, 3, 20, 12))
    applications.file_application(CLERK, other["id"], "new_permit",
                                  on=dt.datetime(2026, 5, 2, 12))
    applications.change_status(SUPERVISOR, inside["id"], "indeferido", reason="Documentos.")

    report = reports.run("applications", start="01/03/2026", end="31/03/2026")
    assert [r["person_name"] for r in report["rows"]] == ["Requerente Um", "Requerente Dois"]
    assert [r["status"] for r in report["rows"]] == ["Indeferido", "Protocolado"]
    assert "2 requerimento(s)" in report["summary"][0]
    assert "Protocolado 1, Indeferido 1" in report["summary"][0]
    assert Application.select().count() == 3


def _paged_like_whole(key: str, limit: int, **period) -> None:
    """A report run with `limit` holds its first rows, the same summary and total as the
    whole, and more_rows / complete() give the rest in the same order."""
    whole = reports.run(key, **period)
    paged = reports.run(key, limit=limit, **period)
    assert paged["rows"] == whole["rows"][:limit] and not paged["complete"]
    assert paged["summary"] == whole["summary"] and paged["total"] == whole["total"]
    rest = reports.more_rows(paged, limit, 1000)
    assert paged["rows"] + rest == whole["rows"]
    assert reports.complete(paged)["rows"] == whole["rows"]


def test_fines_and_applications_reports_page_in_the_database(srm):
    """Issue 23: a period's fines (a year of a capital's notices) and applications are read
    a page at a time, their totals counted by the database (SRM Art. 35 §2: a voided
    notice's fine listed, not counted, on every page alike)."""
    _person, permit = holder_permit()
    notices = [_notice(permit, f"{day:02d}/03/2026 10:00") for day in (3, 5, 9, 12, 20)]
    _pay(notices[1], dt.date(2026, 3, 25))
    ledger.void_notice(SUPERVISOR, notices[3]["id"], reason="Placa anotada errada.", on=TODAY)
    _paged_like_whole("fines", 2, start="01/03/2026", end="31/03/2026", today=TODAY)
    person = make_person("Requerente Um", today=dt.date(2026, 1, 5))
    for day in (2, 4, 6, 8):
        applications.file_application(CLERK, person["id"], "new_permit",
                                      on=dt.datetime(2026, 3, day, 12))
    _paged_like_whole("applications", 3, start="01/03/2026", end="31/03/2026")
    listed = reports.run("applications", start="01/03/2026", end="31/03/2026", limit=3)
    assert [r["filed_on"] for r in listed["rows"]] == [dt.date(2026, 3, d) for d in (2, 4, 6)]


def test_waiting_list_report_is_the_calling_order(demo_data):
    report = reports.run("waiting_list")
    ordered = waiting_list.ordered()
    assert [r["person_id"] for r in report["rows"]] == [w["person_id"] for w in ordered]
    assert [r["position"] for r in report["rows"]] == list(range(1, len(ordered) + 1))
    waiting = WaitingListEntry.select().where(WaitingListEntry.status.in_(
        ("waiting", "called"))).count()
    assert f"{waiting} pessoa(s)" in report["summary"][0]


@pytest.mark.parametrize("start, end, message", [
    ("01/06/2026", "01/05/2026", "posterior"), ("31/02/2026", "01/05/2026", "início"),
    ("01/01/2000", "01/01/2026", "10 anos"), ("", "01/05/2026", "obrigatório")])
def test_a_bad_period_is_refused_naming_the_field_and_writes_nothing(srm, start, end, message):
    counts = row_counts()
    with pytest.raises(ValidationError) as refused:
        reports.run("fines", start=start, end=end)
    assert message in str(refused.value) and "Período" in str(refused.value)
    assert row_counts() == counts


def test_unknown_report_format_and_stand_are_refused(srm):
    with pytest.raises(ValidationError, match="Relatório"):
        reports.run("salaries")
    with pytest.raises(ValidationError, match="Ponto"):
        reports.run("permits_by_stand", stand_number="três")
    report = reports.run("waiting_list")
    with pytest.raises(ValidationError, match="Formato"):
        reports.export(CLERK, report, "ods")


def _fine_report():
    _person, permit = holder_permit()
    _pay(_notice(permit, "10/03/2026 10:00"), dt.date(2026, 3, 20))
    _notice(permit, "11/03/2026 10:00")
    return reports.run("fines", start="01/03/2026", end="31/03/2026", today=TODAY)


def test_csv_export_reads_back_in_excel_pt_br_form_and_is_audited(srm):
    report = _fine_report()
    data = reports.export(CLERK, report, "csv")
    assert data.startswith("\ufeff".encode())  # BOM: Excel reads the accents
    lines = list(csv.reader(io.StringIO(data.decode("utf-8-sig")), delimiter=";"))
    assert lines[1] == [c["header"] for c in report["columns"]]
    first = dict(zip(lines[1], lines[2]))
    cents = report["rows"][0]["amount_cents"]
    assert first["Valor"] == f"{cents // 100},{cents % 100:02d}"
    assert first["Data"] == "10/03/2026" and first["Situação"] == "Paga"
    assert first["Pago em"] == "20/03/2026"
    assert lines[-2][0] == report["summary"][0]
    entry = AuditLog.select().where(AuditLog.action == "report.export").get()
    assert entry.entity_id == "fines" and '"format": "csv"' in entry.after


def test_xlsx_export_has_real_dates_and_numbers(srm):
    from openpyxl import load_workbook
    report = _fine_report()
    sheet = load_workbook(io.BytesIO(reports.export(CLERK, report, "xlsx"))).active
    assert sheet["A1"].value == report["title"]
    headers = [c.value for c in sheet[3]]
    assert headers == [c["header"] for c in report["columns"]]
    row = dict(zip(headers, (c for c in sheet[4])))
    assert row["Data"].value.date() == dt.date(2026, 3, 10)
    assert row["Valor"].value == pytest.approx(report["rows"][0]["amount_cents"] / 100)
    assert "R$" in row["Valor"].number_format
    assert sheet.max_row == 3 + len(report["rows"]) + 1 + len(report["summary"])


def test_pdf_of_a_report_has_the_title_rows_and_summary(srm):
    import pypdfium2
    report = _fine_report()
    head = published_head.head()  # printed, for a later comparison (issue 34)
    result = reports.print_report(CLERK, report)
    pdf = pypdfium2.PdfDocument(result["pdf"])
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    pdf.close()
    assert "MULTAS LANÇADAS" in text and "01/03/2026 a 31/03/2026" in text
    assert report["rows"][0]["notice"] in text and "Em aberto" in text
    assert "Lançadas no período: 2" in text
    assert f"Trilha de auditoria ao imprimir: {head['count']} registros, último nº " \
           f"{head['id']}" in " ".join(text.split())
    assert result["document"] == "report"
    assert AuditLog.select().where(AuditLog.action == "report.export").count() == 1


def test_stand_count_matches_the_stand_service(demo_data):
    report = reports.run("permits_by_stand")
    counts = {s["number"]: s["count"] for s in stands.list_stands()}
    for stand in Stand.select():
        listed = [r for r in report["rows"] if r["stand"] == stands.label(stand.number)]
        assert len(listed) == counts[stand.number] == Permit.select().where(
            Permit.stand == stand.id).count()


def test_painel_charts_count_notices_per_month_and_fines_open_against_paid(srm):
    """Twelve months ending with the current one, oldest first; a voided notice counts for
    nothing (SRM Art. 35 §2) in either chart."""
    from mototaxi_desk.services.views import overview
    _person, permit = holder_permit()
    march = _notice(permit, "10/03/2026 10:00")
    _notice(permit, "20/03/2026 10:00")
    june = _notice(permit, "01/06/2026 10:00")
    voided = _notice(permit, "02/06/2026 10:00")
    ledger.void_notice(SUPERVISOR, voided["id"], reason="Engano de digitação.", on=TODAY)
    _pay(march, dt.date(2026, 4, 1))

    charts = overview.charts(TODAY)
    months = charts["notices_by_month"]
    assert [m["label"] for m in months][:2] == ["jul/25", "ago/25"]
    assert months[-1]["label"] == "jun/26" and len(months) == 12
    counts = {m["label"]: m["count"] for m in months}
    assert counts["mar/26"] == 2 and counts["jun/26"] == 1 and sum(counts.values()) == 3
    charge = {n["id"]: PenaltyCharge.get(PenaltyCharge.notice == n["id"]).amount_cents
              for n in (march, june)}
    assert charts["fines_paid"] == {"count": 1, "cents": charge[march["id"]]}
    assert charts["fines_open"]["count"] == 2
    assert charts["fines_open"]["cents"] == charge[june["id"]] + PenaltyCharge.get(
        PenaltyCharge.notice == _notice_id(permit, "20/03/2026")).amount_cents


def _notice_id(permit, day: str) -> int:
    from mototaxi_desk.store.models import InfractionNotice
    d = dt.datetime.strptime(day, "%d/%m/%Y").date()
    return InfractionNotice.get((InfractionNotice.permit == permit["id"])
                                & (InfractionNotice.occurred_on == d)).id


def test_painel_charts_count_each_notice_in_its_own_month_at_the_boundaries(srm):
    """Issue 23: the months are counted as ranges of the infraction's day: the last day of a
    month and the first of the next fall in their own months, the day before the twelve
    months and the days after `on` in none, in the notices or in the fines; the fines are
    summed over the notices numbered from the period's first to its last, less those among
    them of other days (recorded out of order here), whatever became of each fine."""
    from mototaxi_desk.services.views import overview
    setup.set_fiscal_unit_value(ADMIN, 2025, "40,00")
    _person, permit = holder_permit(on=dt.date(2025, 3, 1))
    recorded = {}
    for day in ("01/06/2025", "31/05/2025", "30/06/2025", "15/06/2026", "01/07/2025",
                "31/12/2025", "14/06/2026", "01/01/2026", "28/02/2026", "01/03/2026"):
        hour = "23:59" if day.startswith(("3", "28")) else "00:00"
        recorded[day] = _notice(permit, f"{day} {hour}")
    for day in ("31/05/2025", "30/06/2025", "01/03/2026"):
        _pay(recorded[day], dt.date(2026, 6, 15))
    for day in ("14/06/2026", "31/12/2025"):
        ledger.void_notice(SUPERVISOR, recorded[day]["id"], reason="Engano.", on=TODAY)
    charts = overview.charts(dt.date(2026, 5, 31))  # jun/25 .. mai/26
    counts = {m["label"]: m["count"] for m in charts["notices_by_month"]}
    assert counts == {"jun/25": 2, "jul/25": 1, "ago/25": 0, "set/25": 0, "out/25": 0,
                      "nov/25": 0, "dez/25": 0, "jan/26": 1, "fev/26": 1, "mar/26": 1,
                      "abr/26": 0, "mai/26": 0}
    first, last = dt.date(2025, 6, 1), dt.date(2026, 5, 31)
    assert reports.fine_totals(first, last) == _fine_totals_joined(first, last)
    assert charts["fines_paid"]["count"] == 2 and charts["fines_open"]["count"] == 4
    for first, last in ((dt.date(2025, 5, 31), dt.date(2026, 6, 15)),
                        (dt.date(2026, 6, 14), dt.date(2026, 6, 14)),
                        (dt.date(2025, 5, 1), dt.date(2025, 5, 30))):
        assert reports.fine_totals(first, last) == _fine_totals_joined(first, last)
    june = {m["label"]: m["count"] for m in overview.charts(TODAY)["notices_by_month"]}
    assert june["jun/26"] == 1 and june["jul/25"] == 1 and "jun/25" not in june


def _fine_totals_joined(first: dt.date, last: dt.date) -> dict:
    """The fines of the notices of the period by status, each notice's charges looked up."""
    found = {}
    for charge in PenaltyCharge.select().join(InfractionNotice).where(
            (PenaltyCharge.kind == "fine") & InfractionNotice.occurred_on.between(first, last)):
        count, cents = found.get(charge.status, (0, 0))
        found[charge.status] = (count + 1, cents + charge.amount_cents)
    return found


def test_painel_charts_on_an_empty_register_are_zero(srm):
    from mototaxi_desk.services.views import overview
    charts = overview.charts(dt.date(2026, 1, 31))
    assert [m["label"] for m in charts["notices_by_month"]][0] == "fev/25"
    assert all(m["count"] == 0 for m in charts["notices_by_month"])
    assert charts["fines_open"] == charts["fines_paid"] == {"count": 0, "cents": 0}


def test_a_fiscal_never_sees_nor_exports_a_whole_cpf(srm):
    """LGPD (issue 19): Relatórios ask permissions.cpf_text; a fiscal gets the card's masked
    CPF on screen, in the CSV, the XLSX and the PDF; a clerk the whole one."""
    from openpyxl import load_workbook

    stand = stands.create_stand(h.admin(), {"number": 1, "name": "Praça", "location": "Centro"},
                                on=h.ON)
    permit = h.permit(h.bare_person("Titular Mascarado"), stand=stand["id"], stand_position=1)
    whole = permit.holder.cpf
    formatted = f"{whole[:3]}.{whole[3:6]}.{whole[6:9]}-{whole[9:]}"
    seen = reports.run("permits_by_stand", today=h.ON, actor=FISCAL)
    assert seen["rows"][0]["cpf"] == f"***.{whole[3:6]}.{whole[6:9]}-**"
    assert reports.run("permits_by_stand", today=h.ON, actor=CLERK)["rows"][0]["cpf"] == \
        formatted
    # a report run for a clerk and exported by a fiscal is masked too
    full = reports.run("permits_by_stand", today=h.ON, actor=CLERK)
    csv_text = reports.export(FISCAL, full, "csv").decode("utf-8-sig")
    assert formatted not in csv_text and f"***.{whole[3:6]}.{whole[6:9]}-**" in csv_text
    book = load_workbook(io.BytesIO(reports.export(FISCAL, full, "xlsx")))
    assert not any(formatted == cell.value for row in book.active.iter_rows() for cell in row)
    assert formatted in reports.export(CLERK, full, "csv").decode("utf-8-sig")

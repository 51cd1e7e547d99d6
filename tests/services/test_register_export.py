"""The whole register as XLSX for the município's archive (issue 21 item 3), in the import's
layout: read back into the database it came from it changes nothing (the demo's register and
an imported one); into an empty database it rebuilds the register. Admin only, audited."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from mototaxi_desk.services.exchange import importing, register_export
from mototaxi_desk.services import setup
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import (AuditLog, AuxiliaryDriver, Permit, Person, Stand,
                                        Vehicle, WaitingListEntry)

from ..conftest import row_counts
from .import_samples import example_workbook

ADMIN = Actor(None, "admin.teste", "admin")
TODAY = dt.date(2026, 6, 1)


def _counts() -> dict:
    return {m.__name__: m.select().count() for m in (Person, Vehicle, Permit, Stand,
                                                     AuxiliaryDriver, WaitingListEntry)}


def test_the_archive_of_an_imported_register_reads_back_unchanged_and_rebuilds_it(
        municipio, tmp_path, sqlite_db):
    importing.apply(ADMIN, example_workbook(tmp_path / "cadastro.xlsx"), today=TODAY)
    result = register_export.export(ADMIN)
    assert result["rows"] == {"Pontos": 2, "Permissionários": 3, "Auxiliares": 1,
                              "Lista de espera": 2}
    entry = AuditLog.select().where(AuditLog.action == "register.export").get()
    assert json.loads(entry.after)["sha256"] == result["sha256"]
    archive = tmp_path / "cadastro-completo.xlsx"
    archive.write_bytes(result["xlsx"])
    counts = row_counts()
    again = importing.dry_run(ADMIN, archive, today=TODAY)
    assert again["errors"] == 0 and again["nothing_to_do"], (again["problems"],
                                                              again["updates"])
    assert row_counts() == counts
    expected = _counts()
    close_database()
    open_database(sqlite_db)  # an empty database, set up as `init` does
    setup.initialise(profile_id="sao-raimundo-das-mangabeiras-2019",
                     municipio="São Raimundo das Mangabeiras", uf="MA", ibge="2111102",
                     population=18540, fiscal_unit_value="48,26",
                     admin_password="senha-forte-1")
    rebuilt = importing.apply(ADMIN, archive, today=TODAY)
    assert rebuilt["errors"] == 0 and rebuilt["imported"]
    assert _counts() == expected


def test_the_demo_register_reads_back_unchanged(demo_data, tmp_path):
    archive = tmp_path / "demo.xlsx"
    archive.write_bytes(register_export.export(ADMIN)["xlsx"])
    result = importing.dry_run(ADMIN, archive)
    assert [p for p in result["problems"] if p["severity"] == "erro"] == []
    assert result["nothing_to_do"], result["updates"][:5]


def test_only_the_admin_exports_the_register(municipio):
    with pytest.raises(PermissionDenied):
        register_export.export(Actor(None, "supervisor", "supervisor"))


def test_detran_list_of_permits_ended_in_the_period_with_their_plates(municipio, tmp_path):
    """Issue 21 item 3: the vehicles leaving the "aluguel" category — the permits that ended
    in the period (and are still ended), each with plate, RENAVAM and chassis."""
    from openpyxl import load_workbook

    from mototaxi_desk.services.views import reports
    from .import_samples import plate
    path = example_workbook(tmp_path / "cadastro.xlsx")
    importing.apply(ADMIN, path, today=TODAY)
    book = load_workbook(path)
    book["Permissionários"].cell(row=3, column=19).value = "Cassada"     # permit 16
    book.save(tmp_path / "novo.xlsx")
    importing.apply(ADMIN, tmp_path / "novo.xlsx", today=TODAY)
    report = reports.run("permits_ended", start="01/06/2026", end="30/06/2026", today=TODAY)
    assert [(r["order_number"], r["status"], r["plate"]) for r in report["rows"]] == [
        ("0016", "Cassada", plate(2))]
    assert report["rows"][0]["renavam"] and report["rows"][0]["chassis"]
    assert reports.run("permits_ended", start="01/01/2026", end="31/05/2026",
                       today=TODAY)["rows"] == []
    xlsx = reports.export(ADMIN, report, "xlsx")
    assert xlsx[:2] == b"PK"


def test_yearly_roster_lists_who_served_at_each_ponto_in_the_period(municipio, tmp_path):
    """Issue 21 item 3: each ponto's roster of the year — the permits on it at some time in
    the period, from when to when, including one that left (cassated) during the year."""
    from openpyxl import load_workbook

    from mototaxi_desk.services.views import reports
    path = example_workbook(tmp_path / "cadastro.xlsx")
    importing.apply(ADMIN, path, today=TODAY)
    book = load_workbook(path)
    book["Permissionários"].cell(row=3, column=19).value = "Cassada"     # permit 16, Ponto 2
    book.save(tmp_path / "novo.xlsx")
    importing.apply(ADMIN, tmp_path / "novo.xlsx", today=TODAY)
    year = reports.run("stand_roster_year", start="01/01/2026", end="31/12/2026",
                       today=TODAY)
    assert [(r["stand"], r["order_number"], r["since"], r["until"]) for r in year["rows"]] == [
        ("Ponto 01 — Praça da Matriz", "0013", dt.date(2023, 3, 1), None),
        ("Ponto 02 — Rodoviária", "0016", dt.date(2023, 3, 1), TODAY),
        ("Ponto 02 — Rodoviária", "0019", dt.date(2023, 3, 1), None)]
    one = reports.run("stand_roster_year", start="01/01/2027", end="31/12/2027",
                      stand_number=2, today=TODAY)
    assert [r["order_number"] for r in one["rows"]] == ["0019"]

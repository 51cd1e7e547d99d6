"""The waiting list's times kept in UTC, as every other time of the database, and shown in
the computer's time (schema step 26): in Brasília an enrolment at 22:30 on 07/12 reads
"07/12/2026 22:30" — not 08/12 01:30, the UTC time the earlier program showed — and the
register's export and the reports date it 07/12; an imported list keeps its days and order;
an act the daily step dates on a past day keeps that day."""
import datetime as dt

from mototaxi_desk.domain import field_words, wallclock
from mototaxi_desk.services.exchange import importing, register_export
from mototaxi_desk.services.licensing import waiting_list
from mototaxi_desk.store.models import WaitingListEntry

from ..factories import CLERK, SUPERVISOR, make_person
from .import_samples import example_workbook
from .ledger_helpers import ADMIN

EVENING = dt.datetime(2026, 12, 7, 22, 30)  # local; 01:30 of 08/12 in UTC


def test_an_evening_enrolment_reads_its_own_day_and_hour(municipio, brasilia, clock_at):
    clock_at(dt.datetime(2026, 12, 7, 14, 0))
    afternoon = waiting_list.enrol(CLERK, make_person("Tarde Inscrita")["id"])
    clock_at(EVENING)
    evening = waiting_list.enrol(CLERK, make_person("Noite Inscrita")["id"])
    assert abs(evening["enrolled_at"] - EVENING) < dt.timedelta(minutes=1)
    stored = WaitingListEntry.get_by_id(evening["id"]).enrolled_at
    assert abs(stored - dt.datetime(2026, 12, 8, 1, 30)) < dt.timedelta(minutes=1)  # UTC
    assert afternoon["enrolled_at"].date() == evening["enrolled_at"].date() == EVENING.date()
    assert [e["id"] for e in waiting_list.ordered()] == [afternoon["id"], evening["id"]]
    # the LGPD export's PDF and the Histórico show the stored time as the screens do
    assert field_words.value_text("enrolled_at", stored) == f"{evening['enrolled_at']:%d/%m/%Y %H:%M}"
    called = waiting_list.call_next(SUPERVISOR)
    assert called["id"] == afternoon["id"] and called["called_at"].date() == EVENING.date()


def test_an_act_dated_a_past_day_keeps_that_day(municipio, brasilia, clock_at):
    """The daily step catching up on a closed week dates its acts on their own days."""
    clock_at(EVENING)
    entry = waiting_list.enrol(CLERK, make_person("Dia Passado")["id"],
                               on=dt.date(2026, 12, 3))
    assert entry["enrolled_at"].date() == dt.date(2026, 12, 3)
    assert entry["enrolled_at"].time().hour == 22
    stored = WaitingListEntry.get_by_id(entry["id"]).enrolled_at
    assert stored.date() == dt.date(2026, 12, 4)  # 22:30 of 03/12 is 01:30 of 04/12 in UTC


def test_an_imported_list_keeps_its_days_and_order(municipio, brasilia, tmp_path):
    path = example_workbook(tmp_path / "cadastro.xlsx")
    assert importing.apply(ADMIN, importing.read(ADMIN, path))["imported"]
    first, second = waiting_list.ordered()
    assert (first["person_name"], second["person_name"]) == ("Inscrita Primeira",
                                                             "Inscrito Segundo")
    assert first["enrolled_at"].date() == second["enrolled_at"].date() == dt.date(2022, 5, 10)
    stored = WaitingListEntry.get_by_id(first["id"]).enrolled_at
    assert stored == wallclock.utc(first["enrolled_at"]) != first["enrolled_at"]
    # read back unchanged: the export gives the same days, the import then changes nothing
    out = register_export.export(ADMIN, path=tmp_path / "arquivo.xlsx")
    assert out["rows"]
    again = importing.dry_run(ADMIN, importing.read(ADMIN, tmp_path / "arquivo.xlsx"))
    assert not [u for u in again["updates"] if u["entity_label"] == "Lista de espera"]

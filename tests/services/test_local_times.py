"""The database keeps UTC; the counter lives in its own time zone. A clerk in Brasília time
(UTC−3) who files at 14:05 reads 14:05 on the receipt and the screens, and an application
filed at 22:30 on 31 December takes that year's protocol number, not the next one's (it is
01:30 on 1 January in UTC)."""
import datetime as dt

from mototaxi_desk.domain import wallclock
from mototaxi_desk.printing import receipt
from mototaxi_desk.services.documents import receipts
from mototaxi_desk.services.exchange import importing
from mototaxi_desk.services.licensing import applications as apps
from mototaxi_desk.services.views import records, reports
from mototaxi_desk.services.trust import clock_trust
from mototaxi_desk.store.models import Application, ImportRun, MunicipioSettings

from ..conftest import time_zone
from .ledger_helpers import ADMIN
from ..factories import CLERK, SUPERVISOR, make_person


def test_a_stored_time_read_in_the_computers_zone(brasilia):
    stored = dt.datetime(2027, 1, 1, 1, 30)
    assert wallclock.local(stored) == dt.datetime(2026, 12, 31, 22, 30)
    assert wallclock.local_day(stored) == dt.date(2026, 12, 31)
    assert wallclock.utc(dt.datetime(2026, 12, 31, 22, 30)) == stored
    assert wallclock.local(None) is None and wallclock.local_day(None) is None
    # what the C library cannot convert is shown as stored, never an error
    assert wallclock.local(dt.datetime(1, 1, 1)) == dt.datetime(1, 1, 1)


def test_new_years_eve_at_night_takes_that_years_protocol(municipio, brasilia):
    """An application filed at 22:30 local on 31/12 is numbered in that year's sequence, and
    its receipt and screens say 31/12/2026 22:30."""
    person = make_person()
    before = apps.file_application(CLERK, person["id"], "new_permit",
                                   on=dt.datetime(2026, 12, 31, 12))
    night = apps.file_application(CLERK, person["id"], "new_permit",
                                  on=dt.datetime(2027, 1, 1, 1, 30))  # UTC: 22:30 local
    morning = apps.file_application(CLERK, person["id"], "new_permit",
                                    on=dt.datetime(2027, 1, 1, 12))
    assert (before["protocol"], night["protocol"], morning["protocol"]) == (
        "2026/000001", "2026/000002", "2027/000001")
    assert night["filed_at"] == dt.datetime(2026, 12, 31, 22, 30)
    assert night["history"][0]["at"] == dt.datetime(2026, 12, 31, 22, 30)
    stored = Application.get_by_id(night["id"])
    assert stored.filed_at == dt.datetime(2027, 1, 1, 1, 30)  # the database keeps UTC
    rows = {r["protocol"]: r for r in apps.application_rows()}
    assert rows["2026/000002"]["filed_at"] == dt.datetime(2026, 12, 31, 22, 30)


def test_the_receipt_says_the_counters_time(municipio, brasilia, monkeypatch):
    person = make_person()
    with wallclock.travel(dt.datetime(2026, 6, 10, 14, 5)):  # the computer's local clock
        app = apps.file_application(CLERK, person["id"], "new_permit")
        seen = {}
        real = receipt.render

        def render(data):
            seen["data"] = data
            return real(data)
        monkeypatch.setattr(receipt, "render", render)
        receipts.print_application_receipt(CLERK, app["id"])
    filed = seen["data"].filed_at
    assert (filed.date(), filed.hour, filed.minute) == (dt.date(2026, 6, 10), 14, 5)
    assert Application.get_by_id(app["id"]).filed_at.hour == 17  # stored in UTC


def test_decision_and_history_shown_in_local_time(municipio, brasilia):
    person = make_person()
    with wallclock.travel(dt.datetime(2026, 6, 10, 9, 0)):
        app = apps.file_application(CLERK, person["id"], "new_permit")
        for item in app["checklist"]:
            if item["mandatory"]:
                apps.set_checklist_item(CLERK, app["id"], item["code"], received=True)
        decided = apps.change_status(SUPERVISOR, app["id"], "deferido")
    assert decided["decided_at"].date() == dt.date(2026, 6, 10)
    assert decided["decided_at"].hour == 9
    assert [h["at"].hour for h in decided["history"]] == [9, 9]
    shown = records.history(person["id"])
    filed = [e for e in shown if e["action"] == "application.file"]
    assert filed and filed[0]["at"].hour == 9


def test_the_applications_report_counts_by_the_local_day(municipio, brasilia):
    """Filed at 22:30 local on 31/12 (01:30 UTC on 1/1): December's report lists it on the
    31st; January's does not."""
    person = make_person()
    apps.file_application(CLERK, person["id"], "new_permit", on=dt.datetime(2027, 1, 1, 1, 30))
    december = reports.run("applications", start=dt.date(2026, 12, 1),
                           end=dt.date(2026, 12, 31))
    january = reports.run("applications", start=dt.date(2027, 1, 1), end=dt.date(2027, 1, 31))
    assert [(r["protocol"], r["filed_on"]) for r in december["rows"]] == [
        ("2026/000001", dt.date(2026, 12, 31))]
    assert december["total"] == 1
    assert january["rows"] == [] and january["total"] == 0


def test_the_imports_list_says_when_in_local_time(municipio, brasilia):
    """Configurações → Importar cadastro lists each import with its local date and time."""
    ImportRun.create(file_name="cadastro.xlsx", sha256="0" * 64,
                     imported_at=dt.datetime(2026, 6, 10, 17, 5))  # stored: UTC
    assert importing.runs(ADMIN)[0]["imported_at"] == dt.datetime(2026, 6, 10, 14, 5)


def test_set_up_in_the_evening_is_not_a_clock_behind_the_register(municipio):
    """Set up at 22:30 on a computer west of UTC−5 (UTC already the next day): before its
    first daily step the register's day is the day it was set up on that computer's clock,
    not the next one; the program is not held as if the clock were behind the register."""
    with time_zone("America/Phoenix", "<-07>7"):
        MunicipioSettings.update(created_at=dt.datetime(2026, 12, 7, 5, 30)).execute()
        with wallclock.travel(dt.datetime(2026, 12, 6, 22, 31)):
            state = clock_trust.assess()
        wallclock.hold(None)
    assert state["register_day"] == dt.date(2026, 12, 6), state["message"]
    assert state["trusted"] and state["problem"] is None


def test_the_times_shown_as_stored_are_those_not_stamped_in_utc():
    """wallclock.SHOWN_AS_STORED names record fields that exist and that the program does
    not stamp with utcnow (a local time typed at the counter, the waiting list's stamps);
    every other stored time of a record is shown in local time."""
    from mototaxi_desk.store.models import MODELS, utcnow
    import peewee as pw
    fields = {name: field for model in MODELS for name, field in model._meta.fields.items()
              if isinstance(field, pw.DateTimeField)}
    assert wallclock.SHOWN_AS_STORED <= set(fields)
    typed = {"occurred_at", "deposited_at", "released_at"}
    assert all(fields[name].default is not utcnow for name in typed)
    assert wallclock.shown("occurred_at", dt.datetime(2026, 1, 1, 10)) == \
        dt.datetime(2026, 1, 1, 10)

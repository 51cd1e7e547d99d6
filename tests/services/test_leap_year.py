"""The counter on every day of a leap year (issue 34 item 8): on 29/02/2028 registering a
CNH ended in "Erro interno inesperado" (`today.replace(year=today.year + 15)`), and so did
an import row, a vehicle's insurance and `demo` whenever a grant fell on a 29 February.

The program's one clock walks 2028 day by day; on every day the date-dependent checks run
through the services' own cleaning, the import's row check and the domain rules (cheap); on
the days around the leap day and at the year's ends the whole counter path runs — a person
with a CNH, a vehicle with its insurance, a grant with its validity, a renewal, a notice
with its terms — and on 28/02, 29/02 and 01/03 the daily step. The counting asserted is
CC Art. 132 §3º (a term from 29 February ends on 1 March; tests/unit/test_dates.py)."""
import datetime as dt

import pytest
from validate_docbr import CNH

from mototaxi_desk.domain import importing, permit_rules
from mototaxi_desk.domain.errors import ValidationError
from mototaxi_desk.domain.holder_rules import requirement_problems
from mototaxi_desk.services import clock, ledger, setup
from mototaxi_desk.demo import data as demo
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.register import persons, vehicles
from mototaxi_desk.store.models import ClockTick, Permit

from ..conftest import SRM
from ..factories import CLERK, SUPERVISOR
from . import fleet_helpers as fleet
from .ledger_helpers import FISCAL, notice_data

D = dt.date
LEAP_DAY = D(2028, 2, 29)
SAMPLE = (D(2028, 1, 1), D(2028, 2, 28), LEAP_DAY, D(2028, 3, 1), D(2028, 12, 31))
STEPPED = (D(2028, 2, 28), LEAP_DAY, D(2028, 3, 1))  # consecutive days: a sane daily step


def days_of(year: int):
    day = D(year, 1, 1)
    while day.year == year:
        yield day
        day += dt.timedelta(days=1)


def _leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


def years_later(day: dt.date, years: int) -> dt.date:
    """The test's own count of a term (CC Art. 132 §3º), not the program's: from 29/02
    into a common year, 1 March."""
    if (day.month, day.day) == (2, 29) and not _leap(day.year + years):
        return D(day.year + years, 3, 1)
    return D(day.year + years, day.month, day.day)


def years_before(day: dt.date, years: int) -> dt.date:
    """The latest day from which `years` have run by `day`: on 29/02, 28/02 of a common
    year (a term from 01/03 would end on 01/03)."""
    if (day.month, day.day) == (2, 29) and not _leap(day.year - years):
        return D(day.year - years, 2, 28)
    return D(day.year - years, day.month, day.day)


def date_checks(day: dt.date, profile) -> None:
    """Every date bound the counter checks on `day`, at its edges, without the database."""
    far = years_later(day, 15)  # CNH valid at most 15 years ahead
    cnh = {"number": CNH().generate(), "category": "A", "first_licence_date": day,
           "expiry_date": far}
    assert persons.clean_cnh(cnh, day)["expiry_date"] == far
    with pytest.raises(ValidationError, match="fora do intervalo"):
        persons.clean_cnh({**cnh, "expiry_date": far + dt.timedelta(days=1)}, day)
    codes = ["cpf", "birth_date", "cnh_number", "cnh_category", "cnh_first_licence",
             "cnh_expiry"]
    youngest = years_before(day, 16)  # born 16 years ago today at the latest
    row = importing.validate_row("titulares", 2, "titulares", dict(enumerate(codes)),
                                 ["52998224725", youngest.strftime("%d/%m/%Y"), cnh["number"],
                                  "A", day.strftime("%d/%m/%Y"), far.strftime("%d/%m/%Y")], day)
    assert row.ok, row.problems
    end = permit_rules.validity_end(profile, day)
    assert end == years_later(day, 5) - dt.timedelta(days=1)  # SRM Art. 4 §3º
    assert permit_rules.renewal_terms(profile, day, day).new_valid_until == \
        permit_rules.validity_end(profile, day + dt.timedelta(days=1))
    two_years = years_before(day, 2)  # SRM Art. 20 III: CNH for at least 2 years
    assert licence_problems(profile, two_years, day) == []
    assert licence_problems(profile, two_years + dt.timedelta(days=1), day) != []


def licence_problems(profile, first_licence: dt.date, day: dt.date) -> list[str]:
    return requirement_problems(profile, birth_date=D(1990, 1, 1), cnh_category="A",
                                cnh_first_licence=first_licence, cnh_expiry=D(2040, 1, 1),
                                cnh_ear=True, on=day)


def counter_actions(day: dt.date) -> None:
    """A day at the counter, through the services on the one clock (no day passed in)."""
    person = persons.register_person(CLERK, {"cpf": fleet.new_cpf(), "name": "Bissexto Silva",
                                             "birth_date": "01/01/1990"})
    far = years_later(day, 15)
    persons.set_cnh(CLERK, person["id"], {
        "number": CNH().generate(), "category": "A", "first_licence_date": D(2020, 2, 29),
        "expiry_date": far.strftime("%d/%m/%Y"), "ear": True})
    assert persons.cnh(person["id"])["expiry_date"] == far
    vehicle = vehicles.register_vehicle(CLERK, person["id"], fleet.vehicle_data(
        manufacture_year=day.year - 1, model_year=day.year,
        insurance_expiry=years_later(day, 10).strftime("%d/%m/%Y")))
    assert vehicle["insurance_expiry"] == years_later(day, 10)
    granted = permits.grant_permit(SUPERVISOR, holder_id=person["id"],
                                   vehicle_id=vehicle["id"])
    assert granted["issued_on"] == day
    assert granted["valid_until"] == years_later(day, 5) - dt.timedelta(days=1)
    notice = ledger.record_notice(FISCAL, notice_data(
        granted, "36-IX", f"{day:%d/%m/%Y} 09:30", notified_on=f"{day:%d/%m/%Y}",
        notification_channel="in_person"))
    assert notice["defence_deadline"] >= day + dt.timedelta(days=10)  # SRM Art. 35 §1º
    # a permit ending in a month is renewed for 5 more years from the day after its end
    other = fleet.person("Renova Bissexto", first=D(2016, 2, 29), expiry=D(2033, 1, 1))
    car = fleet.vehicle(other, on=day, manufacture_year=day.year - 2, model_year=day.year - 2,
                        insurance_expiry=years_later(day, 1).strftime("%d/%m/%Y"))
    ending = day + dt.timedelta(days=30)
    old = fleet.permit(other, car, issued_on=day - dt.timedelta(days=5 * 365),
                       valid_until=ending)
    renewed = permits.renew_permit(SUPERVISOR, old.id)
    assert renewed["valid_until"] == years_later(ending + dt.timedelta(days=1), 5) - \
        dt.timedelta(days=1)


def daily_step(day: dt.date) -> None:
    """The daily step ends a permit valid until yesterday, dated today."""
    ending = fleet.permit(fleet.bare_person(), None, issued_on=years_before(day, 5),
                          valid_until=day - dt.timedelta(days=1)).id
    step = clock.tick()
    assert step["ran"] and step["day"] == day
    assert {"kind": "expired", "id": ending, "effective_on": day} in [
        {k: c[k] for k in ("kind", "id", "effective_on")} for c in step["changes"]]
    assert Permit.get_by_id(ending).status == "expired"


def test_every_day_of_2028_at_the_counter(make_municipio, clock_at):
    """The date checks on each of the 366 days; the counter on the days around 29 February
    and at the year's ends, the daily step on 28/02, 29/02 and 01/03 (the counter's services
    cost ~0.1 s a day and a step ~25 ms: the whole year would add seconds to the suite for
    no date arithmetic the sample and the pure checks do not reach)."""
    make_municipio(SRM, today=D(2028, 1, 1))
    profile = setup.profile()
    for day in days_of(2028):
        clock_at(day)
        date_checks(day, profile)
        if day in SAMPLE:
            counter_actions(day)
        if day in STEPPED:
            daily_step(day)
    assert [t.day for t in ClockTick.select().order_by(ClockTick.day)] == list(STEPPED)


def test_demo_fills_a_municipio_on_29_february(make_municipio, clock_at):
    """`demo --holders 3000` ended in ValueError whenever a CNH was registered on a 29
    February (a grant day drawn in 2024, or today); afterwards() renews the 6th holder's CNH
    today."""
    make_municipio(SRM, today=D(2028, 1, 1))
    clock_at(LEAP_DAY)
    counts = demo.fill(6, seed=29, today=LEAP_DAY, with_users=False)
    assert counts["holders"] == 6
    assert Permit.select().count() == 6

"""Recadastramento campaigns (issue 21 item 2): created by the authority, followed on a date
(due, came, missed), attendance recorded at the counter, and a miss made an alert where the
profile says so (PF and L1745: "alert", they give no sanction; SRM Art. 38 III d cassates
the holder who does not come to renew the card on the date: "sanction")."""
import datetime as dt

import pytest

from mototaxi_desk.domain.errors import DomainError, ValidationError
from mototaxi_desk.services.views import alerts
from mototaxi_desk.services.messaging import campaigns
from mototaxi_desk.services.licensing import permits
from mototaxi_desk.services.context import PermissionDenied
from mototaxi_desk.store.models import Campaign, CampaignAttendance, Permit, Vehicle

from ..conftest import row_counts
from ..factories import CLERK, SUPERVISOR, make_person, make_vehicle

D = dt.date
START = D(2026, 1, 10)


def _permit(name, plate_digit, on=START):
    person = make_person(name, today=on)
    vehicle = make_vehicle(person["id"], year=on.year - 1, today=on,
                           insured_until=D(2032, 12, 31))
    # the plate's final decides the month: set it as the test needs
    row = Vehicle.get_by_id(vehicle["id"])
    Vehicle.update(plate=row.plate[:-1] + str(plate_digit),
                   plate_original=row.plate_original[:-1] + str(plate_digit)).where(
        Vehicle.id == row.id).execute()
    return permits.grant_permit(SUPERVISOR, holder_id=person["id"], vehicle_id=vehicle["id"],
                                on=on)


def test_campaign_by_plate_final_due_came_missed(srm):
    march = _permit("Ana Chamada Em Março", 2)     # final 2 -> March
    april = _permit("Bruno Chamado Em Abril", 3)   # final 3 -> April
    made = campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026,
                            act_number="Decreto 10/2026")
    assert made["schedule"].startswith("1:2, 2:3, 3:4")
    during = campaigns.status(made["id"], on=D(2026, 3, 15))
    by_permit = {r["permit_id"]: r for r in during["rows"]}
    assert by_permit[march["id"]]["status"] == "due"
    assert by_permit[april["id"]]["status"] == "later"
    assert during["counts"]["due"] == 1

    campaigns.attend(CLERK, made["id"], april["id"], on=D(2026, 3, 20))  # came early
    after = campaigns.status(made["id"], on=D(2026, 5, 2))
    by_permit = {r["permit_id"]: r for r in after["rows"]}
    assert by_permit[march["id"]]["status"] == "missed"
    assert by_permit[march["id"]]["deadline"] == D(2026, 3, 31)
    assert by_permit[april["id"]]["status"] == "came"
    assert [r["permit_id"] for r in campaigns.status(made["id"], on=D(2026, 5, 2),
                                                     only="missed")["rows"]] == [march["id"]]
    assert after["missed_rule"] == {"missed": "sanction", "label": "sanção",
                                    "article": "Art. 38 III d"}


def test_missed_campaign_is_an_alert_where_the_profile_says_so(srm):
    """SRM Art. 38 III d: not coming to renew the cadastro and the card (the licenciamento,
    Art. 6 XX) on the date is a cause of cassation: the profile's [recadastramento] missed =
    "sanction" lists the miss among the alerts with the article."""
    missing = _permit("Carla Faltosa", 2)
    made = campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    assert not [a for a in alerts.due(on=D(2026, 3, 31)) if a["kind"] == "campaign_missed"]
    [item] = [a for a in alerts.due(on=D(2026, 4, 1)) if a["kind"] == "campaign_missed"]
    assert item["permit_id"] == missing["id"] and item["due_date"] == D(2026, 3, 31)
    assert item["urgency"] == "overdue" and "Recadastramento 2026" in item["label"]
    assert item["article"] == "Art. 38 III d" and "cabe sanção (Art. 38 III d)" in item["label"]
    assert [a["kind"] for a in alerts.for_person(item["person_id"], on=D(2026, 4, 1))
            if a["kind"] == "campaign_missed"] == ["campaign_missed"]
    campaigns.attend(CLERK, made["id"], missing["id"], on=D(2026, 4, 1))  # came late
    assert not [a for a in alerts.due(on=D(2026, 4, 2)) if a["kind"] == "campaign_missed"]


def test_a_miss_means_nothing_or_a_sanction_as_the_profile_says(srm):
    """[recadastramento] missed: "nothing" lists no alert; "alert" lists it without an
    article; "sanction" (SRM Art. 38 III d) names its article on the alert."""
    from dataclasses import replace

    from mototaxi_desk.services import setup
    _permit("Davi Sem Consequência", 2)
    campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    real = setup.profile(on=D(2026, 4, 1))
    [shipped] = campaigns.missed_items(D(2026, 4, 1), profile=real)  # SRM: "sanction"
    assert shipped["article"] == "Art. 38 III d"
    alert = replace(real, recadastramento=replace(real.recadastramento, missed="alert",
                                                  article=""))
    assert "cabe sanção" not in campaigns.missed_items(D(2026, 4, 1), profile=alert)[0]["detail"]
    nothing = replace(real, recadastramento=replace(real.recadastramento, missed="nothing"))
    assert campaigns.missed_items(D(2026, 4, 1), profile=nothing) == []
    sanction = replace(real, recadastramento=replace(real.recadastramento, missed="sanction",
                                                     article="Art. 99"))
    [item] = campaigns.missed_items(D(2026, 4, 1), profile=sanction)
    assert item["article"] == "Art. 99" and "cabe sanção (Art. 99)" in item["detail"]


def test_permit_number_ranges(srm):
    first = _permit("Elisa Primeira", 5)
    second = _permit("Fábio Segundo", 5)
    lo = min(first["order_number"], second["order_number"])
    hi = max(first["order_number"], second["order_number"])
    made = campaigns.create(SUPERVISOR, name="Por alvará", year=2026, kind="permit_range",
                            schedule=f"1-{lo}:6, {lo + 1}-{hi + 10}:7")
    rows = {r["order_number"]: r for r in campaigns.status(made["id"], on=D(2026, 6, 5))["rows"]}
    assert rows[lo]["month"] == 6 and rows[lo]["status"] == "due"
    assert rows[hi]["month"] == 7 and rows[hi]["status"] == "later"


@pytest.mark.parametrize("kwargs,field", [
    (dict(name="", year=2026), "Nome da campanha"),
    (dict(name="X", year="dois mil"), "Ano da campanha"),
    (dict(name="X", year=1990), "Ano da campanha"),
    (dict(name="X", year=2026, kind="cpf"), "Critério do calendário"),
    (dict(name="X", year=2026, schedule="1:2"), "Calendário"),
    (dict(name="X", year=2026, kind="permit_range", schedule="1-10:3, 5-20:4"), "Calendário"),
])
def test_bad_campaign_names_the_field_and_writes_nothing(srm, kwargs, field):
    before = row_counts()
    with pytest.raises(ValidationError) as exc:
        campaigns.create(SUPERVISOR, **kwargs)
    assert exc.value.field == field
    assert row_counts() == before


def test_duplicate_campaign_and_roles(srm):
    campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    before = row_counts()
    with pytest.raises(ValidationError, match="já existe"):
        campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    with pytest.raises(PermissionDenied):
        campaigns.create(CLERK, name="Outra", year=2026)
    counts = row_counts()
    counts.pop("AuditLog"), before.pop("AuditLog")  # a refusal is audited, nothing else
    assert counts == before
    assert Campaign.select().count() == 1


def test_bad_attendance_writes_nothing(srm):
    permit = _permit("Gabriela Atendida", 2)
    made = campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    campaigns.attend(CLERK, made["id"], permit["id"], on=D(2026, 3, 2), note="dados conferidos")
    before = row_counts()
    with pytest.raises(DomainError, match="já foi registrado em 02/03/2026"):
        campaigns.attend(CLERK, made["id"], permit["id"], on=D(2026, 3, 3))
    with pytest.raises(ValidationError, match="Data do comparecimento"):
        campaigns.attend(CLERK, made["id"], permit["id"], on=D(2027, 1, 3))
    with pytest.raises(ValidationError, match="Data do comparecimento.*fora do intervalo"):
        campaigns.attend(CLERK, made["id"], permit["id"],
                         on=dt.date.today() + dt.timedelta(days=1))
    with pytest.raises(ValidationError, match="Data do comparecimento"):
        campaigns.attend(CLERK, made["id"], permit["id"], on="31/02/2026")
    with pytest.raises(ValidationError, match="Campanha"):
        campaigns.attend(CLERK, 999, permit["id"], on=D(2026, 3, 3))
    with pytest.raises(ValidationError, match="Permissão"):
        campaigns.attend(CLERK, made["id"], 999, on=D(2026, 3, 3))
    assert row_counts() == before
    assert CampaignAttendance.select().count() == 1


def test_person_edit_path_offers_the_open_campaigns_and_the_painel_line(srm):
    permit = _permit("Hugo Em Dia", 2)
    made = campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    [open_] = campaigns.open_for_person(Permit.get_by_id(permit["id"]).holder_id, on=D(2026, 3, 10))
    assert open_["campaign_id"] == made["id"] and open_["status"] == "due"
    line = campaigns.painel(D(2026, 3, 10))
    assert (line["due"], line["missed"], line["came"]) == (1, 0, 0)
    campaigns.attend(CLERK, made["id"], permit["id"], on=D(2026, 3, 10))
    assert campaigns.open_for_person(Permit.get_by_id(permit["id"]).holder_id, on=D(2026, 3, 10)) == []
    assert campaigns.painel(D(2026, 3, 10))["came"] == 1
    assert campaigns.painel(D(2025, 3, 10)) is None


def test_the_person_edit_path_records_the_attendance_in_the_same_action(srm):
    from mototaxi_desk.services.register import persons
    permit = _permit("Irene Atualizada", 2)
    holder = Permit.get_by_id(permit["id"]).holder_id
    made = campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    before = row_counts()
    with pytest.raises(ValidationError):  # a bad edit: neither the data nor the attendance
        persons.update_person(CLERK, holder, {"email": "sem-arroba"}, today=D(2026, 3, 5),
                              recadastramento=True)
    assert row_counts() == before
    persons.update_person(CLERK, holder, {"phone": "(99) 98888-7777"}, today=D(2026, 3, 5),
                          recadastramento=True)
    [came] = CampaignAttendance.select()
    assert (came.campaign_id, came.permit_id, came.came_on) == (made["id"], permit["id"],
                                                                 D(2026, 3, 5))
    # nothing open any more: a second edit marks nothing
    persons.update_person(CLERK, holder, {"phone": "(99) 98888-7776"}, today=D(2026, 3, 6),
                          recadastramento=True)
    assert CampaignAttendance.select().count() == 1


def test_the_lgpd_export_holds_the_attendances(srm):
    """LGPD Art. 18: the person's export holds their recadastramento attendances too."""
    from mototaxi_desk.services.administration import privacy
    permit = _permit("Júlia Exportada", 2)
    made = campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    campaigns.attend(CLERK, made["id"], permit["id"], on=D(2026, 3, 2))
    data = privacy.collect(Permit.get_by_id(permit["id"]).holder)
    [came] = data["recadastramento"]
    assert came["came_on"] == D(2026, 3, 2) or str(came["came_on"]) == "2026-03-02"
    assert any(e["action"] == "campaign.attend" for e in data["audit"])


def test_the_painels_table_brought_forward_gets_the_misses_and_drops_old_years(srm,
                                                                             monkeypatch):
    """The due-dates table (services/views/due_dates.py) brought forward day by day: a call missed
    appears the day after its month's end, and a campaign leaves the alerts with its
    ALERT_YEARS; both change holders with nothing due on the days between, so those days
    compute the whole register (campaigns.missed_change)."""
    from mototaxi_desk.services.views import due_dates

    from ..due_check import assert_due_table_current
    missing = _permit("Gil Faltoso", 2)  # final 2: called in March
    campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    assert not campaigns.missed_change(D(2026, 3, 30), D(2026, 3, 31))
    assert campaigns.missed_change(D(2026, 3, 31), D(2026, 4, 1))
    assert campaigns.missed_change(D(2027, 12, 31), D(2028, 1, 1))
    assert due_dates.rebuild(D(2026, 3, 30))
    whole, computed_whole = due_dates._sorted_values, []
    monkeypatch.setattr(due_dates, "_sorted_values",
                        lambda on, window: computed_whole.append(on) or whole(on, window))
    days = (D(2026, 3, 31), D(2026, 4, 1), D(2026, 4, 2), D(2027, 12, 31), D(2028, 1, 1))
    for day in days:
        assert due_dates.rebuild(day)
        assert_due_table_current(day, where=str(day))
        missed = [a for a in due_dates.stored(day, 30) if a["kind"] == "campaign_missed"]
        assert [a["permit_id"] for a in missed] == (
            [missing["id"]] if D(2026, 4, 1) <= day <= D(2027, 12, 31) else []), day
    # brought forward where no month ended; the whole register where one did, or where
    # the table's horizon ran out (2027-12-31: AHEAD days after 2026-04-01)
    assert computed_whole == [D(2026, 4, 1), D(2027, 12, 31), D(2028, 1, 1)]


def test_an_attendance_dated_after_the_tables_day_is_seen_when_it_is_brought_forward(srm):
    """A counter whose table is still of the day before (left open overnight) records a
    late-comer today: the miss stays listed for the table's day, and goes when the table is
    brought to today (campaigns.came_between), though nothing of theirs is due in between."""
    from mototaxi_desk.services.views import due_dates

    from ..due_check import assert_due_table_current
    late = _permit("Helena Atrasada", 2)  # final 2: called in March
    campaigns.create(SUPERVISOR, name="Recadastramento 2026", year=2026)
    assert due_dates.rebuild(D(2026, 4, 5))
    assert campaigns.came_between(D(2026, 4, 5), D(2026, 4, 6)) == set()
    campaigns.attend(CLERK, campaigns.list_campaigns()[0]["id"], late["id"], on=D(2026, 4, 6))
    assert_due_table_current(D(2026, 4, 5), where="the day before's, kept current")
    assert [a["kind"] for a in due_dates.stored(D(2026, 4, 5), 30)].count("campaign_missed") == 1
    holder = Permit.get_by_id(late["id"]).holder_id
    assert campaigns.came_between(D(2026, 4, 5), D(2026, 4, 6)) == {holder}
    assert due_dates.rebuild(D(2026, 4, 6))
    assert_due_table_current(D(2026, 4, 6), where="brought forward")
    assert "campaign_missed" not in [a["kind"] for a in due_dates.stored(D(2026, 4, 6), 30)]

"""Recadastramento campaigns (issue 21 item 2): the município calls its holders to update
their data by a schedule (domain/campaigns.py); this module creates campaigns, lists who is
due, who came and who missed on a date, and records who came. What a miss means is the
profile's rule ([recadastramento] missed: nothing, an alert, or a sanction with its article):
the alerts (services/views/alerts.py) list the missed ones unless it is "nothing".

Every action is one transaction, audited; bad input names its field and writes nothing.
"""
from __future__ import annotations

import datetime as dt

import peewee as pw

from ...domain import campaigns as C
from ...domain import validators
from ...domain.errors import DomainError, ValidationError
from ...store.connection import write_transaction
from ...store.models import Campaign, CampaignAttendance, Permit, Person, Vehicle
from .. import audit, permissions, setup
from ..views import lookup
from ..context import Actor
from ...domain import wallclock

MISSED_LABELS = {"nothing": "sem consequência", "alert": "alerta no Painel e no prontuário",
                 "sanction": "sanção"}
# the campaigns whose misses the alerts list: this year's and last year's
ALERT_YEARS = 2


def schedule_of(row: Campaign) -> C.Schedule:
    return C.parse_schedule(row.kind, row.schedule)


def as_dict(row: Campaign) -> dict:
    schedule = schedule_of(row)
    return {"id": row.id, "name": row.name, "year": row.year, "kind": row.kind,
            "kind_label": C.KIND_LABELS[row.kind], "schedule": schedule.text(),
            "schedule_lines": schedule.lines(), "act_number": row.act_number}


def missed_rule(on: dt.date | None = None) -> dict:
    """What missing a campaign means under the profile in force on `on` (today)."""
    rule = (setup.profile(on) if on else setup.profile_today()).recadastramento
    return {"missed": rule.missed, "label": MISSED_LABELS[rule.missed],
            "article": rule.article}


def get(campaign_id) -> Campaign:
    try:
        row = Campaign.get_or_none(Campaign.id == int(campaign_id))
    except (TypeError, ValueError):
        row = None
    if row is None:
        raise ValidationError("Campanha", f"campanha {campaign_id} não existe.")
    return row


def create(actor: Actor, *, name: str, year, kind: str = "plate_digit", schedule: str = "",
           act_number: str = "") -> dict:
    """Create a campaign (admin or supervisor): name, year, and its schedule — by plate
    final ("1:2, 2:3, …, 0:11"; empty = final 1 in February … 0 in November) or by
    permit-number ranges ("1-50:3, 51-100:4")."""
    permissions.require(actor, "campaign.create")
    year = validators.year(year, "Ano da campanha", earliest=2000, latest=2100)
    name = C.check_name_year(name, year)
    parsed = C.parse_schedule(kind, schedule)
    act_number = validators.text(act_number, "Nº do ato", max_length=60, required=False)
    with write_transaction():
        if Campaign.select().where((Campaign.name == name) & (Campaign.year == year)).exists():
            raise ValidationError("Nome da campanha",
                                  f"já existe a campanha '{name}' de {year}.")
        row = Campaign.create(name=name, year=year, kind=kind, schedule=parsed.text(),
                              act_number=act_number, created_by=actor.user_id)
        audit.record(actor, "campaign.create", "campaign", row.id, after=audit.snapshot(row))
    return as_dict(row)


def list_campaigns() -> list[dict]:
    return [as_dict(r) for r in Campaign.select().order_by(Campaign.year.desc(),
                                                            Campaign.name)]


def _as_date(value) -> dt.date | None:
    if value is None or isinstance(value, dt.date):
        return value
    return dt.date.fromisoformat(str(value)[:10])


def _holders(permit_ids=None, persons=None) -> list[tuple]:
    """(permit id, order number, holder id, holder name, plate as registered) of the permits
    that have not ended — the ones a campaign calls — in one query; of some holders'
    (`persons`: ids) where given."""
    only = Permit.status.not_in(Permit.ENDED)
    if persons is not None:
        only &= Permit.holder.in_(list(persons))
    if permit_ids is not None:
        only &= Permit.id.in_(list(permit_ids) or [0])
    return list(Permit.select(Permit.id, Permit.order_number, Person.id, Person.name,
                              Vehicle.plate_original)
                .join(Person, on=(Permit.holder == Person.id))
                .switch(Permit).join(Vehicle, pw.JOIN.LEFT_OUTER,
                                     on=(Permit.vehicle == Vehicle.id))
                .where(only).order_by(Permit.order_number).tuples())


def _rows(row: Campaign, holders: list[tuple], came: dict[int, dt.date], on: dt.date):
    schedule = schedule_of(row)
    profile = setup.profile(on)  # the day the status is asked for
    from ...domain import permit_rules
    for permit_id, order, holder_id, name, plate in holders:
        month = schedule.month_for(plate=plate or "", permit_number=order)
        status = C.status_on(row.year, month, came.get(permit_id), on)
        yield {"permit_id": permit_id, "order_number": order,
               "order_text": permit_rules.format_order_number(profile, order),
               "person_id": holder_id, "person_name": name, "plate": plate or "",
               "month": month, "month_label": C.MONTHS_PT[month - 1] if month else "",
               "status": status, "status_label": C.STATUS_LABELS[status],
               "came_on": came.get(permit_id),
               "deadline": C.month_end(row.year, month) if month else None}


def status(campaign_id, *, on: dt.date | None = None, only: str | None = None) -> dict:
    """Where every holder stands in the campaign on `on` (today): rows (by permit number)
    and counts per status; `only` keeps one status (due, came, missed, later,
    unscheduled)."""
    on = on or wallclock.today()
    if only is not None and only not in C.STATUS_LABELS:
        raise ValidationError("Situação", f"'{only}' inválida; use "
                              f"{', '.join(C.STATUS_LABELS)}.")
    row = get(campaign_id)
    came = {p: _as_date(d) for p, d in CampaignAttendance.select(
        CampaignAttendance.permit, CampaignAttendance.came_on)
        .where(CampaignAttendance.campaign == row.id).tuples()}
    rows = list(_rows(row, _holders(), came, on))
    counts = {key: 0 for key in C.STATUS_LABELS}
    for item in rows:
        counts[item["status"]] += 1
    if only:
        rows = [r for r in rows if r["status"] == only]
    return {"campaign": as_dict(row), "on": on, "counts": counts, "rows": rows,
            "missed_rule": missed_rule(on)}


def attend(actor: Actor, campaign_id, permit_id, *, on: dt.date | None = None,
           note: str = "") -> dict:
    """Record that the holder of a permit came to the campaign and had the data confirmed
    (atendente, supervisor, admin) on `on` (today), within the campaign's year."""
    permissions.require(actor, "campaign.attend")
    on = validators.parse_date(on or wallclock.today(), "Data do comparecimento",
                               latest=wallclock.today())  # not come yet: nothing to record
    note = validators.text(note, "Observação", max_length=200, required=False)
    with write_transaction():
        row = get(campaign_id)
        if on.year != row.year:
            raise ValidationError("Data do comparecimento",
                                  f"{on:%d/%m/%Y} fora do ano da campanha ({row.year}).")
        permit = lookup.get_permit(permit_id)
        if permit.status in Permit.ENDED:
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} está encerrada; "
                              "não é chamada pela campanha.")
        before = CampaignAttendance.get_or_none((CampaignAttendance.campaign == row.id) &
                                                (CampaignAttendance.permit == permit.id))
        if before is not None:
            raise DomainError(f"O comparecimento da permissão nº "
                              f"{lookup.permit_number(permit)} já foi registrado em "
                              f"{_as_date(before.came_on):%d/%m/%Y}.")
        came = CampaignAttendance.create(campaign=row.id, permit=permit.id, came_on=on,
                                         note=note, recorded_by=actor.user_id)
        audit.record(actor, "campaign.attend", "campaign_attendance", came.id,
                     after=audit.snapshot(came))
    return {"id": came.id, "campaign_id": row.id, "permit_id": permit.id, "came_on": on,
            "note": note}


def open_for_person(person_id, *, on: dt.date | None = None) -> list[dict]:
    """The campaigns of `on`'s year that call this person's permits and have no attendance
    yet (due or missed): what the person-edit path offers to mark as confirmed."""
    on = on or wallclock.today()
    holders = _holders(persons=[int(person_id)])
    if not holders:
        return []
    out = []
    for row in Campaign.select().where(Campaign.year == on.year).order_by(Campaign.id):
        came = {p: _as_date(d) for p, d in CampaignAttendance.select(
            CampaignAttendance.permit, CampaignAttendance.came_on)
            .where((CampaignAttendance.campaign == row.id) &
                   CampaignAttendance.permit.in_([h[0] for h in holders])).tuples()}
        for item in _rows(row, holders, came, on):
            if item["status"] in (C.DUE, C.MISSED):
                out.append({**item, "campaign_id": row.id, "campaign_name": row.name})
    return out


def mark_person(actor: Actor, person_id, *, on: dt.date) -> list[dict]:
    """Inside the caller's transaction (the person-edit path, persons.update_person with
    recadastramento=True): record that the person came to every campaign of `on`'s year
    that calls one of their permits and has no attendance yet. The calls marked."""
    permissions.require(actor, "campaign.attend")
    marked = []
    for item in open_for_person(person_id, on=on):
        came = CampaignAttendance.create(campaign=item["campaign_id"],
                                         permit=item["permit_id"], came_on=on,
                                         note="dados confirmados na edição do cadastro",
                                         recorded_by=actor.user_id)
        audit.record(actor, "campaign.attend", "campaign_attendance", came.id,
                     after=audit.snapshot(came))
        marked.append(item)
    return marked


def missed_items(on: dt.date, persons=None, profile=None) -> list[dict]:
    """The missed calls of this year's and last year's campaigns, for the alerts — none
    where the profile says a miss means "nothing"; of some holders' (`persons`: ids) where
    given. Three queries whatever the size."""
    profile = profile or setup.profile(on=on)
    rule = profile.recadastramento
    if rule.missed == "nothing":
        return []
    rows = list(Campaign.select().where(Campaign.year.between(on.year - ALERT_YEARS + 1,
                                                              on.year)))
    if not rows:
        return []
    holders = _holders(persons=persons)
    came_by: dict[int, dict[int, dt.date]] = {r.id: {} for r in rows}
    only = CampaignAttendance.campaign.in_([r.id for r in rows])
    if persons is not None:
        only &= CampaignAttendance.permit.in_([h[0] for h in holders] or [0])
    for campaign_id, permit_id, came_on in CampaignAttendance.select(
            CampaignAttendance.campaign, CampaignAttendance.permit,
            CampaignAttendance.came_on).where(only).tuples():
        came_by[campaign_id][permit_id] = _as_date(came_on)
    items = []
    for row in rows:
        for item in _rows(row, holders, came_by[row.id], on):
            if item["status"] != C.MISSED:
                continue
            detail = row.name + (f"; cabe sanção ({rule.article})"
                                 if rule.missed == "sanction" else "")
            items.append({"due": item["deadline"], "article": rule.article,
                          "entity": "campaign", "entity_id": row.id,
                          "person_id": item["person_id"], "person_name": item["person_name"],
                          "order_number": item["order_number"], "plate": item["plate"],
                          "permit_id": item["permit_id"], "detail": detail})
    return items


def missed_change(since: dt.date, on: dt.date) -> bool:
    """Whether missed_items() of a day after `since` up to `on` may differ from its items of
    `since` for a holder who came to nothing meanwhile: a campaign it reads exists and a
    month ends on a day in [since, on) (a miss begins the day after the month's last day:
    domain/campaigns.status_on; any month, as a schedule may call in every one) or a new
    year begins (the campaigns it reads are of the last ALERT_YEARS years)."""
    month_ends = (C.month_end(day.year, month) for day in (since, on) for month in range(1, 13))
    if since.year == on.year and not any(since <= end < on for end in month_ends):
        return False
    return Campaign.select().where(Campaign.year.between(since.year - ALERT_YEARS + 1,
                                                         on.year)).exists()


def came_between(since: dt.date, on: dt.date) -> set[int]:
    """The holders of the permits whose attendance is dated after `since` up to `on`: a miss
    listed for them on `since` is gone on `on` (domain/campaigns.status_on)."""
    return {holder for (holder,) in CampaignAttendance.select(Permit.holder).join(Permit)
            .where((CampaignAttendance.came_on > since) & (CampaignAttendance.came_on <= on))
            .tuples()}


def painel(on: dt.date | None = None) -> dict | None:
    """The Painel's "Recadastramento" line: the campaigns of `on`'s year, with how many are
    due this month and how many missed; None when there is none."""
    on = on or wallclock.today()
    rows = list(Campaign.select().where(Campaign.year == on.year).order_by(Campaign.id))
    if not rows:
        return None
    holders = _holders()
    due = missed = came = 0
    for row in rows:
        attended = {p: _as_date(d) for p, d in CampaignAttendance.select(
            CampaignAttendance.permit, CampaignAttendance.came_on)
            .where(CampaignAttendance.campaign == row.id).tuples()}
        for item in _rows(row, holders, attended, on):
            due += item["status"] == C.DUE
            missed += item["status"] == C.MISSED
            came += item["status"] == C.CAME
    return {"campaigns": len(rows), "due": due, "missed": missed, "came": came,
            "text": f"{due} chamado(s) neste mês, {missed} faltoso(s), {came} compareceram"}


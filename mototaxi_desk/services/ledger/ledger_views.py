"""The penalty ledger as the screens and the command line read it: a notice with its
stage, deadlines and charges, the list of notices, a holder's ledger, the open terms."""
from __future__ import annotations

import collections
import datetime as dt
import json
from decimal import Decimal

import peewee as pw

from ...domain import penalty_engine as engine
from ...domain import permit_rules
from ...domain import validators
from ...domain.errors import ValidationError
from ...domain.money import format_money, units_text, units_to_cents
from ...store.models import (InfractionNotice, NoticeProceeding, PenaltyCharge, Permit, Person,
                             Sanction)
from . import impounds
from .. import setup
from ..payments.charges import charge_dict, open_charges
from ..administration.holidays import business_calendar
from .notice_records import day_or_today, get_notice, notice_facts, notices_of, number_text
from .notice_terms import (STAGE_LABELS, deadline_notes, deadlines, proceeding_dict,
                           proceedings_of, stage)
from .sanctions import proposals, sanction_dict
from ...domain import wallclock
from ...domain.notice_stage import Proceeding


def notice_dict(notice: InfractionNotice, *, on: dt.date | None = None, score=None,
                calendar=None, proceedings=None, charges=None, at=None,
                profile=None) -> dict:
    """A notice as the screens show it. For a list, the caller reads once what every notice
    needs (ledger): its proceedings and charges, the profile versions (`at`), today's
    profile and the business calendar."""
    today = day_or_today(on)
    proceedings = proceedings_of(notice.id) if proceedings is None else proceedings
    profile = profile or setup.profile(today)
    charges = [charge_dict(c, profile.fiscal_unit) for c in (
        notice.charges.order_by(PenaltyCharge.id) if charges is None else charges)]
    terms = deadlines(notice, proceedings, calendar, at)
    notes = deadline_notes(notice, proceedings, calendar, at)
    current = stage(notice, today, proceedings, calendar, at, terms=terms)
    return _notice_fields(notice, profile, current, terms, notes, score) | {
        "holder_name": notice.holder.name,
        "permit_order_number": notice.permit.order_number if notice.permit_id else None,
        "permit_order_text": permit_rules.format_order_number(
            profile, notice.permit.order_number) if notice.permit_id else "",
        "infractor_name": notice.infractor.name,
        "charges": charges, "proceedings": [proceeding_dict(p) for p in proceedings]}


def _notice_fields(notice, profile, current: str, terms: dict, notes: dict, score) -> dict:
    """The fields of notice_dict read from the notice's own columns (a model instance or a
    light row of list_notices), with its stage and terms worked out by the caller."""
    points = score.points if score else (0 if notice.status == "voided" else notice.points)
    return {
        "id": notice.id, "number": number_text(notice), "year": notice.year,
        "holder_id": notice.holder_id, "permit_id": notice.permit_id,
        "plate": notice.plate, "infractor_id": notice.infractor_id,
        "infractor_role": notice.infractor_role,
        "auxiliary_id": notice.auxiliary_id, "infraction_code": notice.infraction_code,
        "article": notice.infraction_article, "text": notice.infraction_text,
        "class_code": notice.class_code, "measure": notice.measure, "place": notice.place,
        "occurred_at": notice.occurred_at, "description": notice.description,
        "agent_name": notice.agent_name, "agent_registration": notice.agent_registration,
        "infractor_signed": notice.infractor_signed, "notified_on": notice.notified_on,
        "notification_channel": notice.notification_channel,
        "points": points, "points_doubled": bool(score.doubled_by) if score else
        notice.points_doubled, "warning": notice.warning, "recidivism": notice.recidivism,
        "fine_units": units_text(notice.fine_units), "fine_cents": notice.fine_cents,
        "fine_text": format_money(notice.fine_cents) if notice.fine_cents else "sem multa",
        "status": notice.status, "stage": current, "stage_label": STAGE_LABELS[current],
        "defence_deadline": terms["defence"], "appeal_deadline": terms["appeal"],
        "defence_deadline_note": notes["defence"], "appeal_deadline_note": notes["appeal"],
        "void_kind": notice.void_kind, "void_reason": notice.void_reason,
        "voided_on": notice.voided_on, "reissue_of": notice.reissue_of_id,
        "explanation": json.loads(notice.explanation or "{}"),
    }


def notice(notice_id, *, on: dt.date | None = None) -> dict:
    """One notice as plain data (notice_dict): the screens' getter."""
    return notice_dict(get_notice(notice_id), on=on)


def list_notices(*, on: dt.date | None = None, limit: int = 1000,
                 before: tuple[int, int] | None = None) -> list[dict]:
    """The notices, newest first (the Infrações page): each as notice_dict, stage and
    deadlines included. A fixed number of queries whatever `limit`: the notices with their
    holder, permit and infractor in one, their proceedings and charges in one each (the
    same newest `limit` notices as a subquery), the profile versions and the calendar once.
    Rows are read straight from the cursor (light named tuples, not model instances): the
    list costs what it shows (issue 23). `before`: (year, number) of the last notice of the
    previous page — the next page starts after it (keyset paging through the index on
    year and number, whatever the page's depth)."""
    calendar = business_calendar()
    at = setup.profiles_by_date()
    profile = at(wallclock.today())
    holder, infractor = Person.alias(), Person.alias()
    n = InfractionNotice

    def after(query):
        if before is None:
            return query
        year, number = (int(v) for v in before)
        # a row-value comparison: both backends read it as a range of the (year, number)
        # index, however deep the page
        return query.where(pw.Tuple(n.year, n.number) < pw.Tuple(year, number))

    newest = after(n.select(n.id)).order_by(n.year.desc(), n.number.desc()).limit(limit)
    # of the joined rows only what the list shows (a person row is wide)
    columns = [(getattr(n, name), alias) for name, alias in _NOTICE_COLUMNS] + [
        (holder.name, "holder_name"), (Permit.order_number, "permit_order_number"),
        (infractor.name, "infractor_name")]
    rows = _light(after(n.select(*[field for field, _ in columns])
                  .join(holder, on=(n.holder == holder.id))
                  .switch(n)
                  .join(Permit, pw.JOIN.LEFT_OUTER, on=(n.permit == Permit.id))
                  .switch(n)
                  .join(infractor, on=(n.infractor == infractor.id)))
                  .order_by(n.year.desc(), n.number.desc())
                  .limit(limit), columns)
    proceedings = _light_by_notice(NoticeProceeding, _PROCEEDING_COLUMNS, newest)
    charges = _light_by_notice(PenaltyCharge, _CHARGE_COLUMNS, newest)
    today = day_or_today(on)
    unit = profile.fiscal_unit
    out = []
    for row in rows:
        own = proceedings.get(row.id, [])
        terms = deadlines(row, own, calendar, at)
        current = stage(row, today, own, calendar, at, terms=terms)
        notes = deadline_notes(row, own, calendar, at)
        out.append(_notice_fields(row, profile, current, terms, notes, score=None) | {
            "holder_name": row.holder_name, "infractor_name": row.infractor_name,
            "permit_order_number": row.permit_order_number,
            "permit_order_text": permit_rules.format_order_number(
                profile, row.permit_order_number) if row.permit_id else "",
            "charges": [charge_dict(c, unit) for c in charges.get(row.id, [])],
            "proceedings": [proceeding_dict(p) for p in own]})
    return out


# (model attribute, name in the light row): the notice columns notice_dict shows and the
# terms read (the foreign keys as their ids, as the model's `holder_id` reads them)
_NOTICE_COLUMNS = tuple((name, name) for name in (
    "id", "year", "number", "plate", "infractor_role", "infraction_code",
    "infraction_article", "infraction_text", "class_code", "measure", "place",
    "occurred_at", "description", "agent_name", "agent_registration", "infractor_signed",
    "notified_on", "notification_channel", "points", "points_doubled", "warning",
    "recidivism", "fine_units", "fine_cents", "status", "void_kind", "void_reason",
    "voided_on", "explanation")) + tuple((name, f"{name}_id") for name in (
    "holder", "permit", "infractor", "auxiliary", "reissue_of"))
_PROCEEDING_COLUMNS = tuple((name, name) for name in (
    "id", "stage", "event", "filed_on", "text", "attachments", "decision", "decided_on",
    "decision_reason")) + (("notice", "notice_id"), ("decided_by", "decided_by_id"))
_CHARGE_COLUMNS = tuple((name, name) for name in (
    "id", "kind", "label", "article", "units", "amount_cents", "year", "status", "paid_on",
    "receipt")) + tuple((name, f"{name}_id") for name in (
    "notice", "person", "permit", "impound"))


def _light_by_notice(model, columns, notices) -> dict[int, list]:
    """notice id -> its rows of `model` (proceedings, charges) by id, as named tuples with
    the attributes notice_terms and the dict makers read: one query for the notices of the
    subquery `notices`, whatever their number."""
    found: dict[int, list] = {}
    fields = [(getattr(model, name), alias) for name, alias in columns]
    query = (model.select(*[field for field, _ in fields])
             .where(model.notice.in_(notices)).order_by(model.id))
    for row in _light(query, fields):
        found.setdefault(row.notice_id, []).append(row)
    return found


# the column types whose database value is not already the Python value (SQLite keeps dates
# as text and booleans as 0/1; PostgreSQL's decimals and dates come converted, which the
# fields' python_value leave as they are)
_CONVERTED = (pw.DateField, pw.DateTimeField, pw.DecimalField, pw.BooleanField)
_ROW_TYPES: dict[tuple, type] = {}


def _converter(field):
    """The field's python_value, with SQLite's ISO date text read by the C parser first
    (peewee tries its formats through strptime: most of the time of a long list)."""
    python_value = field.python_value
    kind = dt.datetime if isinstance(field, pw.DateTimeField) else \
        dt.date if isinstance(field, pw.DateField) else None
    if kind is None:
        return python_value

    def convert(value):
        if isinstance(value, str):
            try:
                return kind.fromisoformat(value)
            except ValueError:  # another format peewee knows
                pass
        return python_value(value)
    return convert


def _light(query, columns) -> list:
    """The rows of `query` straight from the cursor as named tuples (names: the second of
    each `columns` pair, in the select's order), converting only the columns that need it:
    a list of a thousand rows without building a model instance per row."""
    names = tuple(name for _, name in columns)
    kind = _ROW_TYPES.get(names)
    if kind is None:
        kind = _ROW_TYPES[names] = collections.namedtuple("Row", names)
    convert = [(i, _converter(field)) for i, (field, _) in enumerate(columns)
               if isinstance(field, _CONVERTED)]
    out = []
    for raw in query.model._meta.database.execute(query):
        row = list(raw)
        for i, python_value in convert:
            if row[i] is not None:
                row[i] = python_value(row[i])
        out.append(kind._make(row))
    return out


def _by_notice(model, ids: list[int]) -> dict[int, list]:
    """notice id -> its rows of `model` (proceedings, charges) by id, read in one query per
    900 notices (SQLite's limit on parameters, with room to spare)."""
    found: dict[int, list] = {i: [] for i in ids}
    for start in range(0, len(ids), 900):
        for row in (model.select().where(model.notice.in_(ids[start:start + 900]))
                    .order_by(model.id)):
            found[row.notice_id].append(row)
    return found


def _resolve(query) -> tuple[Person, list[Permit]]:
    """A CPF, a permit order number (as printed) or a Permit id prefixed with '#'."""
    text = str(query or "").strip()
    digits = "".join(c for c in text if c.isdigit())
    if len(digits) == 11:
        person = Person.get_or_none(Person.cpf == validators.cpf(text))
        if person is None:
            raise ValidationError("CPF", f"{text} não está cadastrado.")
        permits = list(Permit.select().where(Permit.holder == person.id)
                       .order_by(Permit.order_number))
        return person, permits
    if digits and len(digits) <= 9 and digits == text.lstrip("#").strip():
        permit = Permit.get_or_none(Permit.order_number == int(digits))
        if permit is None:
            raise ValidationError("Permissão", f"permissão de ordem nº {text} não existe.")
        return permit.holder, [permit]
    raise ValidationError("Consulta", "informe um CPF (11 dígitos) ou o nº de ordem da "
                          "permissão.")


def ledger(query=None, *, person_id=None, on: dt.date | None = None) -> dict:
    """A holder's ledger for the GUI and `mototaxi-desk ledger`: notices with status,
    points in each rolling window, open amounts, deadlines and proposed sanctions."""
    today = day_or_today(on)
    profile = setup.profile(today)
    if person_id is not None:
        person = Person.get_or_none(Person.id == person_id)
        if person is None:
            raise ValidationError("Pessoa", f"pessoa nº {person_id} não existe.")
        permits = list(Permit.select().where(Permit.holder == person.id))
    else:
        person, permits = _resolve(query)
    only = {p.id for p in permits} if query is not None and person_id is None and \
        len(permits) == 1 and permits[0].holder_id == person.id else None
    notices = [n for n in notices_of(holder_id=person.id)
               if only is None or n.permit_id in only]
    at = setup.profiles_by_date()
    facts = [notice_facts(n, at) for n in notices]
    result = engine.assess(profile, facts)
    calendar = business_calendar()
    ids = [n.id for n in notices]
    proceedings, charges = _by_notice(NoticeProceeding, ids), _by_notice(PenaltyCharge, ids)
    rows = [notice_dict(n, on=today, score=result.scores.get(n.id), calendar=calendar,
                        proceedings=proceedings[n.id], charges=charges[n.id], at=at,
                        profile=profile) for n in notices]
    open_list = open_charges(person.id)
    permit_rows = []
    for permit in permits:
        own = [f for f in facts if f.register == (person.id, permit.id)]
        permit_rows.append({
            "id": permit.id, "order_number": permit.order_number, "status": permit.status,
            "order_text": permit_rules.format_order_number(profile, permit.order_number),
            "points_windows": engine.points_by_window(profile, own, today),
            "infractions_counted": sum(1 for f in own if not f.voided),
            "proposals": proposals(permit.id, on=today),
            "sanctions": [sanction_dict(s) for s in Sanction.select().where(
                Sanction.permit == permit.id).order_by(Sanction.id)]})
    return {"person": {"id": person.id, "name": person.name,
                       "cpf": validators.format_cpf(person.cpf)},
            "on": today, "profile_id": profile.id, "fiscal_unit": profile.fiscal_unit,
            "notices": rows, "permits": permit_rows,
            "open_charges": open_list,
            "open_total_cents": sum(c["amount_cents"] for c in open_list),
            "open_total_text": format_money(sum(c["amount_cents"] for c in open_list)),
            "impounds": impounds.for_person(person.id),
            "deadlines": [{"notice": r["number"], "kind": kind, "due": r[f"{kind}_deadline"]}
                          for r in rows if r["status"] == "active"
                          for kind in Proceeding
                          if r[f"{kind}_deadline"] and r["stage"].startswith(kind)]}


def units_amount(units: Decimal, year: int) -> int:
    """R$ of `units` fiscal units in `year`, in centavos."""
    return units_to_cents(units, setup.fiscal_unit_value_cents(year))

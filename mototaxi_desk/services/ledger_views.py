"""The penalty ledger as the screens and the command line read it: a notice with its
stage, deadlines and charges, the list of notices, a holder's ledger, the open terms."""
from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

from ..domain import penalty_engine as engine
from ..domain import permit_rules
from ..domain import validators
from ..domain.errors import ValidationError
from ..domain.money import format_money, units_to_cents
from ..store.models import InfractionNotice, PenaltyCharge, Permit, Person, Sanction
from . import impounds, setup
from .charges import charge_dict, open_charges
from .holidays import business_calendar
from .notice_records import day_or_today, get_notice, notice_facts, notices_of, number_text
from .notice_terms import (STAGE_LABELS, deadline_notes, deadlines, proceeding_dict,
                           proceedings_of, stage)
from .sanctions import proposals, sanction_dict


def notice_dict(notice: InfractionNotice, *, on: dt.date | None = None, score=None,
                calendar=None) -> dict:
    today = day_or_today(on)
    proceedings = proceedings_of(notice.id)
    charges = [charge_dict(c) for c in notice.charges.order_by(PenaltyCharge.id)]
    terms = deadlines(notice, proceedings, calendar)
    notes = deadline_notes(notice, proceedings, calendar)
    current = stage(notice, today, proceedings, calendar)
    points = score.points if score else (0 if notice.status == "voided" else notice.points)
    return {
        "id": notice.id, "number": number_text(notice), "year": notice.year,
        "holder_id": notice.holder_id, "holder_name": notice.holder.name,
        "permit_id": notice.permit_id,
        "permit_order_number": notice.permit.order_number if notice.permit_id else None,
        "permit_order_text": permit_rules.format_order_number(
            setup.profile(), notice.permit.order_number) if notice.permit_id else "",
        "plate": notice.plate, "infractor_id": notice.infractor_id,
        "infractor_name": notice.infractor.name, "infractor_role": notice.infractor_role,
        "auxiliary_id": notice.auxiliary_id, "infraction_code": notice.infraction_code,
        "article": notice.infraction_article, "text": notice.infraction_text,
        "class_code": notice.class_code, "measure": notice.measure, "place": notice.place,
        "occurred_at": notice.occurred_at, "description": notice.description,
        "agent_name": notice.agent_name, "agent_registration": notice.agent_registration,
        "infractor_signed": notice.infractor_signed, "notified_on": notice.notified_on,
        "notification_channel": notice.notification_channel,
        "points": points, "points_doubled": bool(score.doubled_by) if score else
        notice.points_doubled, "warning": notice.warning, "recidivism": notice.recidivism,
        "fine_units": str(notice.fine_units), "fine_cents": notice.fine_cents,
        "fine_text": format_money(notice.fine_cents) if notice.fine_cents else "sem multa",
        "status": notice.status, "stage": current, "stage_label": STAGE_LABELS[current],
        "defence_deadline": terms["defence"], "appeal_deadline": terms["appeal"],
        "defence_deadline_note": notes["defence"], "appeal_deadline_note": notes["appeal"],
        "void_kind": notice.void_kind, "void_reason": notice.void_reason,
        "voided_on": notice.voided_on, "reissue_of": notice.reissue_of_id,
        "charges": charges, "proceedings": [proceeding_dict(p) for p in proceedings],
        "explanation": json.loads(notice.explanation or "{}"),
    }


def notice(notice_id, *, on: dt.date | None = None) -> dict:
    """One notice as plain data (notice_dict): the screens' getter."""
    return notice_dict(get_notice(notice_id), on=on)


def list_notices(*, on: dt.date | None = None, limit: int = 1000) -> list[dict]:
    """The notices, newest first (the Infrações page): each as notice_dict, stage and
    deadlines included."""
    calendar = business_calendar()
    rows = (InfractionNotice.select().order_by(InfractionNotice.year.desc(),
                                               InfractionNotice.number.desc()).limit(limit))
    return [notice_dict(n, on=day_or_today(on), calendar=calendar) for n in rows]


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
    profile = setup.profile()
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
    rows = [notice_dict(n, on=today, score=result.scores.get(n.id), calendar=calendar)
            for n in notices]
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
                          for kind in ("defence", "appeal")
                          if r[f"{kind}_deadline"] and r["stage"].startswith(kind)]}


def units_amount(units: Decimal, year: int) -> int:
    """R$ of `units` fiscal units in `year`, in centavos."""
    return units_to_cents(units, setup.fiscal_unit_value_cents(year))


def open_deadlines(*, on: dt.date, horizon: dt.date) -> list[dict]:
    """Defence and appeal terms of active notices still running (for services.alerts): the
    notices whose term may still be open, read in one query."""
    calendar = business_calendar()
    out = []
    rows = (InfractionNotice.select(InfractionNotice, Person).join(
        Person, on=(InfractionNotice.holder == Person.id))
        .where((InfractionNotice.status == "active") &
               InfractionNotice.notified_on.is_null(False) &
               (InfractionNotice.notified_on >= on - dt.timedelta(days=400))))
    for notice in rows:
        current = stage(notice, on, calendar=calendar)
        if current not in ("defence_open", "appeal_open"):
            continue
        kind = current.split("_")[0]
        due = deadlines(notice, calendar=calendar)[kind]
        if due is None or due > horizon:
            continue
        rule = setup.profile(on=notice.occurred_at.date()).defence
        out.append({"kind": f"{kind}_deadline", "due": due,
                    "article": rule.defence_article if kind == "defence" else
                    rule.appeal_article, "entity": "infraction_notice",
                    "entity_id": notice.id, "person_id": notice.holder_id,
                    "person_name": notice.holder.name, "permit_id": notice.permit_id,
                    "plate": notice.plate, "detail": f"auto nº {number_text(notice)}",
                    "folded": notice.holder.name_folded})
    return out

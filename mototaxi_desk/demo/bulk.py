"""The benchmarks' bulk filler (demo.fill_bulk) beyond the people and permits: what the
services would have written around each grant — the new-permit application with its
checklist and status lines, the card fee, an approved annual inspection with its sticker and
fee — and a ledger of infraction notices with their fines, payments and proceedings
(fill_bulk_notices), each with the audit entries (and row seals) the services write, so
`check` passes on a register of a million notices. Inserted in batches (store.bulk), never
through the services one row at a time: for benchmarks only, no rule is checked beyond
drawing the values inside the profile's."""
from __future__ import annotations

import datetime as dt
import json
import random
from collections import defaultdict
from decimal import Decimal

from ..domain import inspection_rules
from ..domain import penalty_engine as engine
from ..domain.errors import DomainError
from ..domain.money import units_to_cents
from ..store.bulk import insert_rows
from ..store import seals as row_seals
from ..store.models import (Application, ApplicationChecklistItem,
                            ApplicationStatusChange, Fee, Inspection, InfractionNotice,
                            NoticeProceeding, PenaltyCharge, Permit, Sequence, Sticker,
                            Vehicle)
from ..services import audit, setup
from ..services.context import SYSTEM
from ..domain import wallclock

BATCH = 20_000  # rows built, inserted and audited at a time (memory stays flat at 1M)
AGENTS = [("Raimundo Nonato Falcão", "MAT-0412"), ("Antônio Cícero Brandão", "MAT-0587"),
          ("Márcia Guimarães Leitão", "MAT-0633"), ("José Patrício Simões", "MAT-0701")]
PLACES = ["Praça da Matriz", "Mercado Municipal", "Rodoviária", "Avenida Getúlio Vargas",
          "Rua Grande", "Feira Livre", "Hospital Municipal", "Rua do Comércio"]


def _seal(table: str, row_id: int, row: dict) -> str:
    return row_seals.value_seal(table, row_id, row)


def _seals(*items: tuple[str, int, dict]) -> dict:
    return {f"{table}:{row_id}": _seal(table, row_id, row) for table, row_id, row in items}


def _take_numbers(name: str, year: int, count: int) -> int:
    """Reserve `count` numbers of a gap-free sequence; returns the first."""
    where = (Sequence.name == name) & (Sequence.year == year)
    last = Sequence.select(Sequence.last_value).where(where).scalar()
    if last is None:
        Sequence.create(name=name, year=year, last_value=count)
        return 1
    Sequence.update(last_value=last + count).where(where).execute()
    return last + 1


def _snapshot(model, row: dict, row_id: int) -> dict:
    """audit.snapshot of a row as inserted (the fields the row has, by name)."""
    out = {"id": row_id}
    for name in model._meta.fields:
        if name in row:
            out[name] = row[name]
    return out


def ensure_fiscal_units(first_year: int, today: dt.date) -> dict[int, int]:
    """year -> fiscal unit value (cents) from first_year to today's year; the years the
    município never set get one ~4% a year below (as demo.fill does), through the service."""
    current = setup.fiscal_unit_value_cents(today.year)
    known = setup.fiscal_unit_values()
    for year in range(first_year, today.year):
        if year not in known:
            cents = current * (100 - 4 * (today.year - year)) // 100
            setup.set_fiscal_unit_value(SYSTEM, year, f"{cents // 100},{cents % 100:02d}")
    return {year: setup.fiscal_unit_value_cents(year) for year in range(first_year,
                                                                         today.year + 1)}


# --- around each grant --------------------------------------------------------------------

def grant_records(rng: random.Random, profile, first_order: int, last_order: int,
                  today: dt.date) -> dict:
    """For the permits just inserted (order numbers first..last): the new-permit application
    (deferido, every document received, its three status lines), the card fee (paid by
    most), an approved annual inspection in the last year for five in six (sticker and fee),
    and their audit entries."""
    rows = list(Permit.select(Permit.id, Permit.holder, Permit.vehicle, Permit.issued_on)
                .where(Permit.order_number.between(first_order, last_order))
                .order_by(Permit.id).tuples())
    if not rows:
        return {"applications": 0, "inspections": 0, "fees": 0}
    units = ensure_fiscal_units(min(r[3] for r in rows).year - 1, today)
    counts = {"applications": 0, "inspections": 0, "fees": 0}
    for start in range(0, len(rows), BATCH):
        part = rows[start:start + BATCH]
        counts["applications"] += _applications(rng, profile, part, today)
        counts["fees"] += _grant_fees(rng, profile, part, units, today)
        done, fees = _inspections(rng, profile, part, units, today)
        counts["inspections"] += done
        counts["fees"] += fees
    return counts


def _applications(rng, profile, permits, today) -> int:
    kind = profile.application("new_permit")
    if not kind.allowed:
        return 0
    filed = []
    for permit_id, holder, _vehicle, issued in permits:
        day = max(issued - dt.timedelta(days=rng.randint(5, 40)), dt.date(2000, 1, 1))
        filed.append((permit_id, holder, issued,
                      dt.datetime.combine(day, dt.time(8 + rng.randint(0, 8),
                                                       rng.randint(0, 59)))))
    by_year = defaultdict(list)
    for item in filed:
        by_year[item[3].year].append(item)
    apps = []
    for year, items in sorted(by_year.items()):
        first = _take_numbers("protocol", year, len(items))
        for offset, (permit_id, holder, issued, at) in enumerate(sorted(items,
                                                                        key=lambda i: i[3])):
            decided = dt.datetime.combine(issued, dt.time(10, 0))
            apps.append({"protocol_year": year, "protocol_seq": first + offset,
                         "type": "new_permit", "person": holder, "permit": permit_id,
                         "status": "deferido", "filed_at": at, "decided_at": decided,
                         "notes": "Atendimento no balcão", "decision_reason": ""})
    insert_rows(Application, apps)
    ids = _ids(Application, (Application.protocol_year, Application.protocol_seq),
               [(a["protocol_year"], a["protocol_seq"]) for a in apps])
    items, changes, entries = [], [], []
    for app in apps:
        app_id = ids[(app["protocol_year"], app["protocol_seq"])]
        for item in kind.checklist:
            items.append({"application": app_id, "code": item.code, "text": item.text,
                          "mandatory": item.mandatory, "article": item.article,
                          "received": True, "received_on": app["filed_at"].date()})
        steps = [("", "protocolado", app["filed_at"]),
                 ("protocolado", "em_analise", app["filed_at"] + dt.timedelta(hours=1)),
                 ("em_analise", "deferido", app["decided_at"])]
        for before, after, at in steps:
            changes.append({"application": app_id, "from_status": before, "to_status": after,
                            "at": at, "reason": ""})
        after = _snapshot(Application, app, app_id)
        protocol = f"{app['protocol_year']}/{app['protocol_seq']:06d}"
        entries.append({"action": "application.file", "entity": "application",
                        "entity_id": app_id, "after": {**after, "status": "protocolado",
                                                       "protocol": protocol}})
        entries.append({"action": "application.em_analise", "entity": "application",
                        "entity_id": app_id, "after": {**after, "status": "em_analise"}})
        entries.append({"action": "application.deferido", "entity": "application",
                        "entity_id": app_id, "after": after})
    insert_rows(ApplicationChecklistItem, items)
    insert_rows(ApplicationStatusChange, changes)
    audit.record_many(SYSTEM, entries)
    return len(apps)


def _fee_rows(profile, key: str, person: int, permit: int, day: dt.date, units: dict,
              paid: bool, receipt: str, application=None) -> dict | None:
    rule = profile.fees.get(key)
    if rule is None or Decimal(rule.units) <= 0:
        return None
    cents = units[day.year]
    return {"person": person, "permit": permit, "application": application, "code": key,
            "label": rule.label, "article": rule.article, "units": Decimal(rule.units),
            "unit_value_cents": cents, "amount_cents": units_to_cents(Decimal(rule.units),
                                                                      cents),
            "year": day.year, "status": "paid" if paid else "open",
            "paid_on": day if paid else None, "receipt": receipt if paid else "",
            "created_at": dt.datetime.combine(day, dt.time(11, 0))}


def _write_fees(fees: list[dict]) -> int:
    """Fees with their fee.charge (sealed open) and fee.pay (sealed paid) entries."""
    if not fees:
        return 0
    first = Fee.select(Fee.id).order_by(Fee.id.desc()).scalar() or 0
    insert_rows(Fee, fees)
    ids = [i for (i,) in Fee.select(Fee.id).where(Fee.id > first).order_by(Fee.id).tuples()]
    entries = []
    for fee_id, fee in zip(ids, fees):
        opened = {**fee, "status": "open", "paid_on": None, "receipt": ""}
        entries.append({"action": "fee.charge", "entity": "fee", "entity_id": fee_id,
                        "after": _snapshot(Fee, opened, fee_id),
                        "seals": _seals(("fee", fee_id, opened))})
        if fee["status"] == "paid":
            entries.append({"action": "fee.pay", "entity": "fee", "entity_id": fee_id,
                            "before": _snapshot(Fee, opened, fee_id),
                            "after": _snapshot(Fee, fee, fee_id),
                            "seals": _seals(("fee", fee_id, fee))})
    audit.record_many(SYSTEM, entries)
    return len(fees)


def _grant_fees(rng, profile, permits, units, today) -> int:
    key = profile.application("new_permit").fee_key
    if not key:
        return 0
    fees = []
    for permit_id, holder, _vehicle, issued in permits:
        paid_on = min(issued + dt.timedelta(days=rng.randint(0, 5)), today)
        row = _fee_rows(profile, key, holder, permit_id, issued, units,
                        paid=(permit_id % 17 != 9), receipt=f"DAM {issued.year}/{permit_id:06d}")
        if row is not None:
            if row["status"] == "paid":
                row["paid_on"] = paid_on
            fees.append(row)
    return _write_fees(fees)


def _inspections(rng, profile, permits, units, today) -> tuple[int, int]:
    if not profile.inspection.annual:
        return 0, 0
    results = json.dumps({i.code: "pass" for i in inspection_rules.checklist(profile, "annual")})
    chosen = []
    for permit_id, holder, vehicle, issued in permits:
        if permit_id % 6 == 1 or vehicle is None:
            continue
        on = today - dt.timedelta(days=rng.randint(1, 330))
        if on >= issued:
            chosen.append((permit_id, holder, vehicle, on))
    by_year = defaultdict(list)
    for item in chosen:
        by_year[item[3].year].append(item)
    rows = []
    for year, items in sorted(by_year.items()):
        first = _take_numbers("sticker", year, len(items))
        for offset, (permit_id, holder, vehicle, on) in enumerate(sorted(items,
                                                                         key=lambda i: i[3])):
            rows.append({"vehicle": vehicle, "permit": permit_id, "kind": "annual",
                         "inspected_on": on, "approved": True,
                         "valid_until": inspection_rules.valid_until("annual", on),
                         "sticker_serial": f"{year:04d}-{first + offset:06d}",
                         "checklist": results, "notes": "",
                         "recorded_at": dt.datetime.combine(on, dt.time(14, 0)),
                         "_holder": holder})
    if not rows:
        return 0, 0
    insert_rows(Inspection, [{k: v for k, v in r.items() if k != "_holder"} for r in rows])
    ids = _ids(Inspection, (Inspection.sticker_serial,), [(r["sticker_serial"],) for r in rows])
    stickers = [{"serial": r["sticker_serial"], "inspection": ids[(r["sticker_serial"],)],
                 "status": "issued", "issued_at": r["recorded_at"]} for r in rows]
    insert_rows(Sticker, stickers)
    sticker_ids = _ids(Sticker, (Sticker.serial,), [(s["serial"],) for s in stickers])
    row_seals.inserted("inspection", ids.values())  # sealed with the caller's last entry
    row_seals.inserted("sticker", sticker_ids.values())
    entries = []
    for r, s in zip(rows, stickers):
        inspection_id = ids[(r["sticker_serial"],)]
        sticker_id = sticker_ids[(s["serial"],)]
        entries.append({"action": "sticker.issue", "entity": "sticker", "entity_id": sticker_id,
                        "after": _snapshot(Sticker, s, sticker_id)})
        entries.append({"action": "inspection.record", "entity": "inspection",
                        "entity_id": inspection_id,
                        "after": _snapshot(Inspection, r, inspection_id)})
    audit.record_many(SYSTEM, entries)
    fees = [f for f in (_fee_rows(profile, "inspection", r["_holder"], r["permit"],
                                  r["inspected_on"], units, paid=True,
                                  receipt=f"DAM VIST {r['sticker_serial']}") for r in rows) if f]
    return len(rows), _write_fees(fees)


def _ids(model, columns, keys: list[tuple]) -> dict[tuple, int]:
    """key columns -> id of the rows just inserted (read back in batches of keys)."""
    out = {}
    wanted = set(keys)
    if len(columns) == 1:
        column = columns[0]
        values = [k[0] for k in keys]
        for start in range(0, len(values), 900):
            part = values[start:start + 900]
            for value, row_id in model.select(column, model.id).where(
                    column.in_(part)).tuples():
                out[(value,)] = row_id
        return out
    years = sorted({k[0] for k in keys})
    for year in years:
        low = min(k[1] for k in keys if k[0] == year)
        high = max(k[1] for k in keys if k[0] == year)
        for a, b, row_id in model.select(columns[0], columns[1], model.id).where(
                (columns[0] == year) & columns[1].between(low, high)).tuples():
            if (a, b) in wanted:
                out[(a, b)] = row_id
    return out


# --- the ledger -----------------------------------------------------------------------------

def fill_bulk_notices(count: int, *, seed: int = 2019, today: dt.date | None = None,
                      years: int = 3) -> dict:
    """`count` infraction notices over the last `years` years on the register's permits (in
    force on the infraction day), as ledger.record_notice would write them: the catalogue's
    infractions and classes, fines at the fiscal unit of the infraction's year, points by the
    engine, numbered per year without gaps; most notified at once, paid and past revelia or
    a rejected defence (final), some voided by an accepted defence, the newest still within
    their defence or appeal terms; the fine charges, proceedings and audit entries (sealed)
    of all of it. Call inside the caller's transaction (demo.fill_bulk)."""
    if count < 0 or count > 10_000_000:
        raise DomainError("Número de autos deve estar entre 0 e 10.000.000.")
    today = today or wallclock.today()
    profile = setup.profile(today)
    rng = random.Random(seed)
    start = today - dt.timedelta(days=365 * years)
    permits = [(pid, holder, issued, plate or "") for pid, holder, issued, plate in
               Permit.select(Permit.id, Permit.holder, Permit.issued_on, Vehicle.plate_original)
               .join(Vehicle, on=(Permit.vehicle == Vehicle.id))
               .where(Permit.status.not_in(Permit.ENDED)).tuples()
               if issued < today]
    if not permits or not count:
        return {"notices": 0}
    units = ensure_fiscal_units(start.year, today)
    catalogue = _catalogue(profile, start)
    # the notices, drawn and then put in time order (their numbers follow it within a year)
    drawn = []
    for _ in range(count):
        pid, holder, issued, plate = permits[rng.randrange(len(permits))]
        first = max(start, issued + dt.timedelta(days=1))
        day = first + dt.timedelta(days=int((today - first).days * rng.random() ** 0.8))
        day = min(day, today)
        at = dt.datetime.combine(day, dt.time(rng.randint(6, 21), rng.randint(0, 59)))
        drawn.append((at, pid, holder, plate, catalogue[rng.randrange(len(catalogue))]))
    drawn.sort(key=lambda d: d[0])
    points = _points(profile, drawn)
    numbers = {}
    per_year = defaultdict(int)
    for at, *_ in drawn:
        per_year[at.year] += 1
    for year, n in per_year.items():
        numbers[year] = _take_numbers("infraction_notice", year, n)
    counts = defaultdict(int)
    for begin in range(0, len(drawn), BATCH):
        part = drawn[begin:begin + BATCH]
        for key, n in _notice_batch(rng, profile, part, begin, points, numbers, units,
                                    today).items():
            counts[key] += n
    return {"notices": len(drawn), **counts}


def _catalogue(profile, since: dt.date) -> list:
    """The infractions whose fine can be priced here (a tariff-priced class needs a tariff
    in force since the first day drawn), the lighter ones drawn more often."""
    out = []
    weight = {"leve": 6, "media": 4, "grave": 2, "gravissima": 1}
    for item in profile.infractions:
        penalty = profile.penalty_class(item.class_code)
        if penalty.fine_tariff_multiple:
            try:
                setup.tariff_cents_on(since)
            except DomainError:
                continue
        out.extend([item] * weight.get(item.class_code, 2))
    if not out:
        raise DomainError("O catálogo de infrações do perfil não tem infração com multa "
                          "calculável.")
    return out


def _points(profile, drawn) -> dict[int, engine.NoticeScore]:
    """The engine's score of each drawn notice (points, doubling, recidivism), assessed per
    holder on all the holder's notices in time order, as record_notice does one by one."""
    by_holder = defaultdict(list)
    for index, (at, pid, holder, _plate, item) in enumerate(drawn):
        by_holder[holder].append(engine.NoticeFacts(
            id=index + 1, register=(holder, pid), infractor_id=holder, code=item.code,
            class_code=item.class_code, occurred_at=at))
    scores = {}
    for facts in by_holder.values():
        scores.update(engine.assess(profile, facts).scores)
    return scores


def _notice_batch(rng, profile, part, begin, scores, numbers, units, today) -> dict:
    rule = profile.defence
    term = (rule.defence_days or 0) + (rule.appeal_days or 0)
    notices, extra = [], []
    for k, (at, pid, holder, plate, item) in enumerate(part):
        index = begin + k + 1
        score = scores[index]
        year = at.year
        number = numbers[year]
        numbers[year] += 1
        fine = engine.compute_fine(
            profile, item, unit_value_cents=units[year],
            tariff_cents=setup.tariff_cents_on(at.date())
            if profile.penalty_class(item.class_code).fine_tariff_multiple else 0,
            chosen_units=profile.penalty_class(item.class_code).fine_units
            if profile.penalty_class(item.class_code).fine_units_max > 0 else None,
            recidivism=score.recidivism_of is not None)
        age = (today - at.date()).days
        notified = at.date() if rng.random() < 0.8 else min(
            at.date() + dt.timedelta(days=rng.randint(2, 20)), today)
        if age < 3 and rng.random() < 0.3:
            notified = None  # the newest: awaiting notification
        # what became of it: old ones are closed (paid, revelia or a rejected defence, or
        # voided by an accepted one); the newest are within their terms
        fate = "open"
        if notified is not None and (today - notified).days > term + 15:
            roll = rng.random()
            fate = ("voided" if roll < 0.03 else "rejected" if roll < 0.10 else
                    "revelia" if roll < 0.97 else "lapsed")
        elif notified is not None and rule.defence_days and rng.random() < 0.1:
            fate = "defence_pending"
        paid = fate in ("revelia", "rejected") and rng.random() < 0.85
        agent = AGENTS[index % len(AGENTS)]
        explanation = {"fine": {"basis": fine.basis, "units": str(fine.units),
                                "unit_name": fine.unit_name,
                                "unit_value_cents": fine.unit_value_cents,
                                "amount_cents": fine.amount_cents, "article": fine.article,
                                "recidivism_of": None, "text": fine.text()},
                       "points": {"base": score.base_points, "points": score.points,
                                  "doubled_by": None, "article": profile.penalties.article},
                       "warning": fine.warning,
                       "warning_article": profile.penalties.warning_article
                       if fine.warning else ""}
        voided_on = notified + dt.timedelta(days=rng.randint(5, 12)) if fate == "voided" \
            else None
        notices.append({
            "year": year, "number": number, "holder": holder, "permit": pid,
            "plate": plate, "infractor": holder, "infractor_role": "holder",
            "auxiliary": None, "infraction_code": item.code,
            "infraction_article": item.article, "infraction_text": item.text,
            "class_code": item.class_code, "measure": item.measure,
            "place": PLACES[index % len(PLACES)], "occurred_at": at, "occurred_on": at.date(),
            "description": "Constatado em ronda.", "agent_name": agent[0],
            "agent_registration": agent[1], "infractor_signed": notified == at.date(),
            "notified_on": notified,
            "notification_channel": "" if notified is None else
            "in_person" if notified == at.date() else "post",
            "points": score.points, "points_doubled": score.doubled_by is not None,
            "recidivism": fine.recidivism, "warning": fine.warning,
            "fine_units": fine.units, "unit_value_cents": fine.unit_value_cents,
            "fine_cents": fine.amount_cents,
            "explanation": json.dumps(explanation, ensure_ascii=False, default=str),
            "status": "voided" if fate == "voided" else "active", "voided_on": voided_on,
            "void_kind": "defence" if fate == "voided" else "",
            "void_reason": "Defesa acolhida" if fate == "voided" else "",
            "reissue_of": None, "recorded_by": None,
            "recorded_at": dt.datetime.combine(at.date(), dt.time(22, 0))})
        extra.append((fate, paid, fine))
    insert_rows(InfractionNotice, notices)
    ids = _ids(InfractionNotice, (InfractionNotice.year, InfractionNotice.number),
               [(n["year"], n["number"]) for n in notices])
    charges, proceedings, entries = [], [], []
    for notice, (fate, paid, fine) in zip(notices, extra):
        nid = ids[(notice["year"], notice["number"])]
        notice["id"] = nid
        if fine.amount_cents:
            paid_on = min(notice["notified_on"] + dt.timedelta(days=rng.randint(3, 40)),
                          today) if paid else None
            charges.append({
                "kind": "fine", "notice": nid, "impound": None, "person": notice["holder"],
                "permit": notice["permit"],
                "label": f"Multa do auto nº {notice['number']:05d}/{notice['year']} "
                         f"({notice['infraction_article']})",
                "article": fine.article, "units": fine.units,
                "unit_value_cents": fine.unit_value_cents, "amount_cents": fine.amount_cents,
                "year": notice["occurred_on"].year,
                "status": "voided" if fate == "voided" else "paid" if paid else "open",
                "paid_on": paid_on, "paid_cents": fine.amount_cents if paid else 0,
                "receipt": f"DAM MULTA {notice['year']}/{notice['number']:05d}" if paid else "",
                "void_reason": "Defesa acolhida" if fate == "voided" else "",
                "created_at": notice["recorded_at"]})
        notified = notice["notified_on"]
        if fate in ("revelia", "rejected", "voided", "defence_pending") and rule.defence_days:
            due = notified + dt.timedelta(days=rule.defence_days)
            if fate == "revelia":
                day = due + dt.timedelta(days=rng.randint(1, 10))
                proceedings.append({"notice": nid, "stage": "defence", "event": "revelia",
                                    "filed_on": day, "decided_on": day,
                                    "text": "", "decision": "", "decision_reason": ""})
            else:
                filed = notified + dt.timedelta(days=rng.randint(1, rule.defence_days))
                decided = None if fate == "defence_pending" else min(
                    filed + dt.timedelta(days=rng.randint(3, 10)), today)
                proceedings.append({
                    "notice": nid, "stage": "defence", "event": "filed", "filed_on": filed,
                    "decided_on": decided, "text": "O autuado nega a infração.",
                    "decision": "" if decided is None else
                    "accepted" if fate == "voided" else "rejected",
                    "decision_reason": "" if decided is None else
                    "Defesa acolhida" if fate == "voided" else "Fato comprovado pelo agente"})
                if fate == "voided":
                    notice["voided_on"] = decided
    insert_rows(PenaltyCharge, charges)
    charge_ids = _ids(PenaltyCharge, (PenaltyCharge.notice,), [(c["notice"],) for c in charges])
    proceeding_of = {}
    if proceedings:
        insert_rows(NoticeProceeding, proceedings)
        low, high = min(p["notice"] for p in proceedings), max(p["notice"] for p in proceedings)
        proceeding_of = dict(NoticeProceeding.select(NoticeProceeding.notice, NoticeProceeding.id)
                             .where(NoticeProceeding.notice.between(low, high)).tuples())
        proceeding_rows = {p["notice"]: p for p in proceedings}
    # the voided_on an accepted defence set (decided_on) went in after the draw
    fixed = [(n["id"], n["voided_on"]) for n in notices if n["status"] == "voided"]
    for nid, day in fixed:
        InfractionNotice.update(voided_on=day).where(InfractionNotice.id == nid).execute()
    charge_of = {c["notice"]: c for c in charges}
    for notice in notices:
        nid = notice["id"]
        recorded = {**notice, "status": "active", "voided_on": None}
        charge = charge_of.get(nid)
        if charge is not None:
            cid = charge_ids[(nid,)]
            opened = {**charge, "status": "open", "paid_on": None, "paid_cents": 0,
                      "receipt": ""}
            entries.append({"action": "charge.create", "entity": "penalty_charge",
                            "entity_id": cid, "after": _snapshot(PenaltyCharge, opened, cid),
                            "seals": _seals(("infraction_notice", nid, recorded),
                                            ("penalty_charge", cid, opened))})
            entries.append({"action": "notice.record", "entity": "infraction_notice",
                            "entity_id": nid, "after": _snapshot(InfractionNotice, recorded,
                                                                 nid)})
        else:
            entries.append({"action": "notice.record", "entity": "infraction_notice",
                            "entity_id": nid, "after": _snapshot(InfractionNotice, recorded,
                                                                 nid),
                            "seals": _seals(("infraction_notice", nid, recorded))})
        if nid in proceeding_of:  # what defences.py and notice_terms.revelia audit
            pid, row = proceeding_of[nid], proceeding_rows[nid]
            if row["event"] == "revelia":
                entries.append({"action": "notice.revelia", "entity": "notice_proceeding",
                                "entity_id": pid, "after": _snapshot(NoticeProceeding, row,
                                                                     pid)})
            else:
                filed = {**row, "decision": "", "decided_on": None, "decision_reason": ""}
                entries.append({"action": "notice.defence_file", "entity": "notice_proceeding",
                                "entity_id": pid, "after": _snapshot(NoticeProceeding, filed,
                                                                     pid)})
                if row["decision"]:
                    entries.append({"action": "notice.defence_judge",
                                    "entity": "notice_proceeding", "entity_id": pid,
                                    "before": _snapshot(NoticeProceeding, filed, pid),
                                    "after": _snapshot(NoticeProceeding, row, pid)})
        if notice["status"] == "voided":
            entries.append({"action": "notice.void", "entity": "infraction_notice",
                            "entity_id": nid, "before": _snapshot(InfractionNotice, recorded,
                                                                  nid),
                            "after": _snapshot(InfractionNotice, notice, nid),
                            "seals": _seals(("infraction_notice", nid, notice))})
            if charge is not None:
                entries.append({"action": "charge.void", "entity": "penalty_charge",
                                "entity_id": charge_ids[(nid,)],
                                "after": _snapshot(PenaltyCharge, charge, charge_ids[(nid,)]),
                                "seals": _seals(("penalty_charge", charge_ids[(nid,)],
                                                 charge))})
        elif charge is not None and charge["status"] == "paid":
            entries.append({"action": "charge.pay", "entity": "penalty_charge",
                            "entity_id": charge_ids[(nid,)],
                            "after": _snapshot(PenaltyCharge, charge, charge_ids[(nid,)]),
                            "seals": _seals(("penalty_charge", charge_ids[(nid,)], charge))})
    audit.record_many(SYSTEM, entries)
    fates = defaultdict(int)
    for fate, paid, _fine in extra:
        fates[f"notices_{fate}"] += 1
        fates["fines_paid"] += paid
    return {"charges": len(charges), "proceedings": len(proceedings), **fates}


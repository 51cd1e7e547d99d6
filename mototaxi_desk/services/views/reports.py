"""Relatórios: the lists a town hall is asked for (active permits by stand, permits expiring,
inspections due and overdue, fines issued/paid/open in a period, applications by status, the
waiting list), as plain data the Relatórios page shows and exports.

Each report is a dict: key, title, period (text), columns (key, header, kind), rows (dicts;
`tone` is a status colour key for the GUI), summary (Portuguese lines). Kinds: text, date,
money (integer centavos), int. `export` turns a report into CSV (Excel pt-BR: `;`, decimal
comma, UTF-8 with BOM) or XLSX (real dates and numbers) and audits it: a report carries
personal data leaving the program (LGPD)."""
from __future__ import annotations

import csv
import datetime as dt
import io
from dataclasses import dataclass

import peewee as pw

from ...domain import output_files, permit_rules, validators
from ...domain.errors import ValidationError
from ...domain.money import format_money
from ...domain.validators import format_cpf, format_date, parse_date
from ...store.connection import write_transaction
from ...store.models import (Application, InfractionNotice, PenaltyCharge, Permit, PermitHistory,
                             Person, Stand, Vehicle)
from . import alerts
from .. import audit, permissions, setup
from ..register import stands
from ..licensing import waiting_list
from ..licensing.applications import STATUS_LABELS as APPLICATION_STATUS, TYPE_LABELS
from ..context import Actor
from ..record_words import CHARGE_STATUS
from ..licensing.permits import IN_FORCE, STATUS_LABELS as PERMIT_STATUS
from ...domain import wallclock

REPORT_ROLES = permissions.EVERYONE  # the GUI asks; services check services/permissions.py
MAX_PERIOD_DAYS = 3650
FORMATS = ("csv", "xlsx")


@dataclass(frozen=True)
class ReportKind:
    key: str
    title: str
    uses_period: bool   # False: the register as it is today
    uses_stand: bool = False


KINDS = [
    ReportKind("permits_by_stand", "Permissões por ponto", False, uses_stand=True),
    ReportKind("permits_expiring", "Permissões a vencer no período", True),
    ReportKind("inspections_due", "Vistorias vencidas e a vencer", True),
    ReportKind("fines", "Multas lançadas, pagas e em aberto", True),
    ReportKind("applications", "Requerimentos por situação", True),
    ReportKind("waiting_list", "Lista de espera", False),
    ReportKind("permits_ended", "Permissões extintas no período, com as placas (DETRAN)", True),
    ReportKind("stand_roster_year", "Relação dos pontos no período (anual)", True,
               uses_stand=True),
]
KIND_BY_KEY = {k.key: k for k in KINDS}
CHARGE_TONE = {"open": "open", "paid": "paid", "voided": "cancelled"}
APPLICATION_TONE = {"deferido": "paid", "indeferido": "revoked", "arquivado": "cancelled"}


def period(start, end) -> tuple[dt.date, dt.date]:
    """The period as two dates (dd/mm/aaaa or date); the start may not be after the end."""
    first = parse_date(start, "Período — início")
    last = parse_date(end, "Período — fim")
    if first > last:
        raise ValidationError("Período", "a data inicial é posterior à final.")
    if (last - first).days > MAX_PERIOD_DAYS:
        raise ValidationError("Período", "escolha um período de até 10 anos.")
    return first, last


def run(key: str, *, start=None, end=None, stand_number=None,
        today: dt.date | None = None, actor: Actor | None = None,
        limit: int | None = None) -> dict:
    """One report; `start`/`end` for the period reports, `stand_number` to keep one stand.
    CPFs as `actor` may see them (permissions.cpf_text: masked for a fiscal; whole for the
    counter roles and for the system itself, actor None). `limit`: the register-wide
    reports (_PAGED) read their first `limit` rows only, their totals counted by the
    database ("total"; "complete" says whether every row is there; more_rows reads on,
    complete() reads them all for an export)."""
    kind = KIND_BY_KEY.get(key)
    if kind is None:
        raise ValidationError("Relatório", f"relatório desconhecido: {key}.")
    today = today or wallclock.today()
    if kind.uses_period:
        first, last = period(start, end)
        shown = f"{format_date(first)} a {format_date(last)}"
    else:
        first = last = today
        shown = f"situação em {format_date(today)}"
    builder = _BUILDERS[key]
    if key in _PAGED:
        columns, rows, summary, total = builder(first, last, today, stand_number, limit=limit)
    else:
        columns, rows, summary = (builder(first, last, today, stand_number)
                                  if kind.uses_stand else builder(first, last, today))
        total = len(rows)
    _mask_cpfs(actor, rows)
    return {"key": key, "title": kind.title, "period": shown, "start": first, "end": last,
            "stand_number": stand_number, "today": today,
            "columns": [{"key": c, "header": h, "kind": k} for c, h, k in columns],
            "rows": rows, "summary": summary, "total": total,
            "complete": len(rows) == total}


def more_rows(report: dict, offset: int, limit: int, *,
              actor: Actor | None = None) -> list[dict]:
    """Rows `offset`.. of a report run with `limit` (the Relatórios page as it scrolls):
    read from the database where the report pages (the register-wide ones), else from the
    rows it holds."""
    if report["complete"] or report["key"] not in _PAGED or \
            offset + limit <= len(report["rows"]):
        return report["rows"][offset:offset + limit]
    rows = _PAGED[report["key"]](report, offset, limit)
    _mask_cpfs(actor, rows)
    return rows


def complete(report: dict, *, actor: Actor | None = None) -> dict:
    """The whole report (every row) of a report run with `limit`: what is exported and
    printed."""
    if report["complete"]:
        return report
    return run(report["key"], start=report["start"], end=report["end"],
               stand_number=report.get("stand_number"), today=report.get("today"),
               actor=actor)


def _mask_cpfs(actor: Actor | None, rows: list[dict]) -> None:
    """Every `cpf` cell as permissions.cpf_text shows it to `actor` (LGPD)."""
    for row in rows:
        digits = "".join(ch for ch in str(row.get("cpf") or "") if ch.isdigit())
        if len(digits) == 11:
            row["cpf"] = permissions.cpf_text(actor, digits)
        elif row.get("cpf") and actor is not None and \
                not permissions.can(actor, "person.view_cpf"):
            row["cpf"] = "***"  # already masked or unreadable: never shown whole


def _order(profile, number) -> str:
    return permit_rules.format_order_number(profile, number) if number else ""


# --- permits by stand --------------------------------------------------------------------

def _permits_by_stand_query(stand_number):
    """The permits in force by stand and place, as tuples of what the report shows (no
    model instance per row: the report may list the whole register)."""
    query = (Permit.select(Stand.number, Permit.stand_position, Permit.order_number,
                           Permit.holder, Person.name, Person.cpf, Vehicle.plate_original,
                           Permit.vehicle, Permit.valid_until, Permit.status)
             .join(Person, on=(Permit.holder == Person.id))
             .switch(Permit).join(Stand, pw.JOIN.LEFT_OUTER, on=(Permit.stand == Stand.id))
             .switch(Permit).join(Vehicle, pw.JOIN.LEFT_OUTER, on=(Permit.vehicle == Vehicle.id))
             .where(Permit.status.in_(IN_FORCE))
             .order_by(Stand.number.asc(nulls="LAST"), Permit.stand_position,
                       Permit.order_number))
    if stand_number not in (None, ""):
        query = query.where(Stand.number == stand_number)
    return query


def _stand_number(stand_number):
    if stand_number in (None, ""):
        return None
    return validators.positive_int(str(stand_number), "Ponto", maximum=9999)


def _permits_by_stand_rows(query) -> list[dict]:
    profile = setup.profile_today()  # once, not per row
    return [{"stand": stands.label(number) if number is not None else "Sem ponto",
             "position": position, "order_number": _order(profile, order),
             "person_id": holder_id, "person_name": name, "cpf": format_cpf(cpf),
             "plate": plate or "" if vehicle_id else "", "valid_until": valid_until,
             "status": PERMIT_STATUS[status], "tone": status}
            for number, position, order, holder_id, name, cpf, plate, vehicle_id, valid_until,
            status in query.tuples()]


def _permits_by_stand(first, last, today, stand_number=None, *, limit=None):
    """Every permit in force by stand; with `limit`, the first rows only and the totals
    counted by the database (the Relatórios page shows a page at a time; more_rows reads
    the next)."""
    stand_number = _stand_number(stand_number)
    query = _permits_by_stand_query(stand_number)
    if limit is None:
        rows = _permits_by_stand_rows(query)
        by_tone = {tone: sum(r["tone"] == tone for r in rows) for tone in IN_FORCE}
        total = len(rows)
    else:
        rows = _permits_by_stand_rows(query.limit(limit))
        counting = (Permit.select(Permit.status, pw.fn.COUNT(Permit.id))
                    .join(Stand, pw.JOIN.LEFT_OUTER, on=(Permit.stand == Stand.id))
                    .where(Permit.status.in_(IN_FORCE)).group_by(Permit.status))
        if stand_number is not None:
            counting = counting.where(Stand.number == stand_number)
        counted = dict(counting.tuples())
        by_tone = {tone: counted.get(tone, 0) for tone in IN_FORCE}
        total = sum(by_tone.values())
    listed = stands.flag_rows(stand_number)
    summary = [f"Total: {total} permissão(ões) em vigor (ativas: {by_tone['active']}, "
               f"suspensas: {by_tone['suspended']}, interrompidas: {by_tone['interrupted']}, "
               f"vencidas aguardando renovação: {by_tone['expired']}) em {len(listed)} "
               "ponto(s)."]
    if len(listed) == 1:
        s = listed[0]
        summary.append(f"{s['label']} ({s['name']}): {s['count']} de {s['max_vehicles']} vagas "
                       f"ocupadas, {s['free']} livre(s), mínimo {s['min_vehicles']}.")
    full = _some([s["label"] for s in listed if s["full"]])
    below = _some([s["label"] for s in listed if s["below_minimum"]])
    summary.append(f"Lotados: {full}. Abaixo do mínimo: {below}. Vagas livres: "
                   f"{sum(s['free'] for s in listed)}.")
    columns = [("stand", "Ponto", "text"), ("position", "Vaga", "int"),
               ("order_number", "Permissão", "text"), ("person_name", "Permissionário", "text"),
               ("cpf", "CPF", "text"), ("plate", "Placa", "text"),
               ("valid_until", "Validade", "date"), ("status", "Situação", "text")]
    return columns, rows, summary, total


SUMMARY_NAMES = 30


def _some(labels: list[str]) -> str:
    """Labels for a summary line: all of a few, the first SUMMARY_NAMES of many and how
    many more (a town of thousands of stands gets a line, not a page; the rows list them)."""
    if not labels:
        return "nenhum"
    if len(labels) <= SUMMARY_NAMES:
        return ", ".join(labels)
    return (", ".join(labels[:SUMMARY_NAMES])
            + f" e mais {len(labels) - SUMMARY_NAMES:,}".replace(",", "."))


def _permits_by_stand_more(report: dict, offset: int, limit: int) -> list[dict]:
    query = _permits_by_stand_query(_stand_number(report.get("stand_number")))
    return _permits_by_stand_rows(query.offset(offset).limit(limit))


# --- permits expiring --------------------------------------------------------------------

def _permits_expiring(first, last, today):
    profile = setup.profile(today)  # once, not per row
    query = (Permit.select(Permit, Person)
             .join(Person, on=(Permit.holder == Person.id))
             .where(Permit.status.in_(IN_FORCE) & Permit.valid_until.between(first, last))
             .order_by(Permit.valid_until, Permit.order_number))
    rows = []
    for p in query:
        days = (p.valid_until - today).days
        rows.append({"valid_until": p.valid_until, "days_left": days,
                     "order_number": _order(profile, p.order_number), "person_id": p.holder_id,
                     "person_name": p.holder.name, "cpf": format_cpf(p.holder.cpf),
                     "status": PERMIT_STATUS[p.status],
                     "tone": "overdue" if days < 0 else ("soon" if days <= 30 else None)})
    overdue = sum(r["days_left"] < 0 for r in rows)
    summary = [f"{len(rows)} permissão(ões) com validade no período; {overdue} já vencida(s), "
               f"{sum(0 <= r['days_left'] <= 30 for r in rows)} em até 30 dias."]
    columns = [("valid_until", "Validade", "date"), ("days_left", "Dias", "int"),
               ("order_number", "Permissão", "text"), ("person_name", "Permissionário", "text"),
               ("cpf", "CPF", "text"), ("status", "Situação", "text")]
    return columns, rows, summary


# --- inspections due ---------------------------------------------------------------------

INSPECTION_ALERTS = ("annual_inspection", "semiannual_inspection")


def _inspections_due(first, last, today):
    """Overdue inspections are always listed (whenever they fell due); those still to come
    up to the end of the period. The dates are the alerts' (domain/inspection_rules.py)."""
    from . import due_dates  # the alerts kept in the database: no pass over the register
    ahead = min(max((last - today).days, 0), alerts.MAX_DAYS)
    rows = []
    for item in due_dates.page(today, ahead, 10**9, kinds=INSPECTION_ALERTS)["items"]:
        if item["due_date"] > last:
            continue
        if item["days_left"] >= 0 and item["due_date"] < first:
            continue
        rows.append({"due_date": item["due_date"], "days_left": item["days_left"],
                     "situation": "Vencida" if item["days_left"] < 0 else "A vencer",
                     "label": alerts.KIND_LABELS[item["kind"]],
                     "order_number": item["permit_order_text"],
                     "person_id": item["person_id"], "person_name": item["person_name"],
                     "plate": item["plate"] or "", "article": item["article"],
                     "tone": item["urgency"] if item["days_left"] <= 30 else None})
    overdue = sum(r["days_left"] < 0 for r in rows)
    summary = [f"{overdue} vistoria(s) vencida(s); {len(rows) - overdue} a vencer até "
               f"{format_date(last)}."]
    columns = [("due_date", "Vencimento", "date"), ("days_left", "Dias", "int"),
               ("situation", "Situação", "text"), ("label", "Vistoria", "text"),
               ("order_number", "Permissão", "text"), ("person_name", "Permissionário", "text"),
               ("plate", "Placa", "text"), ("article", "Artigo", "text")]
    return columns, rows, summary


# --- fines -------------------------------------------------------------------------------

def _fines_query(first, last):
    """The fines of the notices written in the period, in the notice's order, as tuples of
    what the report shows (a year of notices of a capital is hundreds of thousands)."""
    return (PenaltyCharge.select(InfractionNotice.number, InfractionNotice.year,
                                 InfractionNotice.occurred_on, PenaltyCharge.person,
                                 Person.name, Permit.order_number,
                                 InfractionNotice.infraction_article,
                                 PenaltyCharge.amount_cents, PenaltyCharge.status,
                                 PenaltyCharge.paid_on)
            .join(InfractionNotice, on=(PenaltyCharge.notice == InfractionNotice.id))
            .switch(PenaltyCharge).join(Person, on=(PenaltyCharge.person == Person.id))
            .switch(PenaltyCharge).join(Permit, pw.JOIN.LEFT_OUTER,
                                        on=(PenaltyCharge.permit == Permit.id))
            .where((PenaltyCharge.kind == "fine")
                   & InfractionNotice.occurred_on.between(first, last))
            .order_by(InfractionNotice.occurred_on, InfractionNotice.year,
                      InfractionNotice.number, PenaltyCharge.id))


def _fines_rows(query) -> list[dict]:
    profile = setup.profile_today()  # once, not per row
    return [{"notice": f"{number:05d}/{year}", "occurred_on": occurred_on,
             "person_id": person_id, "person_name": name, "order_number": _order(profile, order),
             "article": article, "amount_cents": cents, "status": CHARGE_STATUS[status],
             "paid_on": paid_on, "tone": CHARGE_TONE[status]}
            for number, year, occurred_on, person_id, name, order, article, cents, status,
            paid_on in query.tuples()]


def _fines(first, last, today, stand_number=None, *, limit=None):
    """Fines of the notices written in the period (by the notice's date), with what became
    of them; and, apart, what was paid in the period whatever the notice's date. With
    `limit`, the first rows only: the totals are counted by the database either way."""
    query = _fines_query(first, last)
    rows = _fines_rows(query if limit is None else query.limit(limit))
    totals = {s: fine_totals(first, last).get(s, (0, 0)) for s in CHARGE_STATUS}
    counted = ("open", "paid")  # a voided notice's fine was never owed (SRM Art. 35 §2)
    issued = [sum(totals[s][0] for s in counted), sum(totals[s][1] for s in counted)]
    received = (PenaltyCharge.select(pw.fn.COUNT(PenaltyCharge.id),
                                     pw.fn.COALESCE(pw.fn.SUM(PenaltyCharge.paid_cents), 0))
                .where((PenaltyCharge.kind == "fine") & (PenaltyCharge.status == "paid")
                       & PenaltyCharge.paid_on.between(first, last)).tuples().get())
    summary = [f"Lançadas no período: {issued[0]} ({format_money(issued[1])}); pagas: "
               f"{totals['paid'][0]} ({format_money(totals['paid'][1])}); em aberto: "
               f"{totals['open'][0]} ({format_money(totals['open'][1])}); anuladas: "
               f"{totals['voided'][0]} ({format_money(totals['voided'][1])}, não contadas).",
               f"Recebido no período (pagamentos com data no período): {received[0]} multa(s), "
               f"{format_money(int(received[1]))}."]
    columns = [("notice", "Auto", "text"), ("occurred_on", "Data", "date"),
               ("person_name", "Permissionário", "text"), ("order_number", "Permissão", "text"),
               ("article", "Artigo", "text"), ("amount_cents", "Valor", "money"),
               ("status", "Situação", "text"), ("paid_on", "Pago em", "date")]
    return columns, rows, summary, sum(count for count, _cents in totals.values())


def _fines_more(report: dict, offset: int, limit: int) -> list[dict]:
    return _fines_rows(_fines_query(report["start"], report["end"]).offset(offset).limit(limit))


def fine_totals(first: dt.date, last: dt.date) -> dict:
    """Counts and centavos of the fines of the notices of the period (the infraction's day),
    by status (the Painel's chart), from index ranges alone, never a row per notice: the
    notices are numbered as they are recorded, so those of a period are the ones numbered
    between its lowest and highest number, less any among them recorded late for an
    earlier day (or early for a later one). So: the lowest and highest number of the period
    and how many it has (its index on the day); every fine of the notices so numbered, a
    range of the charges' index on kind, status, notice, amount for each status; less, when
    the period has fewer notices than numbers in that range, the fines of the notices so
    numbered that are not of the period (the index on number and day)."""
    notice, charge = InfractionNotice, PenaltyCharge
    of_period = notice.occurred_on.between(first, last)
    every = pw.fn.COUNT(pw.SQL("*"))  # no column read per index entry
    low, high, count = notice.select(pw.fn.MIN(notice.id), pw.fn.MAX(notice.id),
                                     every).where(of_period).tuples().first()
    if low is None:
        return {}
    totals = {}
    for status in charge.STATUSES:  # a range each, summed without grouping
        fines, cents = charge.select(every, pw.fn.SUM(charge.amount_cents)).where(
            (charge.kind == "fine") & (charge.status == status) &
            charge.notice.between(low, high)).tuples().first()
        if fines:
            totals[status] = (fines, int(cents or 0))
    if count < high - low + 1:  # numbers of other days (or never used) in the range
        others = notice.select(notice.id).where(notice.id.between(low, high) & ~of_period)
        for status, fines, cents in (
                charge.select(charge.status, pw.fn.COUNT(charge.id),
                              pw.fn.SUM(charge.amount_cents))
                .where((charge.kind == "fine") & charge.status.in_(charge.STATUSES) &
                       charge.notice.in_(others))
                .group_by(charge.status).tuples()):
            have = totals[status]
            totals[status] = (have[0] - fines, have[1] - int(cents or 0))
    return {status: figures for status, figures in totals.items() if figures[0]}


# --- applications ------------------------------------------------------------------------

def _filed_within(first, last):
    """Filed on the local days from `first` to `last` (the stored times are UTC)."""
    start = wallclock.utc(dt.datetime.combine(first, dt.time.min))
    stop = wallclock.utc(dt.datetime.combine(last + dt.timedelta(days=1), dt.time.min))
    return (Application.filed_at >= start) & (Application.filed_at < stop)


def _applications_query(first, last):
    return (Application.select(Application.protocol_year, Application.protocol_seq,
                               Application.filed_at, Application.type, Application.person,
                               Person.name, Application.status, Application.decided_at)
            .join(Person, on=(Application.person == Person.id))
            .where(_filed_within(first, last))
            .order_by(Application.protocol_year, Application.protocol_seq))


def _applications_rows(query) -> list[dict]:
    return [{"protocol": f"{year}/{seq:06d}", "filed_on": wallclock.local_day(filed_at),
             "type": TYPE_LABELS.get(kind, kind), "person_id": person_id, "person_name": name,
             "status": APPLICATION_STATUS[status], "decided_on": wallclock.local_day(decided_at),
             "tone": APPLICATION_TONE.get(status, "open")}
            for year, seq, filed_at, kind, person_id, name, status, decided_at
            in query.tuples()]


def _applications(first, last, today, stand_number=None, *, limit=None):
    """The applications filed in the period; with `limit`, the first rows only (the counts
    by status come from the database either way)."""
    query = _applications_query(first, last)
    rows = _applications_rows(query if limit is None else query.limit(limit))
    counts = dict(Application.select(Application.status, pw.fn.COUNT(Application.id))
                  .where(_filed_within(first, last)).group_by(Application.status).tuples())
    total = sum(counts.values())
    by_status = ", ".join(f"{APPLICATION_STATUS[s]} {counts[s]}"
                          for s in Application.STATUSES if s in counts) or "nenhum"
    summary = [f"{total} requerimento(s) protocolado(s) no período: {by_status}."]
    columns = [("protocol", "Protocolo", "text"), ("filed_on", "Data", "date"),
               ("type", "Tipo", "text"), ("person_name", "Requerente", "text"),
               ("status", "Situação", "text"), ("decided_on", "Decidido em", "date")]
    return columns, rows, summary, total


def _applications_more(report: dict, offset: int, limit: int) -> list[dict]:
    return _applications_rows(_applications_query(report["start"], report["end"])
                              .offset(offset).limit(limit))


# --- waiting list ------------------------------------------------------------------------

def _waiting_list(first, last, today):
    rows = [{"position": w["position"], "person_id": w["person_id"],
             "person_name": w["person_name"], "cpf": w["cpf_text"],
             "enrolled_on": w["enrolled_at"].date() if w["enrolled_at"] else None,
             "status": "Convocado" if w["status"] == "called" else "Aguardando",
             "call_deadline": w["call_deadline"], "tone": "soon" if w["status"] == "called"
             else None} for w in waiting_list.ordered(on=today)]
    summary = [f"{len(rows)} pessoa(s) na lista de espera; "
               f"{sum(r['status'] == 'Convocado' for r in rows)} convocada(s)."]
    columns = [("position", "Ordem", "int"), ("person_name", "Nome", "text"),
               ("cpf", "CPF", "text"), ("enrolled_on", "Inscrição", "date"),
               ("status", "Situação", "text"), ("call_deadline", "Prazo da convocação", "date")]
    return columns, rows, summary


# --- permits ended (for the state traffic department) -------------------------------------

ENDED_STATUSES = ("revoked", "cassated", "withdrawn", "lapsed")


def _permits_ended(first, last, today):
    """The permits that ended in the period (revoked, cassated, withdrawn, lapsed) and are
    still ended, with their vehicle: the list the DETRAN asks for, as these vehicles leave
    the "aluguel" category. The day each ended is the day of its history line."""
    profile = setup.profile(today)
    ended_on: dict[int, dt.date] = {}
    for permit_id, day in (PermitHistory.select(PermitHistory.permit,
                                                PermitHistory.effective_on)
                           .where(PermitHistory.to_status.in_(ENDED_STATUSES))
                           .order_by(PermitHistory.id).tuples()):
        ended_on[permit_id] = day  # the last time it ended
    ids = [pid for pid, day in ended_on.items() if first <= day <= last]
    rows = []
    if ids:
        query = (Permit.select(Permit, Person, Vehicle)
                 .join(Person, on=(Permit.holder == Person.id))
                 .switch(Permit).join(Vehicle, pw.JOIN.LEFT_OUTER,
                                      on=(Permit.vehicle == Vehicle.id))
                 .where(Permit.id.in_(ids) & Permit.status.in_(ENDED_STATUSES)))
        for p in query:
            v = p.vehicle if p.vehicle_id else None
            rows.append({"ended_on": ended_on[p.id], "order_number": _order(profile,
                                                                             p.order_number),
                         "status": PERMIT_STATUS[p.status], "person_id": p.holder_id,
                         "person_name": p.holder.name, "cpf": format_cpf(p.holder.cpf),
                         "plate": v.plate_original if v else "",
                         "renavam": v.renavam if v else "", "chassis": v.chassis if v else "",
                         "vehicle": f"{v.make} {v.model} {v.manufacture_year}" if v else "",
                         "tone": "revoked"})
    rows.sort(key=lambda r: (r["ended_on"], r["order_number"]))
    without = sum(not r["plate"] for r in rows)
    summary = [f"{len(rows)} permissão(ões) extinta(s) no período"
               + (f"; {without} sem veículo vinculado." if without else ".")]
    columns = [("ended_on", "Extinta em", "date"), ("order_number", "Permissão", "text"),
               ("status", "Situação", "text"), ("plate", "Placa", "text"),
               ("renavam", "RENAVAM", "text"), ("chassis", "Chassi", "text"),
               ("vehicle", "Veículo", "text"), ("person_name", "Permissionário", "text"),
               ("cpf", "CPF", "text")]
    return columns, rows, summary


# --- who served at each ponto in a period (the yearly roster) ------------------------------

def _stand_stays() -> list[tuple[int, int, dt.date, dt.date | None]]:
    """(permit id, ponto number, from, to or None) of every stay of a permit at a ponto, from
    the permit histories (assign, change, release; an import's change of ponto), completed
    by the permits' current places (a place given without a history line: an import)."""
    import json
    stays: list[list] = []
    open_stay: dict[int, list] = {}

    def close(permit_id, day):
        stay = open_stay.pop(permit_id, None)
        if stay is not None:
            stay[3] = day

    def start(permit_id, number, day):
        close(permit_id, day)
        stay = [permit_id, number, day, None]
        stays.append(stay)
        open_stay[permit_id] = stay
    for permit_id, action, day, details in (PermitHistory.select(
            PermitHistory.permit, PermitHistory.action, PermitHistory.effective_on,
            PermitHistory.details).where(PermitHistory.action.in_(
                ("stand_assign", "stand_change", "stand_release", "import")))
            .order_by(PermitHistory.id).tuples()):
        data = json.loads(details or "{}")
        if action == "stand_assign":
            start(permit_id, data.get("stand_number"), day)
        elif action == "stand_change":
            if permit_id not in open_stay and data.get("old_stand_number"):
                since = data.get("old_since")
                stays.append([permit_id, data["old_stand_number"],
                              dt.date.fromisoformat(since[:10]) if since else day, day])
            start(permit_id, data.get("new_stand_number"), day)
        elif action == "stand_release":
            close(permit_id, day)
        else:  # an import's update: the place it left, the ponto it moved to
            left = data.get("stand_release")
            if left and permit_id not in open_stay:
                since = left.get("since")
                stays.append([permit_id, left["stand_number"],
                              dt.date.fromisoformat(str(since)[:10]) if since else day, day])
            if left:
                close(permit_id, day)
            after = data.get("changes", {}).get("stand", [None, None])[1]
            if str(after).isdigit():
                start(permit_id, int(after), day)
    numbers = dict(Stand.select(Stand.id, Stand.number).tuples())
    for permit_id, stand_id, since, issued in Permit.select(
            Permit.id, Permit.stand, Permit.stand_since, Permit.issued_on).where(
            Permit.stand.is_null(False)).tuples():
        stay = open_stay.get(permit_id)
        if stay is None or stay[1] != numbers[stand_id]:
            start(permit_id, numbers[stand_id], since or issued)
    for (permit_id,) in Permit.select(Permit.id).where(Permit.stand.is_null(True)).tuples():
        stay = open_stay.get(permit_id)
        if stay is not None:  # ended without a release line: until its last history day
            stay[3] = stay[3] or PermitHistory.select(PermitHistory.effective_on).where(
                PermitHistory.permit == permit_id).order_by(PermitHistory.id.desc()).scalar()
    return [tuple(s) for s in stays if s[1] is not None]


def _stand_roster_year(first, last, today, stand_number=None):
    """Every permit that held a place at each ponto at some time in the period (the yearly
    roster the município keeps): from when to when, and the holder and plate of today."""
    profile = setup.profile(today)
    if stand_number not in (None, ""):
        stand_number = validators.positive_int(str(stand_number), "Ponto", maximum=9999)
    stays = [s for s in _stand_stays() if s[2] <= last and (s[3] is None or s[3] >= first)
             and (stand_number in (None, "") or s[1] == stand_number)]
    permits = {p.id: p for p in (Permit.select(Permit, Person, Vehicle)
                                 .join(Person, on=(Permit.holder == Person.id))
                                 .switch(Permit).join(Vehicle, pw.JOIN.LEFT_OUTER,
                                                      on=(Permit.vehicle == Vehicle.id))
                                 .where(Permit.id.in_([s[0] for s in stays] or [0])))}
    names = dict(Stand.select(Stand.number, Stand.name).tuples())
    rows = []
    for permit_id, number, since, until in sorted(stays, key=lambda s: (s[1], s[2], s[0])):
        p = permits[permit_id]
        rows.append({"stand": f"{stands.label(number)} — {names.get(number, '')}",
                     "order_number": _order(profile, p.order_number),
                     "person_id": p.holder_id, "person_name": p.holder.name,
                     "cpf": format_cpf(p.holder.cpf),
                     "plate": p.vehicle.plate_original if p.vehicle_id else "",
                     "since": since, "until": until, "status": PERMIT_STATUS[p.status],
                     "tone": p.status})
    summary = [f"{len(rows)} permissão(ões) em {len({s[1] for s in stays})} ponto(s) no "
               f"período; {sum(r['until'] is None for r in rows)} ainda no ponto."]
    columns = [("stand", "Ponto", "text"), ("order_number", "Permissão", "text"),
               ("person_name", "Permissionário", "text"), ("cpf", "CPF", "text"),
               ("plate", "Placa", "text"), ("since", "No ponto desde", "date"),
               ("until", "Até", "date"), ("status", "Situação", "text")]
    return columns, rows, summary


_BUILDERS = {"stand_roster_year": _stand_roster_year, "permits_ended": _permits_ended, "permits_by_stand": _permits_by_stand, "permits_expiring": _permits_expiring,
             "inspections_due": _inspections_due, "fines": _fines,
             "applications": _applications, "waiting_list": _waiting_list}
# the reports that may list a large part of the register (permits by stand; a period's
# fines or applications, which grow with the years): run(limit=...) reads their first rows
# and counts the rest in the database; more_rows reads on (issue 23)
_PAGED = {"permits_by_stand": _permits_by_stand_more, "fines": _fines_more,
          "applications": _applications_more}


# --- export ------------------------------------------------------------------------------

def cell_text(value, kind: str) -> str:
    """A cell as the screen and the CSV show it: dd/mm/aaaa, R$ 1.234,56."""
    if value is None or value == "":
        return ""
    if kind == "money":
        return format_money(value)
    if kind == "date":
        return format_date(value)
    return str(value)


def _csv(report: dict) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([report["title"], report["period"]])
    writer.writerow([c["header"] for c in report["columns"]])
    for row in report["rows"]:
        writer.writerow([
            (f"{row[c['key']] / 100:.2f}".replace(".", ",") if c["kind"] == "money"
             and row.get(c["key"]) is not None else cell_text(row.get(c["key"]), c["kind"]))
            for c in report["columns"]])
    for line in report["summary"]:
        writer.writerow([line])
    return out.getvalue().encode("utf-8-sig")  # the BOM makes Excel read the accents


def _xlsx(report: dict) -> bytes:
    from openpyxl import Workbook  # only exports need it
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    book = Workbook()
    sheet = book.active
    sheet.title = "Relatório"
    sheet.append([report["title"]])
    sheet["A1"].font = Font(bold=True, size=12)
    sheet.append([report["period"]])
    sheet.append([c["header"] for c in report["columns"]])
    for cell in sheet[3]:
        cell.font = Font(bold=True)
    for row in report["rows"]:
        values = []
        for c in report["columns"]:
            value = row.get(c["key"])
            values.append(value / 100 if c["kind"] == "money" and value is not None else
                          (value if value not in ("",) else None))
        sheet.append(values)
        for cell, c in zip(sheet[sheet.max_row], report["columns"]):
            if c["kind"] == "money":
                cell.number_format = '"R$" #,##0.00'
            elif c["kind"] == "date":
                cell.number_format = "DD/MM/YYYY"
    sheet.append([])
    for line in report["summary"]:
        sheet.append([line])
    for i, c in enumerate(report["columns"], 1):
        longest = max([len(c["header"])] + [len(cell_text(r.get(c["key"]), c["kind"]))
                                             for r in report["rows"][:500]])
        sheet.column_dimensions[get_column_letter(i)].width = min(longest + 2, 50)
    sheet.freeze_panes = "A4"
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def export(actor: Actor, report: dict, fmt: str, *, path=None) -> bytes:
    """The report as a CSV or XLSX file's bytes; the export is audited (personal data).
    With a `path` the file is written too, before the audit entry commits (a file refused
    or not written, OutputError, leaves no entry)."""
    permissions.require(actor, "report.export")
    if fmt not in FORMATS:
        raise ValidationError("Formato", "use csv ou xlsx.")
    if path is not None:
        output_files.check_target(path)
    report = {**report, "rows": [dict(row) for row in report["rows"]]}
    _mask_cpfs(actor, report["rows"])  # a report run for someone else is masked for this one
    data = _csv(report) if fmt == "csv" else _xlsx(report)
    _audit_output(actor, report, fmt, path, data)
    return data


def print_report(actor: Actor, report: dict, *, path=None) -> dict:
    """The report as an A4 PDF under the município's header, for the print preview; with a
    `path`, written there as `export` writes."""
    from ...printing import report as report_pdf
    from ..trust import published_head
    from ..documents import municipio_header
    from ..documents.signing import signed

    permissions.require(actor, "report.print")
    if path is not None:
        output_files.check_target(path)
    report = {**report, "rows": [dict(row) for row in report["rows"]]}
    _mask_cpfs(actor, report["rows"])
    columns = report["columns"]
    table = report_pdf.ReportTable(
        title=report["title"], period=report["period"],
        headers=[c["header"] for c in columns],
        numeric=[c["kind"] in ("money", "int") for c in columns],
        cells=[[cell_text(row.get(c["key"]), c["kind"]) for c in columns]
               for row in report["rows"]],
        summary=report["summary"], trail=published_head.line())
    pdf = signed("report", report_pdf.render(table, municipio=municipio_header(),
                                             printed_at=wallclock.now(), login=actor.login))
    _audit_output(actor, report, "pdf", path, pdf)
    return {"document": "report", "pdf": pdf, "count": 1, "copies": []}


def _audit_output(actor: Actor, report: dict, fmt: str, path=None, data: bytes = b"") -> None:
    with write_transaction():
        audit.record(actor, "report.export", "report", report["key"],
                     after={"format": fmt, "period": report["period"],
                            "rows": len(report["rows"])})
        if path is not None:  # a file not written rolls the entry back
            output_files.write_atomic(path, data)

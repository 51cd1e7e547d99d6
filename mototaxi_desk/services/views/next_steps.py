"""What the person in front of the clerk needs next, each with the action that does it
(issue 36): a debt to pay (or its guia), a card never printed, a document missing from an
open application, a deferred permit not yet granted, and the deadlines of services/views/alerts.py
(vistoria, renewal, CNH, insurance...) within SOON_DAYS or overdue. Plain data; the rules
stay where they live (alerts, fees, inspections, applications, documents, counter) and
this module only asks them.

Each step: {"key", "kind", "text", "detail", "urgency" ("overdue" | "soon" | "todo"),
"action" (what the record opens: pay, inspect, print_card, application, renew, cnh,
vehicle, defence, due), "action_text", "target" (ids the action needs), "enabled", "why",
"guia" (for a debt: whether its guia can be issued)}; most urgent first."""
from __future__ import annotations

import datetime as dt

from ...domain import wallclock
from ...domain.validators import format_date
from ...store.models import Permit
from . import alerts, counter
from ..licensing import applications, permits
from .. import acts, documents, permissions
from ..payments import fees, guias
from ..register import inspections
from ..context import Actor
from .counter import debt_text

SOON_DAYS = 30  # as the deadlines' colours: ≤ 30 dias amber (UX.md)
OPEN_APPLICATION = ("protocolado", "em_analise", "pendente")
# a deadline's kind (services/views/alerts.py) -> the record's action that answers it
DEADLINE_ACTIONS = {
    "annual_inspection": ("inspect", "Vistoriar…"),
    "semiannual_inspection": ("inspect", "Vistoriar…"),
    "summons": ("inspect", "Vistoriar…"),
    "summons_missed": ("inspect", "Vistoriar…"),
    "permit_validity": ("renew", "Renovar…"),
    "renewal": ("renew", "Renovar…"),
    "cnh": ("cnh", "CNH…"),
    "insurance": ("vehicle", "Veículo…"),
    "vehicle_age": ("vehicle", "Veículo…"),
    "replacement_declaration": ("vehicle", "Veículo…"),
    "defence_deadline": ("defence", "Defesa/recurso…"),
    "appeal_deadline": ("defence", "Defesa/recurso…"),
}
_ORDER = {"overdue": 0, "todo": 1, "soon": 2}


def for_person(actor: Actor, person_id: int, *, on: dt.date | None = None,
               due: list[dict] | None = None, available: dict | None = None) -> list[dict]:
    """The person's next steps. `due` (alerts.for_person) and `available`
    (counter.actions) may be passed when the caller read them already (the record)."""
    on = on or wallclock.today()
    if due is None:
        due = alerts.for_person(person_id, on=on, days=SOON_DAYS)
    if available is None:
        available = counter.actions(actor, person_id, on=on)
    steps = (_debts(actor, person_id, available) + _cards(person_id, available)
             + _applications(actor, person_id) + _deadlines(actor, due, available, on))
    steps.sort(key=lambda s: (_ORDER[s["urgency"]], s.get("_when") or on))
    for step in steps:
        step.pop("_when", None)
    return steps


def _step(key: str, kind: str, text: str, action: str, action_text: str, *, detail="",
          urgency="todo", target=None, why="", when=None, guia=None) -> dict:
    return {"key": key, "kind": kind, "text": text, "detail": detail, "urgency": urgency,
            "action": action, "action_text": action_text, "target": target or {},
            "enabled": not why, "why": why, "guia": guia, "_when": when}


def _debts(actor: Actor, person_id: int, available: dict) -> list[dict]:
    pay = available["pay"]
    guia = guias.action_state(actor, person_id)
    return [_step(f"debt:{d['source']}:{d['id']}", "debt", f"Pagar: {debt_text(d)}", "pay",
                  "Pagar…", target={"source": d["source"], "id": d["id"]},
                  why="" if pay["enabled"] else pay["why"],
                  guia={"enabled": guia["enabled"], "why": guia["why"]})
            for d in fees.open_debts(person_id)]


def _cards(person_id: int, available: dict) -> list[dict]:
    """A permit in force whose holder never had its card printed (after a grant)."""
    state = available["second_copy"]
    out = []
    for row in Permit.select().where(Permit.holder == person_id).order_by(Permit.order_number):
        permit = permits.as_dict(row)
        if permit["status"] not in documents.CARD_STATUSES or \
                documents.latest_copy("card", str(permit["order_number"])) > 0:
            continue
        out.append(_step(f"card:{permit['id']}", "card",
                         f"Imprimir o cartão da permissão nº {permit['order_text']}",
                         "print_card", "Imprimir cartão…", target={"permit_id": permit["id"]},
                         detail="O cartão ainda não foi impresso.",
                         why="" if state["enabled"] else state["why"]))
    return out


def _applications(actor: Actor, person_id: int) -> list[dict]:
    """Open applications missing a mandatory document; deferred new permits not granted."""
    out = []
    for app in applications.list_applications(person_id=person_id):
        if app["status"] in OPEN_APPLICATION:
            missing = [c["text"] for c in app["checklist"]
                       if c["mandatory"] and not c["received"]]
            if missing:
                more = f" e mais {len(missing) - 1}" if len(missing) > 1 else ""
                out.append(_step(
                    f"documents:{app['id']}", "documents",
                    f"Requerimento {app['protocol']} ({app['type_label']}): falta(m) "
                    f"{len(missing)} documento(s)", "application", "Abrir requerimento…",
                    detail=f"{missing[0]}{more}.", target={"application_id": app["id"]}))
        elif app["type"] == "new_permit" and app["status"] == "deferido" and \
                not app["permit_id"]:
            grant = acts.get("grant").permission
            why = "" if permissions.can(actor, grant) else \
                f"Seu perfil não pode {permissions.PERMISSIONS[grant].label}."
            out.append(_step(
                f"grant:{app['id']}", "grant",
                f"Outorgar a permissão (requerimento {app['protocol']} deferido)",
                "application", "Abrir requerimento…", target={"application_id": app["id"]},
                why=why))
    return out


def _deadlines(actor: Actor, due: list[dict], available: dict, on: dt.date) -> list[dict]:
    out = []
    for item in due:
        if item["days_left"] > SOON_DAYS:
            continue
        action, action_text = DEADLINE_ACTIONS.get(item["kind"], ("due", "Abrir…"))
        when = ("venceu em " if item["days_left"] < 0 else
                "vence hoje, " if item["days_left"] == 0 else "até ") + \
            format_date(item["due_date"])
        detail = f"{when} ({item['article']})" if item.get("article") else when
        target = {"entity": item["entity"], "entity_id": item["entity_id"],
                  "permit_id": item.get("permit_id"), "plate": item.get("plate"),
                  "kind": item["kind"], "label": item["label"],
                  "due_date": item["due_date"], "article": item.get("article")}
        why = ""
        text = item["label"]
        if action == "inspect":
            text = f"Apresentar o veículo {item.get('plate') or ''} para a " \
                   f"{item['label'].split(' — ')[0].lower()}".replace("  ", " ")
            why = "" if permissions.can(actor, "inspection.record") else \
                "Só a fiscalização (fiscal, supervisor) registra vistorias."
            if item["entity"] == "vehicle":
                blocking = inspections.blocking_debts(item["entity_id"], on=on)
                if blocking:
                    detail += (f"; antes, pague os débitos em aberto ({blocking['total_text']}"
                               f", {blocking['article']})")
            if item["label"].endswith(alerts.NEVER_INSPECTED):
                detail = "nunca vistoriado; " + detail
        elif action in available:  # the record's own action (renew, cnh, defence)
            state = available[action]
            why = "" if state.get("enabled") else state.get("why", "")
        out.append(_step(f"due:{item['kind']}:{item['entity']}:{item['entity_id']}",
                         "deadline", text, action, action_text, detail=detail,
                         urgency="overdue" if item["days_left"] < 0 else "soon",
                         target=target, why=why, when=item["due_date"]))
    return out

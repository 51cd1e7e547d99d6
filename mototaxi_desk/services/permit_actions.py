"""The acts of a permit's life offered from the prontuário ("Mais ▾") and by the `permit` and
`aux` commands: transfer, interruption and its extension, resumption, desistência, the
sanctions decided case by case, reinstatement, and the auxiliary driver's credential (issue,
renewal, end, cassation of the auxiliary's own credential: SRM Art. 38 IV and §3º, L1745
Art. 17 IV and §2º); and two findings the passage of time acts on (services/clock.py): a
service interrupted without authorisation (PF Art. 12, SRM Art. 29 §ú; the `stoppage`
command) and a summons to present the vehicle for inspection (L1745 Art. 10 and §ú, SRM
Art. 17 §2º; the `summon` command).

Each act is one module of services/acts (its declaration: law test, statuses, run, texts,
document, form, command); this module is the one entry point over them. For each act it says
whether the município's law has it (`offered`: an act the
profile does not provide is not offered at all, and `run` refuses it with the article), whether
it applies now to a person's permits and credentials and why not (`states`, for the record's
menu), runs it (`run`, the one entry point of the window and the command line), and previews
it (`preview`): the rule, the fee and the consequences, before the clerk confirms.

The preview runs the act's own service in a transaction that is always rolled back and reports
what it wrote — the new status, the fees charged, the bars, the credentials ended, the place
freed, the next person called from the waiting list — or the refusal it raised. So a preview
never disagrees with the act: the rules stay in their services (permits, decisions,
auxiliary), and a rule changed there shows in the preview at once.
"""
from __future__ import annotations

import datetime as dt

from ..domain import validators
from ..domain.errors import DebtRefusal, DomainError, RuleRefusal, ValidationError
from ..domain.penalty_engine import SANCTION_LABELS
from ..domain.profiles import RuleProfile
from ..store.connection import write_transaction
from ..store.models import (AuxiliaryDriver, Fee, InspectionSummons, Permit, PermitHistory,
                            Person, PersonBar, Sanction, WaitingListEntry)
from . import acts, permissions, permit_act_texts, setup
from .licensing import auxiliary, card_licensing, permits
from .payments import fees
from .register import persons, stands
from .acts.base import auxiliary_refusal
from .context import Actor
from ..domain import wallclock

IN_FORCE = permits.IN_FORCE
STATUS_LABELS = permits.STATUS_LABELS
PREVIEW_TEXT = "(prévia)"  # stands for a text the clerk has not typed yet


# the acts, one module each (services/acts): a live mapping, an act registered later shows
ACTS = acts.ACTS
Act = acts.Act


# --- what the law has ------------------------------------------------------------------------

def law_refusal(profile: RuleProfile, act: str) -> RuleRefusal | None:
    """None when the município's law provides the act; otherwise the refusal, with the
    article where the law is silent or says no (the act's own test, services/acts)."""
    return ACTS[act].law_refusal(profile)


def offered(profile: RuleProfile | None = None) -> list[str]:
    """The acts of the record's "Mais ▾" menu the município's law provides, in menu order
    (today's wording by default); grant and renew are offered elsewhere (acts.in_menu)."""
    profile = profile or setup.profile_today()
    return [key for key in acts.in_menu() if law_refusal(profile, key) is None]


def require_offered(act: str, on: dt.date | None = None) -> None:
    """Refuse an act the law in force on its date (today by default) does not provide."""
    if act not in ACTS:
        raise ValidationError("Ação", f"'{act}' não é uma ação da permissão.")
    refusal = law_refusal(setup.profile(on or wallclock.today()), act)
    if refusal is not None:
        raise refusal


# --- what applies now (the record's menu) ----------------------------------------------------

def _role_why(actor: Actor, act: Act) -> str:
    if permissions.can(actor, act.permission):
        return ""
    return f"Seu perfil não pode {permissions.PERMISSIONS[act.permission].label}."


def credentials_for(person_id: int) -> list[AuxiliaryDriver]:
    """Active auxiliary credentials the record reaches: on the person's permits (the holder
    answers for them) and the person's own as an auxiliary driver."""
    held = Permit.select(Permit.id).where(Permit.holder == person_id)
    return list(AuxiliaryDriver.select(AuxiliaryDriver, Permit)  # with its permit: one query
                .join(Permit, on=(AuxiliaryDriver.permit == Permit.id)).where(
        AuxiliaryDriver.active & ((AuxiliaryDriver.permit.in_(held)) |
                                  (AuxiliaryDriver.person == person_id)))
        .order_by(AuxiliaryDriver.id))


def states(actor: Actor, person_id, *, on: dt.date | None = None) -> dict[str, dict]:
    """{act: {"enabled", "why", "label", "permit_ids", "auxiliary_ids"}} for the acts the
    law provides (the others are absent): enabled when the role may do it and a permit or
    credential of the record is in a status it applies to; otherwise why not."""
    profile = setup.profile(on or wallclock.today())
    held = list(Permit.select().where(Permit.holder == person_id).order_by(Permit.order_number))
    credentials = None
    result = {}
    for key in offered(profile):
        act = ACTS[key]
        why = _role_why(actor, act)
        permit_ids, auxiliary_ids = [], []
        if act.credential:
            credentials = credentials if credentials is not None else credentials_for(person_id)
            live = {c.permit_id: c.permit.status for c in credentials}
            auxiliary_ids = [c.id for c in credentials
                             if not act.statuses or live.get(c.permit_id) in act.statuses]
            found = bool(auxiliary_ids)
        else:
            statuses = act.statuses_on(profile)
            permit_ids = [p.id for p in held if p.status in statuses]
            found = bool(permit_ids)
        enabled = not why and found
        result[key] = {"enabled": enabled, "why": "" if enabled else (why or act.none_why),
                       "label": act.label, "title": act.title, "permit_ids": permit_ids,
                       "auxiliary_ids": auxiliary_ids}
    result.update(_print_states(actor, person_id, held, profile, credentials))
    return result


def _permits_with_acts(permit_ids: list[int]) -> set[int]:
    """Those of the permits with a line act_documents prints (its acts_of not empty), in one
    query and without importing it: its ReportLab layouts are for the print, not the menu."""
    printed = list(acts.printed())
    if not permit_ids or not printed:
        return set()
    return {p for (p,) in PermitHistory.select(PermitHistory.permit).where(
        PermitHistory.permit.in_(permit_ids) & PermitHistory.action.in_(printed))
        .distinct().tuples()}


def _print_states(actor: Actor, person_id, held: list[Permit], profile,
                  credentials: list[AuxiliaryDriver] | None = None) -> dict[str, dict]:
    """The menu's two print entries: the document of an act done on a permit, and the
    auxiliary driver's card (where the law has auxiliary drivers)."""
    states = {}
    printable = _permits_with_acts([p.id for p in held])
    with_acts = [p.id for p in held if p.id in printable]
    why = ("" if permissions.can(actor, "print.termo") else
           f"Seu perfil não pode {permissions.PERMISSIONS['print.termo'].label}.")
    states["print_act"] = {"enabled": not why and bool(with_acts), "permit_ids": with_acts,
                           "why": why or ("" if with_acts else
                                          "Nenhum ato registrado nas permissões desta pessoa.")}
    if auxiliary_refusal(profile) is None:  # the law has auxiliary drivers
        if credentials is None:  # not read yet by states (the acts above)
            credentials = credentials_for(person_id)
        live = [c for c in credentials if c.permit.status in auxiliary.LIVE_STATUSES]
        states["aux_card"] = {"enabled": bool(live),
                              "permit_ids": sorted({c.permit_id for c in live}),
                              "auxiliary_ids": [c.id for c in live],
                              "why": "" if live else
                              "Nenhuma credencial de condutor auxiliar ativa."}
    return states


# --- doing it ----------------------------------------------------------------------------------

def run(actor: Actor, act: str, *, permit_id=None, auxiliary_id=None, **inputs) -> dict:
    """Do the act through its service (one transaction, audited); the refusal of the law,
    the role or the rule is the service's own. Inputs by act:
    transfer: new_holder_id, new_vehicle_id, on_death, act_number, on, owner_relation;
    interrupt: start, days, act_number, reason; extend: days, act_number, on;
    resume: reason, on; desist: reason, act_number, on;
    suspend / revoke / cassate: ground, reason, act_number, on, until or days, notice_ids;
    reinstate: reason, act_number, on; license: act_number, on;
    aux_issue: person_id, on; aux_renew: on;
    aux_end: reason, on; aux_cassate: reason, act_number, on;
    stoppage: since, reason, act_number, on; summon: deadline, act_number, on;
    grant (not in the menu): holder_id, vehicle_id, stand_id, application_id, act_number,
    owner_relation, on; renew (the record's button): act_number, on."""
    require_offered(act, ACTS[act].act_day(inputs) if act in ACTS else None)
    return ACTS[act].run(actor, permit_id=permit_id, auxiliary_id=auxiliary_id, **inputs)


# --- the preview -----------------------------------------------------------------------------

class _RolledBack(Exception):
    """Ends the preview's transaction with a rollback."""


def _watch(permit_id, auxiliary_id) -> dict:
    """What an act may change, read before it runs (inside the preview's transaction)."""
    ids = {permit_id} if permit_id else set()
    if auxiliary_id:
        aux = AuxiliaryDriver.get_or_none(AuxiliaryDriver.id == auxiliary_id)
        if aux is not None:
            ids.add(aux.permit_id)
    return {
        "permits": {p.id: _permit_facts(p) for p in Permit.select().where(Permit.id.in_(ids))},
        "cards": {p.id: card_licensing.card_valid_until(p)
                  for p in Permit.select().where(Permit.id.in_(ids))},
        "fee": Fee.select(Fee.id).order_by(Fee.id.desc()).scalar() or 0,
        "bar": PersonBar.select(PersonBar.id).order_by(PersonBar.id.desc()).scalar() or 0,
        "bars_in_force": {b.id for b in PersonBar.select(PersonBar.id).where(
            PersonBar.permit.in_(ids) & ~PersonBar.lifted)} if ids else set(),
        "aux": AuxiliaryDriver.select(AuxiliaryDriver.id).order_by(
            AuxiliaryDriver.id.desc()).scalar() or 0,
        "aux_active": {a.id: a.valid_until for a in AuxiliaryDriver.select().where(
            AuxiliaryDriver.active & (AuxiliaryDriver.permit.in_(ids) |
                                      (AuxiliaryDriver.id == (auxiliary_id or 0))))},
        "called": {e.id for e in WaitingListEntry.select(WaitingListEntry.id).where(
            WaitingListEntry.status == "called")},
        "sanction": Sanction.select(Sanction.id).order_by(Sanction.id.desc()).scalar() or 0,
        "applied": {s.id for s in Sanction.select(Sanction.id).where(
            Sanction.permit.in_(ids) & (Sanction.status == "applied"))} if ids else set(),
        "history": PermitHistory.select(PermitHistory.id).order_by(
            PermitHistory.id.desc()).scalar() or 0,
        "summons": InspectionSummons.select(InspectionSummons.id).order_by(
            InspectionSummons.id.desc()).scalar() or 0,
    }


def _permit_facts(p: Permit) -> dict:
    return {"status": p.status, "status_until": p.status_until, "valid_until": p.valid_until,
            "holder_id": p.holder_id, "vehicle_id": p.vehicle_id, "stand_id": p.stand_id,
            "order_number": p.order_number}


def _name(person_id) -> str:
    person = Person.get_or_none(Person.id == person_id)
    return person.name if person else f"pessoa nº {person_id}"


def _plate(vehicle_id) -> str:
    from ..store.models import Vehicle
    vehicle = Vehicle.get_or_none(Vehicle.id == vehicle_id) if vehicle_id else None
    return vehicle.plate_original if vehicle else "nenhum"


def _stand(stand_id) -> str:
    from ..store.models import Stand
    stand = Stand.get_or_none(Stand.id == stand_id) if stand_id else None
    return stands.label(stand.number) if stand else "sem ponto"


def _effects(before: dict) -> dict:
    """What the act wrote, as plain lines and fee items."""
    lines: list[str] = []
    charged = [fees.as_dict(f) for f in Fee.select().where(Fee.id > before["fee"])
               .order_by(Fee.id)]
    for permit_id, old in before["permits"].items():
        new = _permit_facts(Permit.get_by_id(permit_id))
        if new["status"] != old["status"] or new["status_until"] != old["status_until"]:
            until = (f" até {validators.format_date(new['status_until'])}"
                     if new["status_until"] else "")
            lines.append(f"Situação da permissão: {STATUS_LABELS[old['status']]} → "
                         f"{STATUS_LABELS[new['status']]}{until}.")
        if new["holder_id"] != old["holder_id"]:
            lines.append(f"Permissionário: {_name(old['holder_id'])} → "
                         f"{_name(new['holder_id'])}, pelo prazo que resta da permissão "
                         f"(validade {validators.format_date(new['valid_until'])}).")
        if new["vehicle_id"] != old["vehicle_id"]:
            lines.append(f"Veículo da permissão: {_plate(old['vehicle_id'])} → "
                         f"{_plate(new['vehicle_id'])}.")
        if new["valid_until"] != old["valid_until"]:
            lines.append(f"Validade: {validators.format_date(old['valid_until'])} → "
                         f"{validators.format_date(new['valid_until'])}.")
        card = card_licensing.card_valid_until(Permit.get_by_id(permit_id))
        if card != before["cards"].get(permit_id, card):
            lines.append(f"Validade do cartão de permissão: "
                         f"{validators.format_date(before['cards'][permit_id])} → "
                         f"{validators.format_date(card)}.")
        if new["stand_id"] != old["stand_id"]:
            lines.append(f"Vaga no ponto: {_stand(old['stand_id'])} → {_stand(new['stand_id'])}"
                         + (" (a vaga fica livre)." if not new["stand_id"] else "."))
    for aux_id, valid_until in before["aux_active"].items():
        aux = AuxiliaryDriver.get_by_id(aux_id)
        if not aux.active:
            how = "cassada" if (aux.end_reason or "").startswith("Cassação") else "encerrada"
            lines.append(f"Credencial de condutor auxiliar {how}: {aux.person.name}.")
        elif aux.valid_until != valid_until:
            lines.append(f"Credencial de {aux.person.name} renovada até "
                         f"{validators.format_date(aux.valid_until)}.")
    for row in InspectionSummons.select().where(InspectionSummons.id > before["summons"]):
        lines.append(f"Intimado(a) a apresentar o veículo à vistoria até "
                     f"{validators.format_date(row.deadline)}.")
    for aux in AuxiliaryDriver.select().where(AuxiliaryDriver.id > before["aux"]):
        until = (f" até {validators.format_date(aux.valid_until)}" if aux.valid_until
                 else " sem prazo de validade")
        lines.append(f"{aux.person.name} credenciado(a) como condutor auxiliar{until}.")
    for bar in PersonBar.select().where(PersonBar.id > before["bar"]).order_by(PersonBar.id):
        until = (f"até {validators.format_date(bar.until)}" if bar.until
                 else "por tempo indeterminado")
        what = ("de nova outorga" if bar.reason == "transferor" else
                "de novo credenciamento como condutor auxiliar"
                if bar.reason == "credential_cassation" else
                "de nova permissão e de credencial de condutor auxiliar")
        lines.append(f"{bar.person.name} fica impedido(a) {what} {until} ({bar.article}).")
    lifted = [b for b in before["bars_in_force"]
              if PersonBar.get_by_id(b).lifted]
    if lifted:
        lines.append(f"Impedimento(s) da cassação levantado(s): {len(lifted)}.")
    if before["applied"]:
        for sanction in Sanction.select().where(Sanction.id.in_(list(before["applied"])) &
                                                (Sanction.status == "undone")):
            lines.append(f"Sanção desconstituída: {SANCTION_LABELS[sanction.kind]} "
                         f"({sanction.article}).")
    for entry in WaitingListEntry.select().where(
            (WaitingListEntry.status == "called") &
            WaitingListEntry.id.not_in(list(before["called"]) or [0])):
        lines.append(f"Convocado(a) da lista de espera: {entry.person.name}, até "
                     f"{validators.format_date(entry.call_deadline)}.")
    after = {pid: _permit_facts(Permit.get_by_id(pid)) for pid in before["permits"]}
    return {"lines": lines, "after": after, "fees": [f"{f['label']} — {f['amount_text']} ({f['units_text']}, "
                                     f"{f['article']}), lançada para {_name(f['person_id'])}"
                                     if f["units_text"] else
                                     f"{f['label']} — {f['amount_text']} ({f['article']}), "
                                     f"lançada para {_name(f['person_id'])}"
                                     for f in charged]}


def dry_run(actor: Actor, act: str, **inputs) -> dict:
    """Run the act and roll it back: {"effects": {...}} or {"refusal": "..."}."""
    outcome: dict = {}
    try:
        with write_transaction():
            before = _watch(inputs.get("permit_id"), inputs.get("auxiliary_id"))
            try:
                run(actor, act, **inputs)
                outcome["effects"] = _effects(before)
            except DomainError as exc:
                outcome["refusal"] = str(exc)
                outcome["field"] = getattr(exc, "field", "")
                if isinstance(exc, DebtRefusal):  # the form offers to pay them (issue 36)
                    outcome["debts"] = {"person_id": exc.person_id, "debts": exc.debts}
            raise _RolledBack
    except _RolledBack:
        pass
    return outcome


def _placeholders(act: str, inputs: dict, profile: RuleProfile) -> dict:
    """Texts the clerk has not typed yet stand in as '(prévia)' so the preview can run."""
    filled = dict(inputs)
    for key in ("reason", "act_number"):
        if not str(filled.get(key) or "").strip():
            filled[key] = PREVIEW_TEXT
    ACTS[act].placeholders(profile, filled)
    return filled


def preview(actor: Actor, act: str, *, dry: bool = True, **inputs) -> dict:
    """What the act would do now with these inputs: {"title", "rules": [...], "fees": [...],
    "consequences": [...], "refusal": "", "after": {permit_id: facts}}. The rules and fees
    come from the profile; the consequences and the refusal from the act itself, run and
    rolled back (dry=False: the rules and fees only, e.g. before the person is chosen)."""
    on = ACTS[act].act_day(inputs) if act in ACTS else None
    require_offered(act, on)
    profile = setup.profile(on)  # the wording in force on the act's date, as `run` judges it
    spec = ACTS[act]
    result = {"act": act, "title": spec.title, "after": {},
              "rules": permit_act_texts.rules(profile, act, inputs),
              "fees": permit_act_texts.fees(profile, act), "consequences": [], "refusal": ""}
    why = _role_why(actor, spec)
    if why:  # never run it: the refusal would be audited
        result["refusal"] = why
        return result
    if not dry:
        return result
    outcome = dry_run(actor, act, **_placeholders(act, inputs, profile))
    if "refusal" in outcome:
        result["refusal"] = outcome["refusal"]
        result["debts"] = outcome.get("debts")
    else:
        effects = outcome["effects"]
        result["after"] = effects["after"]
        result["consequences"] = effects["lines"] + permit_act_texts.notes(profile, act, inputs)
        result["fees"] = effects["fees"] or ["Nenhuma taxa é lançada por este ato."]
    return result


# --- lists for the forms -----------------------------------------------------------------------

def check_new_holder(person_id, *, on: dt.date | None = None) -> None:
    """Refuse at once, as the transfer would, a new holder who may not hold a permit (the
    person's requirements and bars, debts, one permit per person) — before a vehicle is
    chosen; the transfer itself checks again, with the vehicle."""
    from ..domain import permit_rules
    on = on or wallclock.today()
    profile = setup.profile(on)
    permits.check_holder(profile, person_id, on)
    fees.check_no_debts(person_id, "a transferência")
    permit_rules.check_permits_per_person(profile, permits.held_by(person_id),
                                          fleet_owner=False)


def person_for_cpf(cpf_text) -> dict:
    """The person with this CPF (for the new holder or the auxiliary driver)."""
    person = persons.person_by_cpf(cpf_text)
    return {"id": person.id, "name": person.name, "cpf_text": validators.format_cpf(person.cpf)}


def vehicles_of(person_id) -> list[dict]:
    """The person's active vehicles, for the transfer."""
    from ..store.models import Vehicle
    return [{"id": v.id, "text": f"{v.plate_original} · {v.make} {v.model} "
                                 f"{v.manufacture_year}, {v.cc} cc"}
            for v in Vehicle.select().where((Vehicle.owner == person_id) & Vehicle.active)
            .order_by(Vehicle.id)]


def credential_text(aux: AuxiliaryDriver) -> str:
    until = validators.format_date(aux.valid_until) if aux.valid_until else "sem prazo"
    return (f"{aux.person.name} — permissão nº {permits.as_dict(aux.permit)['order_text']}, "
            f"válida até {until}")


def credentials(ids) -> list[dict]:
    return [{"id": a.id, "text": credential_text(a), "person_id": a.person_id,
             "permit_id": a.permit_id, "order_number": a.permit.order_number}
            for a in AuxiliaryDriver.select().where(AuxiliaryDriver.id.in_(list(ids)))
            .order_by(AuxiliaryDriver.id)]


def notices_for(permit_id) -> list[dict]:
    """The permit's active notices, for a decided sanction to rest on."""
    from . import ledger
    from ..store.models import InfractionNotice
    rows = (InfractionNotice.select().where((InfractionNotice.permit == permit_id) &
                                            (InfractionNotice.status == "active"))
            .order_by(InfractionNotice.occurred_on))
    return [{"id": n.id, "number": ledger.number_text(n),
             "text": f"Auto nº {ledger.number_text(n)} — {n.infraction_code} "
                     f"({validators.format_date(n.occurred_on)})"} for n in rows]


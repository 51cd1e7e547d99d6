"""Permits: grant, renew, transfer, interrupt and resume, desist, suspend, revoke, cassate,
reinstate. Each is one transaction, audited, with a history line; the rules are the
profile's (domain.permit_rules, holder_rules, vehicle_rules)."""
from __future__ import annotations

import datetime as dt
import json

import peewee as pw

from ...domain import permit_rules, validators, vehicle_rules
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...store.connection import locked, write_transaction
from ...store.seals import sealed_update
from ...store.models import (Application, AuxiliaryDriver, MunicipioSettings, Permit, PermitHistory,
                             Person, Stand, Vehicle, WaitingListEntry)
from .. import audit, permissions, setup
from . import bars, eligibility, permit_history, waiting_list
from ..payments import fees
from ..views import lookup
from ..administration import sequences
from ..register import stands
from ..as_of import as_of
from ..context import Actor
from ...domain import permit_status, wallclock
from ...domain.permit_status import PermitAction

DECIDERS = permissions.DECIDERS  # the GUI asks; services check services/permissions.py
# Permits that count against the cap and hold their stand place: every one not ended. An
# expired permit still may be renewed (in the grace days under L1745 Art. 9 §2º), so it
# keeps both until it is renewed or lapses; the Painel and the reports count these.
IN_FORCE = tuple(s.value for s in permit_status.IN_FORCE)
STATUS_LABELS = permit_status.STATUS_LABELS


def _today(on) -> dt.date:
    return on or wallclock.today()


def _act(act_number) -> str:
    return validators.text(act_number, "Nº do ato", max_length=60, required=False)


def _reason(reason, required=True) -> str:
    return validators.text(reason, "Motivo", max_length=500, required=required)


get_permit = lookup.get_permit


def by_order_number(number) -> Permit:
    permit = Permit.get_or_none(Permit.order_number == number)
    if permit is None:
        raise ValidationError("Permissão", f"permissão de ordem nº {number} não existe.")
    return permit


def permit(permit_id) -> dict:
    """One permit as plain data (as_dict): the screens' getter."""
    return as_dict(get_permit(permit_id))


def permit_by_order_number(number) -> dict:
    return as_dict(by_order_number(number))


def as_dict(permit: Permit) -> dict:
    profile = setup.profile_today()
    data = audit.snapshot(permit)
    data.update(order_text=permit_rules.format_order_number(profile, permit.order_number),
                status_label=STATUS_LABELS[permit.status], holder_name=permit.holder.name,
                plate=permit.vehicle.plate_original if permit.vehicle_id else "",
                stand_number=permit.stand.number if permit.stand_id else None)
    return data


def in_force_count() -> int:
    return Permit.select().where(Permit.status.in_(IN_FORCE)).count()


def held_by(person_id: int) -> int:
    return Permit.select().where((Permit.holder == person_id) &
                                 Permit.status.in_(IN_FORCE)).count()


def check_holder(profile, person_id: int, on: dt.date) -> None:
    """Everything a person must meet to hold a permit (grant and transfer)."""
    eligibility.check_person(profile, person_id, on)


def _check_vehicle(profile, vehicle_id, holder_id: int, on: dt.date, *,
                   permit_id: int | None = None, owner_relation: str | None = None) -> Vehicle:
    vehicle = locked(Vehicle.select().where(Vehicle.id == vehicle_id)).first()
    if vehicle is None or not vehicle.active:
        raise ValidationError("Veículo", f"veículo nº {vehicle_id} não existe ou foi baixado.")
    if vehicle.out_of_service:
        raise RuleRefusal(f"O veículo {vehicle.plate_original} foi reprovado na vistoria e "
                          "está fora de circulação", profile.inspection.article)
    serving = Permit.select().where((Permit.vehicle == vehicle.id) &
                                    Permit.status.in_(IN_FORCE))
    if permit_id:
        serving = serving.where(Permit.id != permit_id)
    if serving.exists():
        raise RuleRefusal(f"O veículo {vehicle.plate_original} já serve outra permissão",
                          profile.permit.max_per_person_article)
    vehicle_rules.check_for_service(
        profile, vehicle_rules.VehicleFacts(vehicle.manufacture_year, vehicle.cc,
                                            vehicle.owner_id, vehicle.insurance_cover_cents,
                                            vehicle.insurance_expiry),
        holder_id=holder_id, on=on, at_grant=True, owner_relation=owner_relation)
    return vehicle


def _owner_details(vehicle_id, holder_id: int, owner_relation: str | None) -> dict:
    """For the history line: the declared relation of a vehicle owned by someone else
    (vehicle.owner_rule "holder_or_family"), so a renewal finds it."""
    owner = Vehicle.get_by_id(vehicle_id).owner_id
    return {"owner_relation": owner_relation} if owner != holder_id and owner_relation else {}


def _declared_relation(permit: Permit) -> str | None:
    """The relation declared for the permit's current vehicle owner, if any."""
    for line in (PermitHistory.select().where(
            (PermitHistory.permit == permit.id) &
            PermitHistory.action.in_((PermitAction.GRANT, PermitAction.TRANSFER,
                                      PermitAction.VEHICLE_SUBSTITUTION)))
            .order_by(PermitHistory.id.desc())):
        return json.loads(line.details or "{}").get("owner_relation")
    return None


def grant_permit(actor: Actor, *, holder_id, vehicle_id, stand_id=None, on=None,
                 application_id=None, fleet_owner=False, act_number="",
                 owner_relation=None) -> dict:
    """Grant a permit. When the cap is reached the applicant is put on the waiting list
    instead and {"waiting_list": ...} is returned (SRM Art. 8, PF Art. 7 §4, L1745 Art. 6).
    `owner_relation`: the declared relation of a vehicle owner who is not the holder, where
    the profile accepts family (vehicle.owner_rule)."""
    permissions.require(actor, "permit.grant")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    act_number = _act(act_number)
    owner_relation = vehicle_rules.clean_owner_relation(owner_relation)
    profile = act.profile
    # checks and writes in one transaction: what is checked is what gets written
    with write_transaction():
        population = _lock_grants()
        check_holder(profile, holder_id, on)
        _lock_rows(Person, holder_id)
        permit_rules.check_permits_per_person(profile, held_by(holder_id),
                                              fleet_owner=fleet_owner)
        fees.check_no_debts(holder_id, "a outorga", on=on)
        _check_vehicle(profile, vehicle_id, holder_id, on, owner_relation=owner_relation)
        try:
            permit_rules.check_cap(profile, population, in_force_count())
        except RuleRefusal as full:
            if not permit_rules.has_waiting_list(profile):
                raise  # the law has no waiting list (waiting_list.mode = "none")
            return {"granted": False, "message": str(full),
                    "waiting_list": _put_on_waiting_list(actor, holder_id, on)}
        application = None
        if application_id is not None:
            application = Application.get_or_none(Application.id == application_id)
            if application is None or application.type != "new_permit" or \
                    application.person_id != holder_id or application.status != "deferido":
                raise ValidationError("Requerimento", "informe um requerimento de nova "
                                                      "permissão deferido deste requerente.")
        permit = Permit.create(order_number=sequences.next_value("permit_order"),
                               holder=holder_id, vehicle=vehicle_id, issued_on=on,
                               held_since=on, valid_until=permit_rules.validity_end(profile, on),
                               fleet_owner=bool(fleet_owner and
                                                profile.permit.fleet_owner_exception))
        permit_history.record(actor, permit, "grant", on=on, to_status="active",
                              act_number=act_number, details={
                                  "holder_id": holder_id, "vehicle_id": vehicle_id,
                                  **_owner_details(vehicle_id, holder_id, owner_relation)})
        if stand_id is not None:
            stands.assign_permit(actor, permit.id, stand_id, on=on)
        if application is not None:
            application.permit = permit.id
            application.save()
        fee_key = profile.application("new_permit").fee_key
        if fee_key:
            fees.charge(actor, holder_id, fee_key, on=on, permit_id=permit.id,
                        application_id=application_id)
        # a called person granted ends the call; another place still free passes to the
        # next on the list where the law calls by itself (PF Art. 12 §ú)
        listed = waiting_list.mark_granted(actor, holder_id, on=on) or {}
        permit = get_permit(permit.id)
        audit.record(actor, "permit.grant", "permit", permit.id, after=audit.snapshot(permit))
    return {"granted": True, **as_dict(permit), "next_called": listed.get("next_called")}


def _lock_grants() -> int:
    """Grants take turns: the município row (its population sets the cap) stays locked
    until commit on PostgreSQL, so two counters never both see the last free permit; SQLite's
    write transaction already runs alone. Returns the population."""
    return locked(MunicipioSettings.select(MunicipioSettings.population)).scalar()


def _lock_rows(model, *ids) -> None:
    """Lock these rows (PostgreSQL) until the action's transaction ends."""
    list(locked(model.select(model.id).where(model.id.in_([i for i in ids if i is not None]))
                .order_by(model.id)))


def _put_on_waiting_list(actor: Actor, person_id: int, on: dt.date) -> dict:
    """The applicant who found the cap full waits for a vacancy (once)."""
    entry = WaitingListEntry.get_or_none((WaitingListEntry.person == person_id) &
                                         WaitingListEntry.status.in_(("waiting", "called")))
    if entry is not None:
        return {"id": entry.id, "status": entry.status, "already": True}
    return waiting_list.enrol(actor, person_id, on=on)


def _change_status(actor: Actor, permit: Permit, action: str, to_status: str, *, on,
                   reason="", act_number="", status_until=None, details=None,
                   changes: dict | None = None) -> Permit:
    before = audit.snapshot(permit)
    from_status = permit.status
    permit.status = to_status
    permit.status_until = status_until
    for field, value in (changes or {}).items():
        setattr(permit, field, value)
    permit.save()
    permit_history.record(actor, permit, action, on=on, from_status=from_status,
                          to_status=to_status, reason=reason, act_number=act_number,
                          details=details)
    audit.record(actor, f"permit.{action}", "permit", permit.id, before=before,
                 after=audit.snapshot(permit))
    return permit


def _end_auxiliaries(permit: Permit, on: dt.date, reason: str) -> None:
    """The permit's active auxiliary credentials end with it (each checked and sealed)."""
    ids = [i for (i,) in AuxiliaryDriver.select(AuxiliaryDriver.id).where(
        (AuxiliaryDriver.permit == permit.id) & AuxiliaryDriver.active).tuples()]
    sealed_update(AuxiliaryDriver, ids, active=False, ended_on=on, end_reason=reason)


def _end(actor: Actor, permit: Permit, action: str, to_status: str, *, on, reason,
         act_number, call_on=None) -> dict | None:
    """A permit ends: its stand place frees, its auxiliary credentials end, and where the
    profile calls the waiting list automatically (PF Art. 12 §ú) the next one is called —
    on `call_on` when the end took effect earlier than the day it is recorded (the passage
    of time), so the called person's deadline counts from the call. Returns the waiting-list
    entry called, if any."""
    if permit.stand_id is not None:
        stands.release_place(actor, permit.id, on=on, reason=reason)
        permit = get_permit(permit.id)
    _end_auxiliaries(permit, on, reason)
    permit = _change_status(actor, permit, action, to_status, on=on, reason=reason,
                            act_number=act_number)
    return waiting_list.call_for_free_place(
        actor, on=call_on or on,
        reason=f"Permissão nº {lookup.permit_number(permit)} revertida: {reason}")


def _called(entry: dict | None) -> list[dict]:
    """The change line of a waiting-list call the passage of time made (services/clock)."""
    if entry is None:
        return []
    return [{"kind": "called", "entity": "waiting_list_entry", "id": entry["id"],
             "person_id": entry["person_id"], "person_name": entry["person_name"],
             "effective_on": entry["called_at"].date() if entry["called_at"] else None,
             "detail": f"prazo para comparecer até {entry['call_deadline']:%d/%m/%Y}"}]


def _relock(permit: Permit) -> Permit:
    """The permit read again inside the action's transaction, locked (PostgreSQL) until it
    ends: a second counter acting on the same permit at once waits here, then finds it
    changed and is refused instead of repeating the action (two revocations, two renewals)."""
    current = locked(Permit.select().where(Permit.id == permit.id)).first()
    seen = ("status", "status_until", "valid_until", "holder_id", "vehicle_id")
    if current is None or any(getattr(current, f) != getattr(permit, f) for f in seen):
        raise DomainError(f"A permissão nº {lookup.permit_number(permit)} acabou de ser alterada em "
                          "outro terminal; consulte-a de novo.")
    return current


def _require_status(permit: Permit, allowed: tuple[str, ...], what: str) -> None:
    if permit.status not in allowed:
        raise DomainError(f"Permissão nº {lookup.permit_number(permit)} está "
                          f"{STATUS_LABELS[permit.status].lower()}: não é possível {what}.")


def renew_permit(actor: Actor, permit_id, *, on=None, act_number="",
                 application_id=None) -> dict:
    """Renew (SRM Art. 51: 5 years; PF Art. 2 §3: yearly; L1745 Art. 9: by 31 March, then
    30 days with a 5-UFICA fine, then the permit lapses). Under a yearly deadline a
    suspended permit is renewed too and stays suspended (permit_rules.renewable_statuses)."""
    permissions.require(actor, "permit.renew")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    act_number = _act(act_number)
    profile = act.profile
    permit = get_permit(permit_id)
    _require_status(permit, permit_rules.renewable_statuses(profile), "renovar")
    terms = permit_rules.renewal_terms(profile, permit.valid_until, on)
    check_holder(profile, permit.holder_id, on)
    if permit.vehicle_id is not None:
        vehicle = permit.vehicle
        vehicle_rules.check_for_service(
            profile, vehicle_rules.VehicleFacts(vehicle.manufacture_year, vehicle.cc,
                                                vehicle.owner_id, vehicle.insurance_cover_cents,
                                                vehicle.insurance_expiry),
            holder_id=permit.holder_id, on=on, at_grant=False,
            owner_relation=_declared_relation(permit))
    with write_transaction():
        permit = _relock(permit)
        fees.check_no_debts(permit.holder_id, "a renovação", renewal=True, on=on)
        # a suspended permit renewed in time (L1745 Art. 9) stays suspended to its end
        suspended = permit.status == "suspended"
        _change_status(actor, permit, "renew", "suspended" if suspended else "active", on=on,
                       act_number=act_number,
                       status_until=permit.status_until if suspended else None,
                       changes={"valid_until": terms.new_valid_until},
                       details={"valid_until_before": permit.valid_until,
                                "valid_until": terms.new_valid_until})
        fee_key = profile.application("renewal").fee_key
        if fee_key:
            fees.charge(actor, permit.holder_id, fee_key, on=on, permit_id=permit.id,
                        application_id=application_id)
        if terms.late_fine_units:
            fees.charge(actor, permit.holder_id, "late_renewal", on=on, permit_id=permit.id,
                        units=terms.late_fine_units, label="Multa por renovação fora do prazo",
                        article=profile.renewal.article)
    return as_dict(get_permit(permit.id))


def transfer_permit(actor: Actor, permit_id, *, new_holder_id, new_vehicle_id, on=None,
                    on_death=False, act_number="", owner_relation=None) -> dict:
    """SRM Art. 4 §9: after 3 years, to someone who meets the requirements; the transferor
    is barred from a new grant; §8: on death or disability to the spouse or children."""
    permissions.require(actor, "permit.transfer")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    act_number = _act(act_number)
    owner_relation = vehicle_rules.clean_owner_relation(owner_relation)
    profile = act.profile
    permit = get_permit(permit_id)
    _require_status(permit, ("active",), "transferir")
    permit_rules.check_transfer(profile, permit.held_since or permit.issued_on, on,
                                on_death=on_death)
    if new_holder_id == permit.holder_id:
        raise ValidationError("Novo permissionário", "informe uma pessoa diferente do atual.")
    check_holder(profile, new_holder_id, on)
    with write_transaction():
        permit = _relock(permit)
        _lock_rows(Person, new_holder_id)
        # SRM Art. 50: both sides of the request owe nothing — except a holder who died or
        # became disabled, whose permit passes to the family "automaticamente" (Art. 4 §8º)
        if not on_death:
            fees.check_no_debts(permit.holder_id, "a transferência (débitos do "
                                                  "permissionário atual)", on=on)
        fees.check_no_debts(new_holder_id, "a transferência (débitos do novo permissionário)",
                            on=on)
        permit_rules.check_permits_per_person(profile, held_by(new_holder_id),
                                              fleet_owner=False)
        _check_vehicle(profile, new_vehicle_id, new_holder_id, on, permit_id=permit.id,
                       owner_relation=owner_relation)
        old_holder, old_vehicle = permit.holder_id, permit.vehicle_id
        before = audit.snapshot(permit)
        permit.holder, permit.vehicle, permit.held_since = new_holder_id, new_vehicle_id, on
        permit.save()
        _end_auxiliaries(permit, on, "transferência")
        permit_history.record(actor, permit, "transfer", on=on, from_status=permit.status,
                              act_number=act_number,
                              reason="falecimento ou invalidez" if on_death else "",
                              details={"from_holder_id": old_holder, "to_holder_id": new_holder_id,
                                       "from_vehicle_id": old_vehicle,
                                       "to_vehicle_id": new_vehicle_id,
                                       **_owner_details(new_vehicle_id, new_holder_id,
                                                        owner_relation)})
        if profile.transfer.transferor_barred and not on_death:
            bars.bar(old_holder, "transferor", since=on, until=None,
                     article=profile.transfer.article, permit_id=permit.id)
        if profile.transfer.fee_key:
            fees.charge(actor, new_holder_id, profile.transfer.fee_key, on=on,
                        permit_id=permit.id)
        # the new holder no longer waits for a permit: his open waiting-list entry ends as
        # granted, as on a grant (else the list would later call a holder, whom the limit
        # of permits per person then refuses)
        # of a called person, the call ends and, the place it offered being still free,
        # passes to the next where the law calls by itself (PF Art. 12 §ú)
        listed = waiting_list.mark_granted(actor, new_holder_id, on=on) or {}
        audit.record(actor, "permit.transfer", "permit", permit.id, before=before,
                     after=audit.snapshot(permit))
    return {**as_dict(get_permit(permit.id)), "next_called": listed.get("next_called")}


def interruption_days_used(permit: Permit, year: int) -> tuple[int, int]:
    """(days interrupted in the year, extensions used in the current interruption)."""
    days = extensions = 0
    for line in (PermitHistory.select().where(
            (PermitHistory.permit == permit.id) &
            PermitHistory.action.in_((PermitAction.INTERRUPT, PermitAction.INTERRUPT_EXTEND)))
            .order_by(PermitHistory.id)):
        info = json.loads(line.details or "{}")
        if line.effective_on.year == year:
            days += int(info.get("days", 0))
        extensions = extensions + 1 if line.action == PermitAction.INTERRUPT_EXTEND else 0
    return days, extensions


def interrupt_permit(actor: Actor, permit_id, *, start=None, days, act_number="",
                     reason="") -> dict:
    """Authorised interruption: PF Art. 11 (≤ 90 days); SRM Art. 29 (≤ 30 days a year,
    extendable once by as much — see extend_interruption)."""
    permissions.require(actor, "permit.interrupt")
    start = validators.parse_date(start or wallclock.today(), "Início da interrupção")
    days = validators.positive_int(days, "Dias de interrupção", maximum=366)
    profile = setup.profile(start)
    permit = get_permit(permit_id)
    _require_status(permit, ("active",), "interromper")
    used, _ = interruption_days_used(permit, start.year)
    permit_rules.check_interruption(profile, days, used_this_year=used, extension=False,
                                    extensions_used=0)
    with write_transaction():
        permit = _relock(permit)
        fees.check_no_debts(permit.holder_id, "a interrupção", on=start)  # SRM Art. 50
        until = start + dt.timedelta(days=days - 1)
        _change_status(actor, permit, "interrupt", "interrupted", on=start,
                       reason=_reason(reason, False), act_number=_act(act_number),
                       status_until=until, details={"days": days, "until": until})
    return as_dict(get_permit(permit.id))


def extend_interruption(actor: Actor, permit_id, *, days, on=None, act_number="") -> dict:
    permissions.require(actor, "permit.extend_interruption")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    days = validators.positive_int(days, "Dias de prorrogação", maximum=366)
    profile = act.profile
    permit = get_permit(permit_id)
    _require_status(permit, ("interrupted",), "prorrogar a interrupção")
    if permit.status_until is None:
        raise DomainError(f"A permissão nº {lookup.permit_number(permit)} está com o serviço "
                          "interrompido sem autorização: não há prazo a prorrogar.")
    _, extensions = interruption_days_used(permit, on.year)
    permit_rules.check_interruption(profile, days, used_this_year=0, extension=True,
                                    extensions_used=extensions)
    with write_transaction():
        permit = _relock(permit)
        fees.check_no_debts(permit.holder_id, "a prorrogação da interrupção", on=on)  # SRM Art. 50
        until = permit.status_until + dt.timedelta(days=days)
        _change_status(actor, permit, "interrupt_extend", "interrupted", on=on,
                       act_number=_act(act_number), status_until=until,
                       details={"days": days, "until": until})
    return as_dict(get_permit(permit.id))


def resume_permit(actor: Actor, permit_id, *, on=None, reason="") -> dict:
    """Back to service after an interruption or a suspension."""
    permissions.require(actor, "permit.resume")
    on = _today(on)
    permit = get_permit(permit_id)
    _require_status(permit, ("interrupted", "suspended"), "retomar")
    with write_transaction():
        permit = _relock(permit)
        _change_status(actor, permit, "resume", "active", on=on,
                       reason=_reason(reason, False))
    return as_dict(get_permit(permit.id))


def _stoppage_since(permit: Permit) -> dt.date | None:
    """The day an unauthorised interruption began, when the permit is in one (an
    'interrupted' permit with no end date), else None."""
    if permit.status != "interrupted" or permit.status_until is not None:
        return None
    line = (PermitHistory.select().where((PermitHistory.permit == permit.id) &
                                         (PermitHistory.action == PermitAction.STOPPAGE))
            .order_by(PermitHistory.id.desc()).first())
    return line.effective_on if line is not None else None


def record_stoppage(actor: Actor, permit_id, *, since, on=None, reason="",
                    act_number="") -> dict:
    """The service is found interrupted without authorisation since `since` (a fiscal's
    finding, or the holder who did not come back after an authorised interruption): the
    permit is 'interrupted' with no end date. Where the profile counts the days (PF Art. 12:
    more than 30 consecutive days) the passage of time reverts it; elsewhere the authority
    acts (SRM Art. 29 §ú, Art. 38 III c: cassation). resume_permit ends it."""
    permissions.require(actor, "permit.stoppage")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    permit = get_permit(permit_id)
    since = validators.parse_date(since, "Serviço interrompido desde",
                                  earliest=permit.held_since or permit.issued_on, latest=on)
    reason = _reason(reason, False)
    _require_status(permit, ("active",), "registrar interrupção não autorizada")
    profile = act.profile
    with write_transaction():
        permit = _relock(permit)
        revert = permit_rules.stoppage_revert_date(profile, since)
        _change_status(actor, permit, "stoppage", "interrupted", on=since,
                       reason=reason or "Interrupção do serviço sem autorização",
                       act_number=_act(act_number),
                       details={"since": since, "authorised": False, "reverts_on": revert,
                                "article": profile.interruption.unauthorised_article})
    return {**as_dict(get_permit(permit.id)), "stoppage_since": since, "reverts_on": revert,
            "article": profile.interruption.unauthorised_article}


def _revert_stoppages(actor: Actor, profile, on: dt.date) -> list[dict]:
    """PF Art. 12: permits whose unauthorised interruption passed the profile's days revert
    to the município (inside refresh_statuses' transaction)."""
    if not profile.interruption.unauthorised_revert_days:
        return []
    changes = []
    for permit in locked(Permit.select().where((Permit.status == "interrupted") &
                                               Permit.status_until.is_null())
                         .order_by(Permit.id)):
        since = _stoppage_since(permit)
        revert = permit_rules.stoppage_revert_date(profile, since) if since else None
        if revert is None or on < revert:
            continue
        days = profile.interruption.unauthorised_revert_days
        article = profile.interruption.unauthorised_article
        reason = (f"Serviço interrompido sem autorização desde {since:%d/%m/%Y}, por mais de "
                  f"{days} dias consecutivos: permissão revertida ao Poder Público ({article})")
        called = _end(actor, permit, "revert", "lapsed", on=revert, call_on=on, reason=reason,
                      act_number="")
        changes += [_change("reverted", permit, revert, reason), *_called(called)]
    return changes


def desist(actor: Actor, permit_id, *, on=None, reason="Desistência do permissionário",
           act_number="") -> dict:
    """Desistência (SRM Art. 12, PF Art. 12): the permit reverts to the município."""
    permissions.require(actor, "permit.desist")
    on = _today(on)
    permit = get_permit(permit_id)
    _require_status(permit, IN_FORCE, "registrar desistência")
    with write_transaction():
        permit = _relock(permit)
        _end(actor, permit, "withdraw", "withdrawn", on=on, reason=_reason(reason),
             act_number=_act(act_number))
    return as_dict(get_permit(permit.id))


def suspend(actor: Actor, permit_id, *, until, on=None, reason, act_number="") -> dict:
    """Called by the penalty ledger (SRM Art. 38 I: 2 months) or by a supervisor."""
    permissions.require(actor, "permit.suspend")
    on = _today(on)
    until = validators.parse_date(until, "Suspensa até", earliest=on)
    permit = get_permit(permit_id)
    _require_status(permit, ("active", "interrupted", "expired"), "suspender")
    with write_transaction():
        permit = _relock(permit)
        _change_status(actor, permit, "suspend", "suspended", on=on, reason=_reason(reason),
                       act_number=_act(act_number), status_until=until)
    return as_dict(get_permit(permit.id))


def revoke(actor: Actor, permit_id, *, on=None, reason, act_number="") -> dict:
    """SRM Art. 38 II: revocation at the 5th infraction."""
    permissions.require(actor, "permit.revoke")
    on = _today(on)
    permit = get_permit(permit_id)
    _require_status(permit, IN_FORCE, "revogar")
    with write_transaction():
        permit = _relock(permit)
        _end(actor, permit, "revoke", "revoked", on=on, reason=_reason(reason),
             act_number=_act(act_number))
    return as_dict(get_permit(permit.id))


def cassate(actor: Actor, permit_id, *, on=None, reason, act_number="") -> dict:
    """Cassation: the holder — not his auxiliary drivers — is barred from a new permit for
    the profile's period (PF Art. 37 §ú and SRM Art. 38 §1º: 2 years; L1745 Art. 17 §1º:
    never). The auxiliaries' credentials end with the permit; an auxiliary is barred only
    when his own credential is cassated (SRM Art. 38 §3º, auxiliary.cassate_credential)."""
    permissions.require(actor, "permit.cassate")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    permit = get_permit(permit_id)
    _require_status(permit, IN_FORCE, "cassar")
    barred, until = permit_rules.cassation_bar_until(profile, on)
    with write_transaction():
        permit = _relock(permit)
        if barred:
            bars.bar(permit.holder_id, "cassation", since=on, until=until,
                     article=profile.permit.cassation_bar_article, permit_id=permit.id)
        _end(actor, permit, "cassate", "cassated", on=on, reason=_reason(reason),
             act_number=_act(act_number))
    return as_dict(get_permit(permit.id))


def reinstate(actor: Actor, permit_id, *, on=None, reason, act_number="") -> dict:
    """Undo a suspension, revocation or cassation (e.g. a defence accepted, SRM Art. 35 §2):
    the permit is active again and the bars its cassation created are lifted. The stand
    place is not given back automatically (it may have been taken): assign one again."""
    permissions.require(actor, "permit.reinstate")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    permit = get_permit(permit_id)
    _require_status(permit, ("suspended", "revoked", "cassated"), "restabelecer")
    with write_transaction():
        permit = _relock(permit)
        if permit.status != "suspended":
            _lock_rows(Person, permit.holder_id)
            permit_rules.check_permits_per_person(act.profile, held_by(permit.holder_id),
                                                  fleet_owner=permit.fleet_owner)
        if permit.status == "cassated":
            bars.lift_for_permit(permit.id, "cassation")
        _change_status(actor, permit, "reinstate", "active", on=on, reason=_reason(reason),
                       act_number=_act(act_number))
    return as_dict(get_permit(permit.id))


def _change(kind: str, permit: Permit, effective_on: dt.date, detail: str) -> dict:
    """One line of what the passage of time changed (services/clock.py keeps them)."""
    return {"kind": kind, "entity": "permit", "id": permit.id,
            "order_number": permit.order_number, "person_id": permit.holder_id,
            "person_name": permit.holder.name, "effective_on": effective_on, "detail": detail}


def refresh_statuses(actor: Actor, *, on=None) -> dict:
    """What the passage of time does to permits up to `on`, each change dated the day it took
    effect (the day after a suspension, interruption or validity ended):
    - suspensions (SRM Art. 38 I) and authorised interruptions (PF Art. 11, SRM Art. 29)
      whose term ended return to 'active';
    - a service interrupted without authorisation for more than the profile's days (PF
      Art. 12: 30 consecutive days) reverts to the município: the permit lapses, its stand
      place frees and, where the list is automatic, the next applicant is called;
    - active permits past their validity become 'expired';
    - under a yearly renewal deadline, expired permits past the grace days lapse (L1745
      Art. 9 §2º "caducará automaticamente"), freeing their stand place and the cap.
    Run inside the clock's transaction (services/clock.py); returns the counts and the
    list of changes."""
    permissions.require(actor, "permit.refresh")
    act = as_of(actor, _today(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    changes: list[dict] = []
    with write_transaction():
        back: dict[int, dt.date] = {}
        # locked: a second counter running this at once waits, then skips what changed;
        # in the permits' order: the same list of changes every time (PostgreSQL's rows
        # come in the order they were last written), the locks taken in one order
        for permit in locked(Permit.select().where(
                Permit.status.in_(("interrupted", "suspended")) &
                Permit.status_until.is_null(False) & (Permit.status_until < on))
                .order_by(Permit.id)):
            day = permit.status_until + dt.timedelta(days=1)
            kind = "suspension_ended" if permit.status == "suspended" else "interruption_ended"
            _change_status(actor, permit, "resume", "active", on=day,
                           reason="Fim do prazo de suspensão" if kind == "suspension_ended"
                           else "Fim do prazo de interrupção autorizada")
            back[permit.id] = day
            changes.append(_change(kind, permit, day, f"situação ativa desde {day:%d/%m/%Y}"))
        changes += _revert_stoppages(actor, profile, on)
        for permit in locked(Permit.select().where((Permit.status == "active") &
                                                   (Permit.valid_until < on))
                             .order_by(Permit.id)):
            day = max(permit.valid_until + dt.timedelta(days=1), back.get(permit.id, on))
            _change_status(actor, permit, "expire", "expired", on=day,
                           reason="Validade encerrada sem renovação")
            changes.append(_change("expired", permit, day,
                                   f"validade até {permit.valid_until:%d/%m/%Y}"))
        for permit in locked(Permit.select().where(Permit.status == "expired")
                             .order_by(Permit.id)):
            lapse = permit_rules.lapse_date(profile, permit.valid_until)
            if lapse is not None and on >= lapse:
                called = _end(actor, permit, "lapse", "lapsed", on=lapse, call_on=on,
                              reason=f"Não renovada no prazo ({profile.renewal.article})",
                              act_number="")
                changes += [_change("lapsed", permit, lapse,
                                    f"não renovada até {lapse - dt.timedelta(days=1):%d/%m/%Y} "
                                    f"({profile.renewal.article})"), *_called(called)]
    counts = {kind: sum(c["kind"] == kind for c in changes)
              for kind in ("expired", "lapsed", "reverted")}
    counts["resumed"] = sum(c["kind"] in ("suspension_ended", "interruption_ended")
                            for c in changes)
    return {**counts, "changes": changes}


def list_permits(*, offset: int = 0, limit: int = 200, status: str | None = None,
                 actor: Actor | None = None) -> list[dict]:
    """One page of permits in order-number order, joined so a page is one query (the
    Permissionários list loads 100,000 holders page by page); CPFs as `actor` may see them."""
    profile = setup.profile_today()
    query = (Permit.select(Permit, Person, Vehicle, Stand)
             .join(Person, on=(Permit.holder == Person.id))
             .switch(Permit).join(Vehicle, pw.JOIN.LEFT_OUTER, on=(Permit.vehicle == Vehicle.id))
             .switch(Permit).join(Stand, pw.JOIN.LEFT_OUTER, on=(Permit.stand == Stand.id))
             .order_by(Permit.order_number).offset(max(0, offset)).limit(max(1, min(limit, 1000))))
    if status:
        query = query.where(Permit.status == status)
    return [{"id": p.id, "order_number": p.order_number,
             "order_text": permit_rules.format_order_number(profile, p.order_number),
             "status": p.status, "status_label": STATUS_LABELS[p.status],
             "holder_id": p.holder_id, "holder_name": p.holder.name,
             "cpf_text": permissions.cpf_text(actor, p.holder.cpf),
             "plate": p.vehicle.plate_original if p.vehicle_id else "",
             "stand_number": p.stand.number if p.stand_id else None,
             "valid_until": p.valid_until} for p in query]


def count_permits(status: str | None = None) -> int:
    query = Permit.select()
    if status:
        query = query.where(Permit.status == status)
    return query.count()

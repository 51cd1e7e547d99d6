"""Infraction notices (autos de infração, SRM Art. 35): recording one with its fine and
points, the notification, voiding and correcting. A notice is never deleted nor edited:
a correction voids it and issues a new one with the reason."""
from __future__ import annotations

import datetime as dt
import json

from ...domain import penalty_engine as engine
from ...domain import validators
from ...domain.errors import DomainError, ValidationError
from ...domain.permit_status import PermitAction
from ...store.connection import retry_conflicts, serialise, write_transaction
from ...store.models import AuxiliaryDriver, InfractionNotice, Permit, PermitHistory, Person
from .. import audit, permissions, setup
from ..views import lookup
from ..administration import sequences
from ..payments.charges import charge_fine
from ..context import Actor
from .ledger_views import notice_dict
from .notice_records import (active_notice, day_or_today, get_notice, notice_facts, notices_of,
                             number_text, parse_datetime, profile_range)
from .notice_voiding import void_and_undo

RECORDERS = permissions.FIELD  # the GUI asks; services check services/permissions.py
CHANNEL_LABELS = {"in_person": "pessoalmente", "post": "via postal com recibo",
                  "gazette": "Diário Oficial do Município"}


def _holder_on(permit: Permit, day: dt.date) -> int:
    """Who held the permit on `day` (the earliest transfer after that day names them)."""
    if permit.held_since is None or day >= permit.held_since:
        return permit.holder_id
    for line in (PermitHistory.select().where((PermitHistory.permit == permit.id) &
                                              (PermitHistory.action == PermitAction.TRANSFER) &
                                              (PermitHistory.effective_on > day))
                 .order_by(PermitHistory.effective_on, PermitHistory.id)):
        holder = json.loads(line.details or "{}").get("from_holder_id")
        if holder:
            return int(holder)
    return permit.holder_id


def _check_permit_on(permit: Permit, day: dt.date) -> None:
    """The permit existed and was in force on the infraction date."""
    label = f"Permissão nº {lookup.permit_number(permit)}"
    if day < permit.issued_on:
        raise ValidationError("Permissão", f"{label} foi outorgada em "
                              f"{permit.issued_on:%d/%m/%Y}, depois da data da infração.")
    ended = (PermitHistory.select().where((PermitHistory.permit == permit.id) &
                                          PermitHistory.to_status.in_(Permit.ENDED) &
                                          (PermitHistory.effective_on < day))
             .order_by(PermitHistory.id.desc()).first())
    if ended is not None and permit.status in Permit.ENDED:
        raise ValidationError("Permissão", f"{label} já estava extinta em "
                              f"{ended.effective_on:%d/%m/%Y}, antes da data da infração.")


def _clean_notice(profile, data: dict, today: dt.date) -> dict:
    """Every field of the notice checked before anything is written (SRM Art. 35)."""
    code = validators.text(data.get("infraction_code"), "Infração (código do catálogo)",
                           max_length=40)
    try:
        item = profile.infraction(code)
    except KeyError:
        raise ValidationError("Infração", f"o código '{code}' não consta do catálogo de "
                              f"infrações de {profile.profile.law}.") from None
    occurred_at = parse_datetime(data.get("occurred_at"), "Data e hora da infração")
    if occurred_at.date() > today:
        raise ValidationError("Data e hora da infração", "data futura.")
    if occurred_at.year < 2000:
        raise ValidationError("Data e hora da infração", "data fora do intervalo aceito.")
    day = occurred_at.date()
    permit = None
    if data.get("permit_id") is not None:
        permit = lookup.get_permit(data["permit_id"])
        _check_permit_on(permit, day)
        holder_id = _holder_on(permit, day)
    else:
        holder_id = data.get("holder_id")
        if holder_id is None or Person.get_or_none(Person.id == holder_id) is None:
            raise ValidationError("Autuado", "informe a permissão ou, sem permissão, a pessoa "
                                  "autuada.")
    infractor_id, role, auxiliary_id = holder_id, "holder" if permit else "unlicensed", None
    if data.get("auxiliary_id") is not None:
        aux = AuxiliaryDriver.get_or_none(AuxiliaryDriver.id == data["auxiliary_id"])
        if aux is None or permit is None or aux.permit_id != permit.id:
            raise ValidationError("Condutor auxiliar", "não é credenciado nesta permissão.")
        if aux.credentialed_on > day or (aux.ended_on is not None and aux.ended_on < day):
            raise ValidationError("Condutor auxiliar", "não estava credenciado na data da "
                                  "infração.")
        infractor_id, role, auxiliary_id = aux.person_id, "auxiliary", aux.id
    elif data.get("infractor_id") not in (None, holder_id):
        if Person.get_or_none(Person.id == data["infractor_id"]) is None:
            raise ValidationError("Infrator", f"pessoa nº {data['infractor_id']} não existe.")
        infractor_id, role = data["infractor_id"], "other"
    signed = bool(data.get("infractor_signed", False))
    notified_on, channel = data.get("notified_on"), data.get("notification_channel") or ""
    # SRM Art. 35 X: the signature is the notification, in person — where the law admits it
    if signed and notified_on is None and "in_person" in profile.defence.notification_means:
        notified_on, channel = day, "in_person"
    if notified_on is not None:
        notified_on, channel = _clean_notification(profile, notified_on, channel, day, today)
    vehicle_plate = permit.vehicle.plate_original if permit and permit.vehicle_id else ""
    plate = data.get("plate") or vehicle_plate
    plate = validators.plate(plate)[1] if plate else ""
    return {
        "item": item, "permit": permit, "holder_id": holder_id, "infractor_id": infractor_id,
        "infractor_role": role, "auxiliary_id": auxiliary_id, "occurred_at": occurred_at,
        "plate": plate,
        "place": validators.text(data.get("place"), "Local da infração", max_length=200),
        "description": validators.text(data.get("description"), "Descrição da ocorrência",
                                       max_length=2000, required=False),
        "agent_name": validators.person_name(data.get("agent_name"), "Nome do agente"),
        "agent_registration": validators.text(data.get("agent_registration"),
                                              "Matrícula do agente", max_length=40),
        "infractor_signed": signed, "notified_on": notified_on, "channel": channel,
        "fine_units": data.get("fine_units"),
    }


def admitted_means(profile) -> list[tuple[str, str]]:
    """(code, Portuguese label) of each means of notification the law admits and the program
    records (defence.notification_means; SRM Art. 34 §2º), in the law's order."""
    return [(m, CHANNEL_LABELS[m]) for m in profile.defence.notification_means
            if m in CHANNEL_LABELS]


def means_text(profile) -> str:
    """'pessoalmente, via postal com recibo ou Diário Oficial do Município' for the law."""
    labels = [label for _code, label in admitted_means(profile)]
    return " ou ".join(filter(None, [", ".join(labels[:-1]), labels[-1]])) if labels else ""


def _clean_notification(profile, notified_on, channel, occurred_on: dt.date, today: dt.date):
    """The date and the means, the means one the law admits (defence.notification_means of
    the version in force on the infraction date, which sets the terms)."""
    notified_on = validators.parse_date(notified_on, "Data da notificação",
                                        earliest=occurred_on, latest=today)
    rule = profile.defence
    if channel not in dict(admitted_means(profile)):
        given = f"'{CHANNEL_LABELS.get(channel, channel)}' não é meio" if channel else "informe o meio"
        cite = f" ({rule.notification_article})" if rule.notification_article else ""
        raise ValidationError("Meio de notificação", f"{given} de notificação admitido por "
                              f"{profile.profile.law}{cite}: use {means_text(profile)}.")
    return notified_on, channel


@retry_conflicts
def record_notice(actor: Actor, data: dict, *, on: dt.date | None = None,
                  reissue_of: int | None = None) -> dict:
    """Record an auto de infração with every field of SRM Art. 35; its fine (SRM Art. 39,
    PF Art. 32, L1745 Arts. 8 §3º, 17 II) and points (PF Art. 32 §ú, doubled on reincidence,
    Art. 30 §2º). Simultaneous infractions are separate notices, each counting (PF Art. 30
    §1º, SRM Art. 37 §1º).

    data: permit_id (or holder_id without permit), auxiliary_id or infractor_id, plate,
    infraction_code, place, occurred_at, description, agent_name, agent_registration,
    infractor_signed, notified_on, notification_channel, fine_units (L1745 range)."""
    permissions.require(actor, "notice.record")
    today = day_or_today(on)
    # judged by the profile version in force on the infraction date (catalogue, fine, points)
    occurred = parse_datetime(data.get("occurred_at"), "Data e hora da infração")
    profile = setup.profile(on=min(occurred.date(), today))
    clean = _clean_notice(profile, data, today)
    item = clean["item"]
    day = clean["occurred_at"].date()
    with write_transaction(concurrent=True):
        # the infractor's history is read under the lock of each person it concerns: two
        # notices for one infractor entered at two counters at once see each other, so
        # the second is priced as recidivism (L1745 Art. 8 §3º, PF Art. 30 §2º); the
        # number: its sequence row, locked until commit
        for person in sorted({clean["holder_id"], clean["infractor_id"]} - {None}):
            serialise(f"person:{person}")
        history = notices_of(holder_id=clean["holder_id"], infractor_id=clean["infractor_id"])
        new = engine.NoticeFacts(id=0, register=(clean["holder_id"], clean["permit"].id
                                                 if clean["permit"] else None),
                                 infractor_id=clean["infractor_id"], code=item.code,
                                 class_code=item.class_code, occurred_at=clean["occurred_at"])
        at = setup.profiles_by_date()
        facts = [notice_facts(n, at) for n in history if n.id != reissue_of]
        recidivism_of = engine.is_recidivism(profile, facts, new)
        penalty = profile.penalty_class(item.class_code)
        in_units = penalty.fine_units > 0 or penalty.fine_units_max > 0
        fine = engine.compute_fine(profile, item,
                                   unit_value_cents=setup.fiscal_unit_value_cents(day.year)
                                   if in_units else 0,
                                   # PF Art. 32: the tariff in force on the infraction's day
                                   tariff_cents=setup.tariff_cents_on(day)
                                   if penalty.fine_tariff_multiple else 0,
                                   chosen_units=clean["fine_units"],
                                   recidivism=recidivism_of is not None)
        score = engine.assess(profile, [*facts, new]).scores[0]
        explanation = {"fine": {"basis": fine.basis, "units": str(fine.units),
                                "unit_name": fine.unit_name,
                                "unit_value_cents": fine.unit_value_cents,
                                "amount_cents": fine.amount_cents, "article": fine.article,
                                "recidivism_of": recidivism_of, "text": fine.text()},
                       "points": {"base": score.base_points, "points": score.points,
                                  "doubled_by": score.doubled_by,
                                  "article": profile.penalties.article},
                       "warning": fine.warning,
                       "warning_article": profile.penalties.warning_article
                       if fine.warning else ""}
        notice = InfractionNotice.create(
            year=today.year, number=sequences.next_value("infraction_notice", today.year),
            holder=clean["holder_id"], permit=clean["permit"].id if clean["permit"] else None,
            plate=clean["plate"], infractor=clean["infractor_id"],
            infractor_role=clean["infractor_role"], auxiliary=clean["auxiliary_id"],
            infraction_code=item.code, infraction_article=item.article,
            infraction_text=item.text, class_code=item.class_code, measure=item.measure,
            place=clean["place"], occurred_at=clean["occurred_at"], occurred_on=day,
            description=clean["description"], agent_name=clean["agent_name"],
            agent_registration=clean["agent_registration"],
            infractor_signed=clean["infractor_signed"], notified_on=clean["notified_on"],
            notification_channel=clean["channel"], points=score.points,
            points_doubled=score.doubled_by is not None,
            recidivism=fine.recidivism, warning=fine.warning, fine_units=fine.units,
            unit_value_cents=fine.unit_value_cents, fine_cents=fine.amount_cents,
            explanation=json.dumps(explanation, ensure_ascii=False, default=str),
            reissue_of=reissue_of, recorded_by=actor.user_id)
        if fine.amount_cents:
            charge_fine(actor, notice, fine, day.year)
        audit.record(actor, "notice.record", "infraction_notice", notice.id,
                     after=audit.snapshot(notice))
    return notice_dict(InfractionNotice.get_by_id(notice.id), on=today)


def record_notification(actor: Actor, notice_id, *, notified_on, channel,
                        on: dt.date | None = None) -> dict:
    """The notification (SRM Art. 34 §2º; the profile's defence.notification_article), once:
    the defence term counts from it."""
    permissions.require(actor, "notice.notify")
    today = day_or_today(on)
    notice = active_notice(notice_id)
    if notice.notified_on is not None:
        raise DomainError(f"O auto nº {number_text(notice)} já foi notificado em "
                          f"{notice.notified_on:%d/%m/%Y}.")
    notified_on, channel = _clean_notification(setup.profile(on=notice.occurred_on), notified_on,
                                               channel, notice.occurred_on, today)
    with write_transaction():
        before = audit.snapshot(notice)
        notice.notified_on, notice.notification_channel = notified_on, channel
        notice.save()
        audit.record(actor, "notice.notify", "infraction_notice", notice.id, before=before,
                     after=audit.snapshot(notice))
    return notice_dict(notice, on=today)


def void_notice(actor: Actor, notice_id, *, reason, on: dt.date | None = None) -> dict:
    """Void a notice (a correction, or a mistake): its fine, the sanctions applied because
    of it and its measures are undone; the notice stays in the ledger, voided."""
    permissions.require(actor, "notice.void")
    today = day_or_today(on)
    reason = validators.text(reason, "Motivo da anulação", max_length=500)
    notice = active_notice(notice_id)
    with write_transaction():
        notice = active_notice(notice.id)  # again: a second counter may have just voided it
        result = void_and_undo(actor, notice, "correction", reason, today)
    return {**notice_dict(get_notice(notice.id), on=today), **result}


def reissue_notice(actor: Actor, notice_id, changes: dict, *, reason,
                   on: dt.date | None = None) -> dict:
    """Correct a notice: void it and issue a new one with the changed fields, one
    transaction; the new notice refers to the voided one (reissue_of)."""
    permissions.require(actor, "notice.reissue")
    today = day_or_today(on)
    reason = validators.text(reason, "Motivo da correção", max_length=500)
    old = active_notice(notice_id)
    data = {"permit_id": old.permit_id, "holder_id": old.holder_id,
            "auxiliary_id": old.auxiliary_id, "infractor_id": old.infractor_id,
            "plate": old.plate, "infraction_code": old.infraction_code, "place": old.place,
            "occurred_at": old.occurred_at, "description": old.description,
            "agent_name": old.agent_name, "agent_registration": old.agent_registration,
            "infractor_signed": old.infractor_signed, "notified_on": old.notified_on,
            "notification_channel": old.notification_channel,
            "fine_units": old.fine_units if profile_range(old.class_code,
                                                          on=old.occurred_at.date()) else None}
    data.update(changes)
    occurred = parse_datetime(data.get("occurred_at"), "Data e hora da infração")
    # refuse bad changes before voiding (by the version in force on the infraction date)
    _clean_notice(setup.profile(on=min(occurred.date(), today)), data, today)
    with write_transaction():
        old = active_notice(old.id)  # again: a second counter may have just voided it
        result = void_and_undo(actor, old, "correction", f"Corrigido: {reason}", today)
        new = record_notice(actor, data, on=today, reissue_of=old.id)
    return {**new, "voided": number_text(old), **result}

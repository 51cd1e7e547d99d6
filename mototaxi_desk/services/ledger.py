"""The penalty ledger: infraction notices (SRM Art. 35), fines, points, defence, appeal and
revelia, payments, sanctions proposed by the engine and applied by a supervisor, municipal
holidays, and the ledger view of a holder or permit.

A notice is never deleted nor edited: a correction voids it and issues a new one with the
reason (reissue_notice); an accepted defence or appeal voids it and undoes its fine and the
sanctions applied because of it (SRM Art. 35 §2º). Rules come from the profile only
(domain.penalty_engine, domain.penalty_calendar)."""
from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

from ..domain import penalty_engine as engine
from ..domain import validators
from ..domain.errors import DomainError, RuleRefusal, ValidationError
from ..domain.money import format_money, format_units, units_to_cents
from ..domain.penalty_calendar import BusinessCalendar, deadline
from ..store.connection import write_transaction
from ..store.models import (AuxiliaryDriver, InfractionNotice, MunicipalHoliday,
                            NoticeProceeding, PenaltyCharge, Permit, PermitHistory, Person,
                            Sanction, SanctionNotice)
from . import audit, lookup, permissions, sequences, setup
from .context import Actor

RECORDERS = permissions.FIELD  # the GUI asks; services check services/permissions.py
DECIDERS = permissions.DECIDERS  # the GUI asks; services check services/permissions.py
CASHIERS = permissions.COUNTER  # the GUI asks; services check services/permissions.py
CHANNEL_LABELS = {"in_person": "pessoalmente", "post": "via postal com recibo",
                  "gazette": "Diário Oficial do Município"}
STAGE_LABELS = {"voided": "Anulado", "awaiting_notification": "Aguardando notificação",
                "defence_open": "Prazo de defesa aberto", "defence_pending": "Defesa em análise",
                "revelia_due": "Prazo de defesa vencido (revelia)",
                "appeal_open": "Prazo de recurso aberto", "appeal_pending": "Recurso em análise",
                "final": "Definitivo"}
SANCTION_RESULT = {"suspension": "suspended", "revocation": "revoked", "cassation": "cassated"}


def _today(on) -> dt.date:
    return on or dt.date.today()


def _parse_datetime(value, field: str) -> dt.datetime:
    """dd/mm/aaaa hh:mm, ISO, or a datetime (local time, no time zone)."""
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None, microsecond=0)
    text = str(value or "").strip()
    for fmt in ("%d/%m/%Y %H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S",
                "%Y-%m-%d %H:%M:%S"):
        try:
            return dt.datetime.strptime(text, fmt)
        except ValueError:
            continue
    raise ValidationError(field, f"data e hora inválidas '{text[:20]}'; use dd/mm/aaaa hh:mm.")


# --- municipal holidays -----------------------------------------------------------------------

def add_holiday(actor: Actor, day, name) -> dict:
    """A municipal holiday (municipal law), out of business days from now on."""
    permissions.require(actor, "settings.holiday_add")
    day = validators.parse_date(day, "Data do feriado", earliest=dt.date(2000, 1, 1))
    name = validators.text(name, "Nome do feriado", max_length=120)
    if MunicipalHoliday.select().where(MunicipalHoliday.day == day).exists():
        raise ValidationError("Data do feriado", f"{day:%d/%m/%Y} já está cadastrado.")
    with write_transaction():
        row = MunicipalHoliday.create(day=day, name=name)
        audit.record(actor, "holiday.add", "municipal_holiday", row.id, after=audit.snapshot(row))
    return {"id": row.id, "day": row.day, "name": row.name}


def remove_holiday(actor: Actor, day) -> dict:
    permissions.require(actor, "settings.holiday_remove")
    day = validators.parse_date(day, "Data do feriado")
    row = MunicipalHoliday.get_or_none(MunicipalHoliday.day == day)
    if row is None:
        raise ValidationError("Data do feriado", f"{day:%d/%m/%Y} não é feriado municipal "
                                                 "cadastrado.")
    with write_transaction():
        before = audit.snapshot(row)
        row.delete_instance()
        audit.record(actor, "holiday.remove", "municipal_holiday", before["id"], before=before)
    return {"day": day, "name": before["name"]}


def list_holidays() -> list[dict]:
    return [{"day": h.day, "name": h.name}
            for h in MunicipalHoliday.select().order_by(MunicipalHoliday.day)]


def business_calendar() -> BusinessCalendar:
    days = [d for (d,) in MunicipalHoliday.select(MunicipalHoliday.day).tuples()]
    return BusinessCalendar(setup.settings().uf, [
        d if isinstance(d, dt.date) else dt.date.fromisoformat(str(d)[:10]) for d in days])


# --- facts for the engine -----------------------------------------------------------------

def _facts(notice: InfractionNotice, at=None) -> engine.NoticeFacts:
    """What the engine needs of a notice, its penalty class (points, recidivism) as the
    profile version in force on its infraction date has it. `at`: setup.profiles_by_date(),
    read once for many notices."""
    at = at or setup.profiles_by_date()
    return engine.NoticeFacts(
        id=notice.id, register=(notice.holder_id, notice.permit_id),
        infractor_id=notice.infractor_id, code=notice.infraction_code,
        class_code=notice.class_code, occurred_at=notice.occurred_at,
        voided=notice.status == "voided", label=number_text(notice),
        penalty=at(notice.occurred_at.date()).penalty_class(notice.class_code))


def _notices_of(holder_id=None, permit_id=None, infractor_id=None) -> list[InfractionNotice]:
    query = InfractionNotice.select()
    cond = None
    for field, value in ((InfractionNotice.holder, holder_id),
                         (InfractionNotice.permit, permit_id),
                         (InfractionNotice.infractor, infractor_id)):
        if value is not None:
            cond = (field == value) if cond is None else (cond | (field == value))
    if cond is not None:
        query = query.where(cond)
    return list(query.order_by(InfractionNotice.occurred_at, InfractionNotice.id))


def number_text(notice: InfractionNotice) -> str:
    return f"{notice.number:05d}/{notice.year}"


# --- notices ----------------------------------------------------------------------------------

def _holder_on(permit: Permit, day: dt.date) -> int:
    """Who held the permit on `day` (the earliest transfer after that day names them)."""
    if permit.held_since is None or day >= permit.held_since:
        return permit.holder_id
    for line in (PermitHistory.select().where((PermitHistory.permit == permit.id) &
                                              (PermitHistory.action == "transfer") &
                                              (PermitHistory.effective_on > day))
                 .order_by(PermitHistory.effective_on, PermitHistory.id)):
        holder = json.loads(line.details or "{}").get("from_holder_id")
        if holder:
            return int(holder)
    return permit.holder_id


def _check_permit_on(permit: Permit, day: dt.date) -> None:
    """The permit existed and was in force on the infraction date."""
    label = f"Permissão nº {permit.order_number}"
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
    occurred_at = _parse_datetime(data.get("occurred_at"), "Data e hora da infração")
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
    if signed and notified_on is None:  # SRM Art. 35 X: the signature is the notification
        notified_on, channel = day, "in_person"
    if notified_on is not None:
        notified_on, channel = _clean_notification(notified_on, channel, day, today)
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


def _clean_notification(notified_on, channel, occurred_on: dt.date, today: dt.date):
    notified_on = validators.parse_date(notified_on, "Data da notificação",
                                        earliest=occurred_on, latest=today)
    if channel not in CHANNEL_LABELS:
        raise ValidationError("Meio de notificação", "pessoalmente, via postal com recibo ou "
                              "Diário Oficial (SRM Art. 34 §2º).")
    return notified_on, channel


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
    today = _today(on)
    # judged by the profile version in force on the infraction date (catalogue, fine, points)
    occurred = _parse_datetime(data.get("occurred_at"), "Data e hora da infração")
    profile = setup.profile(on=min(occurred.date(), today))
    clean = _clean_notice(profile, data, today)
    item = clean["item"]
    day = clean["occurred_at"].date()
    with write_transaction():
        # the infractor's history is read inside the transaction, which serialises writers:
        # two notices for one infractor entered at two counters at once see each other, so
        # the second is priced as recidivism (L1745 Art. 8 §3º, PF Art. 30 §2º)
        history = _notices_of(holder_id=clean["holder_id"], infractor_id=clean["infractor_id"])
        new = engine.NoticeFacts(id=0, register=(clean["holder_id"], clean["permit"].id
                                                 if clean["permit"] else None),
                                 infractor_id=clean["infractor_id"], code=item.code,
                                 class_code=item.class_code, occurred_at=clean["occurred_at"])
        at = setup.profiles_by_date()
        facts = [_facts(n, at) for n in history if n.id != reissue_of]
        recidivism_of = engine.is_recidivism(profile, facts, new)
        penalty = profile.penalty_class(item.class_code)
        in_units = penalty.fine_units > 0 or penalty.fine_units_max > 0
        fine = engine.compute_fine(profile, item,
                                   unit_value_cents=setup.fiscal_unit_value_cents(day.year)
                                   if in_units else 0,
                                   tariff_cents=setup.settings().initial_tariff_cents,
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
            _charge_fine(actor, notice, fine, day.year)
        audit.record(actor, "notice.record", "infraction_notice", notice.id,
                     after=audit.snapshot(notice))
    return notice_dict(InfractionNotice.get_by_id(notice.id), on=today)


def _charge_fine(actor: Actor, notice: InfractionNotice, fine, year: int) -> PenaltyCharge:
    charge = PenaltyCharge.create(
        kind="fine", notice=notice.id, person=notice.holder_id, permit=notice.permit_id,
        label=f"Multa do auto nº {number_text(notice)} ({notice.infraction_article})",
        article=fine.article, units=fine.units, unit_value_cents=fine.unit_value_cents,
        amount_cents=fine.amount_cents, year=year)
    audit.record(actor, "charge.create", "penalty_charge", charge.id,
                 after=audit.snapshot(charge))
    return charge


def get_notice(notice_id) -> InfractionNotice:
    notice = InfractionNotice.get_or_none(InfractionNotice.id == notice_id)
    if notice is None:
        raise ValidationError("Auto de infração", f"auto nº {notice_id} não existe.")
    return notice


def _active_notice(notice_id) -> InfractionNotice:
    notice = get_notice(notice_id)
    if notice.status != "active":
        raise DomainError(f"O auto nº {number_text(notice)} foi anulado: "
                          f"{notice.void_reason}")
    return notice


def record_notification(actor: Actor, notice_id, *, notified_on, channel,
                        on: dt.date | None = None) -> dict:
    """The notification (SRM Art. 34 §2º), once: the defence term counts from it."""
    permissions.require(actor, "notice.notify")
    today = _today(on)
    notice = _active_notice(notice_id)
    if notice.notified_on is not None:
        raise DomainError(f"O auto nº {number_text(notice)} já foi notificado em "
                          f"{notice.notified_on:%d/%m/%Y}.")
    notified_on, channel = _clean_notification(notified_on, channel, notice.occurred_on, today)
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
    today = _today(on)
    reason = validators.text(reason, "Motivo da anulação", max_length=500)
    notice = _active_notice(notice_id)
    with write_transaction():
        notice = _active_notice(notice.id)  # again: a second counter may have just voided it
        result = _void(actor, notice, "correction", reason, today)
    return {**notice_dict(get_notice(notice.id), on=today), **result}


def reissue_notice(actor: Actor, notice_id, changes: dict, *, reason,
                   on: dt.date | None = None) -> dict:
    """Correct a notice: void it and issue a new one with the changed fields, one
    transaction; the new notice refers to the voided one (reissue_of)."""
    permissions.require(actor, "notice.reissue")
    today = _today(on)
    reason = validators.text(reason, "Motivo da correção", max_length=500)
    old = _active_notice(notice_id)
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
    occurred = _parse_datetime(data.get("occurred_at"), "Data e hora da infração")
    # refuse bad changes before voiding (by the version in force on the infraction date)
    _clean_notice(setup.profile(on=min(occurred.date(), today)), data, today)
    with write_transaction():
        old = _active_notice(old.id)  # again: a second counter may have just voided it
        result = _void(actor, old, "correction", f"Corrigido: {reason}", today)
        new = record_notice(actor, data, on=today, reissue_of=old.id)
    return {**new, "voided": number_text(old), **result}


def profile_range(class_code: str, *, on: dt.date | None = None) -> bool:
    """Whether the class's fine is a range the authority sets (L1745), in the version in
    force on `on` (the infraction date)."""
    return setup.profile(on=on).penalty_class(class_code).fine_units_max > 0


def _void(actor: Actor, notice: InfractionNotice, kind: str, reason: str,
          on: dt.date) -> dict:
    """Inside the caller's transaction: void the notice, its open charges, the sanctions
    applied because of it, its held impounds, and re-price later fines whose recidivism
    rested on it (SRM Art. 35 §2º)."""
    from . import impounds
    before = audit.snapshot(notice)
    notice.status, notice.voided_on, notice.void_kind = "voided", on, kind
    notice.void_reason, notice.voided_by = reason, actor.user_id
    notice.save()
    audit.record(actor, "notice.void", "infraction_notice", notice.id, before=before,
                 after=audit.snapshot(notice))
    refunds = []
    for charge in PenaltyCharge.select().where(PenaltyCharge.notice == notice.id):
        if charge.status == "open":
            _void_charge(actor, charge, f"Auto nº {number_text(notice)} anulado: {reason}")
        elif charge.status == "paid":
            refunds.append(charge_dict(charge))
    undone = _undo_sanctions(actor, notice, on, reason)
    released = impounds.release_for_void(actor, notice, on=on, reason=reason)
    repriced = _reprice_recidivism(actor, notice, on)
    return {"undone_sanctions": undone, "refunds_due": refunds,
            "released_impounds": released, "repriced": repriced}


def _void_charge(actor: Actor, charge: PenaltyCharge, reason: str) -> None:
    before = audit.snapshot(charge)
    charge.status, charge.void_reason = "voided", reason[:500]
    charge.save()
    audit.record(actor, "charge.void", "penalty_charge", charge.id, before=before,
                 after=audit.snapshot(charge))


def _reprice_recidivism(actor: Actor, voided: InfractionNotice, on: dt.date) -> list[dict]:
    """Later notices doubled because of the voided one (L1745 Art. 8 §3º): the open fine is
    replaced by the single one when no other earlier notice keeps the recidivism."""
    profile = setup.profile()
    out = []
    for later in InfractionNotice.select().where(
            (InfractionNotice.status == "active") & InfractionNotice.recidivism &
            (InfractionNotice.infractor == voided.infractor_id) &
            (InfractionNotice.occurred_at > voided.occurred_at)):
        at = setup.profiles_by_date()
        facts = [_facts(n, at) for n in _notices_of(infractor_id=later.infractor_id)]
        if engine.is_recidivism(profile, facts, _facts(later, at)) is not None:
            continue
        dated = setup.profile(on=later.occurred_at.date())  # priced as when it was recorded
        fine = engine.compute_fine(dated, dated.infraction(later.infraction_code),
                                   unit_value_cents=later.unit_value_cents,
                                   tariff_cents=later.unit_value_cents,
                                   chosen_units=later.fine_units / 2
                                   if profile_range(later.class_code,
                                                    on=later.occurred_at.date()) else None)
        for charge in PenaltyCharge.select().where((PenaltyCharge.notice == later.id) &
                                                   (PenaltyCharge.kind == "fine") &
                                                   (PenaltyCharge.status == "open")):
            _void_charge(actor, charge, f"Reincidência desconstituída: auto nº "
                                        f"{number_text(voided)} anulado")
            new = _charge_fine(actor, later, fine, charge.year)
            out.append({"notice": number_text(later), "old_cents": charge.amount_cents,
                        "new_cents": new.amount_cents})
    return out


# --- defence, appeal, revelia -------------------------------------------------------------

def _proceedings(notice_id) -> list[NoticeProceeding]:
    return list(NoticeProceeding.select().where(NoticeProceeding.notice == notice_id)
                .order_by(NoticeProceeding.id))


def deadlines(notice: InfractionNotice, proceedings=None, calendar=None) -> dict:
    """Defence deadline from the notification (PF Arts. 34, 38: 30 business days; SRM
    Art. 35 §1º: 10 days); appeal deadline from the notification of the decision on the
    defence, or of the notice when the law has no defence stage (SRM Art. 49: 10 days;
    L1745 Art. 19: 15 days). The terms of the profile version in force on the infraction
    date."""
    rule = setup.profile(on=notice.occurred_at.date()).defence
    calendar = calendar or business_calendar()
    proceedings = _proceedings(notice.id) if proceedings is None else proceedings
    out = {"defence": None, "appeal": None}
    if notice.notified_on is None:
        return out
    kw = dict(business_days=rule.business_days, extend=rule.extend_to_business_day,
              calendar=calendar)
    out["defence"] = deadline(notice.notified_on, rule.defence_days, **kw)
    if rule.appeal_days:
        if not rule.defence_days:
            start = notice.notified_on
        else:
            closed = [p for p in proceedings if p.stage == "defence" and
                      (p.event == "revelia" or p.decision == "rejected")]
            start = (closed[-1].decided_on or closed[-1].filed_on) if closed else None
        if start is not None:
            out["appeal"] = deadline(start, rule.appeal_days, **kw)
    return out


def stage(notice: InfractionNotice, on: dt.date, proceedings=None, calendar=None) -> str:
    """Where the notice stands: see STAGE_LABELS. 'final' = the contraditório is over and
    its penalties may be applied (PF Art. 38 §2º, SRM Art. 35 §3º)."""
    if notice.status == "voided":
        return "voided"
    if notice.notified_on is None:
        return "awaiting_notification"
    rule = setup.profile(on=notice.occurred_at.date()).defence
    proceedings = _proceedings(notice.id) if proceedings is None else proceedings
    terms = deadlines(notice, proceedings, calendar)
    defence = [p for p in proceedings if p.stage == "defence"]
    appeal = [p for p in proceedings if p.stage == "appeal"]
    if rule.defence_days:
        if not defence:
            return "defence_open" if on <= terms["defence"] else "revelia_due"
        if defence[-1].event == "filed" and not defence[-1].decision:
            return "defence_pending"
    if rule.appeal_days and appeal and not appeal[-1].decision:
        return "appeal_pending"
    if rule.appeal_days and not appeal and terms["appeal"] and on <= terms["appeal"]:
        return "appeal_open"
    return "final"


def sanctions_ready(notice: InfractionNotice, on: dt.date, calendar=None) -> bool:
    """Sanctions resting on the notice may be applied: the defence stage is over (rejected,
    revelia, or the term passed with none), or the law has no defence stage (L1745: the
    penalty is applied and may be appealed, Art. 19)."""
    current = stage(notice, on, calendar=calendar)
    return current in ("final", "revelia_due", "appeal_open", "appeal_pending")


def file_defence(actor: Actor, notice_id, *, stage_: str = "defence", filed_on=None,
                 text, attachments=(), on: dt.date | None = None) -> dict:
    """A written defence (SRM Art. 35 §1º, PF Art. 38) or appeal (SRM Art. 49, L1745
    Art. 19), within the term, with the documents attached."""
    permissions.require(actor, "defence.file")
    today = _today(on)
    if stage_ not in ("defence", "appeal"):
        raise ValidationError("Fase", "defesa ou recurso.")
    filed_on = validators.parse_date(filed_on or today, "Data do protocolo", latest=today)
    text = validators.text(text, "Texto da defesa" if stage_ == "defence" else
                           "Texto do recurso", max_length=20000)
    files = [validators.text(a, "Anexo", max_length=200) for a in attachments]
    notice = _active_notice(notice_id)
    rule = setup.profile(on=notice.occurred_at.date()).defence  # the notice's own terms
    days, article = ((rule.defence_days, rule.defence_article) if stage_ == "defence" else
                     (rule.appeal_days, rule.appeal_article))
    if not days:
        raise RuleRefusal(f"A lei do município não prevê {'defesa prévia' if stage_ == 'defence' else 'recurso'} com prazo próprio",
                          rule.appeal_article or rule.defence_article)
    if notice.notified_on is None:
        raise DomainError(f"O auto nº {number_text(notice)} ainda não foi notificado.")
    if filed_on < notice.notified_on:
        raise ValidationError("Data do protocolo", "anterior à notificação.")
    proceedings = _proceedings(notice.id)
    if any(p.stage == stage_ for p in proceedings):
        raise DomainError(f"Já há {'defesa' if stage_ == 'defence' else 'recurso'} ou "
                          f"revelia registrada para o auto nº {number_text(notice)}.")
    term = deadlines(notice, proceedings)[stage_]
    if term is None:
        raise DomainError("O recurso cabe depois da decisão sobre a defesa ou da revelia.")
    if filed_on > term:
        raise RuleRefusal(f"Prazo encerrado em {term:%d/%m/%Y}", article)
    with write_transaction():
        row = NoticeProceeding.create(notice=notice.id, stage=stage_, event="filed",
                                      filed_on=filed_on, text=text,
                                      attachments=json.dumps(files, ensure_ascii=False),
                                      recorded_by=actor.user_id)
        audit.record(actor, f"notice.{stage_}_file", "notice_proceeding", row.id,
                     after=audit.snapshot(row))
    return proceeding_dict(row)


def judge(actor: Actor, proceeding_id, *, accepted: bool, reason,
          on: dt.date | None = None) -> dict:
    """Judge a defence or appeal. Accepted: the notice becomes void and every penalty and
    measure from it is undone, sanctions already applied included (SRM Art. 35 §2º)."""
    permissions.require(actor, "defence.judge")
    today = _today(on)
    reason = validators.text(reason, "Fundamentação da decisão", max_length=5000)
    row = NoticeProceeding.get_or_none(NoticeProceeding.id == proceeding_id)
    if row is None or row.event != "filed":
        raise ValidationError("Defesa/recurso", f"nº {proceeding_id} não existe.")
    if row.decision:
        raise DomainError("Esta defesa ou recurso já foi julgado.")
    if today < row.filed_on:
        raise ValidationError("Data da decisão", "anterior ao protocolo.")
    notice = _active_notice(row.notice_id)
    result = {}
    with write_transaction():
        before = audit.snapshot(row)
        row.decision = "accepted" if accepted else "rejected"
        row.decided_on, row.decided_by, row.decision_reason = today, actor.user_id, reason
        row.save()
        audit.record(actor, f"notice.{row.stage}_judge", "notice_proceeding", row.id,
                     before=before, after=audit.snapshot(row))
        if accepted:
            label = "Defesa acolhida" if row.stage == "defence" else "Recurso provido"
            result = _void(actor, notice, row.stage, f"{label}: {reason}", today)
    return {**proceeding_dict(row), **result}


def record_revelia(actor: Actor, notice_id, *, on: dt.date | None = None) -> dict:
    """No defence by the deadline (SRM Art. 35 §3º): the penalties apply."""
    permissions.require(actor, "notice.revelia")
    today = _today(on)
    notice = _active_notice(notice_id)
    with write_transaction():
        row = _revelia(actor, notice, today)
    return proceeding_dict(row)


def _revelia(actor: Actor, notice: InfractionNotice, today: dt.date) -> NoticeProceeding:
    proceedings = _proceedings(notice.id)
    if stage(notice, today, proceedings) != "revelia_due":
        term = deadlines(notice, proceedings)["defence"]
        raise DomainError(f"Não cabe revelia no auto nº {number_text(notice)}: "
                          + (f"o prazo de defesa vai até {term:%d/%m/%Y}." if term and
                             today <= term else "há defesa registrada ou o auto não foi "
                             "notificado."))
    row = NoticeProceeding.create(notice=notice.id, stage="defence", event="revelia",
                                  filed_on=today, decided_on=today, decided_by=actor.user_id,
                                  recorded_by=actor.user_id)
    audit.record(actor, "notice.revelia", "notice_proceeding", row.id,
                 after=audit.snapshot(row))
    return row


# --- payments --------------------------------------------------------------------------------

def get_charge(charge_id) -> PenaltyCharge:
    charge = PenaltyCharge.get_or_none(PenaltyCharge.id == charge_id)
    if charge is None:
        raise ValidationError("Multa", f"lançamento nº {charge_id} não existe.")
    return charge


def pay_charge(actor: Actor, charge_id, *, paid_on, receipt, amount,
               on: dt.date | None = None) -> dict:
    """Record the payment of a whole fine (partial payments refused). Paying does not
    release the infractor from fixing the fault (PF Art. 33)."""
    from ..domain.money import parse_money
    permissions.require(actor, "charge.pay")
    today = _today(on)
    paid_on = validators.parse_date(paid_on, "Data do pagamento", latest=today)
    receipt = validators.text(receipt, "Nº do recibo / DAM", max_length=60)
    cents = parse_money(amount, "Valor pago")
    charge = get_charge(charge_id)
    if charge.status != "open":
        raise DomainError(f"O lançamento nº {charge.id} não está em aberto ({charge.status}).")
    if cents != charge.amount_cents:
        raise RuleRefusal(f"Pagamento parcial ou a maior não é aceito: o valor devido é "
                          f"{format_money(charge.amount_cents)}")
    with write_transaction():
        before = audit.snapshot(charge)
        charge.status, charge.paid_on, charge.paid_cents, charge.receipt = \
            "paid", paid_on, cents, receipt
        charge.save()
        audit.record(actor, "charge.pay", "penalty_charge", charge.id, before=before,
                     after=audit.snapshot(charge))
    return {**charge_dict(charge),
            "note": "O pagamento da multa não exime o infrator de sanar a falta que lhe deu "
                    "origem."}


def open_charges(person_id: int) -> list[dict]:
    """Open fines and impound charges of a person: debts (SRM Art. 50)."""
    return [charge_dict(c) for c in PenaltyCharge.select().where(
        (PenaltyCharge.person == person_id) & (PenaltyCharge.status == "open"))
        .order_by(PenaltyCharge.id)]


def charge_dict(charge: PenaltyCharge) -> dict:
    unit = setup.profile().fiscal_unit
    units = Decimal(charge.units)
    return {"id": charge.id, "kind": charge.kind, "code": f"penalty_{charge.kind}",
            "label": charge.label, "article": charge.article, "units": str(units),
            "units_text": format_units(units, unit), "amount_cents": charge.amount_cents,
            "amount_text": format_money(charge.amount_cents), "year": charge.year,
            "status": charge.status, "person_id": charge.person_id,
            "permit_id": charge.permit_id, "application_id": None,
            "notice_id": charge.notice_id, "impound_id": charge.impound_id,
            "paid_on": charge.paid_on, "receipt": charge.receipt, "source": "penalty"}


# --- sanctions --------------------------------------------------------------------------------

def _applied(permit_id) -> list[Sanction]:
    return list(Sanction.select().where((Sanction.permit == permit_id) &
                                        (Sanction.status == "applied")).order_by(Sanction.id))


def proposals(permit_id, *, on: dt.date | None = None) -> list[dict]:
    """The sanctions the engine proposes for a permit (PF Art. 37 II, SRM Art. 38 I-II),
    each with its explanation, whether already applied, and whether it may be applied now
    (the defence window of every notice it rests on is over, PF Art. 38 §2º)."""
    today = _today(on)
    permit = lookup.get_permit(permit_id)
    profile = setup.profile()
    notices = {n.id: n for n in _notices_of(permit_id=permit.id)}
    at = setup.profiles_by_date()
    result = engine.assess(profile, [_facts(n, at) for n in notices.values()])
    applied = {s.rule_key for s in _applied(permit.id)}
    calendar = business_calendar()
    out = []
    for proposal in result.proposals:
        if proposal.register != (permit.holder_id, permit.id):
            continue
        waiting = [number_text(notices[i]) for i in proposal.notice_ids
                   if not sanctions_ready(notices[i], today, calendar)]
        out.append({"sanction": proposal.sanction, "label": proposal.label,
                    "rule_key": proposal.rule_key, "permit_id": permit.id,
                    "trigger_on": proposal.trigger_on, "article": proposal.article,
                    "suspension_months": proposal.suspension_months,
                    "notice_ids": list(proposal.notice_ids),
                    "explanation": proposal.explanation,
                    "applied": proposal.rule_key in applied,
                    "ready": not waiting, "waiting_for": waiting})
    return out


def apply_sanction(actor: Actor, permit_id, rule_key: str, *, on: dt.date | None = None,
                   act_number="") -> dict:
    """A supervisor applies a proposed sanction through the permit services (suspend,
    revoke, cassate), after the contraditório (PF Art. 38 §2º); revelia is recorded for the
    notices whose defence term passed with no defence (SRM Art. 35 §3º)."""
    from ..domain.dates import add_months
    from . import permits
    permissions.require(actor, "sanction.apply")
    today = _today(on)
    act_number = validators.text(act_number, "Nº do ato", max_length=60, required=False)
    match = [p for p in proposals(permit_id, on=today) if p["rule_key"] == rule_key]
    if not match:
        raise DomainError(f"Nenhuma sanção '{rule_key}' é proposta para esta permissão.")
    proposal = match[0]
    if proposal["applied"]:
        raise DomainError(f"{proposal['label']} ({proposal['article']}) já foi aplicada.")
    if not proposal["ready"]:
        raise RuleRefusal("Prazo de defesa em curso ou defesa pendente nos autos "
                          f"{', '.join(proposal['waiting_for'])}: a sanção só pode ser "
                          "aplicada depois do contraditório",
                          setup.profile().defence.defence_article)
    permit = lookup.get_permit(permit_id)
    reason = f"{proposal['label']} — {proposal['explanation']['text']}"
    until = (add_months(today, proposal["suspension_months"]) - dt.timedelta(days=1)
             if proposal["sanction"] == "suspension" else None)
    with write_transaction():
        for notice_id in proposal["notice_ids"]:
            notice = get_notice(notice_id)
            if stage(notice, today) == "revelia_due":
                _revelia(actor, notice, today)
        status_before = permit.status
        if proposal["sanction"] == "suspension":
            permits.suspend(actor, permit.id, until=until, on=today, reason=reason,
                            act_number=act_number)
        elif proposal["sanction"] == "revocation":
            permits.revoke(actor, permit.id, on=today, reason=reason, act_number=act_number)
        else:
            permits.cassate(actor, permit.id, on=today, reason=reason, act_number=act_number)
        sanction = Sanction.create(
            person=permit.holder_id, permit=permit.id, kind=proposal["sanction"],
            rule_key=rule_key, article=proposal["article"], effective_on=today, until=until,
            act_number=act_number, permit_status_before=status_before,
            explanation=json.dumps(proposal["explanation"], ensure_ascii=False, default=str),
            applied_by=actor.user_id)
        for notice_id in proposal["notice_ids"]:
            SanctionNotice.create(sanction=sanction.id, notice=notice_id)
        audit.record(actor, "sanction.apply", "sanction", sanction.id,
                     after=audit.snapshot(sanction))
    return sanction_dict(sanction)


def _undo_sanctions(actor: Actor, notice: InfractionNotice, on: dt.date,
                    reason: str) -> list[dict]:
    """Undo, newest first, the applied sanctions that rested on the notice: the permit is
    reinstated (permits.reinstate) when the sanction is what holds it now."""
    from . import permits
    rows = list(Sanction.select().join(SanctionNotice).where(
        (SanctionNotice.notice == notice.id) & (Sanction.status == "applied"))
        .order_by(Sanction.id.desc()))
    out = []
    for sanction in rows:
        permit = lookup.get_permit(sanction.permit_id)
        newest = _applied(permit.id)[-1]
        if newest.id == sanction.id and permit.status == SANCTION_RESULT[sanction.kind]:
            permits.reinstate(actor, permit.id, on=on, reason=f"Sanção desconstituída: "
                              f"auto nº {number_text(notice)} anulado ({reason})"[:500],
                              act_number="")
        before = audit.snapshot(sanction)
        sanction.status, sanction.undone_on = "undone", on
        sanction.undo_reason = f"Auto nº {number_text(notice)} anulado: {reason}"
        sanction.save()
        audit.record(actor, "sanction.undo", "sanction", sanction.id, before=before,
                     after=audit.snapshot(sanction))
        out.append(sanction_dict(sanction))
    return out


def sanction_dict(sanction: Sanction) -> dict:
    return {"id": sanction.id, "kind": sanction.kind,
            "label": engine.SANCTION_LABELS[sanction.kind], "rule_key": sanction.rule_key,
            "permit_id": sanction.permit_id, "article": sanction.article,
            "effective_on": sanction.effective_on, "until": sanction.until,
            "act_number": sanction.act_number, "status": sanction.status,
            "undone_on": sanction.undone_on, "undo_reason": sanction.undo_reason,
            "explanation": json.loads(sanction.explanation or "{}"),
            "notice_ids": [link.notice_id for link in sanction.notice_links]}


# --- views ----------------------------------------------------------------------------------

def proceeding_dict(row: NoticeProceeding) -> dict:
    return {"id": row.id, "notice_id": row.notice_id, "stage": row.stage, "event": row.event,
            "filed_on": row.filed_on, "text": row.text,
            "attachments": json.loads(row.attachments or "[]"), "decision": row.decision,
            "decided_on": row.decided_on, "decided_by": row.decided_by_id,
            "decision_reason": row.decision_reason}


def notice_dict(notice: InfractionNotice, *, on: dt.date | None = None, score=None,
                calendar=None) -> dict:
    today = _today(on)
    proceedings = _proceedings(notice.id)
    charges = [charge_dict(c) for c in notice.charges.order_by(PenaltyCharge.id)]
    terms = deadlines(notice, proceedings, calendar)
    current = stage(notice, today, proceedings, calendar)
    points = score.points if score else (0 if notice.status == "voided" else notice.points)
    return {
        "id": notice.id, "number": number_text(notice), "year": notice.year,
        "holder_id": notice.holder_id, "holder_name": notice.holder.name,
        "permit_id": notice.permit_id,
        "permit_order_number": notice.permit.order_number if notice.permit_id else None,
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
        "void_kind": notice.void_kind, "void_reason": notice.void_reason,
        "voided_on": notice.voided_on, "reissue_of": notice.reissue_of_id,
        "charges": charges, "proceedings": [proceeding_dict(p) for p in proceedings],
        "explanation": json.loads(notice.explanation or "{}"),
    }


def list_notices(*, on: dt.date | None = None, limit: int = 1000) -> list[dict]:
    """The notices, newest first (the Infrações page): each as notice_dict, stage and
    deadlines included."""
    calendar = business_calendar()
    rows = (InfractionNotice.select().order_by(InfractionNotice.year.desc(),
                                               InfractionNotice.number.desc()).limit(limit))
    return [notice_dict(n, on=_today(on), calendar=calendar) for n in rows]


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
    today = _today(on)
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
    notices = [n for n in _notices_of(holder_id=person.id)
               if only is None or n.permit_id in only]
    at = setup.profiles_by_date()
    facts = [_facts(n, at) for n in notices]
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
            "points_windows": engine.points_by_window(profile, own, today),
            "infractions_counted": sum(1 for f in own if not f.voided),
            "proposals": proposals(permit.id, on=today),
            "sanctions": [sanction_dict(s) for s in Sanction.select().where(
                Sanction.permit == permit.id).order_by(Sanction.id)]})
    from . import impounds
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


"""Impound (apreensão / retenção) of a vehicle: the measure with its reason, place, deposit
date and time and boletim (PF Art. 35 §2º); release when the fines, removal and storage are
paid (SRM Arts. 46, 48; L1745 Art. 8 §3º) or for the reasons of PF Art. 36; the release
receipt shows each amount."""
from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

from ...domain import validators
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...domain.money import format_money, format_units, parse_money, units_to_cents
from ...domain.penalty_calendar import storage_days
from ...store.connection import write_transaction
from ...store.models import Impound, InfractionNotice, PenaltyCharge, Person
from .. import audit, permissions, setup
from ..views import lookup
from ..context import Actor
from .notice_records import active_notice, number_text, parse_datetime
from ...domain import wallclock

REASON_LABELS = {"payment": "pagamento das multas e despesas",
                 "fault_corrected": "falha corrigida, retorno à operação",
                 "maintenance": "liberação para manutenção",
                 "notice_voided": "auto de infração anulado"}


def as_dict(row: Impound) -> dict:
    return {"id": row.id, "notice_id": row.notice_id, "person_id": row.person_id,
            "permit_id": row.permit_id, "plate": row.plate, "reason": row.reason,
            "article": row.article, "place": row.place, "deposited_at": row.deposited_at,
            "boletim": row.boletim, "status": row.status, "released_at": row.released_at,
            "release_reason": row.release_reason, "storage_days": row.storage_days,
            "receipt": json.loads(row.receipt or "{}")}


def for_person(person_id: int) -> list[dict]:
    return [as_dict(r) for r in Impound.select().where(Impound.person == person_id)
            .order_by(Impound.id)]


def get_impound(impound_id) -> Impound:
    row = Impound.get_or_none(Impound.id == impound_id)
    if row is None:
        raise ValidationError("Apreensão", f"apreensão nº {impound_id} não existe.")
    return row


def impound_vehicle(actor: Actor, *, notice_id=None, person_id=None, permit_id=None,
                    plate=None, reason=None, article=None, place, deposited_at, boletim="",
                    now: dt.datetime | None = None) -> dict:
    """Record the measure: the catalogue item's administrative measure (SRM Art. 44) or a
    PF Art. 35 case, where the vehicle was deposited, when, and the boletim."""
    permissions.require(actor, "impound.record")
    now = now or wallclock.now().replace(microsecond=0)
    deposited = parse_datetime(deposited_at, "Data e hora do depósito")
    if deposited > now:
        raise ValidationError("Data e hora do depósito", "data futura.")
    notice = None
    if notice_id is not None:
        notice = active_notice(notice_id)
        person_id, permit_id = notice.holder_id, notice.permit_id
        plate = plate or notice.plate
        reason = reason or notice.measure
        article = article or notice.infraction_article
        if deposited < notice.occurred_at:
            raise ValidationError("Data e hora do depósito", "anterior à infração.")
    if person_id is None or Person.get_or_none(Person.id == person_id) is None:
        raise ValidationError("Responsável", "informe o auto de infração ou a pessoa.")
    if permit_id is not None:
        lookup.get_permit(permit_id)
    reason = validators.text(reason, "Motivo da apreensão", max_length=500)
    article = validators.text(article or setup.profile(deposited.date()).impound.article,
                              "Artigo", max_length=60)
    plate = validators.plate(plate)[1]
    place = validators.text(place, "Local de depósito", max_length=200)
    boletim = validators.text(boletim, "Boletim de ocorrência", max_length=60, required=False)
    if Impound.select().where((Impound.plate == plate) & (Impound.status == "held")).exists():
        raise DomainError(f"O veículo {plate} já está apreendido.")
    with write_transaction():
        row = Impound.create(notice=notice.id if notice else None, person=person_id,
                             permit=permit_id, plate=plate, reason=reason, article=article,
                             place=place, deposited_at=deposited, boletim=boletim,
                             recorded_by=actor.user_id)
        audit.record(actor, "impound.record", "impound", row.id, after=audit.snapshot(row))
    return as_dict(row)


def _open_fines(row: Impound) -> list[PenaltyCharge]:
    """The fines to pay before release: every open fine of the person (SRM Art. 46: "das
    multas"; L1745 Art. 8 §3º)."""
    return list(PenaltyCharge.select().where((PenaltyCharge.person == row.person_id) &
                                             (PenaltyCharge.kind == "fine") &
                                             (PenaltyCharge.status == "open"))
                .order_by(PenaltyCharge.id))


def release_quote(impound_id, *, released_at, removal=None) -> dict:
    """What must be paid to release: open fines, removal costs (as informed), storage
    (SRM Art. 48: 0.20 UFM per whole day, deposit day and release day included)."""
    row = get_impound(impound_id)
    released = parse_datetime(released_at, "Data e hora da liberação")
    profile = setup.profile(released.date())
    days = storage_days(row.deposited_at, released)
    rate = profile.impound.storage_fee_units_per_day
    units = rate * days
    unit_cents = setup.fiscal_unit_value_cents(released.year) if rate else 0
    removal_cents = parse_money(removal, "Despesas de remoção") if removal not in (None, "", 0) \
        else 0
    fines = _open_fines(row)
    storage_cents = units_to_cents(units, unit_cents) if rate else 0
    return {"impound_id": row.id, "plate": row.plate, "released_at": released,
            "storage_days": days, "storage_units": str(units),
            "storage_text": (f"{days} diária(s) × {format_units(rate, profile.fiscal_unit)} = "
                             f"{format_units(units, profile.fiscal_unit)}") if rate else "",
            "storage_unit_value_cents": unit_cents, "storage_cents": storage_cents,
            "removal_cents": removal_cents,
            "fines": [{"charge_id": f.id, "label": f.label, "amount_cents": f.amount_cents,
                       "amount_text": format_money(f.amount_cents)} for f in fines],
            "fines_cents": sum(f.amount_cents for f in fines),
            "total_cents": storage_cents + removal_cents + sum(f.amount_cents for f in fines),
            "requires": list(profile.impound.release_requires),
            "article": profile.impound.article}


def release_vehicle(actor: Actor, impound_id, *, released_at, reason="payment", removal=None,
                    removal_receipt="", storage_receipt="", permit_shown=False,
                    now: dt.datetime | None = None) -> dict:
    """Release the vehicle. For "payment" every requirement of the profile must be met:
    fines paid beforehand, removal and storage paid now (receipts), the alvará shown
    (L1745 Art. 8 §3º); the receipt records each amount. PF Art. 36 I-II also release after
    the fault is corrected or for maintenance."""
    permissions.require(actor, "impound.release")
    now = now or wallclock.now().replace(microsecond=0)
    # the wording in force on the release's day
    profile = setup.profile(parse_datetime(released_at, "Data e hora da liberação").date())
    row = get_impound(impound_id)
    if row.status != "held":
        raise DomainError(f"O veículo {row.plate} já foi liberado.")
    if reason not in profile.impound.release_reasons:
        raise RuleRefusal(f"Liberação por '{REASON_LABELS.get(reason, reason)}' não é "
                          "prevista na lei do município", profile.impound.article)
    quote = release_quote(impound_id, released_at=released_at, removal=removal)
    released = quote["released_at"]
    if released > now:
        raise ValidationError("Data e hora da liberação", "data futura.")
    needs = set(profile.impound.release_requires) if reason == "payment" else set()
    if "fines" in needs and quote["fines"]:
        raise RuleRefusal(f"Há multas em aberto ({format_money(quote['fines_cents'])}): "
                          "pague-as antes da liberação", profile.impound.article)
    if "permit" in needs and not permit_shown:
        raise RuleRefusal("A liberação exige a exibição do alvará de permissão",
                          profile.impound.article)
    removal_receipt = validators.text(removal_receipt, "Recibo da remoção", max_length=60,
                                      required="removal" in needs and quote["removal_cents"] > 0)
    storage_receipt = validators.text(storage_receipt, "Recibo da estadia", max_length=60,
                                      required="storage" in needs and quote["storage_cents"] > 0)
    with write_transaction():
        lines = []
        for kind, cents, receipt, units, unit_cents, label in (
                ("removal", quote["removal_cents"], removal_receipt, Decimal(0), 0,
                 "Despesas de remoção"),
                ("storage", quote["storage_cents"], storage_receipt,
                 Decimal(quote["storage_units"]), quote["storage_unit_value_cents"],
                 f"Estadia: {quote['storage_text']}")):
            if not cents or kind not in needs:
                continue
            charge = PenaltyCharge.create(
                kind=kind, impound=row.id, notice=row.notice_id, person=row.person_id,
                permit=row.permit_id, label=label, article=profile.impound.article,
                units=units, unit_value_cents=unit_cents, amount_cents=cents,
                year=released.year, status="paid", paid_on=released.date(), paid_cents=cents,
                receipt=receipt)
            audit.record(actor, "charge.pay", "penalty_charge", charge.id,
                         after=audit.snapshot(charge))
            lines.append({"kind": kind, "label": label, "amount_cents": cents,
                          "amount_text": format_money(cents), "receipt": receipt})
        paid_fines = [{"kind": "fine", "label": c.label, "amount_cents": c.amount_cents,
                       "amount_text": format_money(c.amount_cents), "receipt": c.receipt,
                       "paid_on": c.paid_on}
                      for c in PenaltyCharge.select().where(
                          (PenaltyCharge.person == row.person_id) &
                          (PenaltyCharge.kind == "fine") & (PenaltyCharge.status == "paid") &
                          (PenaltyCharge.notice == row.notice_id))] if row.notice_id else []
        receipt = {"plate": row.plate, "deposited_at": row.deposited_at,
                   "released_at": released, "storage_days": quote["storage_days"],
                   "reason": REASON_LABELS[reason], "article": profile.impound.article,
                   "lines": paid_fines + lines,
                   "total_cents": sum(x["amount_cents"] for x in paid_fines + lines)}
        receipt["total_text"] = format_money(receipt["total_cents"])
        before = audit.snapshot(row)
        row.status, row.released_at, row.release_reason = "released", released, reason
        row.release_article = profile.impound.article
        row.storage_days = quote["storage_days"]
        row.receipt = json.dumps(receipt, ensure_ascii=False, default=str)
        row.released_by = actor.user_id
        row.save()
        audit.record(actor, "impound.release", "impound", row.id, before=before,
                     after=audit.snapshot(row))
    return as_dict(row)


def release_for_void(actor: Actor, notice: InfractionNotice, *, on: dt.date,
                     reason: str) -> list[dict]:
    """The notice fell: its impound is a measure undone (SRM Art. 35 §2º), released with no
    charge (inside the caller's transaction)."""
    out = []
    for row in Impound.select().where((Impound.notice == notice.id) &
                                      (Impound.status == "held")):
        before = audit.snapshot(row)
        released = max(dt.datetime.combine(on, dt.time(0, 0)), row.deposited_at)
        row.status, row.released_at, row.release_reason = "released", released, "notice_voided"
        row.receipt = json.dumps({"plate": row.plate, "reason": REASON_LABELS["notice_voided"],
                                  "detail": f"Auto nº {number_text(notice)}: {reason}",
                                  "lines": [], "total_cents": 0}, ensure_ascii=False)
        row.released_by = actor.user_id
        row.save()
        audit.record(actor, "impound.release", "impound", row.id, before=before,
                     after=audit.snapshot(row))
        out.append(as_dict(row))
    return out

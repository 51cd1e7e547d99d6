"""Summons to present the vehicle for inspection (intimação para vistoria).

L1745 Art. 10: the Prefeitura "poderá a qualquer tempo exigir que os veículos sejam
submetidos à vistoria"; §ú: the alvará of the holder who does not present the vehicle when
summoned "para, em prazo certo, atender à intimação" is cassated (the profile's
`inspection.missed_summons_cassation`). SRM Art. 17 §2º also allows vistorias at any time
(`inspection.on_demand`). A summons is open until its deadline; the passage of time
(services/clock.py) then finds it met — the vehicle was presented, whatever the verdict — or
missed. Where the law makes a missed summons a cause of cassation, the alerts propose it to
the authority, who cassates through the permit services (L1745 Art. 18: by decree)."""
from __future__ import annotations

import datetime as dt

from ...domain import validators
from ...domain.errors import DomainError, RuleRefusal
from ...store.connection import locked, write_transaction
from ...store.models import Inspection, InspectionSummons, Permit
from .. import audit, permissions, setup
from ..views import lookup
from ..context import Actor
from ...domain import wallclock

LIVE = ("active", "suspended", "interrupted", "expired")
MAX_TERM_DAYS = 365
STATUS_LABELS = {"open": "Aguardando a vistoria", "met": "Cumprida", "missed": "Descumprida"}


def as_dict(row: InspectionSummons) -> dict:
    rule = setup.profile(row.summoned_on).inspection
    missed = row.status == "missed"
    return {"id": row.id, "permit_id": row.permit_id, "vehicle_id": row.vehicle_id,
            "summoned_on": row.summoned_on, "deadline": row.deadline,
            "act_number": row.act_number, "status": row.status,
            "status_label": STATUS_LABELS[row.status], "resolved_on": row.resolved_on,
            "inspection_id": row.inspection_id,
            "cassation_due": missed and rule.missed_summons_cassation,
            "article": rule.missed_summons_article if missed and
            rule.missed_summons_cassation else rule.article}


def summon(actor: Actor, permit_id, *, deadline, on: dt.date | None = None,
           act_number="") -> dict:
    """Summon the holder to present the permit's vehicle for inspection by `deadline`."""
    permissions.require(actor, "inspection.summon")
    on = on or wallclock.today()
    rule = setup.profile(on).inspection
    if not rule.on_demand:
        raise RuleRefusal("A lei do município não prevê vistoria a qualquer tempo", rule.article)
    deadline = validators.parse_date(deadline, "Prazo para apresentar o veículo",
                                     earliest=on + dt.timedelta(days=1),
                                     latest=on + dt.timedelta(days=MAX_TERM_DAYS))
    act_number = validators.text(act_number, "Nº da intimação", max_length=60, required=False)
    with write_transaction():
        permit = locked(Permit.select().where(Permit.id == lookup.get_permit(permit_id).id)) \
            .first()
        if permit.status not in LIVE or permit.vehicle_id is None:
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} não tem veículo "
                              "em serviço a vistoriar.")
        current = (InspectionSummons.select().where((InspectionSummons.permit == permit.id) &
                                                    (InspectionSummons.status == "open"))
                   .first())
        if current is not None:
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} já tem intimação "
                              f"para vistoria com prazo até {current.deadline:%d/%m/%Y}.")
        row = InspectionSummons.create(permit=permit.id, vehicle=permit.vehicle_id,
                                       summoned_on=on, deadline=deadline,
                                       act_number=act_number, recorded_by=actor.user_id)
        audit.record(actor, "inspection.summon", "inspection_summons", row.id,
                     after=audit.snapshot(row))
    return as_dict(row)


def _presented(row: InspectionSummons) -> Inspection | None:
    """The inspection of the summoned vehicle made from the summons to the deadline."""
    return (Inspection.select().where((Inspection.vehicle == row.vehicle_id) &
                                      Inspection.inspected_on.between(row.summoned_on,
                                                                      row.deadline))
            .order_by(Inspection.inspected_on, Inspection.id).first())


def resolve(actor: Actor, *, on: dt.date) -> list[dict]:
    """Inside the passage of time: each open summons whose deadline passed before `on` is
    met or missed; the change lines of the missed ones."""
    rule = setup.profile(on).inspection
    changes = []
    for row in locked(InspectionSummons.select().where(
            (InspectionSummons.status == "open") & (InspectionSummons.deadline < on))
            .order_by(InspectionSummons.id)):  # one order of changes and of locks
        inspection = _presented(row)
        before = audit.snapshot(row)
        row.status = "met" if inspection else "missed"
        row.inspection = inspection.id if inspection else None
        row.resolved_on = row.deadline + dt.timedelta(days=1)
        row.save()
        audit.record(actor, "inspection.summons_resolve", "inspection_summons", row.id,
                     before=before, after=audit.snapshot(row))
        if row.status == "missed":
            permit = row.permit
            changes.append({
                "kind": "summons_missed", "entity": "permit", "id": permit.id,
                "order_number": permit.order_number, "person_id": permit.holder_id,
                "person_name": permit.holder.name, "effective_on": row.resolved_on,
                "detail": f"veículo não apresentado até {row.deadline:%d/%m/%Y}" + (
                    f"; cabe a cassação ({rule.missed_summons_article})"
                    if rule.missed_summons_cassation else "")})
    return changes


def for_permit(permit_id) -> list[dict]:
    return [as_dict(r) for r in InspectionSummons.select().where(
        InspectionSummons.permit == permit_id).order_by(InspectionSummons.id)]

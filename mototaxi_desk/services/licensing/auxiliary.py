"""Auxiliary drivers (condutor auxiliar, SRM Arts. 21, 23 III; preposto, PF Art. 25 I;
L1745 Art. 16): credentialed on one permit's vehicle; the holder answers for them (PF Art.
30), which here is the link to the permit.

Decisions:
- the auxiliary must meet the holder's personal requirements (SRM Art. 21 I-II repeats Art.
  20 I and III), checked by domain.holder_rules with the profile's [holder] numbers;
- a person drives on one vehicle at a time (SRM Art. 23 IV "só poderão operar no veículo em
  que estiverem credenciados"; L1745 Art. 16 "um dos veículos"), so an active credential on
  another live permit is refused, and the holder of the permit is not his own auxiliary;
- bars: the bar of a cassated credential refuses a new one (SRM Art. 38 §3º: 2 years;
  L1745 Art. 17 §2º); the bars on a new permit — a cassated holder's (PF Art. 37 §ú, SRM
  Art. 38 §1º, L1745 Art. 17 §1º "nova permissão") and a transferor's (SRM Art. 4 §9º II
  "fica vedada nova outorga") — do not;
- debts of the holder and of the auxiliary block the credential and its renewal where the
  profile says so (SRM Art. 50 names "credenciamento do condutor auxiliar");
- a slot is taken by every active credential, even one past its validity, until it is ended
  or renewed;
- a renewal counts the new validity from the renewal day (never stacks years);
- no fee is charged here: the auxiliary card fee (SRM Art. 47 II, the 'auxiliary_driver'
  application's fee_key) belongs to the application that asks for the credential.
"""
from __future__ import annotations

import datetime as dt

from ...domain import permit_rules, validators
from ...domain.dates import add_months
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...store.connection import write_transaction
from ...store.models import AuxiliaryDriver, Permit
from .. import audit, permissions
from . import bars, eligibility, permit_history
from ..payments import fees
from ..views import lookup
from ..register import persons
from ..as_of import as_of
from ..context import Actor
from ...domain import wallclock

LIVE_STATUSES = ("active", "suspended", "interrupted")


def _on(on: dt.date | None) -> dt.date:
    return on or wallclock.today()


def get_auxiliary(auxiliary_id) -> AuxiliaryDriver:
    aux = AuxiliaryDriver.get_or_none(AuxiliaryDriver.id == auxiliary_id)
    if aux is None:
        raise ValidationError("Condutor auxiliar", f"credenciamento nº {auxiliary_id} não existe.")
    return aux


def auxiliary(auxiliary_id) -> dict:
    """One auxiliary driver's credential as plain data (as_dict): the screens' getter."""
    return as_dict(get_auxiliary(auxiliary_id))


def as_dict(aux: AuxiliaryDriver, *, on: dt.date | None = None) -> dict:
    on = _on(on)
    data = audit.snapshot(aux)
    data["person_name"] = aux.person.name
    data["cpf_text"] = validators.format_cpf(aux.person.cpf)
    data["order_number"] = aux.permit.order_number
    data["expired"] = aux.valid_until is not None and aux.valid_until < on
    return data


def active_for_permit(permit_id, *, on: dt.date | None = None) -> list[dict]:
    rows = (AuxiliaryDriver.select().where((AuxiliaryDriver.permit == permit_id)
                                           & (AuxiliaryDriver.active == True))  # noqa: E712
            .order_by(AuxiliaryDriver.id))
    return [as_dict(a, on=on) for a in rows]


def _check_person(profile, person, on: dt.date) -> None:
    """Personal requirements, bars and debts of the would-be auxiliary."""
    eligibility.check_person(profile, person.id, on, auxiliary=True)
    fees.check_no_debts(person.id, "o credenciamento do condutor auxiliar", on=on)


def _valid_until(profile, on: dt.date) -> dt.date | None:
    months = profile.auxiliary.recredential_months
    return add_months(on, months) if months else None


def credential(actor: Actor, permit_id, person_id, *, on: dt.date | None = None) -> dict:
    """Credential a person as auxiliary driver on a permit's vehicle."""
    permissions.require(actor, "auxiliary.credential")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    rule = profile.auxiliary
    application = profile.application("auxiliary_driver")
    if not rule.allowed or not application.allowed:
        raise RuleRefusal("A lei do município não prevê condutor auxiliar",
                          rule.article or application.article)
    with write_transaction():
        permit = lookup.get_permit(permit_id)
        person = persons.get_person(person_id)
        if permit.status not in LIVE_STATUSES:
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} está com situação "
                              f"'{permit.status}': não aceita condutor auxiliar.")
        if person.id == permit.holder_id:
            raise RuleRefusal("O permissionário não pode ser condutor auxiliar da própria "
                              "permissão", rule.article)
        active = (AuxiliaryDriver.select(AuxiliaryDriver, Permit)
                  .join(Permit, on=(AuxiliaryDriver.permit == Permit.id))
                  .where((AuxiliaryDriver.person == person.id)
                         & (AuxiliaryDriver.active == True)  # noqa: E712
                         & Permit.status.not_in(Permit.ENDED)).first())
        if active is not None:
            where = ("nesta permissão" if active.permit_id == permit.id
                     else f"na permissão nº {lookup.permit_number(active.permit)}")
            raise RuleRefusal(f"{person.name} já está credenciado(a) como condutor auxiliar "
                              f"{where}; o condutor só opera no veículo em que está "
                              "credenciado", rule.article)
        if rule.max_per_vehicle:
            count = AuxiliaryDriver.select().where(
                (AuxiliaryDriver.permit == permit.id)
                & (AuxiliaryDriver.active == True)).count()  # noqa: E712
            if count >= rule.max_per_vehicle:
                raise RuleRefusal(f"A permissão nº {lookup.permit_number(permit)} já tem {count} "
                                  f"condutor(es) auxiliar(es) credenciado(s) (máximo "
                                  f"{rule.max_per_vehicle} por veículo)", rule.max_article)
        _check_person(profile, person, on)
        fees.check_no_debts(permit.holder_id, "o credenciamento do condutor auxiliar", on=on)
        aux = AuxiliaryDriver.create(permit=permit.id, person=person.id, credentialed_on=on,
                                     valid_until=_valid_until(profile, on))
        permit_history.record(actor, permit, "auxiliary_credential", on=on,
                              from_status=permit.status,
                              details={"auxiliary_id": aux.id, "person_id": person.id,
                                       "name": person.name, "valid_until": aux.valid_until})
        audit.record(actor, "auxiliary.credential", "auxiliary_driver", aux.id,
                     after=audit.snapshot(aux))
        _charge_card(actor, profile, permit, on)
    return as_dict(aux, on=on)


def _charge_card(actor: Actor, profile, permit: Permit, on: dt.date) -> None:
    """SRM Art. 47 II: 1 UFM "por expedição e renovação do cartão do condutor auxiliar",
    owed by the holder who answers for the auxiliary. Charged here only, never again by the
    application."""
    fee_key = profile.application("auxiliary_driver").fee_key
    if fee_key:
        fees.charge(actor, permit.holder_id, fee_key, on=on, permit_id=permit.id)


def recredential(actor: Actor, auxiliary_id, *, on: dt.date | None = None) -> dict:
    """Renew a credential (SRM Art. 21: yearly, with the requirements proven again)."""
    permissions.require(actor, "auxiliary.recredential")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    rule = profile.auxiliary
    if not rule.recredential_months:
        raise RuleRefusal("A lei do município não exige renovação do credenciamento do "
                          "condutor auxiliar", rule.article)
    with write_transaction():
        aux = get_auxiliary(auxiliary_id)
        if not aux.active:
            raise DomainError(f"O credenciamento nº {aux.id} foi encerrado em "
                              f"{validators.format_date(aux.ended_on)}; faça um novo.")
        permit = Permit.get_by_id(aux.permit_id)
        if permit.status not in LIVE_STATUSES:
            raise DomainError(f"A permissão nº {lookup.permit_number(permit)} está com situação "
                              f"'{permit.status}': o credenciamento não pode ser renovado.")
        _check_person(profile, aux.person, on)
        fees.check_no_debts(permit.holder_id, "a renovação do credenciamento do condutor "
                                              "auxiliar", on=on)
        before = audit.snapshot(aux)
        aux.valid_until = _valid_until(profile, on)
        aux.save(only=[AuxiliaryDriver.valid_until])
        permit_history.record(actor, permit, "auxiliary_recredential", on=on,
                              from_status=permit.status,
                              details={"auxiliary_id": aux.id, "person_id": aux.person_id,
                                       "name": aux.person.name,
                                       "previous_valid_until": before["valid_until"],
                                       "valid_until": aux.valid_until})
        audit.record(actor, "auxiliary.recredential", "auxiliary_driver", aux.id,
                     before=before, after=audit.snapshot(aux))
        _charge_card(actor, profile, aux.permit, on)
    return as_dict(aux, on=on)


def end(actor: Actor, auxiliary_id, *, on: dt.date | None = None, reason: str) -> dict:
    """End a credential (the holder dismisses the auxiliary, death...); a cassation is
    cassate_credential."""
    permissions.require(actor, "auxiliary.end")
    on = _on(on)
    reason = validators.text(reason, "Motivo do encerramento", max_length=200)
    with write_transaction():
        aux = _end(actor, auxiliary_id, on, reason, "auxiliary.end")
    return as_dict(aux, on=on)


def _end(actor: Actor, auxiliary_id, on: dt.date, reason: str, action: str,
         act_number: str = "") -> AuxiliaryDriver:
    aux = get_auxiliary(auxiliary_id)
    if not aux.active:
        raise DomainError(f"O credenciamento nº {aux.id} já foi encerrado em "
                          f"{validators.format_date(aux.ended_on)}.")
    if on < aux.credentialed_on:
        raise ValidationError("Data do encerramento", "anterior ao credenciamento "
                              f"({validators.format_date(aux.credentialed_on)}).")
    permit = Permit.get_by_id(aux.permit_id)
    before = audit.snapshot(aux)
    aux.active, aux.ended_on, aux.end_reason = False, on, reason
    aux.save(only=[AuxiliaryDriver.active, AuxiliaryDriver.ended_on,
                   AuxiliaryDriver.end_reason])
    permit_history.record(actor, permit, action.replace(".", "_"), on=on,
                          from_status=permit.status, reason=reason, act_number=act_number,
                          details={"auxiliary_id": aux.id, "person_id": aux.person_id,
                                   "name": aux.person.name})
    audit.record(actor, action, "auxiliary_driver", aux.id, before=before,
                 after=audit.snapshot(aux))
    return aux


def cassate_credential(actor: Actor, auxiliary_id, *, on: dt.date | None = None, reason: str,
                       act_number: str = "") -> dict:
    """Cassation of the auxiliary's own credential (SRM Art. 38 IV; L1745 Art. 17 IV): it
    ends and the person is barred from a new credential for the profile's period (SRM Art. 38
    §3º: 2 years; L1745 Art. 17 §2º: for good). Refused where the law has no such penalty
    (PF Art. 30 punishes the holder, who answers for his prepostos)."""
    permissions.require(actor, "auxiliary.cassate")
    act = as_of(actor, _on(on))  # the act's day, once, and the wording then
    on = act.on
    profile = act.profile
    rule = profile.auxiliary
    if not rule.cassation_article:
        raise RuleRefusal("A lei do município não prevê a cassação do credenciamento do "
                          "condutor auxiliar; as penalidades recaem sobre o permissionário",
                          profile.penalties.article)
    reason = validators.text(reason, "Motivo da cassação", max_length=200)
    act_number = validators.text(act_number, "Nº do ato", max_length=60, required=False)
    barred, until = permit_rules.cassation_bar_until(profile, on, credential=True)
    with write_transaction():
        aux = _end(actor, auxiliary_id, on, f"Cassação: {reason}", "auxiliary.cassate",
                   act_number)
        if barred:
            bars.bar(aux.person_id, "credential_cassation", since=on, until=until,
                     article=rule.cassation_article, permit_id=aux.permit_id)
    return {**as_dict(aux, on=on), "barred_until": until, "barred": barred,
            "article": rule.cassation_article}

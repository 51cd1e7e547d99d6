"""Sanctions the authority decides case by case, and the reinstatement of a permit.

The penalty ledger proposes the sanctions that follow from counting (PF Art. 37 II points,
SRM Art. 38 I-II infractions) and `ledger.apply_sanction` applies them. The others are a
decision on one of the grounds the law names — PF Art. 37 I, III-V (cassation) and Arts. 9
§2º, 11 §ú, 12 (loss of the permit); SRM Arts. 29 §ú and 38 III (cassation, by the Chefe do
Executivo, Art. 41 §ú); L1745 Art. 17 §3º (suspension up to 30 days) and Arts. 10 §ú, 17 V
(cassation by decree, Art. 18) — listed in the profile's [[decisions]]. Each is recorded the
way an applied proposal is: the permit service changes the status (permits.suspend, revoke,
cassate: the history line, the place freed, the bars), and a Sanction row keeps the act, the
ground, the reason, the period and the notices it rests on, so a notice voided later undoes
it like any other sanction (sanctions.undo_sanctions, SRM Art. 35 §2º).

Decisions (readings of the laws):
- the act number and the reason are required: a sanction is an act of authority (L1745 Art. 18
  "através de Decreto"; SRM Art. 32 §1º "atos formais");
- a suspension has a period, at most the profile's max_days where the law sets one;
- notices it rests on must be this permit's, not voided, and past the contraditório (PF Art.
  38 §2º) — the same check as for a proposed sanction (ledger.sanctions_ready);
- reinstating a permit (an appeal or a defence accepted, SRM Art. 49, L1745 Art. 19) also marks
  the sanction that held it as undone, with the reason.
"""
from __future__ import annotations

import datetime as dt
import json

from ...domain import validators
from ...domain.errors import RuleRefusal, ValidationError
from ...domain.profiles import Decision, DecisionGround, RuleProfile
from ...store.connection import write_transaction
from ...store.models import InfractionNotice, Sanction, SanctionNotice
from .. import audit, ledger, permissions, setup
from ..views import lookup
from . import permits
from ..context import Actor
from ...domain import wallclock

ACTS = {"suspension": "suspend", "revocation": "revoke", "cassation": "cassate"}
SANCTION_OF_ACT = {act: sanction for sanction, act in ACTS.items()}
RESULT = ledger.SANCTION_RESULT  # sanction -> the permit status it leaves


def decision(sanction: str, profile: RuleProfile | None = None) -> Decision:
    """The sanction as the município's law lets the authority decide it; RuleRefusal where
    it has none (SRM: suspension and revocation only by the count of Art. 38 I-II)."""
    profile = profile or setup.profile_today()
    rule = profile.decision(sanction)
    if rule is None:
        label = {"suspension": "suspensão", "revocation": "revogação",
                 "cassation": "cassação"}[sanction]
        counted = [t.article for t in profile.penalties.count_thresholds
                   if t.sanction == sanction] + [w.article for w in
                                                 profile.penalties.points_windows
                                                 if sanction == "cassation"]
        where = (f"; só pela contagem de infrações ({', '.join(sorted(set(counted)))}), "
                 "aplicada a partir dos autos" if counted else "")
        raise RuleRefusal(f"A lei do município não prevê {label} da permissão por "
                          f"decisão{where}", profile.penalties.article)
    return rule


def ground_of(rule: Decision, code) -> DecisionGround:
    text = validators.text(code, "Fundamento", max_length=40)
    for ground in rule.grounds:
        if ground.code.lower() == text.lower():
            return ground
    known = ", ".join(g.code for g in rule.grounds)
    raise ValidationError("Fundamento", f"'{text}' não é fundamento de {rule.label.lower()} "
                                        f"na lei do município (use: {known}).")


def grounds(sanction: str) -> list[dict]:
    """The grounds of a decided sanction, for a choice list (raises where there is none)."""
    rule = decision(sanction)
    return [{"code": g.code, "text": g.text, "article": g.article} for g in rule.grounds]


def suspension_until(rule: Decision, start: dt.date, *, until=None, days=None) -> dt.date:
    """The last day of a suspension from `start`, given as a date or as a number of days;
    refused beyond the law's longest period (L1745 Art. 17 §3º: 30 days)."""
    if days not in (None, ""):
        count = validators.positive_int(days, "Dias de suspensão", maximum=3660)
        end = start + dt.timedelta(days=count - 1)
    elif until not in (None, ""):
        end = validators.parse_date(until, "Suspensa até", earliest=start)
    else:
        raise ValidationError("Período da suspensão", "informe até quando ou quantos dias.")
    length = (end - start).days + 1
    if rule.max_days and length > rule.max_days:
        raise RuleRefusal(f"Suspensão de {length} dias excede o máximo de {rule.max_days} "
                          "dias", rule.article)
    return end


def notice_by_number(text) -> InfractionNotice:
    """'12/2026', '00012/2026' or '12' (this year)."""
    raw = str(text or "").strip()
    number_text, _, year_text = raw.partition("/")
    number = validators.positive_int(number_text, "Nº do auto de infração", maximum=10**7)
    year = (validators.year(year_text, "Ano do auto de infração")
            if year_text else wallclock.today().year)
    notice = InfractionNotice.get_or_none((InfractionNotice.number == number) &
                                          (InfractionNotice.year == year))
    if notice is None:
        raise ValidationError("Auto de infração", f"auto nº {raw} não existe.")
    return notice


def _notices(permit, notice_ids, on: dt.date) -> list[InfractionNotice]:
    rows = []
    calendar = ledger.business_calendar()
    for notice_id in dict.fromkeys(notice_ids or ()):
        notice = ledger.get_notice(notice_id)
        number = ledger.number_text(notice)
        if notice.permit_id != permit.id:
            raise ValidationError("Autos de infração", f"o auto nº {number} não é desta "
                                                       "permissão.")
        if notice.status != "active":
            raise ValidationError("Autos de infração", f"o auto nº {number} foi anulado.")
        if not ledger.sanctions_ready(notice, on, calendar):
            rule = setup.profile(on).defence
            raise RuleRefusal(f"Prazo de defesa em curso ou defesa pendente no auto nº "
                              f"{number}: a sanção só pode ser aplicada depois do "
                              "contraditório", rule.defence_article or rule.appeal_article)
        rows.append(notice)
    return rows


def decide(actor: Actor, permit_id, sanction: str, *, ground, reason, act_number,
           on=None, until=None, days=None, notice_ids=()) -> dict:
    """Suspend, revoke or cassate a permit by decision, on a ground of the law; one
    transaction with the permit's own service. Returns the sanction with the permit."""
    permissions.require(actor, "sanction.apply")
    if sanction not in ACTS:
        raise ValidationError("Sanção", f"'{sanction}' não é suspensão, revogação nem cassação.")
    on = validators.parse_date(on or wallclock.today(), "Data da decisão")
    rule = decision(sanction, setup.profile(on))  # the wording in force on the decision's day
    basis = ground_of(rule, ground)
    act_number = validators.text(act_number, "Nº do ato", max_length=60)
    reason = validators.text(reason, "Motivo", max_length=400)
    end = suspension_until(rule, on, until=until, days=days) if sanction == "suspension" \
        else None
    permit = lookup.get_permit(permit_id)
    text = f"{rule.label} ({basis.article}): {reason}"
    with write_transaction():
        notices = _notices(permit, notice_ids, on)
        status_before = permit.status
        if sanction == "suspension":
            permits.suspend(actor, permit.id, until=end, on=on, reason=text,
                            act_number=act_number)
        elif sanction == "revocation":
            permits.revoke(actor, permit.id, on=on, reason=text, act_number=act_number)
        else:
            permits.cassate(actor, permit.id, on=on, reason=text, act_number=act_number)
        row = Sanction.create(
            person=permit.holder_id, permit=permit.id, kind=sanction,
            rule_key=f"decision:{basis.code}", article=basis.article, effective_on=on,
            until=end, act_number=act_number, permit_status_before=status_before,
            applied_by=actor.user_id, explanation=json.dumps(
                {"text": reason, "decided": True, "ground": basis.code,
                 "ground_text": basis.text, "authority": rule.authority,
                 "label": rule.label}, ensure_ascii=False))
        for notice in notices:
            SanctionNotice.create(sanction=row.id, notice=notice.id)
        audit.record(actor, "sanction.decide", "sanction", row.id, after=audit.snapshot(row))
    return {**ledger.sanction_dict(row), "label": rule.label,
            "permit": permits.as_dict(lookup.get_permit(permit.id))}


def holding_sanction(permit_id) -> Sanction | None:
    """The applied sanction that holds the permit in its status now (the newest one whose
    result is the permit's status), or None."""
    permit = lookup.get_permit(permit_id)
    newest = (Sanction.select().where((Sanction.permit == permit.id) &
                                      (Sanction.status == "applied"))
              .order_by(Sanction.id.desc()).first())
    if newest is not None and RESULT.get(newest.kind) == permit.status:
        return newest
    return None


def reinstate(actor: Actor, permit_id, *, reason, act_number="", on=None) -> dict:
    """The permit is active again (permits.reinstate: the cassation's bars lifted) and the
    sanction that held it is undone with the reason (an appeal or defence accepted)."""
    on = validators.parse_date(on or wallclock.today(), "Data do restabelecimento")
    with write_transaction():
        held_by = holding_sanction(permit_id)
        result = permits.reinstate(actor, permit_id, on=on, reason=reason,
                                   act_number=act_number)
        undone = None
        if held_by is not None:
            before = audit.snapshot(held_by)
            held_by.status, held_by.undone_on = "undone", on
            held_by.undo_reason = validators.text(
                f"Permissão restabelecida: {reason}", "Motivo", max_length=500)
            held_by.save()
            audit.record(actor, "sanction.undo", "sanction", held_by.id, before=before,
                         after=audit.snapshot(held_by))
            undone = ledger.sanction_dict(held_by)
    return {**result, "undone_sanction": undone}

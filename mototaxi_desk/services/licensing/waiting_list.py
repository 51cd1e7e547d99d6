"""The waiting list for a permit (lista de espera).

Order by the profile's `waiting_list.mode` (domain/waiting_rank.py): first enrolled first
called ("automatic", PF Art. 12 §ú; "licitacao", SRM), or the L1745 Art. 12 §2 criteria
("edital", L1745 Arts. 13-14) ending in a lottery. Lottery numbers are drawn with `secrets`
only when a tie needs them, stored on the entry and written to the audit log, so the order
can always be reproduced and checked.

Entry statuses: waiting -> called -> granted; waiting/called -> left (the person gave up or
was removed, with a reason); called -> expired (did not answer by the call deadline).

The permit service calls `call_for_free_place` when a permit frees, and `mark_granted` when it
grants or transfers a permit to someone on the list. Where the list calls in order by itself
(mode "automatic", PF Art. 12 §ú "Será automaticamente convocado o próximo requerente"), any
ending of a call — refusal, withdrawal, death, removal, expiry, the called person's own permit —
calls the next while a place under the cap is free and not already offered to someone called
(`free_places`); the other modes leave the next call to the clerk.
"""
from __future__ import annotations

import datetime as dt
import secrets
from decimal import Decimal

from ...domain import permit_rules, validators
from ...domain import waiting_rank
from ...domain.errors import DomainError, RuleRefusal, ValidationError
from ...store.connection import locked, write_transaction
from ...store.models import (InfractionNotice, MunicipioSettings, Permit, Person, WaitingListEntry,
                             utcnow)
from .. import audit, permissions, setup
from ..views import lookup
from ..context import Actor
from ...domain import wallclock

LIST_ROLES = permissions.COUNTER  # the GUI asks; services check services/permissions.py
DRAW_ROLES = permissions.DECIDERS  # the GUI asks; services check services/permissions.py
# Days a called applicant has to come forward when the profile gives none
# (waiting_list.enrol_days == 0). No law in the profiles sets this deadline (PF Art. 12 §ú
# only says the next is "automaticamente convocado"); 30 days mirrors the 30-day period of
# L1745 Art. 13 and can be changed per município through waiting_list.enrol_days.
DEFAULT_CALL_DAYS = 30
LOTTERY_RANGE = 1_000_000  # numbers 1..1,000,000; the lowest wins its tie
OPEN_STATUSES = ("waiting", "called")
MAX_NOTES = 500


# The inputs a clerk types for each ranking criterion of the profile (waiting_list.ranking):
# field, label, largest value. "fewer_infractions_weighted" is computed from the notices and
# "lottery" is drawn by the program, so they have no input.
RANKING_INPUTS = {
    "seniority": (("seniority_years", "Tempo de atividade no serviço (anos)", 80),),
    "family_situation": (("dependents", "Dependentes", 30),),
    "vehicle_condition": (("vehicle_condition", "Estado de conservação do veículo (0 a 10)",
                           10),),
}
COMPUTED_CRITERIA = {"fewer_infractions_weighted": "calculado pelo programa a partir dos "
                                                   "autos de infração",
                     "lottery": "sorteio feito pelo programa quando houver empate"}


def ranking_inputs(profile=None) -> list[dict]:
    """The inputs the profile's ranking needs, in the law's order: [{"field", "label",
    "maximum", "criterion"}]. Empty where the list is called by enrolment order."""
    profile = profile or setup.profile_today()
    if profile.waiting_list.mode not in waiting_rank.RANKED_MODES:
        return []
    return [{"field": field, "label": label, "maximum": maximum, "criterion": code}
            for code in profile.waiting_list.ranking
            for field, label, maximum in RANKING_INPUTS.get(code, ())]


def ranking_columns(profile=None) -> list[dict]:
    """What the list shows of each ranking criterion, in the law's order, where the list is
    ranked (L1745 Art. 12 §2º): [{"field", "label", "article"}] — the typed inputs, the
    weighted infractions per year computed from the ledger (§2º I) and the lottery number
    (§2º IV, drawn when a tie needs it). Empty where the list goes by enrolment order."""
    profile = profile or setup.profile_today()
    if profile.waiting_list.mode not in waiting_rank.RANKED_MODES:
        return []
    short = {"seniority_years": "Anos de serviço", "dependents": "Dependentes",
             "vehicle_condition": "Estado do veículo"}
    out = []
    for code in profile.waiting_list.ranking:
        out += [{"field": field, "label": short.get(field, label)}
                for field, label, _maximum in RANKING_INPUTS.get(code, ())]
        if code == "fewer_infractions_weighted":
            out.append({"field": "weighted_infractions",
                        "label": "Infrações por ano (ponderadas)"})
        if code == "lottery":
            out.append({"field": "lottery_number", "label": "Sorteio"})
    return out


def format_weight(value) -> str:
    """Weighted infractions per year as the counter reads them: 0,6 (two decimals at most)."""
    number = Decimal(str(value or 0)).quantize(Decimal("0.01")).normalize()
    return f"{number:f}".replace(".", ",")


def _ranking_values(data: dict) -> dict:
    """Validated ranking inputs among seniority_years, dependents, vehicle_condition."""
    out = {}
    for spec in (s for specs in RANKING_INPUTS.values() for s in specs):
        field, label, maximum = spec
        if field in data:
            out[field] = _small_int(data[field], label, maximum)
    return out


def _weighted_infractions(rows, on: dt.date) -> dict[int, Decimal]:
    """Per person on the list, infractions per year of activity weighted by gravity (L1745
    Art. 12 §2º I), from the penalty ledger: the notices where the person is the infractor,
    not voided, that occurred by `on` (domain.waiting_rank.weighted_infractions). One query.
    Only the profiles that rank by it pay for it."""
    profile = setup.profile(on)
    if "fewer_infractions_weighted" not in profile.waiting_list.ranking or not rows:
        return {}
    classes: dict[int, list[str]] = {}
    for person_id, class_code in (InfractionNotice.select(InfractionNotice.infractor,
                                                          InfractionNotice.class_code)
                                  .where(InfractionNotice.infractor.in_(
                                      [r.person_id for r in rows]) &
                                      (InfractionNotice.status == "active") &
                                      (InfractionNotice.occurred_on <= on)).tuples()):
        classes.setdefault(person_id, []).append(class_code)
    return {r.person_id: waiting_rank.weighted_infractions(profile, classes.get(r.person_id, ()),
                                                           r.seniority_years) for r in rows}


def _small_int(value, field: str, maximum: int) -> int:
    if isinstance(value, bool) or value is None:
        raise ValidationError(field, "informe um número inteiro.")
    text = str(value).strip()
    if not text.isascii() or not text.isdigit() or len(text) > 3 or int(text) > maximum:
        raise ValidationError(field, f"informe um número inteiro de 0 a {maximum}.")
    return int(text)


def _stamp(on: dt.date | None) -> dt.datetime:
    """When an action dated `on` happened, as the database keeps every time (UTC): now; for
    an action dated another day (the daily step catching up on the days the program was
    closed), that local day at this moment's local time of day. (Until schema step 26 it
    joined the local day with the UTC time of day: migrations._step_waiting_times.)"""
    if on is None or on == wallclock.today():
        return utcnow()
    return wallclock.utc(dt.datetime.combine(on, wallclock.now().time()))


TIMES = ("enrolled_at", "called_at", "ended_at")  # kept in UTC, shown in local time


def as_dict(entry: WaitingListEntry, person: Person | None = None,
            actor: Actor | None = None) -> dict:
    """The entry with its person's name and CPF (as `actor` may see it); its times in the
    computer's local time, as the screens and documents show them."""
    data = audit.snapshot(entry)
    for name in TIMES:
        data[name] = wallclock.local(data[name])
    person = person or Person.get_by_id(entry.person_id)
    data["person_id"] = entry.person_id
    data["person_name"] = person.name
    data["cpf_text"] = permissions.cpf_text(actor, person.cpf)  # LGPD: masked for a fiscal
    return data


def _get_entry(entry_id) -> WaitingListEntry:
    number = validators.positive_int(entry_id, "Inscrição na lista de espera",
                                     maximum=2**31 - 1)
    entry = WaitingListEntry.get_or_none(WaitingListEntry.id == number)
    if entry is None:
        raise ValidationError("Inscrição na lista de espera", f"inscrição nº {number} não existe.")
    return entry


def _get_person(person_id) -> Person:
    number = validators.positive_int(person_id, "Pessoa", maximum=2**31 - 1)
    person = Person.get_or_none(Person.id == number)
    if person is None:
        raise ValidationError("Pessoa", f"cadastro nº {number} não existe.")
    return person


def _open_entry(person_id: int) -> WaitingListEntry | None:
    return (WaitingListEntry.select().where((WaitingListEntry.person == person_id) &
                                            WaitingListEntry.status.in_(OPEN_STATUSES))
            .order_by(WaitingListEntry.id).first())


def enrol(actor: Actor, person_id: int, *, on: dt.date | None = None, seniority_years=0,
          dependents=0, vehicle_condition=0, notes: str = "") -> dict:
    """Put a person on the list with the L1745 Art. 12 §2 ranking inputs (kept for every
    profile; only "edital" uses them). Refused for someone already on the list or holding a
    permit that has not ended."""
    permissions.require(actor, "waiting.enrol")
    profile = setup.profile(on)
    if profile.waiting_list.mode == "none":
        raise RuleRefusal("A lei do município não prevê lista de espera",
                          profile.waiting_list.article)
    values = {**_ranking_values({"seniority_years": seniority_years, "dependents": dependents,
                                 "vehicle_condition": vehicle_condition}),
              "notes": validators.text(notes, "Observações", max_length=MAX_NOTES,
                                       required=False)}
    person = _get_person(person_id)
    with write_transaction():
        # the person's row stays locked until commit: a second counter enrolling the same
        # person at once waits here, then finds the entry made by the first
        locked(Person.select().where(Person.id == person.id)).first()
        check_can_enrol(person.id, on=on)
        entry = WaitingListEntry.create(person=person.id, enrolled_at=_stamp(on), **values)
        audit.record(actor, "waiting_list.enrol", "waiting_list_entry", entry.id,
                     after=audit.snapshot(entry))
    return as_dict(entry, person)


def check_can_enrol(person_id, *, on: dt.date | None = None) -> None:
    """RuleRefusal when the person is on the list already (waiting or called) or holds a
    permit that has not ended (one permit per person, e.g. SRM Art. 4 §2º). The enrolment
    form asks it as soon as the person is chosen; enrol asks it again in its transaction.
    `on`: the enrolment's day (the wording in force then; today)."""
    profile = setup.profile(on)
    person = _get_person(person_id)
    current = _open_entry(person.id)
    if current is not None:
        state = "convocado" if current.status == "called" else "aguardando"
        raise RuleRefusal(f"{person.name} já está na lista de espera (inscrição nº "
                          f"{current.id}, {state})", profile.waiting_list.article)
    permit = (Permit.select(Permit.order_number).where(
        (Permit.holder == person.id) & Permit.status.not_in(Permit.ENDED)).first())
    if permit is not None:
        raise RuleRefusal(f"{person.name} já é titular da permissão nº "
                          f"{lookup.permit_number(permit)}", profile.permit.max_per_person_article)


def update_entry(actor: Actor, entry_id, data: dict) -> dict:
    """Correct an entry's ranking inputs (only while it waits: a called entry's place is
    taken) or its notes. Keys left out keep their value; audited with before and after."""
    permissions.require(actor, "waiting.edit")
    known = {"seniority_years", "dependents", "vehicle_condition", "notes"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValidationError(unknown[0], "campo desconhecido.")
    values = _ranking_values(data)
    if "notes" in data:
        values["notes"] = validators.text(data["notes"], "Observações", max_length=MAX_NOTES,
                                          required=False)
    entry = _get_entry(entry_id)
    with write_transaction():
        entry = locked(WaitingListEntry.select().where(WaitingListEntry.id == entry.id)).first()
        ranking = set(values) - {"notes"}
        if entry.status not in OPEN_STATUSES or (ranking and entry.status != "waiting"):
            state = STATUS_WORDS.get(entry.status, entry.status)
            raise DomainError(f"A inscrição nº {entry.id} está {state}: "
                              + ("só as observações podem mudar." if entry.status == "called"
                                 else "não pode ser alterada."))
        before = audit.snapshot(entry)
        for key, value in values.items():
            setattr(entry, key, value)
        entry.save()
        audit.record(actor, "waiting_list.edit", "waiting_list_entry", entry.id, before=before,
                     after=audit.snapshot(entry))
    return as_dict(entry)


STATUS_WORDS = {"waiting": "aguardando", "called": "convocada", "granted": "atendida",
                "left": "encerrada (saiu da lista)", "expired": "com a convocação expirada"}


def get_entry(entry_id, actor: Actor | None = None) -> dict:
    return as_dict(_get_entry(entry_id), actor=actor)


def open_entry_of(person_id) -> dict | None:
    """The person's entry still open (waiting or called), or None."""
    entry = _open_entry(_get_person(person_id).id)
    return None if entry is None else as_dict(entry)


def _candidates(on: dt.date) -> tuple[list[waiting_rank.Candidate], dict[int, tuple]]:
    rows = list(WaitingListEntry.select(WaitingListEntry, Person).join(Person)
                .where(WaitingListEntry.status == "waiting"))
    return _as_candidates(rows, on), {r.id: (r, r.person) for r in rows}


def _as_candidates(rows, on: dt.date) -> list[waiting_rank.Candidate]:
    """The ranking inputs of waiting entries (models or rows with the same attributes), the
    weighted infractions read in one query."""
    weights = _weighted_infractions(rows, on)
    return [waiting_rank.Candidate(
        entry_id=r.id, enrolled_at=r.enrolled_at, seniority_years=r.seniority_years,
        dependents=r.dependents, vehicle_condition=r.vehicle_condition,
        lottery_number=r.lottery_number, weighted_infractions=weights.get(r.person_id, 0))
        for r in rows]


def _ranked(on: dt.date):
    profile = setup.profile(on)
    candidates, rows = _candidates(on)
    mode, criteria = profile.waiting_list.mode, profile.waiting_list.ranking
    return waiting_rank.rank(candidates, mode, criteria), rows, candidates


def ordered(on: dt.date | None = None, actor: Actor | None = None, *, offset: int = 0,
            limit: int | None = None) -> list[dict]:
    """The people waiting, in calling order, each with `position` (1 = next) and
    `lottery_pending` when a tie still needs a draw; CPFs as `actor` may see them. A page of
    them with `offset` and `limit` (the Lista de espera page, issue 23): where the list goes
    by enrolment order the database orders and cuts it, and only the page's entries, people
    and notices are read; where it is ranked (edital) the ranking inputs of every entry are
    read to rank them (narrow rows, no person), and the page's entries and people only."""
    on = on or wallclock.today()
    profile = setup.profile(on)
    if profile.waiting_list.mode in waiting_rank.BY_ENROLMENT_MODES:
        query = (WaitingListEntry.select(WaitingListEntry, Person).join(Person)
                 .where(WaitingListEntry.status == "waiting")
                 .order_by(WaitingListEntry.enrolled_at, WaitingListEntry.id))
        if limit is not None:
            query = query.offset(offset).limit(limit)
        rows = list(query)
        weights = _weighted_infractions(rows, on)
        return [{**as_dict(entry, entry.person, actor), "position": offset + i + 1,
                 "weighted_infractions": weights.get(entry.person_id, 0),
                 "lottery_pending": False}  # no lottery where the list goes by enrolment
                for i, entry in enumerate(rows)]
    # ranked: every entry's ranking inputs as narrow rows, the page's entries and people
    inputs = list(WaitingListEntry.select(
        WaitingListEntry.id, WaitingListEntry.person.alias("person_id"),
        WaitingListEntry.enrolled_at, WaitingListEntry.seniority_years,
        WaitingListEntry.dependents, WaitingListEntry.vehicle_condition,
        WaitingListEntry.lottery_number).where(WaitingListEntry.status == "waiting")
        .namedtuples())
    candidates = _as_candidates(inputs, on)
    ranked = waiting_rank.rank(candidates, profile.waiting_list.mode,
                               profile.waiting_list.ranking)
    pending = {c.entry_id for group in waiting_rank.ties_needing_lottery(
        candidates, profile.waiting_list.mode, profile.waiting_list.ranking) for c in group}
    result = []
    shown = ranked[offset:] if limit is None else ranked[offset:offset + limit]
    rows = {e.id: e for e in WaitingListEntry.select(WaitingListEntry, Person).join(Person)
            .where(WaitingListEntry.id.in_([c.entry_id for c in shown]))} if shown else {}
    for position, candidate in enumerate(shown, start=offset + 1):
        entry = rows[candidate.entry_id]
        data = as_dict(entry, entry.person, actor)
        data.update(position=position, weighted_infractions=candidate.weighted_infractions,
                    lottery_pending=candidate.entry_id in pending)
        result.append(data)
    return result


def count_waiting() -> int:
    """How many people wait (the Lista de espera page's total), counted by the database."""
    return WaitingListEntry.select().where(WaitingListEntry.status == "waiting").count()


def _draw(actor: Actor, groups, on: dt.date) -> dict[int, int]:
    """Draw lottery numbers for the tied entries that have none (inside a transaction)."""
    drawn: dict[int, int] = {}
    for group in groups:
        taken = {c.lottery_number for c in group if c.lottery_number is not None}
        for candidate in group:
            if candidate.lottery_number is not None:
                continue
            number = secrets.randbelow(LOTTERY_RANGE) + 1
            while number in taken:
                number = secrets.randbelow(LOTTERY_RANGE) + 1
            taken.add(number)
            drawn[candidate.entry_id] = number
            WaitingListEntry.update(lottery_number=number).where(
                WaitingListEntry.id == candidate.entry_id).execute()
    if drawn:
        profile = setup.profile(on)
        audit.record(actor, "waiting_list.lottery", "waiting_list", "", after={
            "on": on, "numbers": {str(k): v for k, v in drawn.items()},
            "groups": [[c.entry_id for c in g] for g in groups],
            "criteria": list(profile.waiting_list.ranking),
            "article": profile.waiting_list.article})
    return drawn


def draw_lottery(actor: Actor, *, on: dt.date | None = None) -> dict[int, int]:
    """Draw the numbers every tie of the list still needs (e.g. to publish the edital's
    classification); entry id -> number drawn. Empty when no tie needs one."""
    permissions.require(actor, "waiting.draw")
    on = on or wallclock.today()
    profile = setup.profile(on)
    with write_transaction():
        _, _, candidates = _ranked(on)
        groups = waiting_rank.ties_needing_lottery(candidates, profile.waiting_list.mode,
                                                   profile.waiting_list.ranking)
        return _draw(actor, groups, on)


def call_deadline(on: dt.date) -> dt.date:
    return on + dt.timedelta(days=setup.profile(on).waiting_list.enrol_days or DEFAULT_CALL_DAYS)


def call_next(actor: Actor, *, on: dt.date | None = None, reason: str = "") -> dict | None:
    """Call the first person waiting (status "called", with a deadline to come forward);
    None when nobody waits. When the first place is a tie that needs the lottery, the numbers
    are drawn first (L1745 Art. 12 §2 IV)."""
    permissions.require(actor, "waiting.call")
    on = on or wallclock.today()
    reason = validators.text(reason, "Motivo da convocação", max_length=MAX_NOTES,
                             required=False)
    with write_transaction():
        return _call_first(actor, on, reason)


def _call_first(actor: Actor, on: dt.date, reason: str) -> dict | None:
    """The first person waiting is called (inside a transaction); None when nobody waits."""
    profile = setup.profile(on)
    ranked, rows, candidates = _ranked(on)
    if not ranked:
        return None
    groups = waiting_rank.ties_needing_lottery(candidates, profile.waiting_list.mode,
                                               profile.waiting_list.ranking)
    first_group = [g for g in groups if ranked[0] in g]
    if first_group:
        _draw(actor, first_group, on)
        ranked, rows, candidates = _ranked(on)
    entry, person = rows[ranked[0].entry_id]
    return _call(actor, entry, person, on, reason)


def calls_by_itself(profile=None) -> bool:
    """The law calls the next on the list by itself (PF Art. 12 §ú), not the clerk."""
    return (profile or setup.profile_today()).waiting_list.mode == "automatic"


def free_places(on: dt.date | None = None) -> int:
    """Places under the permit cap that no permit in force holds and no open call already
    offers (negative when the register holds more than the cap, e.g. after the population
    was lowered). The cap of the wording in force on `on` (today)."""
    profile = setup.profile(on)
    population = MunicipioSettings.select(MunicipioSettings.population).scalar() or 0
    in_force = Permit.select().where(Permit.status.not_in(Permit.ENDED)).count()
    calls = WaitingListEntry.select().where(WaitingListEntry.status == "called").count()
    return permit_rules.permit_cap(profile, population) - in_force - calls


def call_for_free_place(actor: Actor, *, on: dt.date, reason: str) -> dict | None:
    """PF Art. 12 §ú: where the list calls by itself, the next person waiting is called
    when a place is free and not offered yet (a permit reverted, or a call ended without the
    called person taking the place). Inside the caller's transaction; the call is the law's
    consequence of the act, audited under the actor who did it. None when the law leaves
    the call to the clerk, no place is free or nobody waits."""
    profile = setup.profile(on)
    if not calls_by_itself(profile) or free_places(on) <= 0:
        return None
    return _call_first(actor, on, reason)


def _after_call_ended(actor: Actor, ended: dict, on: dt.date, why: str) -> dict:
    """`ended` (a call that just ended, `why`) with what became of its place: "next_called"
    (the entry called in its stead, or None) and "next_call_text", the sentence the window
    and the command line show. Entries that were only waiting get neither."""
    profile = setup.profile(on)
    article = profile.waiting_list.article
    called = call_for_free_place(actor, on=on, reason=(
        f"convocação da inscrição nº {ended['id']} encerrada: {why}"))
    if called is not None:
        text = (f"{called['person_name']} convocado(a) em seguida ({article}); prazo para "
                f"comparecer até {validators.format_date(called['call_deadline'])}.")
    elif not calls_by_itself(profile):
        text = (f"A lei do município não convoca o próximo automaticamente ({article}): a "
                "próxima convocação é feita pelo atendente.")
    elif count_waiting() == 0:
        text = "Ninguém mais aguarda na lista de espera."
    else:
        text = ("Ninguém convocado em seguida: não há vaga livre que já não esteja "
                "ocupada ou oferecida a um convocado.")
    return {**ended, "next_called": called, "next_call_text": text}


def _call(actor: Actor, entry: WaitingListEntry, person: Person, on: dt.date,
          reason: str) -> dict:
    before = audit.snapshot(entry)
    entry.status, entry.called_at, entry.call_deadline = "called", _stamp(on), call_deadline(on)
    entry.save()
    audit.record(actor, "waiting_list.call", "waiting_list_entry", entry.id, before=before,
                 after={**audit.snapshot(entry), "reason": reason})
    return as_dict(entry, person)


def _end(actor: Actor, entry: WaitingListEntry, status: str, on: dt.date, action: str,
         reason: str = "") -> dict:
    before = audit.snapshot(entry)
    entry.status, entry.ended_at = status, _stamp(on)
    entry.save()
    audit.record(actor, action, "waiting_list_entry", entry.id, before=before,
                 after={**audit.snapshot(entry), "reason": reason})
    return as_dict(entry)


def mark_granted(actor: Actor, person_id: int, *, on: dt.date | None = None) -> dict | None:
    """The person got a permit (a grant or a transfer): their open entry (called or waiting)
    becomes "granted". None when they were not on the list (the grant goes on). A call that
    ends so passes to the next where a place is still free (PF Art. 12 §ú): a transfer fills
    no place, a grant may leave others free."""
    permissions.require(actor, "waiting.grant")
    on = on or wallclock.today()
    person = _get_person(person_id)
    with write_transaction():
        entry = (WaitingListEntry.select().where(
            (WaitingListEntry.person == person.id) & WaitingListEntry.status.in_(OPEN_STATUSES))
            .order_by(WaitingListEntry.status != "called", WaitingListEntry.id).first())
        if entry is None:
            return None
        was_called = entry.status == "called"
        ended = _end(actor, entry, "granted", on, "waiting_list.grant")
        return (_after_call_ended(actor, ended, on, "o convocado recebeu uma permissão")
                if was_called else ended)


def leave(actor: Actor, entry_id: int, *, reason: str, on: dt.date | None = None) -> dict:
    """The person leaves the list (refusal of the call, desistência, death, removal), with
    the reason. When the person was called, the call passes to the next where the law calls
    by itself and a place is free (PF Art. 12 §ú): "next_called" and "next_call_text"."""
    permissions.require(actor, "waiting.leave")
    on = on or wallclock.today()
    reason = validators.text(reason, "Motivo da saída", max_length=MAX_NOTES)
    entry = _get_entry(entry_id)
    with write_transaction():
        entry = locked(WaitingListEntry.select().where(WaitingListEntry.id == entry.id)).first()
        if entry.status not in OPEN_STATUSES:
            raise DomainError(f"A inscrição nº {entry.id} não está aberta na lista de espera "
                              f"(situação: {STATUS_WORDS.get(entry.status, entry.status)}).")
        was_called = entry.status == "called"
        ended = _end(actor, entry, "left", on, "waiting_list.leave", reason)
        return _after_call_ended(actor, ended, on, reason) if was_called else ended


def expire_calls(actor: Actor, *, on: dt.date | None = None) -> dict:
    """Calls whose deadline passed become "expired". Where the list calls by itself (PF Art.
    12 §ú) the next person is called for each, the place being still free; in the other
    modes the caller decides. Returns {"expired": [...], "called": [...]}."""
    permissions.require(actor, "waiting.expire")
    on = on or wallclock.today()
    expired, called = [], []
    with write_transaction():
        rows = list(WaitingListEntry.select().where(
            (WaitingListEntry.status == "called") & (WaitingListEntry.call_deadline < on))
            .order_by(WaitingListEntry.call_deadline, WaitingListEntry.id))
        for entry in rows:
            expired.append(_end(actor, entry, "expired", on, "waiting_list.expire",
                                "prazo da convocação vencido"))
        for entry in expired:
            nxt = call_for_free_place(actor, on=on, reason=f"convocação da inscrição nº "
                                                          f"{entry['id']} venceu")
            if nxt is None:
                break
            called.append(nxt)
    return {"expired": expired, "called": called}

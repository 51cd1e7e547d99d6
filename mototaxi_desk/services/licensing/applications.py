"""Applications (requerimentos): protocol AAAA/NNNNNN, the profile's document checklist,
a status workflow with who decided and why. Debts block filing where the profile says so
(SRM Art. 50)."""
from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ...domain import validators
from ...domain.errors import DebtRefusal, DomainError, RuleRefusal, ValidationError
from ...domain.profiles import APPLICATION_TYPES
from ...store.connection import retry_conflicts, write_transaction
from ...store.models import (Application, ApplicationChecklistItem, ApplicationStatusChange, Permit,
                             Person, utcnow)
from .. import audit, permissions, setup
from ..payments import fees
from ..register import persons
from ..administration import sequences
from ..context import Actor
from ...domain import wallclock

TYPE_LABELS = {"new_permit": "Nova permissão", "renewal": "Renovação",
               "transfer": "Transferência", "vehicle_substitution": "Substituição de veículo",
               "stand_change": "Mudança de ponto", "interruption": "Interrupção",
               "withdrawal": "Desistência", "auxiliary_driver": "Credencial de condutor auxiliar",
               "card_second_copy": "2ª via do cartão"}
STATUS_LABELS = {"protocolado": "Protocolado", "em_analise": "Em análise",
                 "pendente": "Pendente", "deferido": "Deferido", "indeferido": "Indeferido",
                 "arquivado": "Arquivado"}
# status -> the statuses it may go to
WORKFLOW = {"protocolado": ("em_analise", "pendente", "deferido", "indeferido", "arquivado"),
            "em_analise": ("pendente", "deferido", "indeferido", "arquivado"),
            "pendente": ("em_analise", "deferido", "indeferido", "arquivado"),
            "deferido": (), "indeferido": (), "arquivado": ()}
DECISIONS = ("deferido", "indeferido")
FILERS = permissions.COUNTER  # the GUI asks; services check services/permissions.py
# types that concern an existing permit of the applicant
NEEDS_PERMIT = {"renewal", "transfer", "vehicle_substitution", "stand_change", "interruption",
                "withdrawal", "auxiliary_driver", "card_second_copy"}


# the requests whose applicant must meet the driver's requirements (holder_rules) and not
# be barred: shown as soon as the person is chosen
NEEDS_DRIVER = {"new_permit"}


def blockers(person_id: int, app_type: str | None, *, on: dt.date | None = None) -> list[str]:
    """What would stop this person's request, in Portuguese with the article: open debts
    where they block requests (SRM Art. 50), and for a new permit the driver's requirements
    (CNH, age) and bars. Empty when nothing does. The window shows them as soon as the person
    is chosen, the command line after filing; filing itself is refused only by the debts."""
    from . import eligibility
    found = []
    try:
        fees.check_no_debts(person_id, "o requerimento", on=on)
    except DomainError as exc:
        found.append(str(exc))
    if app_type in NEEDS_DRIVER:
        try:
            eligibility.check_person(setup.profile(on), person_id, on or wallclock.today())
        except DomainError as exc:
            found.append(str(exc))
    return found


def blocking_debts(person_id: int) -> dict | None:
    """The debts that stop this person's requests (SRM Art. 50), for the window to offer
    paying them when the person is chosen: {"person_id", "debts", "message"}, or None."""
    try:
        fees.check_no_debts(person_id, "o requerimento")
    except DebtRefusal as exc:
        return {"person_id": exc.person_id, "debts": exc.debts, "message": str(exc)}
    return None


def protocol_text(app: Application) -> str:
    return f"{app.protocol_year}/{app.protocol_seq:06d}"


def as_dict(app: Application, *, checklist=None, history=None) -> dict:
    """`checklist`, `history`: the application's rows when the caller read them already
    (list_applications reads them for every application in two queries). Its times
    (filed, decided, each change of status) in this computer's local time, as shown: the
    database keeps them in UTC."""
    if checklist is None:
        checklist = app.checklist.order_by(ApplicationChecklistItem.id)
    if history is None:
        history = app.status_changes.order_by(ApplicationStatusChange.id)
    return {"id": app.id, "protocol": protocol_text(app), "type": app.type,
            "type_label": TYPE_LABELS[app.type], "status": app.status,
            "status_label": STATUS_LABELS[app.status], "person_id": app.person_id,
            "person_name": app.person.name, "permit_id": app.permit_id,
            "filed_at": wallclock.local(app.filed_at), "filed_by": app.filed_by_id,
            "decided_by": app.decided_by_id, "decided_at": wallclock.local(app.decided_at),
            "decision_reason": app.decision_reason, "notes": app.notes,
            "checklist": [{"code": c.code, "text": c.text, "mandatory": c.mandatory,
                           "article": c.article, "received": c.received,
                           "received_on": c.received_on, "note": c.note}
                          for c in checklist],
            "history": [{"at": wallclock.local(h.at), "from": h.from_status, "to": h.to_status,
                         "reason": h.reason, "user_id": h.user_id}
                        for h in history]}


def get_application(application_id) -> Application:
    app = Application.get_or_none(Application.id == application_id)
    if app is None:
        raise ValidationError("Requerimento", f"requerimento nº {application_id} não existe.")
    return app


def application(application_id) -> dict:
    """One application as plain data (as_dict): the screens' getter."""
    return as_dict(get_application(application_id))


def _day(on: dt.datetime | dt.date | None) -> dt.date:
    """The day of an act stamped `on` (today, the program's, when not given)."""
    if on is None:
        return wallclock.today()
    return on.date() if isinstance(on, dt.datetime) else on


def by_protocol(text: str) -> Application:
    year, _, seq = str(text or "").strip().partition("/")
    if not ((year + seq).isascii() and year.isdigit() and seq.isdigit() and len(year) == 4
            and 0 < len(seq) <= 6):  # str.isdigit() takes '²', which int() refuses
        raise ValidationError("Protocolo", "use o formato AAAA/NNNNNN.")
    app = Application.get_or_none((Application.protocol_year == int(year)) &
                                  (Application.protocol_seq == int(seq)))
    if app is None:
        raise ValidationError("Protocolo", f"{text} não existe.")
    return app


@retry_conflicts
def file_application(actor: Actor, person_id, app_type: str, *, permit_id=None, notes="",
                     on: dt.datetime | None = None, received: Iterable[str] = ()) -> dict:
    """Protocol a request: number AAAA/NNNNNN (sequential per year, gap-free), the profile's
    checklist for the type, status 'protocolado'; the documents handed in at the counter
    (`received`, checklist codes) marked received today in the same transaction: the
    protocol and its documents, or nothing."""
    permissions.require(actor, "application.file")
    if app_type not in APPLICATION_TYPES:
        raise ValidationError("Tipo de requerimento", "tipo desconhecido.")
    profile = setup.profile(_day(on))  # the wording in force on the filing's day
    kind = profile.application(app_type)
    if not kind.allowed:
        raise RuleRefusal(f"{TYPE_LABELS[app_type]} não é prevista na lei do município",
                          kind.article)
    notes = validators.text(notes, "Observações", max_length=2000, required=False)
    person = persons.get_person(person_id)
    if app_type in NEEDS_PERMIT:
        permit = Permit.get_or_none(Permit.id == permit_id) if permit_id else None
        if permit is None or permit.holder_id != person.id:
            raise ValidationError("Permissão", "informe uma permissão deste requerente.")
    elif permit_id is not None:
        raise ValidationError("Permissão", "um pedido de nova permissão não se refere a "
                                           "permissão existente.")
    fees.check_no_debts(person.id, "o requerimento")
    received = list(received)
    if received:
        permissions.require(actor, "application.checklist")
    when = on or utcnow()
    filed_on = wallclock.local_day(when)  # the protocol's year is the counter's, not UTC's:
    # filed at 22:00 on 31/12 in Brasília time, it is that year's (01:00 on 01/01 in UTC)
    with write_transaction(concurrent=True):  # its one conflict: the protocol number's row
        seq = sequences.next_value("protocol", filed_on.year)
        app = Application.create(protocol_year=filed_on.year, protocol_seq=seq, type=app_type,
                                 person=person.id, permit=permit_id, filed_at=when,
                                 filed_by=actor.user_id, notes=notes)
        if kind.checklist:
            ApplicationChecklistItem.insert_many([
                {"application": app.id, "code": item.code, "text": item.text,
                 "mandatory": item.mandatory, "article": item.article}
                for item in kind.checklist]).execute()
        ApplicationStatusChange.create(application=app.id, to_status="protocolado",
                                       user=actor.user_id, at=when)
        audit.record(actor, "application.file", "application", app.id,
                     after={**audit.snapshot(app), "protocol": protocol_text(app)})
        if received:
            _mark_items(actor, app, list(received), received=True,
                        received_on=min(filed_on, wallclock.today()), note="")
    return as_dict(app)


def set_checklist_item(actor: Actor, application_id, code: str, *, received: bool,
                       received_on=None, note="") -> dict:
    return set_checklist_items(actor, application_id, [code], received=received,
                               received_on=received_on, note=note)


def set_checklist_items(actor: Actor, application_id, codes: Iterable[str], *,
                        received: bool, received_on=None, note="") -> dict:
    """Mark documents of the checklist received (or not) in one transaction, one audit
    entry per document: a clerk ticking the 19 papers a person handed in is one action."""
    permissions.require(actor, "application.checklist")
    note = validators.text(note, "Observação", max_length=200, required=False)
    received_on = validators.parse_date(received_on or wallclock.today(), "Data de recebimento",
                                        latest=wallclock.today()) if received else None
    with write_transaction():
        app = get_application(application_id)
        _mark_items(actor, app, list(codes), received=received, received_on=received_on,
                    note=note)
    return as_dict(app)


def _mark_items(actor: Actor, app: Application, codes: list[str], *, received: bool,
                received_on, note: str) -> None:
    """Inside the caller's transaction: every code must be on the application's list, or
    nothing is marked."""
    if app.status in ("deferido", "indeferido", "arquivado"):
        raise DomainError(f"Requerimento {protocol_text(app)} já foi "
                          f"{STATUS_LABELS[app.status].lower()}.")
    items = {item.code: item for item in ApplicationChecklistItem.select().where(
        (ApplicationChecklistItem.application == app.id) &
        ApplicationChecklistItem.code.in_(codes))} if codes else {}
    unknown = [code for code in codes if code not in items]
    if unknown:
        raise ValidationError("Documento", f"'{unknown[0]}' não faz parte da lista deste "
                                           "requerimento.")
    for code in dict.fromkeys(codes):  # in the order given, each once
        item = items[code]
        before = audit.snapshot(item)
        item.received, item.received_on, item.note = bool(received), received_on, note
        item.save()
        audit.record(actor, "application.checklist", "application", app.id, before=before,
                     after=audit.snapshot(item))


def change_status(actor: Actor, application_id, to_status: str, *, reason="",
                  on: dt.datetime | None = None) -> dict:
    """Move along the workflow. Deciding (deferido / indeferido) is for a supervisor;
    deferring needs every mandatory document received; refusing, archiving and setting
    pending need a reason."""
    if to_status not in STATUS_LABELS:
        raise ValidationError("Situação", "situação desconhecida.")
    if to_status in DECISIONS:
        permissions.require(actor, "application.decide")
    else:
        permissions.require(actor, "application.move")
    reason = validators.text(reason, "Motivo", max_length=2000,
                             required=to_status in ("indeferido", "arquivado", "pendente"))
    when = on or utcnow()
    with write_transaction():
        app = get_application(application_id)
        if to_status not in WORKFLOW[app.status]:
            raise DomainError(f"Requerimento {protocol_text(app)}: não é possível passar de "
                              f"'{STATUS_LABELS[app.status]}' para '{STATUS_LABELS[to_status]}'.")
        if to_status == "deferido":
            missing = [c.text for c in app.checklist.where(
                ApplicationChecklistItem.mandatory & ~ApplicationChecklistItem.received)]
            if missing:
                kind = setup.profile(_day(on)).application(app.type)
                raise RuleRefusal(f"Faltam {len(missing)} documento(s) obrigatório(s), "
                                  f"entre eles: {missing[0][:120]}", kind.article)
        before = audit.snapshot(app)
        ApplicationStatusChange.create(application=app.id, from_status=app.status,
                                       to_status=to_status, reason=reason, user=actor.user_id,
                                       at=when)
        app.status = to_status
        if to_status in DECISIONS or to_status == "arquivado":
            app.decided_by, app.decided_at, app.decision_reason = actor.user_id, when, reason
        app.save()
        audit.record(actor, f"application.{to_status}", "application", app.id, before=before,
                     after=audit.snapshot(app))
    return as_dict(app)


def list_applications(*, status: str | None = None, person_id=None, limit=200) -> list[dict]:
    query = Application.select().order_by(Application.protocol_year.desc(),
                                          Application.protocol_seq.desc()).limit(limit)
    if status:
        query = query.where(Application.status == status)
    if person_id:
        query = query.where(Application.person == person_id)
    apps = list(query.select(Application, Person).join(Person))
    ids = [a.id for a in apps]
    checklists: dict[int, list] = {i: [] for i in ids}
    histories: dict[int, list] = {i: [] for i in ids}
    if ids:  # two queries for the whole list, not two per application
        for item in (ApplicationChecklistItem.select()
                     .where(ApplicationChecklistItem.application.in_(ids))
                     .order_by(ApplicationChecklistItem.id)):
            checklists[item.application_id].append(item)
        for change in (ApplicationStatusChange.select()
                       .where(ApplicationStatusChange.application.in_(ids))
                       .order_by(ApplicationStatusChange.id)):
            histories[change.application_id].append(change)
    return [as_dict(a, checklist=checklists[a.id], history=histories[a.id]) for a in apps]


def application_rows(*, status: str | None = None, offset: int = 0, limit: int = 200
                     ) -> list[dict]:
    """A page of the Requerimentos list, newest first: the fields of the table (no checklist
    or history: get_application has them), applicants joined, in one query; times local,
    as in as_dict."""
    query = (Application.select(Application, Person)
             .join(Person, on=(Application.person == Person.id), attr="person")
             .order_by(Application.protocol_year.desc(), Application.protocol_seq.desc())
             .offset(offset).limit(limit))
    if status:
        query = query.where(Application.status == status)
    return [{"id": a.id, "protocol": protocol_text(a), "type": a.type,
             "type_label": TYPE_LABELS[a.type], "status": a.status,
             "status_label": STATUS_LABELS[a.status], "person_id": a.person_id,
             "person_name": a.person.name, "permit_id": a.permit_id,
             "filed_at": wallclock.local(a.filed_at), "decided_at": wallclock.local(a.decided_at),
             "decision_reason": a.decision_reason} for a in query]


def count_applications(status: str | None = None) -> int:
    query = Application.select()
    if status:
        query = query.where(Application.status == status)
    return query.count()

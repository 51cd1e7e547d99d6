"""E-mail to holders (issue 41 items 3 and 4): the município's SMTP server set up on this
station (mail_settings.py keeps it, the password encrypted), a document (termo, a notice's
copy, guia, protocol receipt — drawn and signed as the printing path does) or deadline
reminders (from services/views/alerts.py) sent to the holder's registered address, every delivery
kept with what it carried, its SHA-256 and the server's answer (email_delivery), audited;
failures listed and retried with the same bytes.

LGPD: a person who refused e-mail gets nothing; reminders need consent and stop when the
person unsubscribes (documents do not); no CPF in a subject. An e-mail is not a legal
notification (domain/mail_rules.py): sending a notice's copy changes nothing of the notice."""
from __future__ import annotations

import datetime as dt
import email.policy
import hashlib
import smtplib
import ssl
from collections.abc import Callable
from email.message import EmailMessage
from email.utils import formataddr, make_msgid

from ...domain import mail_rules, validators, wallclock
from ...domain.errors import DomainError, ValidationError
from ...domain.numbers import parse_int
from ...domain.validators import format_date
from ...store.connection import write_transaction
from ...store.models import EmailConsent, EmailDelivery, Person
from .. import audit, permissions, setup
from . import mail_settings
from ..register import persons
from ..context import Actor

TIMEOUT_SECONDS = 30
REPLY_LIMIT = 500


# --- the server ---------------------------------------------------------------------------

def show() -> dict:
    """This station's SMTP settings (never the password: only whether one is kept)."""
    settings = mail_settings.read()
    if settings is None:
        return {"configured": False, "host": "", "port": None, "security": "starttls",
                "user": "", "sender": "", "has_password": False}
    return {"configured": True, **settings.as_dict(),
            "has_password": mail_settings.has_password()}


def configure(actor: Actor, *, host, port, security, user="", sender, password=None) -> dict:
    """Set this station's SMTP server (password None: keep the one saved). Audited, the
    password never in the audit."""
    permissions.require(actor, "mail.setup")
    settings = mail_rules.smtp_settings(host, port, security, user, sender)
    before = show()
    mail_settings.save(settings, password)
    audit.record(actor, "mail.setup", "mail", settings.host,
                 before={k: v for k, v in before.items() if k != "has_password"} or None,
                 after={**settings.as_dict(), "password_changed": password is not None})
    return show()


def _settings() -> mail_rules.SmtpSettings:
    settings = mail_settings.read()
    if settings is None:
        raise DomainError("O servidor de e-mail não está configurado nesta estação "
                          "(Configurações → E-mail ou `mail setup`).")
    return settings


def _transmit(message: EmailMessage, settings: mail_rules.SmtpSettings) -> str:
    """Send one message; the server's answer to it ('250 ...'); SMTP and network errors
    raise (the caller records them)."""
    password = mail_settings.password()
    context = ssl.create_default_context()
    if settings.security == "ssl":
        client = smtplib.SMTP_SSL(settings.host, settings.port, timeout=TIMEOUT_SECONDS,
                                  context=context)
    else:
        client = smtplib.SMTP(settings.host, settings.port, timeout=TIMEOUT_SECONDS)
    with client:
        client.ehlo()
        if settings.security == "starttls":
            client.starttls(context=context)
            client.ehlo()
        if settings.user:
            client.login(settings.user, password)
        code, answer = client.mail(settings.sender)
        if code != 250:
            raise smtplib.SMTPSenderRefused(code, answer, settings.sender)
        code, answer = client.rcpt(str(message["To"]))
        if code not in (250, 251):
            raise smtplib.SMTPRecipientsRefused({str(message["To"]): (code, answer)})
        # CRLF line ends: smtplib sends bytes as given (send_message would do this too)
        code, answer = client.data(message.as_bytes(policy=email.policy.SMTP))
        if code != 250:
            raise smtplib.SMTPDataError(code, answer)
    return f"{code} {answer.decode('utf-8', 'replace')}"[:REPLY_LIMIT]


def _failure_text(exc: BaseException) -> str:
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        (code, answer), = exc.recipients.values()
        return f"{code} {answer.decode('utf-8', 'replace')}"[:REPLY_LIMIT]
    if isinstance(exc, smtplib.SMTPResponseException):
        answer = exc.smtp_error
        text = answer.decode("utf-8", "replace") if isinstance(answer, bytes) else str(answer)
        return f"{exc.smtp_code} {text}"[:REPLY_LIMIT]
    if isinstance(exc, ssl.SSLCertVerificationError):
        text = f"certificado do servidor não confiável ({exc.verify_message})"
    elif isinstance(exc, TimeoutError):
        text = f"o servidor não respondeu em {TIMEOUT_SECONDS} s"
    elif isinstance(exc, ConnectionRefusedError):
        text = "o servidor recusou a conexão (servidor ou porta errados?)"
    elif isinstance(exc, smtplib.SMTPNotSupportedError):
        text = f"o servidor não oferece o que a configuração pede ({exc})"
    else:
        text = str(exc) or type(exc).__name__
    return f"falha de conexão: {text}"[:REPLY_LIMIT]


# --- messages -------------------------------------------------------------------------------

def _message(settings, to: str, subject: str, body: str,
             attachment: tuple[str, bytes] | None) -> EmailMessage:
    message = EmailMessage()
    message["From"] = formataddr((_municipio_name(), settings.sender))
    message["To"] = to
    message["Subject"] = subject
    message["Date"] = wallclock.now().astimezone()  # the local time, with its offset
    message["Message-ID"] = make_msgid(domain=settings.sender.partition("@")[2] or None)
    message.set_content(body)
    if attachment:
        name, data = attachment
        message.add_attachment(data, maintype="application", subtype="pdf", filename=name)
    return message


def _municipio_name() -> str:
    return f"Prefeitura de {setup.settings().name}"


def _deliver(actor: Actor, *, person: Person | None, address: str, kind: str, document: str,
             key: str, subject: str, body: str, attachment: tuple[str, bytes] | None,
             settings=None) -> dict:
    """Send, then keep the delivery and audit it (one transaction after the send)."""
    settings = settings or _settings()
    if person is not None:
        mail_rules.subject_without_cpf(subject, person.cpf)
    try:
        reply, status = _transmit(_message(settings, address, subject, body, attachment),
                                  settings), "sent"
    except (smtplib.SMTPException, OSError) as exc:  # OSError: timeouts and TLS too
        reply, status = _failure_text(exc), "failed"
    data = attachment[1] if attachment else None
    with write_transaction():
        row = EmailDelivery.create(
            login=actor.login, person=person.id if person else None, address=address,
            kind=kind, document=document, document_key=key, subject=subject, body=body,
            attachment_name=attachment[0] if attachment else "", attachment=data,
            sha256=hashlib.sha256(data).hexdigest() if data else "", status=status,
            server_reply=reply, last_attempt_at=wallclock.now())
        audit.record(actor, "mail.send", "email_delivery", row.id, after=_audited(row))
    return as_dict(row)


def _audited(row: EmailDelivery) -> dict:
    return {"person_id": row.person_id, "address": row.address, "kind": row.kind,
            "document": row.document, "key": row.document_key, "sha256": row.sha256,
            "status": row.status, "server_reply": row.server_reply, "attempts": row.attempts}


def as_dict(row: EmailDelivery) -> dict:
    return {"id": row.id, "created_at": row.created_at, "login": row.login,
            "person_id": row.person_id, "address": row.address, "kind": row.kind,
            "document": row.document, "key": row.document_key, "subject": row.subject,
            "attachment_name": row.attachment_name, "sha256": row.sha256,
            "status": row.status, "server_reply": row.server_reply,
            "attempts": row.attempts, "last_attempt_at": row.last_attempt_at}


def send_test(actor: Actor, address) -> dict:
    """A test message to `address` (Configurações → Enviar e-mail de teste; `mail test`)."""
    permissions.require(actor, "mail.setup")
    to = mail_rules.address(address, "E-mail de teste")
    settings = _settings()
    return _deliver(actor, person=None, address=to, kind="test", document="", key="",
                    subject=f"{_municipio_name()} — mensagem de teste do Mototáxi Desk",
                    body="Esta é uma mensagem de teste: o servidor de e-mail da prefeitura "
                         "está configurado no Mototáxi Desk.", attachment=None,
                    settings=settings)


# --- consent (LGPD) -------------------------------------------------------------------------

def consent_of(person_id: int) -> dict:
    row = EmailConsent.get_or_none(EmailConsent.person == person_id)
    if row is None:
        return {"consent": None, "consent_on": None, "unsubscribed_on": None}
    return {"consent": row.consent, "consent_on": row.consent_on,
            "unsubscribed_on": row.unsubscribed_on}


def consent_text(person_id: int) -> str:
    """How the person form and `person show` say it."""
    data = consent_of(person_id)
    if data["consent"] is None:
        return "não registrado"
    text = (f"{'sim' if data['consent'] else 'não'} (em {format_date(data['consent_on'])})")
    if data["unsubscribed_on"]:
        text += f"; descadastrado dos lembretes em {format_date(data['unsubscribed_on'])}"
    return text


def set_consent(actor: Actor, person_id: int, consent, *, on=None) -> dict:
    """Record the person's yes or no to e-mail (True/False or 'sim'/'não'), on a day (today
    by default). A yes given again after an unsubscribe subscribes the person to reminders
    again. Audited."""
    permissions.require(actor, "mail.consent")
    if not isinstance(consent, bool):
        consent = mail_rules.consent_answer(consent)
    on = wallclock.today() if on in (None, "") else validators.parse_date(on, "Data do consentimento")
    if on > wallclock.today():
        raise ValidationError("Data do consentimento", "não pode ser futura.")
    with write_transaction():
        person = persons.get_person(person_id)
        before = consent_of(person.id)
        row = EmailConsent.get_or_none(EmailConsent.person == person.id)
        if row is None:
            row = EmailConsent(person=person.id)
        row.consent, row.consent_on, row.recorded_by = consent, on, actor.login
        if consent:
            row.unsubscribed_on = None
        row.save()
        audit.record(actor, "mail.consent", "person", person.id,
                     before=_plain(before), after=_plain(consent_of(person.id)))
    return consent_of(person.id)


def update_person(actor: Actor, person_id: int, changes: dict, *, consent=None,
                  consent_on=None, recadastramento: bool = False) -> dict:
    """The person form's and `person edit`'s save: the data and the e-mail consent in one
    transaction (either may be absent)."""
    if not changes and consent is None:
        raise ValidationError("Cadastro", "informe ao menos um campo a alterar.")
    with write_transaction():
        data = persons.update_person(actor, person_id, changes,
                                     recadastramento=recadastramento) if changes \
            else persons.person(person_id)
        if consent is not None:
            set_consent(actor, person_id, consent, on=consent_on)
    return {**data, "email_consent": consent_text(person_id)}


def unsubscribe(actor: Actor, cpf) -> dict:
    """The person asked for no more reminders (legal documents still go). Audited."""
    permissions.require(actor, "mail.consent")
    with write_transaction():
        person = persons.person_by_cpf(cpf)
        before = consent_of(person.id)
        row = EmailConsent.get_or_none(EmailConsent.person == person.id)
        if row is None:  # never asked: the unsubscribe is the person's word, recorded
            row = EmailConsent(person=person.id, consent=True, consent_on=wallclock.today())
        if row.unsubscribed_on is None:
            row.unsubscribed_on = wallclock.today()
            row.recorded_by = actor.login
            row.save()
        audit.record(actor, "mail.unsubscribe", "person", person.id,
                     before=_plain(before), after=_plain(consent_of(person.id)))
    return {"name": person.name, **consent_of(person.id)}


def _plain(data: dict) -> dict:
    return {k: (v.isoformat() if isinstance(v, dt.date) else v) for k, v in data.items()}


def _refusal(person: Person, kind: str) -> str:
    data = consent_of(person.id)
    return mail_rules.may_receive(kind, data["consent"], data["unsubscribed_on"] is not None)


# --- documents ------------------------------------------------------------------------------

def _owners(document: str, key) -> set[int]:
    """The persons a document is about (its copy may go to them only)."""
    if document == "termo":
        from ..documents.common import permit_by_order
        return {permit_by_order(key).holder_id}
    if document == "notice":
        from ..documents.ledger_documents import _notice_by_number
        notice = _notice_by_number(key)
        return {notice.holder_id, notice.infractor_id}
    if document == "guia":
        from ..payments.guias import get
        return {get(key).person_id}
    from ..licensing.applications import by_protocol
    return {by_protocol(key).person_id}


def documents_of(person_id: int) -> dict[str, list[tuple[str, str]]]:
    """The keys of the person's documents one may send, by kind, newest first: (key as
    `send_document` takes it, label). The window's "Enviar por e-mail…" lists them."""
    from ...store.models import Application, Guia, InfractionNotice, Permit
    from ..licensing.applications import protocol_text
    from ..payments.guias import number_text as guia_text
    from ..ledger.notice_records import number_text as notice_text
    out: dict[str, list[tuple[str, str]]] = {}
    out["termo"] = [(str(p.order_number), f"Permissão nº {p.order_number}") for p in
                    Permit.select().where(Permit.holder == person_id).order_by(Permit.id.desc())]
    out["notice"] = [(notice_text(n), f"Auto nº {notice_text(n)}") for n in
                     InfractionNotice.select().where(
                         (InfractionNotice.holder == person_id) |
                         (InfractionNotice.infractor == person_id))
                     .order_by(InfractionNotice.id.desc())]
    out["guia"] = [(guia_text(g), f"Guia nº {guia_text(g)}") for g in
                   Guia.select().where((Guia.person == person_id) & (Guia.status == "open"))
                   .order_by(Guia.id.desc())]
    out["receipt"] = [(protocol_text(a), f"Protocolo {protocol_text(a)}") for a in
                      Application.select().where(Application.person == person_id)
                      .order_by(Application.id.desc())]
    return out


def _recipient(person: Person, kind: str) -> str:
    if not person.email:
        raise ValidationError("E-mail", f"{person.name} não tem e-mail cadastrado.")
    address = mail_rules.address(person.email, "E-mail")
    refusal = _refusal(person, kind)
    if refusal:
        raise DomainError(f"Não enviado: {refusal}.")
    return address


def send_document(actor: Actor, cpf, document, key) -> dict:
    """Send a document of the person with this CPF to the person's registered e-mail: drawn
    and signed as a print is, its copy issued with the delivery kept (a failed delivery is
    retried with the same file). A notice sent stays as it was: the e-mail is no
    notification."""
    permissions.require(actor, "mail.send")
    document = mail_rules.document_kind(document)
    if not str(key or "").strip():
        raise ValidationError("Chave do documento", "informe o número do documento.")
    person = persons.person_by_cpf(cpf)
    if person.id not in _owners(document, key):
        raise ValidationError("Chave do documento",
                              f"{mail_rules.DOCUMENTS[document]} {key} não é de {person.name}.")
    address = _recipient(person, "document")
    settings = _settings()
    from ..documents import print_document
    from ..documents.issuing import confirm
    printed = print_document(actor, document, str(key).strip())
    try:
        pdf = printed["pdf"]
        label = mail_rules.DOCUMENTS[document]
        key_text = str(key).strip()
        body = _document_body(person, document, label, key_text, pdf)
        name = f"{document}-{key_text.replace('/', '-')}.pdf"
        result = _deliver(actor, person=person, address=address, kind="document",
                          document=document, key=key_text,
                          subject=f"{_municipio_name()} — {label} nº {key_text}",
                          body=body, attachment=(name, pdf), settings=settings)
    except BaseException:
        from ..documents.common import release
        release(printed)
        raise
    confirm(actor, printed)  # the copy went out (or waits in the deliveries to be retried)
    return result


def _document_body(person: Person, document: str, label: str, key: str, pdf: bytes) -> str:
    lines = [f"Prezado(a) {person.name},", "",
             f"Segue em anexo: {label} nº {key}, emitido pela {_municipio_name()}."]
    if b"/ByteRange" in pdf:
        lines.append("O documento é assinado digitalmente com o certificado ICP-Brasil da "
                     "prefeitura.")
    lines.append(f"Código SHA-256 do anexo: {hashlib.sha256(pdf).hexdigest()}")
    if document == "notice":
        from ..ledger.notices import means_text
        law = _notice_profile(key)
        lines += ["", mail_rules.not_a_notification(law.defence.notification_article,
                                                    means_text(law))]
    lines += ["", "Dúvidas: procure o atendimento do serviço de mototáxi."]
    return "\n".join(lines)


def _notice_profile(key: str):
    """The law in force on the notice's infraction date (it sets its means and terms)."""
    from ..documents.ledger_documents import _notice_by_number
    return setup.profile(on=_notice_by_number(key).occurred_on)


# --- reminders ------------------------------------------------------------------------------

def _reminder_items(kind: str, days: int, person_id: int | None) -> dict[int, list[dict]]:
    from ..views import alerts
    kinds = set(mail_rules.REMINDERS[kind][1])
    on = wallclock.today()
    items = (alerts.for_person(person_id, on=on, days=days) if person_id is not None
             else alerts.due(on=on, days=days))
    grouped: dict[int, list[dict]] = {}
    for item in items:
        if item["kind"] in kinds and item.get("person_id"):
            grouped.setdefault(item["person_id"], []).append(item)
    return grouped


def _unusable(email: str) -> str:
    """Why a registered address cannot be written to ('' when it can)."""
    if not email:
        return "sem e-mail cadastrado"
    try:
        mail_rules.address(email)
    except ValidationError as exc:
        return f"e-mail cadastrado não aceito: {exc.message.rstrip('.')}"
    return ""


def _reminder_line(item: dict) -> str:
    when = "venceu em" if item["days_left"] < 0 else "vence em"
    parts = [f"- {item['label']}: {when} {format_date(item['due_date'])}"]
    if item.get("permit_order_text"):
        parts.append(f"permissão nº {item['permit_order_text']}")
    if item.get("plate"):
        parts.append(f"placa {item['plate']}")
    text = ", ".join(parts)
    return text + (f" ({item['article']})" if item.get("article") else "")


def reminders(actor: Actor, kind, *, days: int = 30, cpf=None, dry_run: bool = False,
              progress: Callable[[int, int], None] | None = None,
              cancelled: Callable[[], bool] | None = None) -> dict:
    """Reminders of one kind (renovacao, vistoria, cnh, seguro, recadastramento) to every
    holder with such a deadline within `days` (or to the person with `cpf`): one message per
    person, skipping those without e-mail, consent or who unsubscribed (listed with the
    reason). dry_run: who would get one, nothing sent or written. `cancelled` is asked
    between messages (the window's Cancel): what was sent stays recorded."""
    permissions.require(actor, "mail.send")
    kind = mail_rules.reminder_kind(kind)
    days = parse_int(days, "Dias", minimum=0, maximum=3650)
    person_id = persons.person_by_cpf(cpf).id if cpf not in (None, "") else None
    grouped = _reminder_items(kind, days, person_id)
    people = {p.id: p for p in Person.select().where(Person.id.in_(list(grouped)))} \
        if grouped else {}
    planned, skipped = [], []
    for pid in sorted(grouped, key=lambda i: people[i].name_folded):
        person = people[pid]
        reason = _unusable(person.email) or _refusal(person, "reminder")
        (skipped if reason else planned).append(
            {"person_id": pid, "name": person.name, "address": person.email,
             "items": len(grouped[pid]), **({"reason": reason} if reason else {})})
    result = {"kind": kind, "planned": planned, "skipped": skipped, "sent": 0, "failed": 0,
              "cancelled": False, "dry_run": dry_run}
    if dry_run or not planned:
        return result
    settings = _settings()
    label = mail_rules.REMINDERS[kind][0]
    for done, entry in enumerate(planned):
        if cancelled is not None and cancelled():
            result["cancelled"] = True
            break
        person = people[entry["person_id"]]
        body = "\n".join([f"Prezado(a) {person.name},", "",
                          f"Lembrete da {_municipio_name()} — {label}:", "",
                          *(_reminder_line(i) for i in grouped[person.id]), "",
                          "Procure o atendimento do serviço de mototáxi a tempo.", "",
                          mail_rules.UNSUBSCRIBE_LINE])
        row = _deliver(actor, person=person, address=person.email, kind="reminder",
                       document=kind, key="", subject=f"{_municipio_name()} — lembrete: {label}",
                       body=body, attachment=None, settings=settings)
        result["sent" if row["status"] == "sent" else "failed"] += 1
        if progress is not None:
            progress(done + 1, len(planned))
    return result


# --- failures -------------------------------------------------------------------------------

def failures() -> list[dict]:
    """Deliveries that failed, oldest first, with the person's name."""
    rows = list(EmailDelivery.select().where(EmailDelivery.status == "failed")
                .order_by(EmailDelivery.id))
    ids = {r.person_id for r in rows if r.person_id}
    names = dict(Person.select(Person.id, Person.name).where(Person.id.in_(list(ids)))
                 .tuples()) if ids else {}
    return [{**as_dict(r), "name": names.get(r.person_id, "")} for r in rows]


def history(person_id: int) -> list[dict]:
    return [as_dict(r) for r in EmailDelivery.select().where(
        EmailDelivery.person == person_id).order_by(EmailDelivery.id.desc())]


def retry(actor: Actor, delivery_id=None) -> dict:
    """Send the failed deliveries again (or the one `delivery_id`), the same subject, text
    and attachment, to the person's address registered now (corrected since, perhaps); each
    updated with its new answer and address and audited (the first address stays in the
    audit entry of the send). A person who since refused e-mail (or unsubscribed, for a
    reminder) is skipped."""
    permissions.require(actor, "mail.send")
    query = EmailDelivery.select().where(EmailDelivery.status == "failed")
    if delivery_id not in (None, ""):
        query = query.where(EmailDelivery.id == parse_int(delivery_id, "Envio", minimum=1))
        if not query.exists():
            raise ValidationError("Envio", f"o envio {delivery_id} não existe ou não falhou.")
    settings = _settings()
    result = {"sent": 0, "failed": 0, "skipped": []}
    for row in list(query.order_by(EmailDelivery.id)):
        person = Person.get_by_id(row.person_id) if row.person_id else None
        address, refusal = row.address, ""
        if person is not None:  # the address registered now: a wrong one may be corrected
            refusal = _unusable(person.email) or _refusal(person, row.kind)
            address = person.email
        if refusal:
            result["skipped"].append({"id": row.id, "reason": refusal})
            continue
        attachment = (row.attachment_name, bytes(row.attachment)) if row.attachment else None
        try:
            reply = _transmit(_message(settings, address, row.subject, row.body,
                                       attachment), settings)
            status = "sent"
        except (smtplib.SMTPException, OSError) as exc:  # OSError: timeouts and TLS too
            reply, status = _failure_text(exc), "failed"
        with write_transaction():
            row.status, row.server_reply, row.address = status, reply, address
            row.attempts += 1
            row.last_attempt_at = wallclock.now()
            row.save()
            audit.record(actor, "mail.retry", "email_delivery", row.id, after=_audited(row))
        result[status] += 1
    return result

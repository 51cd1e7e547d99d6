"""LGPD (Lei 13.709/2018) Art. 18 II: everything the program holds about one person, for a
data-subject request — registration, CNH, permits and their history, vehicles, inspections,
applications and checklists, waiting list, auxiliary credentials, fees, notices, defences,
charges, sanctions, impounds, bars, the printed documents and the audit entries about them
(including who viewed the record). Only a supervisor or an admin exports, and it is audited."""
from __future__ import annotations

import base64
import datetime as dt
import json
from decimal import Decimal

from ...domain.os_errors import os_error_text
from ...domain import output_files, validators, wallclock
from ...domain.errors import ValidationError
from ...store.connection import write_transaction
from ...store.models import (Application, ApplicationChecklistItem, ApplicationStatusChange,
                             AuditLog, AuxiliaryDriver, CampaignAttendance, Cnh, EmailConsent,
                             EmailDelivery, Fee, Impound, InfractionNotice, Inspection,
                             NoticeProceeding, PenaltyCharge, Permit, PermitHistory, Person,
                             PersonBar, PrintLog, Sanction, SanctionNotice, User, Vehicle,
                             WaitingListEntry, utcnow)
from ..licensing import applications
from .. import audit, audit_words, ledger, permissions, record_words
from ..register import persons
from ..context import Actor

FORMAT_VERSION = 1


def _rows(query) -> list[dict]:
    return [audit.snapshot(row) for row in query]


def _ids(rows: list[dict]) -> list[int]:
    return [r["id"] for r in rows]


def _in(field, ids):
    """field IN ids, or nothing when the list is empty (an empty IN is not portable)."""
    return field.in_(ids) if ids else (field == -1)


def find_person(cpf) -> Person:
    """The person with this CPF; a clear refusal for a malformed or unknown one."""
    if not str(cpf or "").strip():
        raise ValidationError("CPF", "informe o CPF da pessoa.")
    return persons.person_by_cpf(cpf)


def collect(person: Person) -> dict:
    """Everything held about the person, as plain data (no audit, no role check)."""
    data = {"person": persons.as_dict(person)}
    data["person"]["photo_base64"] = (base64.b64encode(person.photo).decode("ascii")
                                      if person.photo else None)
    data["cnh"] = _rows(Cnh.select().where(Cnh.person == person.id).order_by(Cnh.id))
    permits = _rows(Permit.select().where(Permit.holder == person.id).order_by(Permit.id))
    for permit in permits:
        permit["history"] = _rows(PermitHistory.select().where(
            PermitHistory.permit == permit["id"]).order_by(PermitHistory.id))
    data["permits"] = permits
    data["vehicles"] = _rows(Vehicle.select().where(Vehicle.owner == person.id)
                             .order_by(Vehicle.id))
    data["inspections"] = _rows(Inspection.select().where(
        _in(Inspection.vehicle, _ids(data["vehicles"]))).order_by(Inspection.id))
    apps = list(Application.select().where(Application.person == person.id)
                .order_by(Application.id))
    data["applications"] = []
    for app in apps:
        row = audit.snapshot(app)
        row["protocol"] = applications.protocol_text(app)
        row["checklist"] = _rows(app.checklist.order_by(ApplicationChecklistItem.id))
        row["status_changes"] = _rows(app.status_changes.order_by(ApplicationStatusChange.id))
        data["applications"].append(row)
    data["waiting_list"] = _rows(WaitingListEntry.select().where(
        WaitingListEntry.person == person.id).order_by(WaitingListEntry.id))
    data["auxiliary_credentials"] = _rows(AuxiliaryDriver.select().where(
        AuxiliaryDriver.person == person.id).order_by(AuxiliaryDriver.id))
    data["fees"] = _rows(Fee.select().where(Fee.person == person.id).order_by(Fee.id))
    notices = list(InfractionNotice.select().where(
        (InfractionNotice.holder == person.id) | (InfractionNotice.infractor == person.id))
        .order_by(InfractionNotice.id))
    data["notices"] = [{**audit.snapshot(n), "number_text": ledger.number_text(n)}
                       for n in notices]
    notice_ids = [n.id for n in notices]
    data["proceedings"] = _rows(NoticeProceeding.select().where(
        _in(NoticeProceeding.notice, notice_ids)).order_by(NoticeProceeding.id))
    data["penalty_charges"] = _rows(PenaltyCharge.select().where(
        PenaltyCharge.person == person.id).order_by(PenaltyCharge.id))
    sanctions = _rows(Sanction.select().where(Sanction.person == person.id)
                      .order_by(Sanction.id))
    for sanction in sanctions:
        sanction["notice_ids"] = [n for (n,) in SanctionNotice.select(SanctionNotice.notice)
                                  .where(SanctionNotice.sanction == sanction["id"]).tuples()]
    data["sanctions"] = sanctions
    data["impounds"] = _rows(Impound.select().where(Impound.person == person.id)
                             .order_by(Impound.id))
    data["bars"] = _rows(PersonBar.select().where(PersonBar.person == person.id)
                         .order_by(PersonBar.id))
    data["recadastramento"] = _rows(CampaignAttendance.select().where(
        _in(CampaignAttendance.permit, _ids(permits))).order_by(CampaignAttendance.id))
    data["print_log"] = _print_log(data)
    data["email_consent"] = _rows(EmailConsent.select().where(EmailConsent.person == person.id))
    data["email_deliveries"] = [  # what was e-mailed to the person (the attachment's hash)
        {k: v for k, v in row.items() if k != "attachment"} for row in _rows(
            EmailDelivery.select().where(EmailDelivery.person == person.id)
            .order_by(EmailDelivery.id))]
    data["audit"] = _audit_entries(person, data)
    return data


def _print_log(data: dict) -> list[dict]:
    """The printed documents that carry the person's data (cards, termos, stickers of their
    vehicles, receipts of their applications, their notices and release receipts)."""
    keys = {
        "card": [str(x["order_number"]) for x in data["permits"]],
        "termo": [str(x["order_number"]) for x in data["permits"]],
        # the acts of the person's permits (termo de transferência, notifications...)
        "permit_act": [str(h["id"]) for x in data["permits"] for h in x["history"]],
        "aux_card": [str(x["id"]) for x in data["auxiliary_credentials"]],
        "sticker": [x["sticker_serial"] for x in data["inspections"] if x["sticker_serial"]],
        "receipt": [x["protocol"] for x in data["applications"]],
        "notice": [x["number_text"] for x in data["notices"]],
        "release": [str(x["id"]) for x in data["impounds"]],
    }
    condition = None
    for document, entity_keys in keys.items():
        if entity_keys:
            part = (PrintLog.document == document) & PrintLog.entity_key.in_(entity_keys)
            condition = part if condition is None else condition | part
    if condition is None:
        return []
    return _rows(PrintLog.select().where(condition).order_by(PrintLog.id))


# audit entity name -> the section holding the person's rows of that entity (the person's
# own entries are found by the person's id)
_AUDITED = {entity: section for entity, section in record_words.ENTITY_SECTIONS.items()
            if entity != "person"}


def _audit_entries(person: Person, data: dict) -> list[dict]:
    about = (AuditLog.entity == "person") & (AuditLog.entity_id == str(person.id))
    for entity, section in _AUDITED.items():
        ids = [str(i) for i in _ids(data[section])]
        if ids:
            about |= (AuditLog.entity == entity) & AuditLog.entity_id.in_(ids)
    rows = AuditLog.select().where(about).order_by(AuditLog.id)
    logins = dict(User.select(User.id, User.login).tuples())
    return [{"id": r.id, "at": r.at, "user_id": r.user_id, "login": logins.get(r.user_id),
             "action": r.action,
             "entity": r.entity, "entity_id": r.entity_id,
             "before": json.loads(r.before) if r.before else None,
             "after": json.loads(r.after) if r.after else None} for r in rows]


def export_person(actor: Actor, cpf, *, now: dt.datetime | None = None,
                  audited: bool = True) -> dict:
    """The data-subject export of the person with this CPF (audited as 'person.export'
    unless `audited` is False: write_export audits it once its files are written)."""
    permissions.require(actor, "person.export")
    person = find_person(cpf)
    data = collect(person)
    if audited:
        _audit_export(actor, person.id, data)
    return {"format_version": FORMAT_VERSION, "exported_at": now or utcnow(),
            "exported_by": actor.login,
            "legal_basis": "LGPD (Lei 13.709/2018), Art. 18, II — acesso aos dados",
            **data}


def _audit_export(actor: Actor, person_id: int, data: dict, **extra) -> None:
    counts = {k: len(v) for k, v in data.items() if isinstance(v, list)}
    with write_transaction():
        audit.record(actor, "person.export", "person", person_id,
                     after={"counts": counts, **extra})


def _default(value):
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    raise TypeError(type(value).__name__)


def to_json(export: dict) -> str:
    return json.dumps(export, default=_default, ensure_ascii=False, indent=2, sort_keys=False)


def in_words(export: dict) -> dict:
    """The export as its PDF shows it: each coded field of a record in words
    (services/record_words: "Nova permissão", not "new_permit"), each audit entry's action
    and record named (services/audit_words). The JSON keeps the codes."""
    shown = {section: [_row_in_words(section, row) for row in rows]
             if isinstance(rows, list) and section != "audit" else rows
             for section, rows in export.items()}
    shown["audit"] = [{**entry, "action": audit_words.audit_action(entry["action"]),
                       "entity": audit_words.entity(entry["entity"]),
                       "login": entry["login"] or audit.who(None, entry["action"], {})}
                      for entry in export.get("audit") or []]
    return shown


def _row_in_words(section: str, row):
    if not isinstance(row, dict):
        return row
    return {key: [_row_in_words(f"{section}.{key}", item) for item in value]
            if isinstance(value, list) else record_words.export_value(section, key, value)
            for key, value in row.items()
            if (section, key) not in record_words.EXPORT_CODES_WORDED_BESIDE}


def file_stem(export: dict) -> str:
    """The files' name: the person's record number, never the CPF (a file name shows in
    folder listings, recent-file lists and backups of the folder); stamped with the
    computer's local time, as the PDF's footer (the JSON inside keeps UTC)."""
    stamp = wallclock.local(export["exported_at"]).strftime("%Y%m%d-%H%M%S")
    return f"dados-pessoa-{export['person']['id']}-{stamp}"


def cpf_text(export: dict) -> str:
    return validators.format_cpf(export["person"]["cpf"])


def write_export(actor: Actor, cpf, folder) -> dict:
    """Export the person with this CPF to <folder>/dados-pessoa-<nº do cadastro>-<stamp>.json
    and .pdf; the paths and the counts of each section. Audited once both files are written:
    a failed write leaves no file and no 'person.export' entry (nothing was handed out)."""
    from pathlib import Path

    from ...printing import person_export
    from ..documents import municipio_header
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise ValidationError("Pasta de destino", f"'{folder}' não é uma pasta.")
    export = export_person(actor, cpf, audited=False)
    pdf = person_export.render(in_words(export), municipio_header())
    stem, copy = file_stem(export), 1
    paths = {"json": folder / f"{stem}.json", "pdf": folder / f"{stem}.pdf"}
    while any(p.exists() for p in paths.values()):  # two exports in the same second
        copy += 1
        paths = {k: folder / f"{stem}-{copy}.{k}" for k in ("json", "pdf")}
    written = []
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for key, content in (("json", to_json(export).encode("utf-8")), ("pdf", pdf)):
            written.append(output_files.write_new(paths[key], content))  # never over another
    except OSError as exc:
        raise ValidationError("Pasta de destino", f"não foi possível gravar em '{folder}': "
                                                  f"{os_error_text(exc)}.") from None
    except output_files.OutputError as exc:
        for path in written:  # both files or neither
            path.unlink(missing_ok=True)
        raise ValidationError("Pasta de destino", str(exc)) from None
    _audit_export(actor, export["person"]["id"], export,
                  files=[paths["json"].name, paths["pdf"].name])
    return {"person_id": export["person"]["id"], "name": export["person"]["name"],
            "json": str(paths["json"]), "pdf": str(paths["pdf"]),
            "counts": {k: len(v) for k, v in export.items() if isinstance(v, list)}}

"""The bank's collection return file (FEBRABAN arrecadação layout, 150-character records;
domain/febraban.py reads it): each payment it lists is matched to its guia by the barcode
and pays the guia's debt through the counter's own payment path (counter.pay_debt →
fees.pay / ledger.pay_charge), with the date and amount the bank reports, so the record,
the ledger, the debt blocks (SRM Art. 50) and the reports all see it.

One import is one transaction, audited, with a report of every payment:
- matched: the debt was open and the amount is the whole amount — now paid;
- already_paid: the guia or its debt was paid before (an earlier file, the counter, or the
  same guia twice in the file) — nothing changes, the money may need refunding;
- unknown: the barcode is not one of ours (or unreadable) — nothing changes;
- not_applied: the guia exists but its debt was cancelled or the amount differs (only
  whole payments are taken) — nothing changes, the clerk decides.
Importing the same file again changes nothing and shows the first import's report."""
from __future__ import annotations

import hashlib
from decimal import Decimal

from ...domain.os_errors import os_error_text
from ...domain import febraban, input_limits, validators, wallclock
from ...domain.errors import DomainError, ValidationError
from ...domain.money import format_money
from ...store.connection import write_transaction
from ...store.models import BankReturnFile, BankReturnItem, Guia
from .. import audit, permissions
from ..views import counter
from . import guias
from ..context import Actor

OUTCOME_LABELS = {"matched": "Baixada", "already_paid": "Já paga",
                  "unknown": "Não identificada", "not_applied": "Não aplicada"}


def _apply(actor: Actor, item: febraban.ReturnItem, header: febraban.ReturnHeader
           ) -> tuple[str, Guia | None, str]:
    """What one payment does: (outcome, guia, note)."""
    try:
        digits = febraban.parse_barcode(item.barcode).digits
    except ValidationError as exc:
        return "unknown", None, f"código de barras ilegível: {exc.message}"
    guia = Guia.get_or_none(Guia.barcode == digits)
    if guia is None:
        return "unknown", None, "nenhuma guia emitida com este código de barras"
    number = guias.number_text(guia)
    if guia.status == "paid":
        return "already_paid", guia, (f"guia {number} já paga em "
                                      f"{validators.format_date(guia.paid_on)}")
    debt = guias.debt_of(guia)
    if debt["status"] == "paid":
        return "already_paid", guia, (f"débito já pago em "
                                      f"{validators.format_date(debt['paid_on'])}"
                                      + (f" (recibo {debt['receipt']})" if debt["receipt"]
                                         else ""))
    if debt["status"] != "open":
        return "not_applied", guia, "o débito da guia foi cancelado: verificar devolução"
    if item.cents != debt["amount_cents"]:
        return "not_applied", guia, (f"valor pago {format_money(item.cents)} difere do "
                                     f"débito {format_money(debt['amount_cents'])}; só o "
                                     "pagamento integral é aceito")
    receipt = f"DAM {number} · banco {header.bank_code} NSA {header.sequence}"
    try:
        with write_transaction():  # a savepoint: a refused payment leaves nothing behind
            counter.pay_debt(actor, debt, paid_on=item.paid_on, receipt=receipt,
                             amount=Decimal(item.cents) / 100)
            before = audit.snapshot(guia)
            guia.status, guia.paid_on, guia.paid_cents = "paid", item.paid_on, item.cents
            guia.save()
            audit.record(actor, "guia.pay", "guia", guia.id, before=before,
                         after=audit.snapshot(guia))
    except DomainError as exc:
        return "not_applied", guia, str(exc)[:200]
    return "matched", guia, f"{debt['label']} paga"


def import_file(actor: Actor, content: bytes, *, file_name: str = "") -> dict:
    """Import a return file (its bytes); the report. A damaged or foreign file is refused
    whole (ReturnFileError) and nothing is written."""
    permissions.require(actor, "bank_return.import")
    parsed = febraban.parse_return(content)
    digest = hashlib.sha256(content).hexdigest()
    header = parsed.header
    with write_transaction():
        earlier = BankReturnFile.get_or_none(BankReturnFile.sha256 == digest)
        if earlier is not None:
            return report(earlier, already_imported=True)
        row = BankReturnFile.create(
            sha256=digest, file_name=str(file_name)[-200:], bank_code=header.bank_code,
            bank_name=header.bank_name[:20], convenio=header.convenio[:20],
            sequence=header.sequence, generated_on=header.generated_on,
            records=parsed.total_records, total_cents=parsed.total_cents,
            imported_by=actor.user_id)
        counts = dict.fromkeys(BankReturnItem.OUTCOMES, 0)
        for item in parsed.items:
            outcome, guia, note = _apply(actor, item, header)
            counts[outcome] += 1
            BankReturnItem.create(file=row.id, line=item.line, record_number=item.record_number,
                                  barcode=item.barcode[:44], paid_on=item.paid_on,
                                  credited_on=item.credited_on, cents=item.cents,
                                  outcome=outcome, guia=guia.id if guia else None,
                                  note=note[:200])
        for outcome, count in counts.items():
            setattr(row, outcome, count)
        row.save()
        audit.record(actor, "bank_return.import", "bank_return_file", row.id,
                     after=audit.snapshot(row))
    return report(row)


def _same_sequence(row: BankReturnFile) -> BankReturnFile | None:
    return (BankReturnFile.select().where(
        (BankReturnFile.bank_code == row.bank_code) & (BankReturnFile.convenio == row.convenio)
        & (BankReturnFile.sequence == row.sequence) & (BankReturnFile.id < row.id))
        .order_by(BankReturnFile.id).first())


def file_dict(row: BankReturnFile) -> dict:
    return {"id": row.id, "file_name": row.file_name, "bank_code": row.bank_code,
            "bank_name": row.bank_name, "convenio": row.convenio, "sequence": row.sequence,
            "generated_on": row.generated_on, "imported_at": wallclock.local(row.imported_at),
            "records": row.records, "total_cents": row.total_cents,
            "total_text": format_money(row.total_cents),
            "counts": {o: getattr(row, o) for o in BankReturnItem.OUTCOMES}}


def report(row: BankReturnFile, *, already_imported: bool = False) -> dict:
    """What an import did, line by line (the same report when the file comes again)."""
    items = []
    for item in (BankReturnItem.select().where(BankReturnItem.file == row.id)
                 .order_by(BankReturnItem.line)):
        guia = item.guia if item.guia_id else None
        items.append({"line": item.line, "record_number": item.record_number,
                      "barcode": item.barcode, "paid_on": item.paid_on,
                      "credited_on": item.credited_on, "cents": item.cents,
                      "amount_text": format_money(item.cents), "outcome": item.outcome,
                      "outcome_label": OUTCOME_LABELS[item.outcome], "note": item.note,
                      "guia": guias.number_text(guia) if guia else "",
                      "payer": guia.person.name if guia else ""})
    repeated = _same_sequence(row)
    warning = ""
    if repeated is not None:
        warning = (f"O arquivo nº {row.sequence} (NSA) do banco {row.bank_code} já tinha sido "
                   f"importado em {wallclock.local(repeated.imported_at):%d/%m/%Y} com outro "
                   "conteúdo; "
                   "pagamentos repetidos aparecem como já pagos.")
    return {**file_dict(row), "already_imported": already_imported, "items": items,
            "warning": warning, "summary": summary_text(row, already_imported)}


def summary_text(row: BankReturnFile, already_imported: bool = False) -> str:
    counts = file_dict(row)["counts"]
    text = (f"Retorno do banco {row.bank_code} nº {row.sequence} de "
            f"{row.generated_on:%d/%m/%Y}: {sum(counts.values())} pagamento(s), "
            f"{format_money(row.total_cents)} — {counts['matched']} baixado(s), "
            f"{counts['already_paid']} já pago(s), {counts['unknown']} não identificado(s), "
            f"{counts['not_applied']} não aplicado(s).")
    if already_imported:
        when = wallclock.local(row.imported_at)
        text = f"Este arquivo já foi importado em {when:%d/%m/%Y %H:%M}; nada foi alterado. " \
            + text
    return text


def list_files(limit: int = 200) -> list[dict]:
    return [file_dict(r) for r in BankReturnFile.select().order_by(BankReturnFile.id.desc())
            .limit(limit)]


def get_report(file_id) -> dict:
    row = BankReturnFile.get_or_none(BankReturnFile.id == file_id)
    if row is None:
        raise ValidationError("Retorno", f"importação nº {file_id} não existe.")
    return report(row)


def read_file(path) -> tuple[bytes, str]:
    """The bytes of a return file chosen by the user; a clear refusal when unreadable."""
    from pathlib import Path
    path = Path(path)
    try:
        return input_limits.read_bytes(path, input_limits.BANK_RETURN), path.name
    except OSError as exc:
        raise DomainError(f"Não foi possível ler {path}: {os_error_text(exc)}.") from None


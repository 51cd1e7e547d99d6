"""One entry point for the command line (document and KEY as typed), and the print log."""
from __future__ import annotations

import datetime as dt

from ...domain.errors import ValidationError
from ...store.models import PrintLog
from ..context import Actor
from .acts import print_roster, print_termo
from .common import Progress
from .inspection_stickers import print_stickers
from .ledger_documents import print_notice, print_release
from .permit_cards import print_aux_cards, print_cards


def print_document(actor: Actor, document: str, key=None, *, all_active: bool = False,
                   sheet: str | None = None, per_sheet: int = 10, on: dt.date | None = None,
                   progress: Progress = None) -> dict:
    """One entry point for the command line: document and KEY as typed."""
    keys_ = [] if key in (None, "") else [key]
    if all_active and document not in ("card", "aux_card", "sticker"):
        raise ValidationError("--all-active", "só para cartões e selos.")
    if not all_active and not keys_:
        raise ValidationError("Chave", "informe o número (permissão, selo ou ponto) ou "
                                       "--all-active.")
    if document == "card":
        return print_cards(actor, keys_, all_active=all_active, sheet=sheet,
                           per_sheet=per_sheet, on=on, progress=progress)
    if document == "aux_card":
        return print_aux_cards(actor, keys_, all_active=all_active, sheet=sheet,
                               per_sheet=per_sheet, on=on, progress=progress)
    if document == "sticker":
        return print_stickers(actor, keys_, all_active=all_active, sheet=sheet, on=on,
                              progress=progress)
    if sheet is not None:
        raise ValidationError("--sheet", "termo e relação já são impressos em A4.")
    if document == "termo":
        return print_termo(actor, key)
    if document == "roster":
        return print_roster(actor, key, on=on)
    if document == "notice":
        return print_notice(actor, key)
    if document == "release":
        return print_release(actor, key)
    if document == "receipt":  # an application's protocol receipt, by its protocol
        from ..licensing.applications import by_protocol
        from .receipts import print_application_receipt
        return print_application_receipt(actor, by_protocol(key).id)
    if document == "guia":  # another copy of an issued guia (services/payments/guias.py)
        from ..payments.guias import print_guia
        return print_guia(actor, key)
    raise ValidationError("Documento", f"documento desconhecido: {document}.")


def print_history(document: str | None = None, key: str | None = None,
                  limit: int = 200) -> list[dict]:
    """The print log, newest first."""
    query = PrintLog.select().order_by(PrintLog.id.desc()).limit(limit)
    if document:
        query = query.where(PrintLog.document == document)
    if key:
        query = query.where(PrintLog.entity_key == str(key))
    return [{"at": r.at, "login": r.login, "document": r.document, "key": r.entity_key,
             "copy": r.copy, "key_id": r.key_id, "layout": r.layout} for r in query]

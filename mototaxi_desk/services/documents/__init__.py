"""Printed documents: gather the data, sign the QR codes, log every print, render the PDF
(printing/ draws; it never queries the database).

- Every print is a new copy: its number (1, 2, ...) is written in the print log with who
  and when, and — for cards and stickers — inside the signed QR payload. Verifying an
  earlier copy still shows a valid signature, but reports it superseded.
- A print_* function reserves the copy numbers (one transaction) and draws the PDF after
  it commits, so a batch of 500 stickers never holds the write lock while drawing; the
  copies are issued by `confirm` once the file is written or the page printed (`issuing`),
  and a preview closed without printing `release`s them: nothing is spent.
- `verify` is all a verification dialog needs: text in, a dict out (VÁLIDO / INVÁLIDO with
  the reason — domain/verdicts.py —, the decoded data and the current status of the permit
  or sticker in the database).

One module per family of documents (the seams of the old single module): `common` (what
every print shares: the header, the print log and its copy numbers), `permit_cards`,
`inspection_stickers`, `acts` (termo, stand roster), `receipts` (protocol receipt),
`ledger_documents` (auto de infração, release receipt), `batch` (the command line's one
entry point and the print history), `issuing` (confirm a print) and `verification`.
This package re-exports the public names, so callers write `documents.print_cards(...)`.
"""
from __future__ import annotations

from importlib import import_module

# name -> module: the names are loaded on first use (PEP 562), so a command that only
# verifies a QR code does not load ReportLab with the printing modules (issue 23)
_HOMES = {
    "print_roster": "acts", "print_termo": "acts",
    "print_campaign_letters": "campaign_letters",
    "print_document": "batch", "print_history": "batch",
    "CARD_STATUSES": "common", "DOCUMENTS": "common", "PRINT_ROLES": "common",
    "STATUS_LABELS": "common", "Progress": "common", "copy_state": "common",
    "latest_copy": "common", "municipio_header": "common", "release": "common",
    "print_stickers": "inspection_stickers", "set_sticker_size": "inspection_stickers",
    "sticker_size": "inspection_stickers",
    "confirm": "issuing", "write_file": "issuing",
    "print_notice": "ledger_documents", "print_release": "ledger_documents",
    "print_aux_cards": "permit_cards", "print_cards": "permit_cards",
    "print_application_receipt": "receipts",
    "verify": "verification",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{home}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted([*globals(), *_HOMES])


__all__ = ["CARD_STATUSES", "DOCUMENTS", "PRINT_ROLES", "STATUS_LABELS", "Progress",
           "confirm", "copy_state", "latest_copy", "municipio_header",
           "print_application_receipt", "release", "write_file",
           "print_aux_cards", "print_cards", "print_document", "print_history",
           "print_campaign_letters", "print_notice", "print_release", "print_roster",
           "print_stickers", "print_termo",
           "set_sticker_size", "sticker_size", "verify"]

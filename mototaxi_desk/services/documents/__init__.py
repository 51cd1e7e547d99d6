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

from .acts import print_roster, print_termo
from .batch import print_document, print_history
from .common import (
                     CARD_STATUSES,
                     DOCUMENTS,
                     PRINT_ROLES,
                     STATUS_LABELS,
                     Progress,
                     copy_state,
                     latest_copy,
                     municipio_header,
                     release,
)
from .inspection_stickers import print_stickers, set_sticker_size, sticker_size
from .issuing import confirm, write_file
from .ledger_documents import print_notice, print_release
from .permit_cards import print_aux_cards, print_cards
from .receipts import print_application_receipt
from .verification import verify

__all__ = ["CARD_STATUSES", "DOCUMENTS", "PRINT_ROLES", "STATUS_LABELS", "Progress",
           "confirm", "copy_state", "latest_copy", "municipio_header",
           "print_application_receipt", "release", "write_file",
           "print_aux_cards", "print_cards", "print_document", "print_history",
           "print_notice", "print_release", "print_roster", "print_stickers", "print_termo",
           "set_sticker_size", "sticker_size", "verify"]

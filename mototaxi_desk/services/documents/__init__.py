"""Printed documents: gather the data, sign the QR codes, log every print, render the PDF
(printing/ draws; it never queries the database).

- Every print is a new copy: its number (1, 2, ...) is written in the print log with who
  and when, and — for cards and stickers — inside the signed QR payload. Verifying an
  earlier copy still shows a valid signature, but reports it superseded.
- The print log and the copy numbers are one transaction (the user action); the PDF is
  rendered after it commits, so a batch of 500 stickers never holds the write lock while
  drawing. A print is "issued" when its copy number is taken: the GUI calls a print
  function once per print, not for every preview refresh.
- `verify` is all a verification dialog needs: text in, a dict out (VALID / INVALID, why,
  the decoded data and the current status of the permit or sticker in the database).

One module per family of documents (the seams of the old single module): `common` (what
every print shares: the header, the print log and its copy numbers), `permit_cards`,
`inspection_stickers`, `acts` (termo, stand roster), `receipts` (protocol receipt),
`ledger_documents` (auto de infração, release receipt), `batch` (the command line's one
entry point and the print history) and `verification`. This package re-exports the
public names, so callers write `documents.print_cards(...)`.
"""
from __future__ import annotations

from .acts import print_roster, print_termo
from .batch import print_document, print_history
from .common import (CARD_STATUSES, DOCUMENTS, PRINT_ROLES, STATUS_LABELS, Progress,
                     latest_copy, municipio_header)
from .inspection_stickers import print_stickers, set_sticker_size, sticker_size
from .ledger_documents import print_notice, print_release
from .permit_cards import print_aux_cards, print_cards
from .receipts import print_application_receipt
from .verification import verify

__all__ = ["CARD_STATUSES", "DOCUMENTS", "PRINT_ROLES", "STATUS_LABELS", "Progress",
           "latest_copy", "municipio_header", "print_application_receipt",
           "print_aux_cards", "print_cards", "print_document", "print_history",
           "print_notice", "print_release", "print_roster", "print_stickers", "print_termo",
           "set_sticker_size", "sticker_size", "verify"]

"""A print becomes real in three steps — reserve the copy numbers (one transaction, in the
print_* functions), draw the PDF, then write the file or print the page — and only then are
its copies issued (`confirm`: one transaction, audited). A failed write, a cancelled preview
or a kill at any step before `confirm` commits leaves the copies in circulation current; a
kill after the file is written but before `confirm` leaves a file whose copy verifies as
"via não emitida" until printed again (tests/services/test_print_crash.py kills each step).

A fee owed by the print itself (the 2ª via of the card, SRM Art. 47 I) is charged by
`confirm` with the copy, never for a print that did not happen.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path

from ...domain.errors import DomainError
from ...domain.output_files import OutputError, write_atomic
from ...store.connection import write_transaction
from ...store.models import PrintLog
from ..payments import fees
from ..context import Actor
from .common import audit_print, release


def confirm(actor: Actor, result: dict) -> dict:
    """Issue the reserved copies of a print result (the file is written / the page printed).
    Idempotent: printing the same preview again issues nothing new. Returns the copies and
    the fee charged, if the print owed one."""
    reservation = result.get("reservation")
    if reservation is None:  # a report or an already plain result: nothing to issue
        return {"document": result.get("document"), "copies": [], "fee": None}
    document, copies = result["document"], result["copies"]
    with write_transaction():
        rows = [PrintLog.get_or_none((PrintLog.document == document) &
                                     (PrintLog.entity_key == c["key"]) &
                                     (PrintLog.copy == c["copy"])) for c in copies]
        if any(row is None for row in rows):
            raise DomainError("Esta impressão foi cancelada; gere o documento de novo.")
        pending = [row for row in rows if row.state == "reserved"]
        fee = None
        if pending:
            PrintLog.update(state="issued").where(
                PrintLog.id.in_([row.id for row in pending])).execute()
            audit_print(actor, document, copies, reservation["layout"])
            due = result.get("fee_due")
            if due:
                fee = fees.charge(actor, due["person_id"], due["fee_key"],
                                  on=dt.date.fromisoformat(due["on"]),
                                  permit_id=due.get("permit_id"))
    fee_data = fees.as_dict(fee) if fee is not None else None
    if fee_data is not None:
        result["fee"] = fee_data
    return {"document": document, "copies": copies, "fee": fee_data}


def write_file(actor: Actor, result: dict, path: Path) -> dict:
    """Write the PDF (whole or not at all, a regular file only: domain/output_files.py) and
    only then issue its copies; a refused or failed write releases the reservation, issues
    and audits nothing, and refuses naming the file. Returns `confirm`'s answer."""
    path = Path(path)
    try:
        write_atomic(path, result["pdf"])
    except OutputError as exc:
        release(result)
        raise OutputError(f"{exc} Nenhuma via foi emitida.") from None
    except BaseException:
        release(result)
        raise
    return confirm(actor, result)

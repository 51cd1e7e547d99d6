"""The child of the print crash test: the real `mototaxi-desk print card N -o FILE`, stopped
at one step of the print — inside the reservation's transaction, while drawing, while
writing the file, after the file is written, inside the confirmation's transaction, or at
the end — where it says "at STEP" and waits for the test's SIGKILL.

    python -m tests.services.print_crash_worker DB_PATH ORDER_NUMBER OUTPUT STEP

ORDER_NUMBER "all" prints every current permit's card on A4 sheets (a batch); its
"reserve" step stops after the second card's copy, half-way through the batch.
"""
from __future__ import annotations

import os
import sys
import time

from mototaxi_desk.__main__ import main
from mototaxi_desk.printing import cards
from mototaxi_desk.domain import output_files
from mototaxi_desk.services.documents import issuing, permit_cards

STEPS = ("reserve", "render", "write", "written", "confirm", "done")


def _pause(step: str) -> None:
    print(f"at {step}", flush=True)
    time.sleep(120)  # the test kills the process here
    sys.exit(4)      # never reached in the test


def _before(step: str, function):
    def wrapper(*args, **kwargs):
        _pause(step)
        return function(*args, **kwargs)
    return wrapper


def _after(step: str, function):
    def wrapper(*args, **kwargs):
        result = function(*args, **kwargs)
        _pause(step)
        return result
    return wrapper


class _OsWith:
    """The os module as output_files sees it, one function replaced (os itself untouched)."""

    def __init__(self, **replaced):
        self.__dict__.update(replaced)

    def __getattr__(self, name):
        return getattr(os, name)


def install(step: str, batch: bool, output: str) -> None:
    if step == "reserve":  # the copy row written, its transaction not committed
        original, taken = permit_cards.log_copy, []

        def log_copy(*args, **kwargs):
            copy = original(*args, **kwargs)
            taken.append(copy)
            if len(taken) == (2 if batch else 1):
                _pause(step)
            return copy
        permit_cards.log_copy = log_copy
    elif step == "render":
        cards.render = _before(step, cards.render)
    elif step == "write":  # the document's temporary file written, not yet flushed nor renamed
        def fsync(fd):  # other files (the audit's signed checkpoint) are written as usual
            if f".{os.path.basename(output)}." in os.readlink(f"/proc/self/fd/{fd}"):
                _pause(step)
            return os.fsync(fd)
        output_files.os = _OsWith(fsync=fsync)
    elif step == "written":  # the file in place, the copies not yet issued
        issuing.confirm = _before(step, issuing.confirm)
    elif step == "confirm":  # the copies updated, the transaction not committed
        issuing.audit_print = _after(step, issuing.audit_print)


if __name__ == "__main__":
    path, order_number, output, step = sys.argv[1:5]
    install(step, order_number == "all", output)
    which = ["--all-active", "--sheet", "a4"] if order_number == "all" else [order_number]
    code = main(["--db", path, "print", "card", *which, "-o", output])
    if step == "done":
        _pause(step)
    sys.exit(code)

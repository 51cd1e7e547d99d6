"""The acts of the penalty ledger, one module each (notify.py, defence.py, judge.py, ...):
each declares its key, words, permission, the notice stages it applies to, its law test,
its service run, the audit actions it writes and their words, the document it prints, its
button and form in the notice's dialog and its command (base.LedgerAct). The registry finds
them by importing every module of this package (pkgutil); a module of another package adds
an act with `register` (then `unregister` takes it away). The notice dialog's buttons
(gui/dialogs/notice_detail), the `notice`/`impound` commands (cli/notice_acts) and the
ledger's audit words (gui/labels) are built from here; docs/developers.md, "How to add an
act of the ledger"."""
from __future__ import annotations

from ...act_registry import ActRegistry
from .base import Field, LedgerAct, NoticeState

__all__ = ["Field", "LedgerAct", "NoticeState", "audit_labels", "buttons", "commands", "get",
           "register", "registry", "unregister"]

_acts = ActRegistry(__name__, __path__)
register, unregister, audit_labels = _acts.register, _acts.unregister, _acts.audit_labels


def registry() -> dict[str, LedgerAct]:
    """Every act of the ledger, in the dialog's order."""
    return _acts.all()


def get(key: str) -> LedgerAct:
    return registry()[key]


def buttons(row: int) -> list[LedgerAct]:
    """The acts with a button on the notice dialog's row `row` (0, 1), in order."""
    return [act for act in registry().values() if act.button and act.button_row == row]


def commands(group: str) -> list[LedgerAct]:
    """The acts with a subcommand of `group` ("notice", "impound"), in order."""
    return [act for act in registry().values() if act.cli_group == group]

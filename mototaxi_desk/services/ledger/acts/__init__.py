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

import importlib
import pkgutil

from .base import Field, LedgerAct, NoticeState

__all__ = ["Field", "LedgerAct", "NoticeState", "audit_labels", "buttons", "commands", "get",
           "register", "registry", "unregister"]

_REGISTERED: dict[str, LedgerAct] = {}
_loaded = False


def register(act):
    """Add an act (a LedgerAct subclass, used as a class decorator, or an instance)."""
    instance = act() if isinstance(act, type) else act
    if not instance.key:
        raise ValueError("an act needs a key")
    _REGISTERED[instance.key] = instance
    return act


def unregister(key: str) -> None:
    _REGISTERED.pop(key, None)


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in pkgutil.iter_modules(__path__):
        if info.name != "base" and not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")


def registry() -> dict[str, LedgerAct]:
    """Every act of the ledger, in the dialog's order."""
    _load()
    return dict(sorted(_REGISTERED.items(), key=lambda kv: (kv[1].order, kv[0])))


def get(key: str) -> LedgerAct:
    return registry()[key]


def audit_labels() -> dict[str, str]:
    """The audit actions the ledger's acts write, in words."""
    labels: dict[str, str] = {}
    for act in registry().values():
        labels.update(act.audit)
    return labels


def buttons(row: int) -> list[LedgerAct]:
    """The acts with a button on the notice dialog's row `row` (0, 1), in order."""
    return [act for act in registry().values() if act.button and act.button_row == row]


def commands(group: str) -> list[LedgerAct]:
    """The acts with a subcommand of `group` ("notice", "impound"), in order."""
    return [act for act in registry().values() if act.cli_group == group]

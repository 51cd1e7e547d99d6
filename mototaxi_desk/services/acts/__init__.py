"""The acts of a permit's life, one module each (transfer.py, interrupt.py, ...): each declares
its key, words, permission, statuses, law test, service run, audit actions, preview texts,
printed document, window form and command (base.Act). The registry finds them by importing
every module of this package (pkgutil); a module of another package adds an act with
`register` (then `unregister` takes it away). The menu, the command line, the audit's words,
the printed act and the preview are built from here (services/permit_actions,
permit_act_texts, act_documents, gui/dialogs/permit_acts, cli/permit_acts, gui/labels)."""
from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..act_registry import ActRegistry
from .base import Act, Field

__all__ = ["ACTS", "Act", "Field", "get", "in_menu", "register", "registry", "unregister"]

_acts = ActRegistry(__name__, __path__)
register, unregister, audit_labels = _acts.register, _acts.unregister, _acts.audit_labels


def registry() -> dict[str, Act]:
    """Every act, in menu order."""
    return _acts.all()


def in_menu() -> dict[str, Act]:
    """The acts of the record's "Mais ▾" menu (offered_in "more_menu"), in menu order."""
    return {key: act for key, act in registry().items() if act.offered_in == "more_menu"}


def get(key: str) -> Act:
    return registry()[key]


def history_labels() -> dict[str, str]:
    """Permit history actions the acts write beyond the domain's (PermitAction), in words."""
    labels: dict[str, str] = {}
    for act in registry().values():
        labels.update(act.history)
    return labels


def printed() -> dict[str, Act]:
    """Permit history action -> the act whose document prints it."""
    return {action: act for act in registry().values() for action in act.printed}


class _Live(Mapping):
    """The registry as a mapping that always reads it now (an act registered later shows)."""

    def __getitem__(self, key: str) -> Act:
        return registry()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(registry())

    def __len__(self) -> int:
        return len(registry())


ACTS: Mapping[str, Act] = _Live()

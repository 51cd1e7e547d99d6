"""The acts of a permit's life, one module each (transfer.py, interrupt.py, ...): each declares
its key, words, permission, statuses, law test, service run, audit actions, preview texts,
printed document, window form and command (base.Act). The registry finds them by importing
every module of this package (pkgutil); a module of another package adds an act with
`register` (then `unregister` takes it away). The menu, the command line, the audit's words,
the printed act and the preview are built from here (services/permit_actions,
permit_act_texts, act_documents, gui/dialogs/permit_acts, cli/permit_acts, gui/labels)."""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator, Mapping

from .base import Act, Field

__all__ = ["ACTS", "Act", "Field", "get", "in_menu", "register", "registry", "unregister"]

_REGISTERED: dict[str, Act] = {}
_loaded = False


def register(act):
    """Add an act (an Act subclass, used as a class decorator, or an instance); returns it."""
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


def registry() -> dict[str, Act]:
    """Every act, in menu order."""
    _load()
    return dict(sorted(_REGISTERED.items(), key=lambda kv: (kv[1].order, kv[0])))


def in_menu() -> dict[str, Act]:
    """The acts of the record's "Mais ▾" menu (offered_in "more_menu"), in menu order."""
    return {key: act for key, act in registry().items() if act.offered_in == "more_menu"}


def get(key: str) -> Act:
    return registry()[key]


def audit_labels() -> dict[str, str]:
    """The audit actions the acts write, in words."""
    labels: dict[str, str] = {}
    for act in registry().values():
        labels.update(act.audit)
    return labels


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

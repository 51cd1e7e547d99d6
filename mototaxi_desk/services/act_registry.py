"""The registry behind both kinds of acts (services/acts: a permit's; services/ledger/acts: the
ledger's): the acts are declared one module each in a package and found by importing every
module of it (pkgutil) on first use; a module of another package adds one with `register` (a
class decorator, or an instance) and `unregister` takes it away. Kept in the declared order
(`order`, then the key)."""
from __future__ import annotations

import importlib
import pkgutil


class ActRegistry:
    def __init__(self, package: str, path) -> None:
        self._package, self._path = package, path
        self._acts: dict = {}
        self._loaded = False

    def register(self, act):
        """Add an act (a subclass, used as a class decorator, or an instance); returns it."""
        instance = act() if isinstance(act, type) else act
        if not instance.key:
            raise ValueError("an act needs a key")
        self._acts[instance.key] = instance
        return act

    def unregister(self, key: str) -> None:
        self._acts.pop(key, None)

    def all(self) -> dict:
        """Every act, in order."""
        if not self._loaded:
            self._loaded = True
            for info in pkgutil.iter_modules(self._path):
                if info.name != "base" and not info.name.startswith("_"):
                    importlib.import_module(f"{self._package}.{info.name}")
        return dict(sorted(self._acts.items(), key=lambda kv: (kv[1].order, kv[0])))

    def audit_labels(self) -> dict[str, str]:
        """The audit actions the acts write, in words."""
        labels: dict[str, str] = {}
        for act in self.all().values():
            labels.update(act.audit)
        return labels

"""Who is acting: every service takes an Actor so it can check the role and audit the action."""
from __future__ import annotations

import threading
from dataclasses import dataclass

from ..domain.errors import DomainError
from ..store import seals

ROLE_LABELS = {"atendente": "Atendente", "fiscal": "Fiscal", "supervisor": "Supervisor",
               "admin": "Administrador"}


class PermissionDenied(DomainError):
    """The acting user's role may not do this."""


def unknown_role_message(role: str) -> str:
    return (f"Perfil de acesso '{role}' não é conhecido por este programa; nada é permitido a "
            "este usuário. Peça ao administrador para corrigir o cadastro.")


@dataclass(frozen=True)
class Actor:
    user_id: int | None
    login: str
    role: str

    def require(self, *roles: str, action: str, key: str | None = None) -> None:
        """PermissionDenied unless the role is one of `roles`; the refusal is audited as
        'refused:<key or action>' (services/refusals.py keeps it past a rollback)."""
        if self.role in ROLE_LABELS and self.role in roles:
            _acting.actor = self
            return
        if self.role not in ROLE_LABELS:  # e.g. a row edited by hand to 'chefe'
            message = unknown_role_message(self.role)
        else:
            allowed = ", ".join(ROLE_LABELS[r] for r in roles)
            message = (f"Perfil '{ROLE_LABELS[self.role]}' não pode {action}. "
                       f"Permitido a: {allowed}.")
        from . import refusals  # lazy: context is imported by modules that need no database
        refusals.note(self, key or action, message)
        raise PermissionDenied(message)


_acting = threading.local()


def acting() -> Actor | None:
    """The actor whose permission this thread's action last checked (require): who a refusal
    found deep in the action (a sealed row changed outside the program) is audited as."""
    return getattr(_acting, "actor", None)


# The command line and set-up act as the system itself (no logged-in user yet).
SYSTEM = Actor(user_id=None, login="sistema", role="admin")


def _seal_refused(broken) -> str:
    """A sealed row changed outside the program, found as an action was about to save it
    (store/seals.py): refused, audited as whoever was acting (services/trust/seal_refusal.py)."""
    from .trust import seal_refusal  # lazy: context is imported by modules that need no database
    return seal_refusal.refused(broken, acting() or SYSTEM)


seals.on_broken(_seal_refused)  # every action's module loads this one

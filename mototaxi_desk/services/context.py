"""Who is acting: every service takes an Actor so it can check the role and audit the action."""
from __future__ import annotations

from dataclasses import dataclass

from ..domain.errors import DomainError

ROLE_LABELS = {"atendente": "Atendente", "fiscal": "Fiscal", "supervisor": "Supervisor",
               "admin": "Administrador"}


class PermissionDenied(DomainError):
    """The acting user's role may not do this."""


@dataclass(frozen=True)
class Actor:
    user_id: int | None
    login: str
    role: str

    def require(self, *roles: str, action: str) -> None:
        if self.role not in roles:
            allowed = ", ".join(ROLE_LABELS[r] for r in roles)
            raise PermissionDenied(f"Perfil '{ROLE_LABELS.get(self.role, self.role)}' não pode "
                                   f"{action}. Permitido a: {allowed}.")


# The command line and set-up act as the system itself (no logged-in user yet).
SYSTEM = Actor(user_id=None, login="sistema", role="admin")

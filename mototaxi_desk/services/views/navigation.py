"""The counts beside the navigation's pages: what is waiting for someone at the counter."""
from __future__ import annotations

from ...store.models import Application

PENDING_APPLICATIONS = ("protocolado", "em_analise", "pendente")


def pending_applications() -> int:
    """Requerimentos not yet decided (protocolado, em análise, pendente)."""
    return Application.select().where(Application.status.in_(PENDING_APPLICATIONS)).count()

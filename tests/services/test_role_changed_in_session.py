"""A role changed by another admin binds a session already open (issue 37: `users role`, the
users page's "Alterar perfil…"): the next action of that session is refused and audited, as a
disabled user's is, until the user logs in again with the role he now holds."""
from __future__ import annotations

import pytest

from mototaxi_desk.services import permissions
from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import Actor, PermissionDenied
from mototaxi_desk.store.models import AuditLog, User

from ..conftest import row_counts
from .ledger_helpers import ADMIN


@pytest.fixture
def supervisor(municipio):
    users.add_user(ADMIN, "sofia", "Sofia Sá", "supervisor", "senha-de-sofia-1")
    row = User.get(User.login == "sofia")
    return Actor(row.id, "sofia", "supervisor")


def test_a_session_of_a_lowered_role_is_refused_at_its_next_action(supervisor):
    permissions.require(supervisor, "permit.cassate")  # the session's role may, as it was
    users.set_role(ADMIN, "sofia", "atendente")
    before = row_counts()
    with pytest.raises(PermissionDenied, match="mudou para Atendente"):
        permissions.require(supervisor, "permit.cassate")
    refusal = AuditLog.select().order_by(AuditLog.id.desc()).first()
    assert refusal.action == "refused:permit.cassate"
    assert row_counts() == before  # only the refusal's own entry
    again = Actor(supervisor.user_id, "sofia", "atendente")  # logged in again
    permissions.require(again, "application.file")


def test_a_disabled_user_is_still_refused_with_his_own_message(supervisor):
    users.disable_user(ADMIN, "sofia")
    with pytest.raises(PermissionDenied, match="foi desativado"):
        permissions.require(supervisor, "application.file")


def test_the_last_active_admin_keeps_the_role_and_stays_enabled(municipio):
    """Whoever asks (here the service's own actor, as a script's admin session would be), the
    only active administrator is neither demoted nor disabled; nothing is written."""
    from mototaxi_desk.domain.errors import DomainError
    admins = User.select().where((User.role == "admin") & User.active)
    (only,) = list(admins)
    before = row_counts()
    with pytest.raises(DomainError, match="único administrador ativo"):
        users.set_role(ADMIN, only.login, "fiscal")
    with pytest.raises(DomainError, match="único administrador ativo"):
        users.disable_user(ADMIN, only.login)
    assert row_counts() == before

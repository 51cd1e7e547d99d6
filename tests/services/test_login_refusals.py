"""Issue 34 item 7: every login refusal does the same work — one argon2 check, one audit
entry — so timing tells no login apart (an unknown login cost 0.13 s of CPU, a real one
0.35 s); unknown logins are audited too, with the text tried and never the password. The
timings themselves: benchmarks/login_timing.py (no timing is asserted here)."""
import datetime as dt
import json
import socket

import argon2
import pytest

from mototaxi_desk.services.administration import users
from mototaxi_desk.services.context import Actor
from mototaxi_desk.store.models import DB, AuditLog, User

from ..conftest import CHEAP_HASHER

ADMIN = Actor(None, "admin", "admin")
NOW = dt.datetime(2026, 11, 30, 12, 0)


class CountingHasher:
    """The tests' cheap hasher, counting the checks and noting whether each ran inside a
    transaction."""

    def __init__(self):
        self.checks: list[bool] = []  # in a transaction?

    def verify(self, hashed, password):
        self.checks.append(DB.obj.in_transaction())
        return CHEAP_HASHER.verify(hashed, password)

    def __getattr__(self, name):  # hash, parameters...: the cheap hasher's
        return getattr(CHEAP_HASHER, name)


@pytest.fixture
def counting(monkeypatch):
    hasher = CountingHasher()
    monkeypatch.setattr(users, "_hasher", hasher)
    return hasher


@pytest.fixture
def staff(municipio):
    """joana (active), pedro (disabled), lia (locked), rui (role edited by hand)."""
    for login in ("joana", "pedro", "lia", "rui"):
        users.add_user(ADMIN, login, f"{login.title()} Sá", "atendente", f"senha-de-{login}")
    users.disable_user(ADMIN, "pedro")
    User.update(locked_until=NOW + dt.timedelta(minutes=3)).where(User.login == "lia").execute()
    User.update(role="chefe").where(User.login == "rui").execute()


def _refused(login, password):
    with pytest.raises(users.LoginFailed) as refused:
        users.authenticate(login, password, now=NOW, via="janela de teste")
    return str(refused.value)


def _last_entry() -> AuditLog:
    return AuditLog.select().order_by(AuditLog.id.desc()).first()


@pytest.mark.parametrize("login, password", [
    ("ninguem", "senha-de-joana"),    # unknown
    ("pedro", "senha-de-pedro"),      # disabled, right password
    ("lia", "senha-de-lia"),          # locked, right password
    ("joana", "senha-errada-1"),      # wrong password
    ("rui", "senha-errada-1"),        # role unknown to the program, wrong password
    ("rui", "senha-de-rui"),          # role unknown to the program, right password
])
def test_every_refusal_makes_one_argon2_check_outside_the_write_transaction(
        staff, counting, login, password):
    entries = AuditLog.select().count()
    _refused(login, password)
    assert counting.checks == [False]  # one check, and it held no counter's writes
    assert AuditLog.select().count() == entries + 1  # one entry, whatever the reason


def test_a_hash_edited_into_garbage_costs_a_check_too(staff, counting):
    User.update(password_hash="nao-e-um-hash").where(User.login == "joana").execute()
    _refused("joana", "senha-de-joana")
    assert counting.checks == [False]


def test_the_right_password_still_logs_in_with_one_check(staff, counting):
    assert users.authenticate("joana", "senha-de-joana", now=NOW).login == "joana"
    assert counting.checks == [False]


def test_the_same_message_for_every_refusal_that_needs_no_password(staff):
    messages = {_refused(login, "senha-errada-1")
                for login in ("ninguem", "pedro", "lia", "joana", "rui")}
    assert messages == {users.LOGIN_REFUSED}
    # the unknown role is told only to who knows the password (it says the login exists)
    assert "'chefe' não é conhecido" in _refused("rui", "senha-de-rui")


def test_an_unknown_login_is_audited_with_the_name_tried_and_never_the_password(staff):
    _refused("  Fulano.Tal ", "segredo-do-fulano")
    entry = _last_entry()
    assert entry.action == "refused:user.login" and entry.user_id is None
    after = json.loads(entry.after)
    assert after == {"reason": "desconhecido", "login": "fulano.tal", "via": "janela de teste"}
    assert entry.machine == socket.gethostname()
    row = " ".join(str(value) for value in entry.__data__.values())
    assert "segredo" not in row


def test_text_that_cannot_be_a_login_is_kept_as_its_length_only(staff):
    """A password typed in the login field would stay forever in an append-only log."""
    _refused("Minha Senha #1", "x")
    assert json.loads(_last_entry().after)["login"] == \
        "(texto que não é um nome de usuário: 14 caracteres)"
    _refused("a" * 5000, "x")
    after = _last_entry().after
    assert "aaaa" not in after and "5000 caracteres" in after


def test_the_dummy_hash_has_the_hasher_parameters(production_hashing):
    """It follows the hasher in use: the production one here, the tests' cheap one
    elsewhere (services/users._hasher is the seam)."""
    made_up = argon2.extract_parameters(users._dummy_hash())
    assert (made_up.type, made_up.time_cost, made_up.memory_cost, made_up.parallelism,
            made_up.hash_len, made_up.salt_len) == (
        production_hashing.type, production_hashing.time_cost, production_hashing.memory_cost,
        production_hashing.parallelism, production_hashing.hash_len,
        production_hashing.salt_len)
    assert users._dummy_hash() != users._dummy_hash()  # a fresh salt each time


def test_the_dummy_hash_follows_a_swapped_hasher():
    assert argon2.extract_parameters(users._dummy_hash()) == \
        argon2.extract_parameters(CHEAP_HASHER.hash("x"))

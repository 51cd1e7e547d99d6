"""Named actors on the command line (issue 18 item 1): a command that reads personal data or
writes needs a user and password, checked as the window checks them (same permission table,
same lockout, same messages); the audit entries name the user and the machine; a refusal
without login is audited. Demo data only into a demo database (item 2)."""
import json
import socket

import pytest

from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import row_counts
from .test_cli import INIT

CPF = "529.982.247-25"


@pytest.fixture
def town(cli, sqlite_db):
    """init, then an atendente 'joana' (password senha-da-joana) added by the admin."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, _, err = cli("--db", sqlite_db, "users", "add", "joana", "--name", "Joana Sá",
                       "--role", "atendente", "--password-stdin", stdin="senha-da-joana\n")
    assert code == 0, err
    return sqlite_db


def _entries(db, action=None):
    from mototaxi_desk.store.models import AuditLog, User
    open_database(db)
    try:
        query = AuditLog.select().order_by(AuditLog.id)
        if action:
            query = query.where(AuditLog.action == action)
        logins = dict(User.select(User.id, User.login).tuples())
        return [{"action": e.action, "login": logins.get(e.user_id), "machine": e.machine,
                 "after": json.loads(e.after) if e.after else None} for e in query]
    finally:
        close_database()


def _counts(db):
    open_database(db)
    try:
        return row_counts()
    finally:
        close_database()


def test_a_write_without_login_is_refused_and_audited(cli, town, monkeypatch):
    monkeypatch.delenv("MOTOTAXI_USER")
    monkeypatch.delenv("MOTOTAXI_PASSWORD")
    before = _counts(town)
    code, out, err = cli("--db", town, "person", "add", CPF, "--name", "Ana Sá")
    assert code == 1 and out == ""
    assert "exige um usuário" in err and "--user" in err and len(err.strip().splitlines()) == 1
    assert _counts(town) == before
    refused = _entries(town, "refused:cli.login")
    assert refused[-1]["after"]["command"] == "person add"
    assert refused[-1]["machine"] == socket.gethostname()


def test_reading_personal_data_needs_a_login_too(cli, town, monkeypatch):
    monkeypatch.delenv("MOTOTAXI_USER")
    for args in (["search", "silva"], ["users", "list"], ["alerts"], ["waiting", "list"]):
        code, out, err = cli("--db", town, *args)
        assert code == 1 and out == "" and "exige um usuário" in err, args


def test_commands_that_need_no_login(cli, town, monkeypatch):
    """init, verify, profiles, --help and --version run without a user; tick acts as the
    service actor `sistema`, audited with the machine."""
    monkeypatch.delenv("MOTOTAXI_USER")
    monkeypatch.delenv("MOTOTAXI_PASSWORD")
    assert cli("profiles", "list")[0] == 0
    assert cli("--db", town, "profiles", "versions")[0] == 0
    code, _, err = cli("--db", town, "verify", "nada")
    assert code == 1 and "exige um usuário" not in err  # judged, not refused for login
    assert cli("--version")[0] == 0 and cli("--help")[0] == 0
    code, _, err = cli("--db", town, "tick")
    assert code == 0, err
    assert all(e["login"] is None and e["machine"] == socket.gethostname()
               for e in _entries(town, "clock.tick"))


def test_the_audit_names_the_user_and_the_machine(cli, town, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_USER", "joana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-joana")
    code, _, err = cli("--db", town, "person", "add", CPF, "--name", "Ana Sá")
    assert code == 0, err
    (entry,) = _entries(town, "person.register")
    assert entry["login"] == "joana" and entry["machine"] == socket.gethostname()
    login = _entries(town, "user.login")[-1]
    assert login["login"] == "joana" and login["after"]["via"] == "linha de comando: person add"
    code, out, _ = cli("--db", town, "--json", "audit", "list", "--entity", "person")
    assert code == 0
    listed = json.loads(out)[0]
    assert listed["login"] == "joana" and listed["machine"] == socket.gethostname()
    code, out, _ = cli("--db", town, "audit", "verify")
    assert code == 0 and "íntegra" in out  # the machine is covered by the chain


def test_user_option_before_or_after_the_command_and_password_from_stdin(
        cli, town, monkeypatch):
    monkeypatch.delenv("MOTOTAXI_USER")
    monkeypatch.delenv("MOTOTAXI_PASSWORD")
    code, _, err = cli("--db", town, "--user", "joana", "--password-stdin", "person", "add",
                       CPF, "--name", "Ana Sá", stdin="senha-da-joana\n")
    assert code == 0, err
    code, out, err = cli("--db", town, "search", "ana", "--user", "joana", "--password-stdin",
                         stdin="senha-da-joana\n")
    assert code == 0 and "Ana Sá" in out, err
    # no terminal, no password given: says how to give it
    code, _, err = cli("--db", town, "--user", "joana", "search", "ana", stdin="")
    assert code == 1 and "MOTOTAXI_PASSWORD" in err


def test_a_role_is_refused_as_in_the_window(cli, town, monkeypatch):
    """An atendente cannot add users (services/permissions.py), from here either; audited."""
    monkeypatch.setenv("MOTOTAXI_USER", "joana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-joana")
    before = _counts(town)
    code, _, err = cli("--db", town, "users", "add", "chefe2", "--name", "Chefe Dois",
                       "--role", "admin", "--password-stdin", stdin="senha-do-chefe\n")
    assert code == 1 and "Perfil 'Atendente' não pode cadastrar usuários" in err
    assert _counts(town) == before
    assert _entries(town, "refused:user.add")[-1]["login"] == "joana"
    code, _, err = cli("--db", town, "settings", "population", "99999")
    assert code == 1 and "Atendente" in err


def test_wrong_password_locks_and_locked_looks_the_same(cli, town, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_USER", "joana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "errada-errada")
    messages = set()
    for _ in range(5):
        code, out, err = cli("--db", town, "search", "silva")
        assert code == 1 and out == ""
        messages.add(err)
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-joana")  # right, but locked now
    code, _, err = cli("--db", town, "search", "silva")
    assert code == 1
    messages.add(err)
    assert len(messages) == 1 and "incorretos" in err
    assert len(_entries(town, "user.login_failed")) == 5
    assert _entries(town, "refused:user.login")[-1]["after"]["reason"] == "bloqueado"
    # an unknown login gets the very same line
    monkeypatch.setenv("MOTOTAXI_USER", "ninguem")
    assert cli("--db", town, "search", "silva")[2] == err


def test_a_disabled_user_is_refused(cli, town, monkeypatch):
    assert cli("--db", town, "users", "disable", "joana")[0] == 0
    monkeypatch.setenv("MOTOTAXI_USER", "joana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-joana")
    code, _, err = cli("--db", town, "search", "silva")
    assert code == 1 and "incorretos" in err


def test_demo_refuses_a_real_database(cli, town):
    """Issue 18 item 2: fictitious permits could not be told apart nor removed."""
    before = _counts(town)
    code, out, err = cli("--db", town, "demo", "--holders", "3")
    assert code == 1 and "não é de demonstração" in err and out == ""
    assert _counts(town) == before
    from mototaxi_desk.store.models import User
    open_database(town)
    try:
        assert User.get(User.login == "admin").must_change_password  # not cleared
    finally:
        close_database()


def test_demo_into_a_demo_database_audits_its_users(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT, "--demo-database")[0] == 0
    code, _, err = cli("--db", sqlite_db, "demo", "--holders", "2")
    assert code == 0, err
    added = {e["after"]["login"] for e in _entries(sqlite_db, "user.add")}
    assert added == {"admin", "atendente", "fiscal", "supervisor"}
    from mototaxi_desk.store.models import User
    open_database(sqlite_db)
    try:
        # the admin chose this password at init: still to be changed at the first login
        assert User.get(User.login == "admin").must_change_password
    finally:
        close_database()


def test_users_add_with_both_passwords_on_stdin(cli, town, monkeypatch):
    """The login's password is the first line, the new user's the second."""
    monkeypatch.delenv("MOTOTAXI_USER")
    monkeypatch.delenv("MOTOTAXI_PASSWORD")
    code, _, err = cli("--db", town, "--user", "admin", "--password-stdin", "users", "add",
                       "pedro", "--name", "Pedro Sá", "--role", "fiscal", "--password-stdin",
                       stdin="senha-forte-1\nsenha-do-pedro\n")
    assert code == 0, err
    code, _, err = cli("--db", town, "--user", "pedro", "--password-stdin", "search", "x",
                       stdin="senha-do-pedro\n")
    assert code == 0, err


def test_users_password_ends_the_temporary_password(cli, town, monkeypatch):
    """A new user changes the administrator's temporary password from the command line too
    (a script's own account, say); the old one stops working."""
    from mototaxi_desk.store.models import User
    monkeypatch.setenv("MOTOTAXI_USER", "joana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-joana")
    code, out, err = cli("--db", town, "users", "password", "--new-password-stdin",
                         stdin="nova-senha-joana\n")
    assert code == 0 and "alterada" in out, err
    open_database(town)
    try:
        assert not User.get(User.login == "joana").must_change_password
    finally:
        close_database()
    code, _, err = cli("--db", town, "search", "x")
    assert code == 1 and "incorretos" in err
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "nova-senha-joana")
    assert cli("--db", town, "search", "x")[0] == 0
    code, _, err = cli("--db", town, "users", "password", "--new-password-stdin",
                       stdin="curta\n")
    assert code == 1 and "8 caracteres" in err


def test_an_unknown_login_is_audited_with_the_name_and_never_the_password(
        cli, town, monkeypatch):
    """Issue 34 item 7: an unknown login was not audited at all."""
    monkeypatch.setenv("MOTOTAXI_USER", "Fulano")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "segredo-do-fulano")
    code, out, err = cli("--db", town, "search", "silva")
    assert code == 1 and out == "" and "incorretos" in err
    entry = _entries(town, "refused:user.login")[-1]
    assert entry["after"] == {"reason": "desconhecido", "login": "fulano",
                              "via": "linha de comando: search"}
    assert entry["login"] is None and entry["machine"] == socket.gethostname()
    monkeypatch.setenv("MOTOTAXI_USER", "admin")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-forte-1")
    code, out, _ = cli("--db", town, "--json", "audit", "list", "--limit", "5")
    shown = [e for e in json.loads(out) if e["action"] == "refused:user.login"]
    assert code == 0 and shown[0]["login"] == "desconhecido"  # not the program ("sistema")
    from mototaxi_desk.store.models import AuditLog
    open_database(town)
    try:
        rows = [" ".join(str(v) for v in row.__data__.values()) for row in AuditLog.select()]
    finally:
        close_database()
    assert not any("segredo" in row for row in rows)


SECRET = "Segredo-42"


@pytest.mark.parametrize("args", [
    ["--password", SECRET, "search", "silva"],   # taken for --password-stdin before
    ["search", "silva", "--password", SECRET],
    ["search", "silva", f"--password={SECRET}"],
    ["--senha", SECRET, "search", "silva"],
    ["--pass", SECRET, "search", "silva"],
    ["search", "silva", "--password-stdin", SECRET],  # a flag: X is no command nor text
    ["--password-stdin", SECRET],
    [f"--password-stdin={SECRET}", "search", "silva"],
    ["users", "add", "ana", "--name", "Ana Sá", "--role", "atendente", "--password", SECRET],
])
def test_a_password_on_the_command_line_is_a_usage_error_that_never_echoes_it(
        cli, town, args):
    before = _counts(town)
    code, out, err = cli("--db", town, *args)
    assert code == 2 and out == ""
    assert "erro de uso" in err and SECRET not in err and SECRET.lower() not in err.lower()
    assert _counts(town) == before


def test_a_database_url_password_is_not_echoed_either(cli):
    code, _, err = cli(f"postgresql://dono:{SECRET}@servidor/mototaxi", "search", "x")
    assert code == 2 and SECRET not in err and "postgresql://dono:***@servidor" in err


@pytest.mark.parametrize("args", [
    ["--js", "search", "silva"], ["search", "silva", "--lim", "5"],
    ["search", "silva", "--us", "admin"], ["search", "silva", "--password-std"],
])
def test_abbreviated_options_are_refused(cli, town, args):
    """argparse took any unambiguous prefix (--pass for --password-stdin...)."""
    code, out, err = cli("--db", town, *args)
    assert code == 2 and out == "" and "argumentos não reconhecidos" in err


def test_no_parser_takes_abbreviations():
    import argparse

    from mototaxi_desk import cli as cli_package

    def parsers(parser):
        yield parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for child in action.choices.values():
                    yield from parsers(child)
    every = list(parsers(cli_package.build_parser()))
    assert len(every) > 100 and not any(p.allow_abbrev for p in every)


def test_a_password_line_from_a_bottomless_input_is_refused_at_once(cli, town, monkeypatch):
    """Issue 34 item 6: `--password-stdin < /dev/zero` read one endless line into memory.
    The line is read up to a little past the longest password, then refused."""
    monkeypatch.delenv("MOTOTAXI_PASSWORD")
    before = row_counts()
    code, out, err = cli("--db", town, "--password-stdin", "search", "silva",
                         stdin="\0" * 5_000_000)
    assert code == 1 and out == "" and "Senha" in err and "longa demais" in err
    assert row_counts() == before

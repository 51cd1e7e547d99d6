"""The command line and rows changed outside the program (issue 34 item 3): a user whose role
was raised by SQL cannot log in to run a command (right or wrong password), `check` names
the row and says how to settle it, and the administrator's `check accept` / `check restore`
settle it with a reason, audited; an atendente may not."""
import sqlite3

import pytest

from .test_cli import INIT
from .test_cli_login import _entries


@pytest.fixture
def town(cli, sqlite_db):
    """init, a person, and an atendente 'joana' (password senha-da-joana)."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, _, err = cli("--db", sqlite_db, "users", "add", "joana", "--name", "Joana Sá",
                       "--role", "atendente", "--password-stdin", stdin="senha-da-joana\n")
    assert code == 0, err
    code, _, err = cli("--db", sqlite_db, "person", "add", "529.982.247-25", "--name",
                       "Ana Maria Sá", "--birth", "10/05/1990")
    assert code == 0, err
    assert cli("--db", sqlite_db, "check", "--quick")[0] == 0
    return sqlite_db


def _sql(db: str, statement: str) -> None:
    conn = sqlite3.connect(db)
    try:
        conn.execute(statement)
        conn.commit()
    finally:
        conn.close()


def _as(monkeypatch, login: str, password: str) -> None:
    monkeypatch.setenv("MOTOTAXI_USER", login)
    monkeypatch.setenv("MOTOTAXI_PASSWORD", password)


@pytest.mark.parametrize("password", ["senha-da-joana", "senha-errada"])
def test_a_role_raised_by_sql_cannot_run_a_command(cli, town, monkeypatch, password):
    _sql(town, "UPDATE \"user\" SET role = 'admin' WHERE login = 'joana'")
    _as(monkeypatch, "joana", password)
    code, out, err = cli("--db", town, "users", "list")
    told = "Procure o administrador" if password == "senha-da-joana" else "incorretos"
    assert code == 1 and out == "" and told in err  # why: to who knows the password
    _as(monkeypatch, "admin", "senha-forte-1")
    code, out, _ = cli("--db", town, "check", "--quick")
    assert code == 1
    assert "Usuário id 2 (login joana) foi alterado fora do programa" in out
    assert "check accept TABELA ID" in out
    refused = _entries(town, "refused:user.login")[-1]["after"]
    assert refused["reason"] == "selo" and refused["campos"] == ["role"]


def test_the_administrator_accepts_or_restores_from_the_command_line(cli, town, monkeypatch):
    _sql(town, "UPDATE \"user\" SET role = 'admin' WHERE login = 'joana'")
    _sql(town, "UPDATE person SET name = 'Fulano Trocado' WHERE cpf = '52998224725'")
    code, _, err = cli("--db", town, "person", "edit", "529.982.247-25", "--phone",
                       "(99) 98765-4321")
    assert code == 1 and "Ação recusada: Pessoa id 1 (Fulano Trocado)" in err
    assert "nome: 'Ana Maria Sá' → 'Fulano Trocado'" in err
    code, out, err = cli("--db", town, "check", "restore", "pessoa", "1", "--reason",
                         "Nome alterado por engano no banco")
    assert code == 0, err
    assert "Pessoa id 1 (Ana Maria Sá): linha restaurada aos valores selados" in out
    code, out, err = cli("--db", town, "check", "restore", "usuario", "2", "--reason", "x")
    assert code == 0, err  # the role is in the user's snapshot: put back to atendente
    assert cli("--db", town, "check", "--quick")[:2] == (0, "Banco de dados íntegro.\n")
    _sql(town, "UPDATE \"user\" SET full_name = 'Joana Trocada' WHERE login = 'joana'")
    _as(monkeypatch, "joana", "senha-da-joana")
    code, _, err = cli("--db", town, "check", "accept", "usuario", "2", "--reason", "x")
    assert code == 1 and "Procure o administrador" in err  # cannot even log in
    _as(monkeypatch, "admin", "senha-forte-1")
    code, out, err = cli("--db", town, "check", "accept", "usuario", "2", "--reason",
                         "Nome completo corrigido pelo RH")
    assert code == 0 and "linha aceita como está" in out, err
    actions = [e["action"] for e in _entries(town)]
    assert actions.count("registro.selo_restaurado") == 2
    assert actions.count("registro.selo_aceito") == 1
    code, _, err = cli("--db", town, "check", "accept", "usuario", "2", "--reason", "x")
    assert code == 1 and "nada a aceitar" in err
    _as(monkeypatch, "joana", "senha-da-joana")
    code, _, err = cli("--db", town, "check", "accept", "pessoa", "1", "--reason", "x")
    assert code == 1 and "não pode aceitar ou restaurar" in err

"""`mototaxi-desk person history CPF [--limit N] [--before Nº]`: the prontuário's Histórico
from the command line, on a database made by `init`: in words and the computer's time,
newest first, page by page; the view recorded (LGPD); a fiscal sees the CPF masked, as in
the window; a malformed or unknown CPF is a clear refusal that writes nothing."""
import json
import sqlite3

from mototaxi_desk.domain import validators

from .conftest import row_counts
from .test_cli import INIT
from .test_cli_person_export import _seed


def _views(db) -> int:
    with sqlite3.connect(db) as raw:
        return raw.execute("SELECT count(*) FROM audit_log WHERE action = 'person.view'"
                           ).fetchone()[0]


def test_person_history_in_words_page_by_page(cli, sqlite_db, brasilia):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    person, permit = _seed(sqlite_db)
    with sqlite3.connect(sqlite_db) as raw:  # the person's registration, at 01:30 UTC on 1/1
        raw.execute("UPDATE audit_log SET at = '2027-01-01 01:30:00' WHERE action = "
                    "'person.register' AND entity_id = ?", (str(person["id"]),))
    code, out, err = cli("--db", sqlite_db, "person", "history", person["cpf_text"])
    assert code == 0, err
    lines = out.splitlines()
    assert any("Permissão outorgada — Permissão nº" in line for line in lines), out
    [registered] = [line for line in lines if "Cadastro da pessoa — Pessoa nº" in line]
    assert "31/12/2026 22:30" in registered and person["name"] in registered  # local time
    assert "permit.grant" not in out and "Prontuário consultado" not in out
    assert _views(sqlite_db) == 1  # LGPD: who looked at the person's data, and when

    code, out, _ = cli("--db", sqlite_db, "--json", "person", "history", person["cpf"])
    everything = json.loads(out)
    assert [e["id"] for e in everything] == sorted((e["id"] for e in everything),
                                                   reverse=True)
    code, out, _ = cli("--db", sqlite_db, "person", "history", person["cpf"], "--limit", "2")
    first, second, more = out.splitlines()
    assert more == f"Mais antigos: person history {person['cpf']} --before " \
                   f"{everything[1]['id']}"
    code, out, _ = cli("--db", sqlite_db, "--json", "person", "history", person["cpf"],
                       "--before", str(everything[1]["id"]))
    assert [e["id"] for e in json.loads(out)] == [e["id"] for e in everything[2:]]
    views = _views(sqlite_db)
    for wrong in (["--limit", "0"], ["--limit", "201"], ["--before", "0"], ["--limit", "x"]):
        code, out, err = cli("--db", sqlite_db, "person", "history", person["cpf"], *wrong)
        assert code != 0 and out == "" and err, wrong
    assert _views(sqlite_db) == views  # refused before anything was read


def test_a_fiscal_sees_the_history_with_the_cpf_masked(cli, sqlite_db, monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    person, _permit = _seed(sqlite_db)
    assert cli("--db", sqlite_db, "users", "add", "maria", "--name", "Maria Sá", "--role",
               "fiscal", "--password-stdin", stdin="senha-da-maria\n")[0] == 0
    monkeypatch.setenv("MOTOTAXI_USER", "maria")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-maria")
    code, out, err = cli("--db", sqlite_db, "--json", "person", "history", person["cpf"])
    assert code == 0, err
    assert person["cpf"] not in out and person["cpf_text"] not in out
    assert validators.mask_cpf(person["cpf"]) in out  # the registration's own data


def test_person_history_refuses_a_bad_cpf_clearly(cli, sqlite_db):
    from mototaxi_desk.store.migrations import close_database, open_database
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    assert cli("--db", sqlite_db, "tick")[0] == 0  # the day's step, done by any command

    def counts():
        open_database(sqlite_db)
        try:
            return row_counts()
        finally:
            close_database()
    before = counts()
    for cpf, message in (("123.456.789-00", "CPF"), ("12345", "CPF"),
                         ("529.982.247-25", "não está cadastrad")):
        code, out, err = cli("--db", sqlite_db, "person", "history", cpf)
        assert code != 0 and message in err and err.startswith("Erro"), (cpf, err)
    assert counts() == before

"""`person add|edit|cnh`, `stand list|create|edit|close|reopen`, `waiting
list|enrol|edit|remove|call` (issue 15 item 5) from a database made by `init`, on SQLite and
PostgreSQL: --json, exit codes 0 / 1 (one-line refusal citing the article, nothing written) /
2 (usage), the same rules as the window."""
import json

import pytest
from validate_docbr import CNH, CPF

from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import row_counts
from .test_cli import INIT

L1745_INIT = ["init", "--profile", "lei-1745-2011", "--municipio", "Município da Lei",
              "--uf", "MG", "--ibge", "3100104", "--population", "59000",
              "--fiscal-unit-value", "3,50", "--admin-password-stdin"]


def _counts(url) -> dict:
    open_database(url)
    try:
        return row_counts()
    finally:
        close_database()


def _refused(cli, url, *args, match: str):
    before = _counts(url)
    code, out, err = cli("--db", url, *args)
    assert code == 1, (out, err)
    assert match in err and len(err.strip().splitlines()) == 1, err
    assert _counts(url) == before
    return err


def _ok(cli, url, *args) -> dict | list:
    code, out, err = cli("--db", url, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_person_add_edit_and_cnh(cli, db_url):
    assert cli("--db", db_url, *INIT)[0] == 0
    cpf = CPF().generate()
    person = _ok(cli, db_url, "person", "add", cpf, "--name", "Raimunda Nonata Silva",
                 "--birth", "15/03/1990")
    assert person["name"] == "Raimunda Nonata Silva" and person["birth_date"] == "1990-03-15"
    edited = _ok(cli, db_url, "person", "edit", CPF().mask(cpf), "--phone", "(99) 98765-4321",
                 "--name", "Raimunda Nonata Silva Costa", "--blood", "O+")
    assert (edited["phone"], edited["blood"]) == ("99987654321", "O+")
    code, out, _ = cli("--db", db_url, "search", "costa raimunda")
    assert code == 0 and "Raimunda Nonata Silva Costa" in out  # the name index follows
    cleared = _ok(cli, db_url, "person", "edit", cpf, "--blood", "")
    assert cleared["blood"] == ""
    _refused(cli, db_url, "person", "edit", cpf, "--birth", "31/02/1990",
             match="Data de nascimento")
    _refused(cli, db_url, "person", "edit", cpf, match="ao menos um campo")
    _refused(cli, db_url, "person", "add", cpf, "--name", "Outra Pessoa",
             match="já está cadastrado (Raimunda Nonata Silva Costa)")
    _refused(cli, db_url, "person", "edit", "123.456.789-00", "--phone", "1", match="CPF")
    code, _, _ = cli("--db", db_url, "person", "edit", cpf, "--apelido", "x")
    assert code == 2

    number = CNH().generate()
    code, out, err = cli("--db", db_url, "person", "cnh", cpf, "--number", number,
                         "--category", "A", "--first-licence", "01/01/2026",
                         "--expiry", "01/01/2031")
    assert code == 0, err
    assert f"CNH nº {number}" in out and "pelo menos 2 anos" in out  # SRM Art. 20 III
    assert "(completa em 01/01/2028) (Art. 20)." in out
    assert "EAR" in out
    cnh = _ok(cli, db_url, "person", "cnh", cpf, "--number", number, "--category", "A",
              "--first-licence", "01/01/2015", "--expiry", "01/01/2031", "--ear")
    assert cnh["problems"] == [] and cnh["ear"] is True
    _refused(cli, db_url, "person", "cnh", cpf, "--number", "12345678901", "--category", "A",
             "--first-licence", "01/01/2015", "--expiry", "01/01/2031", match="Nº da CNH")


def test_srm_art_22_par_1_and_art_31_xviii_pontos_from_the_command_line(cli, db_url):
    assert cli("--db", db_url, *INIT)[0] == 0
    first = _ok(cli, db_url, "stand", "create", "--number", "1", "--name", "Praça da Matriz",
                "--location", "Centro", "--lat=-7,0219", "--lon=-45,4811")
    assert (first["label"], first["min_vehicles"], first["max_vehicles"]) == ("Ponto 01", 5, 10)
    err = _refused(cli, db_url, "stand", "create", "--number", "2", "--name", "Feira",
                   "--location", "Mercado", "--lat=-7,0219", "--lon=-45,4815",
                   match="do Ponto 01")
    assert "Art. 31 XVIII" in err
    _refused(cli, db_url, "stand", "create", "--number", "2", "--name", "Feira",
             "--location", "Mercado", "--max", "12", match="depende de ato")
    _refused(cli, db_url, "stand", "create", "--number", "2", "--name", "Feira",
             "--location", "Mercado", "--min", "3", match="(Art. 22 §1º)")
    second = _ok(cli, db_url, "stand", "create", "--number", "2", "--name", "Feira",
                 "--location", "Mercado", "--max", "12", "--act", "Portaria 9/2026",
                 "--act-date", "02/03/2026")
    assert (second["max_vehicles"], second["max_act_date"]) == (12, "2026-03-02")
    _refused(cli, db_url, "stand", "edit", "1", "--max", "11", match="de 10 para 11")
    edited = _ok(cli, db_url, "stand", "edit", "1", "--name", "Praça Nova")
    assert edited["name"] == "Praça Nova"
    _refused(cli, db_url, "stand", "edit", "9", "--name", "X", match="Ponto 09 não existe")
    closed = _ok(cli, db_url, "stand", "close", "1", "--reason", "Obra", "--act", "Portaria 11")
    assert closed["active"] is False and closed["close_act"] == "Portaria 11"
    code, out, _ = cli("--db", db_url, "stand", "list")
    assert code == 0 and "Ponto 01  Praça Nova" in out and "DESATIVADO" in out
    assert "máximo por Portaria 9/2026 de 02/03/2026" in out
    assert _ok(cli, db_url, "stand", "reopen", "1")["active"] is True
    code, out, _ = cli("--db", db_url, "settings", "set", "stand.max_vehicles", "12")
    assert code == 0 and "Nota: Vale para os pontos criados a partir de agora; os 2" in out


def test_l1745_art_12_par_2_waiting_list_from_the_command_line(cli, db_url):
    assert cli("--db", db_url, *L1745_INIT)[0] == 0
    junior, senior = CPF().generate(), CPF().generate()
    for cpf, name in ((junior, "João Novato"), (senior, "José Veterano")):
        assert cli("--db", db_url, "person", "add", cpf, "--name", name)[0] == 0
    first = _ok(cli, db_url, "waiting", "enrol", junior, "--seniority", "2",
                "--dependents", "1", "--vehicle-condition", "7", "--notes", "sindicato")
    assert (first["seniority_years"], first["position"]) == (2, 1)
    second = _ok(cli, db_url, "waiting", "enrol", senior, "--seniority", "9")
    assert second["position"] == 1  # more years in the service first (Art. 12 §2º I)
    err = _refused(cli, db_url, "waiting", "enrol", junior, match="já está na lista de espera")
    assert "(Art. 13)" in err
    _refused(cli, db_url, "waiting", "enrol", CPF().generate(), match="não está cadastrado")
    _refused(cli, db_url, "waiting", "edit", junior, "--vehicle-condition", "11",
             match="0 a 10")
    edited = _ok(cli, db_url, "waiting", "edit", junior, "--seniority", "12")
    assert edited["seniority_years"] == 12
    listed = _ok(cli, db_url, "waiting", "list")
    assert [e["id"] for e in listed["waiting"]] == [first["id"], second["id"]]
    called = _ok(cli, db_url, "waiting", "call", "--reason", "vaga da permissão nº 3")
    assert called["id"] == first["id"] and called["status"] == "called"
    _refused(cli, db_url, "waiting", "edit", str(first["id"]), "--seniority", "1",
             match="só as observações")
    _refused(cli, db_url, "waiting", "remove", senior, "--reason", " ", match="Motivo")
    removed = _ok(cli, db_url, "waiting", "remove", str(second["id"]), "--reason",
                  "Desistência por escrito")
    assert removed["status"] == "left"
    code, out, _ = cli("--db", db_url, "waiting", "call")
    assert code == 0 and "Ninguém aguardando" in out


PF_INIT = ["init", "--profile", "porto-feliz-2017", "--municipio", "Porto Feliz", "--uf", "SP",
           "--ibge", "3540606", "--population", "53000", "--fiscal-unit-value", "1,00",
           "--admin-password-stdin"]


def test_pf_art_12_par_unico_a_refused_call_names_the_next_called(cli, db_url):
    """PF Art. 12 §ú "Será automaticamente convocado o próximo requerente": `waiting remove`
    of the person called, who refused (or died), calls the next at once and says whom
    (text and --json)."""
    assert cli("--db", db_url, *PF_INIT)[0] == 0
    cpfs = [CPF().generate() for _ in range(3)]
    for cpf, name in zip(cpfs, ("Ana Chamada", "Bruno Próximo", "Célia Depois")):
        assert cli("--db", db_url, "person", "add", cpf, "--name", name)[0] == 0
        _ok(cli, db_url, "waiting", "enrol", cpf)
    assert _ok(cli, db_url, "waiting", "call")["person_name"] == "Ana Chamada"
    code, out, err = cli("--db", db_url, "waiting", "remove", cpfs[0], "--reason",
                         "Recusou a convocação")
    assert code == 0, err
    lines = out.strip().splitlines()
    assert lines[0].endswith("Ana Chamada (CPF " + _cpf_text(cpfs[0]) +
                             "), encerrada (saiu da lista): Recusou a convocação.")
    assert lines[1].startswith("Bruno Próximo convocado(a) em seguida (Art. 12 §ú); prazo "
                               "para comparecer até ")
    refused = _ok(cli, db_url, "waiting", "remove", cpfs[1], "--reason", "Falecimento")
    assert refused["next_called"]["person_name"] == "Célia Depois"
    assert [c["person_name"] for c in _ok(cli, db_url, "waiting", "list")["called"]] == [
        "Célia Depois"]


def _cpf_text(cpf: str) -> str:
    return f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}"


@pytest.mark.parametrize("args", [["stand"], ["waiting", "enrol"], ["person", "cnh", "x"],
                                  ["stand", "close", "1"]])
def test_usage_errors_exit_2(cli, sqlite_db, args):
    code, _, err = cli("--db", sqlite_db, *args)
    assert code == 2 and "erro de uso" in err


@pytest.mark.parametrize("option,value", [("--days", "abc"), ("--days", "١٢"),
                                          ("--days", "1_0"), ("--days", " 30"),
                                          ("--limit", "5.0"), ("--limit", "-")])
def test_a_whole_number_option_takes_the_digits_0_to_9_only(cli, sqlite_db, option, value):
    """int() takes '١٢' (Arabic-Indic digits), '1_0' and ' 30': a number option does not.
    The usage error is in Portuguese and names the option; nothing is written."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    before = _counts(sqlite_db)
    command = ["alerts"] if option == "--days" else ["audit", "list"]
    code, out, err = cli("--db", sqlite_db, *command, option, value)
    assert code == 2, (out, err)
    assert f"erro de uso: argumento {option}: {value!r} não é um número inteiro" in err, err
    assert _counts(sqlite_db) == before
    code, _, err = cli("--db", sqlite_db, "alerts", "--bogus")
    assert code == 2 and "argumentos não reconhecidos: --bogus" in err

"""`mototaxi-desk person export CPF [-o DIR]` (LGPD Art. 18 II): a JSON and a PDF with
everything held about the person; clear one-line refusals for a malformed or unknown CPF."""
import datetime as dt
import json

from mototaxi_desk.store.migrations import close_database, open_database
from mototaxi_desk.store.models import AuditLog

from .printing import pdf_tools
from .test_cli import INIT


def _seed(db_path):
    from .services.ledger_helpers import holder_permit
    open_database(db_path)
    try:
        person, permit = holder_permit("Conceição Araújo Sá", on=dt.date.today())
    finally:
        close_database()
    return person, permit


def test_person_export_writes_json_and_pdf(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    person, permit = _seed(sqlite_db)
    out = tmp_path / "lgpd"
    code, stdout, err = cli("--db", sqlite_db, "person", "export", person["cpf_text"],
                            "-o", str(out))
    assert code == 0, err
    [json_file] = out.glob("dados-pessoa-*.json")
    [pdf_file] = out.glob("dados-pessoa-*.pdf")
    assert str(json_file) in stdout and str(pdf_file) in stdout
    data = json.loads(json_file.read_text("utf-8"))
    assert data["person"]["cpf"] == person["cpf"] and data["permits"][0]["order_number"] == \
        permit["order_number"]
    assert "LGPD" in data["legal_basis"] and data["audit"]
    text = pdf_tools.text(pdf_file.read_bytes())
    for expected in ("DADOS PESSOAIS MANTIDOS PELO MUNICÍPIO", "Conceição Araújo Sá",
                     person["cpf_text"], "Permissões (1)", "Veículos (1)", permit["plate"],
                     "Registros de auditoria"):
        assert expected in text, expected
    code, stdout, _ = cli("--db", sqlite_db, "--json", "person", "export", person["cpf"],
                          "-o", str(out))
    assert code == 0 and json.loads(stdout)["counts"]["permits"] == 1
    open_database(sqlite_db)
    try:
        assert AuditLog.select().where(AuditLog.action == "person.export").count() == 2
    finally:
        close_database()


def test_person_export_refuses_bad_cpfs_clearly(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    out = tmp_path / "lgpd"
    for cpf, message in (("123.456.789-00", "Erro: CPF: CPF inválido"),
                         ("529.982.247-25", "Erro: CPF: 529.982.247-25 não está cadastrado"),
                         ("abc", "Erro: CPF:")):
        code, stdout, err = cli("--db", sqlite_db, "person", "export", cpf, "-o", str(out))
        assert code == 1 and err.startswith(message) and len(err.strip().splitlines()) == 1
    assert not out.exists()  # nothing written
    code, _, err = cli("--db", sqlite_db, "person", "export")
    assert code == 2


def test_users_list_shows_a_role_unknown_to_the_code(cli, sqlite_db):
    """A row edited by hand to a role the program does not know: listed, never a crash."""
    from mototaxi_desk.store.models import User
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    assert cli("--db", sqlite_db, "users", "add", "maria", "--name", "Maria Sá", "--role",
               "fiscal", "--password-stdin", stdin="senha-da-maria\n")[0] == 0
    open_database(sqlite_db)
    try:
        User.update(role="chefe").where(User.login == "maria").execute()
    finally:
        close_database()
    code, out, _ = cli("--db", sqlite_db, "users", "list")
    assert code == 0 and "desconhecido (chefe)" in out
    # that user may not log in, from here either (the message names the problem)
    code, _, err = cli("--db", sqlite_db, "--user", "maria", "--password-stdin", "users",
                       "list", stdin="senha-da-maria\n")
    assert code == 1 and "não é conhecido" in err


def test_person_export_names_no_cpf_and_a_failed_write_is_not_audited(cli, sqlite_db,
                                                                     tmp_path, monkeypatch):
    """Issue 18 item 7: the files are named by the record number (a CPF in a file name is
    seen in every folder listing); files that could not be written were handed to nobody,
    so no 'person.export' entry and no half-written file; the OS error in Portuguese."""
    import errno
    import os
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    person, _ = _seed(sqlite_db)
    out = tmp_path / "lgpd"
    assert cli("--db", sqlite_db, "person", "export", person["cpf"], "-o", str(out))[0] == 0
    names = [p.name for p in out.iterdir()]
    assert len(names) == 2 and all(person["cpf"] not in n and f"-{person['id']}-" in n
                                   for n in names)

    real_write = os.write

    def disk_full_at_the_pdf(fd, data):  # the checked writer's temporary file of the PDF
        if ".pdf." in os.readlink(f"/proc/self/fd/{fd}"):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)
    monkeypatch.setattr(os, "write", disk_full_at_the_pdf)
    full = tmp_path / "cheio"
    code, _, err = cli("--db", sqlite_db, "person", "export", person["cpf"], "-o", str(full))
    assert code == 1 and "não há espaço livre no disco" in err and "No space" not in err
    assert list(full.iterdir()) == []  # the JSON written first was removed
    (tmp_path / "arquivo").write_text("x")
    code, _, err = cli("--db", sqlite_db, "person", "export", person["cpf"], "-o",
                       str(tmp_path / "arquivo" / "sub"))
    assert code == 1 and "não é uma pasta" in err
    open_database(sqlite_db)
    try:
        assert AuditLog.select().where(AuditLog.action == "person.export").count() == 1
    finally:
        close_database()

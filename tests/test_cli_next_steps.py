"""`person next CPF` (issue 36): the record's "Próximos passos" from the command line, from a
database made by `init`: an application missing its documents names the first one (SRM
Art. 4), a person with nothing pending says so; an unknown CPF is refused (exit 1)."""
import json

from validate_docbr import CPF

from .test_cli import INIT


def test_person_next_lists_what_is_missing(cli, db_url):
    assert cli("--db", db_url, *INIT)[0] == 0
    cpf = CPF().generate()
    assert cli("--db", db_url, "person", "add", cpf, "--name", "Raimunda Nonata Silva",
               "--birth", "15/03/1990")[0] == 0
    code, out, err = cli("--db", db_url, "person", "next", cpf)
    assert code == 0 and out.strip() == "Nada pendente para Raimunda Nonata Silva.", err
    code, out, err = cli("--db", db_url, "application", "file", cpf, "--type", "new_permit",
                         "--json")
    assert code == 0, err
    app = json.loads(out)
    code, out, err = cli("--db", db_url, "person", "next", cpf, "--json")
    assert code == 0, err
    steps = json.loads(out)
    assert [(s["kind"], s["action"]) for s in steps] == [("documents", "application")]
    assert app["protocol"] in steps[0]["text"]
    code, out, _ = cli("--db", db_url, "person", "next", cpf)
    assert out.startswith("[a fazer] Requerimento ") and "falta(m)" in out
    code, _out, err = cli("--db", db_url, "person", "next", CPF().generate())
    assert code == 1 and "não está cadastrado" in err

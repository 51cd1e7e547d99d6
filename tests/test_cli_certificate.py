"""`certificate install|show|remove|timestamp` (issue 41 item 1) from an empty município made
by `init`: the CNPJ set with `settings set municipio.cnpj`, the A1 installed with its
password on standard input (a wrong one refused, exit 1), shown with --json, a guia issued
from the command line then signed and valid, the certificate removed."""
import json

import pytest

from .signing_pki import CNPJ, HOLDER, PASSWORD, make_pki, validate
from .test_cli import INIT
from .test_cli_guias import _debt


@pytest.fixture
def config_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_CONFIG_DIR", str(tmp_path / "config"))
    from mototaxi_desk.services.administration import certificate
    certificate._forget()
    yield
    certificate._forget()


def test_certificate_from_the_command_line(cli, sqlite_db, tmp_path, config_dir):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    pki = make_pki()
    pfx = tmp_path / "prefeitura.pfx"
    pfx.write_bytes(pki.pfx())
    code, _, err = cli("--db", sqlite_db, "certificate", "install", str(pfx),
                       "--password-stdin", stdin=PASSWORD + "\n")
    assert code == 1 and "CNPJ da prefeitura: cadastre" in err
    for key, value in (("municipio.cnpj", "12.345.678/0001-95"),
                       ("municipio.pix_key", "tesouraria@prefeitura.ma.gov.br")):
        assert cli("--db", sqlite_db, "settings", "set", key, value)[0] == 0
    code, _, err = cli("--db", sqlite_db, "certificate", "install", str(pfx),
                       "--password-stdin", stdin="errada\n")
    assert code == 1 and "Senha do certificado: senha incorreta" in err
    code, out, _ = cli("--db", sqlite_db, "certificate", "install", str(pfx),
                       "--password-stdin", stdin=PASSWORD + "\n")
    assert code == 0 and f"Titular: {HOLDER}" in out and "CNPJ: 12.345.678/0001-95" in out
    code, out, _ = cli("--db", sqlite_db, "--json", "certificate", "show")
    shown = json.loads(out)
    assert code == 0 and shown["cnpj"] == CNPJ and shown["installed"]
    cpf = _debt(sqlite_db)
    guia = tmp_path / "g.pdf"
    code, _, err = cli("--db", sqlite_db, "guia", "issue", cpf, "-o", str(guia))
    assert code == 0, err
    status = validate(guia.read_bytes(), pki)
    assert status.bottom_line and status.signing_cert.subject.native["common_name"] == HOLDER
    code, out, _ = cli("--db", sqlite_db, "certificate", "timestamp", "ftp://x")
    assert code == 1
    code, out, _ = cli("--db", sqlite_db, "certificate", "remove")
    assert code == 0 and "Nenhum certificado instalado" in out
    code, _, err = cli("--db", sqlite_db, "certificate", "remove")
    assert code == 1 and "Nenhum certificado" in err

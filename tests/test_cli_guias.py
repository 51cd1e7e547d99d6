"""`settings set municipio.*`, `guia issue|list`, `print guia` and `bank-return import|list`
from a database made by `init`: files written, the report, a repeated import changing
nothing, bad input refused with exit 1 and nothing written."""
import datetime as dt
import json

from mototaxi_desk.domain import febraban
from mototaxi_desk.store.migrations import close_database, open_database

from .test_cli import INIT


def _debt(db_path) -> str:
    """A person with an open fee, through the fee service; their CPF."""
    from mototaxi_desk.services.payments import fees

    from .factories import CLERK, make_person
    open_database(db_path)
    try:
        person = make_person("Conceição Araújo Sá")
        fees.charge(CLERK, person["id"], "stand_change", on=dt.date.today())
    finally:
        close_database()
    return person["cpf"]


def test_collection_settings_guia_and_bank_return_from_the_command_line(cli, sqlite_db,
                                                                        tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    cpf = _debt(sqlite_db)
    code, _, err = cli("--db", sqlite_db, "guia", "issue", cpf, "-o", str(tmp_path / "g.pdf"))
    assert code == 1 and "CNPJ" in err and not (tmp_path / "g.pdf").exists()
    for key, value in (("municipio.cnpj", "11.222.333/0001-81"),
                       ("municipio.febraban_code", "1234"),
                       ("municipio.pix_key", "tesouraria@prefeitura.ma.gov.br")):
        assert cli("--db", sqlite_db, "settings", "set", key, value)[0] == 0
    code, _, err = cli("--db", sqlite_db, "settings", "set", "municipio.cnpj", "123")
    assert code == 1 and "CNPJ" in err
    code, out, _ = cli("--db", sqlite_db, "settings", "show")
    assert "CNPJ 11.222.333/0001-81, código FEBRABAN 1234 (módulo 10)" in out

    code, out, _ = cli("--db", sqlite_db, "guia", "list", cpf)
    assert code == 0 and "--fee 1" in out and "R$ 144,78" in out
    code, out, err = cli("--db", sqlite_db, "--json", "guia", "issue", cpf, "--due",
                         "31/02/2026", "-o", str(tmp_path / "g.pdf"))
    assert code == 1 and "Vencimento" in err
    code, out, err = cli("--db", sqlite_db, "--json", "guia", "issue", cpf, "-o",
                         str(tmp_path / "g.pdf"))
    guia = json.loads(out)
    assert code == 0, err
    assert guia["number_text"].endswith("/000001") and (tmp_path / "g.pdf").exists()
    febraban.parse_barcode(guia["typeable_line"])
    code, out, _ = cli("--db", sqlite_db, "print", "guia", guia["number_text"], "-o",
                       str(tmp_path / "g2.pdf"))
    assert code == 0 and "2ª via" in out

    today = dt.date.today()
    lines = [febraban.header_record(convenio="123", company="PREFEITURA", bank_code="001",
                                    bank_name="BANCO", generated_on=today, sequence=1),
             febraban.item_record(barcode_digits=guia["barcode"], cents=guia["amount_cents"],
                                  paid_on=today, credited_on=today, record_number=1),
             febraban.trailer_record(3, guia["amount_cents"])]
    ret = tmp_path / "RET001.TXT"
    ret.write_text("\r\n".join(lines) + "\r\n", encoding="ascii")
    code, out, err = cli("--db", sqlite_db, "bank-return", "import", str(ret))
    assert code == 0 and "1 baixado(s)" in out and "Baixada" in out, err
    code, out, _ = cli("--db", sqlite_db, "bank-return", "import", str(ret))
    assert code == 0 and "já foi importado" in out
    code, out, _ = cli("--db", sqlite_db, "guia", "list", cpf)
    assert "nenhum" in out and "Paga em" in out
    code, out, _ = cli("--db", sqlite_db, "bank-return", "list")
    assert "RET001.TXT" in out and "baixados 1" in out
    code, _, err = cli("--db", sqlite_db, "bank-return", "import", str(tmp_path / "nada.txt"))
    assert code == 1 and "Não foi possível ler" in err

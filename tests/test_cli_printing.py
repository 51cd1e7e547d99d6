"""`mototaxi-desk print`, `verify`, `keys` and `verifier export`: PDF files written (a copy
counts only once its file is), exit code 0 only for VÁLIDO, keys exported without the private
half, the offline verifier written, clear errors for bad input."""
import datetime as dt
import json

from mototaxi_desk.store.migrations import close_database, open_database

from .printing import pdf_tools
from .test_cli import INIT


def _seed(db_path):
    """Two current permits through the direct rows of the licensing tests."""
    from .services.licensing_rows import holder_with_vehicle
    open_database(db_path)
    try:
        permits = [holder_with_vehicle(dt.date.today(), name=name)[2].order_number
                   for name in ("Conceição Araújo Sá", "João Sá Silva")]
    finally:
        close_database()
    return permits


def test_print_and_verify(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    first, second = _seed(sqlite_db)
    out_pdf = tmp_path / "cartao.pdf"
    code, out, err = cli("--db", sqlite_db, "print", "card", str(first), "-o", str(out_pdf))
    assert code == 0 and "1ª via" in out, err
    pdf = out_pdf.read_bytes()
    assert pdf_tools.page_sizes_mm(pdf) == [(85.6, 53.98)] * 2
    text = pdf_tools.qr_texts(pdf, 0, 300)[0]
    code, out, _ = cli("--db", sqlite_db, "verify", text, "--json")
    result = json.loads(out)
    assert code == 0 and result["verdict"] == "VÁLIDO" and result["valid"]
    # a write that fails spends no copy (issue 17): the card in the pocket stays current
    code, _, err = cli("--db", sqlite_db, "print", "card", str(first), "-o",
                       str(tmp_path / "nao-existe" / "x.pdf"))
    assert code == 1 and "Nenhuma via foi emitida" in err
    assert cli("--db", sqlite_db, "verify", text)[0] == 0
    # a second copy: the first one is INVÁLIDO, via substituída -> exit 1
    code, out, _ = cli("--db", sqlite_db, "print", "card", str(first), "-o", str(out_pdf))
    assert code == 0 and "2ª via" in out
    code, out, _ = cli("--db", sqlite_db, "verify", text)
    assert code == 1 and out.startswith("INVÁLIDO — via substituída (esta é a 1ª via; a atual "
                                        "é a 2ª)")
    altered = text[:-1] + ("1" if text[-1] == "0" else "0")
    code, out, _ = cli("--db", sqlite_db, "--json", "verify", altered)
    assert code == 1 and json.loads(out)["verdict"] == "INVÁLIDO"
    # another município's card: who it names, not its data (issue 39 item 4)
    from mototaxi_desk.printing import qr
    record = qr.decode(text)[0]
    foreign = qr.sign(qr.QrRecord(**{**record.__dict__, "ibge": "3540606"}),
                      qr.new_private_key())
    code, out, _ = cli("--db", sqlite_db, "verify", foreign)
    assert code == 1 and out.splitlines() == [
        "INVÁLIDO — documento de outro município (IBGE 3540606).",
        "  Município (IBGE): 3540606", "  Chave indicada: 3540606-1",
        "  Os dados deste documento não são mostrados: a assinatura não foi conferida (só a "
        "chave do município de origem a confere)."]
    code, out, err = cli("--db", sqlite_db, "print", "card", "--all-active", "--sheet", "a4",
                         "-o", str(tmp_path / "todos.pdf"))
    assert code == 0 and "2 documentos" in out and "Preparando 2/2" in err
    code, _, err = cli("--db", sqlite_db, "print", "card", "9999", "-o", str(tmp_path / "x.pdf"))
    assert code == 1 and err.startswith("Erro:") and "não existe" in err
    assert not (tmp_path / "x.pdf").exists()
    code, _, err = cli("--db", sqlite_db, "print", "roster", "--all-active", "-o",
                       str(tmp_path / "y.pdf"))
    assert code == 1 and "só para cartões e selos" in err
    code, _, err = cli("--db", sqlite_db, "print", "sticker", "2026-000001", "-o",
                       str(tmp_path / "z.pdf"))
    assert code == 1 and "não existe" in err


def test_keys_export_and_rotate(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, out, _ = cli("--db", sqlite_db, "keys", "export-public")
    assert code == 0 and "BEGIN PUBLIC KEY" in out and "PRIVATE" not in out
    code, out, _ = cli("--db", sqlite_db, "keys", "rotate")
    assert code == 0 and "Nova chave nº 2" in out and "aposentada" in out
    target = tmp_path / "chaves.pem"
    assert cli("--db", sqlite_db, "keys", "export-public", "-o", str(target))[0] == 0
    assert target.read_text().count("BEGIN PUBLIC KEY") == 2
    code, out, _ = cli("--db", sqlite_db, "--json", "keys", "list")
    listed = json.loads(out)
    assert [k["current"] for k in listed] == [False, True]
    assert [k["key_ref"] for k in listed] == ["2111102-1", "2111102-2"]
    assert all(k["trusted"] for k in listed)


def test_verifier_export_and_keys_trust(cli, sqlite_db, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    _seed(sqlite_db)
    page = tmp_path / "verificador.html"
    code, out, err = cli("--db", sqlite_db, "verifier", "export", "-o", str(page))
    assert code == 0 and "Verificador gravado" in out, err
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "{{" not in html
    assert 'src="http' not in html and 'href="http' not in html  # nothing loaded from a network
    assert "connect-src 'none'" in html
    code, out, _ = cli("--db", sqlite_db, "--json", "verifier", "export", "-o", str(page))
    assert code == 0 and json.loads(out)["keys"] == 1
    code, _, err = cli("--db", sqlite_db, "verifier", "export", "-o",
                       str(tmp_path / "nao-existe" / "v.html"))
    assert code == 1 and "Não foi possível gravar" in err
    code, _, err = cli("--db", sqlite_db, "keys", "trust", str(tmp_path / "nada.json"))
    assert code == 1 and "Não foi possível ler" in err

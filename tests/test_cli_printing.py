"""`mototaxi-desk print`, `verify` and `keys`: PDF files written, exit code 0 only for a valid
and current QR, keys exported without the private half, clear errors for bad input."""
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
    assert code == 0 and result["result"] == "VALID" and result["current"]
    # a second copy: the first one still verifies but is superseded -> exit 1
    assert cli("--db", sqlite_db, "print", "card", str(first), "-o", str(out_pdf))[0] == 0
    code, out, _ = cli("--db", sqlite_db, "verify", text)
    assert code == 1 and out.startswith("VÁLIDO") and "Via substituída" in out
    altered = text[:-1] + ("1" if text[-1] == "0" else "0")
    code, out, _ = cli("--db", sqlite_db, "--json", "verify", altered)
    assert code == 1 and json.loads(out)["result"] == "INVALID"
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
    assert [k["current"] for k in json.loads(out)] == [False, True]

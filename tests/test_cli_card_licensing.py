"""`mototaxi-desk permit license` (issue 37 item 2): the yearly licensing of the permit card
from the command line, on a database made by `init` — SRM Art. 6 XX (yearly), Art. 30 XXIV d
(in person), Art. 47 I (the card's fee) —, with its preview, the new card written with
--card, a second licensing in the same year refused, and `verify` saying the licensing is
overdue after the card's date (never VÁLIDO)."""
import datetime as dt
import json

from mototaxi_desk.store.migrations import close_database, open_database

from .printing import pdf_tools
from .test_cli import INIT

D = dt.date
FIRST_CARD = D(2027, 1, 10)


def _seed(db_path, anniversary=FIRST_CARD) -> int:
    """A holder whose permit was granted a year before `anniversary` (its card's date)."""
    from .services.licensing_rows import holder_with_vehicle
    open_database(db_path)
    try:
        return holder_with_vehicle(anniversary, name="Conceição Araújo Sá")[2].order_number
    finally:
        close_database()


def test_permit_license_from_the_command_line_srm_art_6_xx(cli, sqlite_db, tmp_path, clock_at):
    clock_at(D(2026, 12, 20))
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    order = str(_seed(sqlite_db))
    code, out, err = cli("--db", sqlite_db, "permit", "license", order, "--preview")
    assert code == 0, err
    assert "Validade do cartão de permissão: 10/01/2027 → 10/01/2028." in out
    assert "Art. 47 I" in out and "Art. 38 III d" in out
    card = tmp_path / "cartao.pdf"
    code, out, err = cli("--db", sqlite_db, "--json", "permit", "license", order,
                         "--act", "Protocolo 9/2026", "--card", str(card))
    assert code == 0, err
    done = json.loads(out)
    assert done["result"]["card_valid_until"][:10] == "2028-01-10" and done["card"] == str(card)
    pdf = card.read_bytes()
    assert "10/01/2028" in pdf_tools.text(pdf)
    qr_text = pdf_tools.qr_texts(pdf, 0, 300)[0]
    # once a year: a second licensing is refused with the article, nothing written
    code, _, err = cli("--db", sqlite_db, "permit", "license", order)
    assert code != 0 and "a partir de 11/11/2027" in err and "Art. 6 XX" in err
    code, out, _ = cli("--db", sqlite_db, "verify", qr_text)
    assert code == 0 and out.startswith("VÁLIDO")
    # a holder granted on 19/12/2025 who has not come: his card's date was yesterday
    late = str(_seed(sqlite_db, D(2026, 12, 19)))
    card = tmp_path / "atrasado.pdf"
    assert cli("--db", sqlite_db, "print", "card", late, "-o", str(card))[0] == 0
    assert "19/12/2026" in pdf_tools.text(card.read_bytes())
    code, out, _ = cli("--db", sqlite_db, "--json", "verify",
                       pdf_tools.qr_texts(card.read_bytes(), 0, 300)[0])
    result = json.loads(out)
    assert result["reason"] == "licensing_overdue", result
    assert code != 0 and "licenciamento anual do cartão vencido" in result["headline"]
    code, out, _ = cli("--db", sqlite_db, "--json", "alerts", "--days", "0")
    [item] = [a for a in json.loads(out) if a["kind"] == "card_licensing"]
    assert code == 0 and item["permit_order_number"] == int(late)
    assert "causa de cassação (Art. 38 III d)" in item["label"]


def test_permit_license_refused_where_the_law_has_none_pf(cli, sqlite_db, clock_at):
    """PF Art. 2 §3º: the permit itself is renewed yearly; there is no card licensing."""
    clock_at(D(2026, 12, 20))
    args = list(INIT)
    args[args.index("--profile") + 1] = "porto-feliz-2017"
    args[args.index("--uf") + 1], args[args.index("--ibge") + 1] = "SP", "3540606"
    assert cli("--db", sqlite_db, *args)[0] == 0
    order = str(_seed(sqlite_db))
    code, _, err = cli("--db", sqlite_db, "permit", "license", order)
    assert code != 0 and "não prevê licenciamento anual do cartão" in err

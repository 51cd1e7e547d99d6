"""`mototaxi-desk campaign create|list|status|attend|letter` (issue 21 item 2: recadastramento
campaigns), on a database made by `init`; bad input exits 1 and writes nothing."""
import datetime as dt
import json

from mototaxi_desk.store.migrations import close_database, open_database

from .test_cli import INIT


def _campaign_rows() -> int:
    from mototaxi_desk.store.models import Campaign, CampaignAttendance
    return Campaign.select().count() + CampaignAttendance.select().count()


def test_campaign_commands(cli, sqlite_db, tmp_path):
    from .services.ledger_helpers import holder_permit
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    today = dt.date.today()
    open_database(sqlite_db)
    try:
        _, first = holder_permit("Compareceu Ao Recadastro", on=today - dt.timedelta(days=60))
        _, second = holder_permit("Ainda Não Veio", on=today - dt.timedelta(days=60))
    finally:
        close_database()
    code, out, err = cli("--db", sqlite_db, "--json", "campaign", "create",
                         "Recadastramento", "--year", str(today.year), "--by", "permit",
                         "--schedule", f"1-99:{today.month}", "--act", "Decreto 7")
    assert code == 0 and err == ""
    made = json.loads(out)
    assert made["kind"] == "permit_range" and made["schedule"] == f"1-99:{today.month}"
    code, out, _ = cli("--db", sqlite_db, "campaign", "list")
    assert code == 0 and "Recadastramento" in out and "número do alvará" in out

    code, out, _ = cli("--db", sqlite_db, "campaign", "status", str(made["id"]), "--json")
    status = json.loads(out)
    assert status["counts"]["due"] == 2 and status["missed_rule"]["missed"] == "sanction"
    code, out, _ = cli("--db", sqlite_db, "campaign", "attend", str(made["id"]),
                       str(first["order_number"]), "--note", "dados conferidos")
    assert code == 0 and "registrado" in out
    code, out, _ = cli("--db", sqlite_db, "campaign", "status", str(made["id"]),
                       "--only", "came")
    assert code == 0 and "Compareceu Ao Recadastro" in out and "Ainda Não Veio" not in out

    letters = tmp_path / "cartas.pdf"
    code, out, _ = cli("--db", sqlite_db, "campaign", "letter", str(made["id"]),
                       "-o", str(letters))
    assert code == 0 and "1 carta(s)" in out
    from .printing.pdf_tools import page_sizes_mm, text
    pdf = letters.read_bytes()
    words = " ".join(text(pdf).split())
    assert "CARTA DE CONVOCAÇÃO" in words and "Ainda Não Veio" in words
    assert "Compareceu Ao Recadastro" not in words and "Decreto 7" in words
    assert "sujeito a sanção (Art. 38 III d)" in words  # a miss under SRM: cassation cause
    assert [tuple(round(x) for x in size) for size in page_sizes_mm(pdf)] == [(210, 297)]

    open_database(sqlite_db)
    try:
        before = _campaign_rows()
    finally:
        close_database()
    for args, message in [
        (("create", "X", "--year", "dois mil"), "Erro: Ano da campanha"),
        (("create", "X", "--year", str(today.year), "--schedule", "1:2"),
         "Erro: Calendário: faltam os finais"),
        (("create", "Recadastramento", "--year", str(today.year), "--by", "permit",
          "--schedule", "1-5:3"), "já existe"),
        (("attend", str(made["id"]), str(first["order_number"])), "já foi registrado"),
        (("attend", "77", str(first["order_number"])), "campanha 77 não existe"),
        (("attend", str(made["id"]), "77"), "77"),
        (("attend", str(made["id"]), str(first["order_number"]), "--date",
          f"{today + dt.timedelta(days=1):%d/%m/%Y}"), "Data do comparecimento: data fora"),
        (("status", str(made["id"]), "--date", "31/02/2026"), "Erro: Data"),
        (("letter", str(made["id"]), "--month", "0", "-o", str(tmp_path / "x.pdf")),
         "Erro: Mês"),
    ]:
        code, _, err = cli("--db", sqlite_db, "campaign", *args)
        assert code == 1 and message in err, (args, err)
    open_database(sqlite_db)
    try:
        assert _campaign_rows() == before
    finally:
        close_database()

"""`mototaxi-desk alerts [--days N]`: one Portuguese line per deadline, dd/mm/aaaa dates,
exit 0; --json gives the items; bad input exits 1 without a traceback."""
import datetime as dt
import json
import re


from .test_cli import INIT


def test_alerts_lines_and_json(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT, "--demo-database")[0] == 0
    code, out, _ = cli("--db", sqlite_db, "alerts")
    assert code == 0 and "Nenhum prazo vencido ou a vencer nos próximos 30 dias." in out
    assert cli("--db", sqlite_db, "demo", "--holders", "24")[0] == 0

    code, out, err = cli("--db", sqlite_db, "alerts", "--days", "60")
    assert code == 0 and err == ""
    lines = out.strip().splitlines()
    assert re.match(r"^\d+ prazo\(s\) até 60 dia\(s\), \d+ vencido\(s\)\.$", lines[-1])
    body = lines[:-1]
    assert body and all(re.match(r"^\d{2}/\d{2}/\d{4}  ", line) for line in body)
    # the demo has no inspections: every vehicle's annual vistoria is due today (SRM Art. 17)
    assert any("vence hoje" in line and "Vistoria anual — nenhuma registrada" in line
               and "(Art. 17)" in line and re.search(r"permissão nº \d{4}", line)
               for line in body)
    assert any("VENCIDO há" in line and "Validade da CNH" in line for line in body)

    code, out, _ = cli("--db", sqlite_db, "--json", "alerts", "--days", "60")
    items = json.loads(out)
    assert code == 0 and len(items) == len(body)
    first = items[0]
    assert set(first) >= {"kind", "label", "due_date", "days_left", "urgency", "person_id",
                          "person_name", "permit_order_number", "permit_order_text", "plate",
                          "entity",
                          "entity_id", "article"}
    dates = [dt.date.fromisoformat(i["due_date"]) for i in items]
    assert dates == sorted(dates)

    code, out2, _ = cli("--db", sqlite_db, "--json", "alerts", "--days", "0")
    assert code == 0 and len(json.loads(out2)) < len(items)


def test_alerts_bad_input_and_before_init(cli, sqlite_db):
    code, _, err = cli("--db", sqlite_db, "alerts")
    assert code == 1 and "init" in err
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, _, err = cli("--db", sqlite_db, "alerts", "--days", "-3")
    assert code == 1 and err.startswith("Erro: Dias:")
    assert cli("--db", sqlite_db, "alerts", "--days", "muitos")[0] == 2


def test_ledger_command_text_and_json(cli, sqlite_db):
    """`mototaxi-desk ledger CPF|PERMIT [--json]`: notices, points, open amounts."""
    import datetime as dt

    from mototaxi_desk.services import ledger
    from mototaxi_desk.store.migrations import close_database, open_database

    from .services.ledger_helpers import FISCAL, holder_permit, notice_data
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    open_database(sqlite_db)
    try:
        person, permit = holder_permit()
        today = dt.date.today()
        ledger.record_notice(FISCAL, notice_data(permit, "36-IX", dt.datetime.combine(
            today - dt.timedelta(days=1), dt.time(9, 0))),
                             on=today)
    finally:
        close_database()
    code, out, err = cli("--db", sqlite_db, "ledger", person["cpf"])
    assert code == 0 and err == ""
    assert f"00001/{today.year}" in out and "Art. 36, IX" in out and "R$ 96,52" in out
    assert "Aguardando notificação" in out and "Em aberto: R$ 96,52" in out
    code, out, _ = cli("--db", sqlite_db, "--json", "ledger", str(permit["order_number"]))
    data = json.loads(out)
    assert code == 0 and data["open_total_cents"] == 9652
    assert data["notices"][0]["number"] == f"00001/{today.year}"
    code, _, err = cli("--db", sqlite_db, "ledger", "abc")
    assert code == 1 and err.startswith("Erro: Consulta:")


def test_alerts_read_the_due_dates_table_when_the_painel_built_it_today(cli, sqlite_db,
                                                                      monkeypatch):
    """Issue 23: `alerts` reads the items the Painel stored today (no pass over the register)
    and lists exactly what it computes when the table is stale (a read-only command never
    rebuilds it)."""
    from mototaxi_desk.services.views import due_dates
    from mototaxi_desk.store.migrations import close_database, open_database
    assert cli("--db", sqlite_db, *INIT, "--demo-database")[0] == 0
    assert cli("--db", sqlite_db, "demo", "--holders", "24")[0] == 0
    code, computed, _ = cli("--db", sqlite_db, "--json", "alerts", "--days", "45")
    assert code == 0 and json.loads(computed)
    open_database(sqlite_db, check=False)
    try:
        assert due_dates.if_fresh(dt.date.today(), 45) is None  # stale: computed above
        due_dates.rebuild(dt.date.today(), 45)
        assert due_dates.if_fresh(dt.date.today(), 45) is not None
    finally:
        close_database()

    def computed_again(**_kwargs):
        raise AssertionError("alerts computed although the table is fresh")
    from mototaxi_desk.services.views import alerts
    monkeypatch.setattr(alerts, "due", computed_again)
    code, read, _ = cli("--db", sqlite_db, "--json", "alerts", "--days", "45")
    assert code == 0 and json.loads(read) == json.loads(computed)

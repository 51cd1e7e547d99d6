"""`mototaxi-desk stoppage` (SRM Art. 29 §ú: the authority decides) and `summon` (SRM Art. 17
§2º: vistoria at any time), on a database made by `init`; bad input exits 1."""
import datetime as dt
import json

from mototaxi_desk.store.migrations import close_database, open_database

from .test_cli import INIT


def test_stoppage_and_summon_commands(cli, sqlite_db):
    from .services.ledger_helpers import holder_permit
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    today = dt.date.today()
    open_database(sqlite_db)
    try:
        _, first = holder_permit("Parou Sem Avisar", on=today - dt.timedelta(days=60))
        _, second = holder_permit("Intimado", on=today - dt.timedelta(days=60))
    finally:
        close_database()
    since = today - dt.timedelta(days=3)
    code, out, err = cli("--db", sqlite_db, "stoppage", str(first["order_number"]),
                         "--since", f"{since:%d/%m/%Y}", "--reason", "Não visto no ponto")
    assert code == 0 and err == ""
    assert out.strip() == (f"Permissão nº 0001: serviço interrompido sem autorização desde "
                           f"{since:%d/%m/%Y}; cabe à autoridade decidir (Art. 29 §ú; Art. 38 III c).")
    deadline = today + dt.timedelta(days=15)
    code, out, _ = cli("--db", sqlite_db, "--json", "summon", str(second["order_number"]),
                       "--deadline", f"{deadline:%d/%m/%Y}", "--act", "Intimação 1")
    assert code == 0 and json.loads(out)["status"] == "open"
    code, out, _ = cli("--db", sqlite_db, "alerts")
    assert "Serviço interrompido sem autorização" in out and "intimação para vistoria" in out
    code, _, err = cli("--db", sqlite_db, "summon", str(second["order_number"]),
                       "--deadline", "31/02/2026")
    assert code == 1 and err.startswith("Erro: Prazo para apresentar o veículo")
    code, _, err = cli("--db", sqlite_db, "stoppage", "77", "--since", f"{since:%d/%m/%Y}")
    assert code == 1 and "77" in err


def test_tick_lists_the_days_changes_like_the_painel_pf_art_2_par_3(cli, sqlite_db):
    """PF Art. 2 §3º (renewed yearly): a permit whose year ended yesterday is 'Vencida'
    today. `tick` lists what the day's step changed — also when it had already run (the
    first command of the day ran it), as the Painel does; --json after the command too."""
    from dateutil.relativedelta import relativedelta

    from .factories import SUPERVISOR, make_person, make_vehicle
    today = dt.date.today()
    granted = today - relativedelta(years=1)
    assert cli("--db", sqlite_db, "init", "--profile", "porto-feliz-2017", "--municipio",
               "Porto Feliz", "--uf", "SP", "--ibge", "3540606", "--population", "53000",
               "--fiscal-unit-value", "1,00", "--admin-password-stdin")[0] == 0
    open_database(sqlite_db)
    try:
        from mototaxi_desk.services.licensing import permits
        person = make_person("Esqueceu De Renovar", today=granted)
        vehicle = make_vehicle(person["id"], year=granted.year, today=granted,
                               insured_until=today + dt.timedelta(days=400))
        permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"],
                                      vehicle_id=vehicle["id"], on=granted)
        assert permit["valid_until"] == today - dt.timedelta(days=1)
    finally:
        close_database()
    code, out, err = cli("--db", sqlite_db, "tick")
    assert code == 0, err
    assert "Permissão vencida: Esqueceu De Renovar" in out
    assert f"Cadastro atualizado até {today:%d/%m/%Y}: 1 alteração(ões)." in out
    code, out, err = cli("--db", sqlite_db, "tick")
    assert code == 0 and f"já atualizado até {today:%d/%m/%Y}" in out
    assert f"Alterações da atualização de {today:%d/%m/%Y}:" in out
    assert "Permissão vencida: Esqueceu De Renovar — validade até" in out
    code, out, _ = cli("--db", sqlite_db, "tick", "--json")
    data = json.loads(out)
    assert not data["ran"] and [c["kind"] for c in data["day_changes"]] == ["expired"]

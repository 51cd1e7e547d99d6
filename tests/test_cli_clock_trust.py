"""The issue's clock episode through the command line, on a database made by `init` (issue
34, services/trust/clock_trust.py): `search` with the PC clock two years ahead turned 14 permits
valid today into 'vencida' for good. Now: nothing changes without an admin's confirmation
(each command says why, naming both dates); and a step that an admin did confirm on the wrong
date is undone with `clock undo`, the card it made invalid verifying again."""
import datetime as dt
import json

import pytest

from mototaxi_desk.store.migrations import close_database, open_database

from .printing import pdf_tools
INIT = ["init", "--profile", "porto-feliz-2017", "--municipio", "Porto Feliz", "--uf", "SP",
        "--ibge", "3540606", "--population", "53000", "--fiscal-unit-value", "1,00",
        "--admin-password-stdin"]

TODAY = dt.date.today()
AHEAD = TODAY + dt.timedelta(days=731)


@pytest.fixture(autouse=True)
def _on_the_day_the_module_was_read(clock_at):
    clock_at(TODAY)  # a session that crosses midnight would see a jump of a day


def _seed(db_path) -> list[int]:
    """Three permits granted today through the services (PF Art. 2 §3º: a year), their fees
    paid, so that `check` finds the register whole."""
    from mototaxi_desk.services.payments import fees
    from mototaxi_desk.services.licensing import permits

    from .factories import CLERK, SUPERVISOR, make_person, make_vehicle
    open_database(db_path)
    granted = TODAY
    numbers = []
    try:
        for name in ("Ana Sá", "Bruno Sá", "Carla Sá"):
            person = make_person(name, today=granted)
            vehicle = make_vehicle(person["id"], year=granted.year, today=granted,
                                   insured_until=TODAY + dt.timedelta(days=400))
            permit = permits.grant_permit(SUPERVISOR, holder_id=person["id"],
                                          vehicle_id=vehicle["id"], on=granted)
            for debt in fees.open_debts(person["id"]):
                fees.pay(CLERK, debt["id"], paid_on=granted, receipt=f"DAM {debt['id']}")
            numbers.append(permit["order_number"])
    finally:
        close_database()
    return numbers


def _statuses(cli, db) -> list[str]:
    code, out, _ = cli("--db", db, "--json", "search", "Sá")
    assert code == 0
    return sorted(json.dumps(r, ensure_ascii=False) for r in json.loads(out))


def _backups(db) -> list[str]:
    from mototaxi_desk import config
    return sorted(p.name for p in (config.data_dir() / "backups").glob("*.db"))


def test_a_command_two_years_ahead_changes_nothing(cli, sqlite_db, clock_at, tmp_path):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    first = _seed(sqlite_db)[0]
    assert cli("--db", sqlite_db, "tick")[0] == 0
    out_pdf = tmp_path / "cartao.pdf"
    assert cli("--db", sqlite_db, "print", "card", str(first), "-o", str(out_pdf))[0] == 0
    card = pdf_tools.qr_texts(out_pdf.read_bytes(), 0, 300)[0]
    seen = _statuses(cli, sqlite_db)
    copies = _backups(sqlite_db)

    clock_at(AHEAD)
    code, _, err = cli("--db", sqlite_db, "search", "Sá")
    assert code == 0 and f"marca {AHEAD:%d/%m/%Y}" in err and f"{TODAY:%d/%m/%Y}" in err
    code, out, _ = cli("--db", sqlite_db, "tick")
    assert code == 0 and f"já atualizado até {TODAY:%d/%m/%Y}" in out
    code, _, err = cli("--db", sqlite_db, "print", "card", str(first), "-o",
                       str(tmp_path / "outro.pdf"))
    assert code == 1 and "somente para consulta" in err
    code, out, _ = cli("--db", sqlite_db, "verify", card)
    assert code == 0 and out.startswith("VÁLIDO")
    code, out, _ = cli("--db", sqlite_db, "--json", "clock", "status")
    status = json.loads(out)
    assert code == 0 and status["problem"] == "ahead" and not status["trusted"]
    for _ in range(3):
        assert cli("--db", sqlite_db, "search", "Sá")[0] == 0
    assert _backups(sqlite_db) == copies  # no copy named by the wrong clock

    clock_at(TODAY)
    assert _statuses(cli, sqlite_db) == seen
    code, out, err = cli("--db", sqlite_db, "check")
    assert code == 0 and "íntegro" in out, out + err
    assert cli("--db", sqlite_db, "verify", card)[0] == 0


def test_a_wrong_date_confirmed_by_an_admin_is_undone(cli, sqlite_db, clock_at, tmp_path,
                                                     monkeypatch):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    first = _seed(sqlite_db)[0]
    assert cli("--db", sqlite_db, "tick")[0] == 0
    out_pdf = tmp_path / "cartao.pdf"
    assert cli("--db", sqlite_db, "print", "card", str(first), "-o", str(out_pdf))[0] == 0
    card = pdf_tools.qr_texts(out_pdf.read_bytes(), 0, 300)[0]
    seen = _statuses(cli, sqlite_db)

    clock_at(AHEAD)
    code, out, err = cli("--db", sqlite_db, "clock", "confirm", f"{AHEAD:%d/%m/%Y}")
    assert code == 0 and "3 alteração(ões)" in out, err
    clock_at(TODAY)
    code, out, _ = cli("--db", sqlite_db, "verify", card)
    assert code == 1 and "vencida" in out  # the register (held at its day) says so
    code, _, err = cli("--db", sqlite_db, "search", "Sá")
    assert "já foi atualizado até" in err and "clock undo" in err
    monkeypatch.setenv("MOTOTAXI_USER", "ninguem")
    assert cli("--db", sqlite_db, "clock", "undo")[0] == 1
    monkeypatch.setenv("MOTOTAXI_USER", "admin")
    code, out, err = cli("--db", sqlite_db, "clock", "undo")
    assert code == 0 and f"Atualizações desfeitas: {AHEAD:%d/%m/%Y}" in out, err
    assert _statuses(cli, sqlite_db) == seen
    code, out, _ = cli("--db", sqlite_db, "verify", card)
    assert code == 0 and out.startswith("VÁLIDO")
    code, out, err = cli("--db", sqlite_db, "check")
    assert code == 0 and "íntegro" in out, out + err
    code, out, _ = cli("--db", sqlite_db, "--json", "clock", "status")
    assert json.loads(out)["trusted"] and json.loads(out)["register_day"] == f"{TODAY}"


def test_bad_clock_commands_are_refused_with_the_field_named(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, _, err = cli("--db", sqlite_db, "clock", "confirm", "31/02/2026")
    assert code == 1 and "Data de hoje" in err
    code, _, err = cli("--db", sqlite_db, "clock", "confirm", f"{TODAY:%d/%m/%Y}")
    assert code == 1 and "nada a confirmar" in err
    code, _, err = cli("--db", sqlite_db, "clock", "undo", "--to", "ontem")
    assert code == 1 and "Desfazer até" in err
    code, _, err = cli("--db", sqlite_db, "clock", "undo")
    assert code == 1 and "nada a desfazer" in err

"""The law's acts of issue 16 reached from the command line, on a database made by `init`:
`aux cassate` (the auxiliary's own credential, SRM Art. 38 IV and §3º, L1745 Art. 17 IV and
§2º; refused under PF, Art. 30), and the findings the daily passage of time acts on —
`stoppage` (PF Art. 12: reverts after 30 days) and `summon` (L1745 Art. 10 §ú) — each with
--json, a refusal and bad input that write nothing."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain import dates
from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import row_counts

TODAY = dt.date.today()
INITS = {
    "srm": ["init", "--profile", "sao-raimundo-das-mangabeiras-2019", "--municipio",
            "São Raimundo das Mangabeiras", "--uf", "MA", "--ibge", "2111102",
            "--population", "18540", "--fiscal-unit-value", "48,26", "--admin-password-stdin"],
    "pf": ["init", "--profile", "porto-feliz-2017", "--municipio", "Porto Feliz", "--uf", "SP",
           "--ibge", "3540606", "--population", "53000", "--fiscal-unit-value", "1,00",
           "--admin-password-stdin"],
    "l1745": ["init", "--profile", "lei-1745-2011", "--municipio", "Município da Lei",
              "--uf", "MG", "--ibge", "3100104", "--population", "59000",
              "--fiscal-unit-value", "50,00", "--admin-password-stdin"],
}


def _counts(url):
    """Rows per table, without the automatic copy's audit lines (a command makes one when it
    opens the database)."""
    from mototaxi_desk.store.models import AuditLog
    open_database(url)
    try:
        counts = row_counts()
        counts["AuditLog"] -= AuditLog.select().where(
            AuditLog.action.startswith("backup.")).count()
        return counts
    finally:
        close_database()


@pytest.fixture
def town(cli, migrated_db_url):
    """A município made by `init`, a holder with a permit (fees paid) and, where the law has
    auxiliary drivers with a cassation of their own, an auxiliary credentialed on it; then
    `prepare(seed)` (optional) and today's daily step."""
    db_url = migrated_db_url  # init only sets the scene here
    def make(profile, prepare=None):
        code, _, err = cli("--db", db_url, *INITS[profile])
        assert code == 0, err
        from mototaxi_desk.services.licensing import auxiliary
        from mototaxi_desk.services.payments import fees
        from mototaxi_desk.services import setup
        from mototaxi_desk.store.models import Person

        from .factories import CLERK, SUPERVISOR, make_person
        from .services.ledger_helpers import holder_permit
        open_database(db_url)
        try:
            holder, permit = holder_permit(on=TODAY - dt.timedelta(days=60))
            seed = {"permit": str(permit["order_number"]), "permit_id": permit["id"],
                    "holder_id": holder["id"]}
            if setup.profile().auxiliary.cassation_article:
                helper = make_person("Auxiliar Costa", today=TODAY)
                for debt in fees.open_debts(holder["id"]):
                    fees.pay(CLERK, debt["id"], paid_on=TODAY, receipt="DAM 1")
                aux = auxiliary.credential(SUPERVISOR, permit["id"], helper["id"], on=TODAY)
                seed.update(credential=str(aux["id"]), helper_id=helper["id"],
                            helper_cpf=Person.get_by_id(helper["id"]).cpf)
            if prepare is not None:  # facts the first step of today must find
                prepare(seed)
        finally:
            close_database()
        assert cli("--db", db_url, "tick")[0] == 0  # today's step done: not the act's rows
        return seed
    return make


def test_aux_cassate_bars_the_auxiliary_not_the_holder_srm_art_38_iv_par_3(cli, db_url, town):
    """SRM Art. 38 IV: the auxiliary's own credential is cassated; §3º: he may get another
    only after 2 years. The holder is not barred (Art. 38 §1º bars a cassated holder)."""
    seed = town("srm")
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "aux", "cassate", seed["credential"], "--reason",
                         "Art. 38 IV", "--act", "Portaria 9/2026", "--preview")
    assert code == 0 and "Art. 38 IV; §3º" in out and "após 2 anos" in out, err
    assert "Credencial de condutor auxiliar cassada: Auxiliar Costa" in out
    assert _counts(db_url) == before  # the preview wrote nothing
    code, out, err = cli("--db", db_url, "--json", "aux", "cassate", seed["credential"],
                         "--reason", "Art. 38 IV", "--act", "Portaria 9/2026")
    assert code == 0, err
    result = json.loads(out)["result"]
    assert result["article"] == "Art. 38 IV; §3º" and result["barred"]
    assert result["barred_until"] == f"{dates.add_years(TODAY, 2)}"
    assert not result["active"]
    code, out, _ = cli("--db", db_url, "aux", "list", seed["permit"])
    assert "Nenhuma credencial" in out
    # barred from a new credential: the same person again is refused with §3º
    code, _, err = cli("--db", db_url, "aux", "issue", seed["permit"], seed["helper_cpf"])
    assert code == 1 and "Art. 38 IV; §3º" in err
    from mototaxi_desk.store.models import PersonBar
    open_database(db_url)
    try:
        assert [b.person_id for b in PersonBar.select()] == [seed["helper_id"]]
    finally:
        close_database()


def test_aux_cassate_refused_and_bad_input_write_nothing(cli, db_url, town):
    """A cassation needs its reason; a credential that does not exist or is already ended is
    named; nothing is written."""
    seed = town("srm")
    before = _counts(db_url)
    for args, words in (
            (["aux", "cassate", seed["credential"], "--reason", " "], "Motivo da cassação"),
            (["aux", "cassate", "77", "--reason", "x"], "credenciamento nº 77"),
            (["aux", "cassate", "abc", "--reason", "x"], "Nº da credencial"),
            (["aux", "cassate", seed["credential"], "--reason", "x", "--date", "31/02/2026"],
             "Data da cassação")):
        code, _, err = cli("--db", db_url, *args)
        assert code == 1 and words in err and err.startswith("Erro:"), (args, err)
    assert _counts(db_url) == before
    code, _, err = cli("--db", db_url, "aux", "cassate", seed["credential"], "--reason")
    assert code == 2  # usage: the reason is required


def test_pf_has_no_auxiliary_cassation_art_30(cli, db_url, town):
    """PF Art. 30: the holder answers for his prepostos; the law punishes him, not the
    preposto's registration — the command is refused with the article, nothing written."""
    town("pf")
    before = _counts(db_url)
    code, _, err = cli("--db", db_url, "aux", "cassate", "1", "--reason", "x")
    assert code == 1 and "não prevê a cassação do credenciamento" in err
    assert _counts(db_url) == before


def test_pf_stoppage_reverts_after_30_days_art_12(cli, db_url, town):
    """PF Art. 12: a service interrupted without authorisation for more than 30 consecutive
    days reverts: the command says on which day, --json gives it, and a date in the future
    or a permit that does not exist writes nothing."""
    seed = town("pf")
    since = TODAY - dt.timedelta(days=5)
    before = _counts(db_url)
    for args, words in ((["--since", f"{TODAY + dt.timedelta(days=1):%d/%m/%Y}"],
                         "Serviço interrompido desde"),
                        (["--since", "32/01/2026"], "Serviço interrompido desde")):
        code, _, err = cli("--db", db_url, "stoppage", seed["permit"], *args)
        assert code == 1 and words in err, err
    code, _, err = cli("--db", db_url, "stoppage", "77", "--since", f"{since:%d/%m/%Y}")
    assert code == 1 and "77" in err
    assert _counts(db_url) == before
    code, out, err = cli("--db", db_url, "--json", "stoppage", seed["permit"], "--since",
                         f"{since:%d/%m/%Y}", "--reason", "Ponto vazio")
    assert code == 0, err
    data = json.loads(out)
    assert data["status"] == "interrupted" and data["article"] == "Art. 12"
    assert data["reverts_on"] == f"{since + dt.timedelta(days=30)}"
    # a second finding on an interrupted permit is refused by its status
    code, _, err = cli("--db", db_url, "stoppage", seed["permit"], "--since",
                       f"{since:%d/%m/%Y}")
    assert code == 1 and "interrompida" in err


def test_l1745_summon_then_missed_proposes_cassation_art_10_par_u(cli, db_url, town):
    """L1745 Art. 10: a summons to present the vehicle by a deadline; §ú: missed, the
    cassation is due — the alerts say so after the daily step passes the deadline."""
    seed = town("l1745")
    before = _counts(db_url)
    for deadline in (f"{TODAY:%d/%m/%Y}", "30/02/2026"):  # the deadline is after today
        code, _, err = cli("--db", db_url, "summon", seed["permit"], "--deadline", deadline)
        assert code == 1 and "Prazo para apresentar o veículo" in err, err
    assert _counts(db_url) == before
    deadline = TODAY + dt.timedelta(days=10)
    code, out, err = cli("--db", db_url, "--json", "summon", seed["permit"], "--deadline",
                         f"{deadline:%d/%m/%Y}", "--act", "Intimação 3/2026")
    assert code == 0, err
    data = json.loads(out)
    assert data["status"] == "open" and data["article"] == "Art. 10"
    code, _, err = cli("--db", db_url, "summon", seed["permit"], "--deadline",
                       f"{deadline:%d/%m/%Y}")
    assert code == 1 and "já tem intimação" in err


def test_settings_tariff_history_json_and_bad_input_pf_art_32(cli, db_url):
    """PF Art. 32: fines are multiples of the initial tariff in force on the infraction's
    day — `settings tariff DATA VALOR --act` adds a value from its date (admin, like the
    fiscal unit); --json lists the history; a bad date or value is named, nothing written."""
    assert cli("--db", db_url, *INITS["pf"])[0] == 0
    assert cli("--db", db_url, "tick")[0] == 0
    before = _counts(db_url)
    for args, words in ((["31/02/2026", "6,00"], "Vigência da tarifa"),
                        (["01/07/2026", "seis"], "Tarifa inicial"),
                        (["01/07/2026", "0,00"], "Tarifa inicial")):
        code, _, err = cli("--db", db_url, "settings", "tariff", *args)
        assert code == 1 and words in err and err.startswith("Erro:"), (args, err)
    assert _counts(db_url) == before
    code, out, err = cli("--db", db_url, "--json", "settings", "tariff", "01/07/2026", "6,50",
                         "--act", "Decreto 40/2026")
    assert code == 0, err
    tariffs = json.loads(out)["tariffs"]
    assert ("2026-07-01", 650, "Decreto 40/2026") in [
        (t["effective_on"], t["value_cents"], t["act_number"]) for t in tariffs]
    after = _counts(db_url)
    assert after["TariffValue"] == before["TariffValue"] + 1


def test_waiting_list_shows_the_weighted_infractions_l1745_art_12_par_2_i(cli, db_url):
    """L1745 Art. 12 §2º I: `waiting list` prints each applicant's ranking criteria, the
    infractions per year weighted by gravity (from the ledger) among them; --json has them."""
    assert cli("--db", db_url, *INITS["l1745"])[0] == 0
    from mototaxi_desk.services import ledger
    from mototaxi_desk.services.licensing import waiting_list

    from .factories import CLERK, make_person
    from .services.ledger_helpers import FISCAL
    open_database(db_url)
    try:
        fined = make_person("Multado Duas Vezes", today=TODAY)
        clean = make_person("Sem Multa", today=TODAY)
        for person in (fined, clean):
            waiting_list.enrol(CLERK, person["id"], on=TODAY, seniority_years=5)
        when = TODAY - dt.timedelta(days=3)
        for hour in (9, 11):
            ledger.record_notice(FISCAL, {
                "holder_id": fined["id"], "infraction_code": "2-2-V",
                "occurred_at": f"{when:%d/%m/%Y} {hour}:00", "place": "Centro",
                "agent_name": "Antônio Fiscal", "agent_registration": "M1",
                "plate": "ABC1D23", "fine_units": "10"}, on=TODAY)
    finally:
        close_database()
    code, out, err = cli("--db", db_url, "waiting", "list")
    assert code == 0, err
    lines = out.splitlines()
    assert "1º" in lines[0] and "Sem Multa" in lines[0]
    assert "anos de serviço 5; infrações por ano (ponderadas) 0" in lines[0]
    assert "Multado Duas Vezes" in lines[1] and "infrações por ano (ponderadas) 1,2" in lines[1]
    code, out, _ = cli("--db", db_url, "--json", "waiting", "list")
    from decimal import Decimal
    assert [Decimal(str(e["weighted_infractions"])) for e in json.loads(out)["waiting"]] == \
        [0, Decimal("1.2")]


def test_permit_transfer_with_a_relatives_vehicle_owner_relation(cli, db_url, town,
                                                                 monkeypatch):
    """Where the law accepts the spouse's or a relative's vehicle (vehicle.owner_rule
    "holder_or_family", the profile's article): `permit transfer --owner-relation` declares
    the relation; without it, or with a relation beyond the 2nd degree, refused with nothing
    written; the codes in the help are the domain's."""
    import dataclasses

    from mototaxi_desk.domain.vehicle_rules import FAMILY_RELATIONS
    from mototaxi_desk.services import setup
    from mototaxi_desk.store.models import Permit, Person, Vehicle

    from .factories import make_person, make_vehicle
    seed = town("srm")
    original = setup.profile

    def family(*args, **kwargs):
        profile = original(*args, **kwargs)
        return dataclasses.replace(profile, vehicle=dataclasses.replace(
            profile.vehicle, owner_rule="holder_or_family", owner_article="Art. 99"))
    monkeypatch.setattr(setup, "profile", family)
    open_database(db_url)
    try:
        Permit.update(held_since=dates.add_years(TODAY, -4)).where(
            Permit.id == seed["permit_id"]).execute()
        from mototaxi_desk.services.payments import fees

        from .factories import CLERK
        for debt in fees.open_debts(seed["holder_id"]):  # the auxiliary's card (Art. 50)
            fees.pay(CLERK, debt["id"], paid_on=TODAY, receipt="DAM 2")
        new = make_person("Nova Titular", today=TODAY)
        brother = make_person("Irmão Da Nova", today=TODAY)
        vehicle = make_vehicle(brother["id"], today=TODAY)
        cpf = Person.get_by_id(new["id"]).cpf
        plate = Vehicle.get_by_id(vehicle["id"]).plate_original
    finally:
        close_database()
    before = _counts(db_url)
    args = ["permit", "transfer", seed["permit"], "--to", cpf, "--vehicle", plate, "--act",
            "Portaria 7/2026"]
    code, _, err = cli("--db", db_url, *args)
    assert code == 1 and "informe o parentesco" in err and "Art. 99" in err
    code, _, err = cli("--db", db_url, *args, "--owner-relation", "primo")
    assert code == 1 and "Parentesco do proprietário" in err
    assert _counts(db_url) == before
    code, out, err = cli("--db", db_url, "--json", *args, "--owner-relation", "irmao")
    assert code == 0, err
    assert json.loads(out)["result"]["holder_name"] == "Nova Titular"
    open_database(db_url)
    try:
        row = Permit.get_by_id(seed["permit_id"])
        assert (row.holder_id, row.vehicle_id) == (new["id"], vehicle["id"])
    finally:
        close_database()
    code, out, _ = cli("permit", "transfer", "--help")
    assert ", ".join(FAMILY_RELATIONS) in " ".join(out.split())


def test_l1745_missed_summons_alert_then_cassation_by_decree_art_10_par_u(cli, db_url, town):
    """L1745 Art. 10 §ú from the command line: a summons whose deadline passed without the
    vehicle is found missed by `tick` (listed), `alerts` proposes the cassation (§ú), and
    `permit cassate --ground 10-pu` decrees it (Art. 18); the proposal then leaves the
    alerts. Without the act number the decree is refused with nothing written."""
    from mototaxi_desk.services.licensing import summons

    from .factories import SUPERVISOR
    seed = town("l1745", prepare=lambda seed: summons.summon(
        SUPERVISOR, seed["permit_id"], deadline=TODAY - dt.timedelta(days=5),
        on=TODAY - dt.timedelta(days=20), act_number="Intimação 2/2026"))
    code, out, err = cli("--db", db_url, "tick")  # the day's list: the summons missed
    assert code == 0 and "Intimação para vistoria descumprida" in out, err
    code, out, _ = cli("--db", db_url, "--json", "alerts")
    [alert] = [a for a in json.loads(out) if a["kind"] == "summons_missed"]
    assert alert["article"] == "Art. 10 §ú" and alert["urgency"] == "overdue"
    before = _counts(db_url)
    code, _, err = cli("--db", db_url, "permit", "cassate", seed["permit"], "--ground",
                       "10-pu", "--reason", "Não apresentou o veículo", "--act", " ")
    assert code == 1 and "Nº do ato" in err
    assert _counts(db_url) == before
    code, out, err = cli("--db", db_url, "permit", "cassate", seed["permit"], "--ground",
                         "10-pu", "--reason", "Não apresentou o veículo",
                         "--act", "Decreto 31/2026")
    assert code == 0 and "Art. 10 §ú" in out, err
    code, out, _ = cli("--db", db_url, "--json", "alerts")
    assert not [a for a in json.loads(out) if a["kind"] == "summons_missed"]


def test_stoppage_and_summon_previews_and_the_law_that_has_neither(cli, db_url, town):
    """The findings as the menu does them: --preview shows the rule (L1745 Art. 10 and §ú)
    and what changes, writing nothing; L1745 has no interruption of service, so `stoppage`
    is refused with its law (as the menu does not offer it) — nothing written."""
    seed = town("l1745")
    before = _counts(db_url)
    deadline = TODAY + dt.timedelta(days=10)
    code, out, err = cli("--db", db_url, "summon", seed["permit"], "--deadline",
                         f"{deadline:%d/%m/%Y}", "--preview")
    assert code == 0, err
    assert "Art. 10 §ú" in out and f"Intimado(a) a apresentar o veículo à vistoria até " \
        f"{deadline:%d/%m/%Y}" in out
    code, _, err = cli("--db", db_url, "stoppage", seed["permit"], "--since",
                       f"{TODAY:%d/%m/%Y}")
    assert code == 1 and "não trata da interrupção do serviço sem autorização" in err
    assert _counts(db_url) == before


def test_pf_stoppage_preview_names_the_reversion_art_12(cli, db_url, town):
    seed = town("pf")
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "stoppage", seed["permit"], "--since",
                         f"{TODAY - dt.timedelta(days=3):%d/%m/%Y}", "--preview")
    assert code == 0, err
    assert "mais de 30 dias consecutivos" in out and "Ativa → Interrompida" in out
    assert _counts(db_url) == before

"""`mototaxi-desk permit ...` and `aux ...` on a database made by `init`, on SQLite and
PostgreSQL: the same law and refusals as the prontuário's menu, exit 0 / 1 (refused, one line
on stderr, nothing written) / 2 (usage), --preview writes nothing, --json, the documents."""
import datetime as dt
import json
import os
import sys

import pytest

from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import row_counts
from .printing import pdf_tools

INITS = {
    "srm": ["init", "--profile", "sao-raimundo-das-mangabeiras-2019", "--municipio",
            "São Raimundo das Mangabeiras", "--uf", "MA", "--ibge", "2111102",
            "--population", "18540", "--fiscal-unit-value", "48,26", "--admin-password-stdin"],
    "l1745": ["init", "--profile", "lei-1745-2011", "--municipio", "Município da Lei",
              "--uf", "MG", "--ibge", "3100104", "--population", "59000",
              "--fiscal-unit-value", "50,00", "--admin-password-stdin"],
}


def _seed(url, *, held_years=4):
    """A holder with a permit (fees paid, held for some years), a newcomer with CNH and
    vehicle, and a third person with CNH — through the services, as the counter made them."""
    from mototaxi_desk.services.payments import fees
    from mototaxi_desk.store.models import Permit

    from .factories import CLERK, make_person, make_vehicle
    from .services.ledger_helpers import holder_permit
    today = dt.date.today()
    open_database(url)
    try:
        holder, permit = holder_permit(on=today)
        Permit.update(held_since=today.replace(year=today.year - held_years)).where(
            Permit.id == permit["id"]).execute()
        new = make_person("Nova Titular Sá", today=today)
        vehicle = make_vehicle(new["id"], year=today.year - 1, today=today)
        helper = make_person("Auxiliar Costa", today=today)
        for debt in fees.open_debts(holder["id"]):
            fees.pay(CLERK, debt["id"], paid_on=today, receipt="DAM 1")
        from mototaxi_desk.store.models import Person, Vehicle
        return {"permit": str(permit["order_number"]), "permit_id": permit["id"],
                "new_cpf": Person.get_by_id(new["id"]).cpf,
                "plate": Vehicle.get_by_id(vehicle["id"]).plate_original,
                "helper_cpf": Person.get_by_id(helper["id"]).cpf}
    finally:
        close_database()


def _counts(url):
    """Rows per table; the audit entries of the automatic copy a command makes on opening
    the database (backup.create) are not the act's."""
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
    db_url = migrated_db_url  # init only sets the scene here

    def make(profile="srm"):
        code, _, err = cli("--db", db_url, *INITS[profile])
        assert code == 0, err
        seeded = _seed(db_url)
        assert cli("--db", db_url, "tick")[0] == 0  # the day's passage of time, as on any open
        return seeded
    return make


def test_transfer_preview_then_act_with_termo_srm_art_4_par_9(cli, db_url, town, tmp_path):
    seed = town()
    args = ["--db", db_url, "permit", "transfer", seed["permit"], "--to", seed["new_cpf"],
            "--vehicle", seed["plate"], "--act", "Portaria 7/2026"]
    before = _counts(db_url)
    code, out, err = cli(*args, "--preview")
    assert code == 0, err
    assert "Consequência: Permissionário: Raimundo Nonato Sá → Nova Titular Sá" in out
    assert "impedido(a) de nova outorga" in out and "15 UFM, Art. 47 IX" in out
    assert _counts(db_url) == before
    termo = tmp_path / "termo.pdf"
    code, out, err = cli(*args, "--pdf", str(termo), "--json")
    assert code == 0, err
    result = json.loads(out)["result"]
    assert result["holder_name"] == "Nova Titular Sá" and result["order_text"] == "0001"
    text = pdf_tools.text(termo.read_bytes())
    assert "TERMO DE TRANSFERÊNCIA" in text and "Raimundo Nonato Sá" in text
    code, out, _ = cli("--db", db_url, "--json", "permit", "acts", seed["permit"])
    acts = json.loads(out)
    assert code == 0 and acts[0]["label"] == "Termo de transferência"
    code, out, _ = cli("--db", db_url, "permit", "print-act", str(acts[0]["id"]), "-o",
                       str(tmp_path / "de-novo.pdf"))
    assert code == 0 and "2ª via" in out


def test_interruption_over_30_days_refused_srm_art_29(cli, db_url, town):
    seed = town()
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "permit", "interrupt", seed["permit"], "--days", "31")
    assert code == 1 and "máximo de 30" in err and "Art. 29" in err
    assert len(err.strip().splitlines()) == 1 and _counts(db_url) == before
    code, out, err = cli("--db", db_url, "permit", "interrupt", seed["permit"], "--days", "10",
                         "--act", "Portaria 9/2026", "--reason", "Cirurgia")
    assert code == 0 and "interrompida até" in out, err
    code, out, err = cli("--db", db_url, "permit", "resume", seed["permit"])
    assert code == 0 and "Ativa" in out, err


def test_sanctions_by_decision_srm_art_38_iii(cli, db_url, town, tmp_path):
    seed = town()
    code, out, _ = cli("--db", db_url, "permit", "grounds")
    assert code == 0 and "38-III-b" in out and "29-pu" in out
    assert "suspend: A lei do município não prevê suspensão" in out  # SRM Art. 38 I: by count
    before = _counts(db_url)
    base = ["--db", db_url, "permit", "cassate", seed["permit"], "--reason", "Condenação"]
    assert cli(*base, "--ground", "38-III-b")[0] == 2  # no --act: usage error
    code, _, err = cli(*base, "--ground", "38-III-z", "--act", "Decreto 1/2026")
    assert code == 1 and "Fundamento" in err
    code, _, err = cli("--db", db_url, "permit", "suspend", seed["permit"], "--ground", "x",
                       "--reason", "x", "--act", "x", "--days", "5")
    assert code == 1 and "Art. 38 I" in err
    assert _counts(db_url) == before
    notice = tmp_path / "notificacao.pdf"
    code, out, err = cli(*base, "--ground", "38-III-b", "--act", "Decreto 1/2026", "--pdf",
                         str(notice))
    assert code == 0 and "Cassação da permissão aplicada" in out, err
    assert "Recebi esta notificação" in pdf_tools.text(notice.read_bytes())
    code, out, err = cli("--db", db_url, "permit", "reinstate", seed["permit"], "--reason",
                         "Recurso acolhido", "--act", "Decreto 2/2026")
    assert code == 0 and "Ativa" in out, err


def test_auxiliary_issue_renew_end_with_card_srm_arts_21_23(cli, db_url, town, tmp_path):
    seed = town()
    card = tmp_path / "aux.pdf"
    code, out, err = cli("--db", db_url, "aux", "issue", seed["permit"], seed["helper_cpf"],
                         "--card", str(card))
    assert code == 0 and "Auxiliar Costa" in out and "válida até" in out, err
    assert pdf_tools.page_sizes_mm(card.read_bytes()) == [(85.6, 53.98)] * 2
    code, out, _ = cli("--db", db_url, "--json", "aux", "list", seed["permit"])
    credential = json.loads(out)[0]["id"]
    # a second one on the same vehicle: SRM Art. 23 III, one per vehicle
    code, _, err = cli("--db", db_url, "aux", "issue", seed["permit"], seed["new_cpf"])
    assert code == 1 and "Art. 23 III" in err
    # the renewal's card fee (Art. 47 II) of the first credential is still open: Art. 50
    code, _, err = cli("--db", db_url, "aux", "renew", str(credential))
    assert code == 1 and "Art. 50" in err
    code, out, err = cli("--db", db_url, "aux", "end", str(credential), "--reason",
                         "Dispensado")
    assert code == 0 and "encerrada" in out, err
    code, out, _ = cli("--db", db_url, "aux", "list", seed["permit"])
    assert "Nenhuma credencial" in out


def test_l1745_has_no_desistance_nor_interruption(cli, db_url, town):
    seed = town("l1745")
    before = _counts(db_url)
    code, _, err = cli("--db", db_url, "permit", "desist", seed["permit"])
    assert code == 1 and "não prevê desistência" in err
    code, _, err = cli("--db", db_url, "permit", "interrupt", seed["permit"], "--days", "5")
    assert code == 1 and "não prevê interrupção" in err
    code, _, err = cli("--db", db_url, "permit", "suspend", seed["permit"], "--ground", "17",
                       "--reason", "Tarifa", "--act", "Portaria 1/2026", "--days", "31",
                       "--preview")
    assert code == 1 and "máximo de 30 dias" in err and "Art. 17 §3º" in err
    assert _counts(db_url) == before


def test_bad_input_names_the_field(cli, db_url, town):
    seed = town()
    before = _counts(db_url)
    for args, words in ((["permit", "interrupt", seed["permit"], "--days", "muitos"], "Dias"),
                        (["permit", "transfer", "abc", "--to", "1", "--vehicle", "x"],
                         "Nº da permissão"),
                        (["permit", "transfer", seed["permit"], "--to", "123", "--vehicle",
                          seed["plate"]], "CPF"),
                        (["permit", "resume", seed["permit"], "--date", "31/02/2026"], "Data"),
                        (["aux", "end", "77", "--reason", "x"], "credenciamento nº 77")):
        code, _, err = cli("--db", db_url, *args)
        assert code == 1 and words in err and err.startswith("Erro:"), (args, err)
    assert _counts(db_url) == before


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs: POSIX")
def test_an_act_whose_pdf_cannot_be_a_file_is_not_done(cli, db_url, town, tmp_path):
    """Issue 34: the output is checked before the act, so `--pdf` naming a FIFO (or a
    device, a link, a folder) refuses the transfer itself, not only its termo."""
    seed = town()
    fifo = tmp_path / "termo.pdf"
    os.mkfifo(fifo)
    before = _counts(db_url)
    code, out, err = cli("--db", db_url, "permit", "transfer", seed["permit"], "--to",
                         seed["new_cpf"], "--vehicle", seed["plate"], "--act", "Portaria 7/2026",
                         "--pdf", str(fifo))
    assert (code, out) == (1, "")
    assert err == f"Erro: Não foi possível gravar {fifo}: é um canal (FIFO), não um arquivo " \
                  "comum. Nada foi gravado; escolha um arquivo comum.\n"
    assert _counts(db_url) == before

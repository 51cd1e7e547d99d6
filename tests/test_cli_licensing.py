"""`application`, `permit grant|renew`, `vehicle`, `inspection`, `notice`, `sanction` and
`guia pay` (issue 15 item 5) on a database made by `init`, on SQLite and PostgreSQL: each
refuses as the window does, in one line on stderr citing the article, exit 1, and writes
nothing (row counts); usage errors exit 2; --json."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from validate_docbr import CPF, RENAVAM

from mototaxi_desk.domain.money import format_money
from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import row_counts
from .test_cli_permit_acts import INITS

TODAY = dt.date.today()


def _counts(url):
    """Rows per table; the automatic copy's audit entry (backup.create) is not the act's."""
    from mototaxi_desk.store.models import AuditLog
    open_database(url)
    try:
        counts = row_counts()
        counts["AuditLog"] -= AuditLog.select().where(
            AuditLog.action.startswith("backup.")).count()
        return counts
    finally:
        close_database()


class Cli:
    def __init__(self, cli, url):
        self.cli, self.url = cli, url

    def ok(self, *args):
        code, out, err = self.cli("--db", self.url, *args, "--json")
        assert code == 0, (args, err)
        return json.loads(out)

    def refused(self, *args, match: str) -> str:
        before = _counts(self.url)
        code, out, err = self.cli("--db", self.url, *args)
        assert code == 1, (args, out, err)
        assert match in err and len(err.strip().splitlines()) == 1, err
        assert _counts(self.url) == before, "a refused command wrote"
        return err


def _seed(url, *, cnh=True, pay=True, year=None):
    """A holder with a permit (made through the services, as the counter made it), his card
    fee paid or not, and a newcomer with or without CNH."""
    from mototaxi_desk.services.payments import fees
    from mototaxi_desk.store.models import Person

    from .factories import CLERK, make_person
    from .services.ledger_helpers import holder_permit
    open_database(url)
    try:
        holder, permit = holder_permit(on=TODAY)  # its card fee paid
        if not pay:  # the vistoria fee still open (SRM Art. 47 III)
            fees.charge(CLERK, holder["id"], "inspection", on=TODAY, permit_id=permit["id"])
        new = make_person("Nova Requerente Sá", cnh=cnh, today=TODAY)
        return {"permit": str(permit["order_number"]), "plate": permit["plate"],
                "cpf": Person.get_by_id(holder["id"]).cpf,
                "new_cpf": Person.get_by_id(new["id"]).cpf}
    finally:
        close_database()


@pytest.fixture
def town(cli, migrated_db_url):
    db_url = migrated_db_url  # init only sets the scene here

    def make(profile="srm", **seed):
        code, _, err = cli("--db", db_url, *INITS[profile])
        assert code == 0, err
        seeded = _seed(db_url, **seed)
        assert cli("--db", db_url, "stand", "list")[0] == 0  # today's tick is done
        return Cli(cli, db_url), seeded
    return make


def _vehicle_args(cpf, plate, year, chassis="9C2KC000000099999"):
    return ["vehicle", "add", cpf, "--plate", plate, "--renavam", RENAVAM().generate(),
            "--chassis", chassis, "--make", "Honda", "--model", "CG 160",
            "--year", str(year), "--cc", "160", "--insurer", "Seguradora", "--policy", "AP-1",
            "--cover", "20.000,00", "--insurance-expiry",
            (TODAY + dt.timedelta(days=300)).strftime("%d/%m/%Y")]


def test_application_file_refused_while_debts_are_open_srm_art_50(town):
    run, seed = town(pay=False)  # the card fee of the grant is still open
    run.refused("application", "file", seed["cpf"], "--type", "renewal", "--permit",
                seed["permit"], match="(Art. 50)")
    run.refused("application", "file", seed["new_cpf"], "--type", "new_permit", "--received",
                "cnh,carteirinha", match="Documento: 'carteirinha' não faz parte")
    run.refused("application", "file", seed["new_cpf"], "--type", "alvara",
                match="Tipo de requerimento")
    run.refused("application", "file", CPF().generate(), "--type", "new_permit",
                match="não está cadastrado")
    app = run.ok("application", "file", seed["new_cpf"], "--type", "new_permit",
                 "--received", "cnh,fotografias", "--notes", "trouxe o resto amanhã")
    assert app["protocol"] == f"{TODAY.year}/000001"
    assert {c["code"] for c in app["checklist"] if c["received"]} == {"cnh", "fotografias"}
    code, _, _ = run.cli("--db", run.url, "application", "file", seed["new_cpf"])
    assert code == 2  # --type is required


def test_application_deferred_only_with_every_mandatory_document_srm_art_20(town):
    run, seed = town()
    app = run.ok("application", "file", seed["new_cpf"], "--type", "new_permit")
    protocol = app["protocol"]
    err = run.refused("application", "decide", protocol, "deferido",
                      match="documento(s) obrigatório(s)")
    assert "(Art. 20)" in err
    run.refused("application", "move", protocol, "pendente", match="Motivo")
    run.refused("application", "receive", protocol, "nada", match="'nada' não faz parte")
    run.refused("application", "show", "2026-1", match="AAAA/NNNNNN")
    assert run.ok("application", "move", protocol, "pendente", "--reason",
                  "falta a certidão")["status"] == "pendente"
    assert run.ok("application", "receive", protocol, "--all")["status"] == "pendente"
    decided = run.ok("application", "decide", protocol, "deferido")
    assert decided["status"] == "deferido" and decided["decided_at"]
    run.refused("application", "decide", protocol, "indeferido", "--reason", "x",
                match="não é possível passar de 'Deferido'")
    shown = run.ok("application", "show", protocol)
    assert [h["to"] for h in shown["history"]] == ["protocolado", "pendente", "deferido"]
    assert [a["protocol"] for a in run.ok("application", "list", "--cpf",
                                          seed["new_cpf"])] == [protocol]
    types = run.ok("application", "types", "new_permit")
    assert types[0]["article"] == "Art. 20" and len(types[0]["checklist"]) > 10


def test_grant_refused_without_cnh_srm_art_20_and_old_vehicle_art_19(town):
    run, seed = town(cnh=False)
    app = run.ok("application", "file", seed["new_cpf"], "--type", "new_permit",
                 "--received", "all")
    # what would stop the grant is said at once, as the wizard says it when the person
    # is chosen
    assert any("CNH" in b and "(Art. 20)" in b for b in app["blockers"]), app["blockers"]
    run.ok("application", "decide", app["protocol"], "deferido")
    old = run.ok(*_vehicle_args(seed["new_cpf"], "OLD1A23", TODAY.year - 8))
    assert any("Art. 19" in w for w in old["warnings"])  # registered, says why it cannot serve
    err = run.refused("permit", "grant", app["protocol"], "--vehicle", "OLD-1023",
                      match="(Art. 20)")
    assert "CNH" in err
    run.refused("permit", "grant", app["protocol"], "--vehicle", "ZZZ9Z99",
                match="Placa")
    run.refused("permit", "grant", "2026/000099", "--vehicle", "OLD1A23", match="não existe")


def test_vehicle_add_names_the_bad_field_and_writes_nothing(town):
    run, seed = town()
    args = _vehicle_args(seed["new_cpf"], "NEW1B23", TODAY.year - 1)
    bad = list(args)
    bad[bad.index("--renavam") + 1] = "12345678901"
    run.refused(*bad, match="RENAVAM")
    bad = list(args)
    bad[bad.index("--year") + 1] = str(TODAY.year + 2)
    run.refused(*bad, match="Ano de fabricação")
    new = run.ok(*args)
    assert new["plate_original"] == "NEW1B23" and new["warnings"] == []
    run.refused(*args, match="já está cadastrada no veículo NEW1B23")
    assert run.ok("vehicle", "show", "new-1123")["id"] == new["id"]  # either plate format
    code, _, _ = run.cli("--db", run.url, "vehicle", "add", seed["new_cpf"], "--plate", "X")
    assert code == 2


def test_inspection_refused_while_the_holder_owes_srm_art_17_par_1(town):
    run, seed = town(pay=False)
    run.refused("inspection", "record", seed["plate"], "--kind", "annual",
                match="(Art. 17 §1º)")
    run.refused("inspection", "record", seed["plate"], "--kind", "annual", "--fail", "asa",
                match="Itens da vistoria")
    run.ok("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 9")
    items = run.ok("inspection", "items", "--kind", "annual")["annual"]
    failed = run.ok("inspection", "record", seed["plate"], "--kind", "annual",
                    "--fail", items[0]["code"], "--notes", "sem alça")
    assert not failed["approved"] and failed["failed_items"] == [items[0]["code"]]
    run.ok("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 10")  # this vistoria's fee
    passed = run.ok("inspection", "record", seed["plate"], "--kind", "annual")
    assert passed["approved"] and passed["sticker_serial"] == f"{TODAY.year}-000001"


def test_notice_fine_in_the_range_of_l1745_art_17_ii(town):
    run, seed = town("l1745")
    args = ["notice", "record", "--permit", seed["permit"], "--infraction", "2-2-IV",
            "--at", TODAY.strftime("%d/%m/%Y 09:15"), "--place", "Av. Central",
            "--agent", "José Fiscal Souza", "--registration", "M-1"]
    err = run.refused(*args, "--fine-units", "25", match="Valor da multa")
    assert "(Art. 17 II)" in err
    run.refused(*args[:4], "--infraction", "99-X", *args[6:], "--fine-units", "10",
                match="não consta do catálogo")
    run.refused(*args[:6], "--at", "31/02/2026 10:00", *args[8:], "--fine-units", "10",
                match="Data e hora da infração")
    notice = run.ok(*args, "--fine-units", "12")
    assert notice["number"] == f"00001/{TODAY.year}"
    assert notice["fine_units"] == "12"  # not "12.0000" (PostgreSQL's NUMERIC scale)
    codes = [i["code"] for i in run.ok("notice", "infractions", "alvará")]
    assert "8-3" in codes and "2-2-IV" not in codes


def test_sanction_applied_only_after_the_defence_term_srm_art_35(town):
    run, seed = town()
    for hour in ("08", "09", "10"):  # 3 infractions: suspension for 2 months (Art. 38 I)
        run.ok("notice", "record", "--permit", seed["permit"], "--infraction", "36-II",
               "--at", TODAY.strftime(f"%d/%m/%Y {hour}:00"), "--place", "Praça",
               "--agent", "José Fiscal Souza", "--registration", "M-2", "--signed")
    proposals = run.ok("sanction", "list", seed["permit"])
    assert [p["article"] for p in proposals] == ["Art. 38 I"] and not proposals[0]["ready"]
    err = run.refused("sanction", "apply", seed["permit"], proposals[0]["rule_key"],
                      "--act", "Portaria 3", match="depois do contraditório")
    assert "(Art. 35 §1º)" in err
    run.refused("sanction", "apply", seed["permit"], "nenhuma", match="Nenhuma sanção")


def test_renewal_refused_before_its_window_srm_art_51(town):
    run, seed = town()
    err = run.refused("permit", "renew", seed["permit"], match="Renovação só pode ser pedida")
    assert "Art." in err
    run.refused("permit", "renew", "999", match="não existe")


def test_guia_pay_whole_debts_only(town):
    run, seed = town(pay=False)
    run.refused("guia", "pay", seed["cpf"], "--charge", "77", "--receipt", "X",
                match="Débito: não é um débito em aberto")
    run.refused("guia", "pay", seed["cpf"], "--all", "--receipt", " ",
                match="Nº do recibo")
    paid = run.ok("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 5")
    assert [d["label"] for d in paid] == ["Vistoria veicular"]
    run.refused("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 6",
                match="não tem débitos em aberto")


def test_guia_pay_a_fine_and_all_debts_with_a_fine_open(town):
    """Issue 34 item 10: `guia pay --charge N` always failed ("Valor pago: campo
    obrigatório"), so no fine could be paid from the command line, and `--all` failed
    whenever a fine was open. The whole debt is paid by default, as the window fills in the
    amount due; --amount, when given, is checked against it (whole payments only)."""
    run, seed = town(pay=False)  # the vistoria fee open
    notice = ["notice", "record", "--permit", seed["permit"], "--infraction", "36-II",
              "--place", "Praça", "--agent", "José Fiscal Souza", "--registration", "M-2"]
    run.ok(*notice, "--at", TODAY.strftime("%d/%m/%Y 08:00"))
    debts = run.ok("guia", "list", seed["cpf"])["debts"]
    fine = next(d for d in debts if d["source"] == "penalty")
    pay_fine = ["guia", "pay", seed["cpf"], "--charge", str(fine["id"]), "--receipt", "DAM 7"]
    err = run.refused(*pay_fine, "--amount", "1,00", match="Pagamento parcial ou a maior")
    assert fine["amount_text"] in err
    run.refused(*pay_fine, "--amount", "dez reais", match="Valor pago")
    paid = run.ok(*pay_fine, "--amount", fine["amount_text"])
    assert [d["id"] for d in paid] == [fine["id"]]

    run.ok(*notice, "--at", TODAY.strftime("%d/%m/%Y 09:00"))  # a second fine
    debts = run.ok("guia", "list", seed["cpf"])["debts"]
    assert {d["source"] for d in debts} == {"fee", "penalty"}
    total = format_money(sum(d["amount_cents"] for d in debts))
    run.refused("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 8", "--amount",
                "1,00", match=f"o valor devido é {total}")
    paid = run.ok("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 8")
    assert sorted(d["id"] for d in paid) == sorted(d["id"] for d in debts)
    assert run.ok("guia", "list", seed["cpf"])["debts"] == []


def test_a_year_with_a_dot_is_refused(town):
    """Issue 34 item 10: "2.022" was read as 2022 (the dot of thousands)."""
    run, seed = town()
    bad = _vehicle_args(seed["new_cpf"], "NEW1B23", "2.022")
    run.refused(*bad, match="Ano de fabricação: informe o ano com os 4 algarismos")
    run.refused("campaign", "create", "Recadastramento", "--year", "2.026",
                match="Ano da campanha: informe o ano com os 4 algarismos")
    run.refused("settings", "fiscal-unit", "2.027", "50,00",
                match="Ano: informe o ano com os 4 algarismos")
    run.refused("print", "notice", "1/2.026", "-o", "auto.pdf",
                match="Ano do auto de infração: informe o ano com os 4 algarismos")


def _family_profile(monkeypatch):
    """The profile as a law that accepts the spouse's or a relative's vehicle would have it
    (vehicle.owner_rule "holder_or_family", with its own article)."""
    import dataclasses

    from mototaxi_desk.services import setup
    original = setup.profile

    def family(*args, **kwargs):
        profile = original(*args, **kwargs)
        return dataclasses.replace(profile, vehicle=dataclasses.replace(
            profile.vehicle, owner_rule="holder_or_family", owner_article="Art. 99"))
    monkeypatch.setattr(setup, "profile", family)


def _relative(url, name="Irmão Da Requerente", year=None):
    """Someone else (a relative) with a vehicle of his own: its plate."""
    from mototaxi_desk.store.models import Vehicle

    from .factories import make_person, make_vehicle
    open_database(url)
    try:
        person = make_person(name, today=TODAY)
        vehicle = make_vehicle(person["id"], today=TODAY, year=year or TODAY.year)
        return Vehicle.get_by_id(vehicle["id"]).plate_original
    finally:
        close_database()


def _deferred(run, cpf) -> str:
    app = run.ok("application", "file", cpf, "--type", "new_permit", "--received", "all")
    run.ok("application", "decide", app["protocol"], "deferido")
    return app["protocol"]


def test_grant_with_a_relatives_vehicle_refused_where_the_holder_must_own_it_l1745_art_2(
        town):
    """L1745 Art. 2 §2º I ("prova de propriedade"): vehicle.owner_rule "holder" — a
    relative's vehicle is refused even with --owner-relation, citing the article; an unknown
    relation names the field; nothing is written."""
    run, seed = town("l1745")
    protocol = _deferred(run, seed["new_cpf"])
    plate = _relative(run.url)
    err = run.refused("permit", "grant", protocol, "--vehicle", plate, "--owner-relation",
                      "irmao", match="deve ser de propriedade do permissionário")
    assert "(Art. 2 §2º I)" in err
    run.refused("permit", "grant", protocol, "--vehicle", plate, "--owner-relation", "primo",
                match="Parentesco do proprietário")
    own = run.ok(*_vehicle_args(seed["new_cpf"], "OWN1C23", TODAY.year))
    granted = run.ok("permit", "grant", protocol, "--vehicle", own["plate_original"],
                     "--act", "Decreto 5")
    assert granted["granted"] and granted["holder_name"] == "Nova Requerente Sá"


def test_grant_with_a_relatives_vehicle_declared_owner_relation(town, monkeypatch):
    """vehicle.owner_rule "holder_or_family" (the profile's article): `permit grant
    --owner-relation` declares the relation, kept in the permit's history for the renewals;
    without it, refused citing the article, nothing written; the help lists the domain's
    codes."""
    from mototaxi_desk.domain.vehicle_rules import FAMILY_RELATIONS
    run, seed = town()
    _family_profile(monkeypatch)
    protocol = _deferred(run, seed["new_cpf"])
    plate = _relative(run.url)
    err = run.refused("permit", "grant", protocol, "--vehicle", plate,
                      match="informe o parentesco do proprietário")
    assert "(Art. 99)" in err
    granted = run.ok("permit", "grant", protocol, "--vehicle", plate, "--owner-relation",
                     "irmao")
    assert granted["granted"]
    from mototaxi_desk.services.licensing import permit_history
    from mototaxi_desk.store.models import Permit
    open_database(run.url)
    try:
        permit = Permit.get(Permit.order_number == granted["order_number"])
        assert permit_history.history(permit.id)[0]["details"]["owner_relation"] == "irmao"
    finally:
        close_database()
    code, out, _ = run.cli("permit", "grant", "--help")
    assert ", ".join(FAMILY_RELATIONS) in " ".join(out.split())


def test_vehicle_substitute_srm_art_19(town):
    """SRM Art. 19 (age limit, applied to the vehicle that enters the service) and Art. 20 II
    (the holder owns it): `vehicle substitute` refuses as the window's Substituição does, in
    one line with the article, writing nothing; then replaces the vehicle and retires the
    old one."""
    run, seed = town()
    old = run.ok(*_vehicle_args(seed["cpf"], "OLD2A23", TODAY.year - 8))
    run.refused("vehicle", "substitute", seed["permit"], "OLD2A23", match="(Art. 19)")
    err = run.refused("vehicle", "substitute", seed["permit"], _relative(run.url),
                      match="deve ser de propriedade do permissionário")
    assert "(Art. 20 II)" in err
    run.refused("vehicle", "substitute", seed["permit"], seed["plate"],
                match="é o mesmo já vinculado")
    run.refused("vehicle", "substitute", seed["permit"], "ZZZ9Z99", match="Placa")
    run.refused("vehicle", "substitute", "999", "OLD2A23", match="não existe")
    new = run.ok(*_vehicle_args(seed["cpf"], "NEW2B23", TODAY.year, "9C2KC000000099998"))
    run.refused("vehicle", "substitute", seed["permit"], "NEW2B23", "--owner-relation",
                "primo", match="Parentesco do proprietário")
    done = run.ok("vehicle", "substitute", seed["permit"], "new-2123", "--act", "Portaria 9")
    assert (done["old_plate"], done["new_plate"]) == (seed["plate"], "NEW2B23")
    assert done["new_vehicle_id"] == new["id"] and done["act_number"] == "Portaria 9"
    assert run.ok("vehicle", "show", seed["plate"])["active"] is False
    run.refused("vehicle", "substitute", seed["permit"], seed["plate"],
                match="desativado")
    assert old["active"] and run.ok("vehicle", "show", "OLD2A23")["active"]  # untouched
    code, _, _ = run.cli("--db", run.url, "vehicle", "substitute", seed["permit"],
                             "OLD2A23", "--owner-relation")
    assert code == 2


def test_vehicle_substitute_needs_the_prior_act_and_a_newer_vehicle_l1745_art_11(
        town, monkeypatch):
    """L1745 Art. 11: only by a newer vehicle, "com prévia autorização" (the act number);
    a relative's vehicle with the relation declared where the profile accepts it."""
    run, seed = town("l1745")
    run.ok(*_vehicle_args(seed["cpf"], "NEW3B23", TODAY.year))
    err = run.refused("vehicle", "substitute", seed["permit"], "NEW3B23",
                      match="autorização prévia")
    assert "(Art. 11)" in err
    same = run.ok(*_vehicle_args(seed["cpf"], "SAM3C23", TODAY.year - 1,
                                     "9C2KC000000099998"))
    err = run.refused("vehicle", "substitute", seed["permit"], same["plate_original"],
                      "--act", "Decreto 3", match="fabricação mais recente")
    assert "(Art. 11)" in err
    _family_profile(monkeypatch)
    plate = _relative(run.url)
    err = run.refused("vehicle", "substitute", seed["permit"], plate, "--act", "Decreto 3",
                      match="informe o parentesco")
    assert "(Art. 99)" in err
    code, out, err = run.cli("--db", run.url, "vehicle", "substitute", seed["permit"], plate,
                             "--act", "Decreto 3", "--owner-relation", "conjuge")
    assert code == 0, err
    assert out.splitlines()[0] == (f"Veículo da permissão nº {seed['permit']} substituído: "
                                   f"{seed['plate']} (baixado) → {plate}.")  # Art. 7 I: no format
    run.refused("vehicle", "substitute", seed["permit"], seed["plate"], "--act", "Decreto 4",
                match="desativado")

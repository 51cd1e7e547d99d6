"""The "município vazio" story through the command line only (issue 15), once per shipped
profile, on PostgreSQL: `init` with a small population (so the cap is reached by the 7th
applicant), two pontos, 12 people with CNH, their new-permit applications filed and
deferred, grants up to the cap and the rest to the waiting list, a transfer, an interruption
and its end, an infraction notice, a municipal holiday on its last day, a sanction by
decision, the reinstatement, an
auxiliary driver's credential and its card, a desistência and the call-up of the next on the
waiting list, who refuses — the next is called by the law itself where it says so (PF Art. 12
§ú), by the clerk elsewhere — and the one called then gets the permit; after each command, the Painel's due-dates table
equals the alerts computed afresh (issue 23). Steps the profile's law does not provide are left
out (and the command's refusal, with the article, is checked instead). The same story is
driven through the window on SQLite in tests/gui/test_municipio_vazio.py.
STORY_DB=sqlite runs this one on SQLite instead (while working on it without a server)."""
from __future__ import annotations

import datetime as dt
import json
import os
from decimal import Decimal

import pytest
from validate_docbr import CNH, CPF, RENAVAM

from mototaxi_desk.domain.profiles import load_profile
from mototaxi_desk.services.views import due_dates
from mototaxi_desk.services import permit_actions
from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import MUNICIPIOS
from .due_check import assert_due_table_current

PROFILES = ["porto-feliz-2017", "sao-raimundo-das-mangabeiras-2019", "lei-1745-2011"]
CAP = 6  # the population given to `init` makes room for 6 permits
PEOPLE = 12
DECIDED = ("suspend", "revoke", "cassate")  # the first the law provides is the story's


class Counter:
    """The clerk at the command line: each call must succeed and prints JSON."""

    def __init__(self, cli, url):
        self.cli, self.url = cli, url
        self.due_on = None  # once set: the due-dates table is checked after every command

    def __call__(self, *args):
        code, out, err = self.cli("--db", self.url, *args, "--json")
        assert code == 0, (args, err)
        if self.due_on is not None:
            self.check_due_table(args)
        return json.loads(out)

    def check_due_table(self, args, *, build=False) -> None:
        """The due-dates table the Painel reads equals alerts.due() after the command: the
        command kept it current itself (issue 23)."""
        open_database(self.url)
        try:
            if build:  # what the day's first Painel does
                due_dates.rebuild(self.due_on)
            assert_due_table_current(self.due_on, where=" ".join(args))
        finally:
            close_database()

    def refused(self, *args) -> str:
        code, out, err = self.cli("--db", self.url, *args)
        assert code == 1, (args, out, err)
        assert len(err.strip().splitlines()) == 1, err
        return err


def _plate(n: int) -> str:
    return f"MTX{n % 10}{chr(65 + n)}{n:02d}"


@pytest.mark.parametrize("db_url", [os.environ.get("STORY_DB", "postgres")], indirect=True)
@pytest.mark.parametrize("profile_id", PROFILES)
def test_municipio_vazio_through_the_command_line(cli, db_url, profile_id, tmp_path, clock_at):
    profile = load_profile(profile_id)
    acts = set(permit_actions.offered(profile))
    run = Counter(cli, db_url)
    name, uf, ibge, _population = MUNICIPIOS[profile_id]
    population = CAP * profile.cap.inhabitants_per_permit
    code, _, err = cli("--db", db_url, "init", "--profile", profile_id, "--municipio", name,
                       "--uf", uf, "--ibge", ibge, "--population", str(population),
                       "--fiscal-unit-value", "48,26", "--admin-password-stdin")
    assert code == 0, err

    # two pontos
    for number, place, lat in ((1, "Praça da Matriz", "-7,0219"), (2, "Rodoviária", "-7,0300")):
        stand = run("stand", "create", "--number", str(number), "--name", place,
                    "--location", "Centro", f"--lat={lat}", "--lon=-45,4811",
                    *(["--min", "2", "--max", "5"] if not profile.stand.max_vehicles else []))
        assert stand["active"]
    assert [s["number"] for s in run("stand", "list")] == [1, 2]
    # the Painel's due-dates table, built once, then kept current by every command after
    run.due_on = dt.date.today()
    run.check_due_table(("painel",), build=True)

    # 12 people with CNH, each files a new-permit application with every document; the
    # supervisor defers it; each brings a motorcycle
    today = dt.date.today()
    people = []
    for n in range(PEOPLE):
        person = _person(run, n, today)
        app = run("application", "file", person["cpf"], "--type", "new_permit",
                  "--received", "all")
        assert app["status"] == "protocolado" and app["protocol"].endswith(f"{n + 1:06d}")
        assert run("application", "decide", app["protocol"], "deferido")["status"] == "deferido"
        people.append({**person, "protocol": app["protocol"]})

    # grants up to the cap, on the two pontos; the 7th on goes to the waiting list
    permits = []
    for n, person in enumerate(people):
        result = run("permit", "grant", person["protocol"], "--vehicle", person["plate"],
                     "--stand", str(1 + n % 2), "--act", f"Portaria {n + 1}/{today.year}")
        if n < CAP:
            assert result["granted"], result
            permits.append(result["order_number"])
            person["permit"] = str(result["order_number"])
            if run("guia", "list", person["cpf"])["debts"]:  # the card or grant fee, paid
                run("guia", "pay", person["cpf"], "--all", "--receipt", f"DAM {n}")
        else:
            assert not result["granted"] and result["waiting_list"], result
    waiting = run("waiting", "list")["waiting"]
    assert len(waiting) == PEOPLE - CAP
    assert len(run("application", "list", "--status", "deferido")) == PEOPLE

    # the annual vistoria of a permit's vehicle, with its sticker
    holder = people[0]
    inspection = run("inspection", "record", holder["plate"], "--kind",
                     "annual" if "annual" in _kinds(run) else _kinds(run)[0])
    assert inspection["approved"]
    if run("guia", "list", holder["cpf"])["debts"]:
        run("guia", "pay", holder["cpf"], "--all", "--receipt", "DAM vistoria")

    # transfer one permit to a new person (on the holder's death where the law asks 3 years
    # first, SRM Art. 4 §8º), who brings his CNH and motorcycle
    newcomer = _person(run, PEOPLE, today)
    if "transfer" in acts:
        on_death = ["--on-death"] if profile.transfer.min_years_held else []
        if on_death:  # SRM Art. 4 §9º I: to a third party only after 3 years
            err = run.refused("permit", "transfer", people[1]["permit"], "--to",
                              newcomer["cpf"], "--vehicle", newcomer["plate"])
            assert profile.transfer.article in err
        moved = run("permit", "transfer", people[1]["permit"], "--to", newcomer["cpf"],
                    "--vehicle", newcomer["plate"], "--act", "Portaria 20", *on_death)
        permit = moved["result"].get("permit", moved["result"])
        assert permit["holder_name"] == newcomer["name"]
        newcomer["permit"] = people[1]["permit"]
    else:
        err = run.refused("permit", "transfer", people[1]["permit"], "--to", newcomer["cpf"],
                          "--vehicle", newcomer["plate"])
        assert profile.transfer.article in err

    # interrupt and resume another
    if "interrupt" in acts:
        stopped = run("permit", "interrupt", people[2]["permit"], "--days", "10",
                      "--act", "Portaria 21")
        assert _permit_of(stopped)["status"] == "interrupted"
        assert _permit_of(run("permit", "resume", people[2]["permit"]))["status"] == "active"
    else:
        err = run.refused("permit", "interrupt", people[2]["permit"], "--days", "10")
        assert "não prev" in err

    # an infraction notice, then the sanction by decision resting on it, then reinstatement
    code = profile.infractions[0].code
    notice = run("notice", "record", "--permit", people[3]["permit"], "--infraction", code,
                 "--at", today.strftime("%d/%m/%Y 08:30"), "--place", "Praça da Matriz",
                 "--agent", "José Fiscal Souza", "--registration", "M-77", "--signed",
                 *(["--fine-units", "10"] if profile.penalty_class(
                     profile.infractions[0].class_code).fine_units_max else []))
    assert notice["number"].endswith(f"/{today.year}")
    # a municipal holiday declared on the notice's last day (to defend, or to appeal where
    # the law has no defence stage) moves it to the next business day (Lei 9.784/1999 Art.
    # 66 §1º): the due-dates table stays current (checked after each command), not stale
    last_day = dt.date.fromisoformat(notice["defence_deadline"] or notice["appeal_deadline"])
    holiday = run("settings", "holiday-add", f"{last_day:%d/%m/%Y}", "Padroeiro do município")
    assert holiday["holidays"] == [{"day": str(last_day), "name": "Padroeiro do município"}]
    (moved,) = [n for n in run("ledger", people[3]["permit"])["notices"]
                if n["number"] == notice["number"]]
    assert (moved["defence_deadline"] or moved["appeal_deadline"]) > str(last_day)
    decided = next(a for a in DECIDED if a in acts)
    grounds = run("permit", "grounds", decided)[decided]["grounds"]
    period = ["--days", "15"] if decided == "suspend" else []
    sanction = ["permit", decided, people[3]["permit"], "--ground", grounds[0]["code"],
                "--reason", "Decisão no processo 12/2026", "--act", "Decreto 5", *period]
    if profile.defence.defence_days:
        # resting on the notice only after its defence term (the contraditório): today the
        # decision rests on its ground alone
        err = run.refused(*sanction, "--notice", notice["number"])
        assert profile.defence.defence_article in err
        sanctioned = run(*sanction)
    else:  # L1745: no defence term before the decision (appeal afterwards, Art. 19)
        sanctioned = run(*sanction, "--notice", notice["number"])
    assert sanctioned["result"]["article"]
    back = run("permit", "reinstate", people[3]["permit"], "--reason", "Recurso provido")
    assert _permit_of(back)["status"] == "active"

    # an auxiliary driver (one of the waiting people) and his card
    helper = people[-1]
    card = tmp_path / "auxiliar.pdf"
    credential = run("aux", "issue", people[4]["permit"], helper["cpf"], "--card", str(card))
    assert credential["card"] and card.read_bytes().startswith(b"%PDF")

    # a desistência frees a place: the next on the waiting list is called (by the law itself
    # where it says so, PF Art. 12 §ú; by the clerk elsewhere), refuses the call (issue 37):
    # where the law calls by itself the next is called at once and the command names him,
    # elsewhere the clerk calls him; he files and gets the permit
    automatic = profile.waiting_list.mode == "automatic"
    if "desist" in acts:
        run("permit", "desist", people[5]["permit"], "--act", "Portaria 30")
    else:
        err = run.refused("permit", "desist", people[5]["permit"])
        assert "não prev" in err
    called = run("waiting", "list")["called"]
    assert bool(called) == ("desist" in acts and automatic), called
    called = called or [run("waiting", "call", "--reason", "vaga da desistência")]
    refused = run("waiting", "remove", str(called[0]["id"]), "--reason",
                  "Recusou a convocação")
    assert refused["status"] == "left"
    if automatic:  # PF Art. 12 §ú: "Será automaticamente convocado o próximo requerente"
        following = refused["next_called"]
        assert following["status"] == "called" and following["id"] != called[0]["id"]
        assert refused["next_call_text"].startswith(
            f"{following['person_name']} convocado(a) em seguida "
            f"({profile.waiting_list.article})")
    else:  # SRM Art. 3, L1745 Art. 13: the clerk calls the next
        assert refused["next_called"] is None
        assert profile.waiting_list.article in refused["next_call_text"]
        assert run("waiting", "list")["called"] == []
        following = run("waiting", "call", "--reason", "recusa da convocação")
    assert [c["id"] for c in run("waiting", "list")["called"]] == [following["id"]]
    if "desist" in acts:
        person = next(p for p in people if p["cpf"] == _digits(following["cpf_text"]))
        # his application was deferred before the cap was reached: it is granted now
        granted = run("permit", "grant", person["protocol"], "--vehicle", person["plate"],
                      "--stand", "2")
        assert granted["granted"] and granted["next_called"] is None, granted
        assert run("waiting", "list")["called"] == []

    # the acts of the notice's dialog, the impound, the stand places and the users, by
    # command (issue 37 item 3), late in the day so that every hour below is past
    clock_at(dt.datetime.combine(today, dt.time(23, 0)))
    _defence_and_appeal(run, profile, people[0], today)
    _impound_and_release(run, profile, people[4], today, tmp_path)
    _stand_place_and_move(run, profile, people[0])
    _users(run)


def _notice(run, profile, holder: dict, infraction, at: str, *signed) -> dict:
    fine_units = profile.penalty_class(infraction.class_code).fine_units_max
    return run("notice", "record", "--permit", holder["permit"], "--infraction",
               infraction.code, "--at", at, "--place", "Rodoviária", "--agent",
               "José Fiscal Souza", "--registration", "M-77", *signed,
               *(["--fine-units", str(fine_units)] if fine_units else []))


def _defence_and_appeal(run, profile, holder: dict, today: dt.date) -> None:
    """A defence filed and judged, an appeal, by command (SRM Arts. 35 §§1º-2º and 49; PF
    Arts. 34 and 38, judged by the JARI, no appeal term; L1745 Art. 19, the appeal within 15
    days of the notification and no defence stage)."""
    rule = profile.defence
    notice = _notice(run, profile, holder, profile.infractions[0],
                     today.strftime("%d/%m/%Y 07:15"))  # not signed: not yet notified
    number = notice["number"]
    stage = "defence" if rule.defence_days else "appeal"
    err = run.refused("notice", stage, number, "--text", "Não estava em serviço")
    assert "ainda não foi notificado" in err
    notified = run("notice", "notify", number, "--on", f"{today:%d/%m/%Y}", "--channel",
                   "in_person")
    assert notified["notified_on"] == str(today)
    if rule.defence_days:
        filed = run("notice", "defence", number, "--text", "Não estava em serviço",
                    "--attachment", "escala.pdf")
        assert (filed["stage"], filed["attachments"]) == ("defence", ["escala.pdf"])
        err = run.refused("notice", "defence", number, "--text", "De novo")
        assert "Já há defesa" in err
        if not rule.appeal_days:  # PF: the JARI's judgement of the defence is the last word
            err = run.refused("notice", "appeal", number, "--text", "Recurso")
            assert "não prevê recurso" in err
        accept = not rule.appeal_days  # where there is an appeal, the defence is rejected
        judged = run("notice", "judge", number, "--accept" if accept else "--reject",
                     "--reason", "Escala confere" if accept else "Escala não confere")
        assert judged["decision"] == ("accepted" if accept else "rejected")
    else:  # L1745: no defence term of its own (Art. 19 is the appeal)
        err = run.refused("notice", "defence", number, "--text", "Não estava em serviço")
        assert "não prevê defesa prévia" in err and rule.appeal_article in err
    if rule.appeal_days:
        appeal = run("notice", "appeal", number, "--text", "A escala prova a folga")
        assert appeal["stage"] == "appeal"
        judged = run("notice", "judge", number, "--accept", "--reason", "Recurso provido")
        assert judged["decision"] == "accepted"
    shown = run("notice", "show", number)
    assert shown["status"] == "voided"  # accepted: the notice and its fine fall (SRM 35 §2º)
    assert all(c["status"] != "open" for c in shown["charges"])
    assert "pendente" in run.refused("notice", "judge", number, "--accept", "--reason", "Outra vez")


def _impound_and_release(run, profile, holder: dict, today: dt.date, tmp_path) -> None:
    """The vehicle impounded from a notice whose catalogue item has the measure, then
    released with its costs paid (SRM Arts. 46-48: fines, removal, 0,20 UFM a day of
    storage; PF Art. 36 III: fines and removal; L1745 Art. 8 §§2º-3º: the alvará shown,
    fine and removal paid)."""
    rule = profile.impound
    infraction = next(i for i in profile.infractions if i.measure)
    notice = _notice(run, profile, holder, infraction, today.strftime("%d/%m/%Y 08:00"),
                     "--signed")
    held = run("impound", "record", notice["number"], "--place", "Pátio municipal", "--at",
               today.strftime("%d/%m/%Y 08:30"), "--boletim", "BO 12")
    assert held["status"] == "held" and held["plate"] == holder["plate"].replace("-", "")
    err = run.refused("impound", "record", notice["number"], "--place", "Pátio", "--at",
                      today.strftime("%d/%m/%Y 08:40"))
    assert "já está apreendido" in err
    at = ["--at", today.strftime("%d/%m/%Y 17:00")]
    costs = ["--removal", "150,00", "--removal-receipt", "R-1", "--storage-receipt", "E-1",
             "--permit-shown"]
    fine = notice["fine_cents"]
    if fine:  # the fine is paid first (PF Art. 32 §ú: a class C item has none)
        assert [f["amount_cents"] for f in run("impound", "quote", notice["number"], *at)
                ["fines"]] == [fine]
        err = run.refused("impound", "release", str(held["id"]), *at, *costs)
        assert "multas em aberto" in err and rule.article in err
        run("guia", "pay", holder["cpf"], "--all", "--receipt", "DAM multa")
    if "permit" in rule.release_requires:  # L1745 Art. 8 §3º: the alvará shown
        err = run.refused("impound", "release", str(held["id"]), *at, *costs[:-1])
        assert "alvará" in err and rule.article in err
    quote = run("impound", "quote", notice["number"], *at, "--removal", "150,00")
    days = 1  # deposit day and release day are one day
    assert quote["storage_days"] == days and quote["fines"] == []
    storage = round(Decimal(rule.storage_fee_units_per_day) * days * 4826)  # 48,26 the unit
    assert quote["storage_cents"] == storage and quote["total_cents"] == 15000 + storage
    released = run("impound", "release", notice["number"], *at, *costs)
    receipt = released["receipt"]
    assert released["status"] == "released"
    kinds = [line["kind"] for line in receipt["lines"]]
    assert ("fine" in kinds) == bool(fine) and "removal" in kinds
    assert ("storage" in kinds) == bool(storage)
    assert receipt["total_cents"] == sum(line["amount_cents"] for line in receipt["lines"])
    err = run.refused("impound", "release", str(held["id"]), *at, *costs)
    assert "já foi liberado" in err
    pdf = tmp_path / "liberacao.pdf"
    run("print", "release", str(held["id"]), "-o", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")


def _stand_place_and_move(run, profile, holder: dict) -> None:
    """The place freed and the permit placed again on a stand (SRM Art. 22 §1º: never past
    the maximum), then moved at the holder's request: SRM Art. 20 XVIII (12 months at the
    stand first; Art. 47 IV, the fee), L1745 Art. 15 (a vacancy and 10 UFICA), PF Art. 10
    (stands set by the Secretaria, no request)."""
    permit = holder["permit"]
    freed = run("stand", "release", permit, "--reason", "Reorganização do ponto")
    assert freed["released"] and freed["stand_number"] == 1
    placed = run("stand", "assign", "1", permit, "--position", str(freed["position"]))
    assert (placed["stand_number"], placed["position"]) == (1, freed["position"])
    err = run.refused("stand", "assign", "2", permit)
    assert "mudança de ponto" in err
    application = profile.application("stand_change")
    if not application.allowed:
        err = run.refused("stand", "move", permit, "2")
        assert "não prevê pedido de mudança de ponto" in err and application.article in err
    elif profile.stand.change_min_months:
        err = run.refused("stand", "move", permit, "2")
        assert f"após {profile.stand.change_min_months} meses" in err
        assert application.article in err
    else:
        moved = run("stand", "move", permit, "2")
        fee = moved["fee"]
        assert moved["stand_number"] == 2 and moved["old_stand_number"] == 1
        rule = profile.fees[profile.stand.change_fee_key]
        assert fee["article"] == rule.article
        assert fee["amount_cents"] == round(Decimal(rule.units) * 4826)
        assert [s["count"] for s in run("stand", "list")][1] >= 1


def _users(run) -> None:
    """A user's role changed and the user disabled, then re-enabled (the Configurações
    page's users)."""
    run.cli("--db", run.url, "users", "add", "ana.fiscal", "--name", "Ana Fiscal Lima",
            "--role", "fiscal", "--password-stdin", stdin="senha-da-ana-1\n")
    changed = run("users", "role", "ana.fiscal", "supervisor")
    assert (changed["role"], changed["active"]) == ("supervisor", True)
    assert "já é supervisor" in run.refused("users", "role", "ana.fiscal", "supervisor")
    assert "próprio perfil" in run.refused("users", "role", "admin", "fiscal")
    assert not run("users", "disable", "ana.fiscal")["active"]
    enabled = run("users", "enable", "ana.fiscal")
    assert (enabled["active"], enabled["role"]) == (True, "supervisor")
    assert "já está ativo" in run.refused("users", "enable", "ana.fiscal")


def _person(run, n: int, today: dt.date) -> dict:
    """Person nº n registered with a CNH that meets every profile, and his motorcycle."""
    cpf, name = CPF().generate(), f"Mototaxista {chr(65 + n)} da Silva"
    run("person", "add", cpf, "--name", name, "--birth", "20/05/1985",
        "--phone", f"(99) 98765-43{n:02d}")
    cnh = run("person", "cnh", cpf, "--number", CNH().generate(), "--category", "A",
              "--first-licence", "01/03/2012",
              "--expiry", (today + dt.timedelta(days=900)).strftime("%d/%m/%Y"), "--ear")
    assert cnh["problems"] == [], cnh["problems"]
    vehicle = run("vehicle", "add", cpf, "--plate", _plate(n), "--renavam",
                  RENAVAM().generate(), "--chassis", f"9C2KC{n:012d}", "--make", "Honda",
                  "--model", "CG 160", "--year", str(today.year - 1), "--cc", "160",
                  "--insurer", "Seguradora", "--policy", f"AP-{n}", "--cover", "20.000,00",
                  "--insurance-expiry", (today + dt.timedelta(days=300)).strftime("%d/%m/%Y"))
    assert vehicle["warnings"] == []
    return {"cpf": cpf, "name": name, "plate": _plate(n)}


def _permit_of(done: dict) -> dict:
    return done["result"].get("permit", done["result"])


def _kinds(run) -> list[str]:
    return list(run("inspection", "items"))


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())

"""The commands of the acts only the window did (issue 37 item 3) on a database made by
`init`: the same services as the window, so the same law and refusals — exit 0 with --json,
1 for a refusal (one line on stderr in Portuguese, nothing written), 2 for a usage error,
and the role each act needs (services/permissions.py)."""
import datetime as dt
import json

import pytest

from mototaxi_desk.domain.profiles import PROFILES_DIR, load_profile
from mototaxi_desk.store.migrations import close_database, open_database

from .test_cli_permit_acts import INITS, _counts

SRM = "sao-raimundo-das-mangabeiras-2019"
TODAY = dt.date.today()
LATE = dt.datetime.combine(TODAY, dt.time(23, 0))  # every hour of the day below is past


class Run:
    def __init__(self, cli, url):
        self.cli, self.url = cli, url

    def __call__(self, *args, stdin="senha-forte-1\n"):
        code, out, err = self.cli("--db", self.url, *args, "--json", stdin=stdin)
        assert code == 0, (args, err)
        return json.loads(out)

    def refused(self, *args, code=1) -> str:
        """Refused: the exit code, one line in Portuguese, and nothing written."""
        before = _counts(self.url)
        got, out, err = self.cli("--db", self.url, *args)
        assert got == code, (args, out, err)
        if code == 1:
            assert err.startswith("Erro: ") and len(err.strip().splitlines()) == 1, err
        after = _counts(self.url)
        refusals = after.pop("AuditLog") - before.pop("AuditLog")
        assert after == before and refusals in (0, 1), args  # at most its refused:* entry
        return err


def _seed_permit(url, on: dt.date) -> dict:
    """A holder with a permit granted on `on`, its fees paid, and two pontos: the counter's
    work through the services."""
    from mototaxi_desk.services import setup
    from mototaxi_desk.services.register import stands
    from mototaxi_desk.store.models import Person

    from .factories import SUPERVISOR
    from .services.ledger_helpers import holder_permit
    open_database(url)
    try:
        holder, permit = holder_permit(on=on)
        sizes = {} if setup.profile().stand.max_vehicles else {"min_vehicles": 1,
                                                               "max_vehicles": 5}
        for number in (1, 2):
            stands.create_stand(SUPERVISOR, {"number": number, "name": f"Ponto {number}",
                                             "location": "Centro", **sizes}, on=on)
        return {"permit": str(permit["order_number"]), "permit_id": permit["id"],
                "cpf": Person.get_by_id(holder["id"]).cpf}
    finally:
        close_database()


@pytest.fixture
def srm(cli, migrated_db_url, clock_at):
    db_url = migrated_db_url  # init only sets the scene here
    clock_at(LATE)
    code, _, err = cli("--db", db_url, *INITS["srm"])
    assert code == 0, err
    seeded = _seed_permit(db_url, TODAY)
    run = Run(cli, db_url)
    run("tick")
    return run, seeded


def _notice(run, seed, code, hour="08:00", *extra) -> dict:
    return run("notice", "record", "--permit", seed["permit"], "--infraction", code, "--at",
               f"{TODAY:%d/%m/%Y} {hour}", "--place", "Praça da Matriz", "--agent",
               "José Fiscal Souza", "--registration", "M-77", *extra)


def test_defence_and_appeal_judged_srm_art_35_and_art_49(srm):
    """SRM Art. 35 §1º (defence in 10 days from the notification), Art. 49 (appeal after the
    decision), Art. 35 §2º (accepted: the notice falls with its fine)."""
    run, seed = srm
    profile = load_profile(SRM)
    notice = _notice(run, seed, profile.infractions[0].code)["number"]
    assert "ainda não foi notificado" in run.refused("notice", "defence", notice, "--text", "x")
    run.refused("notice", "notify", notice, "--on", f"{TODAY:%d/%m/%Y}", code=2)  # no channel
    err = run.refused("notice", "notify", notice, "--on", "31/02/2026", "--channel", "post")
    assert "Data da notificação" in err
    run("notice", "notify", notice, "--on", f"{TODAY:%d/%m/%Y}", "--channel", "post")
    err = run.refused("notice", "defence", notice, "--text", " ")
    assert "Texto da defesa" in err
    assert "depois da decisão" in run.refused("notice", "appeal", notice, "--text", "Recurso")
    filed = run("notice", "defence", notice, "--text", "Estava de folga", "--attachment",
                "escala.pdf")
    assert filed["stage"] == "defence" and not filed["decision"]
    run.refused("notice", "judge", notice, "--reason", "x", code=2)  # --accept or --reject
    judged = run("notice", "judge", notice, "--reject", "--reason", "Escala não confere")
    assert judged["decision"] == "rejected"
    assert "pendente" in run.refused("notice", "judge", notice, "--accept", "--reason", "x")
    run("notice", "appeal", notice, "--text", "A escala do mês prova a folga")
    judged = run("notice", "judge", notice, "--accept", "--reason", "Recurso provido")
    assert judged["decision"] == "accepted"
    shown = run("notice", "show", notice)
    assert shown["status"] == "voided"
    assert [(p["stage"], p["decision"]) for p in shown["proceedings"]] == [
        ("defence", "rejected"), ("appeal", "accepted")]
    assert all(c["status"] != "open" for c in shown["charges"])


def test_an_atendente_files_but_does_not_judge_the_defence(srm, cli, db_url, monkeypatch):
    """Issue 8's policy by command: the counter files the defence, the supervisor judges."""
    run, seed = srm
    profile = load_profile(SRM)
    notice = _notice(run, seed, profile.infractions[0].code, "08:00", "--signed")["number"]
    run("users", "add", "bia", "--name", "Bia Atendente Sá", "--role", "atendente",
        "--password-stdin", stdin="senha-da-bia-1\n")
    monkeypatch.setenv("MOTOTAXI_USER", "bia")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-bia-1")
    run("notice", "defence", notice, "--text", "Estava de folga")
    err = run.refused("notice", "judge", notice, "--accept", "--reason", "Acolho")
    assert "julgar defesas e recursos" in err


def test_revelia_void_and_reissue_by_command_srm_art_35_par_3(srm):
    """SRM Art. 35 §3º: no defence by the deadline is revelia — not before it; a notice
    voided or corrected (reissued) by command, as in its dialog."""
    run, seed = srm
    profile = load_profile(SRM)
    code = profile.infractions[0].code
    first = _notice(run, seed, code, "07:00", "--signed")["number"]
    err = run.refused("notice", "revelia", first)
    assert err.startswith("Erro: ")
    voided = run("notice", "void", first, "--reason", "Placa errada")
    assert voided["status"] == "voided"
    assert "anulado" in run.refused("notice", "void", first, "--reason", "De novo")
    second = _notice(run, seed, code, "07:30", "--signed")["number"]
    fixed = run("notice", "reissue", second, "--reason", "Local errado", "--place",
                "Rodoviária")
    assert fixed["voided"] == second and fixed["place"] == "Rodoviária"
    assert run("notice", "show", fixed["number"])["status"] == "active"


def test_impound_released_with_its_costs_srm_arts_46_to_48(srm, tmp_path):
    """SRM Art. 46: released only with the fines paid and the removal and storage paid;
    Art. 48: 0,20 UFM a day of storage, the deposit day and the release day included."""
    run, seed = srm
    profile = load_profile(SRM)
    item = next(i for i in profile.infractions if i.measure)
    notice = _notice(run, seed, item.code, "08:00", "--signed")
    number = notice["number"]
    err = run.refused("impound", "record", number, "--place", "Pátio", "--at",
                      f"{TODAY:%d/%m/%Y} 07:00")
    assert "anterior à infração" in err
    run.refused("impound", "record", number, "--place", "Pátio", code=2)  # no --at
    held = run("impound", "record", number, "--place", "Pátio municipal", "--at",
               f"{TODAY:%d/%m/%Y} 08:30", "--boletim", "BO 12")
    assert (held["status"], held["article"], held["reason"]) == ("held", held["article"],
                                                                  item.measure)
    assert [i["id"] for i in run("impound", "list", seed["cpf"])] == [held["id"]]
    assert [i["id"] for i in run("impound", "list", seed["permit"])] == [held["id"]]
    at = ["--at", f"{TODAY:%d/%m/%Y} 18:00"]
    quote = run("impound", "quote", str(held["id"]), *at, "--removal", "150,00")
    assert quote["storage_days"] == 1 and quote["storage_cents"] == 965  # 0,20 × R$ 48,26
    assert quote["fines_cents"] == notice["fine_cents"] > 0
    assert quote["total_cents"] == 965 + 15000 + notice["fine_cents"]
    costs = ["--removal", "150,00", "--removal-receipt", "R-1", "--storage-receipt", "E-1"]
    err = run.refused("impound", "release", str(held["id"]), *at, *costs)
    assert "multas em aberto" in err and profile.impound.article in err
    run("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 7")
    err = run.refused("impound", "release", number, *at, *costs[:2])
    assert "Recibo da remoção" in err
    err = run.refused("impound", "release", number, *at, *costs, "--reason", "maintenance")
    assert "não é prevista" in err and profile.impound.article in err
    err = run.refused("impound", "release", number, "--at", f"{TODAY:%d/%m/%Y} 23:30",
                      *costs)
    assert "data futura" in err
    released = run("impound", "release", number, *at, *costs)
    receipt = released["receipt"]
    assert [(x["kind"], x["amount_cents"]) for x in receipt["lines"]] == [
        ("fine", notice["fine_cents"]), ("removal", 15000), ("storage", 965)]
    assert receipt["total_cents"] == quote["total_cents"]
    assert "já foi liberado" in run.refused("impound", "release", number, *at, *costs)
    pdf = tmp_path / "recibo.pdf"
    run("print", "release", number, "-o", str(pdf))
    assert pdf.read_bytes().startswith(b"%PDF")


def test_stand_assign_release_and_the_12_months_srm_art_20_xviii(srm):
    """SRM Art. 22 §1º: a place never past the maximum; Art. 20 XVIII: a move asked before
    12 months at the stand is refused (nothing written)."""
    run, seed = srm
    permit = seed["permit"]
    assert not run("stand", "release", permit)["released"]  # granted with no place
    placed = run("stand", "assign", "1", permit, "--position", "3")
    assert (placed["stand_number"], placed["position"]) == (1, 3)
    assert "mudança de ponto" in run.refused("stand", "assign", "2", permit)
    err = run.refused("stand", "move", permit, "2")
    assert "após 12 meses" in err and "Art. 20" in err
    assert "já está no" in run.refused("stand", "move", permit, "1")
    assert "não existe" in run.refused("stand", "move", permit, "9")
    freed = run("stand", "release", permit, "--reason", "Pedido do permissionário")
    assert freed["released"] and freed["position"] == 3
    err = run.refused("stand", "assign", "1", permit, "--position", "99")
    assert "Posição no ponto" in err


def test_stand_move_after_12_months_charges_the_fee_srm_art_20_xviii_art_47_iv(
        cli, sqlite_db, clock_at):
    """SRM Art. 20 XVIII: after 12 months at the stand the holder may ask to move; Art. 47
    IV: the move costs 3 UFM. The register was last opened 13 months ago (SQLite: the admin
    confirms the date, services/trust/clock_trust.py)."""
    before = TODAY.replace(day=1) - dt.timedelta(days=380)
    clock_at(dt.datetime.combine(before, dt.time(10, 0)))
    code, _, err = cli("--db", sqlite_db, *INITS["srm"])
    assert code == 0, err
    seed = _seed_permit(sqlite_db, before)
    run = Run(cli, sqlite_db)
    run("stand", "assign", "1", seed["permit"])
    assert "após 12 meses" in run.refused("stand", "move", seed["permit"], "2")

    clock_at(LATE)
    run("clock", "confirm", f"{TODAY:%d/%m/%Y}")
    run("settings", "fiscal-unit", str(TODAY.year), "50,00")  # 380 days: a new year
    if run("guia", "list", seed["cpf"])["debts"]:  # what the year charged (SRM Art. 50)
        run("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM anual")
    moved = run("stand", "move", seed["permit"], "2")
    assert (moved["old_stand_number"], moved["stand_number"]) == (1, 2)
    assert moved["fee"]["article"].startswith("Art. 47")
    assert moved["fee"]["amount_cents"] == 3 * 5000
    assert [s["count"] for s in run("stand", "list")] == [0, 1]


def test_stand_move_with_the_fee_l1745_art_15(cli, db_url, clock_at):
    """L1745 Art. 15: a move "desde que haja vaga", with no minimum time, for 10 UFICA."""
    clock_at(LATE)
    assert cli("--db", db_url, *INITS["l1745"])[0] == 0
    seed = _seed_permit(db_url, TODAY)
    run = Run(cli, db_url)
    run("stand", "assign", "1", seed["permit"])
    moved = run("stand", "move", seed["permit"], "2")
    assert moved["fee"]["article"] == "Art. 15" and moved["fee"]["amount_cents"] == 50000
    back = run("stand", "move", seed["permit"], "1")  # no minimum time at the stand
    assert back["stand_number"] == 1 and back["fee"]["amount_cents"] == 50000
    fees = [d for d in run("guia", "list", seed["cpf"])["debts"] if d["article"] == "Art. 15"]
    assert len(fees) == 2


def test_users_role_and_enable(srm, cli, monkeypatch):
    """A user's role changed and a disabled user re-enabled by an admin, audited; never the
    admin's own role nor the last active admin's; the re-enabled user logs in with the same
    password (the row's seal kept: services/trust/seal_refusal.py)."""
    run, _seed = srm
    run("users", "add", "ana", "--name", "Ana Fiscal Lima", "--role", "fiscal",
        "--password-stdin", stdin="senha-da-ana-1\n")
    assert run("users", "role", "ana", "supervisor")["role_label"] == "Supervisor"
    run.refused("users", "role", "ana", "chefe", code=2)
    assert "não existe" in run.refused("users", "role", "ninguem", "fiscal")
    assert "próprio perfil" in run.refused("users", "role", "admin", "fiscal")
    assert "já está ativo" in run.refused("users", "enable", "ana")
    run("users", "disable", "ana")
    monkeypatch.setenv("MOTOTAXI_USER", "ana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-ana-1")
    assert cli("--db", run.url, "search", "Sá")[0] == 1  # disabled: no login
    monkeypatch.setenv("MOTOTAXI_USER", "admin")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-forte-1")
    assert run("users", "enable", "ana")["active"]
    monkeypatch.setenv("MOTOTAXI_USER", "ana")
    monkeypatch.setenv("MOTOTAXI_PASSWORD", "senha-da-ana-1")
    assert cli("--db", run.url, "search", "Sá")[0] == 0  # same password, the row's seal holds
    err = run.refused("users", "role", "ana", "admin")
    assert "alterar o perfil de acesso de usuários" in err  # only an admin does
    open_database(run.url)
    try:
        from mototaxi_desk.store.models import AuditLog
        actions = [a.action for a in AuditLog.select().where(
            AuditLog.action.in_(("user.role", "user.enable"))).order_by(AuditLog.id)]
    finally:
        close_database()
    assert actions == ["user.role", "user.enable"]


def test_sticker_voided_and_reissued_insurance_and_receipt(srm, tmp_path):
    """The Vistorias page's "Cancelar selo"/"Reemitir selo", the Veículos page's "Seguro /
    dados" and the application's "Imprimir comprovante", by command."""
    run, seed = srm
    open_database(run.url)
    try:
        from mototaxi_desk.store.models import Permit
        plate = Permit.get_by_id(seed["permit_id"]).vehicle.plate_original
    finally:
        close_database()
    approved = run("inspection", "record", plate, "--kind", "annual")
    serial = approved["sticker_serial"]
    run.refused("inspection", "void-sticker", serial, code=2)  # the reason is required
    again = run("inspection", "reissue-sticker", serial, "--reason", "Selo danificado")
    assert again["replaces_serial"] == serial and again["serial"] != serial
    assert "Motivo" in run.refused("inspection", "void-sticker", again["serial"],
                                   "--reason", " ")
    run("inspection", "void-sticker", again["serial"], "--reason", "Perdido")
    assert "cancel" in run.refused("inspection", "void-sticker", again["serial"],
                                   "--reason", "De novo").lower()
    expiry = (TODAY + dt.timedelta(days=400)).strftime("%d/%m/%Y")
    insured = run("vehicle", "insurance", plate, "--insurer", "Seguradora Nova",
                  "--policy", "AP-77", "--insurance-expiry", expiry)
    assert (insured["insurer"], insured["insurance_policy"]) == ("Seguradora Nova", "AP-77")
    assert "Informe ao menos" in run.refused("vehicle", "insurance", plate)
    err = run.refused("vehicle", "declare", plate)  # SRM asks for no declaration
    assert "não prevê declaração" in err
    run("guia", "pay", seed["cpf"], "--all", "--receipt", "DAM 9")  # the vistoria's fee
    app = run("application", "file", seed["cpf"], "--type", "card_second_copy", "--permit",
              seed["permit"])
    pdf = tmp_path / "comprovante.pdf"
    printed = run("print", "receipt", app["protocol"], "-o", str(pdf))
    assert printed["document"] == "receipt" and pdf.read_bytes().startswith(b"%PDF")


def test_municipio_settings_of_the_configuracoes_page(srm, tmp_path):
    """Configurações: brasão, sticker size, the verifier list's age, the backups kept."""
    from mototaxi_desk.services import setup
    run, _seed = srm
    image = tmp_path / "brasao.png"
    from PySide6.QtGui import QColor, QImage
    picture = QImage(64, 64, QImage.Format.Format_RGB32)
    picture.fill(QColor("darkgreen"))
    assert picture.save(str(image))
    assert run("settings", "brasao", str(image))["brasao"]
    assert not run("settings", "brasao", "--remove")["brasao"]
    (tmp_path / "nada.png").write_bytes(b"nada")
    run.refused("settings", "brasao", str(tmp_path / "nada.png"))
    run.refused("settings", "brasao", code=2)
    assert run("settings", "sticker-size", "100", "70") == {"width_mm": 100, "height_mm": 70}
    assert "Largura" in run.refused("settings", "sticker-size", "0", "70")
    assert run("settings", "verifier-age", "5")["max_age_days"] == 5
    run.refused("settings", "verifier-age", "0")
    kept = run("settings", "backups", "--keep-daily", "10", "--keep-monthly", "6",
               "--automatic", "nao")
    assert kept == {"keep_daily": 10, "keep_monthly": 6, "automatic": False}
    assert "1 a 366" in run.cli("--db", run.url, "settings", "backups", "--keep-daily", "0",
                                "--keep-monthly", "6", "--automatic", "sim")[2]
    open_database(run.url)
    try:
        assert setup.settings().sticker_width_mm == 100
    finally:
        close_database()


def test_photo_and_reports_by_command(srm, tmp_path):
    """The record's "Foto…" (a framed JPEG or PNG) and the Relatórios page (run, CSV, XLSX,
    PDF; the export audited as the page's is)."""
    from PySide6.QtGui import QColor, QImage
    run, seed = srm
    image = tmp_path / "foto.jpg"
    picture = QImage(300, 400, QImage.Format.Format_RGB32)
    picture.fill(QColor("grey"))
    assert picture.save(str(image), "JPEG")
    assert run("person", "photo", seed["cpf"], str(image))["has_photo"]
    (tmp_path / "texto.jpg").write_text("não é imagem")
    assert "JPEG ou PNG" in run.refused("person", "photo", seed["cpf"],
                                        str(tmp_path / "texto.jpg"))
    keys = [k["key"] for k in run("report", "list")]
    assert "permits_by_stand" in keys and "fines" in keys
    shown = run("report", "permits_by_stand")
    assert shown["total"] == 1 and shown["columns"] and len(shown["rows"]) == 1
    period = ["--from", f"01/01/{TODAY.year}", "--to", f"31/12/{TODAY.year}"]
    for suffix, magic in (("csv", b""), ("xlsx", b"PK"), ("pdf", b"%PDF")):
        out = tmp_path / f"multas.{suffix}"
        run("report", "fines", *period, "-o", str(out))
        assert out.read_bytes().startswith(magic) and out.stat().st_size > 0
    assert "Período" in run.refused("report", "fines", "--from", "31/12/2026", "--to",
                                    "01/01/2026")
    assert "relatório desconhecido" in run.refused("report", "nada")
    assert ".csv, .xlsx ou .pdf" in run.refused("report", "fines", *period, "-o",
                                               str(tmp_path / "multas.txt"))
    open_database(run.url)
    try:
        from mototaxi_desk.store.models import AuditLog
        assert AuditLog.select().where(AuditLog.action == "report.export").count() == 3
    finally:
        close_database()


def test_notify_and_record_refuse_a_means_the_law_does_not_admit_srm_art_34_par_2(srm, cli,
                                                                                 tmp_path):
    """A wording of SRM Art. 34 §2º adopted from today that notifies by post or in the
    Diário Oficial: `notice notify --channel in_person` and `notice record --channel
    in_person` are refused naming the field and the article, nothing written."""
    run, seed = srm
    text = PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")
    path = tmp_path / f"{SRM}.toml"
    path.write_text(text.replace('notification_means = ["in_person", "post", "gazette"]',
                                 'notification_means = ["post", "gazette"]', 1),
                    encoding="utf-8")
    adopted, _, err = cli("--db", run.url, "profiles", "adopt", str(path), "--from",
                          f"{TODAY:%d/%m/%Y}")
    assert adopted == 0, err
    code = load_profile(SRM).infractions[0].code
    notice = _notice(run, seed, code)["number"]
    err = run.refused("notice", "notify", notice, "--on", f"{TODAY:%d/%m/%Y}", "--channel",
                      "in_person")
    assert "Meio de notificação" in err and "(Art. 34 §2º)" in err
    assert "use via postal com recibo ou Diário Oficial do Município" in err
    err = run.refused("notice", "record", "--permit", seed["permit"], "--infraction", code,
                      "--at", f"{TODAY:%d/%m/%Y} 09:00", "--place", "Praça da Matriz",
                      "--agent", "José Fiscal Souza", "--registration", "M-77",
                      "--notified-on", f"{TODAY:%d/%m/%Y}", "--channel", "in_person")
    assert "Meio de notificação" in err and "(Art. 34 §2º)" in err
    done = run("notice", "notify", notice, "--on", f"{TODAY:%d/%m/%Y}", "--channel", "post")
    assert done["notification_channel"] == "post"

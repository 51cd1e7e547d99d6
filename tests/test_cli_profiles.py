"""`mototaxi-desk profiles list|check|adopt|versions` (issue #13)."""
from __future__ import annotations

import json
from pathlib import Path

from mototaxi_desk import profile_files
from mototaxi_desk.domain.profiles import PROFILES_DIR

from .test_cli import INIT

SRM = "sao-raimundo-das-mangabeiras-2019"
SRM_TEXT = PROFILES_DIR.joinpath(f"{SRM}.toml").read_text(encoding="utf-8")


def _own_file(name: str, text: str):
    folder = profile_files.data_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_list_shows_a_broken_file_with_its_errors_and_every_good_one(cli):
    _own_file("quebrado-2026", SRM_TEXT.replace(f'id = "{SRM}"', 'id = "quebrado-2026"')
              .replace("min_age = 21", "min_agee = 21"))
    code, out, err = cli("profiles", "list")
    assert code == 0 and err == ""
    assert "quebrado-2026" in out and "COM ERRO" in out
    assert "chave 'holder.min_agee': chave desconhecida; quis dizer 'min_age'?" in out
    for shipped in ("lei-1745-2011", "porto-feliz-2017", SRM):
        assert any(line.startswith(shipped) and "COM ERRO" not in line
                   for line in out.splitlines())
    code, out, _ = cli("--json", "profiles", "list")
    rows = {(r["id"], r["origin"]): r for r in json.loads(out)}
    assert not rows[("quebrado-2026", profile_files.DATA_FOLDER)]["ok"]
    assert rows[(SRM, profile_files.SHIPPED)]["ok"]


def test_check_lists_every_problem_with_lines_and_exit_1(cli, tmp_path):
    path = tmp_path / f"{SRM}.toml"
    path.write_text(SRM_TEXT.replace('uf = "MA"', 'uf = "XYZ"')
                    .replace("validity_months = 60", "validity_months = 0"), encoding="utf-8")
    code, out, err = cli("profiles", "check", str(path))
    assert code == 1 and out == ""
    assert err.startswith(f"Erro: Perfil {SRM}.toml: 2 problemas encontrados:")
    assert "linha " in err and "'profile.uf'" in err and "'permit.validity_months'" in err
    good = tmp_path / "ok" / f"{SRM}.toml"
    good.parent.mkdir()
    good.write_text(SRM_TEXT, encoding="utf-8")
    code, out, _ = cli("profiles", "check", str(good))
    assert code == 0 and "nenhum problema encontrado" in out
    code, _, err = cli("profiles", "check", str(tmp_path / "nada.toml"))
    assert code == 1 and "não encontrado" in err


def test_adopt_and_versions_from_the_command_line(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    path = _own_file(SRM, SRM_TEXT.replace("max_age_years = 6", "max_age_years = 8"))
    code, out, _ = cli("--db", sqlite_db, "profiles", "versions")
    assert code == 0 and "versão   1" in out and "vigente desde a instalação" in out
    assert f"Arquivo {path}: difere da versão em vigor; não adotado" in out
    code, out, err = cli("--db", sqlite_db, "profiles", "adopt", str(path), "--from",
                         "01/01/2026")
    assert code == 0, err
    assert f"Versão 2 do perfil {SRM} adotada, em vigor a partir de 01/01/2026" in out
    code, out, _ = cli("--db", sqlite_db, "profiles", "versions")
    assert "vigente desde 01/01/2026" in out and "(é a versão 2)" not in out
    code, out, _ = cli("--db", sqlite_db, "--json", "settings", "show")
    assert json.loads(out)["numbers"]["vehicle.max_age_years"] == 8
    code, _, err = cli("--db", sqlite_db, "profiles", "adopt", str(path), "--from", "02/01/2026")
    assert code == 1 and "igual ao da versão em vigor" in err


def test_init_from_the_municipios_own_file(cli, sqlite_db, tmp_path):
    """A município's own law: a file in the data folder (or any path) is chosen at init."""
    text = SRM_TEXT.replace(f'id = "{SRM}"', 'id = "nova-cidade-2026"')
    path = tmp_path / "nova-cidade-2026.toml"
    path.write_text(text, encoding="utf-8")
    args = list(INIT)
    args[args.index("--profile") + 1] = str(path)
    code, out, err = cli("--db", sqlite_db, *args)
    assert code == 0, err
    assert "perfil nova-cidade-2026" in out


def test_self_test_runs_on_the_databases_own_profile(cli, sqlite_db, tmp_path):
    """Issue #13 item 5: on the version in force in the município's database, read from
    that database (here an adopted wording no file on this machine has)."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    path = tmp_path / f"{SRM}.toml"
    path.write_text(SRM_TEXT.replace("max_age_years = 6", "max_age_years = 8"), encoding="utf-8")
    assert cli("--db", sqlite_db, "profiles", "adopt", str(path), "--from", "01/01/2026")[0] == 0
    path.unlink()
    code, out, err = cli("--db", sqlite_db, "--json", "self-test")
    report = json.loads(out)
    assert report["profiles"] == [f"{SRM} (versão 2 do banco)"], err
    assert all(c["ok"] for c in report["checks"] if c["name"] != "sem Qt"), \
        [c for c in report["checks"] if not c["ok"]]
    code, out, _ = cli("--db", sqlite_db, "--json", "self-test", "--profile", "lei-1745-2011")
    assert json.loads(out)["profiles"] == ["lei-1745-2011"]


def test_self_test_without_a_database_runs_every_shipped_profile(cli, tmp_path):
    code, out, _ = cli("--db", str(tmp_path / "nenhum.db"), "--json", "self-test")
    report = json.loads(out)
    assert report["profiles"] == profile_files.profiles.available_profiles()
    assert all(c["ok"] for c in report["checks"] if c["name"] != "sem Qt"), \
        [c for c in report["checks"] if not c["ok"]]
    assert not (tmp_path / "nenhum.db").exists()


# --- issue 35: formats, upgrade notices, --upgrade -o --------------------------------------

HISTORY = Path(__file__).resolve().parent / "profiles" / "history"
RELEASE_0_1_0_SRM = HISTORY / "6e9dc85" / f"{SRM}.toml"


def test_check_of_an_earlier_format_lists_the_notices_and_exits_0(cli, tmp_path):
    path = tmp_path / f"{SRM}.toml"
    path.write_bytes(RELEASE_0_1_0_SRM.read_bytes())
    code, out, err = cli("profiles", "check", str(path))
    assert code == 0 and err == ""
    assert "nenhum problema encontrado" in out
    assert ("Formato anterior: 15 avisos da atualização para o formato atual (o arquivo não "
            "foi alterado):") in out
    assert "chave 'vehicle.owner_rule': acrescentada (formato 11) com o valor \"holder\"" in out
    code, out, _ = cli("--json", "profiles", "check", str(path))
    report = json.loads(out)
    assert len(report["notices"]) == 15 and report["upgraded_file"] is None
    assert path.read_bytes() == RELEASE_0_1_0_SRM.read_bytes()


def test_upgrade_writes_another_file_and_keeps_the_original(cli, tmp_path):
    original = tmp_path / f"{SRM}.toml"
    original.write_bytes(RELEASE_0_1_0_SRM.read_bytes())
    target = tmp_path / "novo" / f"{SRM}.toml"
    target.parent.mkdir()
    code, out, err = cli("profiles", "check", str(original), "--upgrade", "-o", str(target))
    assert code == 0, err
    assert f"Perfil atualizado gravado em {target} (formato 15" in out
    assert original.read_bytes() == RELEASE_0_1_0_SRM.read_bytes()
    new = target.read_text(encoding="utf-8")
    assert new.count("\nformat = 15") == 1
    assert "# auto insubsistente, penalidades e medidas desconstituídas" not in new  # dropped
    assert "# Art. 38 sets no period: every infraction of the holder" in new  # comments kept
    code, out, _ = cli("profiles", "check", str(target))
    assert code == 0 and "aviso" not in out
    code, out, _ = cli("profiles", "check", str(target), "--upgrade", "-o",
                       str(tmp_path / "outro.toml"))
    assert code == 0 and "já está no formato atual (15): nada a atualizar" in out
    assert not (tmp_path / "outro.toml").exists()


def test_upgrade_never_overwrites_the_original(cli, tmp_path):
    original = tmp_path / f"{SRM}.toml"
    original.write_bytes(RELEASE_0_1_0_SRM.read_bytes())
    same = tmp_path / "x" / ".." / f"{SRM}.toml"
    for target in (original, same):
        code, out, err = cli("profiles", "check", str(original), "--upgrade", "-o", str(target))
        assert code == 1 and out == ""
        assert "precisa ir para outro arquivo" in err and "Nada foi gravado" in err
    code, _, err = cli("profiles", "check", str(original), "--upgrade")
    assert code == 1 and "--upgrade -o NOVO_ARQUIVO" in err
    code, _, err = cli("profiles", "check", str(original), "-o", str(tmp_path / "y.toml"))
    assert code == 1 and "-o só vale com --upgrade" in err
    assert original.read_bytes() == RELEASE_0_1_0_SRM.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{SRM}.toml"]


def test_a_newer_format_is_refused_by_check_and_init(cli, tmp_path, sqlite_db):
    path = tmp_path / f"{SRM}.toml"
    path.write_text(SRM_TEXT.replace("format = 15", "format = 16"), encoding="utf-8")
    code, out, err = cli("profiles", "check", str(path))
    assert code == 1 and out == ""
    assert ("este perfil usa o formato 16; este programa conhece até o formato 15: atualize "
            "o Mototáxi Desk") in err
    args = list(INIT)
    args[args.index("--profile") + 1] = str(path)
    code, _, err = cli("--db", sqlite_db, *args)
    assert code == 1 and "atualize o Mototáxi Desk" in err
    assert not Path(sqlite_db).exists()


def test_init_and_adopt_take_an_earlier_format_and_show_its_notices(cli, tmp_path, sqlite_db):
    path = tmp_path / f"{SRM}.toml"
    path.write_bytes(RELEASE_0_1_0_SRM.read_bytes())
    args = list(INIT)
    args[args.index("--profile") + 1] = str(path)
    code, out, err = cli("--db", sqlite_db, *args)
    assert code == 0, err
    assert (f"Perfil {path}: 15 avisos da atualização para o formato atual (o texto é "
            "guardado como está):") in out
    code, out, _ = cli("--db", sqlite_db, "profiles", "versions")
    assert "(escrita no formato 1: atualizada na leitura, o texto guardado não muda)" in out
    amended = tmp_path / "novo" / f"{SRM}.toml"
    amended.parent.mkdir()
    amended.write_text(path.read_text(encoding="utf-8").replace(
        "max_age_years = 6", "max_age_years = 7", 1), encoding="utf-8")
    code, out, err = cli("--db", sqlite_db, "profiles", "adopt", str(amended), "--from",
                         "01/01/2027")
    assert code == 0, err
    assert "15 avisos da atualização" in out and "Versão 2 do perfil" in out
    code, out, _ = cli("--db", sqlite_db, "check")
    assert code == 0 and "íntegro" in out


def test_adopt_preview_shows_the_changes_with_their_articles_and_writes_nothing(cli,
                                                                               sqlite_db):
    """Issue 35 item 2: the command shows what the window's dialog shows — each rule that
    changes against the version in force, with its article (SRM Art. 19: the vehicle's age,
    6 years) — and with --preview adopts nothing."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    path = _own_file(SRM, SRM_TEXT.replace("max_age_years = 6", "max_age_years = 8"))
    code, out, err = cli("--db", sqlite_db, "profiles", "adopt", str(path), "--from",
                         "01/01/2026", "--preview")
    assert code == 0, err
    assert ("1 alteração em relação à versão 1 (Projeto de Lei nº 002/2019, em vigor desde a "
            "instalação):") in out
    assert "  Veículo, idade máxima do veículo (anos): 6 → 8 (Art. 19)" in out
    assert "Nada foi gravado (--preview): sem --preview, o arquivo é adotado como versão 2, " \
           "em vigor a partir de 01/01/2026." in out
    code, out, _ = cli("--db", sqlite_db, "profiles", "versions")
    assert "versão   2" not in out
    code, out, err = cli("--db", sqlite_db, "profiles", "adopt", str(path), "--from",
                         "01/01/2026")
    assert code == 0, err
    assert "  Veículo, idade máxima do veículo (anos): 6 → 8 (Art. 19)" in out
    assert f"Versão 2 do perfil {SRM} adotada" in out


def test_another_laws_file_needs_the_law_it_replaces_named(cli, sqlite_db, tmp_path):
    """Issue 37 item 5: a file of another law is refused as a new version of the law in
    force, naming both; adopted with --replaces-law naming the law in force."""
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    other = tmp_path / "lei-1745-2011.toml"
    other.write_text(PROFILES_DIR.joinpath("lei-1745-2011.toml").read_text(encoding="utf-8"),
                     encoding="utf-8")
    code, out, err = cli("--db", sqlite_db, "profiles", "adopt", str(other), "--from",
                         "01/01/2026")
    assert code == 1 and out == ""
    assert "é de outra lei: Lei Ordinária nº 1.745, de 22 de agosto de 2011" in err
    assert f"a lei em vigor é Projeto de Lei nº 002/2019 (perfil {SRM})" in err
    code, out, err = cli("--db", sqlite_db, "profiles", "adopt", str(other), "--from",
                         "01/01/2026", "--replaces-law", SRM)
    assert code == 0, err
    assert "Versão 2 do perfil lei-1745-2011 adotada" in out


def test_settings_warns_of_a_fiscal_unit_far_from_the_usual_issue_36(cli, municipio, db_url):
    """A value 26 times the year before is kept (a município may mean it) and said in a
    warning line, in the text and in --json (domain/usual_ranges.py)."""
    import datetime as dt
    year = dt.date.today().year + 1
    code, out, err = cli("--db", db_url, "settings", "fiscal-unit", str(year), "1.234,00")
    assert code == 0, err
    assert (f"Aviso: Unidade fiscal de {year}: R$ 1.234,00 é 26 vezes o valor de {year - 1} "
            "(R$ 48,26); confira o valor.") in out
    code, out, _ = cli("--db", db_url, "--json", "settings", "show")
    assert code == 0 and len(json.loads(out)["warnings"]) == 1
    assert cli("--db", db_url, "settings", "fiscal-unit", str(year), "50,00")[0] == 0
    code, out, _ = cli("--db", db_url, "--json", "settings", "show")
    assert code == 0 and json.loads(out)["warnings"] == []


MEANS = 'notification_means = ["in_person", "post", "gazette"]'


def test_check_refuses_email_and_an_empty_or_unknown_means_of_notification(cli, tmp_path):
    """defence.notification_means (SRM Art. 34 §2º): at least one known means; 'email' is
    refused because the program does not record a notification by e-mail — accepting it
    would be a key the program ignores (an e-mailed notice stays awaiting notification)."""
    path = tmp_path / f"{SRM}.toml"
    for means, said in (('["post", "email"]', "'defence.notification_means[2]'"),
                        ("[]", "'defence.notification_means': informe pelo menos um"),
                        ('["fax"]', "'defence.notification_means[1]'"),
                        ('["post", "post"]', "'defence.notification_means[2]'")):
        path.write_text(SRM_TEXT.replace(MEANS, f"notification_means = {means}", 1),
                        encoding="utf-8")
        code, out, err = cli("profiles", "check", str(path))
        assert code == 1 and out == "", means
        assert said in err and "1 problema encontrado" in err, (means, err)
    path.write_text(SRM_TEXT.replace(MEANS, 'notification_means = ["email"]', 1),
                    encoding="utf-8")
    _, _, err = cli("profiles", "check", str(path))
    assert "este programa ainda não registra notificação por e-mail" in err
    path.write_text(SRM_TEXT.replace(MEANS, 'notification_means = ["fax"]', 1),
                    encoding="utf-8")
    assert "'fax' não é um de: in_person, post, gazette" in cli("profiles", "check",
                                                                       str(path))[2]

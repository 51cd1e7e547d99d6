"""`mototaxi-desk profiles list|check|adopt|versions` (issue #13)."""
from __future__ import annotations

import json

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

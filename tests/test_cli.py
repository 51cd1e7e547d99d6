"""The mototaxi-desk command: exit codes 0 ok, 1 refused or bad input, 2 usage; never a
traceback; nothing half-created."""
import json
import subprocess
import sys


INIT = ["init", "--profile", "sao-raimundo-das-mangabeiras-2019", "--municipio",
        "São Raimundo das Mangabeiras", "--uf", "MA", "--ibge", "2111102",
        "--population", "18540", "--fiscal-unit-value", "48,26", "--admin-password-stdin"]


def test_init_then_again_refused(cli, sqlite_db):
    code, out, _ = cli("--db", sqlite_db, *INIT)
    assert code == 0 and "Limite de permissões: 61" in out
    code, _, err = cli("--db", sqlite_db, *INIT)
    assert code == 1 and "já foi configurado" in err and len(err.strip().splitlines()) == 1


def test_init_with_bad_input_creates_no_file(cli, tmp_path):
    db = tmp_path / "novo.db"
    for bad in (["--uf", "ZZ"], ["--profile", "inexistente"], ["--ibge", "12"]):
        args = list(INIT)
        args[args.index(bad[0]) + 1] = bad[1]
        code, _, err = cli("--db", str(db), *args)
        assert code == 1 and err.startswith("Erro:"), err
        assert not db.exists()
    code, _, err = cli("--db", str(db), *INIT, stdin="curta\n")
    assert code == 1 and "Senha do administrador" in err and not db.exists()


def test_malformed_db_url_and_unreachable_postgres(cli):
    code, _, err = cli("--db", "mysql://a@b/c", "search", "x")
    assert code == 1 and "não suportado" in err
    code, _, err = cli("--db", "postgresql://postgres@127.0.0.1:1/x", *INIT)
    assert code == 1 and "PostgreSQL" in err and len(err.strip().splitlines()) == 1


def test_read_only_data_folder(cli, tmp_path, monkeypatch):
    from mototaxi_desk.store import connection
    monkeypatch.setattr(connection.os, "access", lambda path, mode: False)
    code, _, err = cli("--db", str(tmp_path / "ro" / "m.db"), *INIT)
    assert code == 1 and "somente leitura" in err
    assert not (tmp_path / "ro" / "m.db").exists()


def test_commands_before_init_say_so(cli, sqlite_db):
    code, _, err = cli("--db", sqlite_db, "demo", "--holders", "3")
    assert code == 1 and "init" in err


def test_usage_errors_exit_2(cli):
    assert cli("voar")[0] == 2
    assert cli("init")[0] == 2
    assert cli("users", "add", "x", "--role", "rei", "--name", "X")[0] == 2


def test_demo_search_users_profiles_json(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT, "--demo-database")[0] == 0
    code, out, _ = cli("--db", sqlite_db, "--json", "demo", "--holders", "12")
    assert code == 0 and json.loads(out)["holders"] == 12
    from mototaxi_desk.store.migrations import close_database, open_database
    from mototaxi_desk.store.models import Person, Vehicle
    open_database(sqlite_db)
    person = Person.select().first()
    vehicle = Vehicle.select().first()
    close_database()
    code, out, _ = cli("--db", sqlite_db, "--json", "search", person.cpf[:3] + "." + person.cpf[3:6])
    assert code == 0 and person.id in [h["person_id"] for h in json.loads(out)]
    code, out, _ = cli("--db", sqlite_db, "search", *person.name.split()[:2])
    assert code == 0 and person.name in out
    from mototaxi_desk.domain.validators import old_plate
    other = old_plate(vehicle.plate) if vehicle.plate_original == vehicle.plate else vehicle.plate
    code, out, _ = cli("--db", sqlite_db, "--json", "search", other)
    assert vehicle.id in [h.get("vehicle_id") for h in json.loads(out)]
    assert cli("--db", sqlite_db, "search", "zzzzzz")[1].strip() == "Nada encontrado."

    code, out, _ = cli("--db", sqlite_db, "users", "add", "maria", "--name", "Maria Sá",
                       "--role", "fiscal", "--password-stdin", stdin="senha-da-maria\n")
    assert code == 0 and "Fiscal" in out
    code, out, _ = cli("--db", sqlite_db, "--json", "users", "list")
    assert {u["login"] for u in json.loads(out)} >= {"admin", "maria", "atendente"}
    assert cli("--db", sqlite_db, "users", "disable", "maria")[0] == 0
    code, _, err = cli("--db", sqlite_db, "users", "disable", "ninguem")
    assert code == 1 and "não existe" in err
    code, out, _ = cli("--json", "profiles", "list")
    assert [p["short_name"] for p in json.loads(out)] == ["L1745", "PF", "SRM"]


def test_env_var_selects_database(cli, tmp_path, monkeypatch):
    target = tmp_path / "pelo-ambiente.db"
    monkeypatch.setenv("MOTOTAXI_DB", f"sqlite:///{target}")
    assert cli(*INIT)[0] == 0
    assert target.exists()


def test_self_test_passes_without_qt(tmp_path):
    """Run as a separate process so that no Qt module from other tests is loaded. One
    profile (the one with the most parts of the law: auxiliaries, interruption, waiting
    list): every shipped profile runs in-process in test_cli_profiles.py, and the import
    contract "nothing below the GUI imports Qt" (pyproject.toml) holds for all the code."""
    result = subprocess.run([sys.executable, "-m", "mototaxi_desk", "--json", "self-test",
                             "--profile", "sao-raimundo-das-mangabeiras-2019"],
                            capture_output=True, text=True, timeout=120,
                            env={"MOTOTAXI_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] and any(c["name"] == "sem Qt" for c in report["checks"])
    # the temporary database's audit checkpoints stayed in its temporary folder
    assert not list(tmp_path.rglob("auditoria-marco-*"))


def test_entry_point_script_is_installed():
    import shutil
    from pathlib import Path
    script = Path(sys.executable).parent / "mototaxi-desk"
    assert script.exists() or shutil.which("mototaxi-desk")


def test_settings_show_and_set(cli, sqlite_db):
    assert cli("--db", sqlite_db, *INIT)[0] == 0
    code, out, _ = cli("--db", sqlite_db, "settings", "set", "stand.max_vehicles", "12")
    assert code == 0 and "stand.max_vehicles" in out and "(alterado)" in out
    code, out, _ = cli("--db", sqlite_db, "--json", "settings", "fiscal-unit", "2027", "51,00")
    assert code == 0 and json.loads(out)["fiscal_unit_values"]["2027"] == 5100
    code, _, err = cli("--db", sqlite_db, "settings", "set", "stand.inexistente", "1")
    assert code == 1 and "stand.inexistente" in err

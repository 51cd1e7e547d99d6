"""Small lies at the command line (issue 34 item 10): a CPF written with a minus sign, an
empty --db or MOTOTAXI_DB. Each refused with its exit code and a Portuguese line naming the
field, nothing written, no traceback (the `cli` fixture checks that). `guia pay` and years
written "2.022": tests/test_cli_licensing.py; db-grants: tests/store/test_pg_least_privilege."""
import pytest

from mototaxi_desk import config

from .test_cli import INIT
from .test_cli_licensing import _counts

CPF = "52998224725"


@pytest.fixture
def town(cli, migrated_db_url):
    db_url = migrated_db_url  # init only sets the scene here
    code, _, err = cli("--db", db_url, *INIT)
    assert code == 0, err
    assert cli("--db", db_url, "stand", "list")[0] == 0  # today's tick is done
    return db_url


@pytest.mark.parametrize("written", [f"-{CPF}", f"{CPF}-", f".{CPF}", "529.982.247-25."])
def test_a_cpf_with_a_sign_or_a_loose_separator_is_refused(cli, town, written):
    """'-52998224725' was read as 52998224725 (the minus dropped as a mask's dash)."""
    before = _counts(town)
    code, out, err = cli("--db", town, "person", "add", written, "--name", "Ana Sá")
    assert code == 1 and out == ""
    assert err == ("Erro: CPF: o CPF deve começar e terminar com um algarismo (sem sinal "
                   "nem separador nas pontas).\n")
    assert _counts(town) == before
    code, _, err = cli("--db", town, "guia", "list", written)
    assert code == 1 and "CPF: o CPF deve começar e terminar com um algarismo" in err


def test_a_masked_cpf_is_still_taken(cli, town):
    code, _, err = cli("--db", town, "person", "add", " 529.982.247-25 ", "--name", "Ana Sá")
    assert code == 0, err


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_db_is_refused_not_taken_for_the_default(cli, town, empty):
    """`--db ""` (a script's unset variable) opened the default database in silence."""
    default = config.default_db_path()
    before = _counts(town)
    for args in (["--db", empty, "search", "silva"], [f"--db={empty}", "person", "add", CPF,
                                                      "--name", "Ana Sá"]):
        code, out, err = cli(*args)
        assert code == 2 and out == ""
        assert err.splitlines()[-1] == (
            "mototaxi-desk: erro de uso: argumento --db: vazio; informe o arquivo do banco de "
            "dados ou o endereço postgresql://... (para o banco padrão, da pasta de dados, "
            "omita --db).")
    assert not default.exists()  # the default database was neither opened nor made
    assert _counts(town) == before


def test_an_empty_mototaxi_db_is_refused(cli, monkeypatch):
    monkeypatch.setenv("MOTOTAXI_DB", "")
    code, out, err = cli("search", "silva")
    assert code == 1 and out == ""
    assert err.startswith("Erro: MOTOTAXI_DB: vazio;") and "remova a variável" in err
    assert not config.default_db_path().exists()


def test_the_window_is_not_opened_on_an_empty_database_setting(cli, monkeypatch):
    """Without a command the program opens the window: not on the default database when
    --db or MOTOTAXI_DB is empty."""
    from mototaxi_desk.gui import app

    def no_window(*args, **kwargs):
        raise AssertionError("the window was opened")
    monkeypatch.setattr(app, "run_gui", no_window)
    code, _, err = cli("--db", "")
    assert code == 2 and "argumento --db: vazio" in err
    monkeypatch.setenv("MOTOTAXI_DB", " ")
    code, _, err = cli()
    assert code == 1 and err.startswith("Erro: MOTOTAXI_DB: vazio;")


@pytest.mark.parametrize("args, field", [
    (["print", "guia", "2026/²", "-o", "guia.pdf"], "Nº da guia"),
    (["application", "show", "2026/¹²"], "Protocolo"),
])
def test_a_number_with_a_superscript_digit_is_refused_not_a_crash(cli, town, args, field):
    """str.isdigit() takes '²', which int() refuses: it ended in 'Erro interno inesperado'."""
    code, out, err = cli("--db", town, *args)
    assert code == 1 and out == "" and err.startswith(f"Erro: {field}: use o formato AAAA/")

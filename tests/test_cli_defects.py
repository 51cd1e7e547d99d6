"""Small lies at the command line (issue 34 item 10): a CPF written with a minus sign. Each refused with its exit code and a Portuguese line naming the
field, nothing written, no traceback (the `cli` fixture checks that). `guia pay` and years
written "2.022": tests/test_cli_licensing.py; db-grants: tests/store/test_pg_least_privilege."""
import pytest

from .test_cli import INIT
from .test_cli_licensing import _counts

CPF = "52998224725"


@pytest.fixture
def town(cli, db_url):
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

"""A command on PostgreSQL whose connection the server drops (issue 34 item 9): cut in the
middle of its write it ends with the Portuguese message and exit code 1, never a traceback,
with nothing of it written; dropped between the login and the action, it runs on a new
connection. Only the test's own backend is ended (tests/dropped.py)."""
import pytest

from mototaxi_desk.services import audit
from mototaxi_desk.services.register import stands
from mototaxi_desk.store.migrations import close_database, open_database

from .conftest import BACKENDS, row_counts
from .dropped import dropping_before
from .test_cli import INIT

pytestmark = pytest.mark.parametrize("db_url", [BACKENDS[1]], indirect=True)  # or skipped

LOST = "A conexão com o servidor caiu; a operação não foi gravada — tente de novo."
CREATE = ("stand", "create", "--number", "1", "--name", "Praça da Matriz", "--location",
          "Centro")


def _counts(url) -> dict:
    open_database(url)
    try:
        return row_counts()
    finally:
        close_database()


@pytest.fixture
def town(cli, db_url):
    assert cli("--db", db_url, *INIT)[0] == 0
    assert cli("--db", db_url, "stand", "list")[0] == 0  # today's tick done: counts stay
    return db_url


def test_a_command_cut_mid_write_says_so_writes_nothing_and_the_next_one_works(
        cli, town, monkeypatch):
    before = _counts(town)
    with monkeypatch.context() as patch:
        ended = dropping_before(patch, audit, "record",
                                when=lambda actor, action, *a, **k: action == "stand.create")
        code, out, err = cli("--db", town, *CREATE)  # the fixture: no traceback
    assert ended
    assert (code, out, err.strip()) == (1, "", f"Erro: {LOST}")
    assert _counts(town) == before
    code, out, err = cli("--db", town, *CREATE)
    assert code == 0 and "Ponto 01" in out, err


def test_a_command_whose_connection_dropped_after_the_login_runs_on_a_new_one(
        cli, town, monkeypatch):
    with monkeypatch.context() as patch:
        ended = dropping_before(patch, stands, "create_stand")
        code, out, err = cli("--db", town, *CREATE)
    assert ended
    assert code == 0 and "Ponto 01" in out, err
